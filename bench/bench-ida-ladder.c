/* bench-ida-ladder.c: Manifold against the peer a user would pick, on the
 * ladder of issue 14 (mf-bench-ladder-document.h): SUNDIALS IDA with the
 * KLU sparse solver on the full, unreduced index-1 DAE, written here by
 * hand for this circuit.  Unknowns per rung i: the pipe's velocity v_i
 * (differential), the orifice's velocity u_i and the junction's pressure
 * p_i (algebraic):
 *
 *   pipe      m v_i' = A (p_{i−1} − p_i) − A Δp_f(v_i)     (p_0 the supply)
 *   orifice   0 = a p_i − K u_i |u_i|                      (the drain at 0)
 *   junction  0 = A v_i − a u_i − A v_{i+1}                (no v_{N+1})
 *
 * with the circuit's own parameters (read from the loaded document) and
 * the core's laminar law.  Both run at the document's rtol (1e-8) and
 * Manifold's default atol, with the defaults a user gets: Manifold with
 * the document's method (msbdf) and sample count (1001), IDA stepping
 * freely to t_end.  A third run, IDA at rtol 1e-12, is the reference both
 * are measured against at t_end.  Times are wall clock, best of three.
 *
 *   bench-ida-ladder [N ...]        (default 10 100 1000)
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include "mf-bench-ladder-document.h"
#include "mf-component-type.h"
#include "mf-document.h"
#include "mf-error.h"
#include "mf-friction.h"
#include "mf-model.h"
#include "mf-simulation.h"

#define REPEATS 3

typedef struct
{
  guint  n;
  double area, mass, length, diameter; /* a pipe */
  double density, viscosity;
  double port, k;                      /* an orifice: port area, K = ρ a³ / (2 cd² A²) */
  double supply;                       /* Pa */
} Ladder;

static void
ladder_from_circuit (Ladder *l, const MfCircuit *circuit, guint n)
{
  const MfComponent *tank = g_ptr_array_index (circuit->components, 0);
  const MfComponent *pipe = g_ptr_array_index (circuit->components, 2);
  const MfComponent *orifice = g_ptr_array_index (circuit->components, 4);
  double area = orifice->params[MF_ORIFICE_AREA].value;
  double cd = orifice->params[MF_ORIFICE_CD].value;
  double port_d = orifice->params[MF_ORIFICE_PORT_DIAMETER].value;

  l->n = n;
  l->density = circuit->fluid.density;
  l->viscosity = circuit->fluid.kinematic_viscosity;
  l->length = pipe->params[MF_PIPE_LENGTH].value;
  l->diameter = pipe->params[MF_PIPE_DIAMETER].value;
  l->area = G_PI * l->diameter * l->diameter / 4.0;
  l->mass = l->density * l->area * l->length;
  l->port = G_PI * port_d * port_d / 4.0;
  l->k = l->density * pow (l->port, 3) / (2.0 * cd * cd * area * area);
  l->supply = tank->params[MF_TANK_PRESSURE].value;
}

static double
friction (const Ladder *l, double v, double *d_dv)
{
  return mf_friction_pressure_drop (MF_FRICTION_LAMINAR, l->density, l->viscosity, l->length,
                                    l->diameter, 0.0, v, d_dv);
}

/* ---- the DAE for IDA ---- */

static int
residual (realtype t, N_Vector yv, N_Vector ypv, N_Vector rv, void *data)
{
  const Ladder *l = data;
  const double *y = N_VGetArrayPointer (yv), *yp = N_VGetArrayPointer (ypv);
  double *r = N_VGetArrayPointer (rv);

  (void) t;
  for (guint i = 0; i < l->n; i++)
    {
      double v = y[3 * i], u = y[3 * i + 1], p = y[3 * i + 2];
      double p_before = i == 0 ? l->supply : y[3 * i - 1];
      double v_after = i + 1 < l->n ? y[3 * i + 3] : 0.0;

      r[3 * i] = l->mass * yp[3 * i] - l->area * (p_before - p - friction (l, v, NULL));
      r[3 * i + 1] = l->port * p - l->k * u * fabs (u);
      r[3 * i + 2] = l->area * v - l->port * u - l->area * v_after;
    }
  return 0;
}

/* ∂F/∂y + cj ∂F/∂y', column by column (CSC, rows ascending). */
static int
jacobian (realtype t, realtype cj, N_Vector yv, N_Vector ypv, N_Vector rv, SUNMatrix jac,
          void *data, N_Vector t1, N_Vector t2, N_Vector t3)
{
  const Ladder *l = data;
  const double *y = N_VGetArrayPointer (yv);
  sunindextype *cols = SUNSparseMatrix_IndexPointers (jac);
  sunindextype *rows = SUNSparseMatrix_IndexValues (jac);
  realtype *vals = SUNSparseMatrix_Data (jac);
  sunindextype nz = 0;

  (void) t, (void) ypv, (void) rv, (void) t1, (void) t2, (void) t3;
#define PUT(row, value) (rows[nz] = (row), vals[nz++] = (value))
  for (guint i = 0; i < l->n; i++)
    {
      double slope;

      friction (l, y[3 * i], &slope);
      /* v_i: junction i−1, pipe i, junction i */
      cols[3 * i] = nz;
      if (i > 0)
        PUT (3 * i - 1, -l->area);
      PUT (3 * i, cj * l->mass + l->area * slope);
      PUT (3 * i + 2, l->area);
      /* u_i: orifice i, junction i */
      cols[3 * i + 1] = nz;
      PUT (3 * i + 1, -2.0 * l->k * fabs (y[3 * i + 1]));
      PUT (3 * i + 2, -l->port);
      /* p_i: pipe i, orifice i, pipe i+1 */
      cols[3 * i + 2] = nz;
      PUT (3 * i, l->area);
      PUT (3 * i + 1, l->port);
      if (i + 1 < l->n)
        PUT (3 * i + 3, -l->area);
    }
  cols[3 * l->n] = nz;
#undef PUT
  return 0;
}

typedef struct
{
  double   seconds;
  long     steps;
  double  *y;      /* at t_end, 3N */
} IdaRun;

/* From rest: everything zero but the first pipe's acceleration. */
static gboolean
run_ida (Ladder *l, double t_end, double rtol, double atol_v, double atol_p, IdaRun *out)
{
  guint n_y = 3 * l->n;
  SUNContext ctx;
  N_Vector y, yp, id, atol;
  SUNMatrix a;
  SUNLinearSolver ls;
  void *mem;
  double reached = 0.0;
  gint64 start = g_get_monotonic_time ();
  int flag;

  SUNContext_Create (NULL, &ctx);
  y = N_VNew_Serial (n_y, ctx);
  yp = N_VNew_Serial (n_y, ctx);
  id = N_VNew_Serial (n_y, ctx);
  atol = N_VNew_Serial (n_y, ctx);
  N_VConst (0.0, y);
  N_VConst (0.0, yp);
  N_VGetArrayPointer (yp)[0] = l->area * l->supply / l->mass;
  for (guint i = 0; i < n_y; i++)
    {
      N_VGetArrayPointer (id)[i] = i % 3 == 0 ? 1.0 : 0.0;
      N_VGetArrayPointer (atol)[i] = i % 3 == 2 ? atol_p : atol_v;
    }
  mem = IDACreate (ctx);
  IDAInit (mem, residual, 0.0, y, yp);
  IDASVtolerances (mem, rtol, atol);
  IDASetUserData (mem, l);
  IDASetId (mem, id);
  IDASetSuppressAlg (mem, SUNTRUE);
  IDASetMaxNumSteps (mem, 10000000);
  a = SUNSparseMatrix (n_y, n_y, 8 * l->n, CSC_MAT, ctx);
  ls = SUNLinSol_KLU (y, a, ctx);
  IDASetLinearSolver (mem, ls, a);
  IDASetJacFn (mem, jacobian);
  IDASetStopTime (mem, t_end);
  flag = IDASolve (mem, t_end, &reached, y, yp, IDA_NORMAL);
  out->seconds = (g_get_monotonic_time () - start) * 1e-6;
  IDAGetNumSteps (mem, &out->steps);
  out->y = g_memdup2 (N_VGetArrayPointer (y), n_y * sizeof (double));
  IDAFree (&mem);
  SUNLinSolFree (ls);
  SUNMatDestroy (a);
  N_VDestroy (y);
  N_VDestroy (yp);
  N_VDestroy (id);
  N_VDestroy (atol);
  SUNContext_Free (&ctx);
  if (flag < 0)
    g_printerr ("IDA failed at t = %g: %s\n", reached, IDAGetReturnFlagName (flag));
  return flag >= 0;
}

/* ---- Manifold, end to end: the document's text to the last sample ---- */

typedef struct
{
  guint   n_outputs;
  double *last;
} LastSample;

static gboolean
keep_last (double t, guint mode, const double *outputs, gpointer data)
{
  LastSample *last = data;

  (void) t, (void) mode;
  memcpy (last->last, outputs, last->n_outputs * sizeof (double));
  return TRUE;
}

typedef struct
{
  double   seconds;
  guint64  steps;
  double  *y;      /* v_i, u_i, p_i at t_end, like IdaRun */
} ManifoldRun;

static gboolean
run_manifold (const char *text, guint n, ManifoldRun *out)
{
  gint64 start = g_get_monotonic_time ();
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = mf_document_load_data (text, -1, "<ladder>", NULL, &error);
  g_autoptr (MfModel) model = NULL;
  MfSimulationOptions options;
  MfSimulationStats stats = { 0 };
  LastSample last = { 0 };
  g_autoptr (GHashTable) columns = NULL;
  gboolean ok;

  if (document != NULL)
    model = mf_model_new (mf_document_get_circuit (document), &error);
  if (model == NULL)
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  mf_simulation_options_from_circuit (&options, mf_document_get_circuit (document));
  last.n_outputs = mf_model_n_outputs (model) + mf_simulation_n_switches (model);
  last.last = g_new0 (double, last.n_outputs);
  ok = mf_simulate (model, &options, keep_last, &last, &stats, NULL, &error);
  out->seconds = (g_get_monotonic_time () - start) * 1e-6;
  out->steps = stats.steps;
  out->y = g_new0 (double, 3 * n);
  columns = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint o = 0; o < mf_model_n_outputs (model); o++)
    g_hash_table_insert (columns, (gpointer) mf_model_output_name (model, o), GUINT_TO_POINTER (o));
  for (guint i = 0; ok && i < n; i++)
    {
      g_autofree char *v = g_strdup_printf ("P%u.v", i + 1);
      g_autofree char *u = g_strdup_printf ("O%u.v", i + 1);
      g_autofree char *p = g_strdup_printf ("J%u.p", i + 1);

      out->y[3 * i] = last.last[GPOINTER_TO_UINT (g_hash_table_lookup (columns, v))];
      out->y[3 * i + 1] = last.last[GPOINTER_TO_UINT (g_hash_table_lookup (columns, u))];
      out->y[3 * i + 2] = last.last[GPOINTER_TO_UINT (g_hash_table_lookup (columns, p))];
    }
  g_free (last.last);
  if (!ok)
    g_printerr ("%s\n", error->message);
  return ok;
}

/* The largest error of the pipe velocities and of the junction pressures,
 * each relative to its largest reference value. */
static void
errors (const double *y, const double *ref, guint n, double *e_v, double *e_p)
{
  double max_v = 0.0, max_p = 0.0, dv = 0.0, dp = 0.0;

  for (guint i = 0; i < n; i++)
    {
      max_v = MAX (max_v, fabs (ref[3 * i]));
      max_p = MAX (max_p, fabs (ref[3 * i + 2]));
      dv = MAX (dv, fabs (y[3 * i] - ref[3 * i]));
      dp = MAX (dp, fabs (y[3 * i + 2] - ref[3 * i + 2]));
    }
  *e_v = dv / max_v;
  *e_p = dp / max_p;
}

static gboolean
bench_size (guint n)
{
  g_autofree char *text = mf_bench_ladder_document (n);
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = mf_document_load_data (text, -1, "<ladder>", NULL, &error);
  const MfCircuit *circuit = mf_document_get_circuit (document);
  double t_end = circuit->simulation.t_end, rtol = circuit->simulation.rtol;
  double atol = circuit->simulation.atol, ev_m, ep_m, ev_i, ep_i;
  ManifoldRun best_m = { INFINITY };
  IdaRun best_i = { INFINITY }, ref = { 0 };
  Ladder l;

  ladder_from_circuit (&l, circuit, n);
  /* the reference: pressures to 1e-6 Pa, velocities to 1e-14 m/s */
  if (!run_ida (&l, t_end, 1e-12, 1e-14, 1e-6, &ref))
    return FALSE;
  for (guint r = 0; r < REPEATS; r++)
    {
      ManifoldRun m = { 0 };
      IdaRun i = { 0 };

      /* IDA's pressure atol: Manifold's atol of 1e-9 of the supply's pressure */
      if (!run_manifold (text, n, &m) || !run_ida (&l, t_end, rtol, atol, atol * l.supply, &i))
        return FALSE;
      if (m.seconds < best_m.seconds)
        {
          g_free (best_m.y);
          best_m = m;
        }
      else
        g_free (m.y);
      if (i.seconds < best_i.seconds)
        {
          g_free (best_i.y);
          best_i = i;
        }
      else
        g_free (i.y);
    }
  errors (best_m.y, ref.y, n, &ev_m, &ep_m);
  errors (best_i.y, ref.y, n, &ev_i, &ep_i);
  g_print ("| %u | %.3f s | %" G_GUINT64_FORMAT " | %.1e / %.1e | %.3f s | %ld | %.1e / %.1e | %.2f |\n",
           n, best_m.seconds, best_m.steps, ev_m, ep_m, best_i.seconds, best_i.steps, ev_i, ep_i,
           best_m.seconds / best_i.seconds);
  g_free (best_m.y);
  g_free (best_i.y);
  g_free (ref.y);
  return TRUE;
}

int
main (int argc, char **argv)
{
  static const guint sizes[] = { 10, 100, 1000 };
  gboolean ok = TRUE;

  mf_init ();
  g_print ("Ladder of N laminar pipes with an orifice to a drain at every junction, t_end 0.5 s,\n"
           "rtol 1e-8, from rest; errors at t_end (pipe velocities / junction pressures) against\n"
           "IDA at rtol 1e-12; wall time best of %d\n\n"
           "| N | Manifold (msbdf, 1001 samples) | steps | error | IDA + KLU, full DAE | steps"
           " | error | Manifold / IDA |\n|---|---|---|---|---|---|---|---|\n", REPEATS);
  if (argc > 1)
    for (int a = 1; a < argc && ok; a++)
      ok = bench_size ((guint) g_ascii_strtoull (argv[a], NULL, 10));
  else
    for (guint s = 0; s < G_N_ELEMENTS (sizes) && ok; s++)
      ok = bench_size (sizes[s]);
  return ok ? 0 : 1;
}
