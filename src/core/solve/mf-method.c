/* mf-method.c: the table of integration methods.
 *
 * The Jacobian flags follow GSL 2.7's documentation: the implicit
 * Runge–Kutta steppers (rk1imp, rk2imp, rk4imp), Bulirsch–Stoer (bsimp)
 * and the BDF multistep method (msbdf) call the system's Jacobian; the
 * Adams multistep method (msadams) iterates without it.  "auto", the
 * default, is SUNDIALS IDA (mf-ida.h), which has no GSL stepper.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-method.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mf-euler.h"

/* The GSL step types are exported variables, not constants, so the table is
 * filled on first use.  The labels are marked for translation and stay in
 * English here: a caller shows them through gettext. */
static MfMethod methods[] = {
  /* SUNDIALS IDA (mf-ida.h): no GSL stepper */
  { "auto", N_("SUNDIALS IDA: BDF orders 1–5, sparse"), NULL, TRUE, TRUE, TRUE, TRUE },
  { "rk2", N_("Runge–Kutta (2, 3)"), NULL, FALSE, FALSE, TRUE, FALSE },
  { "rk4", N_("Classical Runge–Kutta 4"), NULL, FALSE, FALSE, TRUE, FALSE },
  { "rkf45", N_("Runge–Kutta–Fehlberg (4, 5)"), NULL, FALSE, FALSE, TRUE, FALSE },
  { "rkck", N_("Runge–Kutta Cash–Karp (4, 5)"), NULL, FALSE, FALSE, TRUE, FALSE },
  { "rk8pd", N_("Runge–Kutta Prince–Dormand (8, 9)"), NULL, FALSE, FALSE, TRUE, FALSE },
  { "rk1imp", N_("Implicit Euler (Gauss 1)"), NULL, TRUE, TRUE, TRUE, FALSE },
  { "rk2imp", N_("Implicit midpoint (Gauss 2)"), NULL, TRUE, TRUE, TRUE, FALSE },
  { "rk4imp", N_("Implicit Gauss–Legendre 4"), NULL, TRUE, TRUE, TRUE, FALSE },
  { "bsimp", N_("Bulirsch–Stoer, implicit (Bader–Deuflhard)"), NULL, TRUE, TRUE, TRUE, FALSE },
  { "msadams", N_("Adams multistep, variable order 1–12"), NULL, TRUE, FALSE, TRUE, TRUE },
  { "msbdf", N_("BDF multistep, variable order 1–5 (stiff)"), NULL, TRUE, TRUE, TRUE, TRUE },
  /* mf-euler.c's stepper: no error estimate, so it needs a fixed step. */
  { "euler", N_("Explicit Euler, fixed step"), NULL, FALSE, FALSE, FALSE, FALSE },
};

static void
methods_init (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      const gsl_odeiv2_step_type *types[] = {
        NULL,                   gsl_odeiv2_step_rk2,    gsl_odeiv2_step_rk4,    gsl_odeiv2_step_rkf45,
        gsl_odeiv2_step_rkck,   gsl_odeiv2_step_rk8pd,  gsl_odeiv2_step_rk1imp,
        gsl_odeiv2_step_rk2imp, gsl_odeiv2_step_rk4imp, gsl_odeiv2_step_bsimp,
        gsl_odeiv2_step_msadams, gsl_odeiv2_step_msbdf,  mf_odeiv2_step_euler,
      };

      G_STATIC_ASSERT (G_N_ELEMENTS (types) == G_N_ELEMENTS (methods));
      for (guint i = 0; i < G_N_ELEMENTS (types); i++)
        methods[i].gsl = types[i];
      g_once_init_leave (&initialized, 1);
    }
}

const MfMethod *
mf_method_lookup (const char *name)
{
  if (name == NULL)
    return NULL;
  methods_init ();
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    if (strcmp (methods[i].name, name) == 0)
      return &methods[i];
  return NULL;
}

const MfMethod *
mf_method_list (guint *n_methods)
{
  methods_init ();
  if (n_methods != NULL)
    *n_methods = G_N_ELEMENTS (methods);
  return methods;
}

char *
mf_method_names (void)
{
  guint n_methods;
  const MfMethod *table = mf_method_list (&n_methods);
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < n_methods; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", table[i].name);
  return g_string_free (names, FALSE);
}
