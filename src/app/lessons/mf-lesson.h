/* mf-lesson.h: the guided lessons — each bound to one example circuit, with
 * a title, a short introduction and numbered steps that say what to click,
 * what to look at and why.  The texts are marked for translation (N_) and
 * held in English; _() translates them where they are shown.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char        *name;         /* "stiff-oscillator": how actions and tests name it */
  const char        *example;      /* the example it opens, "two-mass-spring" */
  const char        *title;        /* N_() */
  const char        *introduction; /* N_() */
  const char *const *steps;        /* N_(), NULL-terminated */
} MfLesson;

/* The lessons, in the order they are offered: n of them. */
const MfLesson *const *mf_lesson_list (guint *n);
/* The lesson `name`, or NULL. */
const MfLesson        *mf_lesson_find (const char *name);
/* The lesson that opens the example `example`, or NULL. */
const MfLesson        *mf_lesson_for_example (const char *example);
/* How many steps the lesson has. */
guint                  mf_lesson_n_steps (const MfLesson *lesson);

/* The lessons themselves, one file each. */
extern const MfLesson mf_lesson_stiff_oscillator;
extern const MfLesson mf_lesson_shrinking_volume;
extern const MfLesson mf_lesson_water_hammer;
extern const MfLesson mf_lesson_index_zero;
extern const MfLesson mf_lesson_index_one;
extern const MfLesson mf_lesson_index_two;
extern const MfLesson mf_lesson_index_two_pistons;

G_END_DECLS
