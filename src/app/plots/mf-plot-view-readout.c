/* mf-plot-view-readout.c: what the plot view draws over the plot — the
 * zoom box while dragging, and at the pointer a vertical line with a box
 * that reads the time and every shown series' value there.  The box sits
 * beside the pointer, never under it, and inside the widget.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-view-private.h"

#include <math.h>

#define THIN_DRAG 4.0
#define OFFSET 14.0  /* between the pointer and the box */
#define PADDING 6.0
#define SWATCH 12.0
#define DOT 3.0
/* A mark (a refused step) is read out when it lies this close to the
 * pointer's time, in pixels: marks have no line between them. */
#define MARK_REACH 4.0

static void
box_draw (MfPlotView *self, cairo_t *cr)
{
  const MfPlotStyle *style = mf_plot_get_style (self->plot);
  MfPlotRect a = mf_plot_get_data_area (self->plot);
  double x0 = CLAMP (self->drag_x, a.x, a.x + a.width);
  double x1 = CLAMP (self->drag_x + self->drag_dx, a.x, a.x + a.width);
  double y0 = CLAMP (self->drag_y, a.y, a.y + a.height);
  double y1 = CLAMP (self->drag_y + self->drag_dy, a.y, a.y + a.height);

  /* a thin drag zooms one axis only: show the whole band it selects */
  if (fabs (x1 - x0) < THIN_DRAG && fabs (y1 - y0) >= THIN_DRAG)
    x0 = a.x, x1 = a.x + a.width;
  else if (fabs (y1 - y0) < THIN_DRAG && fabs (x1 - x0) >= THIN_DRAG)
    y0 = a.y, y1 = a.y + a.height;
  cairo_rectangle (cr, MIN (x0, x1), MIN (y0, y1), fabs (x1 - x0), fabs (y1 - y0));
  mf_plot_set_source_color (cr, &style->band[0], 0.18);
  cairo_fill_preserve (cr);
  mf_plot_set_source_color (cr, &style->band[0], 0.9);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* "0.25 s", "1.2e5 Pa", "3" */
static char *
value_text (double value, const char *unit)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (number, sizeof number, "%.5g", value);
  if (unit == NULL || unit[0] == '\0')
    return g_strdup (number);
  return g_strdup_printf ("%s %s", number, unit);
}

typedef struct
{
  PangoLayout *layout;
  double       width, height;
} Row;

/* Where the box goes: beside the pointer on the right or the left, below or
 * above it, the first place that fits in the widget. */
static void
place_box (double px, double py, double w, double h, double width, double height,
           double *bx, double *by)
{
  const double xs[] = { px + OFFSET, px - OFFSET - w };
  const double ys[] = { py + OFFSET, py - OFFSET - h };

  for (guint i = 0; i < 2; i++)
    for (guint j = 0; j < 2; j++)
      if (xs[i] >= 0 && xs[i] + w <= width && ys[j] >= 0 && ys[j] + h <= height)
        {
          *bx = xs[i];
          *by = ys[j];
          return;
        }
  /* a widget too small for the box beside the pointer: keep it inside at least,
   * on the side with more room */
  *bx = CLAMP (px > width / 2 ? px - OFFSET - w : px + OFFSET, 0, MAX (0, width - w));
  *by = CLAMP (py > height / 2 ? py - OFFSET - h : py + OFFSET, 0, MAX (0, height - h));
}

/* The value of series `s` at time t (a mark's near t), with the dot that
 * shows it on the curve when that lies in the series' area. */
static gboolean
series_value_at (MfPlotView *self, cairo_t *cr, const MfPlotSeries *s, double t, double px,
                 double *v)
{
  gboolean in_strip = mf_plot_series_get_in_strip (s);
  const MfPlotAxis *y_axis = mf_plot_get_series_axis (self->plot, s);
  MfPlotRect a = in_strip ? mf_plot_get_strip_area (self->plot)
                          : mf_plot_get_data_area (self->plot);
  double reach = fabs (mf_plot_view_x_at (self, px + MARK_REACH) - t), vy;

  if (mf_plot_series_get_mark (s) == MF_PLOT_MARK_CROSSES
        ? !mf_plot_series_nearest (s, t, reach, NULL, v)
        : !mf_plot_series_value_at (s, t, v))
    return FALSE;
  vy = mf_plot_axis_to_pixel (y_axis, *v);
  if (vy >= a.y && vy <= a.y + a.height)
    {
      MfPlotColor c = mf_plot_series_get_color (s);

      cairo_arc (cr, px, vy, DOT, 0, 2 * G_PI);
      mf_plot_set_source_color (cr, &c, 1);
      cairo_fill (cr);
    }
  return TRUE;
}

static void
readout_draw (MfPlotView *self, cairo_t *cr, double t)
{
  const MfPlotStyle *style = mf_plot_get_style (self->plot);
  const MfPlotAxis *x_axis = mf_plot_get_axis (self->plot, MF_PLOT_AXIS_X);
  const MfPlotAxis *y_axis = mf_plot_get_axis (self->plot, MF_PLOT_AXIS_Y);
  MfPlotRect a = mf_plot_get_data_area (self->plot);
  MfPlotRect strip = mf_plot_get_strip_area (self->plot);
  guint n = mf_plot_get_n_series (self->plot), n_rows = 0;
  g_autofree Row *rows = g_new0 (Row, n + 1);
  g_autofree int *row_series = g_new (int, n + 1);
  double px = floor (self->pointer_x) + 0.5, w = 0, h = 0, bx, by, y;
  g_autofree char *time_text = value_text (t, x_axis->unit);
  g_autofree char *time_line = g_strdup_printf ("t = %s", time_text);

  /* the line through the data area at the pointer */
  mf_plot_set_source_color (cr, &style->frame, 0.55);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, px, a.y);
  cairo_line_to (cr, px, strip.height > 0 ? strip.y + strip.height : a.y + a.height);
  cairo_stroke (cr);

  rows[n_rows].layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), time_line);
  row_series[n_rows++] = -1;
  for (guint i = 0; i < n; i++)
    {
      const MfPlotSeries *s = mf_plot_get_series (self->plot, i);
      const char *unit = mf_plot_series_get_unit (s);
      g_autofree char *value = NULL;
      g_autofree char *line = NULL;
      double v;

      if (!mf_plot_series_get_visible (s))
        continue;
      if (unit == NULL && !mf_plot_series_get_in_strip (s))
        unit = y_axis->unit;
      if (series_value_at (self, cr, s, t, px, &v))
        value = value_text (v, unit);
      /* a mark far from the pointer says nothing about this time */
      else if (mf_plot_series_get_mark (s) == MF_PLOT_MARK_CROSSES)
        continue;
      line = g_strdup_printf ("%s: %s", mf_plot_series_get_name (s),
                              value != NULL ? value : "–");
      rows[n_rows].layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), line);
      row_series[n_rows++] = (int) i;
    }
  for (guint r = 0; r < n_rows; r++)
    {
      int lw, lh;

      pango_layout_get_pixel_size (rows[r].layout, &lw, &lh);
      rows[r].width = lw + (row_series[r] >= 0 ? SWATCH + PADDING : 0);
      rows[r].height = lh;
      w = MAX (w, rows[r].width);
      h += lh;
    }
  w += 2 * PADDING;
  h += 2 * PADDING;
  place_box (self->pointer_x, self->pointer_y, w, h, gtk_widget_get_width (GTK_WIDGET (self)),
             gtk_widget_get_height (GTK_WIDGET (self)), &bx, &by);
  cairo_rectangle (cr, floor (bx) + 0.5, floor (by) + 0.5, ceil (w), ceil (h));
  mf_plot_set_source_color (cr, &style->legend_background, 0.94);
  cairo_fill_preserve (cr);
  mf_plot_set_source_color (cr, &style->legend_border, 1);
  cairo_stroke (cr);
  y = floor (by) + PADDING;
  for (guint r = 0; r < n_rows; r++)
    {
      double x = floor (bx) + PADDING;

      if (row_series[r] >= 0)
        {
          MfPlotColor c = mf_plot_series_get_color (mf_plot_get_series (self->plot,
                                                                        (guint) row_series[r]));

          mf_plot_set_source_color (cr, &c, 1);
          cairo_set_line_width (cr, 2.5);
          cairo_move_to (cr, x, floor (y + rows[r].height / 2) + 0.5);
          cairo_rel_line_to (cr, SWATCH, 0);
          cairo_stroke (cr);
          x += SWATCH + PADDING;
        }
      mf_plot_set_source_color (cr, &style->foreground, 1);
      cairo_move_to (cr, x, y);
      pango_cairo_show_layout (cr, rows[r].layout);
      y += rows[r].height;
      g_object_unref (rows[r].layout);
    }
}

void
mf_plot_view_snapshot_overlays (MfPlotView *self, GtkSnapshot *snapshot)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  gboolean box = self->drag == MF_PLOT_DRAG_BOX;
  double t = 0;
  gboolean cursor = !box && mf_plot_view_get_cursor_time (self, &t);
  cairo_t *cr;

  if (!box && !cursor)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (box)
    box_draw (self, cr);
  else
    readout_draw (self, cr, t);
  cairo_destroy (cr);
}
