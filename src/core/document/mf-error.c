/* mf-error.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-error.h"

#include <gsl/gsl_errno.h>

G_DEFINE_QUARK (mf-error-quark, mf_error)

void
mf_init (void)
{
  gsl_set_error_handler_off ();
}
