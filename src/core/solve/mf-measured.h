/* mf-measured.h: measurements to lay beside a run (docs/manual.md,
 * "Measured data") — a CSV file whose first column is time and whose
 * header names each column with its unit in brackets, as the CSV Manifold
 * writes ("t [s],C1.x [mm],J1.p [bar]"), read into SI; and the error of a
 * simulated quantity against a measured column.
 *
 * The separator is the header's: a comma, a semicolon or a tab; with a
 * semicolon or a tab a decimal comma is read too ("0,25").  An empty cell
 * is a gap (NAN).  Times must increase.  Every problem is reported at
 * FILE:LINE:COLUMN.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-units.h"

G_BEGIN_DECLS

typedef struct
{
  char        *name;      /* as written before the unit: "C1.x" */
  char        *unit;      /* as written in the brackets: "mm"; "" without */
  MfDimension  dimension; /* of the unit; `any` without one */
  double      *values;    /* n_rows, in SI; NAN in a gap */
} MfMeasuredColumn;

typedef struct
{
  char      *name;    /* the file's name, for messages and legends */
  guint      n_rows;
  double    *t;       /* n_rows, s, increasing */
  GPtrArray *columns; /* MfMeasuredColumn*: every column after time */
} MfMeasured;

/* Reads `length` bytes of `text` (-1: up to the NUL); `name` heads the
 * messages.  NULL with an MF_ERROR_SYNTAX (a field that is no number, a
 * quote left open, a row of another width) or MF_ERROR_INVALID (no
 * rows, a first column that is not time, an unknown unit, a time that
 * does not increase) naming the line and column. */
MfMeasured *mf_measured_parse (const char  *text,
                               gssize       length,
                               const char  *name,
                               GError     **error);
/* The same from a file (its display name heads the messages). */
MfMeasured *mf_measured_load (GFile         *file,
                              GCancellable  *cancellable,
                              GError       **error);
void        mf_measured_free (MfMeasured *measured);

/* The column called `name`, or NULL. */
const MfMeasuredColumn *mf_measured_find (const MfMeasured *measured,
                                          const char       *name);

/* How far a simulated quantity is from a measured one, over the measured
 * points inside the run's time span: the simulation is interpolated
 * linearly to each measured time; gaps and points outside are skipped. */
typedef struct
{
  guint  n;        /* points compared */
  double rms;      /* root mean square of simulated − measured, SI */
  double mean;     /* mean of simulated − measured (the bias) */
  double max_abs;  /* the largest |simulated − measured| */
  double t_max;    /* where it is */
} MfMeasuredError;

/* FALSE (and `out` zeroed) when no point can be compared. */
gboolean    mf_measured_error (const MfMeasured       *measured,
                               const MfMeasuredColumn *column,
                               const double           *sim_t,
                               const double           *sim_y,
                               guint                   n_sim,
                               MfMeasuredError        *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfMeasured, mf_measured_free)

G_END_DECLS
