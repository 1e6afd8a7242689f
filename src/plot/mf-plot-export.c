/* mf-plot-export.c: a plot, or any figure, as PNG, SVG or PDF, written to a
 * stream, text and all grown with the picture.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-export.h"

#include <glib/gi18n.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (mf-plot-error-quark, mf_plot_error)

#define MAX_SIZE 20000.0

MfPlotFormat
mf_plot_format_from_path (const char *path)
{
  const char *dot = strrchr (path, '.');

  if (dot == NULL || strchr (dot, G_DIR_SEPARATOR) != NULL)
    return MF_PLOT_FORMAT_AUTO;
  if (g_ascii_strcasecmp (dot, ".png") == 0)
    return MF_PLOT_FORMAT_PNG;
  if (g_ascii_strcasecmp (dot, ".svg") == 0)
    return MF_PLOT_FORMAT_SVG;
  if (g_ascii_strcasecmp (dot, ".pdf") == 0)
    return MF_PLOT_FORMAT_PDF;
  return MF_PLOT_FORMAT_AUTO;
}

cairo_status_t
mf_plot_stream_write (void *closure, const unsigned char *data, unsigned int length)
{
  MfPlotStream *sink = closure;

  if (sink->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (sink->stream, data, length, NULL, NULL, &sink->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

gboolean
mf_plot_stream_check (MfPlotStream *sink, cairo_status_t status, GError **error)
{
  if (sink->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&sink->error));
      return FALSE;
    }
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, MF_PLOT_ERROR, MF_PLOT_ERROR_WRITE, _("cannot draw the figure: %s"),
               cairo_status_to_string (status));
  return FALSE;
}

double
mf_plot_figure_scale (double width, double height)
{
  return MAX (1.0, MIN (width / MF_PLOT_FIGURE_WIDTH, height / MF_PLOT_FIGURE_HEIGHT));
}

void
mf_plot_figure_draw_scaled (MfPlotFigureFunc draw, gpointer data, cairo_t *cr, double width,
                            double height)
{
  double scale = mf_plot_figure_scale (width, height);

  cairo_save (cr);
  cairo_scale (cr, scale, scale);
  draw (data, cr, width / scale, height / scale);
  cairo_restore (cr);
}

static void
draw_plot (gpointer plot, cairo_t *cr, double width, double height)
{
  mf_plot_draw (plot, cr, width, height);
}

void
mf_plot_draw_figure (gpointer plot, cairo_t *cr, double width, double height)
{
  mf_plot_figure_draw_scaled (draw_plot, plot, cr, width, height);
}

/* The figures one above the other, each a slice of the height. */
static gboolean
draw_into (const MfPlotFigure *figures, guint n_figures, cairo_surface_t *surface, double width,
           double height)
{
  cairo_t *cr = cairo_create (surface);
  double slice = height / n_figures;
  cairo_status_t status;

  for (guint i = 0; i < n_figures; i++)
    {
      cairo_save (cr);
      cairo_translate (cr, 0, i * slice);
      cairo_rectangle (cr, 0, 0, width, slice);
      cairo_clip (cr);
      figures[i].draw (figures[i].data, cr, width, slice);
      cairo_restore (cr);
    }
  status = cairo_status (cr);
  cairo_destroy (cr);
  return status == CAIRO_STATUS_SUCCESS;
}

gboolean
mf_plot_export (MfPlot        *plot,
                GOutputStream *stream,
                MfPlotFormat   format,
                double         width,
                double         height,
                GError       **error)
{
  g_return_val_if_fail (plot != NULL, FALSE);

  return mf_plot_export_stacked (&plot, 1, stream, format, width, height, error);
}

gboolean
mf_plot_export_stacked (MfPlot *const *plots,
                        guint          n_plots,
                        GOutputStream *stream,
                        MfPlotFormat   format,
                        double         width,
                        double         height,
                        GError       **error)
{
  g_autofree MfPlotFigure *figures = NULL;

  g_return_val_if_fail (plots != NULL && n_plots > 0, FALSE);

  figures = g_new (MfPlotFigure, n_plots);
  for (guint i = 0; i < n_plots; i++)
    figures[i] = (MfPlotFigure) { mf_plot_draw_figure, plots[i] };
  return mf_plot_export_figures (figures, n_plots, stream, format, width, height, error);
}

gboolean
mf_plot_export_figures (const MfPlotFigure *figures,
                        guint               n_figures,
                        GOutputStream      *stream,
                        MfPlotFormat        format,
                        double              width,
                        double              height,
                        GError            **error)
{
  MfPlotStream sink = { stream, NULL };
  cairo_surface_t *surface;
  cairo_status_t status;
  gboolean ok;

  g_return_val_if_fail (figures != NULL && n_figures > 0, FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (stream), FALSE);
  g_return_val_if_fail (format != MF_PLOT_FORMAT_AUTO, FALSE);

  if (!(width >= 1 && width <= MAX_SIZE && height >= n_figures && height <= MAX_SIZE))
    {
      g_set_error (error, MF_PLOT_ERROR, MF_PLOT_ERROR_SIZE,
                   _("a plot's size must be between 1 and %g, not %g × %g"), MAX_SIZE, width,
                   height);
      return FALSE;
    }
  if (format == MF_PLOT_FORMAT_PNG)
    {
      /* whole pixels: the file's size is what was asked for, rounded */
      width = round (width);
      height = round (height);
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width, (int) height);
    }
  else if (format == MF_PLOT_FORMAT_SVG)
    surface = cairo_svg_surface_create_for_stream (mf_plot_stream_write, &sink, width, height);
  else
    surface = cairo_pdf_surface_create_for_stream (mf_plot_stream_write, &sink, width, height);
  if (!mf_plot_stream_check (&sink, cairo_surface_status (surface), error))
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }
  if (!draw_into (figures, n_figures, surface, width, height))
    {
      cairo_surface_destroy (surface);
      return mf_plot_stream_check (&sink, CAIRO_STATUS_NO_MEMORY, error);
    }
  if (format == MF_PLOT_FORMAT_PNG)
    status = cairo_surface_write_to_png_stream (surface, mf_plot_stream_write, &sink);
  else
    {
      /* vector surfaces write the rest of their file when finished */
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  ok = mf_plot_stream_check (&sink, status, error);
  g_clear_error (&sink.error);
  return ok;
}
