/* mf-oracle-private.h: what the oracle builds from a circuit (mf-oracle.c),
 * its equations (mf-oracle-equations.c), its consistent states
 * (mf-oracle-consistent.c) and its integration (mf-oracle-run.c).
 *
 * The unknowns are y = [v; x; p; λ]: a velocity per branch, a position per
 * piston or mass, a pressure per compliant node, and a multiplier per
 * constraint row.  Rows are, in this order, one per incompressible junction
 * (continuity, its multiplier is the junction's pressure), one per extra
 * inertial member of a mechanical node (it moves with the first) or per
 * member of a fixed node (it stands still), and one per switchable valve
 * or piston with end stops (v = 0 while it is closed or at a stop,
 * multiplier 0 otherwise), so the size of y never changes with the mode.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

#include "mf-flow-control.h"
#include "mf-oracle.h"
#include "mf-relief.h"

typedef enum
{
  OR_NODE_JUNCTION,
  OR_NODE_TANK,
  OR_NODE_VOLUME,
  OR_NODE_MECHANICAL,
} OrNodeKind;

typedef struct
{
  OrNodeKind     kind;
  char          *name;
  MfExpr        *pressure;    /* tank: its own copy, bound (mf-oracle-values.c) */
  double         capacitance; /* volume: sum over its volumes, m^3/Pa */
  int            index;       /* junction: its row; volume: its pressure; else -1 */
  gboolean       fixed;       /* mechanical */
  int            carrier;     /* mechanical, not fixed: the first inertial branch, or -1 */
} OrNode;

typedef enum
{
  OR_BRANCH_PIPE,
  OR_BRANCH_ORIFICE, /* orifice, valve, check valve */
  OR_BRANCH_RELIEF,
  OR_BRANCH_FLOW_CONTROL, /* its setting read at t from its component */
  OR_BRANCH_PISTON, /* and a hydraulic motor, its areas D on a shaft, and an accumulator */
  OR_BRANCH_MASS,   /* and an inertia */
  OR_BRANCH_LEAK,   /* a pump's or motor's laminar leak: Δp = (A/k)·v */
} OrBranchKind;

/* How an orifice's area a follows its opening value s. */
typedef enum
{
  OR_AREA_PLAIN,       /* a = s: an orifice's or valve's area */
  OR_AREA_CLAMPED,     /* a = full·clamp(gain·s + offset, 0, 1): a spool's working path,
                          a reducing valve on its outlet's pressure */
  OR_AREA_CLAMPED_ABS, /* the same of |s|: a spool's centre path */
} OrAreaShape;

typedef struct
{
  OrBranchKind       kind;
  char              *id;       /* the component's, or "DV1.pa" for a spool's path */
  const MfComponent *component; /* a spool's path: its valve */
  guint              component_index;
  int                node[2];  /* hydraulic nodes at a (cap) and b (rod), or -1 */
  double             area[2];  /* the pressure areas there */
  double             mass;
  MfFriction         friction; /* pipe */
  double             length, diameter, roughness;
  double             k_num;    /* orifice: ρ A³ / (2 cd²), so K = k_num / a² */
  MfExpr            *opening;  /* orifice: s, its own copy, bound; else NULL */
  OrAreaShape        shape;
  double             gain, offset, full;
  double             area_eps; /* orifice: a_ε, 1e-9 of its port area */
  double             area_ref; /* orifice: a typical area, for its scales */
  gboolean           area_switch; /* closes when its area falls to a_ε, reopens above
                                     (docs/model.md, "Orifices that close") */
  MfRelief           relief;
  MfFlowControl      flow_control;
  double             damping;  /* piston; a motor's friction and what its η_m adds */
  double             dead[2];  /* piston: its chambers' dead volumes at cap and rod,
                                  m^3, NAN where incompressible */
  double             gas_p0, gas_v0, gas_n; /* an accumulator (a piston on its gas, no
                                               mechanical node): precharge, gas volume,
                                               exponent; gas_v0 0 for the others */
  double             leakage;  /* leak: k, m^3/(s Pa) */
  int                mech;     /* piston, mass: its mechanical node */
  int                position; /* piston, mass: index among the positions, else -1 */
  int                row;      /* switchable, or a piston with end stops: its row, else -1 */
  gboolean           automatic; /* switches by itself: a check or relief valve, a stopped piston */
  double             cracking; /* check valve: cracking pressure; relief valve: its setting */
  double             stroke;   /* piston: INFINITY without end stops */
  double             v_noise;  /* massless orifice, relief valve: the velocity rounding
                                  leaves open, m/s (mf-oracle.c, set_velocity_noise) */
} OrBranch;

/* Flow sources and pumps, springs, dampers and forces (a rotary twin is
 * entered as the translational one: its parameters are in the same places). */
typedef struct
{
  MfComponentType    type;
  const MfComponent *component;
  int                node[2]; /* the second is -1 for a force */
  MfExpr            *force;   /* a force's or torque's, its own copy, bound; else NULL */
} OrElement;

typedef enum
{
  OR_ROW_JUNCTION,
  OR_ROW_LINK,  /* v_member − v_carrier = 0 */
  OR_ROW_FIXED, /* v_member = 0 */
  OR_ROW_SWITCH,
} OrRowKind;

typedef struct
{
  OrRowKind kind;
  int       node;   /* junction */
  int       member; /* link, fixed, switch: the branch */
} OrRow;

struct _MfOracle
{
  const MfCircuit *circuit;
  GArray          *nodes;    /* OrNode */
  GArray          *branches; /* OrBranch */
  GArray          *elements; /* OrElement */
  GArray          *rows;     /* OrRow */
  guint            n_v, n_x, n_p, n_rows, n_y;
  GPtrArray       *columns;  /* char*: the names of a sample's values */
  gboolean        *closed;   /* per branch: its row holds v = 0 now */
  gboolean        *mode_closed; /* per branch: listed as closed by the mode in force */
  gboolean        *shut;     /* per automatic branch: closed by itself, or at a stop */
  gboolean        *area_shut; /* per branch with an area switch: closed by its area */
  double           v_seen, p_seen; /* the largest velocity and pressure met so far */
  double          *w;        /* n_rows × n_v, row-major: the constraint matrix now */
  double           p_scale;  /* Pa: a typical pressure of the circuit */
  double           v_floor;  /* m/s: least orifice slope velocity in Jacobians */
};

/* ---- mf-oracle.c ---- */

/* Ports joined by wires, as a union-find. */
typedef struct
{
  guint *first_port; /* per component: index of its port 0 among all ports */
  int   *parent;     /* union-find over all ports */
  int   *node_of;    /* per root port: the node, or -1 */
} OrPortMap;

/* The node of a component's port, creating it (named after this port, the
 * first in document order) when it is new. */
int      or_node_for_port (MfOracle *o, OrPortMap *map, guint c, guint port);

/* The initial state the circuit gives (zero where it gives none). */
void     or_initial_state (const MfOracle *o, double *y);

/* ---- mf-oracle-branches.c ---- */

/* The branches and elements of every component, the positions numbered. */
void     or_build_branches (MfOracle *o, OrPortMap *map);

/* ---- mf-oracle-values.c ---- */

/* A parameter's expression (or its constant) as a new expression. */
MfExpr  *or_value_new (const MfParam *param);
/* Binds the names `expr` uses to the oracle's unknowns (the columns must
 * be built); FALSE naming `owner` and the name when one is unknown. */
gboolean or_value_bind (const MfOracle *o, MfExpr *expr, const char *owner, GError **error);
double   or_value (const MfExpr *expr, double t, const double *y);
/* Adds factor·∂value/∂y_j to jy[row][j] for every unknown y_j it names. */
void     or_value_partials (const MfOracle *o, const MfExpr *expr, double t, const double *y,
                            double factor, guint row, double *jy);
/* An orifice's area at (t, y), and its slope in the opening value s. */
double   or_orifice_area (const OrBranch *b, double t, const double *y, double *da_ds);
/* Its resistance K = k_num / a², the area held at a_ε below a_ε, and
 * ∂K/∂s. */
double   or_orifice_resistance (const OrBranch *b, double t, const double *y, double *dk_ds);

/* ---- mf-oracle-equations.c ---- */

/* The pressure at a node that is not a junction: the tank's, or the
 * compliant state; 0 for junctions (their pressure is a multiplier). */
double or_known_pressure (const MfOracle *o, int node, double t, const double *y);
/* A compliant node's capacitance at y: its volumes', and its pistons'
 * chambers' (V_dead + A x)/β at cap, (V_dead + A (stroke − x))/β at rod. */
double or_node_capacitance (const MfOracle *o, int node, const double *y);
/* Position and velocity of a mechanical node. */
double or_node_position (const MfOracle *o, int node, const double *y);
/* A flow source's or a pump's flow at t (η_v·D·n·ε for a pump), and its rate. */
void   or_element_flow (const OrElement *e, double t, double *flow, double *rate);
/* Net flow pushed into each node by the flow sources (and its rate), per node. */
void   or_source_flows (const MfOracle *o, double t, double *q, double *dq);
/* A hydraulic node's pressure: known, compliant, or the junction's multiplier. */
double or_node_pressure (const MfOracle *o, int node, double t, const double *y);
/* The force a piston's end stop exerts (its row's multiplier), positive
 * when it pushes the piston back into its stroke; 0 when free. */
double or_stop_force (const MfOracle *o, guint k, const double *y);
/* Whether branch b has a column ID.dp: a valve with a row of its own, or a
 * flow control valve, as Manifold's outputs have them. */
static inline gboolean
or_has_dp (const OrBranch *b)
{
  return (b->row >= 0 && b->kind != OR_BRANCH_PISTON) || b->kind == OR_BRANCH_FLOW_CONTROL;
}
/* Sets o->closed from the mode and the automatic switches, and w from it. */
void   or_build_w (MfOracle *o);
/* The residual of the DAE F(t, y, y') = 0. */
void   or_residual (const MfOracle *o, double t, const double *y, const double *yp, double *r);
/* Its Jacobians ∂F/∂y and ∂F/∂y' (n_y × n_y, row-major), the slope of
 * orifice k taken at a velocity of at least v_floor[k]. */
void   or_jacobian (const MfOracle *o, double t, const double *y, const double *v_floor,
                    double *jy, double *jyp);
/* TRUE for unknowns that carry a derivative (massive velocities,
 * positions, compliant pressures). */
gboolean or_is_differential (const MfOracle *o, guint i);

/* ---- mf-oracle-consistent.c ---- */

/* Given the differential part of y at t, solves for the algebraic part
 * (massless velocities, multipliers) and y' so that the DAE, its
 * constraints and their first derivative hold. */
gboolean or_consistent (MfOracle *o, double t, double *y, double *yp, GError **error);
/* Moves the velocities to the closest ones (in kinetic energy) that meet
 * the constraints of the mode now in o->w. */
gboolean or_project (MfOracle *o, double t, double *y, GError **error);
/* Minimum-norm least-squares solution of the rows × cols system a x = b
 * (a and b are overwritten), by the SVD truncated at rcond. */
void     or_lstsq (guint rows, guint cols, double *a, const double *b, double *x, double rcond);

/* ---- mf-oracle-switch.c ---- */

/* Whether anything switches by itself. */
gboolean or_has_switches (const MfOracle *o);
/* The start rule at t = 0 (or for the valves a mode change releases):
 * a valve at rest with a cracking pressure starts closed.  y, yp are
 * consistent; they are made so again. */
gboolean or_start_switches (MfOracle *o, double t, double *y, double *yp, GError **error);
/* Switches every area whose condition holds in the given state, before
 * any consistency solve (which the law of an open orifice at a_ε would
 * make all but singular): at the start, where an orifice with an area of
 * at most a_ε starts closed, and at a kink or jump of the inputs (a
 * spool's step). */
void     or_switch_areas (MfOracle *o, double t, const double *y);
/* Switches, one after another in document order, every switch whose
 * condition holds at t, until none does; y, yp consistent on return. */
gboolean or_settle (MfOracle *o, double t, double *y, double *yp, GError **error);
/* Takes note of the velocities and pressures of a consistent state, which
 * scale the switching thresholds. */
void     or_observe (MfOracle *o, double t, const double *y);
/* The distance of every automatic switch to its condition (< 0: it
 * holds), at a consistent state; the least of them. */
double   or_switch_distances (MfOracle *o, double t, const double *y, double *d);

/* ---- mf-oracle-lu.c ---- */

/* Fills the iteration matrix at the nonlinear solver's current iterate. */
typedef void (*OrRefreshFunc) (gpointer data, SUNMatrix a);

/* IDA's linear solver: dense LU of the row- and column-equilibrated
 * matrix; with `refresh` (may be NULL), refactored before every solve. */
SUNLinearSolver or_equilibrated_solver (guint n, SUNContext ctx, OrRefreshFunc refresh,
                                        gpointer refresh_data);
