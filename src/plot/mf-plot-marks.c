/* mf-plot-marks.c: what happens along x — mode bands shaded under the
 * data with their names in a row above the data area, and event markers
 * as dashed lines over it with their labels written upwards, and marked
 * intervals (SVD fallbacks) hatched over the data with a label at their foot.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-private.h"

#include <math.h>

#define LABEL_GAP 3.0


void
mf_plot_bands_draw (MfPlot *plot, cairo_t *cr)
{
  const MfPlotRect *a = &plot->data_area;
  const MfPlotAxis *xa = &plot->axes[MF_PLOT_AXIS_X];
  g_autoptr (PangoLayout) layout = NULL;

  if (plot->bands->len == 0)
    return;
  layout = mf_plot_layout_new (cr, plot->text_scale * MF_PLOT_SMALL_FONT_SIZE, FALSE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  cairo_save (cr);
  for (guint i = 0; i < plot->bands->len; i++)
    {
      const MfPlotBand *band = &g_array_index (plot->bands, MfPlotBand, i);
      /* two tints, alternating, so that neighbouring modes stand apart */
      const MfPlotColor *tint = &plot->style.band[i % 2];
      double x0 = MAX (a->x, mf_plot_axis_to_pixel (xa, band->x0));
      double x1 = MIN (a->x + a->width, mf_plot_axis_to_pixel (xa, band->x1));
      double h;

      if (!(x1 > x0))
        continue;
      mf_plot_set_source_color (cr, tint, plot->style.band_alpha);
      cairo_rectangle (cr, x0, a->y, x1 - x0, a->height);
      cairo_fill (cr);
      /* the name's row: a strip of the band's colour above the data */
      pango_layout_set_width (layout, -1);
      mf_plot_layout_measure (layout, band->label, NULL, &h);
      mf_plot_set_source_color (cr, tint, plot->style.band_row_alpha);
      cairo_rectangle (cr, x0, a->y - h - LABEL_GAP, x1 - x0, h + LABEL_GAP);
      cairo_fill (cr);
      if (x1 - x0 < 3 * LABEL_GAP + 8)
        continue;
      pango_layout_set_width (layout, (int) ((x1 - x0 - 2 * LABEL_GAP) * PANGO_SCALE));
      mf_plot_set_source_color (cr, &plot->style.foreground, 1);
      cairo_move_to (cr, x0 + LABEL_GAP, a->y - h - LABEL_GAP / 2);
      pango_cairo_show_layout (cr, layout);
    }
  cairo_restore (cr);
}

void
mf_plot_markers_draw (MfPlot *plot, cairo_t *cr)
{
  const MfPlotRect *a = &plot->data_area;
  const MfPlotAxis *xa = &plot->axes[MF_PLOT_AXIS_X];
  const double dashes[] = { 3, 3 };
  g_autoptr (PangoLayout) layout = NULL;
  double next_label = INFINITY;

  g_array_set_size (plot->marker_labels, 0);
  if (plot->markers->len == 0)
    return;
  layout = mf_plot_layout_new (cr, plot->text_scale * MF_PLOT_SMALL_FONT_SIZE, FALSE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_width (layout, (int) (a->height * 0.6 * PANGO_SCALE));
  cairo_save (cr);
  cairo_rectangle (cr, a->x, a->y, a->width, a->height);
  cairo_clip (cr);
  /* from the last: of a burst of switches, the state that holds after it
   * is the one worth reading */
  for (guint i = plot->markers->len; i-- > 0;)
    {
      const MfPlotMarker *marker = &g_array_index (plot->markers, MfPlotMarker, i);
      double p = floor (mf_plot_axis_to_pixel (xa, marker->x)) + 0.5;
      double w, h;

      if (!(p >= a->x && p <= a->x + a->width))
        continue;
      mf_plot_set_source_color (cr, &plot->style.marker, 0.8);
      cairo_set_line_width (cr, 1);
      cairo_set_dash (cr, dashes, 2, 0);
      cairo_move_to (cr, p, a->y);
      cairo_line_to (cr, p, a->y + a->height);
      cairo_stroke (cr);
      mf_plot_layout_measure (layout, marker->label, &w, &h);
      /* labels that would touch the next one are left out; the line stays */
      if (marker->label[0] == '\0' || next_label - p < h + 1)
        continue;
      next_label = p;
      g_array_append_val (plot->marker_labels,
                          ((MfPlotRect) { p + 1, a->y + LABEL_GAP, h, w }));
      cairo_save (cr);
      cairo_translate (cr, p + 1, a->y + LABEL_GAP + w);
      cairo_rotate (cr, -G_PI / 2);
      pango_cairo_update_layout (cr, layout);
      mf_plot_set_source_color (cr, &plot->style.background, 0.8);
      cairo_rectangle (cr, 0, 0, w, h);
      cairo_fill (cr);
      mf_plot_set_source_color (cr, &plot->style.marker, 1);
      cairo_move_to (cr, 0, 0);
      pango_cairo_show_layout (cr, layout);
      cairo_restore (cr);
    }
  cairo_restore (cr);
}

#define HATCH_SPACING 7.0

void
mf_plot_spans_draw (MfPlot *plot, cairo_t *cr)
{
  const MfPlotRect *a = &plot->data_area;
  const MfPlotAxis *xa = &plot->axes[MF_PLOT_AXIS_X];
  g_autoptr (PangoLayout) layout = NULL;

  if (plot->spans->len == 0)
    return;
  layout = mf_plot_layout_new (cr, plot->text_scale * MF_PLOT_SMALL_FONT_SIZE, FALSE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  cairo_save (cr);
  for (guint i = 0; i < plot->spans->len; i++)
    {
      const MfPlotBand *span = &g_array_index (plot->spans, MfPlotBand, i);
      double x0 = MAX (a->x, mf_plot_axis_to_pixel (xa, span->x0));
      double x1 = MIN (a->x + a->width, mf_plot_axis_to_pixel (xa, span->x1));
      double w, h;

      if (!(x1 >= x0))
        continue;
      /* an interval shorter than a pixel still shows as a line */
      if (x1 - x0 < 2)
        x0 = MAX (a->x, x0 - 1), x1 = MIN (a->x + a->width, x0 + 2);
      cairo_save (cr);
      cairo_rectangle (cr, x0, a->y, x1 - x0, a->height);
      cairo_clip (cr);
      mf_plot_set_source_color (cr, &plot->style.span, 0.07);
      cairo_paint (cr);
      /* hatching at 45°, anchored to the data area so neighbours line up */
      mf_plot_set_source_color (cr, &plot->style.span, 0.45);
      cairo_set_line_width (cr, 1);
      for (double d = floor ((x0 - a->x - a->height) / HATCH_SPACING) * HATCH_SPACING;
           d < x1 - a->x; d += HATCH_SPACING)
        {
          cairo_move_to (cr, a->x + d, a->y + a->height);
          cairo_rel_line_to (cr, a->height, -a->height);
        }
      cairo_stroke (cr);
      mf_plot_set_source_color (cr, &plot->style.span, 0.9);
      cairo_move_to (cr, x0 + 0.5, a->y);
      cairo_line_to (cr, x0 + 0.5, a->y + a->height);
      cairo_move_to (cr, x1 - 0.5, a->y);
      cairo_line_to (cr, x1 - 0.5, a->y + a->height);
      cairo_stroke (cr);
      cairo_restore (cr);
      if (span->label[0] == '\0' || x1 - x0 < 3 * LABEL_GAP + 8)
        continue;
      pango_layout_set_width (layout, (int) ((x1 - x0 - 2 * LABEL_GAP) * PANGO_SCALE));
      mf_plot_layout_measure (layout, span->label, &w, &h);
      mf_plot_set_source_color (cr, &plot->style.background, 0.8);
      cairo_rectangle (cr, x0 + LABEL_GAP - 1, a->y + a->height - h - LABEL_GAP, w + 2, h);
      cairo_fill (cr);
      mf_plot_set_source_color (cr, &plot->style.span, 1);
      cairo_move_to (cr, x0 + LABEL_GAP, a->y + a->height - h - LABEL_GAP);
      pango_cairo_show_layout (cr, layout);
    }
  cairo_restore (cr);
}
