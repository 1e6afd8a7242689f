/* mf-test-jacobian.h: the reduced system's analytic Jacobian at y against
 * central differences of its right-hand side (their error goes as h², far
 * below the 1e-6 the entries must meet).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>

#include "mf-system.h"

static inline void
mf_test_assert_jacobian (MfSystem *sys, double *y)
{
  gsize n = mf_system_dimension (sys);
  g_autofree double *dfdy = g_new0 (double, n * n);
  g_autofree double *dfdt = g_new0 (double, n);
  g_autofree double *f1 = g_new0 (double, n);
  g_autofree double *f2 = g_new0 (double, n);

  g_assert_cmpint (mf_system_jacobian (0.0, y, dfdy, dfdt, sys), ==, 0);
  for (guint j = 0; j < n; j++)
    {
      double h = 1e-6 * MAX (fabs (y[j]), 1e-2), keep = y[j];

      y[j] = keep + h;
      g_assert_cmpint (mf_system_rhs (0.0, y, f1, sys), ==, 0);
      y[j] = keep - h;
      g_assert_cmpint (mf_system_rhs (0.0, y, f2, sys), ==, 0);
      y[j] = keep;
      for (guint i = 0; i < n; i++)
        {
          double fd = (f1[i] - f2[i]) / (2 * h), exact = dfdy[i * n + j];

          g_test_message ("J[%u][%u] = %.10g, by differences %.10g", i, j, exact, fd);
          g_assert_cmpfloat (fabs (fd - exact), <=, 1e-6 * MAX (fabs (exact), 1.0));
        }
    }
}
