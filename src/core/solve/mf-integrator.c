/* mf-integrator.c
 *
 * Adaptive runs go through gsl_odeiv2_evolve_apply() with a y_new error
 * control; fixed-step runs through gsl_odeiv2_evolve_apply_fixed_step(),
 * GSL's steppers and mf-euler.c's alike.  The GSL objects come from a
 * gsl_odeiv2_driver only because the implicit and multistep steppers read
 * their tolerances through one; the stepping loop is ours, so that it can
 * stop at the driver's stop times and say in words why it failed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-integrator.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "mf-error.h"
#include "mf-expr.h"
#include "mf-finite.h"
#include "mf-ida.h"
#include "mf-model-private.h"

/* A state beyond this is a blow-up even while it is still finite: explicit
 * methods above their stability limit grow geometrically, and reporting it
 * here names the time long before the numbers overflow. */
#define MF_BLOWUP_LIMIT 1e150

/* An absolute tolerance below this asks for pressures finer than a start
 * from rest can give (fail_stalled). */
#define MF_TIGHT_ATOL 1e-10

typedef enum
{
  MF_FAILED_NOWHERE,
  MF_FAILED_IN_RHS,
  MF_FAILED_IN_JACOBIAN,
} MfFailureSite;

struct _MfIntegrator
{
  MfSystem          *system;
  const MfMethod    *method;
  MfSimulationStats *stats;
  gsize              dimension;
  gsl_odeiv2_system  ode;
  gsl_odeiv2_driver *driver;     /* a GSL method's, NULL for a mode without states */
  MfIda             *ida;        /* "auto"'s, NULL for a mode without states */
  double             fixed_step; /* > 0: every step this long, but for the last before a stop */
  double             h_start;
  double             h;          /* adaptive: GSL's suggestion for the next step */
  double             jump;       /* no state: the longest step, doubling after each one */
  double             atol, rtol;
  gboolean           modnewton;  /* an implicit Runge–Kutta stepper of GSL (see step_hold) */
  gboolean           holding;    /* the last step was a step_hold() */
  double            *y_saved;    /* the state a rejected step is retried from */
  double            *dydt;       /* the derivative, for step_hold() */
  double            *u;          /* the full state, to name what blew up */
  MfFailureSite      failed_in;
  /* orifices whose area varies, and their areas when the Jacobian was
   * last taken (see jacobian_is_stale) */
  guint              n_varying;
  guint             *varying;
  double            *jacobian_areas;
  /* the steps, when recorded (options->steps) */
  MfStepRecord      *steps;
  guint              order;      /* of the step being taken; 0 where the method does not vary it */
  double             step_h;     /* the fixed step just taken, or NaN: the distance moved */
  gsl_odeiv2_control watch;      /* the driver's control, noting the tries it refuses */
  double             try_t0;     /* where the adaptive step being taken began */
  double             next_try;   /* the step GSL tries next within it */
};

/* Below this an adaptive step no longer moves t by much more than rounding. */
static double
min_step (double t)
{
  return 1e-14 * MAX (1.0, fabs (t));
}

/* The system promises GSL_EBADFUNC for values that are not finite; checking
 * again costs a loop and makes every blow-up end the same way. */
static int
counted_rhs (double t, const double y[], double dydt[], void *data)
{
  MfIntegrator *self = data;
  int status;

  self->stats->rhs_evaluations++;
  status = mf_system_rhs (t, y, dydt, self->system);
  if (status == GSL_SUCCESS && !mf_all_finite (dydt, self->dimension))
    status = GSL_EBADFUNC;
  if (status != GSL_SUCCESS)
    self->failed_in = MF_FAILED_IN_RHS;
  return status;
}

static double
varying_area (const MfIntegrator *self, guint i, double t)
{
  const MfBranch *b = mf_model_branch (mf_system_get_model (self->system), self->varying[i]);

  return mf_expr_eval_at (b->opening, t, mf_system_last_state (self->system));
}

static void
note_jacobian_areas (MfIntegrator *self, double t)
{
  for (guint i = 0; i < self->n_varying; i++)
    self->jacobian_areas[i] = varying_area (self, i, t);
}

/* An orifice's resistance goes as 1/a², and so does its part of the
 * Jacobian: one taken while an area was a fraction of what it is now
 * (just after the orifice reopened) overstates the stiffness by the square
 * of that fraction, and a modified Newton iteration with it takes tiny
 * corrections for convergence — GSL's msbdf then accepts steps far from
 * the solution.  Such a Jacobian is not used: when an area has doubled
 * since it was taken, the stepper starts afresh and takes a new one. */
static gboolean
jacobian_is_stale (const MfIntegrator *self, double t)
{
  for (guint i = 0; i < self->n_varying; i++)
    if (varying_area (self, i, t) > 2.0 * self->jacobian_areas[i])
      return TRUE;
  return FALSE;
}

static void
find_varying_areas (MfIntegrator *self)
{
  MfModel *model = mf_system_get_model (self->system);
  guint n_v = mf_model_n_velocities (model);

  self->varying = g_new0 (guint, MAX (n_v, 1));
  self->jacobian_areas = g_new0 (double, MAX (n_v, 1));
  for (guint k = 0; k < n_v; k++)
    if (mf_model_branch (model, k)->kind == MF_BRANCH_ORIFICE
        && mf_model_branch (model, k)->opening != NULL)
      self->varying[self->n_varying++] = k;
}

static int
counted_jacobian (double t, const double y[], double *dfdy, double dfdt[], void *data)
{
  MfIntegrator *self = data;
  int status;

  self->stats->jacobian_evaluations++;
  note_jacobian_areas (self, t);
  status = mf_system_jacobian (t, y, dfdy, dfdt, self->system);
  if (status == GSL_SUCCESS
      && !(mf_all_finite (dfdy, self->dimension * self->dimension)
           && mf_all_finite (dfdt, self->dimension)))
    status = GSL_EBADFUNC;
  if (status != GSL_SUCCESS)
    self->failed_in = MF_FAILED_IN_JACOBIAN;
  return status;
}

/* ---- the steps recorded ---- */

/* GSL halves a step its stepper could not take (an implicit method's
 * iteration that fails) and tries again without asking the control: the
 * tries that came between the one expected and the one the control is
 * shown now. */
static void
note_failed_tries (MfIntegrator *self, double tried)
{
  for (guint i = 0; i < 64 && self->next_try > tried * (1 + 1e-12); i++)
    {
      mf_step_record_add_rejected (self->steps, self->try_t0, self->next_try, self->order);
      self->next_try *= 0.5;
    }
}

/* When steps are recorded, an adaptive step asks this control, which asks
 * the driver's own and notes each try refused by the error test. */
static int
watch_hadjust (void         *state,
               size_t        dim,
               unsigned int  ord,
               const double  y[],
               const double  yerr[],
               const double  yp[],
               double       *h)
{
  MfIntegrator *self = state;
  const gsl_odeiv2_control *control = self->driver->c;
  double tried = *h;
  int status;

  note_failed_tries (self, tried);
  status = control->type->hadjust (control->state, dim, ord, y, yerr, yp, h);
  if (status == GSL_ODEIV_HADJ_DEC && fabs (*h) < fabs (tried))
    {
      mf_step_record_add_rejected (self->steps, self->try_t0, tried, self->order);
      self->next_try = *h;
    }
  return status;
}

static const gsl_odeiv2_control_type watch_type = {
  .name = "manifold-watch",
  .hadjust = watch_hadjust,
};

/* After gsl_odeiv2_evolve_apply() refused `refused` tries from entry
 * `entries` on: GSL's count is the truth.  A try the control refused that
 * GSL did not take as refused (a step too short to move t) goes; tries the
 * stepper failed at the end of a failed call come in. */
static void
settle_tries (MfIntegrator *self, guint entries, guint64 refused)
{
  guint64 recorded = mf_step_record_get_n_entries (self->steps) - entries;

  if (recorded > refused)
    mf_step_record_truncate (self->steps, entries + (guint) refused);
  for (; recorded < refused; recorded++)
    {
      mf_step_record_add_rejected (self->steps, self->try_t0, self->next_try, self->order);
      self->next_try *= 0.5;
    }
}

/* The order GSL's stepper holds for the step it takes next.  A multistep
 * method of GSL decides a change of order at the end of a step, for the
 * next one, which this reads; it may still lower it inside the step
 * (msbdf after the step was cut markedly, either after a rejected try),
 * which GSL does not tell. */
static void
read_gsl_order (MfIntegrator *self)
{
  if (self->steps != NULL && self->method->varies_order)
    self->order = gsl_odeiv2_step_order (self->driver->s);
}

MfIntegrator *
mf_integrator_new (MfSystem                  *system,
                   const MfMethod            *method,
                   const MfSimulationOptions *options,
                   MfSimulationStats         *stats,
                   GError                   **error)
{
  MfIntegrator *self = g_new0 (MfIntegrator, 1);
  guint n_states = mf_model_n_states (mf_system_get_model (system));

  self->system = system;
  self->method = method;
  self->stats = stats;
  self->dimension = mf_system_dimension (system);
  self->ode.function = counted_rhs;
  self->ode.jacobian = method->needs_jacobian ? counted_jacobian : NULL;
  self->ode.dimension = self->dimension;
  self->ode.params = self;
  self->fixed_step = options->step;
  self->h_start = 1e-6 * options->t_end;
  self->h = self->h_start;
  self->jump = INFINITY;
  self->atol = options->atol;
  self->rtol = options->rtol;
  self->modnewton = method->gsl == gsl_odeiv2_step_rk1imp
                    || method->gsl == gsl_odeiv2_step_rk2imp
                    || method->gsl == gsl_odeiv2_step_rk4imp;
  self->y_saved = g_new (double, MAX (self->dimension, 1));
  self->dydt = g_new (double, MAX (self->dimension, 1));
  self->u = g_new (double, MAX (n_states, 1));
  self->steps = options->steps;
  self->watch.type = &watch_type;
  self->watch.state = self;
  if (method->needs_jacobian)
    find_varying_areas (self);

  if (self->dimension > 0 && method->gsl == NULL)
    {
      self->ida = mf_ida_new (system, options->rtol, options->atol, self->h_start, stats,
                              options->steps);
      if (self->ida == NULL)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                       _("cannot set up the %s integrator for mode %u (%u states)"),
                       method->name, mf_system_get_mode (system), (guint) self->dimension);
          mf_integrator_free (self);
          return NULL;
        }
    }
  else if (self->dimension > 0)
    {
      self->driver = gsl_odeiv2_driver_alloc_y_new (&self->ode, method->gsl, self->h_start,
                                                    options->atol, options->rtol);
      if (self->driver == NULL)
        {
          /* Translators: %s is the method ("rk8pd"), then the mode's number and how many
           * states it integrates */
          g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                       _("cannot set up the %s integrator for mode %u (%u states)"),
                       method->name, mf_system_get_mode (system), (guint) self->dimension);
          mf_integrator_free (self);
          return NULL;
        }
    }
  return self;
}

void
mf_integrator_free (MfIntegrator *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->driver, gsl_odeiv2_driver_free);
  g_clear_pointer (&self->ida, mf_ida_free);
  g_clear_pointer (&self->system, mf_system_free);
  g_free (self->y_saved);
  g_free (self->dydt);
  g_free (self->u);
  g_free (self->varying);
  g_free (self->jacobian_areas);
  g_free (self);
}

MfSystem *
mf_integrator_get_system (MfIntegrator *self)
{
  return self->system;
}

void
mf_integrator_restart (MfIntegrator *self)
{
  self->h = self->h_start;
  self->jump = INFINITY;
  self->holding = FALSE;
  if (self->driver != NULL)
    gsl_odeiv2_driver_reset (self->driver);
  if (self->ida != NULL)
    mf_ida_restart (self->ida, 0.0);
}

void
mf_integrator_forget_history (MfIntegrator *self)
{
  self->holding = FALSE;
  if (self->driver != NULL)
    gsl_odeiv2_step_reset (self->driver->s);
  if (self->ida != NULL)
    mf_ida_restart (self->ida, 0.0);
}

double
mf_integrator_next_step (const MfIntegrator *self)
{
  return self->ida != NULL ? mf_ida_next_step (self->ida) : self->h;
}

void
mf_integrator_rewind (MfIntegrator *self, double h)
{
  self->h = h > 0 ? h : self->h_start;
  self->holding = FALSE;
  if (self->driver != NULL)
    gsl_odeiv2_driver_reset (self->driver);
  if (self->ida != NULL)
    mf_ida_restart (self->ida, h);
}

gboolean
mf_integrator_interpolates (const MfIntegrator *self)
{
  return self->ida != NULL;
}

gboolean
mf_integrator_interpolate (MfIntegrator *self, double t, double *y)
{
  return self->ida != NULL && mf_ida_interpolate (self->ida, t, y);
}

void
mf_integrator_retry (MfIntegrator *self, double h)
{
  mf_integrator_rewind (self, h);
  self->jump = h;
}

static gboolean G_GNUC_PRINTF (3, 4)
fail_at (double t, GError **error, const char *format, ...)
{
  g_autofree char *cause = NULL;
  va_list args;

  va_start (args, format);
  cause = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: %.10g is the time in seconds, %s what failed there */
  g_set_error (error, MF_ERROR, MF_ERROR_SOLVER, _("at t = %.10g s: %s"), t, cause);
  return FALSE;
}

static const char *
not_finite_cause (const MfIntegrator *self)
{
  const char *known = mf_system_last_failure (self->system);

  /* the system's own reason (Newton on the algebraic states) says more */
  if (known != NULL)
    return known;
  if (self->failed_in == MF_FAILED_IN_JACOBIAN)
    return _("the Jacobian is not finite");
  return _("the right-hand side is not finite (the solution blew up)");
}

static gboolean
fail_stalled (const MfIntegrator *self, double t, GError **error)
{
  if (!self->method->implicit)
    return fail_at (t, error,
                    /* Translators: %.3g is a time step in seconds, %s the method ("rk4") */
                    _("the step size fell below %.3g s (the equations may be too stiff for %s; "
                      "try msbdf)"), min_step (t), self->method->name);
  /* atol holds pressures in Pa too: a volume filling from rest through an
   * orifice rises as t^1.5, and below about 1e-10 Pa its first step cannot
   * be made short enough (docs/model.md, "The oracle") */
  if (self->atol < MF_TIGHT_ATOL)
    return fail_at (t, error,
                    /* Translators: %.3g is a time step in seconds, %g the absolute tolerance */
                    _("the step size fell below %.3g s (the solution may be discontinuous or "
                      "singular there, or atol = %g may be tighter than the pressures, in Pa, "
                      "can be followed: try 1e-10)"), min_step (t), self->atol);
  return fail_at (t, error,
                  _("the step size fell below %.3g s (the solution may be discontinuous or "
                    "singular there)"), min_step (t));
}

static gboolean
fail_adaptive (const MfIntegrator *self, double t, int status, GError **error)
{
  if (status == GSL_EBADFUNC)
    return fail_at (t, error, "%s", not_finite_cause (self));
  /* Translators: the first %s is the method ("rkf45"), the second GSL's reason */
  return fail_at (t, error, _("the %s stepper failed (%s)"), self->method->name,
                  gsl_strerror (status));
}

static gboolean
fail_fixed (const MfIntegrator *self, double t, double h, int status, GError **error)
{
  if (status == GSL_EBADFUNC)
    /* Translators: %s is what is not finite ("the Jacobian is not finite"), %g the step,
     * the last %s the method ("rk4") */
    return fail_at (t, error, _("%s; a step of %g s may be too long for %s"),
                    not_finite_cause (self), h, self->method->name);
  /* Translators: %s is the method ("rk4"), %g the step, the last %s GSL's reason */
  return fail_at (t, error, _("the %s step of %g s failed (%s); try a shorter step"),
                  self->method->name, h, gsl_strerror (status));
}

static gboolean
fail_blowup (MfIntegrator *self, double t, const double *y, GError **error)
{
  MfModel *model = mf_system_get_model (self->system);
  guint n_states = mf_model_n_states (model);
  g_autofree char *culprit = NULL;
  g_autofree char *hint = NULL;

  mf_system_expand (self->system, t, y, self->u);
  for (guint i = 0; i < n_states && culprit == NULL; i++)
    if (!isfinite (self->u[i]) || fabs (self->u[i]) > MF_BLOWUP_LIMIT)
      /* The outputs begin with the states, so output i has state i's unit. */
      culprit = g_strdup_printf (" (%s = %g %s)", mf_model_state_name (model, i), self->u[i],
                                 mf_model_output_unit (model, i));
  if (self->fixed_step > 0)
    /* Translators: ends "the solution blew up"; %g is the step, %s the method ("rk4") */
    hint = g_strdup_printf (_("; a fixed step of %g s may be beyond the stability limit of %s"),
                            self->fixed_step, self->method->name);
  /* Translators: the first %s is empty or names the state that grew, " (P1.v = 1e+300 m/s)",
   * the second is empty or a hint that starts with "; " */
  return fail_at (t, error, _("the solution blew up%s%s"), culprit ? culprit : "",
                  hint ? hint : "");
}

static gboolean
state_is_bounded (MfIntegrator *self, double t, const double *y, GError **error)
{
  for (gsize i = 0; i < self->dimension; i++)
    if (!isfinite (y[i]) || fabs (y[i]) > MF_BLOWUP_LIMIT)
      return fail_blowup (self, t, y, error);
  return TRUE;
}

/* The length of the next fixed step.  A step that would end a hair short of
 * the stop is stretched to it rather than leaving a sliver of a step. */
static double
fixed_step_toward (const MfIntegrator *self, double t, double t_stop, gboolean *lands)
{
  double remaining = t_stop - t;

  *lands = remaining <= self->fixed_step * (1.0 + 1e-9);
  return *lands ? remaining : self->fixed_step;
}

static gboolean
step_fixed (MfIntegrator *self, double *t, double t_stop, double *y, GError **error)
{
  gboolean lands;
  double h = fixed_step_toward (self, *t, t_stop, &lands);
  double t_gsl = *t;
  int status;

  self->failed_in = MF_FAILED_NOWHERE;
  read_gsl_order (self);
  status = gsl_odeiv2_evolve_apply_fixed_step (self->driver->e, NULL, self->driver->s,
                                               &self->ode, &t_gsl, h, y);
  if (status != GSL_SUCCESS)
    return fail_fixed (self, *t, h, status, error);
  *t = lands ? t_stop : *t + h;
  self->step_h = h;
  self->stats->steps++;
  return TRUE;
}

/* GSL 2.7's implicit Runge–Kutta steppers (modnewton1.c) declare their
 * Newton iteration divergent when two successive corrections are both at
 * rounding level — which is what they are once the solution sits at a
 * steady state — and no step size helps, so the run would stall there.
 * When the state moves by less than a thousandth of the tolerance over the
 * step (h |f| small against atol + rtol |y|), holding it is within the
 * tolerance a successful step would have met.  FALSE if it moves more. */
static gboolean
step_hold (MfIntegrator *self, double *t, double t_stop, double h, double *y)
{
  double t0 = *t;
  gboolean lands = h >= t_stop - t0;

  if (!self->modnewton || !(h > 0)
      || self->ode.function (t0, y, self->dydt, self->ode.params) != GSL_SUCCESS)
    return FALSE;
  h = MIN (h, t_stop - t0);
  for (gsize i = 0; i < self->dimension; i++)
    if (!(fabs (h * self->dydt[i]) <= 1e-3 * (self->atol + self->rtol * fabs (y[i]))))
      return FALSE;
  *t = lands ? t_stop : t0 + h;
  gsl_odeiv2_step_reset (self->driver->s);
  return TRUE;
}

static gboolean
step_adaptive (MfIntegrator *self, double *t, double t_stop, double *y, GError **error)
{
  gsl_odeiv2_evolve *evolve = self->driver->e;
  gsl_odeiv2_control *control = self->steps != NULL ? &self->watch : self->driver->c;
  const double t0 = *t;

  read_gsl_order (self);
  /* At a steady state, try holding first rather than let GSL fail again. */
  if (self->holding && step_hold (self, t, t_stop, self->h, y))
    {
      self->stats->steps++;
      return TRUE;
    }
  self->holding = FALSE;
  memcpy (self->y_saved, y, self->dimension * sizeof (double));
  for (;;)
    {
      unsigned long failed_before = evolve->failed_steps;
      double h_before = self->h;
      double h_tried = MIN (self->h, t_stop - t0);
      guint entries = 0;
      int status;

      self->failed_in = MF_FAILED_NOWHERE;
      if (self->steps != NULL)
        {
          entries = mf_step_record_get_n_entries (self->steps);
          self->try_t0 = t0;
          self->next_try = h_tried;
        }
      status = gsl_odeiv2_evolve_apply (evolve, control, self->driver->s, &self->ode, t, t_stop,
                                        &self->h, y);
      self->stats->rejected_steps += evolve->failed_steps - failed_before;
      if (self->steps != NULL)
        settle_tries (self, entries, evolve->failed_steps - failed_before);
      if (status == GSL_EBADFUNC && 0.25 * h_tried >= min_step (t0))
        {
          /* A trial step too long for the method can overflow while the
           * solution itself is tame: retry shorter before calling it a
           * blow-up. */
          memcpy (y, self->y_saved, self->dimension * sizeof (double));
          *t = t0;
          self->h = 0.25 * h_tried;
          self->stats->rejected_steps++;
          if (self->steps != NULL)
            mf_step_record_add_rejected (self->steps, t0, self->next_try, self->order);
          gsl_odeiv2_step_reset (self->driver->s);
          continue;
        }
      if (status == GSL_FAILURE
          || (status == GSL_SUCCESS && *t < t_stop && !(fabs (self->h) >= min_step (*t))))
        {
          /* The step size collapsed: the last chance is a steady state. */
          memcpy (y, self->y_saved, self->dimension * sizeof (double));
          *t = t0;
          if (!step_hold (self, t, t_stop, h_before, y))
            return fail_stalled (self, t0, error);
          self->h = h_before;
          self->holding = TRUE;
        }
      else if (status != GSL_SUCCESS)
        return fail_adaptive (self, t0, status, error);
      if (jacobian_is_stale (self, *t))
        gsl_odeiv2_step_reset (self->driver->s);
      self->stats->steps++;
      return TRUE;
    }
}

static gboolean
step_ida (MfIntegrator *self, double *t, double t_stop, double *y, GError **error)
{
  double t0 = *t;

  switch (mf_ida_step (self->ida, t, t_stop, y))
    {
    case MF_IDA_OK:
      self->stats->steps++;
      return TRUE;
    case MF_IDA_NOT_FINITE:
      /* the system says why at the point where the step began */
      self->failed_in = MF_FAILED_IN_RHS;
      counted_rhs (t0, y, self->dydt, self);
      return fail_at (t0, error, "%s", not_finite_cause (self));
    case MF_IDA_STALLED:
      return fail_stalled (self, t0, error);
    case MF_IDA_FAILED:
    default:
      return fail_at (t0, error, _("the %s stepper failed (%s)"), self->method->name,
                      mf_ida_failure (self->ida) != NULL ? mf_ida_failure (self->ida) : "IDA");
    }
}

gboolean
mf_integrator_step (MfIntegrator *self, double *t, double t_stop, double *y, GError **error)
{
  double t0 = *t;
  gboolean ok;

  g_return_val_if_fail (t_stop > *t, FALSE);

  self->order = 0;
  self->step_h = NAN;
  if (self->dimension == 0)
    {
      /* Nothing to integrate: the algebraic states, if any, are solved at
       * the end of the step, warm-started from its beginning — and in
       * shorter jumps after a retry, so that the warm start is close. */
      gboolean lands = !(t_stop - *t > self->jump);

      *t = lands ? t_stop : *t + self->jump;
      self->jump *= 2.0;
      self->stats->steps++;
      ok = TRUE;
    }
  else if (self->ida != NULL)
    ok = step_ida (self, t, t_stop, y, error);
  else if (self->fixed_step > 0 || !self->method->adaptive)
    ok = step_fixed (self, t, t_stop, y, error);
  else
    ok = step_adaptive (self, t, t_stop, y, error);

  if (ok && self->steps != NULL)
    {
      if (self->ida != NULL && self->method->varies_order)
        self->order = mf_ida_last_order (self->ida);
      mf_step_record_add_step (self->steps, t0, isnan (self->step_h) ? *t - t0 : self->step_h, *t,
                               self->order);
    }
  return ok && state_is_bounded (self, *t, y, error);
}
