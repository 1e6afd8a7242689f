/* mf-oracle-run.c: integrating the oracle's DAE with SUNDIALS IDA (BDF,
 * dense direct solver), stopping exactly at every output time, input kink
 * and scheduled mode change.  A circuit with nothing to integrate (only
 * massless branches, no volume) is solved afresh at every output time by
 * the consistency iteration alone.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-oracle-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ida/ida.h>
#include <ida/ida_ls.h>
#include <nvector/nvector_serial.h>
#include <sunmatrix/sunmatrix_dense.h>

#include "mf-error.h"

typedef struct
{
  MfOracle *o;
  double   *y, *yp;   /* the state between IDA calls */
  double   *jy, *jyp; /* scratch for the Jacobian */
  double   *ys, *yps, *floors;
  double   *d;        /* per branch: the distance of its switch to its condition */
  GArray   *stops;    /* double: kinks and mode changes in (0, t_end) */
  guint     mode;
  gboolean  switching; /* something switches by itself */
  guint     n_switches; /* switches so far */
  void     *ida_mem;
  N_Vector  ida_tmp;
} Run;

/* ---- IDA's callbacks ---- */

/* IDA's name of a return flag, as a string of ours (SUNDIALS allocates
 * the one it returns with malloc). */
static char *
flag_name (int flag)
{
  char *name = IDAGetReturnFlagName (flag);
  char *copy = g_strdup (name);

  free (name);
  return copy;
}

static int
residual_cb (realtype t, N_Vector y, N_Vector yp, N_Vector r, void *data)
{
  Run *run = data;

  or_residual (run->o, t, N_VGetArrayPointer (y), N_VGetArrayPointer (yp),
               N_VGetArrayPointer (r));
  return 0;
}

/* The iteration matrix ∂F/∂y + cj ∂F/∂y' at (t, y).  An orifice's slope
 * is taken at its velocity, but never below the velocity that rounding
 * leaves open (v_noise), nor 1e-9 m/s: a slope of zero would make the
 * matrix singular, and one far below the noise turns rounding into
 * huge steps. */
static void
fill_matrix (Run *run, double t, double cj, const double *y, SUNMatrix jac)
{
  MfOracle *o = run->o;
  guint n = o->n_y;

  for (guint k = 0; k < o->n_v; k++)
    run->floors[k] = MAX (MAX (o->v_floor, g_array_index (o->branches, OrBranch, k).v_noise),
                          fabs (y[k]));
  or_jacobian (o, t, y, run->floors, run->jy, run->jyp);
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      SM_ELEMENT_D (jac, i, j) = run->jy[i * n + j] + cj * run->jyp[i * n + j];
}

static int
jacobian_cb (realtype t, realtype cj, N_Vector y, N_Vector yp, N_Vector r, SUNMatrix jac,
             void *data, N_Vector tmp1, N_Vector tmp2, N_Vector tmp3)
{
  (void) yp, (void) r, (void) tmp1, (void) tmp2, (void) tmp3;
  fill_matrix (data, t, cj, N_VGetArrayPointer (y), jac);
  return 0;
}

/* IDA keeps one matrix through its Newton iterations (a chord method),
 * taken at the predicted state.  On an orifice law K v|v| a chord
 * converges only if its slope is near the true slope at the iterates:
 * half of it diverges, ten times it crawls; and the predictor is a poor
 * guess of an algebraic flow that starts from rest like √t, turns, or
 * splits between parallel orifices at a trickle.  So the linear solver
 * takes the matrix afresh at every iterate (or_equilibrated_solver):
 * Newton's method proper, which converges from much farther. */
static void
refresh_cb (gpointer data, SUNMatrix jac)
{
  Run *run = data;
  realtype t, cj;
  N_Vector y_pred, yp_pred, y, yp, r;
  void *user;

  IDAGetNonlinearSystemData (run->ida_mem, &t, &y_pred, &yp_pred, &y, &yp, &r, &cj, &user);
  fill_matrix (run, t, cj, N_VGetArrayPointer (y), jac);
}

/* ---- the mode and the stops ---- */

/* Enters a mode.  A valve it no longer lists starts afresh, open, and
 * the start rule may close it (or_start_switches). */
static void
set_mode (Run *run, guint mode)
{
  MfOracle *o = run->o;
  const MfMode *m = g_ptr_array_index (o->circuit->modes, mode);

  run->mode = mode;
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);
      gboolean closed = b->row >= 0 && mf_mode_is_closed (m, b->component_index);

      if (o->mode_closed[k] && !closed)
        o->shut[k] = FALSE;
      o->mode_closed[k] = closed;
    }
  or_build_w (o);
}

/* Every kink of every input, and every scheduled change, inside the run
 * (not at its ends). */
static GArray *
collect_stops (const MfCircuit *circuit, double t_end)
{
  GArray *stops = mf_circuit_breakpoints (circuit, t_end);

  while (stops->len > 0 && !(g_array_index (stops, double, stops->len - 1) < t_end))
    g_array_set_size (stops, stops->len - 1);
  while (stops->len > 0 && !(g_array_index (stops, double, 0) > 0.0))
    g_array_remove_index (stops, 0);
  return stops;
}

/* ---- samples ---- */

static void
record (const MfOracle *o, double t, const double *y, double *out)
{
  guint i = 0;

  for (; i < o->n_v + o->n_x + o->n_p; i++)
    out[i] = y[i];
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      /* the flow: through the pipe's bore, the orifice's port, the cap */
      if (b->kind != OR_BRANCH_MASS)
        out[i++] = b->area[0] * y[k];
    }
  for (guint n = 0; n < o->nodes->len; n++)
    if (g_array_index (o->nodes, OrNode, n).kind != OR_NODE_MECHANICAL)
      out[i++] = or_node_pressure (o, (int) n, t, y);
  for (guint k = 0; k < o->n_v; k++)
    {
      const OrBranch *b = &g_array_index (o->branches, OrBranch, k);

      if (or_has_dp (b))
        out[i++] = or_node_pressure (o, b->node[0], t, y) - or_node_pressure (o, b->node[1], t, y);
    }
  for (guint k = 0; k < o->n_v; k++)
    if (g_array_index (o->branches, OrBranch, k).kind == OR_BRANCH_PISTON
        && g_array_index (o->branches, OrBranch, k).row >= 0)
      out[i++] = or_stop_force (o, k, y);
  for (guint e = 0; e < o->elements->len; e++)
    if (g_array_index (o->elements, OrElement, e).type == MF_COMPONENT_FLOW_SOURCE)
      out[i++] = mf_component_param_at (g_array_index (o->elements, OrElement, e).component,
                                        MF_FLOW_SOURCE_FLOW, t);
  for (guint e = 0; e < o->elements->len; e++)
    {
      const OrElement *el = &g_array_index (o->elements, OrElement, e);
      const MfParam *p = el->component->params;
      double flow, rate, rise, fraction = 1.0;

      if (el->type != MF_COMPONENT_PUMP && el->type != MF_COMPONENT_VARIABLE_PUMP)
        continue;
      or_element_flow (el, t, &flow, &rate);
      if (el->type == MF_COMPONENT_VARIABLE_PUMP)
        fraction = mf_component_param_at (el->component, MF_PUMP_FRACTION, t);
      out[i++] = flow;
      /* the torque its shaft needs: D·ε·(p_b − p_a)/η_m */
      rise = or_node_pressure (o, el->node[1], t, y) - or_node_pressure (o, el->node[0], t, y);
      out[i++] = p[MF_PUMP_DISPLACEMENT].value * fraction * rise
                 / p[MF_PUMP_MECHANICAL_EFFICIENCY].value;
    }
  g_assert (i == o->columns->len);
}

/* A sample takes the differential states from IDA and solves the
 * algebraic ones (massless velocities, multipliers) from them afresh: the
 * multipliers IDA carries are only as good as its Newton test on them. */
static gboolean
record_sample (Run *run, double t, double *out, GError **error)
{
  MfOracle *o = run->o;

  memcpy (run->ys, run->y, o->n_y * sizeof (double));
  memcpy (run->yps, run->yp, o->n_y * sizeof (double));
  if (!or_consistent (o, t, run->ys, run->yps, error))
    return FALSE;
  record (o, t, run->ys, out);
  return TRUE;
}

static gboolean
nothing_to_integrate (const MfOracle *o)
{
  for (guint i = 0; i < o->n_y; i++)
    if (or_is_differential (o, i))
      return FALSE;
  return TRUE;
}

/* ---- the quasi-static case ---- */

/* ---- switches ---- */

/* The consistent state at t in the configuration in force, from the
 * solver's interpolant or, with nothing to integrate, from t alone. */
typedef gboolean (*StateAt) (Run *run, double t, double *y, double *yp, GError **error);

/* The start rule for what set_mode released (every switch at t = 0),
 * then every condition that holds switched at t. */
static gboolean
start_and_settle (Run *run, double t, GError **error)
{
  return or_start_switches (run->o, t, run->y, run->yp, error)
         && or_settle (run->o, t, run->y, run->yp, error);
}

/* The state at t into ys, yps, from the current one as a start. */
static gboolean
state_into_scratch (Run *run, StateAt state_at, double t, GError **error)
{
  memcpy (run->ys, run->y, run->o->n_y * sizeof (double));
  memcpy (run->yps, run->yp, run->o->n_y * sizeof (double));
  return state_at (run, t, run->ys, run->yps, error);
}

/* No condition held at t0.  When some condition holds at t1, the first
 * crossing is narrowed by bisection to 1e-13 max(1, t) (the thresholds
 * stay as they were at t0), the state is put at its right end, where the
 * condition holds, and the switches settle there.  *t_now is then the
 * switching time, else t1, and run->y, run->yp the state at it. */
static gboolean
check_step (Run *run, StateAt state_at, double t0, double t1, double *t_now, GError **error)
{
  MfOracle *o = run->o;
  double lo = t0, hi = t1;

  *t_now = t1;
  if (!state_into_scratch (run, state_at, t1, error))
    return FALSE;
  if (!(or_switch_distances (o, t1, run->ys, run->d) < 0.0))
    {
      memcpy (run->y, run->ys, o->n_y * sizeof (double));
      memcpy (run->yp, run->yps, o->n_y * sizeof (double));
      or_observe (o, t1, run->y);
      return TRUE;
    }
  while (hi - lo > 1e-13 * MAX (1.0, hi))
    {
      double mid = 0.5 * (lo + hi);

      if (!state_into_scratch (run, state_at, mid, error))
        return FALSE;
      if (or_switch_distances (o, mid, run->ys, run->d) < 0.0)
        hi = mid;
      else
        lo = mid;
    }
  if (!state_at (run, hi, run->y, run->yp, error))
    return FALSE;
  if (++run->n_switches > 100000)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                   "oracle: more than 100000 switches by t = %.17g s", hi);
      return FALSE;
    }
  *t_now = hi;
  return or_settle (o, hi, run->y, run->yp, error);
}

/* ---- the quasi-static case ---- */

static gboolean
static_state_at (Run *run, double t, double *y, double *yp, GError **error)
{
  return or_consistent (run->o, t, y, yp, error);
}

/* With nothing to integrate, the state follows t and the switches alone.
 * Switches are looked for at 4096 points over the run, besides the
 * samples and the stops. */
static gboolean
run_quasi_static (Run *run, const double *times, guint n_times, double *values, GError **error)
{
  MfOracle *o = run->o;
  double t = 0.0, h = run->switching ? times[n_times - 1] / 4096.0 : INFINITY;
  guint s = 1, b = 0;

  record (o, 0.0, run->y, values);
  while (s < n_times)
    {
      double next_stop = b < run->stops->len ? g_array_index (run->stops, double, b) : INFINITY;
      double target = MIN (MIN (times[s], next_stop), t + h);

      if (!check_step (run, static_state_at, t, target, &t, error))
        return FALSE;
      if (t < target)
        continue;
      if (target == next_stop)
        {
          b++;
          set_mode (run, mf_circuit_mode_at (o->circuit, t));
          or_switch_areas (o, t, run->y);
          if (!or_consistent (o, t, run->y, run->yp, error) || !start_and_settle (run, t, error))
            return FALSE;
        }
      if (target == times[s])
        record (o, t, run->y, values + (s++) * o->columns->len);
    }
  return TRUE;
}

/* ---- with IDA ---- */

typedef struct
{
  SUNContext      ctx;
  void           *mem;
  N_Vector        y, yp, id, atol;
  N_Vector        tmp; /* the interpolant at a trial time */
  SUNMatrix       a;
  SUNLinearSolver ls;
} Ida;

static void
ida_clear (Ida *ida)
{
  if (ida->mem != NULL)
    IDAFree (&ida->mem);
  if (ida->ls != NULL)
    SUNLinSolFree (ida->ls);
  if (ida->a != NULL)
    SUNMatDestroy (ida->a);
  N_VDestroy (ida->y);
  N_VDestroy (ida->yp);
  N_VDestroy (ida->id);
  N_VDestroy (ida->atol);
  N_VDestroy (ida->tmp);
  SUNContext_Free (&ida->ctx);
}

/* IDA's own first step makes y' h small against the error weights, and
 * with velocities weighed to 1e-12 m/s that is 1e-16 s for a pipe that
 * starts under a pressure: at such steps the index-2 multipliers are
 * all rounding (m δv / (h A)).  A start at 1e-8 of the run is short
 * enough for every smooth start, and IDA's error test shortens it
 * further where a flow starts like √t. */
static void
set_first_step (Ida *ida, const Run *run)
{
  IDASetInitStep (ida->mem, 1e-8 * run->o->circuit->simulation.t_end);
}

/* Velocities to 1e-12 m/s, positions to 1e-13 m, pressures to 1e-13 of
 * the circuit's: rtol governs.  The algebraic unknowns are out of the
 * error test (IDASetSuppressAlg); their weights only set when Newton has
 * converged, and the samples take them from the consistency solve
 * (record_sample). */
static void
set_weights (Ida *ida, const MfOracle *o)
{
  double *id = N_VGetArrayPointer (ida->id), *atol = N_VGetArrayPointer (ida->atol);

  for (guint i = 0; i < o->n_y; i++)
    {
      id[i] = or_is_differential (o, i) ? 1.0 : 0.0;
      atol[i] = i < o->n_v ? 1e-12 : i < o->n_v + o->n_x ? 1e-13 : 1e-13 * o->p_scale;
      /* a multiplier of index 2 moves like m δv / (h A) with rounding δv
       * in the velocities: held to 1e-13 of the circuit's pressure,
       * Newton never converges at the small steps after a restart; its
       * effect on the velocities, h A δλ / m, is tested through them */
      if (i >= o->n_v + o->n_x + o->n_p)
        atol[i] = 1e-4 * o->p_scale;
      /* a massless orifice at rest is known only to its rounding noise */
      if (i < o->n_v)
        atol[i] = MAX (atol[i], g_array_index (o->branches, OrBranch, i).v_noise);
    }
}

static void
ida_setup (Ida *ida, Run *run, double rtol)
{
  MfOracle *o = run->o;

  SUNContext_Create (NULL, &ida->ctx);
  ida->y = N_VMake_Serial (o->n_y, run->y, ida->ctx);
  ida->yp = N_VMake_Serial (o->n_y, run->yp, ida->ctx);
  ida->id = N_VNew_Serial (o->n_y, ida->ctx);
  ida->atol = N_VNew_Serial (o->n_y, ida->ctx);
  ida->tmp = N_VNew_Serial (o->n_y, ida->ctx);
  set_weights (ida, o);
  ida->mem = IDACreate (ida->ctx);
  IDAInit (ida->mem, residual_cb, 0.0, ida->y, ida->yp);
  set_first_step (ida, run);
  IDASVtolerances (ida->mem, rtol, ida->atol);
  ida->a = SUNDenseMatrix (o->n_y, o->n_y, ida->ctx);
  run->ida_mem = ida->mem;
  run->ida_tmp = ida->tmp;
  ida->ls = or_equilibrated_solver (o->n_y, ida->ctx, refresh_cb, run);
  IDASetLinearSolver (ida->mem, ida->ls, ida->a);
  /* the matrix is always current: no correction for a stale cj */
  IDASetLinearSolutionScaling (ida->mem, SUNFALSE);
  IDASetJacFn (ida->mem, jacobian_cb);
  IDASetUserData (ida->mem, run);
  IDASetId (ida->mem, ida->id);
  IDASetSuppressAlg (ida->mem, SUNTRUE);
  IDASetMaxNumSteps (ida->mem, 1000000);
  /* an algebraic flow that starts like √t is far from its predictor */
  IDASetMaxNonlinIters (ida->mem, 30);
  /* a volume filling from rest through an orifice rises like t^1.5, whose
   * second derivative is infinite at the start: the first steps must be
   * very short, and IDA gets there only by failing its error test often */
  IDASetMaxErrTestFails (ida->mem, 100);
  IDASetMaxConvFails (ida->mem, 100);
}

/* Integrates to `t` exactly. */
static gboolean
ida_advance (Ida *ida, double t_from, double t, GError **error)
{
  double reached = t_from;

  IDASetStopTime (ida->mem, t);
  while (reached < t)
    {
      int flag = IDASolve (ida->mem, t, &reached, ida->y, ida->yp, IDA_NORMAL);

      if (flag < 0)
        {
          g_autofree char *name = flag_name (flag);

          g_set_error (error, MF_ERROR, MF_ERROR_SOLVER, "oracle: IDA failed at t = %.17g s: %s",
                       reached, name);
          return FALSE;
        }
      if (flag == IDA_TSTOP_RETURN)
        break;
    }
  return TRUE;
}

/* IDA's interpolant over its last step, with the algebraic part solved
 * afresh. */
static gboolean
ida_state_at (Run *run, double t, double *y, double *yp, GError **error)
{
  int flag = IDAGetDky (run->ida_mem, t, 0, run->ida_tmp);

  if (flag < 0)
    {
      g_autofree char *name = flag_name (flag);

      g_set_error (error, MF_ERROR, MF_ERROR_SOLVER, "oracle: IDAGetDky at t = %.17g s: %s", t,
                   name);
      return FALSE;
    }
  memcpy (y, N_VGetArrayPointer (run->ida_tmp), run->o->n_y * sizeof (double));
  return or_consistent (run->o, t, y, yp, error);
}

static void
reinit (Ida *ida, Run *run, double t)
{

  IDAReInit (ida->mem, t, ida->y, ida->yp);
  set_first_step (ida, run);
}

/* Integrates from *t to `target` one IDA step at a time, looking at the
 * switches after each step; a switch restarts IDA where it happened.
 * *t is where the run stands on return. */
static gboolean
ida_advance_switching (Ida *ida, Run *run, double *t, double target, GError **error)
{

  while (*t < target)
    {
      double reached = *t, t_now;
      int flag;

      IDASetStopTime (ida->mem, target);
      flag = IDASolve (ida->mem, target, &reached, ida->y, ida->yp, IDA_ONE_STEP);
      if (flag < 0)
        {
          g_autofree char *name = flag_name (flag);

          g_set_error (error, MF_ERROR, MF_ERROR_SOLVER, "oracle: IDA failed at t = %.17g s: %s",
                       reached, name);
          return FALSE;
        }
      if (!check_step (run, ida_state_at, *t, reached, &t_now, error))
        return FALSE;
      if (t_now < reached)
        reinit (ida, run, t_now);
      *t = flag == IDA_TSTOP_RETURN && t_now == reached ? target : t_now;
    }
  return TRUE;
}

/* At a kink or a mode change: the new mode's projection, then a
 * consistent restart with the inputs' right-hand rates. */
static gboolean
restart (Ida *ida, Run *run, double t, GError **error)
{
  guint mode = mf_circuit_mode_at (run->o->circuit, t);

  if (mode != run->mode)
    {
      set_mode (run, mode);
      if (!or_project (run->o, t, run->y, error))
        return FALSE;
    }
  or_switch_areas (run->o, t, run->y);
  if (!or_project (run->o, t, run->y, error) || !or_consistent (run->o, t, run->y, run->yp, error))
    return FALSE;
  if (run->switching && !start_and_settle (run, t, error))
    return FALSE;
  reinit (ida, run, t);
  return TRUE;
}

static gboolean
run_ida (Run *run, const double *times, guint n_times, double rtol, double *values,
         GError **error)
{
  MfOracle *o = run->o;
  Ida ida = { 0 };
  double t = 0.0;
  guint s = 1, b = 0;
  gboolean ok = TRUE;

  record (o, 0.0, run->y, values);
  ida_setup (&ida, run, rtol);
  while (ok && s < n_times)
    {
      double next_stop = b < run->stops->len ? g_array_index (run->stops, double, b) : INFINITY;
      double target = MIN (times[s], next_stop);

      if (run->switching)
        ok = ida_advance_switching (&ida, run, &t, target, error);
      else
        ok = ida_advance (&ida, t, target, error);
      t = target;
      if (ok && target == times[s])
        ok = record_sample (run, t, values + (s++) * o->columns->len, error);
      if (ok && target == next_stop)
        {
          ok = restart (&ida, run, t, error);
          b++;
        }
    }
  ida_clear (&ida);
  return ok;
}

gboolean
mf_oracle_run (MfOracle *o, const double *times, guint n_times, double rtol, double *values,
               GError **error)
{
  Run run = { o };
  gboolean ok;

  g_return_val_if_fail (n_times > 0 && times[0] == 0.0, FALSE);
  run.y = g_new0 (double, o->n_y);
  run.yp = g_new0 (double, o->n_y);
  run.jy = g_new (double, o->n_y * o->n_y);
  run.jyp = g_new (double, o->n_y * o->n_y);
  run.ys = g_new0 (double, o->n_y);
  run.yps = g_new0 (double, o->n_y);
  run.floors = g_new (double, o->n_v);
  run.d = g_new (double, MAX (o->n_v, 1));
  run.switching = or_has_switches (o);
  run.stops = collect_stops (o->circuit, times[n_times - 1]);
  /* a run starts afresh: every switch open, no threshold yet */
  memset (o->shut, 0, o->n_v * sizeof (gboolean));
  memset (o->area_shut, 0, o->n_v * sizeof (gboolean));
  memset (o->mode_closed, 0, o->n_v * sizeof (gboolean));
  o->v_seen = o->p_seen = 0.0;
  set_mode (&run, mf_circuit_mode_at (o->circuit, 0.0));
  or_initial_state (o, run.y);
  or_switch_areas (o, 0.0, run.y);
  ok = or_consistent (o, 0.0, run.y, run.yp, error);
  if (ok && run.switching)
    ok = start_and_settle (&run, 0.0, error);
  if (ok && nothing_to_integrate (o))
    ok = run_quasi_static (&run, times, n_times, values, error);
  else if (ok)
    ok = run_ida (&run, times, n_times, rtol, values, error);
  g_free (run.y);
  g_free (run.yp);
  g_free (run.jy);
  g_free (run.jyp);
  g_free (run.ys);
  g_free (run.yps);
  g_free (run.floors);
  g_free (run.d);
  g_array_unref (run.stops);
  return ok;
}
