/* test-quantity-names.c: the quantities a plot's list offers
 * (src/app/simulation/mf-quantity-names.c) — a circuit's output names
 * before any run, on a thread as the list asks for them, a document that
 * does not load refused with the loader's message, and the search that
 * filters the list.  No display needed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-quantity-names.h"

/* An orifice between two tanks: one branch, O1, whose velocity is its one
 * state; its flow; the pressures of the two tanks' nodes, each named after
 * its first port in document order (docs/model.md, "Nodes and their
 * names"): T1.p, which comes before O1.a, and O1.b, before T2.p; no switchable
 * valve, no piston; then the solver's three columns.  That is the order of
 * docs/cli.md, "CSV": states, flows, pressures, solver values. */
static const char orifice[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\", \"at\": [0, 0] },\n"
  "    { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"1 mm^2\", \"at\": [60, 0] },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\", \"at\": [120, 0] } ],\n"
  "  \"wires\": [ [\"T1.p\", \"O1.a\"], [\"O1.b\", \"T2.p\"] ] }\n";

static const char *const orifice_names[] = {
  "O1.v", "O1.q", "T1.p.p", "O1.b.p", "solver.sigma_min", "solver.sigma_max", "solver.residual",
  NULL,
};

static void
test_compute (void)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = mf_quantity_names_compute (orifice, -1, "orifice", &error);

  g_assert_no_error (error);
  g_assert_nonnull (names);
  g_assert_cmpstrv (names, orifice_names);
}

static void
on_names (GObject *source, GAsyncResult *result, gpointer data)
{
  char ***names = data;
  g_autoptr (GError) error = NULL;

  *names = mf_quantity_names_finish (result, &error);
  g_assert_no_error (error);
}

static void
test_async (void)
{
  char **names = NULL;

  mf_quantity_names_async (orifice, -1, NULL, on_names, &names);
  while (names == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstrv (names, orifice_names);
  g_strfreev (names);
}

static void
test_bad_document (void)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = mf_quantity_names_compute ("{ \"manifold\": 1, ", -1, "broken", &error);

  g_assert_null (names);
  g_assert_nonnull (error);
  /* the loader's message names the document */
  g_assert_true (g_str_has_prefix (error->message, "broken:"));
}

static void
test_match (void)
{
  /* no search, or only spaces: every name */
  g_assert_true (mf_quantity_names_match ("C1.x", NULL));
  g_assert_true (mf_quantity_names_match ("C1.x", ""));
  g_assert_true (mf_quantity_names_match ("C1.x", "  "));
  /* case ignored, each word anywhere in the name */
  g_assert_true (mf_quantity_names_match ("C1.x", "c1"));
  g_assert_true (mf_quantity_names_match ("C1.x", "X c1"));
  g_assert_true (mf_quantity_names_match ("solver.sigma_min", "sigma min"));
  g_assert_false (mf_quantity_names_match ("C1.x", "c2"));
  g_assert_false (mf_quantity_names_match ("C1.x", "c1 q"));
  g_assert_false (mf_quantity_names_match ("O1.q", "c1"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/quantity-names/compute", test_compute);
  g_test_add_func ("/quantity-names/async", test_async);
  g_test_add_func ("/quantity-names/bad-document", test_bad_document);
  g_test_add_func ("/quantity-names/match", test_match);
  return g_test_run ();
}
