/* mf-events-locate.c
 *
 * Location.  After each accepted step [t0, t1] every distance is evaluated
 * at t1.  When some became negative, the earliest time is bracketed by the
 * Illinois variant of regula falsi on all the functions at once (the
 * secant of whichever valve crosses first), with a bisection whenever two
 * rounds did not halve the bracket.  Each trial point is read from the
 * integrator's interpolant of the step when it has one (IDA), or else
 * reached by integrating again from the left end of the bracket, whose
 * state is kept, so no trial integrates from t0 again.  The search ends
 * when
 *
 *   t_hi − t_lo <= max(1e-12 max(1, |t1|), 1e-3 rtol (t1 − t0)):
 *
 * the state then moves by a thousandth of what the error control allows
 * per step, so the located time is as good as the integration (and the
 * thresholds) make it, not the search.  The valve switches at t_hi, where
 * its condition holds.
 *
 * A condition that comes and goes within one step leaves both ends
 * positive.  Two things keep such a moment from being stepped over.  The
 * steps shorten as a condition nears (mf_events_step_limit()): a closed
 * valve's or a free piston's distance that fell over the last step, by
 * more than its noise (1e3 p_eps, or 1e-6 of the stroke), limits the next
 * step to 1.5 times the time it would take to fall to zero at that rate.
 * Since the rate is a secant, a distance that falls ever more slowly
 * (convex, as at the bottom of a dip) is reached after its crossing, if
 * any.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-events-private.h"

#include <math.h>
#include <string.h>

void
mf_events_step_begins (MfEvents *ev, MfIntegrator *integrator, double t, const double *y)
{
  if (!ev->active)
    return;
  ev->n_y = mf_system_dimension (mf_integrator_get_system (integrator));
  ev->t0 = t;
  ev->h0 = mf_integrator_next_step (integrator);
  memcpy (ev->y0, y, ev->n_y * sizeof (double));
}

/* y_to = the state at t_to, integrated from (t_from, y_from). */
static gboolean
integrate (MfEvents     *ev,
           MfIntegrator *integrator,
           double        t_from,
           const double *y_from,
           double        t_to,
           double       *y_to,
           GError      **error)
{
  double t = t_from;

  /* within the step being searched, an integrator that interpolates says */
  if (mf_integrator_interpolate (integrator, t_to, y_to))
    return TRUE;
  memcpy (y_to, y_from, ev->n_y * sizeof (double));
  mf_integrator_rewind (integrator, MIN (ev->h0, t_to - t_from));
  while (t < t_to)
    if (!mf_integrator_step (integrator, &t, t_to, y_to, error))
      return FALSE;
  return TRUE;
}

/* Where valve i's distance crosses zero in [t_lo, t_hi] by the secant of
 * its (Illinois-scaled) end values; NaN when its value at t_lo is unknown. */
static double
crossing (const MfEvents *ev, guint i, double t_lo, double t_hi, double s_lo, double s_hi)
{
  double a = s_lo * ev->d_lo[i], b = s_hi * ev->d_hi[i];

  if (!(isfinite (a) && a >= 0 && b < 0))
    return NAN;
  return t_lo + (t_hi - t_lo) * a / (a - b);
}

/* The valve whose condition came to hold first in [t_lo, t_hi]. */
static int
earliest (const MfEvents *ev, double t_lo, double t_hi)
{
  double best_t = INFINITY;
  int best = -1;

  for (guint i = 0; i < ev->valves->len; i++)
    if (ev->d_hi[i] < 0)
      {
        double t = crossing (ev, i, t_lo, t_hi, 1.0, 1.0);

        if (isnan (t))
          t = t_lo;
        if (t < best_t)
          {
            best_t = t;
            best = (int) i;
          }
      }
  return best;
}

/* The next trial time: the earliest secant crossing, or the midpoint when
 * asked to bisect or when no secant applies; kept tol / 2 inside the
 * bracket, so that once near the root the next trial lands on its other
 * side and the bracket collapses. */
static double
trial_time (const MfEvents *ev,
            double          t_lo,
            double          t_hi,
            double          s_lo,
            double          s_hi,
            double          tol,
            gboolean        bisect)
{
  double t = INFINITY;

  for (guint i = 0; i < ev->valves->len && !bisect; i++)
    {
      double t_i = ev->d_hi[i] < 0 ? crossing (ev, i, t_lo, t_hi, s_lo, s_hi) : NAN;

      if (!isnan (t_i))
        t = MIN (t, t_i);
    }
  if (bisect || !isfinite (t))
    t = t_lo + 0.5 * (t_hi - t_lo);
  return CLAMP (t, t_lo + 0.5 * tol, t_hi - 0.5 * tol);
}

static void
swap (double **a, double **b)
{
  double *c = *a;

  *a = *b;
  *b = c;
}

/* The bracket [t_lo, t_hi] with the states y_lo, y_hi and distances d_lo,
 * d_hi narrowed until it is shorter than tol. */
static gboolean
narrow (MfEvents *ev, MfIntegrator *integrator, double *t_lo, double *t_hi, double tol,
        GError **error)
{
  MfSystem *system = mf_integrator_get_system (integrator);
  double s_lo = 1.0, s_hi = 1.0, widths[2] = { INFINITY, INFINITY };
  int last_moved = 0; /* -1: the left end moved last round, +1: the right */

  for (guint round = 0; *t_hi - *t_lo > tol && round < MF_LOCATE_MAX_ROUNDS; round++)
    {
      gboolean bisect = *t_hi - *t_lo > 0.5 * widths[0];
      double t_mid = trial_time (ev, *t_lo, *t_hi, s_lo, s_hi, tol, bisect);

      widths[0] = widths[1];
      widths[1] = *t_hi - *t_lo;
      if (!integrate (ev, integrator, *t_lo, ev->y_lo, t_mid, ev->y_mid, error))
        return FALSE;
      if (mf_events_evaluate (ev, system, t_mid, ev->y_mid, ev->d_mid))
        {
          *t_hi = t_mid;
          swap (&ev->y_hi, &ev->y_mid);
          swap (&ev->d_hi, &ev->d_mid);
          s_hi = 1.0;
          /* Illinois: the end that stays twice counts half */
          s_lo = last_moved == +1 ? 0.5 * s_lo : 1.0;
          last_moved = +1;
        }
      else
        {
          *t_lo = t_mid;
          swap (&ev->y_lo, &ev->y_mid);
          swap (&ev->d_lo, &ev->d_mid);
          s_lo = 1.0;
          s_hi = last_moved == -1 ? 0.5 * s_hi : 1.0;
          last_moved = -1;
        }
    }
  return TRUE;
}

/* The distances where the step began are the ones last checked there, not
 * evaluated again: an algebraic valve velocity at zero flow is only known
 * to Newton's tolerance, and a second solve must not move a condition that
 * did not hold into one that does. */
static gboolean
locate (MfEvents *ev, MfIntegrator *integrator, double *t, double *y, int *valve, GError **error)
{
  gsize bytes = ev->n_y * sizeof (double);
  double t_lo = ev->t0, t_hi = *t;
  double tol = MAX (MF_LOCATE_MIN * MAX (1.0, fabs (t_hi)),
                    MF_LOCATE_FRACTION * ev->rtol * (t_hi - t_lo));

  memcpy (ev->y_lo, ev->y0, bytes);
  memcpy (ev->y_hi, y, bytes);
  memcpy (ev->d_lo, ev->d_start, ev->valves->len * sizeof (double));
  if (!narrow (ev, integrator, &t_lo, &t_hi, tol, error))
    return FALSE;
  *valve = earliest (ev, t_lo, t_hi);
  *t = t_hi;
  memcpy (y, ev->y_hi, bytes);
  return TRUE;
}

/* The step checked, with no condition found: its distances begin the next. */
static void
step_passes (MfEvents *ev, double t)
{
  mf_events_observe (ev);
  ev->t_before = ev->t_start;
  ev->t_start = t;
  swap (&ev->d_before, &ev->d_start);
  swap (&ev->d_start, &ev->d_hi);
}

/* How much a distance may move by rounding alone: its fall counts only
 * beyond that.  INFINITY for an open valve, whose flow at rest is known
 * only to the rounding of the pressures around it. */
static double
distance_noise (const MfEvents *ev, const MfValve *valve)
{
  if (valve->kind == MF_SWITCH_AREA || (valve->kind == MF_SWITCH_VALVE
                                        && valve->state == MF_VALVE_OPEN))
    return INFINITY;
  if (valve->kind == MF_SWITCH_STOP && valve->state == MF_VALVE_OPEN)
    return MF_STEP_LIMIT_NOISE_X * valve->stroke;
  return MF_STEP_LIMIT_NOISE_P * ev->p_eps;
}

double
mf_events_step_limit (const MfEvents *ev)
{
  double limit = INFINITY, dt = ev->t_start - ev->t_before;

  if (!ev->active || !(dt > 0))
    return INFINITY;
  for (guint i = 0; i < ev->valves->len; i++)
    {
      double fall = ev->d_before[i] - ev->d_start[i];

      if (ev->d_start[i] > 0 && fall > distance_noise (ev, mf_events_valve (ev, i)))
        limit = MIN (limit, ev->t_start + MF_STEP_LIMIT_REACH * ev->d_start[i] * dt / fall);
    }
  return limit;
}

gboolean
mf_events_step_ends (MfEvents     *ev,
                     MfIntegrator *integrator,
                     double       *t,
                     double       *y,
                     int          *valve,
                     GError      **error)
{
  *valve = -1;
  if (!ev->active)
    return TRUE;
  if (mf_events_evaluate (ev, mf_integrator_get_system (integrator), *t, y, ev->d_hi))
    return locate (ev, integrator, t, y, valve, error);
  step_passes (ev, *t);
  return TRUE;
}
