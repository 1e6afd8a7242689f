/* mf-test-circuit.h: circuits for tests, written as inline JSON.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-document.h"
#include "mf-model.h"

/* A pipe from a tank at 10 bar feeding two massless orifices in parallel to
 * a tank at 0: continuity leaves one orifice velocity independent and
 * without mass, so M̄ is singular and the equations are index 1. */
#define MF_TEST_PARALLEL_ORIFICES \
  "{ \"manifold\": 1, \"components\": [" \
  "  { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" }," \
  "  { \"id\": \"T2\", \"type\": \"tank\" }," \
  "  { \"id\": \"P\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 }," \
  "  { \"id\": \"O1\", \"type\": \"orifice\", \"area\": 1e-5 }," \
  "  { \"id\": \"O2\", \"type\": \"orifice\", \"area\": 2e-5 } ]," \
  "  \"wires\": [ [\"T1.p\", \"P.a\"], [\"P.b\", \"O1.a\"], [\"P.b\", \"O2.a\"]," \
  "    [\"O1.b\", \"T2.p\"], [\"O2.b\", \"T2.p\"] ] }"

/* A loaded document and its assembled model; free with mf_test_circuit_free. */
typedef struct
{
  MfDocument *document;
  MfModel    *model;
} MfTestCircuit;

static inline void
mf_test_circuit_free (MfTestCircuit *tc)
{
  mf_model_free (tc->model);
  mf_document_free (tc->document);
  g_free (tc);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfTestCircuit, mf_test_circuit_free)

/* Takes `document` and assembles it; the model error, if any, goes to
 * `error` and the model is NULL. */
static inline MfTestCircuit *
mf_test_circuit_assemble (MfDocument *document, GError **error)
{
  MfTestCircuit *tc = g_new0 (MfTestCircuit, 1);

  tc->document = document;
  tc->model = mf_model_new (mf_document_get_circuit (tc->document), error);
  return tc;
}

/* Loads `json` (which must be valid) and assembles it; the model error, if
 * any, goes to `error` and the model is NULL. */
static inline MfTestCircuit *
mf_test_circuit_load (const char *json, GError **error)
{
  g_autoptr (GError) load_error = NULL;
  MfDocument *document = mf_document_load_data (json, -1, "<test>", NULL, &load_error);

  g_assert_no_error (load_error);
  return mf_test_circuit_assemble (document, error);
}

/* Loads and assembles `json`; either failing fails the test. */
static inline MfTestCircuit *
mf_test_circuit_new (const char *json)
{
  g_autoptr (GError) error = NULL;
  MfTestCircuit *tc = mf_test_circuit_load (json, &error);

  g_assert_no_error (error);
  return tc;
}

/* Loads and assembles the file at `path`; either failing fails the test. */
static inline MfTestCircuit *
mf_test_circuit_new_from_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  MfDocument *document = mf_document_load_file (path, NULL, &error);
  MfTestCircuit *tc;

  g_assert_no_error (error);
  tc = mf_test_circuit_assemble (document, &error);
  g_assert_no_error (error);
  return tc;
}

/* Index of an output by name; fails the test if there is none. */
static inline guint
mf_test_output (const MfModel *model, const char *name)
{
  for (guint i = 0; i < mf_model_n_outputs (model); i++)
    if (g_strcmp0 (mf_model_output_name (model, i), name) == 0)
      return i;
  g_error ("no output '%s'", name);
  return 0;
}
