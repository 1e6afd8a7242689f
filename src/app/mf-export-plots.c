/* mf-export-plots.c: plots to PNG, SVG and PDF files, atomically.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-export-plots.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#define MAX_SIZE 20000.0

MfPlotFormat
mf_export_plot_format (const char *name, MfPlotFormat chosen)
{
  MfPlotFormat format = name != NULL ? mf_plot_format_from_path (name) : MF_PLOT_FORMAT_AUTO;

  if (format != MF_PLOT_FORMAT_AUTO)
    return format;
  return chosen == MF_PLOT_FORMAT_AUTO ? MF_PLOT_FORMAT_PNG : chosen;
}

const char *
mf_export_plot_extension (MfPlotFormat format)
{
  switch (format)
    {
    case MF_PLOT_FORMAT_SVG:
      return "svg";
    case MF_PLOT_FORMAT_PDF:
      return "pdf";
    case MF_PLOT_FORMAT_AUTO:
    case MF_PLOT_FORMAT_PNG:
    default:
      return "png";
    }
}

char *
mf_export_plot_file_name (const char *base, MfPlotFormat format)
{
  g_autofree char *stem = g_strdup (base);

  if (mf_plot_format_from_path (stem) != MF_PLOT_FORMAT_AUTO)
    *strrchr (stem, '.') = '\0';
  return g_strdup_printf ("%s.%s", stem, mf_export_plot_extension (format));
}

/* Several plots in one picture: the vector surfaces write `path` as they
 * are finished; the image surface is saved as PNG at the end. */
static gboolean
draw_stacked (MfPlot *const *plots, guint n_plots, const char *path, MfPlotFormat format,
              double width, double height, GError **error)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double slice;

  if (format == MF_PLOT_FORMAT_PNG)
    {
      width = round (width);
      height = round (height);
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width, (int) height);
    }
  else if (format == MF_PLOT_FORMAT_SVG)
    surface = cairo_svg_surface_create (path, width, height);
  else
    surface = cairo_pdf_surface_create (path, width, height);

  slice = height / n_plots;
  cr = cairo_create (surface);
  for (guint i = 0; i < n_plots; i++)
    {
      cairo_save (cr);
      cairo_translate (cr, 0, i * slice);
      cairo_rectangle (cr, 0, 0, width, slice);
      cairo_clip (cr);
      mf_plot_draw (plots[i], cr, width, slice);
      cairo_restore (cr);
    }
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS)
    {
      if (format == MF_PLOT_FORMAT_PNG)
        status = cairo_surface_write_to_png (surface, path);
      else
        {
          cairo_surface_finish (surface);
          status = cairo_surface_status (surface);
        }
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, MF_PLOT_ERROR, MF_PLOT_ERROR_WRITE, "cannot draw the plots: %s",
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

gboolean
mf_export_plots (MfPlot *const *plots, guint n_plots, GFile *file, MfPlotFormat format,
                 double width, double height, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *tmp_dir = NULL;
  g_autofree char *tmp_path = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  gboolean ok;

  g_return_val_if_fail (plots != NULL && n_plots > 0 && G_IS_FILE (file), FALSE);

  name = g_file_get_basename (file);
  if (format == MF_PLOT_FORMAT_AUTO)
    format = mf_plot_format_from_path (name);
  if (format == MF_PLOT_FORMAT_AUTO)
    {
      g_set_error (error, MF_PLOT_ERROR, MF_PLOT_ERROR_FORMAT,
                   "cannot tell the format of %s: name it .png, .svg or .pdf", name);
      return FALSE;
    }
  if (!(width >= 1 && width <= MAX_SIZE && height >= n_plots && height <= MAX_SIZE))
    {
      g_set_error (error, MF_PLOT_ERROR, MF_PLOT_ERROR_SIZE,
                   "a plot's size must be between 1 and %g, not %g × %g", MAX_SIZE, width,
                   height);
      return FALSE;
    }

  /* The picture is made in a private directory and then copied over the
   * file in one replace, which GIO does atomically (write beside, rename);
   * `file` may also be a location without a local path. */
  tmp_dir = g_dir_make_tmp ("manifold-export-XXXXXX", error);
  if (tmp_dir == NULL)
    return FALSE;
  tmp_path = g_build_filename (tmp_dir, "plot", NULL);
  if (n_plots == 1)
    ok = mf_plot_export (plots[0], tmp_path, format, width, height, error);
  else
    ok = draw_stacked (plots, n_plots, tmp_path, format, width, height, error);
  if (ok)
    ok = g_file_get_contents (tmp_path, &contents, &length, error);
  g_unlink (tmp_path);
  g_rmdir (tmp_dir);
  if (!ok)
    return FALSE;

  return g_file_replace_contents (file, contents, length, NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}
