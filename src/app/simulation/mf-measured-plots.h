/* mf-measured-plots.h: measurements laid over the simulation's plots
 * (docs/manual.md, "Measured data").  Each measured column may be paired
 * with a simulated quantity; where a plot draws that quantity for the
 * current run, the column goes on the same plot as crosses at its
 * samples, in the quantity's colour and the unit it is drawn in, named
 * "C1.x measured (bench.csv)".  The error of the pairing (mf-measured.h)
 * is read against the current run.  No GTK; the plots belong to their
 * MfRunPlots binders, and this one adds and removes only its own series.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-measured.h"
#include "mf-run-plots.h"

G_BEGIN_DECLS

typedef struct _MfMeasuredPlots MfMeasuredPlots;

MfMeasuredPlots  *mf_measured_plots_new (void);
/* Takes its series off the plots it put them on, which must still exist. */
void              mf_measured_plots_free (MfMeasuredPlots *self);

/* The measurements (taken; NULL for none), each column paired with the
 * simulated quantity of its own name when the current run has one (with
 * no run yet: by name, until the first run with columns says which it
 * has).  The old series are taken off. */
void              mf_measured_plots_set_data (MfMeasuredPlots *self,
                                              MfMeasured      *measured,
                                              MfRunRecord     *current);
const MfMeasured *mf_measured_plots_get_data (MfMeasuredPlots *self);

/* The quantity column `column` is compared with (copied; NULL: none). */
void              mf_measured_plots_set_pairing (MfMeasuredPlots *self,
                                                 guint            column,
                                                 const char      *quantity);
const char       *mf_measured_plots_get_pairing (MfMeasuredPlots *self,
                                                 guint            column);
/* Whether the pairing's units agree: a column without a unit agrees with
 * everything; FALSE with the reason in *why (a new string) otherwise. */
gboolean          mf_measured_plots_check_pairing (MfMeasuredPlots *self,
                                                   guint            column,
                                                   MfRunRecord     *current,
                                                   char           **why);

/* Brings the n plots in step with the pairings and `current`: each
 * paired column on the plot that draws its quantity, and nowhere else.
 * TRUE when a plot changed. */
gboolean          mf_measured_plots_sync (MfMeasuredPlots   *self,
                                          MfRunPlots *const *plots,
                                          guint              n_plots,
                                          MfRunRecord       *current);
/* The series of `column`, or NULL when it is on no plot. */
MfPlotSeries     *mf_measured_plots_get_series (MfMeasuredPlots *self,
                                                guint            column);

/* The unit `column` is drawn in ("mm") and in *scale the factor from SI
 * to it; NULL (and 1) when it is on no plot. */
const char       *mf_measured_plots_get_unit (MfMeasuredPlots *self,
                                              guint            column,
                                              double          *scale);

/* The error of `column` against its quantity in `current`, in SI; FALSE
 * when unpaired, not comparable, or without points in the run's span. */
gboolean          mf_measured_plots_error (MfMeasuredPlots *self,
                                           guint            column,
                                           MfRunRecord     *current,
                                           MfMeasuredError *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfMeasuredPlots, mf_measured_plots_free)

G_END_DECLS
