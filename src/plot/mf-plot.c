/* mf-plot.c: the plot object — its axes, series, bands and markers.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-private.h"

#include <math.h>

static void
band_clear (gpointer data)
{
  MfPlotBand *band = data;

  g_free (band->label);
}

static void
marker_clear (gpointer data)
{
  MfPlotMarker *marker = data;

  g_free (marker->label);
}

MfPlot *
mf_plot_new (void)
{
  MfPlot *plot = g_new0 (MfPlot, 1);

  for (guint i = 0; i < MF_PLOT_N_AXES; i++)
    mf_plot_axis_init (&plot->axes[i]);
  /* time runs from the first sample to the last, not to a rounder end */
  plot->axes[MF_PLOT_AXIS_X].tight = TRUE;
  plot->series = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_plot_series_free);
  plot->bands = g_array_new (FALSE, FALSE, sizeof (MfPlotBand));
  g_array_set_clear_func (plot->bands, band_clear);
  plot->markers = g_array_new (FALSE, FALSE, sizeof (MfPlotMarker));
  g_array_set_clear_func (plot->markers, marker_clear);
  plot->spans = g_array_new (FALSE, FALSE, sizeof (MfPlotBand));
  g_array_set_clear_func (plot->spans, band_clear);
  plot->style = *mf_plot_style_light ();
  plot->scratch = g_array_new (FALSE, FALSE, 4 * sizeof (double));
  plot->marker_labels = g_array_new (FALSE, FALSE, sizeof (MfPlotRect));
  plot->legend_series = g_array_new (FALSE, FALSE, sizeof (guint));
  plot->line_width = 1.5;
  plot->grid = TRUE;
  plot->text_scale = 1.0;
  plot->unit_axes = g_array_new (FALSE, TRUE, sizeof (MfPlotUnitAxis));
  g_array_set_clear_func (plot->unit_axes, mf_plot_unit_axis_clear);
  return plot;
}

void
mf_plot_free (MfPlot *plot)
{
  if (plot == NULL)
    return;
  g_free (plot->title);
  for (guint i = 0; i < MF_PLOT_N_AXES; i++)
    mf_plot_axis_clear (&plot->axes[i]);
  g_ptr_array_unref (plot->series);
  g_array_unref (plot->bands);
  g_array_unref (plot->markers);
  g_array_unref (plot->spans);
  g_array_unref (plot->scratch);
  g_array_unref (plot->marker_labels);
  g_array_unref (plot->legend_series);
  g_array_unref (plot->unit_axes);
  g_free (plot->main_unit);
  g_free (plot);
}

void
mf_plot_set_title (MfPlot *plot, const char *title)
{
  g_free (plot->title);
  plot->title = g_strdup (title);
}

void
mf_plot_set_axis_title (MfPlot *plot, MfPlotAxisId axis, const char *title, const char *unit)
{
  g_return_if_fail (axis < MF_PLOT_N_AXES);
  g_free (plot->axes[axis].title);
  g_free (plot->axes[axis].unit);
  plot->axes[axis].title = g_strdup (title);
  plot->axes[axis].unit = g_strdup (unit);
}

void
mf_plot_set_axis_scale (MfPlot *plot, MfPlotAxisId axis, MfPlotScale scale)
{
  g_return_if_fail (axis < MF_PLOT_N_AXES);
  plot->axes[axis].scale = scale;
}

void
mf_plot_set_axis_integer (MfPlot *plot, MfPlotAxisId axis, gboolean integer)
{
  g_return_if_fail (axis < MF_PLOT_N_AXES);
  plot->axes[axis].integer = !!integer;
}

void
mf_plot_set_y_axes_follow (MfPlot *plot, gboolean follow)
{
  plot->y_axes_follow = !!follow;
}

void
mf_plot_set_axis_range (MfPlot *plot, MfPlotAxisId axis, double min, double max)
{
  g_return_if_fail (axis < MF_PLOT_N_AXES);
  plot->axes[axis].min = min;
  plot->axes[axis].max = max;
}

const MfPlotAxis *
mf_plot_get_axis (const MfPlot *plot, MfPlotAxisId axis)
{
  g_return_val_if_fail (axis < MF_PLOT_N_AXES, NULL);
  return &plot->axes[axis];
}

const MfPlotAxis *
mf_plot_series_y_axis (const MfPlot *plot, const MfPlotSeries *series)
{
  if (series->in_strip)
    return &plot->axes[MF_PLOT_AXIS_STRIP];
  if (series->y_slot > 0 && series->y_slot <= plot->unit_axes->len)
    return &g_array_index (plot->unit_axes, MfPlotUnitAxis, series->y_slot - 1).axis;
  return &plot->axes[MF_PLOT_AXIS_Y];
}

const MfPlotAxis *
mf_plot_get_series_axis (const MfPlot *plot, const MfPlotSeries *series)
{
  return mf_plot_series_y_axis (plot, series);
}

guint
mf_plot_get_n_y_axes (const MfPlot *plot)
{
  return 1 + plot->unit_axes->len;
}

const MfPlotRect *
mf_plot_series_area (const MfPlot *plot, const MfPlotSeries *series)
{
  return series->in_strip ? &plot->strip_area : &plot->data_area;
}

gboolean
mf_plot_has_strip (const MfPlot *plot)
{
  for (guint i = 0; i < plot->series->len; i++)
    {
      const MfPlotSeries *s = g_ptr_array_index (plot->series, i);

      if (s->visible && s->in_strip && s->x->len > 0)
        return TRUE;
    }
  return FALSE;
}

MfPlotSeries *
mf_plot_add_series (MfPlot *plot, const char *name)
{
  MfPlotSeries *series = mf_plot_series_new (name);

  series->palette_index = plot->next_color++ % MF_PLOT_STYLE_N_COLORS;
  series->color = plot->style.palette[series->palette_index];
  g_ptr_array_add (plot->series, series);
  return series;
}

void
mf_plot_remove_series (MfPlot *plot, MfPlotSeries *series)
{
  g_return_if_fail (plot != NULL && series != NULL);
  /* the free function of the array frees it */
  if (!g_ptr_array_remove (plot->series, series))
    g_critical ("%s: the series \"%s\" is not in the plot", G_STRFUNC, series->name);
}

guint
mf_plot_get_n_series (const MfPlot *plot)
{
  return plot->series->len;
}

MfPlotSeries *
mf_plot_get_series (const MfPlot *plot, guint index)
{
  g_return_val_if_fail (index < plot->series->len, NULL);
  return g_ptr_array_index (plot->series, index);
}

void
mf_plot_add_band (MfPlot *plot, double x0, double x1, const char *label)
{
  MfPlotBand band = { MIN (x0, x1), MAX (x0, x1), g_strdup (label != NULL ? label : "") };

  g_array_append_val (plot->bands, band);
}

void
mf_plot_add_marker (MfPlot *plot, double x, const char *label)
{
  MfPlotMarker marker = { x, g_strdup (label != NULL ? label : "") };

  g_array_append_val (plot->markers, marker);
}

void
mf_plot_clear_bands (MfPlot *plot)
{
  g_array_set_size (plot->bands, 0);
}

void
mf_plot_clear_markers (MfPlot *plot)
{
  g_array_set_size (plot->markers, 0);
}

void
mf_plot_add_span (MfPlot *plot, double x0, double x1, const char *label)
{
  MfPlotBand span = { MIN (x0, x1), MAX (x0, x1), g_strdup (label != NULL ? label : "") };

  g_array_append_val (plot->spans, span);
}

void
mf_plot_clear_spans (MfPlot *plot)
{
  g_array_set_size (plot->spans, 0);
}

guint
mf_plot_get_n_spans (const MfPlot *plot)
{
  return plot->spans->len;
}

void
mf_plot_set_style (MfPlot *plot, const MfPlotStyle *style)
{
  g_return_if_fail (style != NULL);
  plot->style = *style;
  for (guint i = 0; i < plot->series->len; i++)
    {
      MfPlotSeries *s = g_ptr_array_index (plot->series, i);

      if (!s->has_color)
        s->color = style->palette[s->palette_index];
    }
}

const MfPlotStyle *
mf_plot_get_style (const MfPlot *plot)
{
  return &plot->style;
}

void
mf_plot_set_min_margins (MfPlot *plot, double left, double right)
{
  plot->min_left = MAX (0.0, left);
  plot->min_right = MAX (0.0, right);
}

void
mf_plot_set_source_color (cairo_t *cr, const MfPlotColor *color, double alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, alpha);
}

MfPlotRect
mf_plot_get_data_area (const MfPlot *plot)
{
  return plot->data_area;
}

MfPlotRect
mf_plot_get_strip_area (const MfPlot *plot)
{
  return plot->strip_area;
}

MfPlotRect
mf_plot_get_legend_area (const MfPlot *plot)
{
  return plot->legend_area;
}

PangoLayout *
mf_plot_layout_new (cairo_t *cr, double size, gboolean bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");

  /* at 72 dpi a point is a user unit, on screens and in PDF alike */
  pango_cairo_context_set_resolution (pango_layout_get_context (layout), 72);
  pango_font_description_set_size (font, (int) (size * PANGO_SCALE));
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_context_changed (layout);
  pango_font_description_free (font);
  return layout;
}

void
mf_plot_layout_measure (PangoLayout *layout, const char *text, double *width, double *height)
{
  PangoRectangle logical;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_extents (layout, NULL, &logical);
  if (width != NULL)
    *width = (double) logical.width / PANGO_SCALE;
  if (height != NULL)
    *height = (double) logical.height / PANGO_SCALE;
}

void
mf_plot_set_line_width (MfPlot *plot, double width)
{
  g_return_if_fail (plot != NULL);
  g_return_if_fail (width > 0 && width <= 20);

  plot->line_width = width;
}

double
mf_plot_get_line_width (const MfPlot *plot)
{
  return plot->line_width;
}

void
mf_plot_set_grid (MfPlot *plot, gboolean grid)
{
  g_return_if_fail (plot != NULL);

  plot->grid = grid;
}

gboolean
mf_plot_get_grid (const MfPlot *plot)
{
  return plot->grid;
}

void
mf_plot_set_sample_marks (MfPlot *plot, gboolean marks)
{
  g_return_if_fail (plot != NULL);

  plot->sample_marks = marks;
}

gboolean
mf_plot_get_sample_marks (const MfPlot *plot)
{
  return plot->sample_marks;
}

void
mf_plot_set_text_scale (MfPlot *plot, double scale)
{
  g_return_if_fail (plot != NULL);
  g_return_if_fail (scale >= 0.5 && scale <= 4);

  plot->text_scale = scale;
}

double
mf_plot_get_text_scale (const MfPlot *plot)
{
  return plot->text_scale;
}
