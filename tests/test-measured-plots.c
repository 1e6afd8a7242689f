/* test-measured-plots.c: measurements laid over the run plots
 * (src/app/simulation/mf-measured-plots.c) — each column paired by name,
 * drawn as crosses on the plot that draws its quantity, in its colour and
 * unit; a pairing of another kind refused with the reason; the error
 * against the current run worked by hand; series taken off when the
 * pairing or the data go.  No display.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-measured-plots.h"

static const char *const names[] = { "P1.v", "J1.p", "C1.x" };
static const char *const units[] = { "m/s", "Pa", "m" };

/* t = i / 100 for i = 0 .. 100: P1.v = i, J1.p = 1000 i Pa (1e5 Pa per
 * second), C1.x = −i m. */
static MfRunRecord *
run_record (void)
{
  MfRunRecord *record = mf_run_record_new ("Run 1");

  mf_run_record_begin_segment (record, 3, names, units);
  for (guint i = 0; i <= 100; i++)
    mf_run_record_append (record, i / 100.0, 0, (const double[]) { i, 1000.0 * i, -1.0 * i });
  return record;
}

typedef struct
{
  MfPlot          *plots[2];
  MfRunPlots      *binders[2];
  MfRunRecord     *current;
  MfMeasuredPlots *measured;
} Fixture;

/* States: P1.v and C1.x; pressures: J1.p; in bar and mm. */
static void
set_up (Fixture *f, gconstpointer data)
{
  const char *states[] = { "P1.v", "C1.x", NULL };
  const char *pressures[] = { "J1.p", NULL };
  g_autoptr (GError) error = NULL;
  MfMeasured *m;

  f->current = run_record ();
  for (guint i = 0; i < 2; i++)
    {
      f->plots[i] = mf_plot_new ();
      f->binders[i] = mf_run_plots_new (f->plots[i]);
      mf_run_plots_set_unit_system (f->binders[i], MF_UNIT_SYSTEM_PRACTICAL);
      mf_run_plots_set_runs (f->binders[i], f->current, NULL);
    }
  mf_run_plots_set_quantities (f->binders[0], states);
  mf_run_plots_set_quantities (f->binders[1], pressures);
  for (guint i = 0; i < 2; i++)
    mf_run_plots_update (f->binders[i]);
  /* J1.p measured 0.1 bar above the run at 0.25 s and 0.2 bar below it at
   * 0.5 s; a gauge column nothing simulates; C1.x in m, as simulated */
  m = mf_measured_parse ("t [s],J1.p [bar],gauge,C1.x [m]\n"
                         "0.25,0.35,1,-25\n"
                         "0.5,0.3,2,-50\n",
                         -1, "bench.csv", &error);
  g_assert_no_error (error);
  f->measured = mf_measured_plots_new ();
  mf_measured_plots_set_data (f->measured, m, f->current);
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->measured, mf_measured_plots_free);
  for (guint i = 0; i < 2; i++)
    {
      mf_run_plots_free (f->binders[i]);
      mf_plot_free (f->plots[i]);
    }
  g_object_unref (f->current);
}

static gboolean
resync (Fixture *f)
{
  return mf_measured_plots_sync (f->measured, f->binders, 2, f->current);
}

/* Paired by name where the run has the quantity; on the plot drawing it. */
static void
test_placed (Fixture *f, gconstpointer data)
{
  MfPlotSeries *p, *x, *drawn;
  MfPlotColor a, b;

  g_assert_cmpstr (mf_measured_plots_get_pairing (f->measured, 0), ==, "J1.p");
  g_assert_null (mf_measured_plots_get_pairing (f->measured, 1));
  g_assert_cmpstr (mf_measured_plots_get_pairing (f->measured, 2), ==, "C1.x");
  g_assert_true (resync (f));
  g_assert_false (resync (f)); /* nothing new */

  p = mf_measured_plots_get_series (f->measured, 0);
  x = mf_measured_plots_get_series (f->measured, 2);
  g_assert_nonnull (p);
  g_assert_null (mf_measured_plots_get_series (f->measured, 1));
  g_assert_cmpuint (mf_plot_get_n_series (f->plots[1]), ==, 2);
  g_assert_true (mf_plot_get_series (f->plots[1], 1) == p);
  g_assert_cmpuint (mf_plot_get_n_series (f->plots[0]), ==, 3);
  g_assert_cmpstr (mf_plot_series_get_name (p), ==, "J1.p measured (bench.csv)");
  g_assert_cmpint (mf_plot_series_get_mark (p), ==, MF_PLOT_MARK_CROSSES);
  /* in the unit J1.p is drawn in: 0.35 bar read as 35 000 Pa, drawn as 0.35 */
  g_assert_cmpstr (mf_plot_series_get_unit (p), ==, "bar");
  g_assert_cmpfloat_with_epsilon (mf_plot_series_get_y (p)[0], 0.35, 1e-12);
  g_assert_cmpstr (mf_plot_series_get_unit (x), ==, "mm");
  g_assert_cmpfloat_with_epsilon (mf_plot_series_get_y (x)[1], -50000.0, 1e-9);
  /* in J1.p's colour */
  drawn = mf_run_plots_find_series (f->binders[1], f->current, "J1.p");
  a = mf_plot_series_get_color (drawn);
  b = mf_plot_series_get_color (p);
  g_assert_true (a.red == b.red && a.green == b.green && a.blue == b.blue);
}

/* By hand: the run's J1.p is 0.25 bar at 0.25 s and 0.5 bar at 0.5 s, so
 * simulated − measured is −0.1 bar and +0.2 bar: mean 0.05 bar, rms
 * √((0.01 + 0.04) / 2) bar, largest 0.2 bar at 0.5 s. */
static void
test_error (Fixture *f, gconstpointer data)
{
  MfMeasuredError e;
  double scale;

  resync (f);
  g_assert_true (mf_measured_plots_error (f->measured, 0, f->current, &e));
  g_assert_cmpuint (e.n, ==, 2);
  g_assert_cmpfloat_with_epsilon (e.mean, 0.05e5, 1e-6);
  g_assert_cmpfloat_with_epsilon (e.rms, sqrt (0.025) * 1e5, 1e-6);
  g_assert_cmpfloat_with_epsilon (e.max_abs, 0.2e5, 1e-6);
  g_assert_cmpfloat (e.t_max, ==, 0.5);
  g_assert_cmpstr (mf_measured_plots_get_unit (f->measured, 0, &scale), ==, "bar");
  g_assert_cmpfloat (scale, ==, 1e-5);
  /* C1.x matches exactly */
  g_assert_true (mf_measured_plots_error (f->measured, 2, f->current, &e));
  g_assert_cmpfloat (e.max_abs, <, 1e-12);
  /* unpaired: nothing */
  g_assert_false (mf_measured_plots_error (f->measured, 1, f->current, &e));
}

/* A pressure column paired with a position is refused, with the reason,
 * and drawn nowhere; a column without a unit pairs with anything. */
static void
test_other_kind (Fixture *f, gconstpointer data)
{
  g_autofree char *why = NULL;
  g_autofree char *none = NULL;
  MfMeasuredError e;

  mf_measured_plots_set_pairing (f->measured, 0, "C1.x");
  g_assert_false (mf_measured_plots_check_pairing (f->measured, 0, f->current, &why));
  g_assert_nonnull (strstr (why, "C1.x is a length"));
  g_assert_nonnull (strstr (why, "“J1.p [bar]” holds a pressure"));
  resync (f);
  g_assert_null (mf_measured_plots_get_series (f->measured, 0));
  g_assert_false (mf_measured_plots_error (f->measured, 0, f->current, &e));

  mf_measured_plots_set_pairing (f->measured, 1, "P1.v");
  g_assert_true (mf_measured_plots_check_pairing (f->measured, 1, f->current, &none));
  g_assert_null (none);
  resync (f);
  g_assert_nonnull (mf_measured_plots_get_series (f->measured, 1));
}

/* Unpaired, or the data gone: the series come off the plots. */
static void
test_taken_off (Fixture *f, gconstpointer data)
{
  resync (f);
  mf_measured_plots_set_pairing (f->measured, 0, NULL);
  g_assert_true (resync (f));
  g_assert_null (mf_measured_plots_get_series (f->measured, 0));
  g_assert_cmpuint (mf_plot_get_n_series (f->plots[1]), ==, 1);
  /* a quantity no plot draws */
  mf_measured_plots_set_pairing (f->measured, 0, "P1.v");
  mf_run_plots_remove_quantity (f->binders[0], "P1.v");
  mf_run_plots_update (f->binders[0]);
  resync (f);
  g_assert_null (mf_measured_plots_get_series (f->measured, 0));
  mf_measured_plots_set_data (f->measured, NULL, NULL);
  g_assert_null (mf_measured_plots_get_data (f->measured));
  g_assert_cmpuint (mf_plot_get_n_series (f->plots[0]), ==, 1);
  g_assert_false (resync (f));
}

/* Measurements opened before any run are paired by name; the first run
 * says which names it has: gauge is dropped, J1.p and C1.x kept. */
static void
test_guessed (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  MfMeasured *m = mf_measured_parse ("t [s],J1.p [bar],gauge\n0.25,0.35,1\n", -1, "b.csv",
                                     &error);

  g_assert_no_error (error);
  mf_measured_plots_set_data (f->measured, m, NULL);
  g_assert_cmpstr (mf_measured_plots_get_pairing (f->measured, 1), ==, "gauge");
  resync (f);
  g_assert_cmpstr (mf_measured_plots_get_pairing (f->measured, 0), ==, "J1.p");
  g_assert_null (mf_measured_plots_get_pairing (f->measured, 1));
  g_assert_nonnull (mf_measured_plots_get_series (f->measured, 0));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/measured-plots/placed", Fixture, NULL, set_up, test_placed, tear_down);
  g_test_add ("/measured-plots/error", Fixture, NULL, set_up, test_error, tear_down);
  g_test_add ("/measured-plots/other-kind", Fixture, NULL, set_up, test_other_kind, tear_down);
  g_test_add ("/measured-plots/taken-off", Fixture, NULL, set_up, test_taken_off, tear_down);
  g_test_add ("/measured-plots/guessed", Fixture, NULL, set_up, test_guessed, tear_down);
  return g_test_run ();
}
