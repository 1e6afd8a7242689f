/* mf-finite.h: whether every value of an array is finite — what each
 * solver asks of the values the equations gave before it uses them.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <math.h>

static inline gboolean
mf_all_finite (const double *values, gsize n)
{
  for (gsize i = 0; i < n; i++)
    if (!isfinite (values[i]))
      return FALSE;
  return TRUE;
}
