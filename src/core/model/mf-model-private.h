/* mf-model-private.h: the assembled circuit as the reduction and the reduced
 * system read it.  Not for the app or the command line.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-accumulator.h"
#include "mf-flow-control.h"
#include "mf-model.h"
#include "mf-relief.h"
#include "mf-sparse.h"

G_BEGIN_DECLS

#define MF_NONE G_MAXUINT

typedef enum
{
  MF_BRANCH_PIPE,
  MF_BRANCH_ORIFICE, /* orifice, valve, check valve: signed-square law */
  MF_BRANCH_RELIEF,
  /* a pressure-compensated flow control valve: a massless branch whose
   * drop Δp(q) is explicit (mf-flow-control.h) */
  MF_BRANCH_FLOW_CONTROL,
  MF_BRANCH_PISTON,
  MF_BRANCH_MASS,
  /* a gas-charged accumulator: a massless (or light) piston on its gas,
   * its position the fluid volume let in over its port area, with an end
   * stop where that volume is 0 (docs/model.md, "Accumulators") */
  MF_BRANCH_ACCUMULATOR,
  /* a pump's or motor's laminar leak: massless, F = −(A²/k)·v (mf-leak.h) */
  MF_BRANCH_LEAK,
} MfBranchKind;

/* A velocity state. */
typedef struct
{
  guint         component;
  MfBranchKind  kind;
  guint         node[2]; /* hydraulic nodes of ends a/cap and b/rod, or MF_NONE */
  double        coef[2]; /* their entries in W: +A at a, −A at b (piston: +A1, −A2) */
  double        area;    /* reference area: the flow is area × v */
  double        mass;
  guint         position;  /* index among positions, or MF_NONE */
  guint         mech_node; /* piston, mass: its mechanical node */
  gboolean      rotary;    /* inertia, motor: on a shaft (rad/s, rad) */
  /* pipe */
  MfFriction    friction;
  double        length;
  double        diameter;
  double        roughness;
  /* orifice: resistance K = k_area / a(t)^2, in the branch's own velocity */
  double        k_area;
  const MfExpr *opening;   /* NULL when constant */
  double        opening_value;
  /* relief valve, when open */
  MfRelief      relief;
  /* leak: its coefficient k, m³/(s·Pa) */
  double        leakage;
  /* flow control valve: its law, whose setting `flow` is `setting` at t
   * (NULL when constant) */
  MfFlowControl flow_control;
  const MfExpr *setting;
  /* piston */
  double        damping;
  double        stroke;
  /* accumulator */
  MfAccumulator gas;
} MfBranch;

/* A piston's compressible chamber on a compliant node: its capacitance
 * (dead + slope·x)/β, x the piston's position (slope +A_cap on the cap
 * side, −A_rod on the rod side, whose dead part then takes in A_rod·stroke). */
typedef struct
{
  guint  component;
  guint  position; /* index among positions, set once the states are made */
  double fixed;    /* m^3/Pa at x = 0 */
  double slope;    /* m^3/(Pa m) */
} MfChamber;

typedef struct
{
  char         *name;
  MfNodeKind    kind;
  guint         row;        /* junction: its row among the junction rows */
  guint         component;  /* boundary: the tank; compliant: the first volume */
  const MfExpr *pressure;   /* boundary: NULL when constant */
  double        pressure_value;
  guint         state;      /* compliant: index among pressure states */
  double        capacitance;
  gboolean      fixed;      /* mechanical */
  guint         representative; /* mechanical: velocity index of its first mass, or MF_NONE */
  GArray       *inertial;   /* mechanical: velocity indices of the masses and pistons on it */
  gboolean      rotary;     /* mechanical: a shaft's node (inertias, motors) */
  guint         n_ends;     /* hydraulic: branch and source ends that meet here */
  GArray       *chambers;   /* compliant: MfChamber of pistons' chambers, or NULL */
} MfNode;

/* flow sources and pumps, springs, dampers, forces (and their rotary twins) */
typedef struct
{
  guint         component;
  guint         node[2];
  const MfExpr *value;    /* flow, a pump's speed, or force; NULL when constant */
  double        constant; /* flow, speed, force, stiffness or damping */
  double        preload;
  /* a pump's flow is scale · value · fraction (docs/model.md, "Pumps"):
   * scale = η_v·D, fraction 1 but for a variable pump */
  double        scale;
  const MfExpr *fraction;  /* NULL when constant */
  double        fraction_value;
} MfElement;

/* A mechanical constraint row: v[a] − v[b] = 0, or v[a] = 0 when b is MF_NONE. */
typedef struct
{
  guint a;
  guint b;
} MfLink;

/* One entry of ∂F/∂u: row is a velocity, col an index into u. */
struct _MfTriplet
{
  guint  row;
  guint  col;
  double value;
};

struct _MfModel
{
  const MfCircuit *circuit;
  GArray          *nodes;       /* MfNode */
  guint           *port_offset; /* per component: first index into port_node */
  guint           *port_node;
  GArray          *branches;    /* MfBranch, one per velocity */
  guint            n_positions;
  guint           *position_branch; /* per position: its velocity */
  guint            n_pressures;
  guint           *pressure_node;   /* per pressure state: its node */
  GArray          *sources;
  GArray          *springs;
  GArray          *dampers;
  GArray          *forces;
  guint            n_junction_rows;
  guint           *junction_node;   /* per junction row: its node */
  GArray          *links;           /* MfLink */
  GPtrArray       *link_names;
  GPtrArray       *state_names;
  GHashTable      *state_index; /* state name → its index + 1 (names owned by state_names) */
  GHashTable      *output_index; /* output name → its index + 1 (names owned by output_names) */
  GPtrArray       *output_names;
  GPtrArray       *output_units;
  guint            n_flow_outputs;
  GArray          *pressure_output_nodes; /* guint: nodes whose pressure is an output */
  GArray          *valve_outputs;         /* guint: velocity indices of switchable valves
                                           * and of flow control valves */
  GArray          *stop_outputs;          /* guint: velocity indices of pistons with end stops
                                           * and of accumulators */
  GArray          *flow_outputs;          /* guint: indices into sources of the flow sources */
  GArray          *pump_outputs;          /* guint: indices into sources of the pumps */
  GPtrArray       *notes;                 /* char*: remarks in words (unconnected ports) */
  guint            n_triplets;            /* size of ∂F/∂u's pattern */
  GPtrArray       *bound;                 /* MfExpr: values with names, bound to u */
  /* > 0 only while a cold start of the algebraic states is being found
   * (mf-dae.c): the orifice law K v|v| is smoothed to K v √(v² + r²), r
   * in m/s, nearly linear for |v| ≪ r and so regular at zero flow; a flow
   * control valve's throttle alike. */
  double           smoothing;
};

static inline const MfBranch *
mf_model_branch (const MfModel *model, guint velocity)
{
  return &g_array_index (model->branches, MfBranch, velocity);
}

static inline const MfComponent *
component_at (const MfCircuit *circuit, guint index)
{
  return g_ptr_array_index (circuit->components, index);
}

static inline const MfNode *
mf_model_node (const MfModel *model, guint node)
{
  return &g_array_index (model->nodes, MfNode, node);
}

/* The node a port is wired into. */
guint  mf_model_port_node (const MfModel *model,
                           guint          component,
                           guint          port);

/* F(u, t): the forces on every velocity state besides the junction
 * pressures (docs/model.md, "Forces").  Allocation-free. */
void   mf_model_forces (const MfModel *model,
                        double         t,
                        const double  *u,
                        double        *f);
/* Per velocity state, the sum of the magnitudes of the terms of F(u, t): the
 * scale against which a residual of F is small.  Allocation-free. */
void   mf_model_force_magnitudes (const MfModel *model,
                                  double         t,
                                  const double  *u,
                                  double        *f);
/* ∂F/∂u at (u, t) as model->n_triplets entries (duplicates add up). */
void   mf_model_force_jacobian (const MfModel *model,
                                double         t,
                                const double  *u,
                                MfTriplet     *entries);
/* The flow source or pump `e`'s flow at (t, u), its names reading u, and,
 * when `rate` is not NULL, its derivative along the direction (dt, du): dt
 * = 1 with du = u' the total derivative along a trajectory, du NULL
 * holding the names still. */
double mf_model_source_flow (const MfElement *e,
                             double           t,
                             const double    *u,
                             double           dt,
                             const double    *du,
                             double          *rate);
/* Adds weight · ∂(flow of e)/∂z_j at (t, u) into out[j · stride] for each
 * position or pressure state z_j its values name (u = [v | z]; velocities
 * are refused there).  Allocation-free. */
void   mf_model_source_add_gradient (const MfModel   *model,
                                     const MfElement *e,
                                     double           t,
                                     const double    *u,
                                     double           weight,
                                     double          *out,
                                     gsize            stride);
/* Whether a source's flow, speed or fraction names the run's quantities. */
gboolean mf_model_source_follows_state (const MfElement *e);
/* A pump's shaft torque D·ε·(p_b − p_a)/η_m from the pressures at its ports,
 * its fraction ε at (t, u). */
double mf_model_pump_torque (const MfModel   *model,
                             const MfElement *e,
                             double           t,
                             const double    *u,
                             double           p_a,
                             double           p_b);
/* q_s(t, u) and its derivative along (1, du) (du NULL: in t alone), per
 * junction row (W v = q_s).  Allocation-free. */
void   mf_model_source_flows (const MfModel *model,
                              double         t,
                              const double  *u,
                              const double  *du,
                              double        *q,
                              double        *q_dot);
/* p_c' for every compliant node.  Allocation-free. */
void   mf_model_pressure_rates (const MfModel *model,
                                double         t,
                                const double  *u,
                                double        *p_dot);
/* A compliant node's capacitance at the state u: its volumes' and its
 * pistons' chambers' (with u NULL, the chambers at x = 0). */
double mf_model_node_capacitance (const MfModel *model,
                                  guint          node,
                                  const double  *u);
/* The pressure of hydraulic node n at (u, t) when it is not a junction. */
double mf_model_known_pressure (const MfModel *model,
                                guint          node,
                                double         t,
                                const double  *u);

/* Whether velocity k can be held at 0 by a row of its own: a switchable
 * valve (closed), a piston with a finite stroke (at an end stop), an
 * orifice or valve whose time-varying area closes it (mf-events.h), or one
 * whose constant area is zero. */
gboolean mf_model_branch_can_close (const MfModel *model,
                                    guint          velocity);
/* The row mf_model_constraints() gives velocity k when `closed`
 * holds it at 0, or MF_NONE. */
guint  mf_model_closing_row (const MfModel  *model,
                             const gboolean *closed,
                             guint           velocity);

/* The most rows W can have: every valve closed and every piston at a stop. */
guint  mf_model_max_rows (const MfModel *model);
/* Rows of W with the valves `closed` (per component) closed, as a sparse
 * matrix (rows × velocities): junction rows, link rows, then one per closed
 * valve or piston held at an end stop; their names into `names` (may be
 * NULL; new strings, at least mf_model_max_rows () places). */
MfSparse *mf_model_constraints (const MfModel  *model,
                                const gboolean *closed,
                                char          **names);

/* An orifice closes when its area falls to this fraction of its port area
 * (docs/model.md, "Orifices that close"). */
#define MF_MODEL_AREA_EPS 1e-9

/* The area of orifice branch b at (t, u): one that follows the state is
 * held at the closing threshold beyond it. */
double mf_model_orifice_area (const MfModel  *model,
                              const MfBranch *b,
                              double          t,
                              const double   *u);

/* The orifice law's force of branch b at velocity v and state u. */
double mf_model_orifice_force (const MfModel  *model,
                               const MfBranch *b,
                               double          t,
                               double          v,
                               const double   *u);

/* mf-model-nodes.c: the nodes from the wires; what each one is (fails
 * saying why a node cannot be what its components make it); each chamber's
 * piston position once the states are made. */
void       mf_model_node_clear (MfNode *node);
void       mf_model_build_nodes (MfModel *model);
MfNode    *mf_model_port_node_of (MfModel *model,
                                  guint    component,
                                  guint    port);
gboolean   mf_model_classify_nodes (MfModel      *model,
                                    MfModelFault *fault,
                                    GError      **error);
void       mf_model_find_chamber_positions (MfModel *model);

/* mf-model-branches.c: whether components of `type` carry a velocity, and
 * the branch component `c` makes (its ends on the nodes already built). */
gboolean   mf_model_has_velocity (MfComponentType type);
MfBranch   mf_model_make_branch (MfModel *model,
                                 guint    c);

/* mf-model-feedback.c: binds the names that areas, forces and tank
 * pressures use to the state (docs/model.md, "Feedback"), or fails saying
 * which name cannot be used and why; the entries of ∂F/∂u those names add
 * (how many, and after `out`, returning the end). */
gboolean   mf_model_bind_feedback (MfModel      *model,
                                   MfModelFault *fault,
                                   GError      **error);
guint      mf_model_feedback_triplets (const MfModel *model);
MfTriplet *mf_model_feedback_jacobian (const MfModel *model,
                                       double         t,
                                       const double  *u,
                                       MfTriplet     *out);
/* The same entries as the structure reads them: where a name enters F
 * whatever its slope at (t, u) (a clamp held at a bound keeps its
 * coupling), nonzero. */
MfTriplet *mf_model_feedback_generic (const MfModel *model,
                                      double         t,
                                      const double  *u,
                                      MfTriplet     *out);

G_END_DECLS
