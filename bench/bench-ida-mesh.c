/* bench-ida-mesh.c: Manifold against SUNDIALS IDA with the KLU sparse
 * solver on the mesh of issue 14 (mf-bench-mesh-document.h), a network
 * whose matrices are sparse and not banded.  IDA integrates the full,
 * unreduced index-1 DAE, written here by hand for this circuit: per pipe e
 * its velocity v_e (differential), per junction j its drain's velocity u_j
 * and its pressure p_j (algebraic):
 *
 *   pipe e, from a to b   m_e v_e' = A_e (p_a − p_b) − A_e Δp_f(v_e)   (p_a the
 *                                                       supply's for PS)
 *   orifice at j          0 = a p_j − K_j u_j |u_j|       (the drain at 0)
 *   junction j            0 = Σ_{e into j} A_e v_e − Σ_{e out of j} A_e v_e − a u_j
 *
 * with a the orifices' port area and K_j = ρ a³ / (2 cd² A_j²), the circuit's
 * own parameters read from the loaded document, and the core's laminar law.
 * The protocol is mf-bench-ida.h's, as for the ladder; above N = 1000
 * Manifold writes three values per sample, the supply's flow and the
 * pressures at the supplied corner and at the far one (the document's
 * "outputs"), unless --series says otherwise.
 *
 *   bench-ida-mesh [--samples K] [--series NAMES] [--max-seconds S]
 *                  [--repeats R] [N ...]        (default 10 100 1000)
 *
 * N is the number of pipes wanted; the mesh is the nearly square one
 * closest to it (mf_bench_mesh_shape()).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-bench-ida.h"
#include "mf-bench-mesh-document.h"
#include "mf-component-type.h"
#include "mf-friction.h"

/* A pipe's ends: junctions, or -1 for the supply. */
typedef struct
{
  int    from, to;
  char   direction; /* 'H' along a row, 'V' down a column, 'S' the supply */
  double area, mass, length, diameter;
} MeshPipe;

typedef struct
{
  guint     n_pipes, n_junctions;
  MeshPipe *pipes;   /* PS first, then the grid's */
  double   *k;       /* per junction: its orifice's K */
  double    port;    /* the orifices' port area */
  guint    *first;   /* per junction and one more: where its pipes start in `incident` */
  guint    *incident; /* the pipes at each junction, in ascending order */
  double    density, viscosity, supply;
} Mesh;

/* Unknowns: v_e at e, then per junction j, u_j at P + 2j and p_j at P + 2j + 1;
 * the equations in the same order (pipe, orifice, junction). */
#define ORIFICE_OF(m, j) ((m)->n_pipes + 2 * (j))
#define JUNCTION_OF(m, j) ((m)->n_pipes + 2 * (j) + 1)

static const MfComponent *
component_named (const MfCircuit *circuit, const char *id)
{
  int index = mf_circuit_find_component (circuit, id);

  if (index < 0)
    g_error ("the mesh has no component '%s'", id);
  return g_ptr_array_index (circuit->components, index);
}

static void
pipe_from (MeshPipe *pipe, char direction, const MfComponent *component, double density, int from,
           int to)
{
  pipe->direction = direction;
  pipe->from = from;
  pipe->to = to;
  pipe->length = component->params[MF_PIPE_LENGTH].value;
  pipe->diameter = component->params[MF_PIPE_DIAMETER].value;
  pipe->area = G_PI * pipe->diameter * pipe->diameter / 4.0;
  pipe->mass = density * pipe->area * pipe->length;
}

static int
compare_guint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/* Which pipes meet at each junction, for the columns of the pressures. */
static void
mesh_incidence (Mesh *m)
{
  guint *fill = g_new0 (guint, m->n_junctions);

  m->first = g_new0 (guint, m->n_junctions + 1);
  for (guint e = 0; e < m->n_pipes; e++)
    {
      if (m->pipes[e].from >= 0)
        m->first[m->pipes[e].from + 1]++;
      m->first[m->pipes[e].to + 1]++;
    }
  for (guint j = 0; j < m->n_junctions; j++)
    m->first[j + 1] += m->first[j];
  m->incident = g_new (guint, m->first[m->n_junctions]);
  for (guint e = 0; e < m->n_pipes; e++)
    {
      if (m->pipes[e].from >= 0)
        m->incident[m->first[m->pipes[e].from] + fill[m->pipes[e].from]++] = e;
      m->incident[m->first[m->pipes[e].to] + fill[m->pipes[e].to]++] = e;
    }
  for (guint j = 0; j < m->n_junctions; j++)
    qsort (m->incident + m->first[j], m->first[j + 1] - m->first[j], sizeof (guint),
           compare_guint);
  g_free (fill);
}

static void
mesh_from_circuit (Mesh *m, const MfCircuit *circuit, guint rows, guint columns)
{
  const MfComponent *tank = component_named (circuit, "TS");
  const MfComponent *grid_pipe = NULL;
  guint e = 1;

  m->n_junctions = rows * columns;
  m->n_pipes = (guint) mf_bench_mesh_pipes (rows, columns);
  m->pipes = g_new0 (MeshPipe, m->n_pipes);
  m->k = g_new0 (double, m->n_junctions);
  m->density = circuit->fluid.density;
  m->viscosity = circuit->fluid.kinematic_viscosity;
  m->supply = tank->params[MF_TANK_PRESSURE].value;
  pipe_from (&m->pipes[0], 'S', component_named (circuit, "PS"), m->density, -1, 0);
  for (guint i = 0; i < rows; i++)
    for (guint j = 0; j < columns; j++)
      {
        g_autofree char *id = g_strdup_printf ("O%u_%u", i + 1, j + 1);
        const MfComponent *orifice = component_named (circuit, id);
        double area = orifice->params[MF_ORIFICE_AREA].value;
        double cd = orifice->params[MF_ORIFICE_CD].value;
        double port_d = orifice->params[MF_ORIFICE_PORT_DIAMETER].value;
        int here = (int) (i * columns + j);

        m->port = G_PI * port_d * port_d / 4.0;
        m->k[here] = m->density * pow (m->port, 3) / (2.0 * cd * cd * area * area);
        if (grid_pipe == NULL && (j + 1 < columns || i + 1 < rows))
          {
            g_autofree char *pipe_id = g_strdup_printf (j + 1 < columns ? "H%u_%u" : "V%u_%u",
                                                        i + 1, j + 1);

            grid_pipe = component_named (circuit, pipe_id);
          }
        if (j + 1 < columns)
          pipe_from (&m->pipes[e++], 'H', grid_pipe, m->density, here, here + 1);
        if (i + 1 < rows)
          pipe_from (&m->pipes[e++], 'V', grid_pipe, m->density, here, here + (int) columns);
      }
  mesh_incidence (m);
}

static void
mesh_clear (Mesh *m)
{
  g_free (m->pipes);
  g_free (m->k);
  g_free (m->first);
  g_free (m->incident);
}

static double
friction (const Mesh *m, const MeshPipe *pipe, double v, double *d_dv)
{
  return mf_friction_pressure_drop (MF_FRICTION_LAMINAR, m->density, m->viscosity, pipe->length,
                                    pipe->diameter, 0.0, v, d_dv);
}

/* ---- the DAE for IDA ---- */

static int
residual (realtype t, N_Vector yv, N_Vector ypv, N_Vector rv, void *data)
{
  const Mesh *m = data;
  const double *y = N_VGetArrayPointer (yv), *yp = N_VGetArrayPointer (ypv);
  double *r = N_VGetArrayPointer (rv);

  (void) t;
  for (guint j = 0; j < m->n_junctions; j++)
    {
      double u = y[ORIFICE_OF (m, j)];

      r[ORIFICE_OF (m, j)] = m->port * y[JUNCTION_OF (m, j)] - m->k[j] * u * fabs (u);
      r[JUNCTION_OF (m, j)] = -m->port * u;
    }
  for (guint e = 0; e < m->n_pipes; e++)
    {
      const MeshPipe *pipe = &m->pipes[e];
      double p_from = pipe->from < 0 ? m->supply : y[JUNCTION_OF (m, pipe->from)];
      double p_to = y[JUNCTION_OF (m, pipe->to)];
      double flow = pipe->area * y[e];

      r[e] = pipe->mass * yp[e] - pipe->area * (p_from - p_to - friction (m, pipe, y[e], NULL));
      if (pipe->from >= 0)
        r[JUNCTION_OF (m, pipe->from)] -= flow;
      r[JUNCTION_OF (m, pipe->to)] += flow;
    }
  return 0;
}

/* ∂F/∂y + cj ∂F/∂y', column by column (CSC, rows ascending). */
static int
jacobian (realtype t, realtype cj, N_Vector yv, N_Vector ypv, N_Vector rv, SUNMatrix jac,
          void *data, N_Vector t1, N_Vector t2, N_Vector t3)
{
  const Mesh *m = data;
  const double *y = N_VGetArrayPointer (yv);
  MfBenchCsc csc = mf_bench_csc (jac);

  (void) t, (void) ypv, (void) rv, (void) t1, (void) t2, (void) t3;
  /* v_e: its pipe, then the junctions at its ends (from < to in this numbering) */
  for (guint e = 0; e < m->n_pipes; e++)
    {
      const MeshPipe *pipe = &m->pipes[e];
      double slope;

      friction (m, pipe, y[e], &slope);
      mf_bench_csc_column (&csc, e);
      mf_bench_csc_put (&csc, e, cj * pipe->mass + pipe->area * slope);
      if (pipe->from >= 0)
        mf_bench_csc_put (&csc, JUNCTION_OF (m, pipe->from), -pipe->area);
      mf_bench_csc_put (&csc, JUNCTION_OF (m, pipe->to), pipe->area);
    }
  for (guint j = 0; j < m->n_junctions; j++)
    {
      /* u_j: its orifice, its junction */
      mf_bench_csc_column (&csc, ORIFICE_OF (m, j));
      mf_bench_csc_put (&csc, ORIFICE_OF (m, j), -2.0 * m->k[j] * fabs (y[ORIFICE_OF (m, j)]));
      mf_bench_csc_put (&csc, JUNCTION_OF (m, j), -m->port);
      /* p_j: the pipes at j, its orifice */
      mf_bench_csc_column (&csc, JUNCTION_OF (m, j));
      for (guint i = m->first[j]; i < m->first[j + 1]; i++)
        {
          const MeshPipe *pipe = &m->pipes[m->incident[i]];

          mf_bench_csc_put (&csc, m->incident[i], pipe->to == (int) j ? pipe->area : -pipe->area);
        }
      mf_bench_csc_put (&csc, ORIFICE_OF (m, j), m->port);
    }
  mf_bench_csc_column (&csc, m->n_pipes + 2 * m->n_junctions);
  return 0;
}

static void
mesh_dae (MfBenchDae *dae, Mesh *m, guint columns)
{
  mf_bench_dae_init (dae, m->n_pipes + 2 * m->n_junctions);
  dae->names[0] = g_strdup ("PS.v");
  for (guint e = 1; e < m->n_pipes; e++)
    {
      const MeshPipe *pipe = &m->pipes[e];
      guint i = (guint) pipe->from / columns, j = (guint) pipe->from % columns;

      dae->names[e] = g_strdup_printf ("%c%u_%u.v", pipe->direction, i + 1, j + 1);
    }
  for (guint j = 0; j < m->n_junctions; j++)
    {
      dae->kind[ORIFICE_OF (m, j)] = MF_BENCH_ORIFICE;
      dae->kind[JUNCTION_OF (m, j)] = MF_BENCH_PRESSURE;
      dae->names[ORIFICE_OF (m, j)] = g_strdup_printf ("O%u_%u.v", j / columns + 1,
                                                      j % columns + 1);
      dae->names[JUNCTION_OF (m, j)] = g_strdup_printf ("J%u_%u.p", j / columns + 1,
                                                       j % columns + 1);
    }
  /* three per pipe (two for PS), two per orifice, one per pipe end and orifice at a junction */
  dae->nnz = 3 * m->n_pipes - 1 + 2 * m->n_junctions + m->first[m->n_junctions] + m->n_junctions;
  dae->residual = residual;
  dae->jacobian = jacobian;
  dae->data = m;
  dae->start = 0;
  dae->start_rate = m->pipes[0].area * m->supply / m->pipes[0].mass;
  dae->supply = m->supply;
}

static void
bench_size (guint64 n, const MfBenchOptions *o)
{
  guint64 rows, columns;
  g_autofree char *plain = NULL;
  g_autofree char *text = NULL;
  g_autofree char *few = NULL;
  g_autoptr (MfDocument) document = NULL;
  MfBenchDae dae;
  Mesh m = { 0 };

  mf_bench_mesh_shape (n, &rows, &columns);
  plain = mf_bench_mesh_document (rows, columns);
  few = g_strdup_printf ("PS.q,J1_1.p,J%" G_GUINT64_FORMAT "_%" G_GUINT64_FORMAT ".p", rows,
                         columns);
  document = mf_bench_load (plain, mf_bench_mesh_pipes (rows, columns), few, o, &text);
  mesh_from_circuit (&m, mf_document_get_circuit (document), (guint) rows, (guint) columns);
  mesh_dae (&dae, &m, (guint) columns);
  mf_bench_compare (mf_bench_mesh_pipes (rows, columns), text, &dae,
                    mf_document_get_circuit (document), o);
  mf_bench_dae_clear (&dae);
  mesh_clear (&m);
}

int
main (int argc, char **argv)
{
  static const guint sizes[] = { 10, 100, 1000 };
  MfBenchOptions o;

  mf_init ();
  if (!mf_bench_options_parse (&o, &argc, &argv, "Manifold against IDA + KLU on the mesh"))
    return 64;
  mf_bench_print_header ("Mesh of laminar pipes (N of them) with an orifice to a drain at every "
                         "junction, fed at a corner", &o);
  if (argc > 1)
    for (int a = 1; a < argc; a++)
      bench_size (g_ascii_strtoull (argv[a], NULL, 10), &o);
  else
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      bench_size (sizes[s], &o);
  g_free (o.series);
  return 0;
}
