/* mf-stability-drawing.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stability-drawing.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "mf-plot-export.h"
#include "mf-stability-contour.h"
#include "mf-stability-outline.h"

#define MAX_TICKS 40
/* The grid the region is tested on, pixels between nodes: a one-step
 * method's R is cheap, a multistep method's test finds polynomial roots. */
#define ONE_STEP_CELL 3.0
#define MULTISTEP_CELL 5.0
#define REGION_ALPHA 0.24
#define FIT_MARGIN 0.08

/* The palette's entries the plot uses. */
#define REGION_COLOR 0
#define INSIDE_COLOR 2
#define EULER_COLOR 4

double
mf_stability_drawing_font_size (double width, double height)
{
  return CLAMP (MIN (width, height) / 34.0, 10.0, 40.0);
}

static PangoLayout *
new_layout (cairo_t *cr, double size, gboolean bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

static void
text_size (PangoLayout *layout, const char *text, double *width, double *height)
{
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  *width = w;
  *height = h;
}

static void
set_color (cairo_t *cr, MfPlotColor color, double alpha)
{
  cairo_set_source_rgba (cr, color.red, color.green, color.blue, alpha);
}

/* The widest tick label a symmetric-log or linear axis may show. */
static double
label_width (PangoLayout *layout)
{
  double w, h;

  text_size (layout, "-1e-10", &w, &h);
  return w;
}

MfStabilityMap
mf_stability_drawing_map (const MfStabilityScene *scene, cairo_t *cr, double width, double height)
{
  double font = mf_stability_drawing_font_size (width, height);
  PangoLayout *layout = new_layout (cr, font, FALSE);
  double w, h, left, bottom, top = 0.8 * font, right = 1.2 * font;

  text_size (layout, "Im", &w, &h);
  /* padding, the rotated title, a gap, the labels, the ticks */
  left = 0.4 * font + h + 0.4 * font + label_width (layout) + 0.5 * font;
  bottom = 0.5 * font + h + 0.3 * font + h + 0.4 * font;
  g_object_unref (layout);
  return mf_stability_view_map (&scene->view, left, top, MAX (width - left - right, 10.0),
                                MAX (height - top - bottom, 10.0));
}

/* ---- the region ---- */

static void
draw_mask (cairo_t *cr, const MfStabilityGrid *grid, MfPlotColor color)
{
  cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, (int) grid->nx,
                                                      (int) grid->ny);
  unsigned char *data = cairo_image_surface_get_data (mask);
  int stride = cairo_image_surface_get_stride (mask);
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  cairo_surface_flush (mask);
  for (guint j = 0; j < grid->ny; j++)
    for (guint i = 0; i < grid->nx; i++)
      data[j * stride + i] = mf_stability_grid_inside (grid, i, j) ? 255 : 0;
  cairo_surface_mark_dirty (mask);
  pattern = cairo_pattern_create_for_surface (mask);
  /* node (i, j) at the pixel (x0 + i cell, y0 + j cell): the centre of mask pixel i */
  cairo_matrix_init_scale (&matrix, 1.0 / grid->cell, 1.0 / grid->cell);
  cairo_matrix_translate (&matrix, -grid->x0 + grid->cell / 2.0, -grid->y0 + grid->cell / 2.0);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_BILINEAR);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_PAD);
  set_color (cr, color, REGION_ALPHA);
  cairo_mask (cr, pattern);
  cairo_pattern_destroy (pattern);
  cairo_surface_destroy (mask);
}

static void
stroke_points (cairo_t *cr, GArray *points)
{
  gboolean pen_down = FALSE;

  for (guint k = 0; k + 1 < points->len; k += 2)
    {
      double x = g_array_index (points, double, k), y = g_array_index (points, double, k + 1);

      if (isnan (x))
        pen_down = FALSE;
      else if (pen_down)
        cairo_line_to (cr, x, y);
      else
        {
          cairo_move_to (cr, x, y);
          pen_down = TRUE;
        }
    }
  cairo_stroke (cr);
}

static void
draw_curve (cairo_t *cr, const MfStabilityMap *map,
            double complex (*curve) (double, gconstpointer), gconstpointer data)
{
  g_autoptr (GArray) points = g_array_new (FALSE, FALSE, sizeof (double));

  mf_stability_curve_points (map, curve, data, 0.0, 2.0 * G_PI, points);
  stroke_points (cr, points);
}

static void
draw_region (const MfStabilityScene *scene, cairo_t *cr, const MfStabilityMap *map, double line)
{
  const MfStabilityRegion *region = &scene->region;
  MfPlotColor color = scene->style->palette[REGION_COLOR];
  g_autoptr (MfStabilityGrid) grid = mf_stability_grid_new (
    map, mf_stability_outline_level, region,
    region->method->multistep ? MULTISTEP_CELL : ONE_STEP_CELL);

  draw_mask (cr, grid, color);
  set_color (cr, color, 1.0);
  cairo_set_line_width (cr, line);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  if (region->method->multistep)
    {
      draw_curve (cr, map, mf_stability_outline_locus, region);
      if (region->method->functional_iteration)
        draw_curve (cr, map, mf_stability_outline_iteration_circle, region);
    }
  else
    {
      g_autoptr (GArray) segments = g_array_new (FALSE, FALSE, sizeof (double));

      mf_stability_grid_contour (grid, map, mf_stability_outline_level, region, segments);
      for (guint k = 0; k + 3 < segments->len; k += 4)
        {
          cairo_move_to (cr, g_array_index (segments, double, k),
                         g_array_index (segments, double, k + 1));
          cairo_line_to (cr, g_array_index (segments, double, k + 2),
                         g_array_index (segments, double, k + 3));
        }
      cairo_stroke (cr);
    }
}

static gboolean
draws_euler_disc (const MfStabilityScene *scene)
{
  /* explicit Euler's own boundary is the disc; the λ plane has none */
  if (scene->eigenvalues)
    return FALSE;
  return scene->region.method == NULL || scene->region.method->multistep
         || scene->region.method->one_step != MF_STABILITY_EULER
         || scene->region.method->substeps != 1;
}

/* ---- axes ---- */

static void
draw_ticks (const MfStabilityScene *scene, cairo_t *cr, const MfStabilityMap *map, double font)
{
  PangoLayout *layout = new_layout (cr, font, FALSE);
  double re_lo, re_hi, im_lo, im_hi, values[MAX_TICKS], tick = 0.4 * font;
  double gap = (label_width (layout) + font) / map->unit_u;
  guint n;

  mf_stability_map_bounds (map, &re_lo, &re_hi, &im_lo, &im_hi);
  cairo_set_line_width (cr, 1.0);
  /* the real axis's ticks under the plane, the imaginary one's left of it */
  n = mf_stability_view_ticks (&scene->view, re_lo, re_hi, gap, values, MAX_TICKS);
  for (guint i = 0; i < n; i++)
    {
      char label[32];
      double x, y, w, h;

      mf_stability_map_to_pixel (map, values[i], &x, &y);
      set_color (cr, scene->style->grid_major, 1.0);
      cairo_move_to (cr, round (x) + 0.5, map->y);
      cairo_line_to (cr, round (x) + 0.5, map->y + map->height);
      cairo_stroke (cr);
      set_color (cr, scene->style->frame, 1.0);
      cairo_move_to (cr, round (x) + 0.5, map->y + map->height);
      cairo_line_to (cr, round (x) + 0.5, map->y + map->height + tick);
      cairo_stroke (cr);
      mf_stability_view_tick_label (&scene->view, re_lo, re_hi, values[i], label, sizeof label);
      text_size (layout, label, &w, &h);
      set_color (cr, scene->style->foreground, 1.0);
      cairo_move_to (cr, x - w / 2.0, map->y + map->height + tick + 0.1 * font);
      pango_cairo_show_layout (cr, layout);
    }
  n = mf_stability_view_ticks (&scene->view, im_lo, im_hi, 2.0 * font / map->unit_v, values,
                               MAX_TICKS);
  for (guint i = 0; i < n; i++)
    {
      char label[32];
      double x, y, w, h;

      mf_stability_map_to_pixel (map, I * values[i], &x, &y);
      set_color (cr, scene->style->grid_major, 1.0);
      cairo_move_to (cr, map->x, round (y) + 0.5);
      cairo_line_to (cr, map->x + map->width, round (y) + 0.5);
      cairo_stroke (cr);
      set_color (cr, scene->style->frame, 1.0);
      cairo_move_to (cr, map->x - tick, round (y) + 0.5);
      cairo_line_to (cr, map->x, round (y) + 0.5);
      cairo_stroke (cr);
      mf_stability_view_tick_label (&scene->view, im_lo, im_hi, values[i], label, sizeof label);
      text_size (layout, label, &w, &h);
      set_color (cr, scene->style->foreground, 1.0);
      cairo_move_to (cr, map->x - tick - 0.2 * font - w, y - h / 2.0);
      pango_cairo_show_layout (cr, layout);
    }
  g_object_unref (layout);
}

static void
draw_titles (const MfStabilityScene *scene, cairo_t *cr, const MfStabilityMap *map, double font,
             double height)
{
  PangoLayout *layout = new_layout (cr, font, FALSE);
  g_autofree char *x_title = NULL;
  const char *y_title = scene->eigenvalues ? _("Im λ, 1/s") : _("Im hλ");
  double w, h;

  if (scene->view.symlog && scene->eigenvalues)
    /* Translators: the axis title of the eigenvalue plot on a symmetric
     * logarithmic scale; the number is where it turns linear */
    x_title = g_strdup_printf (_("Re λ, 1/s   (symmetric log scale, linear within ±%.2g)"),
                               scene->view.threshold);
  else if (scene->view.symlog)
    /* Translators: the axis title of the stability plot on a symmetric
     * logarithmic scale; the number is where it turns linear */
    x_title = g_strdup_printf (_("Re hλ   (symmetric log scale, linear within ±%.2g)"),
                               scene->view.threshold);
  else
    x_title = g_strdup (scene->eigenvalues ? _("Re λ, 1/s") : _("Re hλ"));
  text_size (layout, x_title, &w, &h);
  set_color (cr, scene->style->foreground, 1.0);
  cairo_move_to (cr, map->x + (map->width - w) / 2.0, height - h - 0.4 * font);
  pango_cairo_show_layout (cr, layout);
  text_size (layout, y_title, &w, &h);
  cairo_save (cr);
  cairo_translate (cr, 0.4 * font, map->y + (map->height + w) / 2.0);
  cairo_rotate (cr, -G_PI / 2.0);
  cairo_move_to (cr, 0, 0);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  g_object_unref (layout);
}

static void
draw_axes (const MfStabilityScene *scene, cairo_t *cr, const MfStabilityMap *map)
{
  double x, y;

  mf_stability_map_to_pixel (map, 0.0, &x, &y);
  set_color (cr, scene->style->frame, 0.8);
  cairo_set_line_width (cr, 1.5);
  if (x >= map->x && x <= map->x + map->width)
    {
      cairo_move_to (cr, x, map->y);
      cairo_line_to (cr, x, map->y + map->height);
    }
  if (y >= map->y && y <= map->y + map->height)
    {
      cairo_move_to (cr, map->x, y);
      cairo_line_to (cr, map->x + map->width, y);
    }
  cairo_stroke (cr);
}

void
mf_stability_drawing_plane (const MfStabilityScene *scene, cairo_t *cr, double width,
                            double height)
{
  MfStabilityMap map = mf_stability_drawing_map (scene, cr, width, height);
  double font = mf_stability_drawing_font_size (width, height);
  double line = MAX (2.0, font / 7.0);

  cairo_save (cr);
  set_color (cr, scene->style->background, 1.0);
  cairo_paint (cr);
  draw_ticks (scene, cr, &map, font);
  draw_titles (scene, cr, &map, font, height);
  cairo_save (cr);
  cairo_rectangle (cr, map.x, map.y, map.width, map.height);
  cairo_clip (cr);
  if (scene->region.method != NULL && !scene->eigenvalues)
    draw_region (scene, cr, &map, line);
  draw_axes (scene, cr, &map);
  if (draws_euler_disc (scene))
    {
      double dash[] = { 2.5 * line, 2.0 * line };

      set_color (cr, scene->style->palette[EULER_COLOR], 1.0);
      cairo_set_line_width (cr, line * 0.8);
      cairo_set_dash (cr, dash, 2, 0.0);
      draw_curve (cr, &map, mf_stability_outline_euler_circle, NULL);
      cairo_set_dash (cr, NULL, 0, 0.0);
    }
  cairo_restore (cr);
  set_color (cr, scene->style->frame, 1.0);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, round (map.x) + 0.5, round (map.y) + 0.5, round (map.width),
                   round (map.height));
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* ---- points and legend ---- */

static void
draw_dot (cairo_t *cr, const MfPlotStyle *style, double x, double y, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0.0, 2.0 * G_PI);
  set_color (cr, style->palette[INSIDE_COLOR], 1.0);
  cairo_fill_preserve (cr);
  set_color (cr, style->foreground, 1.0);
  cairo_set_line_width (cr, MAX (1.0, r / 4.0));
  cairo_stroke (cr);
}

static void
draw_cross (cairo_t *cr, const MfPlotStyle *style, double x, double y, double r)
{
  set_color (cr, style->span, 1.0);
  cairo_set_line_width (cr, MAX (2.0, r / 2.2));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_move_to (cr, x - r, y - r);
  cairo_line_to (cr, x + r, y + r);
  cairo_move_to (cr, x - r, y + r);
  cairo_line_to (cr, x + r, y - r);
  cairo_stroke (cr);
}

typedef enum
{
  KEY_REGION,
  KEY_BOUNDARY,
  KEY_EULER,
  KEY_INSIDE,
  KEY_OUTSIDE,
} Key;

static void
draw_key (const MfStabilityScene *scene, cairo_t *cr, Key key, double x, double y, double size)
{
  const MfPlotStyle *style = scene->style;
  double line = MAX (2.0, size / 6.0);

  switch (key)
    {
    case KEY_REGION:
      set_color (cr, style->palette[REGION_COLOR], REGION_ALPHA * 1.5);
      cairo_rectangle (cr, x, y - size / 2.5, size * 1.6, size * 0.8);
      cairo_fill (cr);
      break;
    case KEY_BOUNDARY:
    case KEY_EULER:
      set_color (cr, style->palette[key == KEY_EULER ? EULER_COLOR : REGION_COLOR], 1.0);
      cairo_set_line_width (cr, line);
      if (key == KEY_EULER)
        {
          double dash[] = { 2.5 * line, 2.0 * line };

          cairo_set_dash (cr, dash, 2, 0.0);
        }
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + size * 1.6, y);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0.0);
      break;
    case KEY_INSIDE:
      draw_dot (cr, style, x + size * 0.8, y, size * 0.3);
      break;
    case KEY_OUTSIDE:
      draw_cross (cr, style, x + size * 0.8, y, size * 0.3);
      break;
    }
}

/* The legend's lines: a key and its text each. */
static guint
legend_lines (const MfStabilityScene *scene, Key *keys, char **texts)
{
  const MfStabilityMethod *method = scene->region.method;
  guint n = 0, inside = 0, outside = 0;

  if (scene->eigenvalues)
    {
      keys[n] = KEY_INSIDE;
      /* Translators: the key of the eigenvalue plot: how many there are */
      texts[n++] = g_strdup_printf (_("Eigenvalues λ (%u)"), scene->n_points);
      return n;
    }
  for (guint k = 0; k < scene->n_points; k++)
    {
      if (scene->outside[k])
        outside++;
      else
        inside++;
    }
  if (method != NULL)
    {
      keys[n] = KEY_REGION;
      texts[n++] = method->multistep
                     /* Translators: the method's name and the order whose region is drawn */
                     ? g_strdup_printf (_("Stable: %s, order %u"), method->method,
                                        CLAMP (scene->region.order, method->min_order,
                                               method->max_order))
                     /* Translators: the method's name */
                     : g_strdup_printf (_("Stable: %s"), method->method);
      keys[n] = KEY_BOUNDARY;
      texts[n++] = g_strdup (method->multistep ? _("Boundary locus ρ/σ")
                                               : _("Boundary |R(hλ)| = 1"));
    }
  if (draws_euler_disc (scene))
    {
      keys[n] = KEY_EULER;
      texts[n++] = g_strdup (_("Explicit Euler: |1 + hλ| ≤ 1"));
    }
  keys[n] = KEY_INSIDE;
  /* Translators: how many of the points h λ lie in the region */
  texts[n++] = g_strdup_printf (_("hλ inside (%u)"), inside);
  keys[n] = KEY_OUTSIDE;
  /* Translators: how many of the points h λ lie outside the region */
  texts[n++] = g_strdup_printf (_("hλ outside (%u)"), outside);
  return n;
}

/* How many points, with their marks and numbers (`margin` around them), a
 * box over the plane would hide. */
static guint
points_under (const MfStabilityScene *scene, const MfStabilityMap *map, double x, double y,
              double w, double h, double margin)
{
  guint n = 0;

  for (guint k = 0; k < scene->n_points; k++)
    {
      double px, py;

      mf_stability_map_to_pixel (map, scene->points[k], &px, &py);
      n += px >= x - margin && px <= x + w + margin && py >= y - margin && py <= y + h + margin;
    }
  return n;
}

static void
draw_legend (const MfStabilityScene *scene, cairo_t *cr, const MfStabilityMap *map, double font)
{
  PangoLayout *layout = new_layout (cr, font * 0.9, FALSE);
  PangoLayout *bold = new_layout (cr, font * 0.9, TRUE);
  Key keys[6];
  char *texts[6];
  guint n = legend_lines (scene, keys, texts);
  g_autofree char *title = NULL;
  double pad = 0.5 * font, key_width = 1.6 * font * 0.9, row, w, h, width = 0.0, height;
  double corners[4][2], best_x = 0.0, best_y = 0.0;
  guint best = G_MAXUINT;

  if (isfinite (scene->step) && !scene->eigenvalues)
    /* Translators: the step size the points are drawn for */
    title = g_strdup_printf (_("h = %.3g s"), scene->step);
  text_size (bold, title != NULL ? title : "h", &w, &row);
  if (title != NULL)
    width = w;
  for (guint i = 0; i < n; i++)
    {
      text_size (layout, texts[i], &w, &h);
      width = MAX (width, key_width + pad + w);
    }
  width += 2 * pad;
  height = 2 * pad + row * (n + (title != NULL ? 1 : 0));
  /* the corner that hides the fewest points, top left first */
  corners[0][0] = map->x + pad, corners[0][1] = map->y + pad;
  corners[1][0] = map->x + map->width - width - pad, corners[1][1] = map->y + pad;
  corners[2][0] = map->x + pad, corners[2][1] = map->y + map->height - height - pad;
  corners[3][0] = corners[1][0], corners[3][1] = corners[2][1];
  for (guint c = 0; c < 4; c++)
    {
      guint hidden = points_under (scene, map, corners[c][0], corners[c][1], width, height,
                                   1.5 * font);

      if (hidden < best)
        best = hidden, best_x = corners[c][0], best_y = corners[c][1];
    }
  set_color (cr, scene->style->legend_background, scene->style->legend_alpha);
  cairo_rectangle (cr, best_x, best_y, width, height);
  cairo_fill_preserve (cr);
  set_color (cr, scene->style->legend_border, 1.0);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  h = best_y + pad;
  if (title != NULL)
    {
      set_color (cr, scene->style->foreground, 1.0);
      pango_layout_set_text (bold, title, -1);
      cairo_move_to (cr, best_x + pad, h);
      pango_cairo_show_layout (cr, bold);
      h += row;
    }
  for (guint i = 0; i < n; i++, h += row)
    {
      draw_key (scene, cr, keys[i], best_x + pad, h + row / 2.0, font * 0.9);
      set_color (cr, scene->style->foreground, 1.0);
      pango_layout_set_text (layout, texts[i], -1);
      cairo_move_to (cr, best_x + pad + key_width + pad, h);
      pango_cairo_show_layout (cr, layout);
      g_free (texts[i]);
    }
  g_object_unref (layout);
  g_object_unref (bold);
}

void
mf_stability_drawing_points (const MfStabilityScene *scene, cairo_t *cr, double width,
                             double height)
{
  MfStabilityMap map = mf_stability_drawing_map (scene, cr, width, height);
  double font = mf_stability_drawing_font_size (width, height);
  double r = MAX (4.0, 0.32 * font);
  PangoLayout *layout = new_layout (cr, font * 0.8, FALSE);

  cairo_save (cr);
  cairo_rectangle (cr, map.x, map.y, map.width, map.height);
  cairo_clip (cr);
  for (guint k = 0; k < scene->n_points; k++)
    {
      double x, y;

      mf_stability_map_to_pixel (&map, scene->points[k], &x, &y);
      if (scene->outside[k] && !scene->eigenvalues)
        draw_cross (cr, scene->style, x, y, r * 1.2);
      else
        draw_dot (cr, scene->style, x, y, r);
      if (scene->numbers != NULL && scene->numbers[k] > 0)
        {
          char number[16];

          g_snprintf (number, sizeof number, "%u", scene->numbers[k]);
          pango_layout_set_text (layout, number, -1);
          set_color (cr, scene->style->foreground, 1.0);
          cairo_move_to (cr, x + 1.4 * r, y - 2.4 * r);
          pango_cairo_show_layout (cr, layout);
        }
    }
  draw_legend (scene, cr, &map, font);
  cairo_restore (cr);
  g_object_unref (layout);
}

void
mf_stability_drawing_draw (const MfStabilityScene *scene, cairo_t *cr, double width,
                           double height)
{
  mf_stability_drawing_plane (scene, cr, width, height);
  mf_stability_drawing_points (scene, cr, width, height);
}

static void
draw_scene (gpointer scene, cairo_t *cr, double width, double height)
{
  mf_stability_drawing_draw (scene, cr, width, height);
}

void
mf_stability_drawing_figure (gpointer scene, cairo_t *cr, double width, double height)
{
  mf_plot_figure_draw_scaled (draw_scene, scene, cr, width, height);
}

void
mf_stability_drawing_fit (MfStabilityScene *scene)
{
  double re_lo = 0.0, re_hi = 0.0, im_lo = 0.0, im_hi = 0.0, smallest = INFINITY;

  if (scene->eigenvalues)
    ; /* the origin and the points */
  else if (scene->region.method != NULL)
    mf_stability_outline_extent (&scene->region, &re_lo, &re_hi, &im_lo, &im_hi);
  else
    re_lo = -2.0, im_lo = -1.0, im_hi = 1.0; /* Euler's disc */
  for (guint k = 0; k < scene->n_points; k++)
    {
      double re = creal (scene->points[k]), im = cimag (scene->points[k]);

      if (!isfinite (re) || !isfinite (im))
        continue;
      re_lo = MIN (re_lo, re), re_hi = MAX (re_hi, re);
      im_lo = MIN (im_lo, im), im_hi = MAX (im_hi, im);
      if (re != 0.0)
        smallest = MIN (smallest, fabs (re));
      if (im != 0.0)
        smallest = MIN (smallest, fabs (im));
    }
  if (scene->eigenvalues)
    {
      /* symmetric about the real axis, as the eigenvalues of a real J are,
       * and at least a quarter as high as wide: real ones on a line */
      double half = MAX (MAX (-im_lo, im_hi), (re_hi - re_lo) / 8.0);

      im_lo = -half, im_hi = half;
    }
  scene->view.threshold = mf_stability_view_threshold_for (smallest);
  mf_stability_view_fit (&scene->view, re_lo, re_hi, im_lo, im_hi, FIT_MARGIN);
}
