/* mf-lesson.c: the list of lessons and finding one by its name or its
 * example.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-lesson.h"

#include <string.h>

/* From the one that needs nothing but the Stiffness window to the one that
 * asks for edits and runs of the circuit's own. */
static const MfLesson *const lessons[] = {
  &mf_lesson_stiff_oscillator,
  &mf_lesson_shrinking_volume,
  &mf_lesson_water_hammer,
  &mf_lesson_index_zero,
  &mf_lesson_index_one,
  &mf_lesson_index_two,
  &mf_lesson_index_two_pistons,
};

const MfLesson *const *
mf_lesson_list (guint *n)
{
  *n = G_N_ELEMENTS (lessons);
  return lessons;
}

/* The lesson whose string at `offset` (its name or its example) is
 * `value`, or NULL. */
static const MfLesson *
mf_lesson_find_by (gsize       offset,
                   const char *value)
{
  for (guint i = 0; i < G_N_ELEMENTS (lessons); i++)
    if (strcmp (G_STRUCT_MEMBER (const char *, lessons[i], offset), value) == 0)
      return lessons[i];
  return NULL;
}

const MfLesson *
mf_lesson_find (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  return mf_lesson_find_by (G_STRUCT_OFFSET (MfLesson, name), name);
}

const MfLesson *
mf_lesson_for_example (const char *example)
{
  g_return_val_if_fail (example != NULL, NULL);

  return mf_lesson_find_by (G_STRUCT_OFFSET (MfLesson, example), example);
}

guint
mf_lesson_n_steps (const MfLesson *lesson)
{
  guint n = 0;

  g_return_val_if_fail (lesson != NULL, 0);

  while (lesson->steps[n] != NULL)
    n++;
  return n;
}
