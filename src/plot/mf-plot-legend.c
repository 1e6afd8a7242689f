/* mf-plot-legend.c: the legend, inside the data area at whichever of six
 * places the curves cross least (measured as the length of the drawn
 * polylines inside it), the top right when several tie; right of the plot,
 * outside it, when every one of those places would hide curves and the
 * plot can spare the room: right of the plot in a column, or above the
 * data area in rows (as plotting tools put a legend "outside" when the
 * data fills the frame); folded into one line ("8 curves…") that opens the
 * list of every curve, as "+N more" does, when it cannot.
 *
 * A legend never vanishes: entries too many for one column of the room's
 * height go into more columns; names too long for its width are cut short
 * with "…"; entries more than every column holds end in a last one saying
 * how many are left out.  Series with samples but no value to draw are left
 * out of it (the runs of a quantity only some runs have), unless no series
 * has one: then each says "(no values)".
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define INSET 8.0
#define PADDING MF_PLOT_LEGEND_PADDING
#define SWATCH 22.0
#define SPACING 6.0
#define COLUMN_GAP 12.0
/* the plot's padding right of everything, and the gap under a legend above
 * the data area (mf-plot-draw.c keeps the same) */
#define PAD_RIGHT 8.0
#define GAP_ABOVE 8.0

#define N_PLACES 6

/* The places tried, and the length of curve each would hide. */
typedef struct
{
  MfPlotRect rect[N_PLACES];
  double     covered[N_PLACES];
  double     last_x, last_y;
} Candidates;

/* Liang and Barsky's clipping: the length of the segment inside the rect. */
static double
clipped_length (const MfPlotRect *r, double x0, double y0, double x1, double y1)
{
  double dx = x1 - x0, dy = y1 - y0, t0 = 0, t1 = 1;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { x0 - r->x, r->x + r->width - x0, y0 - r->y, r->y + r->height - y0 };

  /* most segments of a curve are nowhere near a given place */
  if (MAX (x0, x1) < r->x || MIN (x0, x1) > r->x + r->width || MAX (y0, y1) < r->y
      || MIN (y0, y1) > r->y + r->height)
    return 0;
  for (int i = 0; i < 4; i++)
    {
      if (p[i] == 0)
        {
          if (q[i] < 0)
            return 0;
          continue;
        }
      double t = q[i] / p[i];

      if (p[i] < 0)
        t0 = MAX (t0, t);
      else
        t1 = MIN (t1, t);
    }
  if (t0 > t1)
    return 0;
  /* a vertical min-max stroke of zero length still hides a point */
  return MAX ((t1 - t0) * hypot (dx, dy), 1.0);
}

static void
candidates_add_segment (Candidates *c, double x0, double y0, double x1, double y1)
{
  for (int i = 0; i < N_PLACES; i++)
    c->covered[i] += clipped_length (&c->rect[i], x0, y0, x1, y1);
}

static void
candidates_add_line (gboolean move, double x, double y, gpointer data)
{
  Candidates *c = data;

  if (!move)
    candidates_add_segment (c, c->last_x, c->last_y, x, y);
  c->last_x = x;
  c->last_y = y;
}

/* A marker's label under a place counts as much as this many pixels of
 * curve per pixel of its length: a label hidden is a word lost. */
#define LABEL_WEIGHT 4.0

static void
candidates_add_labels (Candidates *c, const GArray *labels)
{
  for (guint k = 0; k < labels->len; k++)
    {
      const MfPlotRect *l = &g_array_index (labels, MfPlotRect, k);

      for (int i = 0; i < N_PLACES; i++)
        {
          const MfPlotRect *r = &c->rect[i];
          double top = MAX (r->y, l->y), bottom = MIN (r->y + r->height, l->y + l->height);

          if (l->x < r->x + r->width && l->x + l->width > r->x && bottom > top)
            c->covered[i] += LABEL_WEIGHT * (bottom - top);
        }
    }
}

static void
candidates_add_bar (double x0, double x1, double y0, double y1, gboolean joined, gpointer data)
{
  candidates_add_segment (data, (x0 + x1) / 2, y0, (x0 + x1) / 2, y1);
}

/* A mark hides about as much as a few units of line. */
#define MARK_LENGTH 6.0

static void
candidates_add_mark (double x, double y, gpointer data)
{
  candidates_add_segment (data, x - MARK_LENGTH / 2, y, x + MARK_LENGTH / 2, y);
}

static void
entry_color (const MfPlot *plot, const MfPlotSeries *s, cairo_t *cr)
{
  mf_plot_set_source_color (cr, s->visible ? &s->color : &plot->style.hidden_series, 1);
}

/* The series have values in more than one unit: each entry names its own. */
static gboolean
units_differ (const MfPlot *plot)
{
  const char *first = NULL;

  for (guint i = 0; i < plot->series->len; i++)
    {
      const MfPlotSeries *s = g_ptr_array_index (plot->series, i);

      if (s->unit == NULL || s->unit[0] == '\0')
        continue;
      if (first == NULL)
        first = s->unit;
      else if (strcmp (first, s->unit) != 0)
        return TRUE;
    }
  return FALSE;
}

/* Samples, but none the axes can show (all NaN, or none positive on a log
 * scale): the entry says so rather than leaving the reader to look for it. */
static gboolean
nothing_to_draw (const MfPlot *plot, const MfPlotSeries *s)
{
  gboolean log_y = mf_plot_series_y_axis (plot, s)->scale == MF_PLOT_SCALE_LOG;

  return s->x->len > 0 && isnan (log_y ? s->ypos_min : s->ymin);
}

static char *
entry_text (const MfPlot *plot, const MfPlotSeries *s, gboolean with_unit)
{
  g_autofree char *name = with_unit && s->unit != NULL && s->unit[0] != '\0'
                          ? g_strdup_printf ("%s [%s]", s->name, s->unit)
                          : g_strdup (s->name);

  if (nothing_to_draw (plot, s))
    /* Translators: a plot's legend entry for a series without a value to draw */
    return g_strdup_printf (_("%s (no values)"), name);
  if (s->visible && s->off_scale)
    /* Translators: a plot's legend entry for a series whose values go
     * beyond the range the other series set (a run that blew up) */
    return g_strdup_printf (_("%s (off scale)"), name);
  return g_steal_pointer (&name);
}

/* The place inside the data area that hides least, and in `covered` how
 * much it hides. */
static MfPlotRect
choose_place (MfPlot *plot, double width, double height, double *covered)
{
  const MfPlotRect *a = &plot->data_area;
  double left = a->x + INSET, right = a->x + a->width - INSET - width;
  double centre = a->x + (a->width - width) / 2;
  double top = a->y + INSET, bottom = a->y + a->height - INSET - height;
  const double places[][2] = {
    { right, top }, { left, top }, { right, bottom }, { left, bottom }, { centre, top },
    { centre, bottom },
  };
  Candidates c = { { { 0 } } };
  MfPlotRect best = { right, top, width, height };
  double best_covered = INFINITY;

  G_STATIC_ASSERT (G_N_ELEMENTS (places) == N_PLACES);
  for (guint i = 0; i < N_PLACES; i++)
    c.rect[i] = (MfPlotRect) { places[i][0], places[i][1], width, height };
  for (guint k = 0; k < plot->series->len; k++)
    {
      const MfPlotSeries *s = g_ptr_array_index (plot->series, k);

      if (!s->visible)
        continue;
      if (s->mark == MF_PLOT_MARK_CROSSES)
        mf_plot_series_each_mark (plot, s, candidates_add_mark, &c);
      else
        mf_plot_series_trace (plot, s, candidates_add_line, candidates_add_bar, &c);
    }
  candidates_add_labels (&c, plot->marker_labels);
  for (guint i = 0; i < N_PLACES; i++)
    /* a clear win only: a few units of curve are not worth leaving the corner */
    if (c.covered[i] < best_covered - 2)
      {
        best = c.rect[i];
        best_covered = c.covered[i];
      }
  *covered = best_covered;
  return best;
}

/* How the entries are laid out: rows × columns of one width, the first
 * n_shown entries (in columns, top to bottom), then a line of how many
 * more when they did not all fit. */
typedef struct
{
  guint  rows, columns, n_shown;
  double entry_width, text_width;
} Grid;

/* The entries in a room `room_w` × `room_h` wide and high (the box's
 * padding included). */
static void
grid_choose (guint n, double room_w, double room_h, double text_width, double row, Grid *g)
{
  guint rows_fit, columns_fit, slots;

  room_w -= 2 * PADDING;
  room_h -= 2 * PADDING;
  g->text_width = MIN (text_width, MAX (room_w - SWATCH - SPACING, 4 * row));
  g->entry_width = SWATCH + SPACING + g->text_width;
  rows_fit = (guint) MAX (1.0, floor (room_h / row));
  columns_fit = (guint) MAX (1.0, floor ((room_w + COLUMN_GAP) / (g->entry_width + COLUMN_GAP)));
  g->columns = MIN (columns_fit, (n + rows_fit - 1) / rows_fit);
  slots = rows_fit * g->columns;
  /* the last place says how many are left out */
  g->n_shown = n <= slots ? n : MAX (slots, 2u) - 1;
  g->rows = (MIN (n, slots) + g->columns - 1) / g->columns;
}

static void
grid_entry_origin (const MfPlotRect *r, const Grid *g, double row, guint i, double *x, double *y)
{
  *x = r->x + PADDING + (i / g->rows) * (g->entry_width + COLUMN_GAP);
  *y = r->y + PADDING + (i % g->rows) * row;
}

/* What the legend holds, measured: the series it lists (indices into the
 * plot's), their texts, the widest text and the height of a row. */
typedef struct
{
  GArray     *entries; /* guint */
  GPtrArray  *texts;   /* char*, one per entry */
  PangoLayout *layout;
  double      text_width, row;
} Legend;

static void
legend_measure (MfPlot *plot, cairo_t *cr, Legend *l)
{
  gboolean with_unit = units_differ (plot), any_drawn = FALSE;
  double w, h;

  l->entries = g_array_new (FALSE, FALSE, sizeof (guint));
  l->texts = g_ptr_array_new_with_free_func (g_free);
  l->layout = mf_plot_layout_new (cr, plot->text_scale * MF_PLOT_SMALL_FONT_SIZE, FALSE);
  l->text_width = l->row = 0;
  for (guint i = 0; i < plot->series->len && !any_drawn; i++)
    any_drawn = !nothing_to_draw (plot, g_ptr_array_index (plot->series, i));
  for (guint i = 0; i < plot->series->len; i++)
    {
      const MfPlotSeries *s = g_ptr_array_index (plot->series, i);

      if (any_drawn && nothing_to_draw (plot, s))
        continue;
      g_array_append_val (l->entries, i);
      g_ptr_array_add (l->texts, entry_text (plot, s, with_unit));
      mf_plot_layout_measure (l->layout, g_ptr_array_index (l->texts, l->texts->len - 1), &w, &h);
      l->text_width = MAX (l->text_width, w);
      l->row = MAX (l->row, h);
    }
}

static void
legend_clear (Legend *l)
{
  g_array_unref (l->entries);
  g_ptr_array_unref (l->texts);
  g_object_unref (l->layout);
}

/* The box's size for the grid `g`. */
static void
legend_size (const Legend *l, const Grid *g, double *width, double *height)
{
  *width = PADDING * 2 + g->columns * g->entry_width + (g->columns - 1) * COLUMN_GAP;
  *height = PADDING * 2 + l->row * g->rows;
}

/* The room inside the data area a legend may take. */
static void
inside_room (const MfPlot *plot, double *room_w, double *room_h)
{
  *room_w = plot->data_area.width - 2 * INSET;
  *room_h = plot->data_area.height - 2 * INSET;
}

/* A legend right of the plot takes at most this share of its width, and
 * the data area keeps at least this share of its own width; one above it
 * takes at most this share of the plot's height, and the data area keeps
 * at least this share of its own height. */
#define RIGHT_SHARE 0.25
#define WIDTH_KEPT 0.6
#define ABOVE_SHARE 0.3
#define HEIGHT_KEPT 0.55

MfPlotLegendSide
mf_plot_legend_choose_side (MfPlot *plot, cairo_t *cr, double width, double height, double *size)
{
  MfPlotLegendSide side = MF_PLOT_LEGEND_INSIDE;
  Legend l;
  Grid g;
  double room_w, room_h, w, h, covered;

  *size = 0;
  if (plot->series->len == 0)
    return side;
  legend_measure (plot, cr, &l);
  inside_room (plot, &room_w, &room_h);
  grid_choose (l.entries->len, room_w, room_h, l.text_width, l.row, &g);
  legend_size (&l, &g, &w, &h);
  choose_place (plot, w, h, &covered);
  /* a corner that hides less than a row's height of curve will do */
  if (covered > l.row)
    {
      double right = 2 * PADDING + SWATCH + SPACING + l.text_width;
      double above_w = width - PAD_RIGHT - plot->data_area.x;
      guint columns, rows;

      /* right, in one column of whole names, when the plot can spare it */
      grid_choose (l.entries->len, right, plot->data_area.height, l.text_width, l.row, &g);
      if (right <= RIGHT_SHARE * width
          && plot->data_area.width - right >= WIDTH_KEPT * plot->data_area.width
          && g.n_shown == l.entries->len)
        {
          *size = right;
          side = MF_PLOT_LEGEND_RIGHT;
        }
      else
        {
          /* above, in as few rows as the width allows */
          grid_choose (l.entries->len, above_w, 2 * PADDING + l.row, l.text_width, l.row, &g);
          columns = MAX (1u, (guint) floor ((above_w - 2 * PADDING + COLUMN_GAP)
                                            / (g.entry_width + COLUMN_GAP)));
          rows = (l.entries->len + columns - 1) / columns;
          rows = MIN (rows, (guint) MAX (1.0, floor ((ABOVE_SHARE * height - 2 * PADDING) / l.row)));
          h = 2 * PADDING + rows * l.row;
          if (plot->data_area.height - h - GAP_ABOVE >= HEIGHT_KEPT * plot->data_area.height)
            {
              *size = h;
              side = MF_PLOT_LEGEND_ABOVE;
            }
          else
            /* no room for it anywhere: folded into a line */
            side = MF_PLOT_LEGEND_COLLAPSED;
        }
    }
  legend_clear (&l);
  return side;
}

void
mf_plot_legend_draw (MfPlot *plot, cairo_t *cr, MfPlotLegendSide side, const MfPlotRect *outside)
{
  Legend l;
  double room_w, room_h, w, h, covered, text_x = SWATCH + SPACING;
  g_autofree char *more = NULL;
  MfPlotRect r;
  Grid g;

  plot->legend_area = (MfPlotRect) { 0 };
  plot->legend_row = 0;
  g_array_set_size (plot->legend_series, 0);
  if (plot->series->len == 0)
    return;
  legend_measure (plot, cr, &l);
  if (side == MF_PLOT_LEGEND_RIGHT || side == MF_PLOT_LEGEND_ABOVE)
    {
      room_w = outside->width;
      room_h = outside->height;
    }
  else
    inside_room (plot, &room_w, &room_h);
  grid_choose (l.entries->len, room_w, room_h, l.text_width, l.row, &g);
  if (side == MF_PLOT_LEGEND_COLLAPSED)
    {
      double tw;

      /* one line that opens the list of them all, as "+N more" does */
      /* Translators: a plot's legend folded into one line for want of
       * room; a click on it lists the curves */
      more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u curve…", "%u curves…",
                                           l.entries->len),
                              l.entries->len);
      mf_plot_layout_measure (l.layout, more, &tw, NULL);
      g = (Grid) { 1, 1, 0, tw + 1, tw + 1 };
      text_x = 0;
    }
  else if (g.n_shown < l.entries->len)
    {
      guint n_more = l.entries->len - g.n_shown;

      /* Translators: the last line of a plot's legend too small for all
       * of its entries */
      more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "+%u more", "+%u more", n_more),
                              n_more);
    }
  legend_size (&l, &g, &w, &h);
  if (side == MF_PLOT_LEGEND_RIGHT || side == MF_PLOT_LEGEND_ABOVE)
    r = (MfPlotRect) { outside->x, outside->y, w, h };
  else
    r = choose_place (plot, w, h, &covered);
  plot->legend_area = r;
  plot->legend_row = l.row;
  plot->legend_grid_rows = g.rows;
  plot->legend_column_width = g.entry_width + COLUMN_GAP;
  plot->legend_n_shown = g.n_shown;
  plot->legend_more = more != NULL;
  g_array_append_vals (plot->legend_series, l.entries->data, g.n_shown);
  cairo_save (cr);
  cairo_rectangle (cr, r.x, r.y, r.width, r.height);
  mf_plot_set_source_color (cr, &plot->style.legend_background, plot->style.legend_alpha);
  cairo_fill_preserve (cr);
  mf_plot_set_source_color (cr, &plot->style.legend_border, 1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 2);
  pango_layout_set_width (l.layout, (int) (g.text_width * PANGO_SCALE) + 1);
  pango_layout_set_ellipsize (l.layout, PANGO_ELLIPSIZE_END);
  /* the entries shown, then in the next place the line of how many more:
   * the texts of the entries left out are not drawn */
  for (guint i = 0; i < g.n_shown || (i == g.n_shown && more != NULL); i++)
    {
      const MfPlotSeries *s = i < g.n_shown
                              ? g_ptr_array_index (plot->series, g_array_index (l.entries, guint, i))
                              : NULL;
      double x, y;

      grid_entry_origin (&r, &g, l.row, i, &x, &y);
      if (s == NULL)
        mf_plot_set_source_color (cr, &plot->style.foreground, 1);
      else
        {
          entry_color (plot, s, cr);
          if (s->mark == MF_PLOT_MARK_CROSSES)
            {
              cairo_save (cr);
              mf_plot_cross_draw (cr, x + SWATCH / 2, y + l.row / 2);
              cairo_restore (cr);
            }
          else
            {
              int n_dashes;
              const double *dashes = mf_plot_dash_pattern (s->dash, &n_dashes);

              cairo_set_dash (cr, dashes, n_dashes, 0);
              cairo_move_to (cr, x, y + l.row / 2);
              cairo_rel_line_to (cr, SWATCH, 0);
              cairo_stroke (cr);
            }
          if (s->visible && !nothing_to_draw (plot, s))
            mf_plot_set_source_color (cr, &plot->style.foreground, 1);
          else
            mf_plot_set_source_color (cr, &plot->style.hidden_series, 1);
        }
      pango_layout_set_text (l.layout, s != NULL ? g_ptr_array_index (l.texts, i) : more, -1);
      cairo_move_to (cr, x + text_x, y);
      pango_cairo_show_layout (cr, l.layout);
    }
  cairo_restore (cr);
  legend_clear (&l);
}

int
mf_plot_legend_hit (const MfPlot *plot, double x, double y)
{
  const MfPlotRect *r = &plot->legend_area;
  double column_x, row_y;
  guint i, column;

  if (plot->legend_row <= 0 || plot->legend_grid_rows == 0
      || !(x >= r->x && x < r->x + r->width && y < r->y + r->height))
    return -1;
  column_x = x - (r->x + PADDING);
  row_y = y - (r->y + PADDING);
  if (!(row_y >= 0) || !(column_x >= 0))
    return -1;
  column = (guint) (column_x / plot->legend_column_width);
  if ((guint) (row_y / plot->legend_row) >= plot->legend_grid_rows)
    return -1;
  i = column * plot->legend_grid_rows + (guint) (row_y / plot->legend_row);
  if (i == plot->legend_n_shown && plot->legend_more)
    return MF_PLOT_LEGEND_MORE;
  return i < plot->legend_series->len ? (int) g_array_index (plot->legend_series, guint, i) : -1;
}
