/* bench-window-edit.c: what an edit costs the window's main thread (issue
 * 14), with every panel that follows the document: the canvas, the
 * properties, modes and structure pages and the simulation pane.
 *
 * The circuit is FILE (bench-ladder-document --drawn N writes a ladder of
 * 3N + 2 components) in a WIDTH × HEIGHT window, the canvas fitted to it.
 * Each edit is made as the window makes it, through the document, then the
 * main loop runs for SETTLE_MS while
 *
 *   edit     the edit's call itself, with every handler of the document's
 *            "changed" (they run before it returns);
 *   frame    the longest frame after it: "before-paint" to "after-paint" of
 *            the frame clock (layout, the canvas's snapshot, render);
 *   stall    the longest wait of the main loop after it: a G_PRIORITY_HIGH
 *            timeout of 1 ms records the gap between its calls, so it
 *            counts anything the main thread does, the structure page
 *            taking the document's text 150 ms after the edit included.
 *
 * Per kind of edit (a parameter, a drag step of one component, a component
 * added, an undo), the median and the worst of REPEATS, in milliseconds.
 * The structure page's worker computes on its own thread meanwhile.
 *
 *   bench-window-edit FILE
 *
 * Needs a display: xvfb-run -a -s '-screen 0 1400x900x24' bench-window-edit
 * FILE.  Exits with 77 (skipped) without one.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <stdlib.h>
#include <string.h>

#include "mf-application.h"
#include "mf-edit-document.h"
#include "mf-window.h"

#define WIDTH     1400
#define HEIGHT    900
#define REPEATS   9
#define SETTLE_MS 400

typedef enum
{
  EDIT_PARAMETER,
  EDIT_DRAG,
  EDIT_ADD,
  EDIT_UNDO,
  N_EDITS
} EditKind;

static const char *const edit_names[N_EDITS] = { "parameter", "drag step", "add", "undo" };

typedef struct
{
  GtkWidget      *window;
  MfEditDocument *document;
  gint64          last_tick;   /* µs, of the 1 ms timeout */
  gint64          paint_start;
  double          stall;       /* ms, the longest since the edit */
  double          frame;
} Bench;

static gboolean
on_tick (gpointer user_data)
{
  Bench *bench = user_data;
  gint64 now = g_get_monotonic_time ();

  if (bench->last_tick > 0)
    bench->stall = MAX (bench->stall, (now - bench->last_tick) / 1000.0);
  bench->last_tick = now;
  return G_SOURCE_CONTINUE;
}

static void
on_before_paint (GdkFrameClock *clock, Bench *bench)
{
  bench->paint_start = g_get_monotonic_time ();
}

static void
on_after_paint (GdkFrameClock *clock, Bench *bench)
{
  if (bench->paint_start > 0)
    bench->frame = MAX (bench->frame, (g_get_monotonic_time () - bench->paint_start) / 1000.0);
  bench->paint_start = 0;
}

static void
run_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + 1000 * (gint64) ms;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static double
make_edit (Bench *bench, EditKind kind, guint repeat)
{
  MfEditDocument *document = bench->document;
  const char *ids[] = { "P2", NULL };
  g_autofree char *length = g_strdup_printf ("%u m", repeat + 2);
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  gboolean done = TRUE;

  switch (kind)
    {
    case EDIT_PARAMETER:
      done = mf_edit_document_set_param (document, "P1", "length", length, &error);
      break;
    case EDIT_DRAG:
      done = mf_edit_document_move_components (document, ids, 0, repeat % 2 ? 10 : -10, 1,
                                               &error);
      break;
    case EDIT_ADD:
      done = mf_edit_document_add_component (document, MF_COMPONENT_ORIFICE, 0, -200, &error)
             != NULL;
      break;
    case EDIT_UNDO:
      done = mf_edit_document_undo (document);
      break;
    default:
      g_assert_not_reached ();
    }
  if (!done)
    g_error ("the %s was refused: %s", edit_names[kind], error ? error->message : "");
  return (g_get_monotonic_time () - start) / 1000.0;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
print_row (const char *name, double *edit, double *frame, double *stall)
{
  qsort (edit, REPEATS, sizeof (double), compare_doubles);
  qsort (frame, REPEATS, sizeof (double), compare_doubles);
  qsort (stall, REPEATS, sizeof (double), compare_doubles);
  g_print ("%-10s | %7.2f %7.2f | %7.2f %7.2f | %7.2f %7.2f\n", name, edit[REPEATS / 2],
           edit[REPEATS - 1], frame[REPEATS / 2], frame[REPEATS - 1], stall[REPEATS / 2],
           stall[REPEATS - 1]);
}

int
main (int argc, char *argv[])
{
  g_autoptr (MfApplication) application = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  GdkFrameClock *clock;
  Bench bench = { 0 };

  if (argc != 2)
    {
      g_printerr ("usage: %s FILE.manifold\n", argv[0]);
      return 64;
    }
  if (!gtk_init_check ())
    {
      g_printerr ("no display\n");
      return 77;
    }
  application = mf_application_new (G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (application), NULL, &error))
    g_error ("%s", error->message);
  bench.window = GTK_WIDGET (mf_window_new (application));
  gtk_window_set_default_size (GTK_WINDOW (bench.window), WIDTH, HEIGHT);
  gtk_window_present (GTK_WINDOW (bench.window));
  run_for (500);
  file = g_file_new_for_commandline_arg (argv[1]);
  if (!mf_window_load_file (MF_WINDOW (bench.window), file, &error))
    g_error ("%s did not load: %s", argv[1], error->message);
  bench.document = mf_window_get_document (MF_WINDOW (bench.window));
  run_for (2000);

  clock = gtk_widget_get_frame_clock (bench.window);
  g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), &bench);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &bench);
  g_timeout_add_full (G_PRIORITY_HIGH, 1, on_tick, &bench, NULL);

  g_print ("%u components; per edit, milliseconds: median and worst of %d\n\n",
           mf_edit_document_get_n_components (bench.document), REPEATS);
  g_print ("edit       | edit            | frame after     | longest stall\n");
  for (EditKind kind = 0; kind < N_EDITS; kind++)
    {
      double edit[REPEATS], frame[REPEATS], stall[REPEATS];

      for (guint r = 0; r < REPEATS; r++)
        {
          /* an undo needs something to undo, and a drag steps one gesture */
          if (kind == EDIT_UNDO)
            make_edit (&bench, EDIT_ADD, r);
          if (kind == EDIT_UNDO)
            run_for (SETTLE_MS);
          bench.stall = bench.frame = 0;
          edit[r] = make_edit (&bench, kind, r);
          /* the first wait after the edit counts from its end */
          bench.last_tick = g_get_monotonic_time ();
          run_for (SETTLE_MS);
          frame[r] = bench.frame;
          stall[r] = MAX (bench.stall, edit[r]);
          bench.last_tick = 0;
        }
      print_row (edit_names[kind], edit, frame, stall);
    }
  gtk_window_destroy (GTK_WINDOW (bench.window));
  run_for (100);
  return 0;
}
