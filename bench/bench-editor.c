/* bench-editor.c: what an edit costs the editor (issues 4 and 14), for
 * ladder circuits of about 50, 200, 1000 and 10 000 components.
 *
 * The ladder is the one of bench-ladder.c, drawn: a supply tank, a rail of
 * pipes R1..Rn joined at junctions J1..Jn, and from every junction a rung
 * pipe Gi down to a drain tank Di — 4n + 1 components.  Past 50 rungs the
 * rail is folded into rows, about 1.6 times as wide as they are tall
 * together (a wire runs from the end of a row back to the start of the
 * next), so that fit-to-view shows the whole circuit as on a 1280 × 800
 * canvas.
 *
 * Per edit (the length of R1 set to a new value, as the property panel
 * does: the edit itself is timed too), two chains are timed, each the
 * median and the worst of REPEATS:
 *
 *   structure  what the structure panel does once the edit is made: the
 *              document's text taken on the main thread, then in its worker
 *              that text loaded, assembled and reduced for the mode shown
 *              (mf_structure_compute), beside the reference of the same
 *              steps through the core alone (load, model, reduction) — the
 *              ratio is what the panel adds;
 *   canvas     what the canvas does to show the edit: the geometry rebuilt
 *              (symbols, ports, wire routes, junction dots), then a frame —
 *              the background and the circuit drawn on a 1280 × 800 image —
 *              at fit-to-view (the whole circuit in sight, down to the zoom
 *              limit) and at 100 % around the circuit's middle, where only a
 *              part is on screen; beside a hand-written reference that draws
 *              one rectangle per component and one straight line per wire at
 *              fit-to-view — the least any drawing of it all costs.
 *
 * Then the other edits a user makes on the main thread: a drag step (one
 * component moved), a component added, an undo and a redo.
 *
 *   bench-editor [--no-structure] [--cpu] [--png PREFIX] [RUNGS...]
 *
 * RUNGS defaults to 12 50 250 2500.  Where one structure computation takes
 * more than a second it is timed three times only; --no-structure leaves it
 * out (the dense reduction takes minutes at 10 000 components).  --cpu
 * times with the thread's CPU clock instead of the wall clock, for a
 * machine busy with other work; --png writes the last frames of each size
 * to PREFIX-COMPONENTS-fit.png and PREFIX-COMPONENTS-zoomed.png.
 *
 * The frame budget is 16 ms; the program prints the ratios to it too.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <time.h>

#include "mf-canvas-geometry.h"
#include "mf-document.h"
#include "mf-drawing.h"
#include "mf-edit-document.h"
#include "mf-error.h"
#include "mf-model.h"
#include "mf-reduction.h"
#include "mf-structure.h"

#define REPEATS 15
#define SLOW_REPEATS 3
#define WIDTH   1280
#define HEIGHT  800
#define BUDGET  16.0 /* ms: one frame at 60 Hz */
#define RUNG_PITCH 100
#define ROW_PITCH  200

typedef struct
{
  double median;
  double worst;
} Timing;

/* Everything one ladder measured, for the tables printed at the end. */
typedef struct
{
  guint  components;
  Timing edit, text, structure, core;
  Timing geometry, fit, zoomed, plain, edit_to_canvas;
  Timing move, add, undo, redo;
  double fit_scale;
  guint  structure_repeats;
} Result;

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static Timing
summarise (double *ms, guint n)
{
  Timing timing = { NAN, NAN };

  if (n == 0)
    return timing;
  qsort (ms, n, sizeof (double), compare_doubles);
  timing.median = ms[n / 2];
  timing.worst = ms[n - 1];
  return timing;
}

static gboolean use_cpu_clock;

static double
now_ms (void)
{
  struct timespec t;

  if (!use_cpu_clock)
    return g_get_monotonic_time () / 1000.0;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Rungs per row: one row up to 50 rungs, else rows whose width is about
 * 1.6 times their total height. */
static guint
rungs_per_row (guint rungs)
{
  guint per_row = (guint) ceil (sqrt (1.6 * ROW_PITCH / RUNG_PITCH * rungs));

  return rungs <= 50 ? rungs : MAX (per_row, 50);
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
  guint per_row = rungs_per_row (rungs);

  for (guint i = 1; i <= rungs; i++)
    {
      guint x = RUNG_PITCH * ((i - 1) % per_row + 1), y = ROW_PITCH * ((i - 1) / per_row);

      g_string_append_printf (text,
                              ",\n  { \"id\": \"R%u\", \"type\": \"pipe\", \"length\": 0.5,"
                              " \"diameter\": \"50 mm\", \"at\": [%u, %u] }"
                              ",\n  { \"id\": \"J%u\", \"type\": \"junction\", \"at\": [%u, %u] }"
                              ",\n  { \"id\": \"G%u\", \"type\": \"pipe\", \"length\": 20,"
                              " \"diameter\": \"6 mm\", \"at\": [%u, %u], \"rotation\": 90 }"
                              ",\n  { \"id\": \"D%u\", \"type\": \"tank\", \"at\": [%u, %u] }",
                              i, x - RUNG_PITCH / 2, y, i, x, y, i, x, y + 60, i, x, y + 120);
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

/* What the structure panel does on the main thread before its worker
 * starts: a copy of the document's text. */
static double
time_text (MfEditDocument *document)
{
  double start = now_ms ();
  gsize length;
  g_autofree char *text = mf_edit_document_to_data (document, &length);

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

/* The canvas's view when it fits the circuit (mf-canvas.c: fit_into). */
static void
fit_view (MfCanvasGeometry *geometry, MfViewTransform *view)
{
  cairo_rectangle_t bounds;

  mf_view_transform_init (view);
  if (mf_canvas_geometry_get_bounds (geometry, &bounds))
    mf_view_transform_fit (view, &bounds, WIDTH, HEIGHT, 32, 2.5);
}

/* 100 % around the middle of the circuit. */
static void
zoomed_view (MfCanvasGeometry *geometry, MfViewTransform *view)
{
  cairo_rectangle_t bounds;

  mf_view_transform_init (view);
  if (mf_canvas_geometry_get_bounds (geometry, &bounds))
    {
      view->x0 = WIDTH / 2.0 - (bounds.x + bounds.width / 2);
      view->y0 = HEIGHT / 2.0 - (bounds.y + bounds.height / 2);
    }
}

/* One frame as the canvas draws it: the background and the circuit. */
static double
time_frame (MfCanvasGeometry *geometry, const MfViewTransform *view, cairo_surface_t *surface)
{
  double start = now_ms ();
  MfDrawingColors colors;
  MfDrawingState state;
  cairo_t *cr = cairo_create (surface);

  mf_drawing_colors_init (&colors, FALSE);
  mf_drawing_state_init (&state);
  state.colors = &colors;
  cairo_translate (cr, view->x0, view->y0);
  cairo_scale (cr, view->scale, view->scale);
  mf_drawing_render_background (cr, &colors, MF_SYMBOL_GRID);
  mf_drawing_render (cr, geometry, &state);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return now_ms () - start;
}

/* The geometry rebuilt after an edit: it is rebuilt when first asked. */
static double
time_geometry (MfCanvasGeometry *geometry)
{
  double start = now_ms ();

  mf_canvas_geometry_get_n_components (geometry);
  return now_ms () - start;
}

/* The hand-written reference: a rectangle per component, a line per wire,
 * from positions the geometry already knows. */
static double
time_reference_drawing (MfCanvasGeometry *geometry, const MfViewTransform *view,
                        cairo_surface_t *surface)
{
  double start = now_ms ();
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_translate (cr, view->x0, view->y0);
  cairo_scale (cr, view->scale, view->scale);
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

/* The edits a user makes besides parameters, each on the main thread. */
static void
time_other_edits (MfEditDocument *document, Result *result)
{
  double move[REPEATS], add[REPEATS], undo[REPEATS], redo[REPEATS];
  const char *ids[] = { "G1", NULL };

  for (guint r = 0; r < REPEATS; r++)
    {
      g_autoptr (GError) error = NULL;
      double start = now_ms ();

      /* a drag: every step of one gesture merges into one command */
      if (!mf_edit_document_move_components (document, ids, 0, r % 2 ? 10 : -10, 7, &error))
        g_error ("the move was refused: %s", error->message);
      move[r] = now_ms () - start;
      start = now_ms ();
      if (mf_edit_document_add_component (document, MF_COMPONENT_ORIFICE, 0, -100, &error) == NULL)
        g_error ("the component was refused: %s", error->message);
      add[r] = now_ms () - start;
      start = now_ms ();
      mf_edit_document_undo (document);
      undo[r] = now_ms () - start;
      start = now_ms ();
      mf_edit_document_redo (document);
      redo[r] = now_ms () - start;
      mf_edit_document_undo (document);
    }
  result->move = summarise (move, REPEATS);
  result->add = summarise (add, REPEATS);
  result->undo = summarise (undo, REPEATS);
  result->redo = summarise (redo, REPEATS);
}

static void
write_png (cairo_surface_t *surface, const char *prefix, guint components, const char *what)
{
  g_autofree char *name = g_strdup_printf ("%s-%u-%s.png", prefix, components, what);

  if (cairo_surface_write_to_png (surface, name) != CAIRO_STATUS_SUCCESS)
    g_printerr ("could not write %s\n", name);
}

static void
bench (guint rungs, gboolean with_structure, const char *png, Result *result)
{
  g_autofree char *text = ladder_text (rungs);
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  g_autoptr (MfCanvasGeometry) geometry = NULL;
  g_autoptr (GError) error = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  double edits[REPEATS], texts[REPEATS], structure[REPEATS], core[REPEATS];
  double built[REPEATS], fit[REPEATS], zoomed[REPEATS], plain[REPEATS], both[REPEATS];
  guint n_structure = 0;
  MfViewTransform fitted, zoom;

  if (!mf_edit_document_load_data (document, text, -1, "ladder", &error))
    g_error ("the ladder did not load: %s", error->message);
  geometry = mf_canvas_geometry_new (document);
  for (guint r = 0; r < REPEATS; r++)
    {
      edits[r] = time_edit (document, r);
      texts[r] = time_text (document);
      if (with_structure && (r < SLOW_REPEATS || structure[0] < 1000))
        {
          structure[n_structure] = time_structure (document);
          core[n_structure++] = time_core (document);
        }
      built[r] = time_geometry (geometry);
      fit_view (geometry, &fitted);
      zoomed_view (geometry, &zoom);
      fit[r] = time_frame (geometry, &fitted, surface);
      both[r] = built[r] + fit[r];
      if (png != NULL && r == REPEATS - 1)
        write_png (surface, png, mf_edit_document_get_n_components (document), "fit");
      zoomed[r] = time_frame (geometry, &zoom, surface);
      if (png != NULL && r == REPEATS - 1)
        write_png (surface, png, mf_edit_document_get_n_components (document), "zoomed");
      plain[r] = time_reference_drawing (geometry, &fitted, surface);
    }
  result->components = mf_edit_document_get_n_components (document);
  result->fit_scale = fitted.scale;
  result->structure_repeats = n_structure;
  result->edit = summarise (edits, REPEATS);
  result->text = summarise (texts, REPEATS);
  result->structure = summarise (structure, n_structure);
  result->core = summarise (core, n_structure);
  result->geometry = summarise (built, REPEATS);
  result->fit = summarise (fit, REPEATS);
  result->zoomed = summarise (zoomed, REPEATS);
  result->plain = summarise (plain, REPEATS);
  result->edit_to_canvas = summarise (both, REPEATS);
  time_other_edits (document, result);
  cairo_surface_destroy (surface);
}

static void
print_results (const Result *results, guint n)
{
  g_print ("Per edit, milliseconds (%s): median of %d (and worst); the structure of %d where "
           "one takes over a second\n\n", use_cpu_clock ? "thread CPU time" : "wall clock",
           REPEATS, SLOW_REPEATS);
  g_print ("Structure panel\n"
           " comp  | edit   | text (main) | structure (worker) | core    | /core\n");
  for (guint i = 0; i < n; i++)
    {
      const Result *r = &results[i];

      g_print ("%6u | %6.3f | %5.2f %5.2f | %8.1f %8.1f  | %7.1f | %5.2f\n", r->components,
               r->edit.median, r->text.median, r->text.worst, r->structure.median,
               r->structure.worst, r->core.median, r->structure.median / r->core.median);
    }
  g_print ("\nCanvas (1280 x 800; the frame is the background and the circuit)\n"
           " comp  | scale | geometry | frame at fit  | frame at 100%% | plain | edit -> canvas"
           " | /16 ms\n");
  for (guint i = 0; i < n; i++)
    {
      const Result *r = &results[i];

      g_print ("%6u | %5.3f | %8.2f | %5.2f (%5.1f) | %5.2f (%5.1f)  | %5.2f | %5.2f (%5.1f) "
               "| %5.2f\n", r->components, r->fit_scale, r->geometry.median, r->fit.median,
               r->fit.worst, r->zoomed.median, r->zoomed.worst, r->plain.median,
               r->edit_to_canvas.median, r->edit_to_canvas.worst,
               r->edit_to_canvas.worst / BUDGET);
    }
  g_print ("\nOther edits (main thread)\n"
           " comp  | move   | add    | undo   | redo\n");
  for (guint i = 0; i < n; i++)
    {
      const Result *r = &results[i];

      g_print ("%6u | %6.3f | %6.3f | %6.3f | %6.3f\n", r->components, r->move.median,
               r->add.median, r->undo.median, r->redo.median);
    }
}

int
main (int argc, char *argv[])
{
  static const guint default_rungs[] = { 12, 50, 250, 2500 };
  g_autoptr (GArray) rungs = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean with_structure = TRUE;
  const char *png = NULL;
  g_autofree Result *results = NULL;

  mf_init ();
  for (int i = 1; i < argc; i++)
    {
      guint64 n;

      if (strcmp (argv[i], "--no-structure") == 0)
        with_structure = FALSE;
      else if (strcmp (argv[i], "--cpu") == 0)
        use_cpu_clock = TRUE;
      else if (strcmp (argv[i], "--png") == 0 && i + 1 < argc)
        png = argv[++i];
      else if (g_ascii_string_to_unsigned (argv[i], 10, 1, 1000000, &n, NULL))
        {
          guint count = (guint) n;

          g_array_append_val (rungs, count);
        }
      else
        {
          g_printerr ("usage: %s [--no-structure] [--cpu] [--png PREFIX] [RUNGS...]\n",
                      argv[0]);
          return 64;
        }
    }
  if (rungs->len == 0)
    g_array_append_vals (rungs, default_rungs, G_N_ELEMENTS (default_rungs));
  results = g_new0 (Result, rungs->len);
  for (guint i = 0; i < rungs->len; i++)
    {
      bench (g_array_index (rungs, guint, i), with_structure, png, &results[i]);
      g_printerr ("%u components done\n", results[i].components);
    }
  print_results (results, rungs->len);
  return 0;
}
