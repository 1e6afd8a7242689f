/* mf-suggest.c: the name a user most likely meant (mf-suggest.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-suggest.h"

#include <glib/gi18n.h>
#include <string.h>

/* The characters of `text`, folded to lower case when asked. */
static gunichar *
characters (const char *text, gboolean fold_case, glong *n)
{
  gunichar *chars = g_utf8_to_ucs4_fast (text, -1, n);

  if (fold_case)
    for (glong i = 0; i < *n; i++)
      chars[i] = g_unichar_tolower (chars[i]);
  return chars;
}

guint
mf_suggest_distance (const char *a, const char *b, gboolean fold_case)
{
  glong n, m;
  g_autofree gunichar *s = characters (a, fold_case, &n);
  g_autofree gunichar *t = characters (b, fold_case, &m);
  /* three rows of the table: i − 2, i − 1 and i */
  g_autofree guint *rows = g_new (guint, 3 * (m + 1));
  guint *two = rows, *one = rows + (m + 1), *row = rows + 2 * (m + 1);

  for (glong j = 0; j <= m; j++)
    one[j] = (guint) j;
  for (glong i = 1; i <= n; i++)
    {
      row[0] = (guint) i;
      for (glong j = 1; j <= m; j++)
        {
          guint cost = s[i - 1] == t[j - 1] ? 0 : 1;
          guint best = MIN (one[j] + 1, row[j - 1] + 1);

          best = MIN (best, one[j - 1] + cost);
          if (i > 1 && j > 1 && s[i - 1] == t[j - 2] && s[i - 2] == t[j - 1])
            best = MIN (best, two[j - 2] + 1);
          row[j] = best;
        }
      {
        guint *oldest = two;

        two = one;
        one = row;
        row = oldest;
      }
    }
  return one[m];
}

const char *
mf_suggest (const char *typed, const char *const *candidates, guint n, gboolean fold_case)
{
  const char *best = NULL;
  guint best_distance = G_MAXUINT;
  gboolean tie = FALSE;
  glong typed_length;

  g_return_val_if_fail (typed != NULL, NULL);

  typed_length = g_utf8_strlen (typed, -1);
  for (guint i = 0; i < n; i++)
    {
      guint distance = mf_suggest_distance (typed, candidates[i], fold_case);
      glong longer = MAX (typed_length, g_utf8_strlen (candidates[i], -1));
      guint allowed = (guint) MAX (1, longer / 3);
      gboolean begins = typed_length >= 2 && g_str_has_prefix (candidates[i], typed);

      if (!(distance <= allowed || begins))
        continue;
      if (distance < best_distance)
        {
          best = candidates[i];
          best_distance = distance;
          tie = FALSE;
        }
      else if (distance == best_distance && strcmp (candidates[i], best) != 0)
        tie = TRUE;
    }
  /* two as close ("rk5": rk2 or rk4?) is no guess: the caller lists them */
  return tie ? NULL : best;
}

char *
mf_suggest_list (const char *const *candidates, guint n, guint max)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n && i < max; i++)
    g_string_append_printf (out, "%s'%s'", i > 0 ? ", " : "", candidates[i]);
  if (n > max)
    /* Translators: after the first names of a long list */
    g_string_append_printf (out, _(", … (and %u more)"), n - max);
  return g_string_free (out, FALSE);
}
