/* bench-editor.c: what an edit costs the editor (issue 4), for ladder
 * circuits of about 50, 200 and 1000 components.
 *
 * The ladder is the one of bench-ladder.c, drawn: a supply tank, a rail of
 * pipes R1..Rn joined at junctions J1..Jn, and from every junction a rung
 * pipe Gi down to a drain tank Di — 4n + 1 components.
 *
 * Per edit (the length of R1 set to a new value, as the property panel
 * does: the edit itself is timed too), two chains are timed, each the
 * median and the worst of REPEATS:
 *
 *   structure  what the structure panel's worker does once the edit is
 *              made: the document's text, loaded, assembled and reduced for
 *              the mode shown (mf_structure_compute), beside the reference
 *              of the same steps through the core alone (load, model,
 *              reduction) — the ratio is what the panel adds;
 *   canvas     what the canvas does to show the edit: the geometry rebuilt
 *              (symbols, ports, wire routes, junction dots) and the circuit
 *              drawn on a 1280 × 800 image at fit-to-view (every component
 *              in sight until the zoom limit), beside a hand-written
 *              reference that draws one rectangle per component and one
 *              straight line per wire — the least any drawing of it costs.
 *
 * The frame budget is 16 ms; the program prints the ratios to it too.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-canvas-geometry.h"
#include "mf-document.h"
#include "mf-drawing.h"
#include "mf-edit-document.h"
#include "mf-error.h"
#include "mf-model.h"
#include "mf-reduction.h"
#include "mf-structure.h"

#define REPEATS 15
#define WIDTH   1280
#define HEIGHT  800
#define BUDGET  16.0 /* ms: one frame at 60 Hz */

typedef struct
{
  double median;
  double worst;
} Timing;

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static Timing
summarise (double *ms, guint n)
{
  Timing timing;

  qsort (ms, n, sizeof (double), compare_doubles);
  timing.median = ms[n / 2];
  timing.worst = ms[n - 1];
  return timing;
}

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* The ladder of `rungs` rungs as document text. */
static char *
ladder_text (guint rungs)
{
  GString *text = g_string_new ("{ \"manifold\": 1, \"title\": \"Ladder\", \"components\": [\n"
                                "  { \"id\": \"T0\", \"type\": \"tank\", \"pressure\": \"50 bar\","
                                " \"at\": [0, 0] }");
  GString *wires = g_string_new ("");
  g_autofree char *previous = g_strdup ("T0.p");

  for (guint i = 1; i <= rungs; i++)
    {
      g_string_append_printf (text,
                              ",\n  { \"id\": \"R%u\", \"type\": \"pipe\", \"length\": 0.5,"
                              " \"diameter\": \"50 mm\", \"at\": [%u, 0] }"
                              ",\n  { \"id\": \"J%u\", \"type\": \"junction\", \"at\": [%u, 0] }"
                              ",\n  { \"id\": \"G%u\", \"type\": \"pipe\", \"length\": 20,"
                              " \"diameter\": \"6 mm\", \"at\": [%u, 60], \"rotation\": 90 }"
                              ",\n  { \"id\": \"D%u\", \"type\": \"tank\", \"at\": [%u, 120] }",
                              i, 100 * i - 50, i, 100 * i, i, 100 * i, i, 100 * i);
      g_string_append_printf (wires,
                              "%s[\"%s\", \"R%u.a\"], [\"R%u.b\", \"J%u.p\"],"
                              " [\"J%u.p\", \"G%u.a\"], [\"G%u.b\", \"D%u.p\"]",
                              i > 1 ? ",\n  " : "", previous, i, i, i, i, i, i, i);
      g_free (previous);
      previous = g_strdup_printf ("J%u.p", i);
    }
  g_string_append_printf (text, " ],\n  \"wires\": [ %s ] }\n", wires->str);
  g_string_free (wires, TRUE);
  return g_string_free (text, FALSE);
}

/* One edit, as the property panel makes it. */
static double
time_edit (MfEditDocument *document, guint repeat)
{
  double start = now_ms ();
  g_autofree char *length = g_strdup_printf ("%.3f", 0.5 + 0.01 * (repeat + 1));
  g_autoptr (GError) error = NULL;

  if (!mf_edit_document_set_param (document, "R1", "length", length, &error))
    g_error ("the edit was refused: %s", error->message);
  return now_ms () - start;
}

static double
time_structure (MfEditDocument *document)
{
  double start = now_ms ();
  gsize length;
  g_autofree char *text = NULL;
  g_autoptr (MfStructure) structure = NULL;
  g_autoptr (GError) error = NULL;

  text = mf_edit_document_to_data (document, &length);
  structure = mf_structure_compute (text, (gssize) length, "ladder", NULL, NULL, &error);
  if (structure == NULL)
    g_error ("the structure failed: %s", error->message);
  return now_ms () - start;
}

/* The reference: the same text through the core alone. */
static double
time_core (MfEditDocument *document)
{
  double start = now_ms ();
  gsize length;
  g_autofree char *text = mf_edit_document_to_data (document, &length);
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) loaded = mf_document_load_data (text, (gssize) length, "ladder", NULL,
                                                         &error);
  g_autoptr (MfModel) model = NULL;
  g_autoptr (MfReduction) reduction = NULL;

  if (loaded == NULL)
    g_error ("the document did not load: %s", error->message);
  model = mf_model_new (mf_document_get_circuit (loaded), &error);
  if (model == NULL)
    g_error ("the model failed: %s", error->message);
  reduction = mf_reduction_new (model, 0);
  return now_ms () - start;
}

static void
fit_view (cairo_t *cr, MfCanvasGeometry *geometry)
{
  MfViewTransform view;
  cairo_rectangle_t bounds;

  mf_view_transform_init (&view);
  if (mf_canvas_geometry_get_bounds (geometry, &bounds))
    mf_view_transform_fit (&view, &bounds, WIDTH, HEIGHT, 20, 2.0);
  cairo_translate (cr, view.x0, view.y0);
  cairo_scale (cr, view.scale, view.scale);
}

static double
time_canvas (MfEditDocument *document, cairo_surface_t *surface, double *geometry_ms)
{
  double start = now_ms ();
  g_autoptr (MfCanvasGeometry) geometry = mf_canvas_geometry_new (document);
  MfDrawingColors colors;
  MfDrawingState state;
  cairo_rectangle_t bounds;
  cairo_t *cr;

  /* the geometry is built when first asked */
  mf_canvas_geometry_get_bounds (geometry, &bounds);
  *geometry_ms = now_ms () - start;
  mf_drawing_colors_init (&colors, FALSE);
  mf_drawing_state_init (&state);
  state.colors = &colors;
  cr = cairo_create (surface);
  fit_view (cr, geometry);
  mf_drawing_render_background (cr, &colors, 10.0);
  mf_drawing_render (cr, geometry, &state);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return now_ms () - start;
}

/* The hand-written reference: a rectangle per component, a line per wire,
 * from positions the geometry already knows. */
static double
time_reference_drawing (MfCanvasGeometry *geometry, cairo_surface_t *surface)
{
  double start = now_ms ();
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  fit_view (cr, geometry);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 1.5);
  for (guint i = 0; i < mf_canvas_geometry_get_n_components (geometry); i++)
    {
      const MfCanvasComponent *c = mf_canvas_geometry_get_component (geometry, i);

      cairo_rectangle (cr, c->x - 15, c->y - 10, 30, 20);
    }
  for (guint i = 0; i < mf_canvas_geometry_get_n_wires (geometry); i++)
    {
      const MfCanvasWire *w = mf_canvas_geometry_get_wire (geometry, i);
      const MfCanvasPort *a = mf_canvas_geometry_get_port (geometry, w->port_a);
      const MfCanvasPort *b = mf_canvas_geometry_get_port (geometry, w->port_b);

      cairo_move_to (cr, a->x, a->y);
      cairo_line_to (cr, b->x, b->y);
    }
  cairo_stroke (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return now_ms () - start;
}

static void
bench (guint rungs)
{
  g_autofree char *text = ladder_text (rungs);
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  g_autoptr (GError) error = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  double edits[REPEATS], structure[REPEATS], core[REPEATS], canvas[REPEATS], geometry[REPEATS];
  double plain[REPEATS];
  Timing te, ts, tc, tv, tg, tp;

  if (!mf_edit_document_load_data (document, text, -1, "ladder", &error))
    g_error ("the ladder did not load: %s", error->message);
  for (guint r = 0; r < REPEATS; r++)
    {
      g_autoptr (MfCanvasGeometry) shown = NULL;

      edits[r] = time_edit (document, r);
      structure[r] = time_structure (document);
      core[r] = time_core (document);
      canvas[r] = time_canvas (document, surface, &geometry[r]);
      shown = mf_canvas_geometry_new (document);
      plain[r] = time_reference_drawing (shown, surface);
    }
  te = summarise (edits, REPEATS);
  ts = summarise (structure, REPEATS);
  tc = summarise (core, REPEATS);
  tv = summarise (canvas, REPEATS);
  tg = summarise (geometry, REPEATS);
  tp = summarise (plain, REPEATS);
  g_print ("%5u | %6.3f | %7.2f %7.2f | %7.2f | %5.2f | %5.2f "
           "|| %7.2f %7.2f | %7.2f | %7.2f | %5.1f | %5.2f\n",
           mf_edit_document_get_n_components (document), te.median, ts.median, ts.worst, tc.median,
           ts.median / tc.median, ts.worst / BUDGET, tv.median, tv.worst, tg.median, tp.median,
           tv.median / tp.median, tv.worst / BUDGET);
  cairo_surface_destroy (surface);
}

int
main (int argc, char *argv[])
{
  mf_init ();
  g_print ("Per edit, milliseconds (median of %d, and worst); ratios to the reference and to "
           "the %.0f ms frame\n\n", REPEATS, BUDGET);
  g_print ("      | edit   | structure       | core    | /core | worst || canvas          "
           "| geometry| plain   | /plain| worst\n");
  g_print (" comp | median | median  worst   | median  |       | /16ms || median  worst   "
           "| median  | median  |       | /16ms\n");
  bench (12);  /*   49 components */
  bench (50);  /*  201 */
  bench (250); /* 1001 */
  return 0;
}
