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
 * the core's laminar law.  The protocol (mf-bench-ida.h) is the mesh's:
 * Manifold end to end against IDA stepping freely, both at the document's
 * rtol (1e-8) and Manifold's default atol, measured at t_end against IDA
 * at rtol 1e-12, each run in a process of its own.  Above N = 1000 Manifold
 * writes three values per sample, the supply's flow and the pressures at
 * both ends (the document's "outputs"), unless --series says otherwise.
 *
 *   bench-ida-ladder [--samples K] [--series NAMES] [--max-seconds S]
 *                    [--repeats R] [N ...]        (default 10 100 1000)
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-bench-ida.h"
#include "mf-bench-ladder-document.h"
#include "mf-component-type.h"
#include "mf-friction.h"

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
  MfBenchCsc csc = mf_bench_csc (jac);

  (void) t, (void) ypv, (void) rv, (void) t1, (void) t2, (void) t3;
  for (guint i = 0; i < l->n; i++)
    {
      double slope;

      friction (l, y[3 * i], &slope);
      /* v_i: junction i−1, pipe i, junction i */
      mf_bench_csc_column (&csc, 3 * i);
      if (i > 0)
        mf_bench_csc_put (&csc, 3 * i - 1, -l->area);
      mf_bench_csc_put (&csc, 3 * i, cj * l->mass + l->area * slope);
      mf_bench_csc_put (&csc, 3 * i + 2, l->area);
      /* u_i: orifice i, junction i */
      mf_bench_csc_column (&csc, 3 * i + 1);
      mf_bench_csc_put (&csc, 3 * i + 1, -2.0 * l->k * fabs (y[3 * i + 1]));
      mf_bench_csc_put (&csc, 3 * i + 2, -l->port);
      /* p_i: pipe i, orifice i, pipe i+1 */
      mf_bench_csc_column (&csc, 3 * i + 2);
      mf_bench_csc_put (&csc, 3 * i, l->area);
      mf_bench_csc_put (&csc, 3 * i + 1, l->port);
      if (i + 1 < l->n)
        mf_bench_csc_put (&csc, 3 * i + 3, -l->area);
    }
  mf_bench_csc_column (&csc, 3 * l->n);
  return 0;
}

/* Unknowns per rung i: v_i, u_i, p_i at 3i, 3i + 1, 3i + 2. */
static void
ladder_dae (MfBenchDae *dae, Ladder *l)
{
  mf_bench_dae_init (dae, 3 * l->n);
  for (guint i = 0; i < l->n; i++)
    {
      dae->kind[3 * i] = MF_BENCH_PIPE;
      dae->kind[3 * i + 1] = MF_BENCH_ORIFICE;
      dae->kind[3 * i + 2] = MF_BENCH_PRESSURE;
      dae->names[3 * i] = g_strdup_printf ("P%u.v", i + 1);
      dae->names[3 * i + 1] = g_strdup_printf ("O%u.v", i + 1);
      dae->names[3 * i + 2] = g_strdup_printf ("J%u.p", i + 1);
    }
  dae->nnz = 8 * l->n;
  dae->residual = residual;
  dae->jacobian = jacobian;
  dae->data = l;
  dae->start = 0;
  dae->start_rate = l->area * l->supply / l->mass;
  dae->supply = l->supply;
}

static void
bench_size (guint n, const MfBenchOptions *o)
{
  g_autofree char *plain = mf_bench_ladder_document (n);
  g_autofree char *text = NULL;
  g_autofree char *few = g_strdup_printf ("P1.q,J1.p,J%u.p", n);
  g_autoptr (MfDocument) document = mf_bench_load (plain, n, few, o, &text);
  MfBenchDae dae;
  Ladder l;

  ladder_from_circuit (&l, mf_document_get_circuit (document), n);
  ladder_dae (&dae, &l);
  mf_bench_compare (n, text, &dae, mf_document_get_circuit (document), o);
  mf_bench_dae_clear (&dae);
}

int
main (int argc, char **argv)
{
  static const guint sizes[] = { 10, 100, 1000 };
  MfBenchOptions o;

  mf_init ();
  if (!mf_bench_options_parse (&o, &argc, &argv, "Manifold against IDA + KLU on the ladder"))
    return 64;
  mf_bench_print_header ("Ladder of N laminar pipes with an orifice to a drain at every junction",
                         &o);
  if (argc > 1)
    for (int a = 1; a < argc; a++)
      bench_size ((guint) g_ascii_strtoull (argv[a], NULL, 10), &o);
  else
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      bench_size (sizes[s], &o);
  g_free (o.series);
  return 0;
}
