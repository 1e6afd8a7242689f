/* mf-run-outcome.c: a run's outcome in words.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-run-outcome.h"

#include <glib/gi18n.h>
#include <string.h>

char *
mf_run_outcome_text (MfSimStatus status, guint n_samples, double t_last)
{
  /* four figures tell runs apart without the noise of the output grid */
  g_autofree char *t = g_strdup_printf ("%.4g s", n_samples > 0 ? t_last : 0.0);

  switch (status)
    {
    case MF_SIM_STATUS_IDLE:
      return g_strdup (_("not started"));
    case MF_SIM_STATUS_RUNNING:
      return n_samples > 0 ? g_strdup_printf (_("running, at %s"), t) : g_strdup (_("starting"));
    case MF_SIM_STATUS_PAUSED:
      return g_strdup_printf (_("paused at %s"), t);
    case MF_SIM_STATUS_FINISHED:
      return g_strdup_printf (_("finished %s"), t);
    case MF_SIM_STATUS_STOPPED:
      return g_strdup_printf (_("stopped at %s"), t);
    case MF_SIM_STATUS_FAILED:
      return n_samples > 0 ? g_strdup_printf (_("failed at %s"), t)
                           : g_strdup (_("failed at the start"));
    default:
      g_return_val_if_reached (g_strdup (""));
    }
}

/* U+202F NARROW NO-BREAK SPACE: a thousands gap that never breaks a line */
#define THOUSANDS_GAP "\u202f"

char *
mf_run_count_text (guint64 count)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, count);
  gsize n = strlen (digits);
  GString *text = g_string_sized_new (n + n / 3 * 3);

  for (gsize i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        g_string_append (text, THOUSANDS_GAP);
      g_string_append_c (text, digits[i]);
    }
  return g_string_free (text, FALSE);
}

char *
mf_run_wall_time_text (double seconds)
{
  if (seconds < 0.1)
    /* Translators: a time in milliseconds */
    return g_strdup_printf (_("%.2g ms"), seconds * 1000);
  if (seconds < 10)
    /* Translators: a time in seconds */
    return g_strdup_printf (_("%.2g s"), seconds);
  return g_strdup_printf (_("%.0f s"), seconds);
}

char *
mf_run_stats_summary (const char *method, const MfSimulationStats *stats)
{
  g_autofree char *steps = mf_run_count_text (stats->steps);
  g_autofree char *rejected = mf_run_count_text (stats->rejected_steps);
  g_autofree char *wall = mf_run_wall_time_text (stats->wall_time);
  /* Translators: %s is a count of a run's integration steps, "1 478" */
  g_autofree char *steps_text = g_strdup_printf (g_dngettext (NULL, "%s step", "%s steps",
                                                              stats->steps), steps);
  /* Translators: %s is a count of the steps the solver refused and tried again, "12" */
  g_autofree char *rejected_text = g_strdup_printf (g_dngettext (NULL, "%s rejected",
                                                                 "%s rejected",
                                                                 stats->rejected_steps),
                                                    rejected);

  if (method == NULL)
    return g_strdup_printf ("%s · %s · %s", steps_text, rejected_text, wall);
  return g_strdup_printf ("%s · %s · %s · %s", method, steps_text, rejected_text, wall);
}

typedef enum
{
  ROW_STEPS,
  ROW_REJECTED,
  ROW_RHS,
  ROW_JACOBIAN,
  ROW_NEWTON,
  ROW_SVD,
  ROW_RETRIES,
  ROW_WALL_TIME,
  N_ROWS
} StatsRow;

static const struct
{
  const char *name;
  const char *meaning;
} stats_rows[N_ROWS] = {
  [ROW_STEPS] = { N_("Steps"), N_("Integration steps taken and kept") },
  [ROW_REJECTED] = { N_("Rejected steps"),
                     N_("Tries of a step refused by the error test or because the iteration did "
                        "not converge, then tried again shorter") },
  [ROW_RHS] = { N_("Right-hand side evaluations"),
                N_("Evaluations of the equations’ right-hand side") },
  [ROW_JACOBIAN] = { N_("Jacobian evaluations"),
                     N_("Evaluations of its Jacobian, by the implicit methods") },
  [ROW_NEWTON] = { N_("Newton iterations"),
                   N_("Iterations solving the algebraic states, in modes where M̄ is "
                      "singular") },
  [ROW_SVD] = { N_("SVD fallbacks"),
                N_("Of those, steps taken by the SVD because the Jacobian was rank "
                   "deficient") },
  [ROW_RETRIES] = { N_("Check retries"),
                    N_("Steps taken again, shorter, because the equations did not hold at "
                       "their end") },
  [ROW_WALL_TIME] = { N_("Wall time"), N_("The time the run took, pauses left out") },
};

static guint64
row_count (const MfSimulationStats *stats, StatsRow row)
{
  switch (row)
    {
    case ROW_STEPS:
      return stats->steps;
    case ROW_REJECTED:
      return stats->rejected_steps;
    case ROW_RHS:
      return stats->rhs_evaluations;
    case ROW_JACOBIAN:
      return stats->jacobian_evaluations;
    case ROW_NEWTON:
      return stats->newton_iterations;
    case ROW_SVD:
      return stats->svd_steps;
    case ROW_RETRIES:
      return stats->check_retries;
    case ROW_WALL_TIME:
    case N_ROWS:
    default:
      g_return_val_if_reached (0);
    }
}

char *
mf_run_stats_row (const MfSimulationStats  *stats,
                  guint                     i,
                  const char              **name,
                  const char              **meaning)
{
  if (i >= N_ROWS)
    return NULL;
  if (name != NULL)
    *name = _(stats_rows[i].name);
  if (meaning != NULL)
    *meaning = _(stats_rows[i].meaning);
  if (i == ROW_WALL_TIME)
    return mf_run_wall_time_text (stats->wall_time);
  return mf_run_count_text (row_count (stats, (StatsRow) i));
}
