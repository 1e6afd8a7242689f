/* mf-model.h: a circuit assembled into equations (docs/model.md, "Signs"
 * and "Forces") — nodes from wires, the state vector, the mass matrix M,
 * the constraint rows of W and the forces F(v, x, p_c, t).  Independent of
 * the mode; mf-reduction.h and mf-system.h hold what each mode adds.
 *
 * The full state of a circuit is u = [v; x; p_c]: every branch velocity
 * (pipes, orifices and valves, pistons, masses), every position (pistons,
 * masses) and every compliant node pressure, in document order.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-circuit.h"

G_BEGIN_DECLS

typedef struct _MfModel MfModel;
/* One entry of ∂F/∂u (mf-model-private.h): scratch for mf-linearization.h. */
typedef struct _MfTriplet MfTriplet;

typedef enum
{
  MF_NODE_JUNCTION,   /* incompressible hydraulic node: a row of W, pressure = multiplier */
  MF_NODE_BOUNDARY,   /* holds a tank: pressure known in time */
  MF_NODE_COMPLIANT,  /* holds a volume: pressure is a state */
  MF_NODE_MECHANICAL, /* a point of the mechanical side */
} MfNodeKind;

typedef enum
{
  MF_STATE_VELOCITY,
  MF_STATE_POSITION,
  MF_STATE_PRESSURE,
} MfStateKind;

/* Assembles `circuit`, which must outlive the model.  Fails with
 * MF_ERROR_STRUCTURE naming the component or node when the circuit cannot be
 * written as equations (a mechanical node with no mass and no support, two
 * tanks on one node, a circuit with no state at all, ...). */
MfModel         *mf_model_new (const MfCircuit *circuit,
                               GError         **error);
/* What an error of mf_model_new_located() is about, for a caller that
 * places it in a document. */
typedef enum
{
  MF_MODEL_FAULT_CIRCUIT,   /* the circuit as a whole: its components */
  MF_MODEL_FAULT_COMPONENT, /* circuit->components[index] */
  MF_MODEL_FAULT_MODES,     /* the circuit's modes */
  MF_MODEL_FAULT_INITIAL,   /* circuit->initial[index] */
  MF_MODEL_FAULT_PREFERRED, /* circuit->preferred_states[index] */
} MfModelFaultKind;

typedef struct
{
  MfModelFaultKind kind;
  guint            index;
} MfModelFault;

/* mf_model_new(), and when it fails, in *fault what the error is about. */
MfModel         *mf_model_new_located (const MfCircuit *circuit,
                                       MfModelFault    *fault,
                                       GError         **error);
void             mf_model_free (MfModel *model);

const MfCircuit *mf_model_get_circuit (const MfModel *model);

guint            mf_model_n_nodes (const MfModel *model);
const char      *mf_model_node_name (const MfModel *model,
                                     guint          node);
MfNodeKind       mf_model_node_kind (const MfModel *model,
                                     guint          node);

/* The full state: sizes, names ("P1.v", "C1.x", "V1.p.p") and kinds. */
guint            mf_model_n_velocities (const MfModel *model);
guint            mf_model_n_positions (const MfModel *model);
guint            mf_model_n_pressures (const MfModel *model);
guint            mf_model_n_states (const MfModel *model);
const char      *mf_model_state_name (const MfModel *model,
                                      guint          state);
MfStateKind      mf_model_state_kind (const MfModel *model,
                                      guint          state);
/* Index of an output by name (mf_model_output_name()), or -1. */
int              mf_model_find_output (const MfModel *model,
                                       const char    *name);
/* Index of a state by name, or -1. */
int              mf_model_find_state (const MfModel *model,
                                      const char    *name);
/* The mass m_k of velocity state k (0 for algebraic branches). */
double           mf_model_velocity_mass (const MfModel *model,
                                         guint          velocity);
/* The full state at t = 0: zero but for the document's "initial" values. */
void             mf_model_initial_state (const MfModel *model,
                                         double        *u);

/* Times in [0, t_end] where an input has a kink or a jump (ramp ends, steps,
 * table breakpoints, scheduled mode changes), sorted, without duplicates. */
GArray          *mf_model_breakpoints (const MfModel *model,
                                       double         t_end);

/* The outputs written per sample (docs/cli.md, "CSV"): every
 * state, then every hydraulic node's pressure ("J1.p", "P1.b.p"), then the
 * pressure across every switchable valve ("V1.dp"), then the smallest and
 * largest singular values of the Newton Jacobian of the algebraic states
 * ("solver.sigma_min", "solver.sigma_max"; NaN in modes without them).  The unit is SI as in
 * CSV headers ("m/s", "Pa"). */
guint            mf_model_n_outputs (const MfModel *model);
const char      *mf_model_output_name (const MfModel *model,
                                       guint          output);
const char      *mf_model_output_unit (const MfModel *model,
                                       guint          output);

/* Which components `mode` closes: a new array of one gboolean per
 * component. */
gboolean        *mf_model_mode_closed (const MfModel *model,
                                       guint          mode);
/* "mode 'run'", or "mode 'run' with CV1 closed" when `closed` differs from
 * what the mode lists (valves that switched by themselves). */
char            *mf_model_describe_valves (const MfModel  *model,
                                           guint           mode,
                                           const gboolean *closed);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfModel, mf_model_free)

G_END_DECLS
