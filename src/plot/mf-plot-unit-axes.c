/* mf-plot-unit-axes.c: one y axis per unit within a plot.  The visible
 * series outside the strip are grouped by their unit: the group of the
 * main y axis's own unit (or, when the axis has none or no series shows
 * it, the first series' unit) is drawn on the main y axis, left of the
 * data area; every other unit gets an axis of its own, right of the data
 * area, the second unit next to it and any further one outside that.  So
 * a flow in L/min never lies flat on a speed's mm/s scale.
 *
 * Each axis fits the series of its group; a series that does not fit its
 * axis's range (mf_plot_series_set_fits_range(), a run that blew up) is
 * left out of the fit while another series of the group has values, and
 * is drawn clipped, its legend entry saying so.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-private.h"

#include <math.h>
#include <string.h>

#define TICK_LENGTH 5.0
#define GAP 4.0
#define PAD 8.0

void
mf_plot_unit_axis_clear (gpointer data)
{
  MfPlotUnitAxis *u = data;

  mf_plot_axis_clear (&u->axis);
}

static gboolean
same_unit (const char *a, const char *b)
{
  return g_strcmp0 (a != NULL && a[0] != '\0' ? a : NULL, b != NULL && b[0] != '\0' ? b : NULL)
         == 0;
}

static gboolean
groups_series (const MfPlotSeries *s)
{
  return s->visible && !s->in_strip;
}

/* The unit of the main axis: its own when a series shows it, else the
 * first grouped series'. */
static const char *
main_unit (const MfPlot *plot)
{
  const char *own = plot->axes[MF_PLOT_AXIS_Y].unit;
  const char *first = NULL;
  gboolean any = FALSE;

  for (guint i = 0; i < plot->series->len; i++)
    {
      const MfPlotSeries *s = g_ptr_array_index (plot->series, i);

      if (!groups_series (s))
        continue;
      /* a series without a unit is one of the axis's own */
      if (s->unit == NULL || s->unit[0] == '\0' || same_unit (s->unit, own))
        return own;
      if (!any)
        first = s->unit;
      any = TRUE;
    }
  return any ? first : own;
}

void
mf_plot_unit_axes_assign (MfPlot *plot)
{
  const MfPlotAxis *main_axis = &plot->axes[MF_PLOT_AXIS_Y];
  const char *main = main_unit (plot);
  guint n = 0;

  g_free (plot->main_unit);
  plot->main_unit = g_strdup (main);
  for (guint i = 0; i < plot->series->len; i++)
    {
      MfPlotSeries *s = g_ptr_array_index (plot->series, i);
      guint k;

      s->y_slot = 0;
      if (!groups_series (s) || s->unit == NULL || s->unit[0] == '\0'
          || same_unit (s->unit, main))
        continue;
      for (k = 0; k < n; k++)
        if (same_unit (g_array_index (plot->unit_axes, MfPlotUnitAxis, k).unit, s->unit))
          break;
      if (k == n)
        {
          MfPlotUnitAxis *u;

          if (n == plot->unit_axes->len)
            {
              g_array_set_size (plot->unit_axes, n + 1);
              mf_plot_axis_init (&g_array_index (plot->unit_axes, MfPlotUnitAxis, n).axis);
            }
          u = &g_array_index (plot->unit_axes, MfPlotUnitAxis, n);
          g_free (u->axis.unit);
          u->axis.unit = g_strdup (s->unit);
          u->unit = u->axis.unit;
          u->axis.scale = main_axis->scale;
          n++;
        }
      s->y_slot = k + 1;
    }
  g_array_set_size (plot->unit_axes, n);
}

guint
mf_plot_unit_axes_count (const MfPlot *plot)
{
  return plot->unit_axes->len;
}

MfPlotAxis *
mf_plot_unit_axes_get (MfPlot *plot, guint slot)
{
  return slot == 0 ? &plot->axes[MF_PLOT_AXIS_Y]
                   : &g_array_index (plot->unit_axes, MfPlotUnitAxis, slot - 1).axis;
}

/* The extent of a series within the x range, or FALSE. */
static gboolean
series_extent (const MfPlot *plot, const MfPlotSeries *s, const MfPlotAxis *y_axis, double *min,
               double *max)
{
  const MfPlotAxis *x_axis = &plot->axes[MF_PLOT_AXIS_X];

  if (s->xy)
    return mf_plot_xy_extent (plot, s, y_axis, min, max);
  return mf_plot_decimate_extent ((const double *) s->x->data, (const double *) s->y->data,
                                  s->x->len, &s->summary, x_axis->ticks.lo, x_axis->ticks.hi,
                                  y_axis->scale == MF_PLOT_SCALE_LOG, min, max);
}

/* The extent of the visible series of the strip, or of `slot`, within the
 * x range: of those that fit the range when there are any, else of all;
 * NAN, NAN when none has a point there. */
static void
data_extent (MfPlot *plot, const MfPlotAxis *y_axis, gboolean in_strip, guint slot, double *data_lo,
             double *data_hi)
{
  double lo[2] = { INFINITY, INFINITY }, hi[2] = { -INFINITY, -INFINITY };
  int pass;

  /* [1]: every series of the axis; [0]: those that fit the range */
  for (guint i = 0; i < plot->series->len; i++)
    {
      const MfPlotSeries *s = g_ptr_array_index (plot->series, i);
      double min, max;

      if (!s->visible || s->in_strip != in_strip || (!in_strip && s->y_slot != slot)
          || !series_extent (plot, s, y_axis, &min, &max))
        continue;
      for (pass = s->fits_range ? 0 : 1; pass < 2; pass++)
        {
          lo[pass] = MIN (lo[pass], min);
          hi[pass] = MAX (hi[pass], max);
        }
    }
  pass = isfinite (lo[0]) ? 0 : 1;
  *data_lo = isfinite (lo[pass]) ? lo[pass] : NAN;
  *data_hi = isfinite (lo[pass]) ? hi[pass] : NAN;
}

static void
fit_to (MfPlot *plot, MfPlotAxis *y_axis, gboolean in_strip, guint slot, double lo, double hi)
{
  mf_plot_axis_fit (y_axis, lo, hi);
  /* which series now run off the axis */
  for (guint i = 0; i < plot->series->len; i++)
    {
      MfPlotSeries *s = g_ptr_array_index (plot->series, i);
      double min, max;

      if (!s->visible || s->in_strip != in_strip || (!in_strip && s->y_slot != slot))
        continue;
      s->off_scale = !s->fits_range && series_extent (plot, s, y_axis, &min, &max)
                     && (min < y_axis->ticks.lo || max > y_axis->ticks.hi);
    }
}

void
mf_plot_unit_axes_fit_one (MfPlot *plot, MfPlotAxis *y_axis, gboolean in_strip, guint slot)
{
  double lo, hi;

  data_extent (plot, y_axis, in_strip, slot, &lo, &hi);
  fit_to (plot, y_axis, in_strip, slot, lo, hi);
}

/* A value on an axis of `scale` as the zoom measures it: linearly, or in
 * decades. */
static double
zoom_coordinate (MfPlotScale scale, double v)
{
  return scale == MF_PLOT_SCALE_LOG ? (v > 0 ? log10 (v) : NAN) : v;
}

static double
zoom_value (MfPlotScale scale, double c)
{
  return scale == MF_PLOT_SCALE_LOG ? pow (10, c) : c;
}

/* The main axis is fitted first; when it is zoomed (a fixed range and
 * y_axes_follow) every further axis is fixed to the same fractions of its
 * own extent: f = (shown − lo) / (hi − lo) of the main unit's extent, then
 * lo' + f (hi' − lo') on the other unit's. */
void
mf_plot_unit_axes_fit (MfPlot *plot)
{
  MfPlotAxis *main_axis = &plot->axes[MF_PLOT_AXIS_Y];
  MfPlotScale scale = main_axis->scale;
  double lo, hi, f0 = NAN, f1 = NAN;

  data_extent (plot, main_axis, FALSE, 0, &lo, &hi);
  fit_to (plot, main_axis, FALSE, 0, lo, hi);
  if (plot->y_axes_follow && isfinite (main_axis->min) && isfinite (main_axis->max))
    {
      double c_lo = zoom_coordinate (scale, lo), c_hi = zoom_coordinate (scale, hi);

      if (c_hi > c_lo)
        {
          f0 = (zoom_coordinate (scale, main_axis->min) - c_lo) / (c_hi - c_lo);
          f1 = (zoom_coordinate (scale, main_axis->max) - c_lo) / (c_hi - c_lo);
        }
    }
  for (guint slot = 1; slot <= plot->unit_axes->len; slot++)
    {
      MfPlotAxis *axis = mf_plot_unit_axes_get (plot, slot);
      double c_lo, c_hi;

      data_extent (plot, axis, FALSE, slot, &lo, &hi);
      axis->min = axis->max = NAN;
      c_lo = zoom_coordinate (axis->scale, lo);
      c_hi = zoom_coordinate (axis->scale, hi);
      if (isfinite (f0) && isfinite (f1) && c_hi > c_lo)
        {
          axis->min = zoom_value (axis->scale, c_lo + f0 * (c_hi - c_lo));
          axis->max = zoom_value (axis->scale, c_lo + f1 * (c_hi - c_lo));
        }
      fit_to (plot, axis, FALSE, slot, lo, hi);
    }
}

/* The widest label of an axis's major ticks. */
double
mf_plot_unit_axes_widest_label (const MfPlotTicks *ticks, PangoLayout *small)
{
  char label[64];
  double widest = 0, w;

  for (guint i = 0; i < ticks->n_major; i++)
    {
      mf_plot_ticks_label (ticks, ticks->major[i], label, sizeof label);
      mf_plot_layout_measure (small, label, &w, NULL);
      widest = MAX (widest, w);
    }
  return widest;
}

double
mf_plot_unit_axes_measure (MfPlot *plot, PangoLayout *small, PangoLayout *normal)
{
  double title_height, total = 0;

  mf_plot_layout_measure (normal, "[mm/s]", NULL, &title_height);
  for (guint k = 0; k < plot->unit_axes->len; k++)
    {
      MfPlotUnitAxis *u = &g_array_index (plot->unit_axes, MfPlotUnitAxis, k);

      u->width = TICK_LENGTH + GAP + mf_plot_unit_axes_widest_label (&u->axis.ticks, small) + GAP
                 + title_height + GAP;
      total += u->width;
    }
  return total > 0 ? total + PAD : 0;
}

void
mf_plot_unit_axes_place (MfPlot *plot)
{
  const MfPlotRect *a = &plot->data_area;
  double x = a->x + a->width;

  for (guint k = 0; k < plot->unit_axes->len; k++)
    {
      MfPlotUnitAxis *u = &g_array_index (plot->unit_axes, MfPlotUnitAxis, k);

      u->x = x;
      x += u->width;
      mf_plot_axis_place (&u->axis, a->y + a->height, a->y);
    }
}

void
mf_plot_unit_axes_draw (MfPlot *plot, cairo_t *cr, PangoLayout *small, PangoLayout *normal)
{
  const MfPlotRect *a = &plot->data_area;
  char label[64];
  double w, h;

  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  for (guint k = 0; k < plot->unit_axes->len; k++)
    {
      const MfPlotUnitAxis *u = &g_array_index (plot->unit_axes, MfPlotUnitAxis, k);
      double x = floor (u->x) + 0.5;
      g_autofree char *title = mf_plot_axis_title_text (&u->axis);

      mf_plot_set_source_color (cr, &plot->style.frame, 1);
      cairo_move_to (cr, x, a->y);
      cairo_line_to (cr, x, a->y + a->height);
      cairo_stroke (cr);
      for (guint i = 0; i < u->axis.ticks.n_major; i++)
        {
          double p = floor (mf_plot_axis_to_pixel (&u->axis, u->axis.ticks.major[i])) + 0.5;

          mf_plot_set_source_color (cr, &plot->style.frame, 1);
          cairo_move_to (cr, x, p);
          cairo_rel_line_to (cr, TICK_LENGTH, 0);
          cairo_stroke (cr);
          mf_plot_set_source_color (cr, &plot->style.foreground, 1);
          mf_plot_ticks_label (&u->axis.ticks, u->axis.ticks.major[i], label, sizeof label);
          mf_plot_layout_measure (small, label, &w, &h);
          /* a label that would stand over the data area's edge is left out */
          if (p - h / 2 < a->y - h / 2 || p + h / 2 > a->y + a->height + h / 2)
            continue;
          cairo_move_to (cr, x + TICK_LENGTH + GAP, p - h / 2);
          pango_cairo_show_layout (cr, small);
        }
      /* the unit, written upwards along the axis's outer side */
      mf_plot_set_source_color (cr, &plot->style.foreground, 1);
      mf_plot_layout_measure (normal, title, NULL, &h);
      mf_plot_y_title_draw (cr, normal, title, u->x + u->width - GAP - h, a, TRUE);
    }
  cairo_restore (cr);
}

const char *
mf_plot_unit_axes_main_unit (const MfPlot *plot)
{
  return plot->main_unit;
}
