/* mf-export-plots.c: plots to PNG, SVG and PDF files, atomically.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-export-plots.h"

#include <glib/gi18n.h>

#include <glib/gstdio.h>
#include <string.h>

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
  g_autofree char *name = NULL;
  g_autofree char *tmp_dir = NULL;
  g_autofree char *tmp_path = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  gboolean ok;

  g_return_val_if_fail (plots != NULL && n_plots > 0 && G_IS_FILE (file), FALSE);

  /* checked before anything is made: the private file's name tells nothing */
  name = g_file_get_basename (file);
  if (format == MF_PLOT_FORMAT_AUTO)
    format = mf_plot_format_from_path (name);
  if (format == MF_PLOT_FORMAT_AUTO)
    {
      g_set_error (error, MF_PLOT_ERROR, MF_PLOT_ERROR_FORMAT,
                   _("cannot tell the format of %s: name it .png, .svg or .pdf"), name);
      return FALSE;
    }

  /* The picture is made in a private directory and then copied over the
   * file in one replace, which GIO does atomically (write beside, rename);
   * `file` may also be a location without a local path. */
  tmp_dir = g_dir_make_tmp ("manifold-export-XXXXXX", error);
  if (tmp_dir == NULL)
    return FALSE;
  tmp_path = g_build_filename (tmp_dir, "plot", NULL);
  ok = mf_plot_export_stacked (plots, n_plots, tmp_path, format, width, height, error);
  if (ok)
    ok = g_file_get_contents (tmp_path, &contents, &length, error);
  g_unlink (tmp_path);
  g_rmdir (tmp_dir);
  if (!ok)
    return FALSE;

  return g_file_replace_contents (file, contents, length, NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}
