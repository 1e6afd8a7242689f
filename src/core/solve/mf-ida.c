/* mf-ida.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-ida.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include "mf-finite.h"
#include "mf-iteration-matrix.h"
#include "mf-system-private.h"

/* IDA gives up after 10 failed error tests or Newton iterations in one
 * step, cutting the step by 4 or more each time.  A start from rest where
 * a volume fills through an orifice (its pressure grows as t^1.5, so y''
 * is unbounded at t = 0) needs more cuts than that from a first step of
 * 1e-6 t_end; a limit reached only at steps of 1e-14 s leaves the failure
 * to what the equations are, not to the count. */
#define MF_IDA_MAX_FAILURES 40

/* IDA ends a step's Newton iteration once its correction is expected to be
 * within this fraction of the error test's tolerance (IDA's own default is
 * 0.33).  On the reduced system the iteration is on the independent
 * velocities alone, and at 0.33 it passes IDA's test after a single
 * iteration on most steps.  What it leaves enters the error estimate, and
 * IDA, which lengthens a step only when the estimate allows twice the
 * step, keeps its steps short; on large circuits, where IDA's RMS norm
 * averages over many quiet states, it also leaves a few states far less
 * accurate than the tolerance.  Measured (docs/performance.md, "Scale"):
 * the ladder of 1000 pipes takes 1478 steps instead of 1820, the mesh of
 * 1013 pipes 1429 instead of 1751 (IDA on the full DAE: 1376 and 1377),
 * and the ladder of 100 000 pipes ends within 8.0e-10 (velocities) and
 * 3.8e-10 (pressures) of the reference in 967 steps, where 0.33 left
 * 2.5e-8 and 1.9e-6 after 1194.  The price: on the oracle's 2000 random
 * circuits 5 miss the agreement band by 1.1 to 3 times, against 1 at 0.33. */
#define MF_IDA_NEWTON_COEFFICIENT 0.05

struct _MfIda
{
  MfSystem          *system;
  MfSimulationStats *stats;
  gsize              n;
  SUNContext         context;
  void              *mem;
  N_Vector           y, yp, dky;
  SUNMatrix          matrix;
  SUNLinearSolver    solver;
  MfIterationMatrix *iteration;  /* NULL: a mode with algebraic states */
  double            *f;          /* n: f(t, y) */
  double            *u;          /* the full state, for the iteration matrix */
  double            *dfdy, *dfdt; /* the dense Jacobian, for a mode with algebraic states */
  gboolean           started;    /* IDA holds a state that the caller goes on from */
  double             t_last;     /* where the last step ended, as the caller was told */
  double            *y_last;
  double             h_first;    /* the first step after the next fresh start */
  double             h_start;    /* the first step of a fresh start not told otherwise */
  long int           failures;   /* the tries IDA refused so far (count_failures) */
  char              *message;
  /* the rejected tries of the step being taken, when recorded: IDA
   * evaluates the residual at the end of each step it tries, so a new time
   * there means the try before was refused */
  MfStepRecord      *steps;
  double             step_t;     /* where the step began */
  double             try_t;      /* the end of the step being tried, or NaN */
};

/* IDA prints its errors unless told where to put them: kept for the
 * message of a failed run. */
static void
on_error (int code, const char *module, const char *function, char *message, void *data)
{
  MfIda *self = data;

  if (code >= 0)
    return;
  g_free (self->message);
  self->message = g_strdup (message);
}

/* A residual at a time IDA had not tried in this step: the try before it
 * was refused. */
static void
note_try (MfIda *self, double t)
{
  int order = 0;

  if (!isnan (self->try_t))
    {
      IDAGetCurrentOrder (self->mem, &order);
      mf_step_record_add_rejected (self->steps, self->step_t, self->try_t - self->step_t,
                                   (guint) MAX (order, 0));
    }
  self->try_t = t;
}

/* G = E y' − f(t, y), or y' − f(t, y) with algebraic states.  A value that
 * is not finite is an error IDA recovers from by a shorter step. */
static int
residual (double t, N_Vector yy, N_Vector yyp, N_Vector rr, void *data)
{
  MfIda *self = data;
  const double *y = N_VGetArrayPointer (yy), *yp = N_VGetArrayPointer (yyp);
  double *r = N_VGetArrayPointer (rr);

  self->stats->rhs_evaluations++;
  if (self->steps != NULL && t != self->try_t)
    note_try (self, t);
  if (self->iteration != NULL)
    {
      mf_system_reduced_forces (self->system, t, y, self->f);
      mf_iteration_matrix_mass_times (self->iteration, yp, r);
    }
  else
    {
      if (mf_system_rhs (t, y, self->f, self->system) != GSL_SUCCESS)
        return 1;
      memcpy (r, yp, self->n * sizeof (double));
    }
  for (gsize i = 0; i < self->n; i++)
    r[i] -= self->f[i];
  return mf_all_finite (r, self->n) ? 0 : 1;
}

static int
sparse_jacobian (double t, double c, N_Vector yy, N_Vector yyp, N_Vector rr, SUNMatrix jac,
                 void *data, N_Vector t1, N_Vector t2, N_Vector t3)
{
  MfIda *self = data;
  const MfIterationMatrix *it = self->iteration;
  sunindextype *start = SUNSparseMatrix_IndexPointers (jac);
  sunindextype *row = SUNSparseMatrix_IndexValues (jac);
  double *values = SUNSparseMatrix_Data (jac);

  self->stats->jacobian_evaluations++;
  mf_system_expand (self->system, t, N_VGetArrayPointer (yy), self->u);
  mf_iteration_matrix_fill (self->iteration, self->system, t, self->u, c, values);
  for (guint j = 0; j <= it->n; j++)
    start[j] = it->start[j];
  for (guint s = 0; s < it->nnz; s++)
    row[s] = it->row[s];
  return mf_all_finite (values, it->nnz) ? 0 : 1;
}

static int
dense_jacobian (double t, double c, N_Vector yy, N_Vector yyp, N_Vector rr, SUNMatrix jac,
                void *data, N_Vector t1, N_Vector t2, N_Vector t3)
{
  MfIda *self = data;
  gsize n = self->n;

  self->stats->jacobian_evaluations++;
  if (mf_system_jacobian (t, N_VGetArrayPointer (yy), self->dfdy, self->dfdt, self->system)
      != GSL_SUCCESS)
    return 1;
  for (gsize j = 0; j < n; j++)
    {
      double *column = SUNDenseMatrix_Column (jac, (sunindextype) j);

      for (gsize i = 0; i < n; i++)
        column[i] = (i == j ? c : 0.0) - self->dfdy[i * n + j];
    }
  return 0;
}

MfIda *
mf_ida_new (MfSystem          *system,
            double             rtol,
            double             atol,
            double             h_start,
            MfSimulationStats *stats,
            MfStepRecord      *steps)
{
  MfIda *self = g_new0 (MfIda, 1);
  gsize n = mf_system_dimension (system);

  g_return_val_if_fail (n > 0, NULL);
  self->system = system;
  self->stats = stats;
  self->steps = steps;
  self->try_t = NAN;
  self->n = n;
  self->h_start = self->h_first = h_start;
  self->f = g_new0 (double, n);
  self->u = g_new0 (double, MAX (mf_model_n_states (mf_system_get_model (system)), 1));
  self->y_last = g_new0 (double, n);
  self->iteration = mf_iteration_matrix_new (system);
  if (SUNContext_Create (NULL, &self->context) != 0)
    goto fail;
  self->y = N_VNew_Serial ((sunindextype) n, self->context);
  self->yp = N_VNew_Serial ((sunindextype) n, self->context);
  self->dky = N_VNew_Serial ((sunindextype) n, self->context);
  self->mem = IDACreate (self->context);
  if (self->y == NULL || self->yp == NULL || self->dky == NULL || self->mem == NULL)
    goto fail;
  N_VConst (0.0, self->y);
  N_VConst (0.0, self->yp);
  if (IDASetErrHandlerFn (self->mem, on_error, self) != IDA_SUCCESS
      || IDAInit (self->mem, residual, 0.0, self->y, self->yp) != IDA_SUCCESS
      || IDASStolerances (self->mem, rtol, atol) != IDA_SUCCESS
      || IDASetUserData (self->mem, self) != IDA_SUCCESS
      || IDASetMaxErrTestFails (self->mem, MF_IDA_MAX_FAILURES) != IDA_SUCCESS
      || IDASetMaxConvFails (self->mem, MF_IDA_MAX_FAILURES) != IDA_SUCCESS
      || IDASetNonlinConvCoef (self->mem, MF_IDA_NEWTON_COEFFICIENT) != IDA_SUCCESS)
    goto fail;
  if (self->iteration != NULL)
    {
      self->matrix = SUNSparseMatrix ((sunindextype) n, (sunindextype) n,
                                      (sunindextype) MAX (self->iteration->nnz, 1), CSC_MAT,
                                      self->context);
      self->solver = self->matrix != NULL ? SUNLinSol_KLU (self->y, self->matrix, self->context)
                                          : NULL;
    }
  else
    {
      self->dfdy = g_new0 (double, n * n);
      self->dfdt = g_new0 (double, n);
      self->matrix = SUNDenseMatrix ((sunindextype) n, (sunindextype) n, self->context);
      self->solver = self->matrix != NULL ? SUNLinSol_Dense (self->y, self->matrix, self->context)
                                          : NULL;
    }
  if (self->solver == NULL
      || IDASetLinearSolver (self->mem, self->solver, self->matrix) != IDA_SUCCESS
      || IDASetJacFn (self->mem, self->iteration != NULL ? sparse_jacobian : dense_jacobian)
         != IDA_SUCCESS)
    goto fail;
  return self;

fail:
  mf_ida_free (self);
  return NULL;
}

void
mf_ida_free (MfIda *self)
{
  if (self == NULL)
    return;
  if (self->mem != NULL)
    IDAFree (&self->mem);
  if (self->solver != NULL)
    SUNLinSolFree (self->solver);
  if (self->matrix != NULL)
    SUNMatDestroy (self->matrix);
  if (self->y != NULL)
    N_VDestroy (self->y);
  if (self->yp != NULL)
    N_VDestroy (self->yp);
  if (self->dky != NULL)
    N_VDestroy (self->dky);
  if (self->context != NULL)
    SUNContext_Free (&self->context);
  mf_iteration_matrix_free (self->iteration);
  g_free (self->f);
  g_free (self->u);
  g_free (self->dfdy);
  g_free (self->dfdt);
  g_free (self->y_last);
  g_free (self->message);
  g_free (self);
}

const char *
mf_ida_failure (const MfIda *self)
{
  return self->message;
}

void
mf_ida_restart (MfIda *self, double h)
{
  self->started = FALSE;
  self->h_first = h > 0 ? h : self->h_start;
}

guint
mf_ida_last_order (const MfIda *self)
{
  int order = 0;

  if (!self->started || IDAGetLastOrder (self->mem, &order) != IDA_SUCCESS)
    return 0;
  return (guint) MAX (order, 0);
}

double
mf_ida_next_step (const MfIda *self)
{
  double h = 0.0;

  if (!self->started)
    return self->h_first;
  IDAGetCurrentStep (self->mem, &h);
  return h;
}

/* A fresh start at (t, y): y' = f(t, y), which is consistent because E is
 * regular or f already solves the algebraic states. */
static MfIdaStatus
start (MfIda *self, double t, const double *y)
{
  memcpy (N_VGetArrayPointer (self->y), y, self->n * sizeof (double));
  if (mf_system_rhs (t, y, N_VGetArrayPointer (self->yp), self->system) != GSL_SUCCESS
      || !mf_all_finite (N_VGetArrayPointer (self->yp), self->n))
    return MF_IDA_NOT_FINITE;
  if (IDAReInit (self->mem, t, self->y, self->yp) != IDA_SUCCESS
      || IDASetInitStep (self->mem, self->h_first) != IDA_SUCCESS)
    return MF_IDA_FAILED;
  self->started = TRUE;
  self->t_last = t;
  memcpy (self->y_last, y, self->n * sizeof (double));
  return MF_IDA_OK;
}

static MfIdaStatus
status_of (int flag)
{
  switch (flag)
    {
    case IDA_RES_FAIL:
    case IDA_REP_RES_ERR:
    case IDA_FIRST_RES_FAIL:
      return MF_IDA_NOT_FINITE;
    case IDA_ERR_FAIL:
    case IDA_CONV_FAIL:
    case IDA_LSETUP_FAIL:
    case IDA_LSOLVE_FAIL:
      return MF_IDA_STALLED;
    default:
      return MF_IDA_FAILED;
    }
}

/* After a step: its last try was refused too when the step failed.  IDA
 * counts the refusals; a try the residual did not show (none is known)
 * is recorded with its step unknown. */
static void
note_step_tries (MfIda *self, gboolean failed, guint entries, long int refused)
{
  guint64 recorded;

  if (failed && !isnan (self->try_t))
    note_try (self, NAN);
  recorded = mf_step_record_get_n_entries (self->steps) - entries;
  if (recorded > (guint64) MAX (refused, 0))
    mf_step_record_truncate (self->steps, entries + (guint) refused);
  for (; recorded < (guint64) MAX (refused, 0); recorded++)
    mf_step_record_add_rejected (self->steps, self->step_t, NAN, 0);
  self->try_t = NAN;
}

/* The tries IDA refused: by the error test, or because Newton did not
 * converge even with a fresh Jacobian.  (IDAGetNumNonlinSolvConvFails()
 * also counts an iteration that a fresh Jacobian then brought home at the
 * same step: that try was not refused.) */
static void
count_failures (MfIda *self)
{
  long int error_tests = 0, newton = 0;

  IDAGetNumErrTestFails (self->mem, &error_tests);
  IDAGetNumStepSolveFails (self->mem, &newton);
  self->stats->rejected_steps += (guint64) (error_tests + newton - self->failures);
  self->failures = error_tests + newton;
}

MfIdaStatus
mf_ida_step (MfIda *self, double *t, double t_stop, double *y)
{
  MfIdaStatus status;
  double reached = *t;
  long int failures;
  guint entries = 0;
  int flag;

  g_clear_pointer (&self->message, g_free);
  if (!self->started || *t != self->t_last
      || memcmp (y, self->y_last, self->n * sizeof (double)) != 0)
    {
      /* the counters start again with IDAReInit */
      count_failures (self);
      self->failures = 0;
      if ((status = start (self, *t, y)) != MF_IDA_OK)
        return status;
    }
  if (IDASetStopTime (self->mem, t_stop) != IDA_SUCCESS)
    return MF_IDA_FAILED;
  failures = self->failures;
  if (self->steps != NULL)
    {
      entries = mf_step_record_get_n_entries (self->steps);
      self->step_t = *t;
      self->try_t = NAN;
    }
  flag = IDASolve (self->mem, t_stop, &reached, self->y, self->yp, IDA_ONE_STEP);
  count_failures (self);
  if (self->steps != NULL)
    note_step_tries (self, flag < 0, entries, self->failures - failures);
  if (flag < 0)
    {
      self->started = FALSE;
      return status_of (flag);
    }
  *t = flag == IDA_TSTOP_RETURN ? t_stop : reached;
  memcpy (y, N_VGetArrayPointer (self->y), self->n * sizeof (double));
  self->t_last = *t;
  memcpy (self->y_last, y, self->n * sizeof (double));
  return MF_IDA_OK;
}

gboolean
mf_ida_interpolate (MfIda *self, double t, double *y)
{
  double t_now = 0.0, h_last = 0.0;

  if (!self->started)
    return FALSE;
  if (t == self->t_last)
    {
      memcpy (y, self->y_last, self->n * sizeof (double));
      return TRUE;
    }
  IDAGetCurrentTime (self->mem, &t_now);
  IDAGetLastStep (self->mem, &h_last);
  if (!(h_last > 0) || t < t_now - h_last || t > t_now)
    return FALSE;
  if (IDAGetDky (self->mem, t, 0, self->dky) != IDA_SUCCESS)
    return FALSE;
  memcpy (y, N_VGetArrayPointer (self->dky), self->n * sizeof (double));
  return TRUE;
}
