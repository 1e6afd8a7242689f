/* mf-plot-export.h: a plot written to a PNG (size in pixels), SVG or PDF
 * (size in points) file.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-plot.h"

G_BEGIN_DECLS

#define MF_PLOT_ERROR (mf_plot_error_quark ())

typedef enum
{
  MF_PLOT_ERROR_FORMAT, /* no format given and none told by the file name */
  MF_PLOT_ERROR_SIZE,   /* width or height not in [1, 20000] */
  MF_PLOT_ERROR_WRITE,  /* cairo could not write the file */
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

gboolean     mf_plot_export (MfPlot       *plot,
                             const char   *path,
                             MfPlotFormat  format,
                             double        width,
                             double        height,
                             GError      **error);

/* The same for several plots in one picture, one above the other, each
 * `height` / n_plots high (at least 1). */
gboolean     mf_plot_export_stacked (MfPlot *const *plots,
                                     guint          n_plots,
                                     const char    *path,
                                     MfPlotFormat   format,
                                     double         width,
                                     double         height,
                                     GError       **error);

G_END_DECLS
