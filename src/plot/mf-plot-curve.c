/* mf-plot-curve.c: how a series becomes ink.  Each series is decimated to
 * the pixel columns of the data area.  A series of at most two samples per
 * column is stroked as its true polyline (through the extremes of the odd
 * column that holds more); in a denser one every column becomes a bar
 * from its smallest to its largest value, meeting its neighbours' bars
 * halfway, so that the curve stays one piece and a lone peak keeps its
 * height, and a stretch of such bars is filled as one band through the
 * columns' centres, which antialiases like a line.  (Stroking the zigzag
 * through every column's extremes instead costs cairo tens of
 * milliseconds for a dense curve: it folds back on itself at every
 * column.)
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-private.h"

#include <math.h>

/* cairo's image surfaces hold coordinates in 24.8 fixed point */
#define PIXEL_LIMIT 1e6

static double
to_device (const MfPlotAxis *axis, double value)
{
  return CLAMP (mf_plot_axis_to_pixel (axis, value), -PIXEL_LIMIT, PIXEL_LIMIT);
}

void
mf_plot_series_decimate (const MfPlot *plot, MfPlotSeries *series)
{
  const MfPlotAxis *xa = &plot->axes[MF_PLOT_AXIS_X];
  MfPlotDecimation *d = &series->decimation;
  guint n_columns = (guint) MAX (1.0, ceil (plot->data_area.width));

  if (series->xy)
    return;
  d->columns = mf_plot_series_columns (series, n_columns);
  d->n_columns = n_columns;
  d->x0 = xa->ticks.lo;
  d->x1 = xa->ticks.hi;
  mf_plot_decimate_with_summary (d, (const double *) series->x->data,
                                 (const double *) series->y->data, series->x->len,
                                 &series->summary,
                                 mf_plot_series_y_axis (plot, series)->scale == MF_PLOT_SCALE_LOG);
}

/* Above two samples per pixel column a polyline would fold back over
 * itself in most columns, so every column becomes a bar.  The choice is
 * made for the whole series: deciding column by column makes a curve of
 * about that density alternate between the two, which breaks its dashes. */
#define DENSE_SAMPLES_PER_COLUMN 2

static gboolean
is_dense (const MfPlotDecimation *d)
{
  return d->n_samples > DENSE_SAMPLES_PER_COLUMN * (gsize) d->n_columns;
}

typedef struct
{
  const MfPlotAxis *xa, *ya;
  MfPlotTraceFunc   line;
  MfPlotBarFunc     bar;
  gpointer          user_data;
  gboolean          pen; /* the polyline's current point is at the previous end */
} Tracer;

static void
segment_to (Tracer *t, double from_x, double from_y, double to_x, double to_y)
{
  if (t->line == NULL)
    return;
  if (!t->pen)
    t->line (TRUE, from_x, from_y, t->user_data);
  t->line (FALSE, to_x, to_y, t->user_data);
  t->pen = TRUE;
}

static void
column_bar (Tracer *t, const MfPlotDecimation *d, guint i, double join_before, double join_after)
{
  const MfPlotColumn *c = &d->columns[i];
  double width = (d->x1 - d->x0) / d->n_columns;
  double a = to_device (t->ya, c->min_y), b = to_device (t->ya, c->max_y);
  double y0 = MIN (a, b), y1 = MAX (a, b);

  if (t->bar == NULL)
    return;
  /* fmin and fmax pass over a NAN: no join on that side */
  y0 = fmin (y0, fmin (join_before, join_after));
  y1 = fmax (y1, fmax (join_before, join_after));
  t->bar (to_device (t->xa, d->x0 + i * width), to_device (t->xa, d->x0 + (i + 1) * width), y0,
          y1, !isnan (join_before), t->user_data);
}

/* A sparse column: its first sample is on the line already; a few more
 * go through their extremes, as the bars of a dense series do. */
static void
sparse_column (Tracer *t, const MfPlotColumn *c, double fx, double fy, double lx, double ly)
{
  if (c->count < 2 || t->line == NULL)
    return;
  if (!t->pen)
    t->line (TRUE, fx, fy, t->user_data);
  if (c->count > 2)
    {
      double middle = (fx + lx) / 2;

      t->line (FALSE, middle, to_device (t->ya, c->min_y), t->user_data);
      t->line (FALSE, middle, to_device (t->ya, c->max_y), t->user_data);
    }
  t->line (FALSE, lx, ly, t->user_data);
  t->pen = TRUE;
}

void
mf_plot_series_trace (const MfPlot       *plot,
                      const MfPlotSeries *series,
                      MfPlotTraceFunc     line,
                      MfPlotBarFunc       bar,
                      gpointer            user_data)
{
  Tracer t = { &plot->axes[MF_PLOT_AXIS_X], mf_plot_series_y_axis (plot, series), line, bar,
               user_data, FALSE };
  const MfPlotDecimation *d = &series->decimation;
  gboolean have_prev = d->has_before, dense = is_dense (d);

  if (series->xy)
    {
      mf_plot_xy_trace (plot, series, line, user_data);
      return;
    }
  double prev_x = 0, prev_y = 0;
  gint64 prev_column = -2;

  if (have_prev)
    {
      prev_x = to_device (t.xa, d->before_x);
      prev_y = to_device (t.ya, d->before_y);
    }
  for (guint i = 0; i < d->n_columns; i++)
    {
      const MfPlotColumn *c = &d->columns[i];
      const MfPlotColumn *next = i + 1 < d->n_columns ? c + 1 : NULL;
      double fx, fy, lx, ly, join_before = NAN, join_after = NAN;
      gboolean joined, bar_joined;

      if (c->count == 0)
        continue;
      fx = to_device (t.xa, c->first_x);
      fy = to_device (t.ya, c->first_y);
      lx = to_device (t.xa, c->last_x);
      ly = to_device (t.ya, c->last_y);
      joined = have_prev && !c->break_before;
      /* bars of neighbouring columns meet halfway; the line joins the rest */
      bar_joined = joined && dense && prev_column == (gint64) i - 1;
      if (joined && !bar_joined)
        segment_to (&t, prev_x, prev_y, fx, fy);
      else
        t.pen = FALSE;
      if (dense)
        {
          if (bar_joined)
            join_before = (prev_y + fy) / 2;
          if (next != NULL && next->count > 0 && !next->break_before)
            join_after = (ly + to_device (t.ya, next->first_y)) / 2;
          column_bar (&t, d, i, join_before, join_after);
          /* the line leaves the column from its last sample, not from the
           * first where the pen is */
          t.pen = FALSE;
        }
      else
        sparse_column (&t, c, fx, fy, lx, ly);
      have_prev = TRUE;
      prev_column = i;
      prev_x = lx;
      prev_y = ly;
    }
  if (d->has_after && have_prev && !d->break_after)
    segment_to (&t, prev_x, prev_y, to_device (t.xa, d->after_x), to_device (t.ya, d->after_y));
}

/* A stretch of joined bars, filled as one band.  Its edges go through the
 * columns' centres, which antialiases like a line; where an edge peaks
 * (a spike, the crest of a wave) it stays flat for a line's width, as the
 * stroke would, so that a one-sample spike keeps the line's weight. */
typedef struct
{
  double x0, x1, top, bottom;
} Bar;

G_STATIC_ASSERT (sizeof (Bar) == 4 * sizeof (double)); /* the scratch's elements */

/* One series on its way to cairo: its line goes into cairo's path, its
 * bars are collected to be filled after the line is stroked, band after
 * band, each ended by a bar with a NAN x0. */
typedef struct
{
  cairo_t *cr;
  GArray  *bars;   /* Bar: the plot's scratch */
  MfPlotDash dash;
  double   origin; /* where the dash pattern of bands starts */
  double   width;  /* of the line a band stands for */
} Bands;

static void
bands_add_line (gboolean move, double x, double y, gpointer data)
{
  Bands *bands = data;

  if (move)
    cairo_move_to (bands->cr, x, y);
  else
    cairo_line_to (bands->cr, x, y);
}

static void
band_edge_point (cairo_t *cr, const Bar *bar, double y, gboolean peak, double width)
{
  double centre = (bar->x0 + bar->x1) / 2;
  double half = MIN (width / 2, 0.45 * fabs (bar->x1 - bar->x0) + 0.3);

  if (peak)
    {
      cairo_line_to (cr, centre - half, y);
      cairo_line_to (cr, centre + half, y);
    }
  else
    cairo_line_to (cr, centre, y);
}

static void
band_add_to_path (cairo_t *cr, const Bar *b, guint n, double width)
{
  /* device y grows downwards: the top edge peaks at its smallest values */
  cairo_move_to (cr, b[0].x0, b[0].top);
  for (guint i = 0; i < n; i++)
    band_edge_point (cr, &b[i], b[i].top,
                     (i == 0 || b[i].top < b[i - 1].top)
                       && (i + 1 == n || b[i].top <= b[i + 1].top), width);
  cairo_line_to (cr, b[n - 1].x1, b[n - 1].top);
  cairo_line_to (cr, b[n - 1].x1, b[n - 1].bottom);
  for (guint i = n; i-- > 0;)
    band_edge_point (cr, &b[i], b[i].bottom,
                     (i + 1 == n || b[i].bottom > b[i + 1].bottom)
                       && (i == 0 || b[i].bottom >= b[i - 1].bottom), width);
  cairo_line_to (cr, b[0].x0, b[0].bottom);
  cairo_close_path (cr);
}

static void
bands_end (Bands *bands)
{
  Bar end = { NAN, NAN, NAN, NAN };

  if (bands->bars->len > 0 && !isnan (g_array_index (bands->bars, Bar, bands->bars->len - 1).x0))
    g_array_append_val (bands->bars, end);
}

static void
bands_add_bar (double x0, double x1, double y0, double y1, gboolean joined, gpointer data)
{
  Bands *bands = data;
  /* as tall as the stroke would be, so that a dense stretch looks like
   * the line it stands for */
  Bar bar = { x0, x1, y0 - bands->width / 2, y1 + bands->width / 2 };

  if (!joined)
    bands_end (bands);
  /* a dashed curve leaves gaps across x where it is dense */
  if (!mf_plot_dash_is_on (bands->dash, (x0 + x1) / 2 - bands->origin))
    bands_end (bands);
  else
    g_array_append_val (bands->bars, bar);
}

static void
bands_fill (Bands *bands)
{
  cairo_t *cr = bands->cr;
  const Bar *b = (const Bar *) bands->bars->data;
  guint start = 0;

  bands_end (bands);
  for (guint i = 0; i < bands->bars->len; i++)
    if (isnan (b[i].x0))
      {
        band_add_to_path (cr, b + start, i - start, bands->width);
        start = i + 1;
      }
  /* coarser antialiasing than a stroke's, to half the cost of a dense
   * curve, without a difference to see at a line's width */
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_FAST);
  cairo_fill (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);
}

/* A dot at each sample, where the samples in view are at least 4 units
 * apart: sparse enough that each column holds its samples as first and
 * last. */
static void
marks_draw (MfPlot *plot, MfPlotSeries *s, cairo_t *cr)
{
  const MfPlotDecimation *d = &s->decimation;
  const MfPlotAxis *x_axis = &plot->axes[MF_PLOT_AXIS_X];
  const MfPlotAxis *y_axis = mf_plot_series_y_axis (plot, s);
  /* clearly wider than the line through it */
  double radius = 1.5 * plot->line_width + 1.0;

  if (d->n_samples == 0 || (double) d->n_samples * 4 > plot->data_area.width)
    return;
  cairo_set_dash (cr, NULL, 0, 0);
  for (guint i = 0; i < d->n_columns; i++)
    {
      const MfPlotColumn *c = &d->columns[i];

      if (c->count == 0)
        continue;
      if (isfinite (c->first_y))
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, to_device (x_axis, c->first_x), to_device (y_axis, c->first_y), radius,
                     0, 2 * G_PI);
        }
      if (c->count > 1 && isfinite (c->last_y))
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, to_device (x_axis, c->last_x), to_device (y_axis, c->last_y), radius,
                     0, 2 * G_PI);
        }
    }
  cairo_fill (cr);
}

/* A cross of this half-width at (x, y): the mark of a sample that stands
 * alone, drawn thinner than the lines so that many do not bury them. */
#define CROSS 3.0
#define CROSS_LINE_WIDTH 1.25

static void
cross_add (cairo_t *cr, double x, double y)
{
  if (!isfinite (y))
    return;
  cairo_move_to (cr, x - CROSS, y - CROSS);
  cairo_line_to (cr, x + CROSS, y + CROSS);
  cairo_move_to (cr, x - CROSS, y + CROSS);
  cairo_line_to (cr, x + CROSS, y - CROSS);
}

void
mf_plot_series_each_mark (const MfPlot       *plot,
                          const MfPlotSeries *s,
                          MfPlotPointFunc     point,
                          gpointer            user_data)
{
  const MfPlotDecimation *d = &s->decimation;
  const MfPlotAxis *xa = &plot->axes[MF_PLOT_AXIS_X];
  const MfPlotAxis *ya = mf_plot_series_y_axis (plot, s);

  /* a column of many shows its first, last, lowest and highest */
  for (guint i = 0; i < d->n_columns; i++)
    {
      const MfPlotColumn *c = &d->columns[i];

      if (c->count == 0)
        continue;
      point (to_device (xa, c->first_x), to_device (ya, c->first_y), user_data);
      if (c->count > 1)
        point (to_device (xa, c->last_x), to_device (ya, c->last_y), user_data);
      if (c->count > 2)
        {
          double middle = to_device (xa, (c->first_x + c->last_x) / 2);

          point (middle, to_device (ya, c->min_y), user_data);
          point (middle, to_device (ya, c->max_y), user_data);
        }
    }
}

static void
cross_at (double x, double y, gpointer cr)
{
  cross_add (cr, x, y);
}

static void
crosses_draw (MfPlot *plot, MfPlotSeries *s, cairo_t *cr)
{
  mf_plot_set_source_color (cr, &s->color, 1);
  cairo_new_path (cr);
  mf_plot_series_each_mark (plot, s, cross_at, cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, CROSS_LINE_WIDTH);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_stroke (cr);
}

void
mf_plot_cross_draw (cairo_t *cr, double x, double y)
{
  cairo_new_path (cr);
  cross_add (cr, x, y);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, CROSS_LINE_WIDTH);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_stroke (cr);
}

static void
curve_draw (MfPlot *plot, MfPlotSeries *s, cairo_t *cr)
{
  const MfPlotDecimation *d = &s->decimation;
  Bands bands = { cr, plot->scratch, s->dash, plot->data_area.x, plot->line_width };
  int n_dashes;
  const double *dashes = mf_plot_dash_pattern (s->dash, &n_dashes);

  if (s->mark == MF_PLOT_MARK_CROSSES)
    {
      crosses_draw (plot, s, cr);
      return;
    }
  mf_plot_set_source_color (cr, &s->color, 1);
  cairo_new_path (cr);
  if (s->x->len == 1 && !s->xy)
    {
      /* a lone sample has no length: a round cap shows it as a dot */
      for (guint i = 0; i < d->n_columns; i++)
        if (d->columns[i].count > 0)
          {
            cairo_move_to (cr, to_device (&plot->axes[MF_PLOT_AXIS_X], d->columns[i].first_x),
                           to_device (mf_plot_series_y_axis (plot, s),
                                      d->columns[i].first_y));
            cairo_rel_line_to (cr, 0, 0);
            cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
            cairo_stroke (cr);
          }
      return;
    }
  g_array_set_size (bands.bars, 0);
  mf_plot_series_trace (plot, s, bands_add_line, bands_add_bar, &bands);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_dash (cr, dashes, n_dashes, 0);
  cairo_stroke (cr);
  bands_fill (&bands);
  /* the marks go by the decimation's columns, which an XY curve has not */
  if (plot->sample_marks && !s->xy)
    marks_draw (plot, s, cr);
}

/* The lines first, then the marks over them, so that no line hides a
 * mark. */
void
mf_plot_curves_draw (MfPlot *plot, cairo_t *cr)
{
  for (guint k = 0; k < 2 * plot->series->len; k++)
    {
      MfPlotSeries *s = g_ptr_array_index (plot->series, k % plot->series->len);
      const MfPlotRect *a = mf_plot_series_area (plot, s);
      gboolean marks_pass = k >= plot->series->len;

      if (!s->visible || a->height <= 0 || marks_pass != (s->mark == MF_PLOT_MARK_CROSSES))
        continue;
      cairo_save (cr);
      cairo_rectangle (cr, a->x, a->y, a->width, a->height);
      cairo_clip (cr);
      cairo_set_line_width (cr, plot->line_width);
      /* round joins cost much on dense curves; at 1.5 units bevels look the same */
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_BEVEL);
      curve_draw (plot, s, cr);
      cairo_restore (cr);
    }
}
