/* mf-test-claims.h: reading an example's description and checking its
 * phrases, for test-example-claims.c: the quotes a test has checked, the
 * numbers as written (value and half a unit of the last digit), runs with
 * their event log, and the example's parameters.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>

#include "mf-error.h"
#include "mf-reduction.h"
#include "mf-relief.h"
#include "mf-test-examples.h"
#include "mf-test-stiffness.h"

/* The units the descriptions write, in SI */
#define BAR 1e5
#define L_MIN (1e-3 / 60.0)
#define MM 1e-3
#define MM2 1e-6
#define CM2 1e-4
#define RPM (2.0 * G_PI / 60.0)       /* rad/s */
#define CM3_REV (1e-6 / (2.0 * G_PI)) /* m³/rad */

/* ---- the tests of test-example-claims*.c ------------------------------- */

/* An example of data/examples and the test of its description */
typedef struct
{
  const char *name;
  GTestFunc   test;
} ClaimsCase;

/* those of the examples with cylinders, motors and masses, in
 * test-example-claims-actuators.c */
extern const ClaimsCase actuator_claims[];
extern const guint n_actuator_claims;

/* ---- a description and the parts of it checked ------------------------ */

typedef struct
{
  const char *start;
  gsize       length;
} Quote;

typedef struct
{
  char          *name;
  MfTestCircuit *ex;
  GArray        *quotes; /* Quote: what the checks so far cover, in title or description */
} Claims;

static inline Claims *
claims_new (const char *name)
{
  Claims *c = g_new0 (Claims, 1);

  c->name = g_strdup (name);
  c->ex = example_load (name);
  c->quotes = g_array_new (FALSE, FALSE, sizeof (Quote));
  g_assert_nonnull (example_circuit (c->ex)->title);
  g_assert_nonnull (example_circuit (c->ex)->description);
  return c;
}

static inline void
claims_free (Claims *c)
{
  mf_test_circuit_free (c->ex);
  g_array_unref (c->quotes);
  g_free (c->name);
  g_free (c);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Claims, claims_free)

static inline const char *
description (const Claims *c)
{
  return example_circuit (c->ex)->description;
}

/* Marks `phrase` as checked in `text`, which must say it exactly once (so
 * that which words a check covers is never in doubt). */
static inline void
quote_in (Claims *c, const char *text, const char *phrase)
{
  const char *found = strstr (text, phrase);
  Quote span;

  if (found == NULL || strstr (found + 1, phrase) != NULL)
    g_error ("%s: the text should say \"%s\" exactly once", c->name, phrase);
  span = (Quote) { found, strlen (phrase) };
  g_array_append_val (c->quotes, span);
}

/* Quotes a phrase of the description whose claim the caller checks. */
static inline void
quote (Claims *c, const char *phrase)
{
  quote_in (c, description (c), phrase);
}

static inline void
quote_title (Claims *c, const char *phrase)
{
  quote_in (c, example_circuit (c->ex)->title, phrase);
}

/* ---- numbers as written ------------------------------------------------ */

/* Whether a number starts at p: a digit that does not go on a name (J1,
 * CV1.dp, rk8pd) or on a number already begun. */
static inline gboolean
number_starts (const char *text, const char *p)
{
  return g_ascii_isdigit (*p)
         && (p == text || !(g_ascii_isalnum (p[-1]) || p[-1] == '_' || p[-1] == '.'));
}

/* A space before three digits that end the number's whole part separates
 * thousands, as in "12 247" and "12 247.4764" (not "3 000." ending a
 * sentence). */
static inline gboolean
digit_group_follows (const char *p)
{
  return p[0] == ' ' && g_ascii_isdigit (p[1]) && g_ascii_isdigit (p[2])
         && g_ascii_isdigit (p[3]) && !g_ascii_isdigit (p[4])
         && (p[4] != '.' || g_ascii_isdigit (p[5]));
}

typedef struct
{
  double value;
  double half_unit; /* half a unit in its last digit: the precision the text claims */
} Written;

/* The number that starts at p, in `text`: a sign when a minus stands alone
 * before it ("the -11 bar", not "index-1"), thousands, decimals, an
 * exponent ("5.6e-8"). */
static inline Written
read_number (const char *text, const char *p)
{
  g_autoptr (GString) digits = g_string_new (NULL);
  int decimals = 0, exponent = 0;

  if (p > text && p[-1] == '-' && (p - 1 == text || p[-2] == ' ' || p[-2] == '('))
    g_string_append_c (digits, '-');
  for (;; p++)
    if (g_ascii_isdigit (*p))
      g_string_append_c (digits, *p);
    else if (!digit_group_follows (p))
      break;
  if (*p == '.' && g_ascii_isdigit (p[1]))
    for (g_string_append_c (digits, *p++); g_ascii_isdigit (*p); p++, decimals++)
      g_string_append_c (digits, *p);
  if (*p == 'e' && (g_ascii_isdigit (p[1]) || (p[1] == '-' && g_ascii_isdigit (p[2]))))
    {
      exponent = (int) strtol (p + 1, NULL, 10);
      g_string_append_printf (digits, "e%d", exponent);
    }
  return (Written) { g_ascii_strtod (digits->str, NULL), 0.5 * pow (10.0, exponent - decimals) };
}

static inline Written
first_number (const char *phrase)
{
  for (const char *p = phrase; *p != '\0'; p++)
    if (number_starts (phrase, p))
      return read_number (phrase, p);
  g_error ("\"%s\" has no number", phrase);
  return (Written) { NAN, NAN };
}

/* Quotes `phrase` in `text` and checks that its first number is
 * `measured`, given in the unit the text writes, to the precision the text
 * claims. */
static inline void
claim_in (Claims *c, const char *text, const char *phrase, double measured)
{
  Written written = first_number (phrase);

  quote_in (c, text, phrase);
  g_test_message ("%s: \"%s\": %.6g", c->name, phrase, measured);
  if (!(fabs (measured - written.value) <= written.half_unit + 1e-12 * fabs (written.value)))
    g_error ("%s: \"%s\" says %g (to ±%g), but it is %.6g", c->name, phrase, written.value,
             written.half_unit, measured);
}

/* The same in the description. */
static inline void
claim (Claims *c, const char *phrase, double measured)
{
  claim_in (c, description (c), phrase, measured);
}

/* |value − expected| within `tolerance` of |expected| */
static inline void
assert_relative (double value, double expected, double tolerance)
{
  if (!(fabs (value - expected) <= tolerance * fabs (expected)))
    g_error ("%.12g differs from %.12g by more than %g of it", value, expected, tolerance);
}

static inline gboolean
quoted (const Claims *c, const char *p)
{
  for (guint i = 0; i < c->quotes->len; i++)
    {
      const Quote *q = &g_array_index (c->quotes, Quote, i);

      if (p >= q->start && p < q->start + q->length)
        return TRUE;
    }
  return FALSE;
}

static inline void
assert_numbers_quoted (const Claims *c, const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (number_starts (text, p) && !quoted (c, p))
      g_error ("%s: nothing checks the number in \"%.30s\"", c->name, p);
}

/* Every number of the title and the description has been checked. */
static inline void
assert_all_checked (const Claims *c)
{
  assert_numbers_quoted (c, example_circuit (c->ex)->title);
  assert_numbers_quoted (c, description (c));
}

/* ---- runs with their event log ------------------------------------------ */

typedef struct
{
  double t;
  char  *component;
  char  *to;
} Event;

typedef struct
{
  const MfTestCircuit *tc;
  MfTestRecording     *samples;
  GArray              *events;    /* Event, in the order they happened */
  GArray              *fallbacks; /* MfSvdFallbacks without states: runs of SVD steps */
  guint                notices;   /* warnings, such as initial values projected */
  MfSimulationStats    stats;
} Run;

static inline void
event_clear (gpointer data)
{
  Event *event = data;

  g_free (event->component);
  g_free (event->to);
}

static inline void
record_event (double t, const char *component, const char *from, const char *to, gpointer data)
{
  Run *run = data;
  Event event = { t, g_strdup (component), g_strdup (to) };

  g_array_append_val (run->events, event);
}

static inline void
record_fallbacks (const MfSvdFallbacks *fallbacks, gpointer data)
{
  MfSvdFallbacks copy = *fallbacks;

  copy.states = NULL;
  g_array_append_val (((Run *) data)->fallbacks, copy);
}

static inline void
record_notice (double t, const char *message, gpointer data)
{
  g_test_message ("notice at t = %g s: %s", t, message);
  ((Run *) data)->notices++;
}

static inline void
run_free (Run *run)
{
  mf_test_recording_free (run->samples);
  g_array_unref (run->events);
  g_array_unref (run->fallbacks);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

/* Runs `tc` with `options` (the callbacks are set here), which may fail:
 * then `error` says why and the run holds the samples up to the failure. */
static inline Run *
run_try (const MfTestCircuit *tc, MfSimulationOptions *options, GError **error)
{
  Run *run = g_new0 (Run, 1);

  run->tc = tc;
  run->events = g_array_new (FALSE, FALSE, sizeof (Event));
  g_array_set_clear_func (run->events, event_clear);
  run->fallbacks = g_array_new (FALSE, FALSE, sizeof (MfSvdFallbacks));
  options->event = record_event;
  options->event_data = run;
  options->fallback = record_fallbacks;
  options->fallback_data = run;
  options->notice = record_notice;
  options->notice_data = run;
  run->samples = mf_test_recording_new (tc->model);
  if (mf_simulate (tc->model, options, mf_test_recording_add, run->samples, &run->stats, NULL,
                   error))
    mf_test_recording_assert_checked (tc->model, options, run->samples);
  return run;
}

/* Runs `tc` with `options`, which must succeed. */
static inline Run *
run_with (const MfTestCircuit *tc, MfSimulationOptions *options)
{
  g_autoptr (GError) error = NULL;
  Run *run = run_try (tc, options, &error);

  g_assert_no_error (error);
  return run;
}

/* Runs `tc` with its own settings but `method` at the fixed `step`; FALSE
 * in `*finished` when the run failed (it blew up), with the samples up to
 * there. */
static inline Run *
run_fixed_step (const MfTestCircuit *tc, const char *method, double step, gboolean *finished)
{
  g_autoptr (GError) error = NULL;
  MfSimulationOptions options;
  Run *run;

  mf_simulation_options_from_circuit (&options, mf_document_get_circuit (tc->document));
  options.method = method;
  options.step = step;
  run = run_try (tc, &options, &error);
  if (error != NULL)
    g_test_message ("%s at a fixed step of %g s: %s", method, step, error->message);
  *finished = error == NULL;
  return run;
}

/* Runs `tc` with its own settings, but `method` when not NULL. */
static inline Run *
run_circuit (const MfTestCircuit *tc, const char *method)
{
  MfSimulationOptions options;

  mf_simulation_options_from_circuit (&options, mf_document_get_circuit (tc->document));
  if (method != NULL)
    options.method = method;
  return run_with (tc, &options);
}

/* The time of the first event after `after` that takes `component` to
 * `to`; fails the test when there is none. */
static inline double
event_time (const Run *run, const char *component, const char *to, double after)
{
  for (guint i = 0; i < run->events->len; i++)
    {
      const Event *e = &g_array_index (run->events, Event, i);

      if (e->t > after && g_str_equal (e->component, component) && g_str_equal (e->to, to))
        return e->t;
    }
  g_error ("no event takes %s to %s after t = %g s", component, to, after);
  return NAN;
}

static inline guint
n_samples (const Run *run)
{
  return mf_test_recording_n_samples (run->samples);
}

static inline double
time_of (const Run *run, guint i)
{
  return mf_test_recording_time (run->samples, i);
}

static inline double
value (const Run *run, guint i, const char *name)
{
  return at (run->tc, run->samples, i, name);
}

static inline double
last_value (const Run *run, const char *name)
{
  return value (run, n_samples (run) - 1, name);
}

/* The last sample before t. */
static inline guint
sample_before (const Run *run, double t)
{
  guint i = 0;

  while (i + 1 < n_samples (run) && time_of (run, i + 1) < t)
    i++;
  return i;
}

static inline double
largest (const Run *run, const char *name)
{
  double top = -INFINITY;

  for (guint i = 0; i < n_samples (run); i++)
    top = MAX (top, value (run, i, name));
  return top;
}

static inline double
smallest (const Run *run, const char *name)
{
  double bottom = INFINITY;

  for (guint i = 0; i < n_samples (run); i++)
    bottom = MIN (bottom, value (run, i, name));
  return bottom;
}

static inline double
largest_magnitude (const Run *run, const char *name)
{
  double top = 0.0;

  for (guint i = 0; i < n_samples (run); i++)
    top = MAX (top, fabs (value (run, i, name)));
  return top;
}

/* How far an output swings, largest less smallest, over the samples in
 * [t0, t1]. */
static inline double
swing (const Run *run, const char *name, double t0, double t1)
{
  double top = -INFINITY, bottom = INFINITY;

  for (guint i = 0; i < n_samples (run); i++)
    if (time_of (run, i) >= t0 && time_of (run, i) <= t1)
      {
        top = MAX (top, value (run, i, name));
        bottom = MIN (bottom, value (run, i, name));
      }
  g_assert_cmpfloat (top, >=, bottom);
  return top - bottom;
}

/* The mean of an output over [t0, t_end], by the trapezoidal rule. */
static inline double
mean_from (const Run *run, const char *name, double t0)
{
  double sum = 0.0, span = 0.0;

  for (guint i = 1; i < n_samples (run); i++)
    {
      double h = time_of (run, i) - time_of (run, i - 1);

      if (time_of (run, i - 1) < t0 - 1e-12)
        continue;
      sum += 0.5 * h * (value (run, i - 1, name) + value (run, i, name));
      span += h;
    }
  g_assert_cmpfloat (span, >, 0.0);
  return sum / span;
}

/* The frequency (Hz) at which an output crosses `level`: crossings,
 * interpolated linearly between samples, come every half period.  Crossings
 * by less than `noise` are rounding, not swings. */
static inline double
crossing_frequency (const Run *run, const char *name, double level, double noise, guint *count)
{
  double first = NAN, last = NAN;

  *count = 0;
  for (guint i = 1; i < n_samples (run); i++)
    {
      double a = value (run, i - 1, name) - level, b = value (run, i, name) - level;

      if ((a < 0) == (b < 0) || fabs (a) + fabs (b) < noise)
        continue;
      last = time_of (run, i - 1) + (time_of (run, i) - time_of (run, i - 1)) * a / (a - b);
      if ((*count)++ == 0)
        first = last;
    }
  g_assert_cmpuint (*count, >=, 3);
  return (*count - 1) / (2.0 * (last - first));
}

/* ---- the circuit -------------------------------------------------------- */

/* The example `name` with the one place its text says `from` changed to
 * `to`: an edit a reader makes in the Properties panel. */
static inline MfTestCircuit *
example_edited (const char *name, const char *from, const char *to)
{
  g_autofree char *path = example_path (name);
  g_autofree char *text = NULL;
  g_auto (GStrv) parts = NULL;
  g_autofree char *edited = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  parts = g_strsplit (text, from, -1);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  edited = g_strjoinv (to, parts);
  return mf_test_circuit_new (edited);
}

static inline const MfExpr *
flow_of (const Claims *c, const char *id)
{
  const MfExpr *flow = component (c->ex, id)->params[MF_FLOW_SOURCE_FLOW].expr;

  g_assert_nonnull (flow);
  return flow;
}

/* The input's largest value, and the kink where it reaches it first
 * (`full`) and where it starts to fall (`falling`, NAN when it never
 * does), from its breakpoints. */
static inline double
expr_plateau (const MfExpr *input, double *full, double *falling)
{
  g_autoptr (GArray) kinks = g_array_new (FALSE, FALSE, sizeof (double));
  double top = 0.0;

  mf_expr_collect_breakpoints (input, kinks);
  for (guint i = 0; i < kinks->len; i++)
    top = MAX (top, mf_expr_eval (input, g_array_index (kinks, double, i)));
  *full = *falling = NAN;
  for (guint i = 0; i < kinks->len; i++)
    {
      double t = g_array_index (kinks, double, i);

      if (mf_expr_eval (input, t) != top)
        continue;
      if (isnan (*full))
        *full = t;
      if (mf_expr_eval (input, t + 1e-3) < top)
        *falling = t;
    }
  return top;
}

/* The flow source's plateau (expr_plateau). */
static inline double
flow_plateau (const Claims *c, const char *id, double *full, double *falling)
{
  return expr_plateau (flow_of (c, id), full, falling);
}

/* The tank's plateau (expr_plateau). */
static inline double
pressure_plateau (const Claims *c, const char *id, double *full, double *falling)
{
  const MfExpr *pressure = component (c->ex, id)->params[MF_TANK_PRESSURE].expr;

  g_assert_nonnull (pressure);
  return expr_plateau (pressure, full, falling);
}

/* A bore or rod diameter (mm) from the area the document gives. */
static inline double
diameter_mm (double area)
{
  return sqrt (4.0 * area / G_PI) / MM;
}

/* The cylinder "BORE/ROD mm": the cap area is the bore's, the rod side's
 * annulus the bore's less the rod's. */
static inline void
claim_cylinder (Claims *c, const char *bore, const char *rod, const char *id)
{
  double cap = param (c->ex, id, MF_PISTON_CAP_AREA);
  double annulus = param (c->ex, id, MF_PISTON_ROD_AREA);

  claim (c, bore, diameter_mm (cap));
  claim (c, rod, diameter_mm (cap - annulus));
}

static inline MfRelief
relief_of (const Claims *c, const char *id)
{
  return (MfRelief) { param (c->ex, id, MF_RELIEF_SET_PRESSURE),
                      param (c->ex, id, MF_RELIEF_FULL_OPEN_RISE),
                      param (c->ex, id, MF_RELIEF_FULL_AREA), param (c->ex, id, MF_RELIEF_CD),
                      example_circuit (c->ex)->fluid.density };
}

static inline MfReduction *
reduce (const Claims *c)
{
  return mf_reduction_new (c->ex->model, 0);
}

static inline const char *
independent_name (const Claims *c, const MfReduction *red, GArray *which, guint i)
{
  return mf_model_state_name (c->ex->model,
                              red->nullspace->independent[g_array_index (which, guint, i)]);
}

/* The mode `mode` linearised at the start, at the document's rtol. */
static inline MfStiffness *
stiffness_of (const Claims *c, guint mode)
{
  return mf_test_stiffness_at_start (c->ex->model, mode, example_circuit (c->ex)->simulation.rtol);
}

/* water-hammer-chain: four pipes alike, a volume after each of the first
 * three, the line's lumped model.  One pipe's oil swinging on one volume
 * has ω0 = √(A β / (ρ L V)); laminar friction brakes every pipe's oil at
 * 32 ν / d², which shifts every mode of the chain by −16 ν / d² (`decay`);
 * a = √(β/ρ) is the speed of sound. */
typedef struct
{
  double a, omega0, decay, length;
} LumpedLine;

static inline LumpedLine
lumped_line (const Claims *c)
{
  const MfCircuit *circuit = example_circuit (c->ex);
  double rho = circuit->fluid.density, beta = circuit->fluid.bulk_modulus;
  double d = param (c->ex, "P1", MF_PIPE_DIAMETER), length = param (c->ex, "P1", MF_PIPE_LENGTH);
  double volume = param (c->ex, "V1", MF_VOLUME_VOLUME);

  return (LumpedLine) { sqrt (beta / rho),
                        sqrt (pipe_area (c->ex, "P1") * beta / (rho * length * volume)),
                        16.0 * circuit->fluid.kinematic_viscosity / (d * d), length };
}

