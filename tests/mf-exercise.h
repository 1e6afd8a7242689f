/* mf-exercise.h: everything a user could make a document go through, for
 * the tests and fuzz targets that feed the core bad or random input
 * (tests/test-fuzz.c, fuzz/fuzz-document.c): load it, save it and load the
 * saved text, assemble the model, analyse every mode, and run a short
 * simulation whose samples go to the CSV writer.
 *
 * Any failure must be a GError with a message; anything else — a crash, a
 * critical warning, a document that loads but whose saved text does not,
 * an error without a message — ends the process through g_assert, which is
 * what a test and a fuzzer both report.
 *
 * The simulation is bounded, so that a circuit that is merely slow (a stiff
 * one on an explicit method, steps of 1e-11 s) never looks like a hang: at
 * most MF_EXERCISE_T_END of simulated time, and a watchdog thread cancels
 * the run, as the app's Stop button would, once it has spent
 * MF_EXERCISE_WORK_BUDGET integration steps plus right-hand-side
 * evaluations, or MF_EXERCISE_SECONDS of wall time on a step that counts
 * neither.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-circuit.h"

G_BEGIN_DECLS

#define MF_EXERCISE_T_END       0.02
#define MF_EXERCISE_WORK_BUDGET 5000
#define MF_EXERCISE_SECONDS     1.0

/* How far an input got. */
typedef enum
{
  MF_EXERCISE_REFUSED_ON_LOAD,     /* the loader refused it */
  MF_EXERCISE_REFUSED_ON_ASSEMBLY, /* mf_model_new refused it */
  MF_EXERCISE_NOT_RUN,             /* mf_simulate refused, failed, or was cancelled */
  MF_EXERCISE_RAN,                 /* the short run reached its end */
  MF_EXERCISE_N_OUTCOMES
} MfExerciseOutcome;

/* Tallies over many inputs; each call adds one input. */
typedef struct
{
  guint64 inputs;
  guint64 outcomes[MF_EXERCISE_N_OUTCOMES];
  guint64 integrated; /* mf_simulate took at least one integration step */
  guint64 cut;        /* cancelled by the watchdog */
} MfExerciseCounts;

/* `text` need not be NUL-terminated.  `counts` may be NULL. */
MfExerciseOutcome mf_exercise_document (const char       *text,
                                        gsize             length,
                                        MfExerciseCounts *counts);
/* From the assembly on, for a circuit built without a document. */
MfExerciseOutcome mf_exercise_circuit (const MfCircuit  *circuit,
                                       MfExerciseCounts *counts);

/* The tallies in one line: "N inputs: X% loaded, Y% assembled, ...". */
char *mf_exercise_counts_describe (const MfExerciseCounts *counts);

G_END_DECLS
