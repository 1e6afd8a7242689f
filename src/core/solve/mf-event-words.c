/* mf-event-words.c: the event log's words in the user's language.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-event-words.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mf-simulation.h"

/* The words of mf-simulation.h's MfEventFunc, each with its context: the
 * same English word may need another translation for a valve than for a
 * piston. */
static const struct
{
  const char *context;
  const char *word;
} words[] = {
  { "valve state", NC_ ("valve state", "open") },
  { "valve state", NC_ ("valve state", "closed") },
  { "valve state", NC_ ("valve state", "held closed") },
  { "piston state", NC_ ("piston state", "free") },
  { "piston state", NC_ ("piston state", "at stop") },
};

const char *
mf_event_word (const char *word)
{
  g_return_val_if_fail (word != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strcmp (words[i].word, word) == 0)
      return g_dpgettext2 (NULL, words[i].context, words[i].word);
  return word;
}

char *
mf_event_label (const char *component, const char *to)
{
  g_return_val_if_fail (component != NULL && to != NULL, NULL);

  if (strcmp (component, MF_EVENT_SCHEDULE) == 0)
    return g_strdup (to);
  /* Translators: a component and what it became: "CV1 closed" */
  return g_strdup_printf (_("%s %s"), component, mf_event_word (to));
}

void
mf_event_fallback_row (const char *states,
                       guint64     steps,
                       double      t_first,
                       double      t_last,
                       char      **from,
                       char      **to)
{
  const char *noun = steps == 1 ? "step" : "steps";
  char until[G_ASCII_DTOSTR_BUF_SIZE];

  *from = g_strdup_printf ("Jacobian of %s rank-deficient", states);
  if (t_last > t_first)
    {
      /* event times are located to about a picosecond: 15 digits show that */
      g_ascii_formatd (until, sizeof until, "%.15g", t_last);
      *to = g_strdup_printf ("%" G_GUINT64_FORMAT " SVD minimum-norm %s until %s s", steps, noun,
                             until);
    }
  else
    *to = g_strdup_printf ("%" G_GUINT64_FORMAT " SVD minimum-norm %s", steps, noun);
}
