/* mf-test-mat.h: reading a MAT file's strings in tests — Manifold writes
 * them as MATLAB does, UTF-16 code units (src/core/solve/mf-results-mat.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <matio.h>

/* A char variable (a row, or '' as 0×0) as UTF-8; a new string. */
static inline char *
mf_test_mat_text (matvar_t *var)
{
  g_assert_nonnull (var);
  g_assert_cmpint (var->class_type, ==, MAT_C_CHAR);
  if (var->nbytes == 0 || var->data == NULL)
    return g_strdup ("");
  g_assert_cmpint (var->dims[0], ==, 1);
  g_assert_cmpint (var->data_size, ==, 2);
  return g_utf16_to_utf8 (var->data, (glong) var->dims[1], NULL, NULL, NULL);
}
