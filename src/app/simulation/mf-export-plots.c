/* mf-export-plots.c: plots and other figures to PNG, SVG and PDF files,
 * atomically.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-export-plots.h"

#include <glib/gi18n.h>

#include <string.h>

#include "mf-output-file.h"

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

gboolean
mf_export_plots (MfPlot *const *plots, guint n_plots, GFile *file, MfPlotFormat format,
                 double width, double height, GError **error)
{
  g_autofree MfPlotFigure *figures = NULL;

  g_return_val_if_fail (plots != NULL && n_plots > 0 && G_IS_FILE (file), FALSE);

  figures = g_new (MfPlotFigure, n_plots);
  for (guint i = 0; i < n_plots; i++)
    figures[i] = (MfPlotFigure) { mf_plot_draw_figure, plots[i] };
  return mf_export_figures (figures, n_plots, file, format, width, height, error);
}

gboolean
mf_export_figures (const MfPlotFigure *figures, guint n_figures, GFile *file,
                   MfPlotFormat format, double width, double height, GError **error)
{
  g_autoptr (MfOutputFile) out = NULL;
  g_autofree char *name = NULL;
  GOutputStream *stream;

  g_return_val_if_fail (figures != NULL && n_figures > 0 && G_IS_FILE (file), FALSE);

  name = g_file_get_basename (file);
  if (format == MF_PLOT_FORMAT_AUTO)
    format = mf_plot_format_from_path (name);
  if (format == MF_PLOT_FORMAT_AUTO)
    {
      g_set_error (error, MF_PLOT_ERROR, MF_PLOT_ERROR_FORMAT,
                   _("cannot tell the format of %s: name it .png, .svg or .pdf"), name);
      return FALSE;
    }

  /* drawn into a temporary file beside `file`, which takes its place when
   * complete; on an error, `out` removes it and `file` is as it was */
  out = mf_output_file_new_for_file (file, error);
  if (out == NULL)
    return FALSE;
  stream = mf_output_file_open (out, error);
  return stream != NULL
         && mf_plot_export_figures (figures, n_figures, stream, format, width, height, error)
         && mf_output_file_commit (out, error);
}
