/* test-plot-list.c: the document's "plots" section (docs/format.md
 * "Plots") — read, checked at its places with a did-you-mean for names,
 * written back in one order, and round-tripped.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <json-glib/json-glib.h>
#include <string.h>

#include "mf-document.h"
#include "mf-error.h"
#include "mf-plot-list.h"

/* A tank, a pipe and a volume: its outputs include P1.v, P1.q and P1.b.p (the
 * node's pressure is named after its first port, as manifold-cli simulate
 * showed). `plots` goes in last, on
 * line 9 (and on, when it has several lines). */
static char *
circuit_with_plots (const char *plots)
{
  return g_strconcat (
    "{\n"
    "  \"manifold\": 1,\n"
    "  \"components\": [\n"
    "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
    "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 },\n"
    "    { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"1 L\" } ],\n"
    "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"V1.p\"] ],\n"
    "  \"simulation\": { \"t_end\": 0.1 },\n"
    "  \"plots\": ", plots, "\n}\n", NULL);
}

static MfDocument *
load (const char *text, GPtrArray *diagnostics, GError **error)
{
  return mf_document_load_data (text, -1, "plots.manifold", diagnostics, error);
}

static void
test_read (void)
{
  g_autofree char *text = circuit_with_plots (
    "[ { \"y\": [\"P1.v\", \"P1.b.p\"], \"title\": \"Line\" },\n"
    "    { \"kind\": \"xy\", \"x\": \"P1.q\", \"y\": [\"P1.b.p\"], \"log_x\": true,"
    " \"log_y\": false } ]");
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = load (text, NULL, &error);
  const MfPlotList *plots;
  const MfPlotSpec *time, *xy;

  g_assert_no_error (error);
  plots = mf_document_get_plot_list (document);
  g_assert_nonnull (plots);
  g_assert_cmpuint (plots->len, ==, 2);
  time = plots->pdata[0];
  xy = plots->pdata[1];
  /* "kind" left out is a time plot */
  g_assert_cmpint (time->kind, ==, MF_PLOT_KIND_TIME);
  g_assert_cmpstr (time->title, ==, "Line");
  g_assert_null (time->x);
  g_assert_cmpuint (time->y->len, ==, 2);
  g_assert_cmpstr (time->y->pdata[1], ==, "P1.b.p");
  g_assert_false (time->log_x || time->log_y);
  g_assert_cmpint (xy->kind, ==, MF_PLOT_KIND_XY);
  g_assert_cmpstr (xy->x, ==, "P1.q");
  g_assert_true (xy->log_x);
  g_assert_false (xy->log_y);
  g_assert_true (mf_plot_spec_has (xy, "P1.q"));
  g_assert_false (mf_plot_spec_has (xy, "P1.v"));
}

static void
test_without_section (void)
{
  static const char text[] = "{ \"manifold\": 1 }";
  g_autoptr (MfDocument) document = load (text, NULL, NULL);
  g_autofree char *saved = NULL;

  g_assert_nonnull (document);
  g_assert_null (mf_document_get_plot_list (document));
  /* a document without the section saves without one */
  saved = mf_document_to_data (document, NULL);
  g_assert_null (strstr (saved, "plots"));
}

/* Each bad section gives its message at the line and column of the value
 * at fault: line 9 of circuit_with_plots(), whose `  "plots": ` puts the
 * section's first character at column 12, the value at fault as many
 * columns further as it is into the section's text. */
static void
test_errors (void)
{
  static const struct
  {
    const char *plots;
    guint       line, column;
    const char *message;
  } cases[] = {
    { "[]", 9, 12, "'plots' must be an array of one or more plots" },
    { "{}", 9, 12, "'plots' must be an array" },
    { "[ 3 ]", 9, 14, "plots: plot 1 must be an object" },
    { "[ { \"kind\": \"bar\" } ]", 9, 24, "plots: plot 1: 'kind' must be \"time\" or \"xy\"" },
    { "[ {}, { \"x\": \"P1.q\" } ]", 9, 25, "plots: plot 2: a time plot has time along x; "
      "'x' is for \"kind\": \"xy\"" },
    { "[ { \"y\": [\"P1.v\", 2] } ]", 9, 30, "plots: plot 1: 'y' must name an output (\"J1.p\")" },
    { "[ { \"y\": [\"P1.v\", \"P1.v\"] } ]", 9, 30, "plots: plot 1: 'P1.v' is listed twice" },
    { "[ { \"y\": [], \"log_y\": 1 } ]", 9, 34, "plots: plot 1: 'log_y' must be true or false" },
    { "[ { \"log_x\": true } ]", 9, 25, "plots: plot 1: a time plot's x axis is linear; "
      "'log_x' is for \"kind\": \"xy\"" },
    /* names, against the circuit, with the closest one when it is close */
    { "[ { \"y\": [\"P1.v\", \"P1.b.pp\"] } ]", 9, 30, "plots: the circuit has no output 'P1.b.pp' "
      "(did you mean 'P1.b.p'?)" },
    { "[ { \"kind\": \"xy\", \"x\": \"Q9.zzz\" } ]", 9, 35, "plots: the circuit has no output "
      "'Q9.zzz'; 'manifold-cli simulate' names them in its CSV header" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = circuit_with_plots (cases[i].plots);
      g_autoptr (GPtrArray) diagnostics = g_ptr_array_new_with_free_func (
        (GDestroyNotify) mf_diagnostic_free);
      g_autoptr (GError) error = NULL;
      g_autoptr (MfDocument) document = load (text, diagnostics, &error);
      const MfDiagnostic *first;

      g_test_message ("case %u: %s", i, cases[i].plots);
      g_assert_null (document);
      g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
      g_assert_cmpuint (diagnostics->len, >=, 1);
      first = diagnostics->pdata[0];
      g_assert_cmpstr (first->message, ==, cases[i].message);
      g_assert_cmpuint (first->line, ==, cases[i].line);
      g_assert_cmpuint (first->column, ==, cases[i].column);
    }
}

/* An unknown member of a plot is a warning, and the document loads. */
static void
test_unknown_field (void)
{
  g_autofree char *text = circuit_with_plots ("[ { \"y\": [], \"colour\": \"red\" } ]");
  g_autoptr (GPtrArray) diagnostics = g_ptr_array_new_with_free_func (
    (GDestroyNotify) mf_diagnostic_free);
  g_autoptr (MfDocument) document = load (text, diagnostics, NULL);
  const MfDiagnostic *warning;

  g_assert_nonnull (document);
  g_assert_cmpuint (diagnostics->len, ==, 1);
  warning = diagnostics->pdata[0];
  g_assert_cmpint (warning->severity, ==, MF_SEVERITY_WARNING);
  g_assert_cmpstr (warning->message, ==, "plots: plot 1: unknown field 'colour' ignored");
}

/* The writer's form: every member in one order, "kind" always, the rest
 * only when it says something; it loads back to the same layout. */
static void
test_round_trip (void)
{
  g_autoptr (MfPlotList) plots = mf_plot_list_new ();
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autofree char *json = NULL;
  g_autofree char *text = NULL;
  g_autofree char *saved = NULL;
  g_autoptr (MfDocument) document = NULL;
  g_autoptr (MfDocument) again = NULL;
  g_autoptr (GError) error = NULL;
  MfPlotSpec *spec = mf_plot_spec_new (MF_PLOT_KIND_XY);

  g_ptr_array_add (spec->y, g_strdup ("P1.b.p"));
  spec->x = g_strdup ("P1.q");
  spec->log_y = TRUE;
  spec->title = g_strdup ("p–Q");
  g_ptr_array_add (plots, spec);
  spec = mf_plot_spec_new (MF_PLOT_KIND_TIME);
  g_ptr_array_add (spec->y, g_strdup ("P1.v"));
  g_ptr_array_add (plots, spec);

  node = mf_plot_list_to_json (plots);
  json_generator_set_root (generator, node);
  json = json_generator_to_data (generator, NULL);
  g_assert_cmpstr (json, ==, "[{\"kind\":\"xy\",\"title\":\"p–Q\",\"x\":\"P1.q\","
                   "\"y\":[\"P1.b.p\"],\"log_y\":true},{\"kind\":\"time\",\"y\":[\"P1.v\"]}]");

  text = circuit_with_plots (json);
  document = load (text, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (mf_plot_list_equal (mf_document_get_plot_list (document), plots));
  /* load → save → load: the same layout */
  saved = mf_document_to_data (document, NULL);
  again = load (saved, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (mf_plot_list_equal (mf_document_get_plot_list (again), plots));
}

/* mf_plot_list_equal() tells every field apart. */
static void
test_equal (void)
{
  g_autoptr (MfPlotList) a = mf_plot_list_new ();
  g_autoptr (MfPlotList) b = NULL;
  MfPlotSpec *spec = mf_plot_spec_new (MF_PLOT_KIND_TIME);

  g_ptr_array_add (spec->y, g_strdup ("P1.v"));
  g_ptr_array_add (a, spec);
  b = mf_plot_list_copy (a);
  g_assert_true (mf_plot_list_equal (a, b));
  ((MfPlotSpec *) b->pdata[0])->log_y = TRUE;
  g_assert_false (mf_plot_list_equal (a, b));
  ((MfPlotSpec *) b->pdata[0])->log_y = FALSE;
  g_ptr_array_add (((MfPlotSpec *) b->pdata[0])->y, g_strdup ("P1.b.p"));
  g_assert_false (mf_plot_list_equal (a, b));
  g_assert_false (mf_plot_list_equal (a, NULL));
  g_assert_true (mf_plot_list_equal (NULL, NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot-list/read", test_read);
  g_test_add_func ("/plot-list/without-section", test_without_section);
  g_test_add_func ("/plot-list/errors", test_errors);
  g_test_add_func ("/plot-list/unknown-field", test_unknown_field);
  g_test_add_func ("/plot-list/round-trip", test_round_trip);
  g_test_add_func ("/plot-list/equal", test_equal);
  return g_test_run ();
}
