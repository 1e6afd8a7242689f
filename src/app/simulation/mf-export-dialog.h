/* mf-export-dialog.h: results to files — a plot (one of the simulation
 * pane's plots, or all of them stacked in one picture) or another figure
 * (the Stiffness window's planes) as PNG, SVG or PDF at a chosen size,
 * drawn as it is on screen (zoom and hidden series included) with text
 * that grows with the size; and a run's data as CSV, MAT or HDF5 by the
 * file's extension (docs/cli.md, "Result files"), all columns or the ones
 * checked, offered once runs are given.  Files are picked with the
 * desktop's file chooser and replaced atomically; a file that cannot be
 * written is reported in the dialog.  A run that has ended is written on
 * a thread.
 *
 * The export_*_to() functions are what the file chooser calls with the
 * file picked; tests call them directly.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-plot-export.h"
#include "mf-plot.h"
#include "mf-run-record.h"

G_BEGIN_DECLS

#define MF_TYPE_EXPORT_DIALOG (mf_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MfExportDialog, mf_export_dialog, MF, EXPORT_DIALOG, AdwWindow)

/* The plot choice that stacks every plot into one picture. */
#define MF_EXPORT_ALL_PLOTS (-1)

GtkWidget   *mf_export_dialog_new (GtkWindow *parent);

/* Offers `plot` under `title` ("States").  `owner` (may be NULL) is kept
 * alive as long as the dialog, for the plot belongs to it (the plot view);
 * when it is a widget it is redrawn after an export, which lays the plot
 * out at the file's size. */
void         mf_export_dialog_add_plot (MfExportDialog *self,
                                        const char     *title,
                                        MfPlot         *plot,
                                        GObject        *owner);
/* Offers any figure: `draw` draws it at the size asked for, with `data`
 * (freed with `destroy`, which may be NULL, when the dialog goes); `owner`
 * as for a plot.  mf_plot_figure_scale() makes its text grow with the
 * size, as a plot's does. */
void         mf_export_dialog_add_figure (MfExportDialog   *self,
                                          const char       *title,
                                          MfPlotFigureFunc  draw,
                                          gpointer          data,
                                          GDestroyNotify    destroy,
                                          GObject          *owner);
/* Picks plot `index` in the order added, or MF_EXPORT_ALL_PLOTS. */
void         mf_export_dialog_select_plot (MfExportDialog *self,
                                           int             index);
void         mf_export_dialog_set_plot_format (MfExportDialog *self,
                                               MfPlotFormat    format);
/* Pixels for PNG, points for SVG and PDF; 1200 × 800 at first. */
void         mf_export_dialog_set_plot_size (MfExportDialog *self,
                                             double          width,
                                             double          height);
/* Writes the picked plot to `file`, in the format its name says (else the
 * picked one).  The outcome is also shown in the dialog. */
gboolean     mf_export_dialog_export_plot_to (MfExportDialog *self,
                                              GFile          *file,
                                              GError        **error);

/* The runs (GListModel of MfRunRecord) whose data can be written; the
 * newest is picked.  Without runs (NULL) the dialog shows no data part. */
void         mf_export_dialog_set_runs (MfExportDialog *self,
                                        GListModel     *runs);
void         mf_export_dialog_select_run (MfExportDialog *self,
                                          MfRunRecord    *record);
MfRunRecord *mf_export_dialog_get_run (MfExportDialog *self);
/* The picked run's columns: all of them checked or none (the All and None
 * buttons), or one. */
void         mf_export_dialog_check_all_columns (MfExportDialog *self,
                                                 gboolean        checked);
void         mf_export_dialog_check_column (MfExportDialog *self,
                                            const char     *name,
                                            gboolean        checked);
/* The columns checked (free with g_strfreev); NULL when all are. */
char       **mf_export_dialog_get_columns (MfExportDialog *self);
/* Writes the picked run's checked columns to `file` (a run that has ended
 * on a thread, a live one at once).  The outcome is also shown in the
 * dialog. */
void         mf_export_dialog_export_data_to (MfExportDialog      *self,
                                             GFile               *file,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
gboolean     mf_export_dialog_export_data_finish (MfExportDialog *self,
                                                 GAsyncResult   *result,
                                                 GError        **error);

/* The outcome line: "Saved states.png", or why not. */
const char  *mf_export_dialog_get_message (MfExportDialog *self);

G_END_DECLS
