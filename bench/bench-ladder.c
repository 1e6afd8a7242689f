/* bench-ladder.c: what the generic machinery costs (issue 2, item 9).
 *
 * A ladder of N pipes: a supply tank feeds a rail of junctions J1..Jn
 * through the rail pipes R1..Rn, and every junction drains through a rung
 * pipe Gi into a tank at 0 (n = N/2):
 *
 *     supply ──R1── J1 ──R2── J2 ── … ──Rn── Jn
 *                   │         │               │
 *                   G1        G2              Gn
 *                   │         │               │
 *                 drain     drain           drain
 *
 * The rails are heavier than the rungs, so the reduction keeps the rail
 * velocities as the independent states and every rung velocity is the
 * difference of its two neighbouring rails: v_Gi = (A_R/A_G)(v_Ri − v_Ri+1).
 * The same reduced ODE M̄ v̄' = αᵀF is integrated twice, with the same GSL
 * driver, stepper, tolerances and initial state:
 *
 *   generic  mf_system_rhs(): the assembled model, sparse α, forces from the
 *            branch table, the Cholesky factor of M̄ (in band storage when
 *            M̄ is banded, as here);
 *   hand     a right-hand side written for this circuit: direct loops, αᵀF
 *            by the ladder's structure, and M̄ — tridiagonal here — solved by
 *            Thomas's algorithm with factors computed once.
 *
 * Both evaluate the friction with mf_friction_pressure_drop() (the value
 * only, as right-hand sides do), so the physics
 * costs the same and the ratio measures the machinery.  A third run goes
 * through mf_simulate(), the path the command line takes, for reference.
 * The program exits with 1 when the results disagree or the reduction does
 * not pick the states the hand-written version assumes.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "mf-circuit.h"
#include "mf-error.h"
#include "mf-friction.h"
#include "mf-method.h"
#include "mf-model.h"
#include "mf-reduction.h"
#include "mf-simulation.h"
#include "mf-system.h"

/* Water, 50 bar at the supply.  A short, wide rail and long, narrow rungs:
 * the rungs hold most of the resistance, so the pressure along the rail
 * stays up and every pipe of the N = 100 ladder ends up turbulent (Re above
 * 4000, Colebrook), while the rails stay the heavier pipes (0.98 kg against
 * 0.56 kg).  The flow starts up from rest and is steady after some 0.2 s;
 * from then on the explicit stepper's stability bound sets the step. */
#define DENSITY         998.0
#define VISCOSITY       1.0e-6
#define ROUGHNESS       1.5e-5
#define SUPPLY_PRESSURE 50e5
#define RAIL_LENGTH     0.5
#define RAIL_DIAMETER   0.05
#define RUNG_LENGTH     20.0
#define RUNG_DIAMETER   0.006

#define RTOL     1e-8
#define ATOL     1e-10
#define T_END    10.0
/* Both versions integrate the same ODE, so they agree to rounding while
 * they take the same steps.  Rounding can flip a step's acceptance (N =
 * 1000: far pipes creep through the laminar–turbulent blend), after which
 * they differ by the integration error — measured against an rtol 1e-13
 * reference, at most 1.3e-7 of the largest velocity.  A mistake in either
 * would show as a difference of order one. */
#define AGREEMENT (100 * RTOL)

#define MIN_REPEATS 3

typedef struct
{
  guint         n;             /* rails, and rungs */
  double        rail_area;
  double        rung_area;
  double        ratio;         /* A_R / A_G: a rung's velocity per rail velocity */
  double        supply_force;  /* A_R p_supply, on R1 */
  double        off_diagonal;  /* M̄[i, i+1] = −ratio² m_G */
  double       *sweep;         /* Thomas: c'_i = e / (b_i − e c'_i−1) */
  double       *pivot_inverse; /* 1 / (b_i − e c'_i−1) */
  guint64       evaluations;
} HandLadder;

typedef struct
{
  MfSystem *system;
  guint64   evaluations;
} GenericLadder;

typedef struct
{
  double   seconds;   /* best of the repetitions */
  double   total;     /* all repetitions */
  guint    repeats;
  guint64  evaluations;
  guint64  steps;
  guint64  rejected;
} Timing;

static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double
circle_area (double diameter)
{
  return G_PI * diameter * diameter / 4.0;
}

/* ---- the circuit ------------------------------------------------------- */

static MfComponent *
add_pipe (MfCircuit *circuit, const char *id, double length, double diameter)
{
  MfComponent *pipe = mf_circuit_add_component (circuit, id, MF_COMPONENT_PIPE);

  mf_component_set_param_value (pipe, MF_PIPE_LENGTH, length);
  mf_component_set_param_value (pipe, MF_PIPE_DIAMETER, diameter);
  mf_component_set_param_value (pipe, MF_PIPE_ROUGHNESS, ROUGHNESS);
  pipe->params[MF_PIPE_FRICTION].choice = MF_FRICTION_TURBULENT;
  return pipe;
}

static gboolean
wire (MfCircuit *circuit, const char *a, const char *b)
{
  g_autoptr (GError) error = NULL;

  if (mf_circuit_connect (circuit, a, b, &error))
    return TRUE;
  g_printerr ("bench-ladder: %s\n", error->message);
  return FALSE;
}

/* Document order: supply, then R_i, J_i, G_i for each i, then the drain.
 * Equal masses tie, and ties keep document order, so the independent states
 * come out as R1..Rn in that order. */
static MfCircuit *
ladder_circuit_new (guint n)
{
  g_autoptr (MfCircuit) circuit = mf_circuit_new ();
  MfComponent *tank;
  gboolean ok = TRUE;

  circuit->fluid.density = DENSITY;
  circuit->fluid.kinematic_viscosity = VISCOSITY;
  tank = mf_circuit_add_component (circuit, "supply", MF_COMPONENT_TANK);
  mf_component_set_param_value (tank, MF_TANK_PRESSURE, SUPPLY_PRESSURE);
  for (guint i = 1; i <= n; i++)
    {
      g_autofree char *rail = g_strdup_printf ("R%u", i);
      g_autofree char *junction = g_strdup_printf ("J%u", i);
      g_autofree char *rung = g_strdup_printf ("G%u", i);

      add_pipe (circuit, rail, RAIL_LENGTH, RAIL_DIAMETER);
      mf_circuit_add_component (circuit, junction, MF_COMPONENT_JUNCTION);
      add_pipe (circuit, rung, RUNG_LENGTH, RUNG_DIAMETER);
    }
  tank = mf_circuit_add_component (circuit, "drain", MF_COMPONENT_TANK);
  mf_component_set_param_value (tank, MF_TANK_PRESSURE, 0.0);
  /* what the loader adds to a document without modes */
  mf_circuit_add_mode (circuit, "default");

  ok = wire (circuit, "supply.p", "R1.a");
  for (guint i = 1; ok && i <= n; i++)
    {
      g_autofree char *rail_b = g_strdup_printf ("R%u.b", i);
      g_autofree char *junction = g_strdup_printf ("J%u.p", i);
      g_autofree char *next_rail_a = g_strdup_printf ("R%u.a", i + 1);
      g_autofree char *rung_a = g_strdup_printf ("G%u.a", i);
      g_autofree char *rung_b = g_strdup_printf ("G%u.b", i);

      ok = wire (circuit, rail_b, junction)
           && (i == n || wire (circuit, junction, next_rail_a))
           && wire (circuit, junction, rung_a)
           && wire (circuit, rung_b, "drain.p");
    }
  return ok ? g_steal_pointer (&circuit) : NULL;
}

/* ---- the hand-written right-hand side ---------------------------------- */

static double
rail_drop (double v)
{
  return mf_friction_pressure_drop (MF_FRICTION_TURBULENT, DENSITY, VISCOSITY, RAIL_LENGTH,
                                    RAIL_DIAMETER, ROUGHNESS, v, NULL);
}

static double
rung_drop (double v)
{
  return mf_friction_pressure_drop (MF_FRICTION_TURBULENT, DENSITY, VISCOSITY, RUNG_LENGTH,
                                    RUNG_DIAMETER, ROUGHNESS, v, NULL);
}

/* The diagonal of M̄ = m_R + ratio² m_G for each rung the rail's velocity
 * enters: rung i and, but for R1, rung i−1. */
static double
hand_diagonal (const HandLadder *ladder, guint i)
{
  double rail_mass = DENSITY * ladder->rail_area * RAIL_LENGTH;
  double rung_mass = DENSITY * ladder->rung_area * RUNG_LENGTH;

  return rail_mass + (i == 0 ? 1.0 : 2.0) * ladder->ratio * ladder->ratio * rung_mass;
}

static HandLadder *
hand_ladder_new (guint n)
{
  HandLadder *ladder = g_new0 (HandLadder, 1);
  double rung_mass;

  ladder->n = n;
  ladder->rail_area = circle_area (RAIL_DIAMETER);
  ladder->rung_area = circle_area (RUNG_DIAMETER);
  ladder->ratio = ladder->rail_area / ladder->rung_area;
  ladder->supply_force = ladder->rail_area * SUPPLY_PRESSURE;
  rung_mass = DENSITY * ladder->rung_area * RUNG_LENGTH;
  ladder->off_diagonal = -ladder->ratio * ladder->ratio * rung_mass;

  /* Thomas's elimination of the constant M̄, once: the right-hand side only
   * sweeps.  M̄ is diagonally dominant, so no pivoting is needed. */
  ladder->sweep = g_new0 (double, n);
  ladder->pivot_inverse = g_new0 (double, n);
  for (guint i = 0; i < n; i++)
    {
      double pivot = hand_diagonal (ladder, i)
                     - (i > 0 ? ladder->off_diagonal * ladder->sweep[i - 1] : 0.0);

      ladder->pivot_inverse[i] = 1.0 / pivot;
      ladder->sweep[i] = ladder->off_diagonal / pivot;
    }
  return ladder;
}

static void
hand_ladder_free (HandLadder *ladder)
{
  g_free (ladder->sweep);
  g_free (ladder->pivot_inverse);
  g_free (ladder);
}

/* M̄ v̄' = F̄ with F̄_i = F_Ri + ratio (F_Gi − F_Gi−1), the forces from the
 * friction alone (the drain is at 0) and the supply pressure on R1. */
static int
hand_rhs (double t, const double y[], double dydt[], void *data)
{
  HandLadder *ladder = data;
  const guint n = ladder->n;
  const double e = ladder->off_diagonal;
  double previous = 0.0; /* ratio × force on the rung before */

  ladder->evaluations++;
  for (guint i = 0; i < n; i++)
    {
      double rung_v = ladder->ratio * (y[i] - (i + 1 < n ? y[i + 1] : 0.0));
      double rail_force = -ladder->rail_area * rail_drop (y[i]);
      double rung_force = ladder->ratio * -ladder->rung_area * rung_drop (rung_v);

      dydt[i] = rail_force + rung_force - previous;
      previous = rung_force;
    }
  dydt[0] += ladder->supply_force;

  dydt[0] *= ladder->pivot_inverse[0];
  for (guint i = 1; i < n; i++)
    dydt[i] = (dydt[i] - e * dydt[i - 1]) * ladder->pivot_inverse[i];
  for (guint i = n - 1; i-- > 0;)
    dydt[i] -= ladder->sweep[i] * dydt[i + 1];
  return GSL_SUCCESS;
}

/* Every velocity, rails then rungs in the model's state order (R1, G1, R2,
 * G2, …), from the rail velocities. */
static void
hand_expand (const HandLadder *ladder, const double *y, double *v)
{
  for (guint i = 0; i < ladder->n; i++)
    {
      v[2 * i] = y[i];
      v[2 * i + 1] = ladder->ratio * (y[i] - (i + 1 < ladder->n ? y[i + 1] : 0.0));
    }
}

/* ---- the generic one --------------------------------------------------- */

static int
generic_rhs (double t, const double y[], double dydt[], void *data)
{
  GenericLadder *generic = data;

  generic->evaluations++;
  return mf_system_rhs (t, y, dydt, generic->system);
}

/* The hand-written version hard-codes the reduction's choices; check them:
 * rails independent in order, α's rung rows ±ratio, M̄ the tridiagonal. */
static gboolean
check_structure (const MfModel *model, const HandLadder *ladder)
{
  g_autoptr (MfReduction) red = mf_reduction_new (model, 0);
  const MfNullspace *ns = red->nullspace;
  guint n = ladder->n, n_v = mf_model_n_velocities (model);
  double worst_alpha = 0.0, worst_mass = 0.0;
  g_autofree double *alpha = mf_alpha_to_dense (ns->alpha);

  if (mf_reduction_n_independent (red) != n || n_v != 2 * n)
    {
      g_printerr ("bench-ladder: expected %u independent of %u velocities, the reduction "
                  "keeps %u of %u\n",
                  n, 2 * n, mf_reduction_n_independent (red), n_v);
      return FALSE;
    }
  for (guint j = 0; j < n; j++)
    {
      g_autofree char *expected = g_strdup_printf ("R%u.v", j + 1);
      const char *name = mf_model_state_name (model, ns->independent[j]);

      if (g_strcmp0 (name, expected) != 0)
        {
          g_printerr ("bench-ladder: independent state %u is %s, the hand-written RHS "
                      "assumes %s\n",
                      j, name, expected);
          return FALSE;
        }
    }
  for (guint j = 0; j < n; j++)
    for (guint k = 0; k < n_v; k++)
      {
        /* column j of α is the velocity pattern of rail j: 1 on itself,
         * +ratio on rung j, −ratio on rung j−1 */
        double hand = k == 2 * j                      ? 1.0
                      : k == 2 * j + 1                ? ladder->ratio
                      : j > 0 && k == 2 * (j - 1) + 1 ? -ladder->ratio
                                                      : 0.0;

        worst_alpha = MAX (worst_alpha, fabs (alpha[(gsize) j * n_v + k] - hand));
      }
  for (guint j = 0; j < n; j++)
    for (guint i = 0; i < n; i++)
      {
        double hand = i == j                     ? hand_diagonal (ladder, i)
                      : i + 1 == j || j + 1 == i ? ladder->off_diagonal
                                                 : 0.0;

        worst_mass = MAX (worst_mass,
                          fabs (mf_sparse_get (red->mass_reduced, i, j) - hand)
                            / hand_diagonal (ladder, 1));
      }
  if (worst_alpha > 1e-12 * ladder->ratio || worst_mass > 1e-12)
    {
      g_printerr ("bench-ladder: the hand-written α or M̄ differ from the reduction's "
                  "(α by %.3g, M̄ by %.3g relative)\n",
                  worst_alpha, worst_mass);
      return FALSE;
    }
  return TRUE;
}

/* ---- the runs ---------------------------------------------------------- */

/* One run from rest to t_end; y is left at the final state.  Only the
 * driver's apply is timed. */
static gboolean
integrate (gsl_odeiv2_system          *ode,
           const gsl_odeiv2_step_type *stepper,
           double                      t_end,
           double                     *y,
           double                     *seconds,
           Timing                     *timing)
{
  gsl_odeiv2_driver *driver;
  double t = 0.0, start;
  int status;

  memset (y, 0, ode->dimension * sizeof (double));
  /* the initial step mf-integrator.c takes, so mf_simulate() steps alike */
  driver = gsl_odeiv2_driver_alloc_y_new (ode, stepper, 1e-6 * t_end, ATOL, RTOL);
  start = now ();
  status = gsl_odeiv2_driver_apply (driver, &t, t_end, y);
  *seconds = now () - start;
  /* GSL counts every step it tries, the rejected ones too */
  timing->rejected = driver->e->failed_steps;
  timing->steps = driver->e->count - driver->e->failed_steps;
  gsl_odeiv2_driver_free (driver);
  if (status != GSL_SUCCESS)
    {
      g_printerr ("bench-ladder: the integration failed at t = %g s: %s\n", t,
                  gsl_strerror (status));
      return FALSE;
    }
  return TRUE;
}

static void
timing_add (Timing *timing, double seconds, guint64 evaluations)
{
  timing->seconds = timing->repeats == 0 ? seconds : MIN (timing->seconds, seconds);
  timing->total += seconds;
  timing->repeats++;
  timing->evaluations = evaluations;
}

static double
per_evaluation (const Timing *timing)
{
  return timing->evaluations > 0 ? 1e6 * timing->seconds / timing->evaluations : 0.0;
}

typedef struct
{
  guint   n_v;
  double *final;
} LastSample;

static gboolean
keep_last_sample (double t, guint mode, const double *outputs, gpointer data)
{
  LastSample *last = data;

  memcpy (last->final, outputs, last->n_v * sizeof (double));
  return TRUE;
}

/* max |a − b| / max |b| */
static double
relative_difference (const double *a, const double *b, guint n)
{
  double diff = 0.0, scale = 0.0;

  for (guint i = 0; i < n; i++)
    {
      diff = MAX (diff, fabs (a[i] - b[i]));
      scale = MAX (scale, fabs (b[i]));
    }
  return scale > 0.0 ? diff / scale : diff;
}

typedef enum
{
  RUN_BOTH,
  RUN_GENERIC,
  RUN_HAND,
} RunWhich;

typedef struct
{
  const MfMethod *method;
  double          t_end;
  double          min_time;
  RunWhich        which;
} BenchOptions;

typedef struct
{
  guint    n_pipes;
  double   setup;         /* mf_model_new + mf_system_new */
  Timing   generic;
  Timing   hand;
  double   difference;    /* generic against hand, relative */
  double   sim_seconds;   /* mf_simulate, its setup included */
  guint64  sim_evaluations;
  double   sim_difference;
} LadderResult;

static gboolean
needs_more (const Timing *timing, const BenchOptions *opts, gboolean runs)
{
  return runs && (timing->repeats < MIN_REPEATS || timing->total < opts->min_time);
}

/* Runs both versions, alternating so that a change in the machine's speed
 * hits both alike, until each has run MIN_REPEATS times and min_time long. */
static gboolean
time_both (GenericLadder     *generic,
           HandLadder        *hand,
           const BenchOptions *opts,
           double            *y_gen,
           double            *y_hand,
           LadderResult      *result)
{
  gsl_odeiv2_system generic_ode = { generic_rhs, NULL, hand->n, generic };
  gsl_odeiv2_system hand_ode = { hand_rhs, NULL, hand->n, hand };
  const gsl_odeiv2_step_type *stepper = opts->method->gsl;

  while (needs_more (&result->generic, opts, opts->which != RUN_HAND)
         || needs_more (&result->hand, opts, opts->which != RUN_GENERIC))
    {
      double seconds = 0.0;

      if (opts->which != RUN_HAND)
        {
          generic->evaluations = 0;
          if (!integrate (&generic_ode, stepper, opts->t_end, y_gen, &seconds, &result->generic))
            return FALSE;
          timing_add (&result->generic, seconds, generic->evaluations);
        }
      if (opts->which != RUN_GENERIC)
        {
          hand->evaluations = 0;
          if (!integrate (&hand_ode, stepper, opts->t_end, y_hand, &seconds, &result->hand))
            return FALSE;
          timing_add (&result->hand, seconds, hand->evaluations);
        }
    }
  return TRUE;
}

/* The product's own path, for reference: mf_simulate() with one output
 * sample at t_end, as `manifold-cli simulate` runs it; best of MIN_REPEATS. */
static gboolean
run_simulate (MfModel            *model,
              const HandLadder   *hand,
              const double       *v_hand,
              const BenchOptions *opts,
              LadderResult       *result)
{
  g_autofree double *v_sim = g_new0 (double, 2 * hand->n);
  MfSimulationOptions sim = { opts->method->name, opts->t_end, RTOL, ATOL, opts->t_end, 0.0 };
  LastSample last = { 2 * hand->n, v_sim };

  for (guint i = 0; i < MIN_REPEATS; i++)
    {
      g_autoptr (GError) error = NULL;
      MfSimulationStats stats = { 0 };

      if (!mf_simulate (model, &sim, keep_last_sample, &last, &stats, NULL, &error))
        {
          g_printerr ("bench-ladder: mf_simulate: %s\n", error->message);
          return FALSE;
        }
      result->sim_seconds = i == 0 ? stats.wall_time : MIN (result->sim_seconds, stats.wall_time);
      result->sim_evaluations = stats.rhs_evaluations;
    }
  result->sim_difference = relative_difference (v_sim, v_hand, 2 * hand->n);
  return TRUE;
}

static void
print_result (const LadderResult *r, const BenchOptions *opts)
{
  const Timing *one = opts->which == RUN_HAND ? &r->hand : &r->generic;

  if (opts->which != RUN_BOTH)
    {
      g_print ("%5u %7u %6" G_GUINT64_FORMAT " %9" G_GUINT64_FORMAT " %9.4f %9.2f\n",
               r->n_pipes, r->n_pipes / 2, one->steps, one->evaluations, one->seconds,
               per_evaluation (one));
      return;
    }
  g_print ("%5u %7u %6" G_GUINT64_FORMAT " %4" G_GUINT64_FORMAT " %9" G_GUINT64_FORMAT
           " %9" G_GUINT64_FORMAT " %9.4f %9.4f %6.2f %9.2f %9.2f %10.1e\n",
           r->n_pipes, r->n_pipes / 2, r->generic.steps, r->generic.rejected,
           r->generic.evaluations, r->hand.evaluations, r->generic.seconds, r->hand.seconds,
           r->generic.seconds / r->hand.seconds, per_evaluation (&r->generic),
           per_evaluation (&r->hand), r->difference);
}

/* Returns FALSE when something failed or the results disagree. */
static gboolean
bench_one (guint n_pipes, const BenchOptions *opts, LadderResult *result)
{
  guint n = MAX (n_pipes / 2, 1);
  g_autoptr (MfCircuit) circuit = ladder_circuit_new (n);
  g_autoptr (GError) error = NULL;
  MfModel *model = NULL;
  HandLadder *hand = NULL;
  GenericLadder generic = { 0 };
  g_autofree double *y_gen = g_new0 (double, n);
  g_autofree double *y_hand = g_new0 (double, n);
  g_autofree double *v_gen = g_new0 (double, 2 * n);
  g_autofree double *v_hand = g_new0 (double, 2 * n);
  double start;
  gboolean ok = FALSE;

  memset (result, 0, sizeof *result);
  result->n_pipes = 2 * n;
  if (circuit == NULL)
    return FALSE;
  start = now ();
  model = mf_model_new (circuit, &error);
  if (model != NULL)
    generic.system = mf_system_new (model, 0, &error);
  result->setup = now () - start;
  if (generic.system == NULL)
    {
      g_printerr ("bench-ladder: %s\n", error->message);
      goto out;
    }
  hand = hand_ladder_new (n);
  if (!check_structure (model, hand) || !time_both (&generic, hand, opts, y_gen, y_hand, result))
    goto out;
  if (opts->which != RUN_BOTH)
    {
      print_result (result, opts);
      ok = TRUE;
      goto out;
    }

  mf_system_expand (generic.system, opts->t_end, y_gen, v_gen);
  hand_expand (hand, y_hand, v_hand);
  result->difference = MAX (relative_difference (y_gen, y_hand, n),
                            relative_difference (v_gen, v_hand, 2 * n));
  print_result (result, opts);
  if (!run_simulate (model, hand, v_hand, opts, result))
    goto out;

  ok = TRUE;
  if (!(result->difference <= AGREEMENT && result->sim_difference <= AGREEMENT))
    {
      g_printerr ("bench-ladder: N = %u: the results disagree (generic against hand-written "
                  "%.3g, mf_simulate against hand-written %.3g; allowed %.3g)\n",
                  2 * n, result->difference, result->sim_difference, AGREEMENT);
      ok = FALSE;
    }

out:
  g_clear_pointer (&hand, hand_ladder_free);
  g_clear_pointer (&generic.system, mf_system_free);
  g_clear_pointer (&model, mf_model_free);
  return ok;
}

/* ---- main -------------------------------------------------------------- */

static char *
cpu_model (void)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;

  if (!g_file_get_contents ("/proc/cpuinfo", &text, NULL, NULL))
    return g_strdup ("unknown CPU");
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "model name"))
      {
        const char *colon = strchr (lines[i], ':');

        if (colon != NULL)
          return g_strstrip (g_strdup (colon + 1));
      }
  return g_strdup ("unknown CPU");
}

static void
print_header (const BenchOptions *opts)
{
  g_autofree char *cpu = cpu_model ();

  g_print ("Ladder benchmark (issue 2): %s, %u CPUs.\n"
           "%s, rtol %g, atol %g, t_end %g s; times are the best of >= %d runs "
           "(and >= %g s) of gsl_odeiv2_driver_apply.\n"
           "generic: mf_system_rhs (sparse alpha, M-bar by Cholesky: banded dpbtrs here).\n"
           "hand:    written for the ladder (M-bar tridiagonal, Thomas's algorithm).\n"
           "Both evaluate every pipe with mf_friction_pressure_drop.  The results must agree\n"
           "to %g of the largest velocity.\n\n",
           cpu, g_get_num_processors (), opts->method->name, RTOL, ATOL, opts->t_end,
           MIN_REPEATS, opts->min_time, AGREEMENT);
  if (opts->which != RUN_BOTH)
    g_print ("%5s %7s %6s %9s %9s %9s\n", "N", "states", "steps", "rhs", "seconds", "us/rhs");
  else
    g_print ("%5s %7s %6s %4s %9s %9s %9s %9s %6s %9s %9s %10s\n", "N", "states", "steps",
             "rej", "rhs gen", "rhs hand", "generic s", "hand s", "ratio", "us/rhs g",
             "us/rhs h", "max diff");
}

static void
print_reference (const LadderResult *results, guint n_results)
{
  g_print ("\nSetting up (mf_model_new + mf_system_new), and the whole driver (mf_simulate,\n"
           "as manifold-cli runs it: setup included, one output sample, best of %d runs):\n\n"
           "%5s %9s %13s %9s %10s\n",
           MIN_REPEATS, "N", "setup s", "mf_simulate s", "rhs", "max diff");
  for (guint i = 0; i < n_results; i++)
    g_print ("%5u %9.4f %13.4f %9" G_GUINT64_FORMAT " %10.1e\n", results[i].n_pipes,
             results[i].setup, results[i].sim_seconds, results[i].sim_evaluations,
             results[i].sim_difference);
}

int
main (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *method_name = g_strdup ("rkf45");
  g_autofree char *only = NULL;
  g_autoptr (GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree LadderResult *results = NULL;
  BenchOptions opts = { NULL, T_END, 0.2, RUN_BOTH };
  GOptionEntry entries[] = {
    { "t-end", 0, 0, G_OPTION_ARG_DOUBLE, &opts.t_end, "Simulated time (default 10 s)", "S" },
    { "method", 0, 0, G_OPTION_ARG_STRING, &method_name,
      "An explicit adaptive GSL stepper (default rkf45)", "NAME" },
    { "min-time", 0, 0, G_OPTION_ARG_DOUBLE, &opts.min_time,
      "Repeat until each version has run this long in total (default 0.2 s)", "S" },
    { "only", 0, 0, G_OPTION_ARG_STRING, &only,
      "Run only 'generic' or 'hand' (for profilers); no comparison", "WHICH" },
    { NULL }
  };
  const guint default_sizes[] = { 10, 100, 1000 };
  gboolean ok = TRUE;

  mf_init ();
  context = g_option_context_new ("[N…] — ladders of N pipes (default: 10 100 1000)");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("bench-ladder: %s\n", error->message);
      return 64;
    }
  opts.method = mf_method_lookup (method_name);
  if (opts.method == NULL || opts.method->gsl == NULL || opts.method->implicit
      || !opts.method->adaptive)
    {
      g_printerr ("bench-ladder: '%s' is not an explicit adaptive GSL stepper\n", method_name);
      return 64;
    }
  if (g_strcmp0 (only, "generic") == 0)
    opts.which = RUN_GENERIC;
  else if (g_strcmp0 (only, "hand") == 0)
    opts.which = RUN_HAND;
  else if (only != NULL)
    {
      g_printerr ("bench-ladder: --only takes 'generic' or 'hand'\n");
      return 64;
    }
  if (!(opts.t_end > 0.0) || !(opts.min_time >= 0.0))
    {
      g_printerr ("bench-ladder: --t-end must be positive, --min-time not negative\n");
      return 64;
    }
  for (int i = 1; i < argc; i++)
    {
      guint64 value;
      guint n_pipes;

      if (!g_ascii_string_to_unsigned (argv[i], 10, 2, 20000, &value, &error))
        {
          g_printerr ("bench-ladder: N: %s\n", error->message);
          return 64;
        }
      n_pipes = (guint) value;
      g_array_append_val (sizes, n_pipes);
    }
  if (sizes->len == 0)
    g_array_append_vals (sizes, default_sizes, G_N_ELEMENTS (default_sizes));

  print_header (&opts);
  results = g_new0 (LadderResult, sizes->len);
  for (guint i = 0; i < sizes->len; i++)
    ok = bench_one (g_array_index (sizes, guint, i), &opts, &results[i]) && ok;
  if (opts.which == RUN_BOTH)
    print_reference (results, sizes->len);
  return ok ? 0 : 1;
}
