/* mf-export-plots.h: plots or other figures written to a file for the
 * export dialog — one, or several stacked one above the other in one
 * picture, each drawn as a figure for slides (mf-plot-export.h) — as PNG
 * (size in pixels), SVG or PDF (size in points), replacing the file
 * atomically, so that a failed export never leaves half a file where a good
 * one was.  No GTK: tested without a display.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-plot-export.h"
#include "mf-plot.h"

G_BEGIN_DECLS

/* The format to write `name` (a file name or path) in: the one its
 * extension names (.png, .svg, .pdf in any case), else `chosen` (the
 * dialog's pick; MF_PLOT_FORMAT_AUTO is taken as PNG). */
MfPlotFormat mf_export_plot_format (const char   *name,
                                    MfPlotFormat  chosen);

/* "png", "svg", "pdf" (PNG for AUTO). */
const char  *mf_export_plot_extension (MfPlotFormat format);

/* `base` with the extension of `format`, replacing a plot format's
 * extension it already has: ("states", SVG) → "states.svg", ("a.png", PDF)
 * → "a.pdf".  Free with g_free(). */
char        *mf_export_plot_file_name (const char   *base,
                                       MfPlotFormat  format);

/* Draws `plots` (n >= 1) into `file`: one plot fills width × height, more
 * are stacked top to bottom, each height / n high.  `format` AUTO takes it
 * from the file's name.  The picture is drawn into a temporary file beside
 * `file`, which then replaces `file` in one step (mf-output-file.h: a link
 * is written through, the file's mode kept, anything but a regular file
 * refused).  FALSE with an MF_PLOT_ERROR (size, format) or a G_IO_ERROR
 * (the file cannot be written; the message names it). */
gboolean     mf_export_plots (MfPlot *const *plots,
                              guint          n_plots,
                              GFile         *file,
                              MfPlotFormat   format,
                              double         width,
                              double         height,
                              GError       **error);

/* The same for any figures (the Stiffness window's planes). */
gboolean     mf_export_figures (const MfPlotFigure *figures,
                                guint               n_figures,
                                GFile              *file,
                                MfPlotFormat        format,
                                double              width,
                                double              height,
                                GError            **error);

G_END_DECLS
