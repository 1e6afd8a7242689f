/* test-symbol-spool.c: the directional valves' symbols (src/app/editor/:
 * mf-symbol-spool.c, mf-spool-pose.c) — each centre of a 4/3 valve, the
 * squares moved by the spool, and the pose read from a document — drawn on
 * image surfaces, no display needed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-drawing.h"
#include "mf-spool-pose.h"
#include "mf-symbol.h"
#include "mf-test-edit.h"

/* Pixels per canvas unit, and the picture: the symbol's centre in the
 * middle of 1200 × 400 pixels, room for a 4/3 valve moved a square either
 * way (its body 40 + 120 + 10 units from the centre). */
#define SCALE 4.0
#define WIDTH 1200
#define HEIGHT 400

typedef struct
{
  cairo_surface_t *surface;
  cairo_t         *cr;
} Picture;

/* White paper, canvas units of SCALE pixels with the origin in the middle. */
static void
picture_begin (Picture *picture)
{
  picture->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  picture->cr = cairo_create (picture->surface);
  cairo_set_source_rgb (picture->cr, 1, 1, 1);
  cairo_paint (picture->cr);
  cairo_translate (picture->cr, WIDTH / 2.0, HEIGHT / 2.0);
  cairo_scale (picture->cr, SCALE, SCALE);
}

/* `type` with `pose`, black on white. */
static void
picture_draw (Picture            *picture,
              MfComponentType     type,
              const MfSymbolPose *pose)
{
  MfSymbolStyle style = { { 0, 0, 0, 1 }, { 1, 1, 1, 1 }, { 1, 0, 0, 1 }, 1.5, *pose };

  picture_begin (picture);
  mf_symbol_draw (picture->cr, type, 0, &style);
  cairo_surface_flush (picture->surface);
}

static void
picture_clear (Picture *picture)
{
  cairo_destroy (picture->cr);
  cairo_surface_destroy (picture->surface);
}

/* Whether a dark pixel lies within a pixel of the symbol's point (x, y),
 * in canvas units from its centre. */
static gboolean
ink_at (Picture *picture,
        double   x,
        double   y)
{
  const guint8 *data = cairo_image_surface_get_data (picture->surface);
  int stride = cairo_image_surface_get_stride (picture->surface);
  int px = (int) round (WIDTH / 2.0 + x * SCALE), py = (int) round (HEIGHT / 2.0 + y * SCALE);

  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      {
        /* ARGB32 in native byte order: the green byte is dark in black ink */
        guint32 value = *(const guint32 *) (data + (py + dy) * stride + 4 * (px + dx));

        if (((value >> 8) & 0xff) < 128)
          return TRUE;
      }
  return FALSE;
}

/* The centre square sits under the ports (x from −20 to 20), P below at
 * x = −10, T below at 10, A above at −10, B above at 10; the square's half
 * height is 14 and a blocked port's stem ends in a bar 6 units in.  So a
 * joined port's stem passes through (x, ±5), where a blocked one leaves
 * paper, and the line across the joined ports passes through (0, 0).  Each
 * centre joins (docs/model.md, "Directional valves"):
 *   closed: nothing; open: P, T, A, B; tandem: P, T; float: T, A, B. */
static void
test_centres (void)
{
  static const struct
  {
    MfCentre centre;
    gboolean p, t, a, b, across;
  } cases[] = {
    { MF_CENTRE_CLOSED, FALSE, FALSE, FALSE, FALSE, FALSE },
    { MF_CENTRE_OPEN, TRUE, TRUE, TRUE, TRUE, TRUE },
    { MF_CENTRE_TANDEM, TRUE, TRUE, FALSE, FALSE, TRUE },
    { MF_CENTRE_FLOAT, FALSE, TRUE, TRUE, TRUE, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MfSymbolPose pose = { FALSE, cases[i].centre, 0 };
      Picture picture;

      g_test_message ("centre %d", cases[i].centre);
      picture_draw (&picture, MF_COMPONENT_VALVE_4_3, &pose);
      g_assert_cmpint (ink_at (&picture, -10, 5), ==, cases[i].p);
      g_assert_cmpint (ink_at (&picture, 10, 5), ==, cases[i].t);
      g_assert_cmpint (ink_at (&picture, -10, -5), ==, cases[i].a);
      g_assert_cmpint (ink_at (&picture, 10, -5), ==, cases[i].b);
      g_assert_cmpint (ink_at (&picture, 0, 0), ==, cases[i].across);
      /* a blocked port's bar, 8 units from the middle, 3 beside its column */
      g_assert_cmpint (ink_at (&picture, -13, 8), ==, !cases[i].p);
      g_assert_cmpint (ink_at (&picture, 13, -8), ==, !cases[i].b);
      picture_clear (&picture);
    }
}

/* The body moves 40 · s to the right under ports that stay: at s = +1 the
 * left square (P→A, B→T: the spool at +1) is under the ports, at −1 the
 * right one (crossed).  At rest a 4/3 valve's square edges stand at x =
 * −60, −20, 20, 60; at s they stand 40 · s further right — −1: −100, −60,
 * −20, 20; 0.5: −40, 0, 40, 80; 1: −20, 20, 60, 100 — and a square's
 * middle (an edge + 20) has no line at y = −11, where the edges do.  The
 * ports' stems, from the square's edge at 14 to the ports at 30, stay. */
static void
test_shift (void)
{
  static const double spools[] = { -1, 0, 0.5, 1 };

  for (guint i = 0; i < G_N_ELEMENTS (spools); i++)
    {
      MfSymbolPose pose = { FALSE, MF_CENTRE_CLOSED, spools[i] };
      Picture picture;

      g_test_message ("spool %g", spools[i]);
      picture_draw (&picture, MF_COMPONENT_VALVE_4_3, &pose);
      for (double edge = -60; edge <= 60; edge += 40)
        {
          double x = edge + 40 * spools[i];

          g_assert_true (ink_at (&picture, x, -11));
          if (edge < 60)
            g_assert_false (ink_at (&picture, x + 20, -11));
        }
      /* an end's edge at rest is paper once the body moved a whole square
       * away from it */
      if (spools[i] == 1)
        g_assert_false (ink_at (&picture, -60, -11));
      if (spools[i] == -1)
        g_assert_false (ink_at (&picture, 60, -11));
      for (double x = -10; x <= 10; x += 20)
        {
          g_assert_true (ink_at (&picture, x, 25));
          g_assert_true (ink_at (&picture, x, -25));
        }
      picture_clear (&picture);
    }
}

/* A 4/2 valve's spring holds its crossed square (x from −20 to 20) under
 * the ports for s ≤ 0; s = 1 brings its straight one (−60 to −20) there:
 * its edges at −60, −20, 20 move 40 · clamp(s, 0, 1) right. */
static void
test_shift_4_2 (void)
{
  static const double spools[] = { -1, 0, 0.5, 1 };

  for (guint i = 0; i < G_N_ELEMENTS (spools); i++)
    {
      MfSymbolPose pose = { FALSE, MF_CENTRE_CLOSED, spools[i] };
      double dx = 40 * CLAMP (spools[i], 0, 1);
      Picture picture;

      picture_draw (&picture, MF_COMPONENT_VALVE_4_2, &pose);
      for (double edge = -60; edge <= 20; edge += 40)
        g_assert_true (ink_at (&picture, edge + dx, -11));
      g_assert_false (ink_at (&picture, -40 + dx, -11));
      picture_clear (&picture);
    }
}

/* The pose comes from the document: the centre word, and the spool's
 * expression at the run's time — 0.5·t at t = 1 is 0.5, at t = 3 it is
 * 1.5 (the symbol clamps it); NaN is no run, the spool at rest. */
static void
test_pose_from_document (void)
{
  g_autoptr (MfEditDocument) document = document_from (
    "{ \"manifold\": 1, \"components\": ["
    " { \"id\": \"DV1\", \"type\": \"valve_4_3\", \"full_area\": \"10 mm^2\","
    "   \"centre\": \"tandem\", \"spool\": \"0.5*t\" },"
    " { \"id\": \"DV2\", \"type\": \"valve_4_2\", \"full_area\": \"10 mm^2\" },"
    " { \"id\": \"T1\", \"type\": \"tank\" } ], \"wires\": [] }");
  MfSymbolPose pose = { 0 };

  mf_spool_pose_read (document, 0, 1.0, NULL, NULL, &pose);
  g_assert_cmpint (pose.centre, ==, MF_CENTRE_TANDEM);
  g_assert_cmpfloat (pose.spool, ==, 0.5);
  mf_spool_pose_read (document, 0, 3.0, NULL, NULL, &pose);
  g_assert_cmpfloat (pose.spool, ==, 1.5);
  mf_spool_pose_read (document, 0, NAN, NULL, NULL, &pose);
  g_assert_cmpfloat (pose.spool, ==, 0);
  /* no centre, no spool: closed, at rest */
  pose = (MfSymbolPose) { FALSE, MF_CENTRE_OPEN, 0.7 };
  mf_spool_pose_read (document, 1, 1.0, NULL, NULL, &pose);
  g_assert_cmpint (pose.centre, ==, MF_CENTRE_CLOSED);
  g_assert_cmpfloat (pose.spool, ==, 0);
  /* anything else is left alone */
  pose = (MfSymbolPose) { TRUE, MF_CENTRE_OPEN, 0.7 };
  mf_spool_pose_read (document, 2, 1.0, NULL, NULL, &pose);
  g_assert_true (pose.closed);
  g_assert_cmpint (pose.centre, ==, MF_CENTRE_OPEN);
  g_assert_cmpfloat (pose.spool, ==, 0.7);
}

/* A whole circuit drawn at a run's time shows the valve moved: DV1 at
 * (0, 0) with spool 1 − t.  At t = 0 its body is 40 units right of rest,
 * so the right end of its crossed square (60 at rest) stands at 100; at
 * t = 1 and with no run it is at rest and nothing is drawn at 100. */
static void
test_circuit_at_time (void)
{
  g_autoptr (MfEditDocument) document = document_from (
    "{ \"manifold\": 1, \"components\": ["
    " { \"id\": \"DV1\", \"type\": \"valve_4_3\", \"full_area\": \"10 mm^2\","
    "   \"spool\": \"1 - t\", \"at\": [0, 0] } ], \"wires\": [] }");
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
  static const struct
  {
    double   t;
    gboolean moved;
  } cases[] = { { 0, TRUE }, { 1, FALSE }, { NAN, FALSE } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MfDrawingState state;
      Picture picture;

      picture_begin (&picture);
      mf_drawing_state_init (&state);
      state.run_time = cases[i].t;
      mf_drawing_render (picture.cr, geometry, &state);
      cairo_surface_flush (picture.surface);
      g_assert_cmpint (ink_at (&picture, 100, -11), ==, cases[i].moved);
      g_assert_cmpint (ink_at (&picture, -60, -11), ==, !cases[i].moved);
      picture_clear (&picture);
    }
}

/* A value function for the drawing: every quantity is 1 (M1.x = 1 m). */
static double
all_one (const char *name, double t, gpointer data)
{
  return 1.0;
}

/* A spool that names a quantity is drawn with the value the drawing's
 * state gives it: DV1's spool clamp(M1.x − t, −1, 1) at t = 0 with
 * M1.x = 1 is 1, the body 40 units right (ink at 100, as above); without
 * values (no run recorded) it is at rest. */
static void
test_circuit_follows_run (void)
{
  g_autoptr (MfEditDocument) document = document_from (
    "{ \"manifold\": 1, \"components\": ["
    " { \"id\": \"DV1\", \"type\": \"valve_4_3\", \"full_area\": \"10 mm^2\","
    "   \"spool\": \"clamp(M1.x - t, -1, 1)\", \"at\": [0, 0] } ], \"wires\": [] }");
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);

  for (guint with_values = 0; with_values < 2; with_values++)
    {
      MfDrawingState state;
      Picture picture;

      picture_begin (&picture);
      mf_drawing_state_init (&state);
      state.run_time = 0;
      state.run_value = with_values ? all_one : NULL;
      mf_drawing_render (picture.cr, geometry, &state);
      cairo_surface_flush (picture.surface);
      g_assert_cmpint (ink_at (&picture, 100, -11), ==, with_values);
      g_assert_cmpint (ink_at (&picture, -60, -11), ==, !with_values);
      picture_clear (&picture);
    }
}

/* A valve's label stands beside its squares at rest, not beside the room
 * they slide in.  Unturned, a 4/3 valve's squares span −60…60 (its bounds
 * take ±40 more of travel and the 11 of its springs: −111…111) and a 4/2
 * valve's −60…20 (it moves right only: bounds −61…71, so at rest −61…31);
 * the label starts 4 to the right: at 71 + 4 = 75 and 31 + 4 = 35 from the
 * centre.  Turned a quarter, the 4/3 valve's squares stand upright and its
 * label goes under them: 71 + 2 = 73 below the centre. */
static void
test_label_at_rest (void)
{
  g_autoptr (MfEditDocument) document = document_from (
    "{ \"manifold\": 1, \"components\": ["
    " { \"id\": \"DV1\", \"type\": \"valve_4_3\", \"full_area\": \"10 mm^2\","
    "   \"at\": [0, 0] },"
    " { \"id\": \"DV2\", \"type\": \"valve_4_2\", \"full_area\": \"10 mm^2\","
    "   \"at\": [0, 200] },"
    " { \"id\": \"DV3\", \"type\": \"valve_4_3\", \"full_area\": \"10 mm^2\","
    "   \"at\": [400, 0], \"rotation\": 90 } ], \"wires\": [] }");
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
  const MfCanvasComponent *dv1 = mf_canvas_geometry_get_component (geometry, 0);
  const MfCanvasComponent *dv2 = mf_canvas_geometry_get_component (geometry, 1);
  const MfCanvasComponent *dv3 = mf_canvas_geometry_get_component (geometry, 2);

  g_assert_cmpfloat (dv1->label_rect.x, ==, 75);
  g_assert_cmpfloat (dv1->label_rect.y + dv1->label_rect.height / 2, ==, 0);
  g_assert_cmpfloat (dv2->label_rect.x, ==, 35);
  g_assert_cmpfloat (dv3->label_rect.y, ==, 73);
  g_assert_cmpfloat (dv3->label_rect.x + dv3->label_rect.width / 2, ==, 400);
  /* the bounds still take the travel, for what a run draws */
  g_assert_cmpfloat (dv1->bounds.x + dv1->bounds.width, ==, 111);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/symbol-spool/centres", test_centres);
  g_test_add_func ("/app/symbol-spool/shift", test_shift);
  g_test_add_func ("/app/symbol-spool/shift-4-2", test_shift_4_2);
  g_test_add_func ("/app/symbol-spool/pose", test_pose_from_document);
  g_test_add_func ("/app/symbol-spool/circuit-at-time", test_circuit_at_time);
  g_test_add_func ("/app/symbol-spool/circuit-follows-run", test_circuit_follows_run);
  g_test_add_func ("/app/symbol-spool/label-at-rest", test_label_at_rest);
  return g_test_run ();
}
