/* mf-error.h: the error domain of libmanifold.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define MF_ERROR (mf_error_quark ())

/* Codes a caller can act on.  The message always names the place: the file
 * line and column, the component, the node or the simulation time. */
typedef enum
{
  MF_ERROR_SYNTAX,      /* malformed JSON or expression text */
  MF_ERROR_INVALID,     /* well-formed, but breaks a rule of the format */
  MF_ERROR_VERSION,     /* a "manifold" version this build does not read */
  MF_ERROR_STRUCTURE,   /* the circuit cannot be assembled into equations */
  MF_ERROR_SOLVER,      /* integration or the linear algebra failed */
  MF_ERROR_IO,          /* reading or writing a file failed */
  MF_ERROR_USAGE,       /* a caller passed arguments that make no sense */
} MfErrorCode;

GQuark mf_error_quark (void);

/* Switches GSL's abort-on-error handler off; every GSL return is checked. */
void mf_init (void);

G_END_DECLS
