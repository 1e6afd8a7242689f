/* mf-plot-draw.c: mf_plot_draw() — ranges from the data, the layout of
 * margins around the data area and the strip under it (and a legend right
 * of them or above when it would hide curves inside: mf-plot-legend.c), grid, axes
 * and titles around the curves (mf-plot-curve.c); the y axes of further
 * units are mf-plot-unit-axes.c's.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-private.h"

#include <math.h>

#define PAD 8.0
#define TICK_LENGTH 5.0
#define GAP 4.0
/* The strip takes this share of the height under the title, within these
 * bounds, and keeps at least as much for the data area above it. */
#define STRIP_SHARE 0.22
#define STRIP_MIN 40.0
#define STRIP_MAX 90.0
#define STRIP_GAP 8.0

typedef struct
{
  double tick_label_height;
  double title_height;
  double band_row_height;
  double y_label_width;
  double last_x_label_width;
  double unit_axes_width; /* the y axes of further units, right of the data area */
} MfPlotMetrics;

static void
x_data_range (const MfPlot *plot, double *lo, double *hi)
{
  *lo = INFINITY;
  *hi = -INFINITY;
  for (guint i = 0; i < plot->series->len; i++)
    {
      const MfPlotSeries *s = g_ptr_array_index (plot->series, i);

      if (!s->visible || s->x->len == 0)
        continue;
      if (s->xy)
        {
          mf_plot_xy_x_range (s, plot->axes[MF_PLOT_AXIS_X].scale == MF_PLOT_SCALE_LOG, lo, hi);
          continue;
        }
      *lo = MIN (*lo, g_array_index (s->x, double, 0));
      *hi = MAX (*hi, g_array_index (s->x, double, s->x->len - 1));
    }
  for (guint i = 0; i < plot->bands->len && !isfinite (*lo); i++)
    {
      const MfPlotBand *band = &g_array_index (plot->bands, MfPlotBand, i);

      *lo = MIN (*lo, band->x0);
      *hi = MAX (*hi, band->x1);
    }
  if (!isfinite (*lo))
    *lo = *hi = NAN;
}

/* Fits x to the data, and each y axis to the data within that x range. */
static void
fit_axes (MfPlot *plot)
{
  double lo, hi;

  x_data_range (plot, &lo, &hi);
  mf_plot_axis_fit (&plot->axes[MF_PLOT_AXIS_X], lo, hi);
  mf_plot_unit_axes_assign (plot);
  mf_plot_unit_axes_fit (plot);
  mf_plot_unit_axes_fit_one (plot, &plot->axes[MF_PLOT_AXIS_STRIP], TRUE, 0);
}

static void
measure (MfPlot *plot, PangoLayout *small, PangoLayout *normal, MfPlotMetrics *m)
{
  const MfPlotTicks *x_ticks = &plot->axes[MF_PLOT_AXIS_X].ticks;
  char label[64];

  *m = (MfPlotMetrics) { 0 };
  mf_plot_layout_measure (small, "0123456789", NULL, &m->tick_label_height);
  mf_plot_layout_measure (normal, "Time [s]", NULL, &m->title_height);
  m->band_row_height = plot->bands->len > 0 ? m->tick_label_height + GAP : 0;
  m->y_label_width = mf_plot_unit_axes_widest_label (&plot->axes[MF_PLOT_AXIS_Y].ticks, small);
  if (mf_plot_has_strip (plot))
    m->y_label_width = MAX (m->y_label_width,
                            mf_plot_unit_axes_widest_label (&plot->axes[MF_PLOT_AXIS_STRIP].ticks, small));
  m->unit_axes_width = mf_plot_unit_axes_measure (plot, small, normal);
  if (x_ticks->n_major > 0)
    {
      mf_plot_ticks_label (x_ticks, x_ticks->major[x_ticks->n_major - 1], label, sizeof label);
      mf_plot_layout_measure (small, label, &m->last_x_label_width, NULL);
    }
}

/* Lays out the data area and the strip, with room for a legend `side` of
 * it `legend` wide (right) or high (above). */
static void
place_axes (MfPlot           *plot,
            const MfPlotMetrics *m,
            double            width,
            double            height,
            MfPlotLegendSide  side,
            double            legend)
{
  double left = PAD + m->title_height + GAP + m->y_label_width + GAP + TICK_LENGTH;
  double bottom = TICK_LENGTH + GAP + m->tick_label_height + GAP + m->title_height + PAD;
  double top = PAD + (plot->title != NULL ? m->title_height + GAP : 0) + m->band_row_height
               + (side == MF_PLOT_LEGEND_ABOVE ? legend + 2 * GAP : 0);
  double right = MAX (plot->min_right, PAD + m->last_x_label_width / 2) + m->unit_axes_width
                 + (side == MF_PLOT_LEGEND_RIGHT ? legend + 2 * GAP : 0);
  MfPlotRect *area = &plot->data_area;

  MfPlotRect *strip = &plot->strip_area;

  left = MAX (left, plot->min_left);
  area->x = left;
  area->y = top;
  area->width = MAX (1.0, width - left - right);
  area->height = MAX (1.0, height - top - bottom);
  *strip = (MfPlotRect) { area->x, area->y + area->height, area->width, 0 };
  if (mf_plot_has_strip (plot))
    {
      double h = CLAMP (STRIP_SHARE * area->height, STRIP_MIN, STRIP_MAX);

      /* a plot too low for both keeps its data area and no strip */
      if (area->height - h - STRIP_GAP >= h)
        {
          area->height -= h + STRIP_GAP;
          strip->y = area->y + area->height + STRIP_GAP;
          strip->height = h;
        }
    }
  mf_plot_axis_place (&plot->axes[MF_PLOT_AXIS_X], area->x, area->x + area->width);
  mf_plot_axis_place (&plot->axes[MF_PLOT_AXIS_Y], area->y + area->height, area->y);
  mf_plot_axis_place (&plot->axes[MF_PLOT_AXIS_STRIP], strip->y + strip->height, strip->y);
  mf_plot_unit_axes_place (plot);
}

/* Where the x axis is drawn: under the strip when there is one. */
static double
x_axis_y (const MfPlot *plot)
{
  const MfPlotRect *a = &plot->data_area, *s = &plot->strip_area;

  return s->height > 0 ? s->y + s->height : a->y + a->height;
}

static void
grid_draw (MfPlot *plot, cairo_t *cr)
{
  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  for (int axis = MF_PLOT_AXIS_X; axis < MF_PLOT_N_AXES; axis++)
    {
      const MfPlotAxis *ax = &plot->axes[axis];
      const MfPlotRect *a = axis == MF_PLOT_AXIS_STRIP ? &plot->strip_area : &plot->data_area;

      if (a->height <= 0)
        continue;
      for (int minor = 1; minor >= 0; minor--)
        {
          guint n = minor ? ax->ticks.n_minor : ax->ticks.n_major;
          const double *values = minor ? ax->ticks.minor : ax->ticks.major;

          mf_plot_set_source_color (cr, minor ? &plot->style.grid_minor
                                              : &plot->style.grid_major, 1);
          for (guint i = 0; i < n; i++)
            {
              /* on a pixel's centre, so that a 1-unit line stays sharp */
              double p = floor (mf_plot_axis_to_pixel (ax, values[i])) + 0.5;

              if (axis == MF_PLOT_AXIS_X)
                {
                  cairo_move_to (cr, p, a->y);
                  cairo_line_to (cr, p, a->y + a->height);
                  if (plot->strip_area.height > 0)
                    {
                      cairo_move_to (cr, p, plot->strip_area.y);
                      cairo_line_to (cr, p, plot->strip_area.y + plot->strip_area.height);
                    }
                }
              else
                {
                  cairo_move_to (cr, a->x, p);
                  cairo_line_to (cr, a->x + a->width, p);
                }
            }
          cairo_stroke (cr);
        }
    }
  cairo_restore (cr);
}

/* Every k-th label, so that neighbours keep a gap between them. */
static guint
x_label_stride (const MfPlotAxis *axis, PangoLayout *small)
{
  double widest = 0, spacing;
  char label[64];

  if (axis->ticks.n_major < 2)
    return 1;
  for (guint i = 0; i < axis->ticks.n_major; i++)
    {
      double w;

      mf_plot_ticks_label (&axis->ticks, axis->ticks.major[i], label, sizeof label);
      mf_plot_layout_measure (small, label, &w, NULL);
      widest = MAX (widest, w);
    }
  spacing = fabs (mf_plot_axis_to_pixel (axis, axis->ticks.major[1])
                  - mf_plot_axis_to_pixel (axis, axis->ticks.major[0]));
  return spacing > 0 ? (guint) MAX (1.0, ceil ((widest + 2 * GAP) / spacing)) : 1;
}

/* Every k-th label of a y axis, so that neighbours do not touch. */
static guint
y_label_stride (const MfPlotAxis *axis, double label_height)
{
  double spacing;

  if (axis->ticks.n_major < 2)
    return 1;
  spacing = fabs (mf_plot_axis_to_pixel (axis, axis->ticks.major[1])
                  - mf_plot_axis_to_pixel (axis, axis->ticks.major[0]));
  return spacing > 0 ? (guint) MAX (1.0, ceil ((label_height + GAP / 2) / spacing)) : 1;
}

/* The ticks and labels of a y axis along the left of `a`. */
static void
y_ticks_draw (MfPlot *plot, cairo_t *cr, PangoLayout *small, const MfPlotAxis *ya,
              const MfPlotRect *a)
{
  char label[64];
  double w, h;
  guint stride;

  mf_plot_layout_measure (small, "0123456789", NULL, &h);
  stride = y_label_stride (ya, h);
  for (guint i = 0; i < ya->ticks.n_major; i++)
    {
      double p = floor (mf_plot_axis_to_pixel (ya, ya->ticks.major[i])) + 0.5;

      mf_plot_set_source_color (cr, &plot->style.frame, 1);
      cairo_move_to (cr, a->x, p);
      cairo_rel_line_to (cr, -TICK_LENGTH, 0);
      cairo_stroke (cr);
      if (i % stride != 0)
        continue;
      mf_plot_set_source_color (cr, &plot->style.foreground, 1);
      mf_plot_ticks_label (&ya->ticks, ya->ticks.major[i], label, sizeof label);
      mf_plot_layout_measure (small, label, &w, &h);
      cairo_move_to (cr, a->x - TICK_LENGTH - GAP - w, p - h / 2);
      pango_cairo_show_layout (cr, small);
    }
}

static void
ticks_draw (MfPlot *plot, cairo_t *cr, PangoLayout *small)
{
  const MfPlotRect *a = &plot->data_area;
  const MfPlotAxis *xa = &plot->axes[MF_PLOT_AXIS_X];
  const MfPlotAxis *ya = &plot->axes[MF_PLOT_AXIS_Y];
  guint stride = x_label_stride (xa, small);
  double bottom = x_axis_y (plot);
  char label[64];
  double w;

  mf_plot_set_source_color (cr, &plot->style.frame, 1);
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < xa->ticks.n_major; i++)
    {
      double p = floor (mf_plot_axis_to_pixel (xa, xa->ticks.major[i])) + 0.5;

      cairo_move_to (cr, p, bottom);
      cairo_rel_line_to (cr, 0, TICK_LENGTH);
      cairo_stroke (cr);
      if (i % stride != 0)
        continue;
      mf_plot_set_source_color (cr, &plot->style.foreground, 1);
      mf_plot_ticks_label (&xa->ticks, xa->ticks.major[i], label, sizeof label);
      mf_plot_layout_measure (small, label, &w, NULL);
      cairo_move_to (cr, p - w / 2, bottom + TICK_LENGTH + GAP);
      pango_cairo_show_layout (cr, small);
      mf_plot_set_source_color (cr, &plot->style.frame, 1);
    }
  y_ticks_draw (plot, cr, small, ya, a);
  if (plot->strip_area.height > 0)
    y_ticks_draw (plot, cr, small, &plot->axes[MF_PLOT_AXIS_STRIP], &plot->strip_area);
}

/* A y axis's title written upwards at x, centred on `a` (left out when
 * longer than `a` is high). */
void
mf_plot_y_title_draw (cairo_t *cr, PangoLayout *normal, const char *title, double x, const MfPlotRect *a,
              gboolean may_overflow)
{
  double w, h;

  mf_plot_layout_measure (normal, title, &w, &h);
  if (!may_overflow && w > a->height)
    return;
  cairo_save (cr);
  cairo_translate (cr, x, a->y + (a->height + w) / 2);
  cairo_rotate (cr, -G_PI / 2);
  cairo_move_to (cr, 0, 0);
  pango_cairo_update_layout (cr, normal);
  pango_cairo_show_layout (cr, normal);
  cairo_restore (cr);
  pango_cairo_update_layout (cr, normal);
}

static void
titles_draw (MfPlot *plot, cairo_t *cr, const MfPlotMetrics *m, PangoLayout *normal,
             PangoLayout *bold, double width, double height)
{
  /* next to the tick labels, also when a minimum margin widened the left */
  double y_title_x = MAX (PAD, plot->data_area.x - TICK_LENGTH - 2 * GAP - m->y_label_width
                                 - m->title_height);
  const MfPlotRect *a = &plot->data_area;
  g_autofree char *x_title = mf_plot_axis_title_text (&plot->axes[MF_PLOT_AXIS_X]);
  g_autofree char *y_title = NULL;
  double w, h;

  /* an axis given no unit says that of its series ("[mm/s]") */
  {
    MfPlotAxis main = plot->axes[MF_PLOT_AXIS_Y];

    if (main.unit == NULL || main.unit[0] == '\0')
      main.unit = (char *) mf_plot_unit_axes_main_unit (plot);
    y_title = mf_plot_axis_title_text (&main);
  }

  mf_plot_set_source_color (cr, &plot->style.foreground, 1);
  mf_plot_layout_measure (normal, x_title, &w, &h);
  cairo_move_to (cr, a->x + (a->width - w) / 2, height - PAD - h);
  pango_cairo_show_layout (cr, normal);
  mf_plot_y_title_draw (cr, normal, y_title, y_title_x, a, TRUE);
  if (plot->strip_area.height > 0)
    {
      g_autofree char *strip_title = mf_plot_axis_title_text (&plot->axes[MF_PLOT_AXIS_STRIP]);

      mf_plot_y_title_draw (cr, normal, strip_title, y_title_x, &plot->strip_area, FALSE);
    }
  if (plot->title != NULL)
    {
      mf_plot_layout_measure (bold, plot->title, &w, NULL);
      cairo_move_to (cr, MAX (PAD, (width - w) / 2), PAD);
      pango_cairo_show_layout (cr, bold);
    }
}

/* The visible series' points as the data area's width draws them. */
static void
decimate (MfPlot *plot)
{
  for (guint i = 0; i < plot->series->len; i++)
    {
      MfPlotSeries *s = g_ptr_array_index (plot->series, i);

      if (s->visible)
        mf_plot_series_decimate (plot, s);
    }
}

void
mf_plot_draw (MfPlot *plot, cairo_t *cr, double width, double height)
{
  g_autoptr (PangoLayout) small = NULL;
  g_autoptr (PangoLayout) normal = NULL;
  g_autoptr (PangoLayout) bold = NULL;
  const MfPlotRect *a = &plot->data_area;
  MfPlotRect outside = { 0 };
  MfPlotLegendSide side;
  double legend;
  MfPlotMetrics m;

  g_return_if_fail (plot != NULL && cr != NULL);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  mf_plot_set_source_color (cr, &plot->style.background, 1);
  cairo_paint (cr);
  small = mf_plot_layout_new (cr, plot->text_scale * MF_PLOT_SMALL_FONT_SIZE, FALSE);
  normal = mf_plot_layout_new (cr, plot->text_scale * MF_PLOT_FONT_SIZE, FALSE);
  bold = mf_plot_layout_new (cr, plot->text_scale * MF_PLOT_FONT_SIZE, TRUE);
  fit_axes (plot);
  measure (plot, small, normal, &m);
  place_axes (plot, &m, width, height, MF_PLOT_LEGEND_INSIDE, 0);
  decimate (plot);
  /* a legend that would hide curves anywhere inside goes outside */
  side = mf_plot_legend_choose_side (plot, cr, width, height, &legend);
  if (side == MF_PLOT_LEGEND_RIGHT || side == MF_PLOT_LEGEND_ABOVE)
    {
      place_axes (plot, &m, width, height, side, legend);
      decimate (plot);
      if (side == MF_PLOT_LEGEND_RIGHT)
        outside = (MfPlotRect) { width - PAD - legend, a->y, legend,
                                 plot->strip_area.y + plot->strip_area.height - a->y };
      else
        outside = (MfPlotRect) { a->x, a->y - m.band_row_height - 2 * GAP - legend,
                                 width - PAD - a->x, legend };
    }
  mf_plot_bands_draw (plot, cr);
  if (plot->grid)
    grid_draw (plot, cr);
  mf_plot_spans_draw (plot, cr);
  mf_plot_curves_draw (plot, cr);
  mf_plot_markers_draw (plot, cr);
  mf_plot_set_source_color (cr, &plot->style.frame, 1);
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, floor (a->x) + 0.5, floor (a->y) + 0.5, floor (a->width),
                   floor (a->height));
  if (plot->strip_area.height > 0)
    cairo_rectangle (cr, floor (a->x) + 0.5, floor (plot->strip_area.y) + 0.5, floor (a->width),
                     floor (plot->strip_area.height));
  cairo_stroke (cr);
  ticks_draw (plot, cr, small);
  mf_plot_unit_axes_draw (plot, cr, small, normal);
  titles_draw (plot, cr, &m, normal, bold, width, height);
  mf_plot_legend_draw (plot, cr, side, &outside);
  cairo_restore (cr);
}
