/* mf-events-private.h: the insides of MfEvents, shared by the files that
 * switch valves (mf-events.c), locate a switching time inside a step
 * (mf-events-locate.c), watch what depends on t alone (mf-events-inputs.c)
 * and bound the pressures the constraints leave open
 * (mf-events-pressures.c).  Private to them.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-events.h"
#include "mf-expr.h"
#include "mf-model-private.h"

G_BEGIN_DECLS

#define MF_THRESHOLD          1e-9
#define MF_MIN_VELOCITY_SCALE 1e-3 /* m/s */
#define MF_MIN_PRESSURE_SCALE 1.0  /* Pa */
#define MF_HYSTERESIS         1e-3
#define MF_LOCATE_FRACTION    1e-3
#define MF_LOCATE_MIN         1e-12
#define MF_CHATTER_WINDOW     1e-9
/* Bisection alone gets from any step to 1e-12 s in under 100 rounds; the
 * safeguard bisects at least every third round. */
#define MF_LOCATE_MAX_ROUNDS  400
/* mf_events_step_limit(): how far past a falling distance's zero the next
 * step may reach, and the falls that are only noise */
#define MF_STEP_LIMIT_REACH   1.5
#define MF_STEP_LIMIT_NOISE_P 1e3
#define MF_STEP_LIMIT_NOISE_X 1e-6

typedef struct
{
  MfSwitchKind kind;
  guint        component;
  guint        velocity;    /* output (and state) index of ID.v */
  guint        dp;          /* output index of ID.dp; end stop: of ID.stop_force */
  guint        position;    /* end stop: output (and state) index of ID.x */
  guint        node[2];     /* valve: the model nodes of its ports a and b */
  double       area;        /* end stop: the cap area, turning its force into a Δp */
  double       stroke;      /* end stop */
  double       cracking;    /* Pa */
  const MfExpr *opening;    /* area kind: a(t), or NULL for a constant area */
  double       opening_value; /* area kind: the constant area */
  double       area_eps;    /* area kind: a_eps */
  int          partner;     /* a check valve's other switch (its area), or -1 */
  MfValveState state;
  gboolean     fresh;       /* its mode just began: the start rule applies */
  gboolean     armed;       /* held: its reopening condition has been false since */
  double       burst_t;     /* when its latest run of switches began, and how many */
  guint        burst_count;
} MfValve;

/* A value of the circuit given as an expression of t (a tank's pressure, a
 * flow source's flow, a force, a flow control valve's setting). */
typedef struct
{
  const MfExpr *expr;
  guint         component;
  const char   *what;       /* "pressure", "flow", "force", "flow setting" */
  const char   *unit;
  double        floor;      /* it must stay above this: −∞ but for a flow control valve's
                             * setting (mf_flow_control_least_setting()) */
} MfInput;

struct _MfEvents
{
  MfModel  *model;
  double    rtol;
  GArray   *valves;          /* MfValve, document order */
  GArray   *inputs;          /* MfInput */
  gboolean  active;          /* some valve switches by itself in this mode */
  double   *outputs;         /* mf_model_n_outputs() */
  GArray   *pressure_outputs; /* guint: the outputs in Pa */
  guint     n_velocities;
  double    velocity_scale, pressure_scale;
  double    v_eps, p_eps, margin;

  /* pressures of the nodes, from the outputs last evaluated, with bounds
   * where the constraints leave them open (mf-events-pressures.c) */
  int      *node_output;     /* per model node: the output of NODE.p, or -1 */
  double   *low, *high;      /* per model node */
  int      *low_by, *high_by; /* per model node: the valve that set the bound, or -1 */
  gboolean  bounded;         /* low and high belong to `outputs` */
  guint    *sets;            /* per model node: union-find of open branches */

  /* the step being checked */
  gsize     n_y;
  double    t0, h0;
  double   *y0, *y_lo, *y_hi, *y_mid;
  double   *d_start;         /* the distances where the step begins, as last checked */
  double    t_start;         /* where that is */
  double    t_before;        /* where the step before began, NaN after a switch */
  double   *d_before;        /* the distances there */
  double   *d_lo, *d_hi, *d_mid;
};

static inline MfValve *
mf_events_valve (const MfEvents *ev, guint i)
{
  return &g_array_index (ev->valves, MfValve, i);
}

/* mf-events.c: the distances of every valve at (t, y) into d, from the
 * outputs evaluated there; TRUE when some condition holds. */
gboolean mf_events_evaluate (MfEvents     *ev,
                             MfSystem     *system,
                             double        t,
                             const double *y,
                             double       *d);
/* mf-events.c: the outputs last evaluated taken in (scales, held valves). */
void     mf_events_observe (MfEvents *ev);

/* An area that names the run's quantities (docs/model.md, "Feedback"):
 * its switch is located on the state's trajectory, as a check valve's is,
 * not on t alone before the step. */
static inline gboolean
mf_events_area_follows_state (const MfValve *valve)
{
  return valve->opening != NULL && mf_expr_n_names (valve->opening) > 0;
}

/* mf-events-inputs.c: the distance of an area switch at t and the full
 * state u (>= 0 while it keeps its state), and the inputs of the model. */
double   mf_events_area_distance (const MfValve *valve,
                                  double         t,
                                  const double  *u);
void     mf_events_collect_inputs (MfEvents *ev);

/* mf-events-pressures.c: where the pressures of the nodes come from, and
 * the pressure difference that opens a valve whose ports' pressures the
 * constraints leave open (a node between closed valves): the largest
 * p_a − p_b the closed valves around them allow, so that a chain of closed
 * valves opens when the pressure across it exceeds the sum of their
 * cracking pressures.  NaN when nothing bounds it. */
void     mf_events_find_node_outputs (MfEvents *ev);
double   mf_events_chain_dp (MfEvents     *ev,
                             const MfValve *valve,
                             const double *out);

G_END_DECLS
