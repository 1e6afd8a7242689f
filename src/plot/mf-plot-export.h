/* mf-plot-export.h: a plot, or any figure drawn on a cairo_t, written as
 * PNG (size in pixels), SVG or PDF (size in points) to a stream: putting a
 * file in place is the caller's business (the app and manifold-cli replace
 * it atomically).
 *
 * A figure is drawn for slides: at its figure scale (mf_plot_figure_scale)
 * everything — text, lines, margins — grows with the picture, so that the
 * text takes the same share of an 800 × 600 pt PDF as of a 1600 × 1200 px
 * PNG, and never less than it takes on screen.
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

/* Draws a figure into [0, width] × [0, height] of `cr`'s user space. */
typedef void (*MfPlotFigureFunc) (gpointer  data,
                                  cairo_t  *cr,
                                  double    width,
                                  double    height);

typedef struct
{
  MfPlotFigureFunc draw;
  gpointer         data;
} MfPlotFigure;

GQuark       mf_plot_error_quark (void);

/* Where a cairo surface writes its file (cairo_*_surface_create_for_stream()
 * with mf_plot_stream_write), and the first error in writing it. */
typedef struct
{
  GOutputStream *stream;
  GError        *error;
} MfPlotStream;

cairo_status_t mf_plot_stream_write (void                *sink,
                                     const unsigned char *data,
                                     unsigned int         length);
/* TRUE when nothing went wrong; else FALSE with the stream's own error
 * (it names the file) before cairo's `status` (an MF_PLOT_ERROR_WRITE).
 * The sink's error is taken. */
gboolean       mf_plot_stream_check (MfPlotStream   *sink,
                                     cairo_status_t  status,
                                     GError        **error);

/* How much larger than on screen a figure of width × height is drawn: it
 * is laid out at width / s × height / s and scaled by s, where s makes
 * the layout MF_PLOT_FIGURE_WIDTH × MF_PLOT_FIGURE_HEIGHT at the most
 * (whichever is tighter), and s >= 1. */
#define MF_PLOT_FIGURE_WIDTH 500.0
#define MF_PLOT_FIGURE_HEIGHT 375.0
double       mf_plot_figure_scale (double width,
                                   double height);
/* Has `draw` lay a figure of width × height out at its figure scale s:
 * at width / s × height / s, `cr` scaled by s.  For any drawing whose
 * text has a size fixed in its units. */
void         mf_plot_figure_draw_scaled (MfPlotFigureFunc  draw,
                                         gpointer          data,
                                         cairo_t          *cr,
                                         double            width,
                                         double            height);
/* Draws `plot` as a figure of width × height: laid out at the figure
 * scale (the plot's own layout, its data area included, is then in the
 * scaled units).  An MfPlotFigureFunc for an MfPlot. */
void         mf_plot_draw_figure (gpointer  plot,
                                  cairo_t  *cr,
                                  double    width,
                                  double    height);

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
 * `height` / n_plots high (at least 1), each drawn as a figure. */
gboolean     mf_plot_export_stacked (MfPlot *const *plots,
                                     guint          n_plots,
                                     GOutputStream *stream,
                                     MfPlotFormat   format,
                                     double         width,
                                     double         height,
                                     GError       **error);

/* Figures one above the other in one picture, as for plots. */
gboolean     mf_plot_export_figures (const MfPlotFigure *figures,
                                     guint               n_figures,
                                     GOutputStream      *stream,
                                     MfPlotFormat        format,
                                     double              width,
                                     double              height,
                                     GError            **error);

G_END_DECLS
