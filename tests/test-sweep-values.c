/* test-sweep-values.c: the logic under the runs, sweep and export UI — a
 * sweep's typed list of values, a run's outcome in words, and plots written
 * to files (format from the name, stacked plots, atomic replace through
 * links keeping the mode, refusals, errors).
 * No display needed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cairo.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mf-error.h"
#include "mf-export-plots.h"
#include "mf-test-files.h"
#include "mf-run-outcome.h"
#include "mf-sweep-values.h"

static void
rule_for (MfQuantityRule *rule, const char *type, const char *param)
{
  const MfComponentTypeInfo *info = mf_component_type_lookup (type);
  int index = mf_component_type_param_index (info, param);

  g_assert_cmpint (index, >=, 0);
  mf_quantity_rule_from_param (rule, &info->params[index]);
  rule->required = TRUE;
}

static void
assert_values (const MfQuantityRule *rule, const char *text, const char *const *expected)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) values = mf_sweep_values_parse (rule, text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (values);
  g_assert_cmpstrv (values, expected);
}

static void
test_values_units (void)
{
  MfQuantityRule mass;
  MfQuantityRule pressure;

  rule_for (&mass, "mass", "mass");
  rule_for (&pressure, "tank", "pressure");
  /* a trailing unit reaches back over the bare numbers */
  assert_values (&mass, "1, 2, 5 kg", (const char *const[]) { "1 kg", "2 kg", "5 kg", NULL });
  /* one per line, blank lines and a trailing comma ignored */
  assert_values (&mass, "1 kg\n\n2.5 kg\r\n4e1 g,",
                 (const char *const[]) { "1 kg", "2.5 kg", "4e1 g", NULL });
  /* each bare number takes the next unit written; after the last, the one before */
  assert_values (&pressure, "1, 2 bar; 300, 400 kPa, 5",
                 (const char *const[]) { "1 bar", "2 bar", "300 kPa", "400 kPa", "5 kPa", NULL });
  /* no unit at all: SI numbers */
  assert_values (&mass, "0.5,1", (const char *const[]) { "0.5", "1", NULL });
}

static void
test_values_expressions (void)
{
  MfQuantityRule area;
  MfQuantityRule cd;

  rule_for (&area, "valve", "area");
  /* the commas inside an expression's parentheses do not split it */
  assert_values (&area, "1e-5, 2e-5*ramp(t, 0.1, 0.3)",
                 (const char *const[]) { "1e-5", "2e-5*ramp(t, 0.1, 0.3)", NULL });
  /* a dimensionless parameter gets no unit */
  rule_for (&cd, "orifice", "cd");
  assert_values (&cd, "0.6, 0.7", (const char *const[]) { "0.6", "0.7", NULL });
}

static void
test_values_errors (void)
{
  MfQuantityRule mass;
  MfQuantityRule stiffness;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) values = NULL;

  rule_for (&mass, "mass", "mass");
  values = mf_sweep_values_parse (&mass, " , \n ", &error);
  g_assert_null (values);
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "no values"));
  g_clear_error (&error);

  /* the message names the value at fault and what is wrong with it */
  values = mf_sweep_values_parse (&mass, "1 kg, 2 bar, 3 kg", &error);
  g_assert_null (values);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "value 2 ('2 bar')"));
  g_assert_nonnull (strstr (error->message, "pressure"));
  g_clear_error (&error);

  /* a mass must be positive, and may not vary in t */
  values = mf_sweep_values_parse (&mass, "1, -2", &error);
  g_assert_null (values);
  g_assert_nonnull (strstr (error->message, "value 2 ('-2')"));
  g_clear_error (&error);
  rule_for (&stiffness, "spring", "stiffness");
  values = mf_sweep_values_parse (&stiffness, "1e4, 2e4*t", &error);
  g_assert_null (values);
  g_assert_nonnull (strstr (error->message, "value 2"));
}

static void
test_sweep_parameters (void)
{
  const MfComponentTypeInfo *pipe = mf_component_type_lookup ("pipe");
  const MfComponentTypeInfo *junction = mf_component_type_lookup ("junction");
  guint n;
  g_autofree guint *indices = mf_sweep_parameters (pipe, &n);
  g_autofree guint *none = NULL;

  /* length, diameter, roughness; not the friction choice */
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpstr (pipe->params[indices[0]].name, ==, "length");
  g_assert_cmpstr (pipe->params[indices[1]].name, ==, "diameter");
  g_assert_cmpstr (pipe->params[indices[2]].name, ==, "roughness");
  none = mf_sweep_parameters (junction, &n);
  g_assert_cmpuint (n, ==, 0);
}

static void
test_outcome (void)
{
  static const struct
  {
    MfSimStatus status;
    guint       n;
    double      t;
    const char *text;
  } cases[] = {
    { MF_SIM_STATUS_FINISHED, 5001, 5.0, "finished 5 s" },
    { MF_SIM_STATUS_STOPPED, 2101, 2.1, "stopped at 2.1 s" },
    { MF_SIM_STATUS_FAILED, 1201, 1.2, "failed at 1.2 s" },
    { MF_SIM_STATUS_FAILED, 0, 0.0, "failed at the start" },
    { MF_SIM_STATUS_PAUSED, 12, 0.0125, "paused at 0.0125 s" },
    { MF_SIM_STATUS_RUNNING, 3, 1.23456, "running, at 1.235 s" },
    { MF_SIM_STATUS_IDLE, 0, 0.0, "not started" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = mf_run_outcome_text (cases[i].status, cases[i].n, cases[i].t);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_stats_text (void)
{
  MfSimulationStats stats = { 0 };
  g_autofree char *summary = NULL;
  g_autofree char *bare = NULL;
  g_autofree char *big = mf_run_count_text (12345678);
  g_autofree char *small = mf_run_count_text (999);
  g_autofree char *ms = mf_run_wall_time_text (0.0014);
  g_autofree char *s = mf_run_wall_time_text (0.214);
  g_autofree char *long_time = mf_run_wall_time_text (123.4);
  guint n = 0;

  /* thousands apart by a narrow no-break space, never a line break */
  g_assert_cmpstr (big, ==, "12\u202f345\u202f678");
  g_assert_cmpstr (small, ==, "999");
  g_assert_cmpstr (ms, ==, "1.4 ms");
  g_assert_cmpstr (s, ==, "0.21 s");
  g_assert_cmpstr (long_time, ==, "123 s");

  stats.steps = 1478;
  stats.rejected_steps = 12;
  stats.rhs_evaluations = 9000;
  stats.jacobian_evaluations = 7;
  stats.newton_iterations = 40;
  stats.svd_steps = 3;
  stats.check_retries = 2;
  stats.wall_time = 0.21;
  summary = mf_run_stats_summary ("rkf45", &stats);
  g_assert_cmpstr (summary, ==, "rkf45 · 1\u202f478 steps · 12 rejected · 0.21 s");
  stats.steps = 1;
  bare = mf_run_stats_summary (NULL, &stats);
  g_assert_cmpstr (bare, ==, "1 step · 12 rejected · 0.21 s");

  /* every count with its name and meaning, the wall time last */
  for (;; n++)
    {
      const char *name = NULL, *meaning = NULL;
      g_autofree char *value = mf_run_stats_row (&stats, n, &name, &meaning);

      if (value == NULL)
        break;
      g_assert_nonnull (name);
      g_assert_cmpuint (strlen (meaning), >, 10);
      if (n == 1)
        {
          g_assert_cmpstr (name, ==, "Rejected steps");
          g_assert_cmpstr (value, ==, "12");
        }
      if (n == 5)
        {
          g_assert_cmpstr (name, ==, "SVD fallbacks");
          g_assert_cmpstr (value, ==, "3");
        }
      if (n == 6)
        g_assert_cmpstr (name, ==, "Check retries");
    }
  g_assert_cmpuint (n, ==, 8);
}

static void
test_format_names (void)
{
  g_autofree char *a = mf_export_plot_file_name ("states", MF_PLOT_FORMAT_SVG);
  g_autofree char *b = mf_export_plot_file_name ("a.PNG", MF_PLOT_FORMAT_PDF);
  g_autofree char *c = mf_export_plot_file_name ("run.1", MF_PLOT_FORMAT_AUTO);

  g_assert_cmpint (mf_export_plot_format ("x/plot.SVG", MF_PLOT_FORMAT_PNG), ==,
                   MF_PLOT_FORMAT_SVG);
  g_assert_cmpint (mf_export_plot_format ("plot.pdf", MF_PLOT_FORMAT_PNG), ==,
                   MF_PLOT_FORMAT_PDF);
  g_assert_cmpint (mf_export_plot_format ("plot", MF_PLOT_FORMAT_PDF), ==, MF_PLOT_FORMAT_PDF);
  g_assert_cmpint (mf_export_plot_format ("plot.jpg", MF_PLOT_FORMAT_AUTO), ==,
                   MF_PLOT_FORMAT_PNG);
  g_assert_cmpstr (a, ==, "states.svg");
  g_assert_cmpstr (b, ==, "a.pdf");
  g_assert_cmpstr (c, ==, "run.1.png");
}

static MfPlot *
make_plot (const char *name, double scale)
{
  MfPlot *plot = mf_plot_new ();
  MfPlotSeries *series = mf_plot_add_series (plot, name);

  for (int i = 0; i <= 100; i++)
    mf_plot_series_append (series, i * 0.01, scale * sin (i * 0.1));
  return plot;
}

static char *
read_file (const char *path, gsize *length)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, length, NULL));
  return contents;
}

static void
test_export_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-export-XXXXXX", NULL);
  g_autoptr (MfPlot) one = make_plot ("P1.v", 1);
  g_autoptr (MfPlot) two = make_plot ("J1.p", 1e5);
  MfPlot *both[] = { one, two };
  g_autofree char *png = g_build_filename (dir, "plot.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "plot.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "stack.pdf", NULL);
  g_autofree char *stacked_png = g_build_filename (dir, "stack.png", NULL);
  g_autoptr (GFile) png_file = g_file_new_for_path (png);
  g_autoptr (GFile) svg_file = g_file_new_for_path (svg);
  g_autoptr (GFile) pdf_file = g_file_new_for_path (pdf);
  g_autoptr (GFile) stacked_file = g_file_new_for_path (stacked_png);
  g_autoptr (GError) error = NULL;
  g_autofree char *svg_text = NULL;
  g_autofree char *pdf_text = NULL;
  cairo_surface_t *image;
  gsize length;

  g_assert_true (mf_export_plots (&one, 1, png_file, MF_PLOT_FORMAT_AUTO, 300, 200, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 300);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 200);
  cairo_surface_destroy (image);

  g_assert_true (mf_export_plots (&one, 1, svg_file, MF_PLOT_FORMAT_AUTO, 400, 250, &error));
  svg_text = read_file (svg, &length);
  g_assert_true (g_str_has_prefix (svg_text, "<?xml") || g_str_has_prefix (svg_text, "<svg"));
  g_assert_nonnull (strstr (svg_text, "width=\"400"));

  /* stacked: one picture of the whole size, each plot a slice of it */
  g_assert_true (mf_export_plots (both, 2, pdf_file, MF_PLOT_FORMAT_AUTO, 500, 600, &error));
  pdf_text = read_file (pdf, &length);
  g_assert_true (g_str_has_prefix (pdf_text, "%PDF"));
  g_assert_true (contains_bytes (pdf_text, length, "/MediaBox [ 0 0 500 600 ]"));
  g_assert_true (mf_export_plots (both, 2, stacked_file, MF_PLOT_FORMAT_PNG, 320, 480, &error));
  image = cairo_image_surface_create_from_png (stacked_png);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 320);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 480);
  cairo_surface_destroy (image);

  /* nothing is left behind but the four files */
  {
    g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
    guint n = 0;

    while (g_dir_read_name (listing) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 4);
  }

  g_unlink (png);
  g_unlink (svg);
  g_unlink (pdf);
  g_unlink (stacked_png);
  g_rmdir (dir);
}

static void
test_export_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-export-XXXXXX", NULL);
  g_autoptr (MfPlot) plot = make_plot ("P1.v", 1);
  g_autofree char *kept = g_build_filename (dir, "kept.png", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-dir", "plot.png", NULL);
  g_autoptr (GFile) kept_file = g_file_new_for_path (kept);
  g_autoptr (GFile) missing_file = g_file_new_for_path (missing);
  g_autoptr (GFile) text_file = g_file_new_build_filename (dir, "plot.txt", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  /* a directory that does not exist: an error naming the file, no crash */
  g_assert_false (mf_export_plots (&plot, 1, missing_file, MF_PLOT_FORMAT_AUTO, 100, 100,
                                   &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* an unknown extension and no format given */
  g_assert_false (mf_export_plots (&plot, 1, text_file, MF_PLOT_FORMAT_AUTO, 100, 100, &error));
  g_assert_error (error, MF_PLOT_ERROR, MF_PLOT_ERROR_FORMAT);
  g_clear_error (&error);

  /* a bad size leaves the file that was there as it was */
  g_assert_true (g_file_set_contents (kept, "old", -1, NULL));
  g_assert_false (mf_export_plots (&plot, 1, kept_file, MF_PLOT_FORMAT_AUTO, 0, 100, &error));
  g_assert_error (error, MF_PLOT_ERROR, MF_PLOT_ERROR_SIZE);
  contents = read_file (kept, &length);
  g_assert_cmpstr (contents, ==, "old");

  g_unlink (kept);
  g_rmdir (dir);
}

/* The file a plot replaces (docs/cli.md, "Output files"): written through a
 * link, which stays, in the mode the file had; a pipe no process reads
 * refused and left; a write that fails half way leaves the old file and no
 * temporary one. */
static void
test_export_destinations (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-export-XXXXXX", NULL);
  g_autoptr (MfPlot) plot = make_plot ("P1.v", 1);
  g_autofree char *target = g_build_filename (dir, "target.svg", NULL);
  g_autofree char *link = g_build_filename (dir, "plot.svg", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.svg", NULL);
  g_autoptr (GFile) link_file = g_file_new_for_path (link);
  g_autoptr (GFile) fifo_file = g_file_new_for_path (fifo);
  g_autoptr (GError) error = NULL;
  g_autofree char *pointed = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *kept = NULL;
  struct rlimit limit, small;
  struct stat st;
  gsize length;
  gboolean ok;

  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (chmod (target, 0600), ==, 0);
  g_assert_cmpint (symlink ("target.svg", link), ==, 0);
  g_assert_true (mf_export_plots (&plot, 1, link_file, MF_PLOT_FORMAT_AUTO, 300, 200, &error));
  g_assert_no_error (error);
  pointed = g_file_read_link (link, NULL);
  g_assert_cmpstr (pointed, ==, "target.svg");
  svg = read_file (target, &length);
  g_assert_nonnull (strstr (svg, "<svg"));
  g_assert_cmpint (stat (target, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);

  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  g_assert_false (mf_export_plots (&plot, 1, fifo_file, MF_PLOT_FORMAT_AUTO, 300, 200, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED);
  g_clear_error (&error);
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  /* files may grow to 100 bytes while the picture is written */
  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  small = limit;
  small.rlim_cur = 100;
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  ok = mf_export_plots (&plot, 1, link_file, MF_PLOT_FORMAT_AUTO, 300, 200, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  signal (SIGXFSZ, SIG_DFL);
  g_assert_false (ok);
  g_assert_nonnull (strstr (error->message, link));
  kept = read_file (target, &length);
  g_assert_cmpstr (kept, ==, "old");

  /* nothing but the three names */
  {
    g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
    guint n = 0;

    while (g_dir_read_name (listing) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 3);
  }
  g_unlink (target);
  g_unlink (link);
  g_unlink (fifo);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/sweep-values/units", test_values_units);
  g_test_add_func ("/app/sweep-values/expressions", test_values_expressions);
  g_test_add_func ("/app/sweep-values/errors", test_values_errors);
  g_test_add_func ("/app/sweep-values/parameters", test_sweep_parameters);
  g_test_add_func ("/app/run-outcome/text", test_outcome);
  g_test_add_func ("/app/run-outcome/stats", test_stats_text);
  g_test_add_func ("/app/export-plots/format-names", test_format_names);
  g_test_add_func ("/app/export-plots/files", test_export_files);
  g_test_add_func ("/app/export-plots/errors", test_export_errors);
  g_test_add_func ("/app/export-plots/destinations", test_export_destinations);
  return g_test_run ();
}
