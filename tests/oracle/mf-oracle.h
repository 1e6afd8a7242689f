/* mf-oracle.h: an independent solution of a circuit, for checking the
 * simulator.  It writes the full, unreduced DAE of docs/model.md — every
 * branch velocity, every junction pressure as a Lagrange multiplier, the
 * compliant pressures and the positions as unknowns — and integrates it
 * with SUNDIALS IDA.  Nothing of MfModel, MfSystem or the reduction is
 * used: only the loaded circuit, the expression evaluator and the
 * constitutive laws of mf-friction.h and mf-relief.h.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-circuit.h"

G_BEGIN_DECLS

typedef struct _MfOracle MfOracle;

/* Assembles `circuit` (which must outlive the oracle).  FALSE with a
 * message when the circuit has something the oracle does not model. */
MfOracle   *mf_oracle_new (const MfCircuit *circuit,
                           GError         **error);
void        mf_oracle_free (MfOracle *oracle);

/* The columns of a sample: every state ("P1.v", "C1.x", "V1.p.p"), every
 * branch's flow ("P1.q"), every hydraulic node's pressure ("J1.p") and
 * every valve's "ID.dp". */
guint       mf_oracle_n_columns (const MfOracle *oracle);
const char *mf_oracle_column_name (const MfOracle *oracle,
                                   guint           column);
/* Index of a column by name, or -1. */
int         mf_oracle_find_column (const MfOracle *oracle,
                                   const char     *name);

/* For the velocity and the flow of a massless orifice, valve or check
 * valve, or of a flow control valve's throttle: the factor c of its
 * pressure drop Δp = c x|x| (K/A for v, K/A³ for q, at t = 0).  Such a column is algebraic, fixed by the pressures
 * across it, so near zero flow a pressure error δp moves it by √(δp/c):
 * it is best compared as the pressure drop.  0 for other columns. */
double      mf_oracle_column_drop_factor (const MfOracle *oracle,
                                          guint           column);

/* Solves from t = 0 to the last of `times` (increasing, the first 0) with
 * relative tolerance rtol, writing n_columns values per time into
 * `values`.  FALSE with an error when the solver fails. */
gboolean    mf_oracle_run (MfOracle     *oracle,
                           const double *times,
                           guint         n_times,
                           double        rtol,
                           double       *values,
                           GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfOracle, mf_oracle_free)

G_END_DECLS
