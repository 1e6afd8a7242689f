/* test-run-sidecar.c: the runs kept beside a document
 * (src/app/simulation/mf-run-sidecar.c) — written and read back with the
 * same samples bit for bit, columns, units, modes and their names, event
 * log (switches and a run of SVD fallbacks), label, provenance, method,
 * statistics, outcome (a failure with its message) and "shown", in the
 * same order and with the count the next run numbers after; a live run
 * left out; no runs: no file; a missing file: no runs, no error; a file
 * that is not a runs file: an error naming it.  Runs made while a file
 * was being read put after its runs and numbered on after them; a write
 * and a read asked of the worker (mf-run-sidecar-queue.c) done in the
 * order asked.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-run-sidecar.h"
#include "mf-run-sidecar-queue.h"

/* Run k: 4 samples of P1.v (m/s) and J1.p (Pa), a switch, a run of three
 * SVD fallbacks, two modes, what it ran with, statistics; run 1 failed. */
static MfRunRecord *
record_new (guint k)
{
  g_autofree char *label = g_strdup_printf ("Run %u", k + 1);
  MfRunRecord *record = mf_run_record_new (label);
  const char *names[] = { "P1.v", "J1.p" }, *units[] = { "m/s", "Pa" };
  const char *const modes[] = { "extend", "retract", NULL };
  const char *params[] = { "C1.mass", "O1.area" }, *values[] = { "2 kg", "4 mm²" };
  MfSimLogEntry event = { MF_SIM_LOG_EVENT, 0.125, 0.125, 0, "CV1", "open", "closed", NULL };
  MfSimLogEntry fallbacks = { MF_SIM_LOG_FALLBACKS, 0.2, 0.25, 3, NULL, NULL, NULL,
                              "O1.v, O2.v" };
  MfSimulationStats stats = { .steps = 1478 + k, .rejected_steps = 12, .mode_switches = 2,
                              .energy_lost = 1.0 / 3.0, .residual = 1e-12, .wall_time = 0.21 };
  g_autoptr (GError) error = g_error_new_literal (MF_ERROR, MF_ERROR_SOLVER,
                                                  "Failed at t = 0.3 s: the step size fell");

  mf_run_record_set_provenance (record, mf_run_provenance_new ("msbdf, rtol 1e-6, atol 1e-9", 2,
                                                               params, values));
  mf_run_record_begin_segment (record, 2, names, units);
  for (guint i = 0; i < 4; i++)
    mf_run_record_append (record, i / 10.0, i / 2,
                          (const double[]) { (i + k) / 3.0, 1e5 + i * G_PI });
  mf_run_record_set_mode_names (record, modes);
  mf_run_record_add_log (record, &event);
  mf_run_record_add_log (record, &fallbacks);
  mf_run_record_set_method (record, "msbdf");
  mf_run_record_set_stats (record, &stats);
  mf_run_record_set_outcome (record, k == 1 ? MF_SIM_STATUS_FAILED : MF_SIM_STATUS_FINISHED,
                             error);
  mf_run_record_set_shown (record, k == 0);
  return record;
}

/* Runs 1 to `n` of record_new(), in a list. */
static GListStore *
runs_new (guint n)
{
  GListStore *runs = g_list_store_new (MF_TYPE_RUN_RECORD);

  for (guint k = 0; k < n; k++)
    {
      g_autoptr (MfRunRecord) record = record_new (k);

      g_list_store_append (runs, record);
    }
  return runs;
}

static void
assert_same_record (MfRunRecord *a, MfRunRecord *b)
{
  guint n = mf_run_record_get_n_samples (a);
  const MfRunProvenance *pa = mf_run_record_get_provenance (a);
  const MfRunProvenance *pb = mf_run_record_get_provenance (b);

  g_assert_cmpstr (mf_run_record_get_label (a), ==, mf_run_record_get_label (b));
  g_assert_cmpuint (n, ==, mf_run_record_get_n_samples (b));
  g_assert_cmpmem (mf_run_record_get_times (a), n * sizeof (double),
                   mf_run_record_get_times (b), n * sizeof (double));
  g_assert_cmpmem (mf_run_record_get_modes (a), n * sizeof (guint),
                   mf_run_record_get_modes (b), n * sizeof (guint));
  g_assert_cmpuint (mf_run_record_get_n_columns (a), ==, mf_run_record_get_n_columns (b));
  for (guint c = 0; c < mf_run_record_get_n_columns (a); c++)
    {
      g_assert_cmpstr (mf_run_record_get_column_name (a, c), ==,
                       mf_run_record_get_column_name (b, c));
      g_assert_cmpstr (mf_run_record_get_column_unit (a, c), ==,
                       mf_run_record_get_column_unit (b, c));
      g_assert_cmpmem (mf_run_record_get_column (a, c), n * sizeof (double),
                       mf_run_record_get_column (b, c), n * sizeof (double));
    }
  for (guint m = 0; m < 3; m++)
    g_assert_cmpstr (mf_run_record_get_mode_name (a, m), ==, mf_run_record_get_mode_name (b, m));
  g_assert_cmpuint (mf_run_record_get_n_log (a), ==, mf_run_record_get_n_log (b));
  for (guint i = 0; i < mf_run_record_get_n_log (a); i++)
    {
      const MfSimLogEntry *x = mf_run_record_get_log (a, i), *y = mf_run_record_get_log (b, i);

      g_assert_cmpint (x->kind, ==, y->kind);
      g_assert_cmpfloat (x->t, ==, y->t);
      g_assert_cmpfloat (x->t_last, ==, y->t_last);
      g_assert_cmpuint (x->steps, ==, y->steps);
      g_assert_cmpstr (x->component, ==, y->component);
      g_assert_cmpstr (x->from, ==, y->from);
      g_assert_cmpstr (x->to, ==, y->to);
      g_assert_cmpstr (x->states, ==, y->states);
    }
  g_assert_cmpstr (mf_run_record_get_method (a), ==, mf_run_record_get_method (b));
  g_assert_cmpmem (mf_run_record_get_stats (a), sizeof (MfSimulationStats),
                   mf_run_record_get_stats (b), sizeof (MfSimulationStats));
  g_assert_cmpstr (mf_run_record_get_summary (a), ==, mf_run_record_get_summary (b));
  g_assert_cmpint (mf_run_record_get_status (a), ==, mf_run_record_get_status (b));
  g_assert_cmpstr (mf_run_record_get_error (a) != NULL ? mf_run_record_get_error (a)->message
                                                       : NULL, ==,
                   mf_run_record_get_error (b) != NULL ? mf_run_record_get_error (b)->message
                                                       : NULL);
  g_assert_cmpint (mf_run_record_get_shown (a), ==, mf_run_record_get_shown (b));
  g_assert_cmpstr (mf_run_provenance_get_settings (pa), ==, mf_run_provenance_get_settings (pb));
  g_assert_cmpuint (mf_run_provenance_get_n_params (pa), ==, mf_run_provenance_get_n_params (pb));
  for (guint i = 0; i < mf_run_provenance_get_n_params (pa); i++)
    {
      g_assert_cmpstr (mf_run_provenance_get_name (pa, i), ==, mf_run_provenance_get_name (pb, i));
      g_assert_cmpstr (mf_run_provenance_get_value (pa, i), ==,
                       mf_run_provenance_get_value (pb, i));
    }
}

static GFile *
document_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("mf-run-sidecar-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "circuit.manifold", NULL);

  return g_file_new_for_path (path);
}

static void
test_name (void)
{
  g_autoptr (GFile) document = g_file_new_for_path ("/tmp/a b/circuit.manifold");
  g_autoptr (GFile) sidecar = mf_run_sidecar_file (document);
  g_autofree char *path = g_file_get_path (sidecar);

  g_assert_cmpstr (path, ==, "/tmp/a b/circuit.manifold.runs.h5");
}

static void
test_round_trip (void)
{
  g_autoptr (GFile) document = document_file ();
  g_autoptr (GFile) sidecar = mf_run_sidecar_file (document);
  g_autoptr (GListStore) runs = runs_new (3);
  g_autoptr (MfRunRecord) live = mf_run_record_new ("Run 4");
  g_autoptr (GPtrArray) back = NULL;
  g_autoptr (GError) error = NULL;
  guint n_made = 0;

  /* a run still going is not kept */
  mf_run_record_set_status (live, MF_SIM_STATUS_RUNNING);
  g_list_store_append (runs, live);
  g_assert_true (mf_run_sidecar_save (G_LIST_MODEL (runs), NULL, 4, document, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_query_exists (sidecar, NULL));

  back = mf_run_sidecar_load (document, &n_made, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_assert_cmpuint (back->len, ==, 3);
  g_assert_cmpuint (n_made, ==, 4);
  for (guint k = 0; k < 3; k++)
    {
      g_autoptr (MfRunRecord) record = g_list_model_get_item (G_LIST_MODEL (runs), k);

      assert_same_record (record, g_ptr_array_index (back, k));
    }
  /* the failed run's message; its summary from the kept statistics */
  g_assert_cmpstr (mf_run_record_get_error (g_ptr_array_index (back, 1))->message, ==,
                   "Failed at t = 0.3 s: the step size fell");
  g_assert_nonnull (strstr (mf_run_record_get_summary (g_ptr_array_index (back, 0)), "msbdf"));
}

/* The current run is stored as shown, whatever its "shown" says. */
static void
test_current_shown (void)
{
  g_autoptr (GFile) document = document_file ();
  g_autoptr (GListStore) runs = g_list_store_new (MF_TYPE_RUN_RECORD);
  g_autoptr (MfRunRecord) record = record_new (2);
  g_autoptr (GPtrArray) back = NULL;
  guint n_made = 0;

  g_assert_false (mf_run_record_get_shown (record));
  g_list_store_append (runs, record);
  g_assert_true (mf_run_sidecar_save (G_LIST_MODEL (runs), record, 1, document, NULL));
  back = mf_run_sidecar_load (document, &n_made, NULL);
  g_assert_true (mf_run_record_get_shown (g_ptr_array_index (back, 0)));
}

static void
test_none (void)
{
  g_autoptr (GFile) document = document_file ();
  g_autoptr (GFile) sidecar = mf_run_sidecar_file (document);
  g_autoptr (GListStore) runs = g_list_store_new (MF_TYPE_RUN_RECORD);
  g_autoptr (MfRunRecord) record = record_new (0);
  g_autoptr (GPtrArray) back = NULL;
  g_autoptr (GError) error = NULL;
  guint n_made = 7;

  /* no file: no runs, no error */
  back = mf_run_sidecar_load (document, &n_made, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->len, ==, 0);
  g_assert_cmpuint (n_made, ==, 0);

  /* every run deleted: the old file goes, or it would bring them back */
  g_list_store_append (runs, record);
  g_assert_true (mf_run_sidecar_save (G_LIST_MODEL (runs), NULL, 1, document, NULL));
  g_assert_true (g_file_query_exists (sidecar, NULL));
  g_list_store_remove_all (runs);
  g_assert_true (mf_run_sidecar_save (G_LIST_MODEL (runs), NULL, 1, document, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_query_exists (sidecar, NULL));
  /* and nothing to remove is no error either */
  g_assert_true (mf_run_sidecar_save (G_LIST_MODEL (runs), NULL, 1, document, &error));
  g_assert_no_error (error);
}

static void
test_foreign (void)
{
  g_autoptr (GFile) document = document_file ();
  g_autoptr (GFile) sidecar = mf_run_sidecar_file (document);
  g_autofree char *path = g_file_get_path (sidecar);
  g_autoptr (GError) error = NULL;
  guint n_made;

  g_assert_true (g_file_set_contents (path, "t,P1.v\n0,1\n", -1, NULL));
  g_assert_null (mf_run_sidecar_load (document, &n_made, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "circuit.manifold.runs.h5"));
}

static void
test_renumber (void)
{
  g_autofree char *moved = mf_run_sidecar_renumber ("Run 2", 2, 5);
  g_autofree char *past = mf_run_sidecar_renumber ("Run 3", 2, 5);
  g_autofree char *other = mf_run_sidecar_renumber ("O1.area = 4 mm²", 2, 5);

  /* the pane's second of two, after 5 made before it: 2 + 5 = 7 */
  g_assert_cmpstr (moved, ==, "Run 7");
  /* not one the pane numbered, nor a sweep's */
  g_assert_null (past);
  g_assert_null (other);
}

static void
test_merge (void)
{
  g_autoptr (GFile) document = document_file ();
  /* the file: "Run 1" and "Run 2", numbered up to 4 (two were deleted) */
  g_autoptr (GListStore) runs = runs_new (2);
  g_autoptr (GListStore) meanwhile = g_list_store_new (MF_TYPE_RUN_RECORD);
  g_autoptr (MfRunRecord) sweep = record_new (0);
  g_autoptr (GPtrArray) stored = NULL;
  g_autoptr (GPtrArray) back = NULL;
  g_autoptr (GError) error = NULL;
  guint n_made = 0;

  g_assert_true (mf_run_sidecar_save (G_LIST_MODEL (runs), NULL, 4, document, NULL));

  /* made while it was read: the pane's "Run 1" and a sweep's run */
  {
    g_autoptr (MfRunRecord) record = record_new (0);

    g_list_store_append (meanwhile, record);
  }
  mf_run_record_set_label (sweep, "O1.area = 4 mm²");
  g_list_store_append (meanwhile, sweep);
  stored = mf_run_sidecar_snapshot (G_LIST_MODEL (meanwhile), NULL);
  n_made = 1;
  g_assert_true (mf_run_sidecar_merge (stored, &n_made, document, &error));
  g_assert_no_error (error);
  g_assert_true (mf_run_sidecar_write (stored, n_made, document, &error));
  g_assert_no_error (error);

  back = mf_run_sidecar_load (document, &n_made, &error);
  g_assert_no_error (error);
  /* 2 kept + 2 made meanwhile; numbered up to 4 + 1 = 5 */
  g_assert_cmpuint (back->len, ==, 4);
  g_assert_cmpuint (n_made, ==, 5);
  g_assert_cmpstr (mf_run_record_get_label (g_ptr_array_index (back, 0)), ==, "Run 1");
  g_assert_cmpstr (mf_run_record_get_label (g_ptr_array_index (back, 1)), ==, "Run 2");
  g_assert_cmpstr (mf_run_record_get_label (g_ptr_array_index (back, 2)), ==, "Run 5");
  g_assert_cmpstr (mf_run_record_get_label (g_ptr_array_index (back, 3)), ==, "O1.area = 4 mm²");
}

static void
saved (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_run_sidecar_save_finish (result, &error));
  g_assert_no_error (error);
  *(guint *) data = 1;
}

static void
loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;
  guint n_made = 0;
  GPtrArray *records = mf_run_sidecar_load_finish (result, &n_made, &error);

  g_assert_no_error (error);
  *(GPtrArray **) data = records;
}

static void
test_queue_order (void)
{
  g_autoptr (GFile) document = document_file ();
  g_autoptr (GListStore) runs = runs_new (3);
  g_autoptr (GPtrArray) back = NULL;
  guint written = 0;

  /* asked one after the other, nothing waited for in between */
  mf_run_sidecar_save_async (mf_run_sidecar_snapshot (G_LIST_MODEL (runs), NULL), 3, document,
                             NULL, saved, &written);
  mf_run_sidecar_load_async (document, loaded, &back);
  g_assert_cmpuint (mf_run_sidecar_get_pending (), ==, 2);
  while (mf_run_sidecar_get_pending () > 0)
    g_main_context_iteration (NULL, TRUE);
  /* the read found what the write asked before it wrote */
  g_assert_cmpuint (written, ==, 1);
  g_assert_nonnull (back);
  g_assert_cmpuint (back->len, ==, 3);
  for (guint k = 0; k < 3; k++)
    {
      g_autoptr (MfRunRecord) record = g_list_model_get_item (G_LIST_MODEL (runs), k);

      assert_same_record (record, g_ptr_array_index (back, k));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/run-sidecar/name", test_name);
  g_test_add_func ("/run-sidecar/round-trip", test_round_trip);
  g_test_add_func ("/run-sidecar/current-shown", test_current_shown);
  g_test_add_func ("/run-sidecar/none", test_none);
  g_test_add_func ("/run-sidecar/foreign", test_foreign);
  g_test_add_func ("/run-sidecar/renumber", test_renumber);
  g_test_add_func ("/run-sidecar/merge", test_merge);
  g_test_add_func ("/run-sidecar/queue-order", test_queue_order);
  return g_test_run ();
}
