/* mf-handout-structure.c: the structural analysis of a mode in a handout
 * (mf-handout.h) — the words of the Structure page (mf-structural-text.h)
 * and its two grids (mf-structural-pattern.h) drawn for paper: crosses
 * where an equation involves an unknown, the matched cells filled, marked
 * rows on a tint, the column labels upright, the diagonal blocks framed.
 * No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-handout.h"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "mf-structural-pattern.h"
#include "mf-structural-text.h"

#define FONT "Sans 7"
#define CELL 12.0       /* a cell's side, in points */
#define PAD 4.0         /* between the labels and the grid */
#define LABEL_MAX 150.0 /* labels longer than this are cut with an ellipsis */
/* grids larger than this are left out, as on the Structure page */
#define MAX_ROWS 200

typedef struct
{
  MfPattern *pattern;
  double     row_label_width;
  double     col_label_height;
} Picture;

static void
picture_free (gpointer data)
{
  Picture *p = data;

  mf_pattern_free (p->pattern);
  g_free (p);
}

static PangoLayout *
label_layout (PangoContext *context, const char *text)
{
  PangoLayout *layout = pango_layout_new (context);
  PangoFontDescription *font = pango_font_description_from_string (FONT);

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) (LABEL_MAX * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  return layout;
}

/* The widest label of `labels`, in points. */
static double
widest (PangoContext *context, GPtrArray *labels)
{
  double most = 0.0;

  for (guint i = 0; i + 1 < labels->len; i++)
    {
      g_autoptr (PangoLayout) layout = label_layout (context, labels->pdata[i]);
      PangoRectangle logical;

      pango_layout_get_extents (layout, NULL, &logical);
      most = MAX (most, logical.width / (double) PANGO_SCALE);
    }
  return most;
}

static void
mark_colour (cairo_t *cr, guint8 mark)
{
  if (mark == MF_PATTERN_MARK_WARNING)
    cairo_set_source_rgb (cr, 0.70, 0.38, 0.0);
  else if (mark == MF_PATTERN_MARK_ACCENT)
    cairo_set_source_rgb (cr, 0.10, 0.35, 0.75);
  else
    cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
}

/* A label in a box of `length` × CELL along x from (x, y), right-aligned
 * (row labels) or, turned upright, reading upwards from the grid. */
static void
draw_label (cairo_t *cr, const char *text, guint8 mark, double x, double y, double length,
            gboolean upright)
{
  g_autoptr (PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (FONT);
  PangoRectangle logical;

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  if (mark != MF_PATTERN_MARK_NONE)
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) (LABEL_MAX * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_get_extents (layout, NULL, &logical);
  mark_colour (cr, mark);
  cairo_save (cr);
  cairo_translate (cr, x, y);
  if (upright)
    cairo_rotate (cr, -G_PI / 2.0);
  cairo_move_to (cr, length - logical.width / (double) PANGO_SCALE,
                 (CELL - logical.height / (double) PANGO_SCALE) / 2.0);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

static void
draw_cross (cairo_t *cr, double x, double y)
{
  double r = CELL * 0.22, cx = x + CELL / 2.0, cy = y + CELL / 2.0;

  cairo_set_line_width (cr, 0.9);
  cairo_move_to (cr, cx - r, cy - r);
  cairo_line_to (cr, cx + r, cy + r);
  cairo_move_to (cr, cx + r, cy - r);
  cairo_line_to (cr, cx - r, cy + r);
  cairo_stroke (cr);
}

static void
draw_picture (gpointer data, cairo_t *cr, double width, double height)
{
  const Picture *pic = data;
  const MfPattern *p = pic->pattern;
  double gx = pic->row_label_width + PAD, gy = pic->col_label_height + PAD;
  double gw = p->n_cols * CELL, gh = p->n_rows * CELL;

  cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
  cairo_paint (cr);
  /* marked rows on a tint, marked columns faintly */
  for (guint i = 0; i < p->n_rows; i++)
    if (p->row_marks[i] == MF_PATTERN_MARK_WARNING)
      {
        cairo_set_source_rgb (cr, 1.0, 0.9, 0.75);
        cairo_rectangle (cr, gx, gy + i * CELL, gw, CELL);
        cairo_fill (cr);
      }
  for (guint j = 0; j < p->n_cols; j++)
    if (p->col_marks[j] != MF_PATTERN_MARK_NONE)
      {
        if (p->col_marks[j] == MF_PATTERN_MARK_WARNING)
          cairo_set_source_rgba (cr, 1.0, 0.75, 0.4, 0.35);
        else
          cairo_set_source_rgba (cr, 0.55, 0.7, 1.0, 0.25);
        cairo_rectangle (cr, gx + j * CELL, gy, CELL, gh);
        cairo_fill (cr);
      }
  cairo_set_source_rgb (cr, 0.8, 0.8, 0.8);
  cairo_set_line_width (cr, 0.3);
  for (guint i = 0; i <= p->n_rows; i++)
    {
      cairo_move_to (cr, gx, gy + i * CELL);
      cairo_line_to (cr, gx + gw, gy + i * CELL);
    }
  for (guint j = 0; j <= p->n_cols; j++)
    {
      cairo_move_to (cr, gx + j * CELL, gy);
      cairo_line_to (cr, gx + j * CELL, gy + gh);
    }
  cairo_stroke (cr);
  for (guint k = 0; k < p->rows->len; k++)
    {
      guint i = g_array_index (p->rows, guint, k), j = g_array_index (p->cols, guint, k);
      double x = gx + j * CELL, y = gy + i * CELL;

      if (p->filled[i] == (int) j)
        {
          cairo_set_source_rgb (cr, 0.10, 0.35, 0.75);
          cairo_rectangle (cr, x + 0.5, y + 0.5, CELL - 1.0, CELL - 1.0);
          cairo_fill (cr);
          cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
        }
      else
        cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      draw_cross (cr, x, y);
    }
  for (guint b = 0; b < p->n_blocks; b++)
    {
      guint start = p->block_start[b], end = p->block_start[b + 1];

      if (end - start > 1)
        {
          cairo_set_source_rgb (cr, 0.85, 0.45, 0.0);
          cairo_set_line_width (cr, 1.4);
        }
      else
        {
          cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
          cairo_set_line_width (cr, 0.6);
        }
      cairo_rectangle (cr, gx + start * CELL, gy + start * CELL, (end - start) * CELL,
                       (end - start) * CELL);
      cairo_stroke (cr);
    }
  for (guint i = 0; i < p->n_rows; i++)
    draw_label (cr, p->row_labels->pdata[i], p->row_marks[i], 0.0, gy + i * CELL,
                pic->row_label_width, FALSE);
  for (guint j = 0; j < p->n_cols; j++)
    draw_label (cr, p->col_labels->pdata[j], p->col_marks[j], gx + j * CELL,
                pic->col_label_height, pic->col_label_height, TRUE);
}

/* `pattern` (taken) as a picture of the handout, unless it is too large. */
static void
add_pattern (MfHandout *h, MfPattern *pattern)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  Picture *pic = g_new0 (Picture, 1);

  pic->pattern = pattern;
  pic->row_label_width = widest (context, pattern->row_labels);
  pic->col_label_height = widest (context, pattern->col_labels);
  g_object_unref (context);
  mf_handout_add_picture (h, pic->row_label_width + PAD + pattern->n_cols * CELL + 1.0,
                          pic->col_label_height + PAD + pattern->n_rows * CELL + 1.0,
                          draw_picture, pic, picture_free, NULL);
}

static void
add_lines (MfHandout *h, GPtrArray *lines)
{
  for (guint i = 0; i < lines->len; i++)
    mf_handout_add_text (h, ((MfStructuralLine *) lines->pdata[i])->line);
}

static void
add_text (MfHandout *h, char *text)
{
  if (text != NULL)
    mf_handout_add_text (h, text);
  g_free (text);
}

void
mf_handout_add_structure (MfHandout *h, const MfStructural *s, int numerical)
{
  const MfIncidence *inc;
  const MfBlt *blt;
  g_autoptr (GPtrArray) steps = NULL;
  g_autoptr (GPtrArray) loops = NULL;

  g_return_if_fail (h != NULL && s != NULL);

  inc = s->incidence;
  blt = s->blt;
  mf_handout_add_section (h, _("Structural analysis"));
  add_text (h, mf_structural_text_title (s, numerical));
  add_text (h, mf_structural_text_comparison (s, numerical));

  mf_handout_add_heading (h, _("Incidence matrix"));
  add_text (h, mf_structural_text_incidence (s));
  mf_handout_add_text (h, mf_structural_text_incidence_legend ());
  if (mf_incidence_n_equations (inc) <= MAX_ROWS && mf_incidence_n_unknowns (inc) <= 2 * MAX_ROWS)
    add_pattern (h, mf_pattern_new_incidence (s));

  mf_handout_add_heading (h, _("Pantelides' algorithm"));
  steps = mf_structural_text_steps (s, MAX_ROWS);
  if (steps->len == 0)
    mf_handout_add_text (h, _("Every equation found an unknown of its own: nothing is "
                              "differentiated."));
  add_lines (h, steps);
  add_text (h, mf_structural_text_counts (s));
  add_text (h, mf_structural_text_index (s));
  add_text (h, mf_structural_text_dummies (s));

  mf_handout_add_heading (h, _("Block lower-triangular form"));
  add_text (h, mf_structural_text_blt (s));
  mf_handout_add_text (h, mf_structural_text_blt_legend ());
  if (blt->block_start[blt->n_blocks] <= MAX_ROWS)
    add_pattern (h, mf_pattern_new_blt (s));
  loops = mf_structural_text_loops (s, MAX_ROWS);
  add_lines (h, loops);
}
