/* mf-method.h: the integration methods a user may choose — every GSL odeiv2
 * stepper plus a fixed-step explicit Euler — as one const table.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <gsl/gsl_odeiv2.h>

G_BEGIN_DECLS

typedef struct
{
  const char                 *name;  /* "rk8pd", "msbdf", "euler" */
  const char                 *label; /* "Runge–Kutta Prince–Dormand (8, 9)"; show with _() */
  const gsl_odeiv2_step_type *gsl;   /* the stepper: GSL's, mf-euler.h's, or NULL for IDA */
  gboolean                    implicit;
  gboolean                    needs_jacobian;
  gboolean                    adaptive;   /* has an error estimate: can run adaptive */
  gboolean                    varies_order; /* chooses its order step by step */
} MfMethod;

/* NULL when there is no method of that name. */
const MfMethod *mf_method_lookup (const char *name);
/* The table, for listing: *n_methods entries. */
const MfMethod *mf_method_list (guint *n_methods);

/* Every method's name, comma-separated, for messages: "rk2, rk4, …". */
char           *mf_method_names (void);

G_END_DECLS
