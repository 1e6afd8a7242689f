/* mf-plot-export.h: a plot written as PNG (size in pixels), SVG or PDF
 * (size in points) to a stream: putting a file in place is the caller's
 * business (the app and manifold-cli replace it atomically).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-plot.h"

G_BEGIN_DECLS

#define MF_PLOT_ERROR (mf_plot_error_quark ())

typedef enum
{
  MF_PLOT_ERROR_FORMAT, /* no format given and none told by the file name */
  MF_PLOT_ERROR_SIZE,   /* width or height not in [1, 20000] */
  MF_PLOT_ERROR_WRITE,  /* cairo could not draw it (a failed write is the stream's error) */
} MfPlotError;

typedef enum
{
  MF_PLOT_FORMAT_AUTO, /* from the file name's extension */
  MF_PLOT_FORMAT_PNG,
  MF_PLOT_FORMAT_SVG,
  MF_PLOT_FORMAT_PDF,
} MfPlotFormat;

GQuark       mf_plot_error_quark (void);

/* ".png", ".svg" or ".pdf" in any case; MF_PLOT_FORMAT_AUTO for others. */
MfPlotFormat mf_plot_format_from_path (const char *path);

/* Draws `plot` in `format` (not AUTO) and writes it to `stream`.  FALSE
 * with an MF_PLOT_ERROR for a bad size or when cairo fails, or with the
 * stream's error when writing fails. */
gboolean     mf_plot_export (MfPlot        *plot,
                             GOutputStream *stream,
                             MfPlotFormat   format,
                             double         width,
                             double         height,
                             GError       **error);

/* The same for several plots in one picture, one above the other, each
 * `height` / n_plots high (at least 1). */
gboolean     mf_plot_export_stacked (MfPlot *const *plots,
                                     guint          n_plots,
                                     GOutputStream *stream,
                                     MfPlotFormat   format,
                                     double         width,
                                     double         height,
                                     GError       **error);

G_END_DECLS
