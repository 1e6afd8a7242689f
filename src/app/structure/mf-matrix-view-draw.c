/* mf-matrix-view-draw.c: drawing a matrix view — the visible cells with
 * their bands and tints, then the sticky labels over them.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-matrix-view-private.h"

typedef struct
{
  GdkRGBA fg;
  GdkRGBA bg;
  GdkRGBA header_bg;
  GdkRGBA accent;
  GdkRGBA warning;
} MfMatrixColors;

static void
lookup_color (GtkStyleContext *context, const char *name, GdkRGBA *color, const char *fallback)
{
  if (!gtk_style_context_lookup_color (context, name, color))
    gdk_rgba_parse (color, fallback);
}

static void
get_colors (MfMatrixView *self, MfMatrixColors *colors)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));

  gtk_style_context_get_color (context, &colors->fg);
  lookup_color (context, "view_bg_color", &colors->bg, "#ffffff");
  lookup_color (context, "headerbar_bg_color", &colors->header_bg, "#ebebeb");
  lookup_color (context, "accent_color", &colors->accent, "#1c71d8");
  lookup_color (context, "warning_color", &colors->warning, "#9c6e03");
}

static void
set_source (cairo_t *cr, const GdkRGBA *color, double alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha * alpha);
}

static const GdkRGBA *
mark_color (const MfMatrixColors *colors, guint8 mark)
{
  return mark == MF_MATRIX_MARK_ACCENT    ? &colors->accent
         : mark == MF_MATRIX_MARK_WARNING ? &colors->warning
                                          : &colors->fg;
}

/* Text in a box: left-aligned or centred, clipped with an ellipsis. */
static void
draw_text (cairo_t *cr, PangoLayout *layout, const char *text, double x, double y,
           double width, double height, gboolean centre)
{
  int text_w, text_h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) (width - 2 * LABEL_PADDING) * PANGO_SCALE);
  pango_layout_get_pixel_size (layout, &text_w, &text_h);
  cairo_move_to (cr, centre ? x + (width - text_w) / 2 : x + LABEL_PADDING,
                 y + (height - text_h) / 2);
  pango_cairo_show_layout (cr, layout);
}

/* Bands across the cells: a row marked as a warning (a zero row of E or
 * M̄, a massless branch, an undetermined constraint) is shaded in the
 * warning colour, under the bands of highlighted and selected rows and
 * columns. */
static void
draw_bands (MfMatrixView *self, cairo_t *cr, const MfMatrixColors *colors, guint r0, guint r1,
            guint c0, guint c1, double ox, double oy, double width, double height)
{
  for (guint i = r0; i < r1 && self->row_marks != NULL; i++)
    if (self->row_marks[i] == MF_MATRIX_MARK_WARNING)
      {
        set_source (cr, &colors->warning, 0.16);
        cairo_rectangle (cr, 0, oy + (double) i * self->cell_height, width, self->cell_height);
        cairo_fill (cr);
      }
  for (guint i = r0; i < r1; i++)
    {
      double alpha = (int) i == self->selected_row ? 0.30
                     : self->row_highlight != NULL && self->row_highlight[i] ? 0.14 : 0.0;

      if (alpha == 0.0)
        continue;
      set_source (cr, &colors->accent, alpha);
      cairo_rectangle (cr, 0, oy + (double) i * self->cell_height, width, self->cell_height);
      cairo_fill (cr);
    }
  for (guint j = c0; j < c1; j++)
    {
      double alpha = (int) j == self->selected_col ? 0.30
                     : self->col_highlight != NULL && self->col_highlight[j] ? 0.14 : 0.0;

      if (alpha == 0.0)
        continue;
      set_source (cr, &colors->accent, alpha);
      cairo_rectangle (cr, ox + (double) j * self->cell_width, 0, self->cell_width, height);
      cairo_fill (cr);
    }
}

/* The diagonal blocks that meet rows r0 .. r1: a loop (more than one
 * row) in the warning colour, a single equation faintly. */
static void
draw_blocks (MfMatrixView *self, cairo_t *cr, const MfMatrixColors *colors, guint r0, guint r1,
             double ox, double oy)
{
  for (guint b = 0; b < self->n_blocks; b++)
    {
      guint start = self->block_start[b], end = self->block_start[b + 1];
      gboolean loop = end - start > 1;

      if (end <= r0 || start >= r1 || end == start)
        continue;
      if (loop)
        set_source (cr, &colors->warning, 1.0);
      else
        set_source (cr, &colors->fg, 0.35);
      cairo_set_line_width (cr, loop ? 2.0 : 1.0);
      cairo_rectangle (cr, ox + (double) start * self->cell_width + 1,
                       oy + (double) start * self->cell_height + 1,
                       (double) (end - start) * self->cell_width - 1,
                       (double) (end - start) * self->cell_height - 1);
      cairo_stroke (cr);
    }
}

static void
draw_cells (MfMatrixView *self, cairo_t *cr, const MfMatrixColors *colors, int width,
            int height)
{
  g_autoptr (PangoLayout) layout = mf_matrix_view_create_layout (self, TRUE);
  double ox = self->header_width - mf_matrix_view_scroll_x (self);
  double oy = self->header_height - mf_matrix_view_scroll_y (self);
  guint c0 = (guint) MAX (0.0, (self->header_width - ox) / self->cell_width);
  guint r0 = (guint) MAX (0.0, (self->header_height - oy) / self->cell_height);
  guint c1 = MIN (self->n_cols, (guint) ((width - ox) / self->cell_width) + 1);
  guint r1 = MIN (self->n_rows, (guint) ((height - oy) / self->cell_height) + 1);
  double right = MIN ((double) width, ox + (double) self->n_cols * self->cell_width);
  double bottom = MIN ((double) height, oy + (double) self->n_rows * self->cell_height);

  cairo_save (cr);
  cairo_rectangle (cr, self->header_width, self->header_height, width - self->header_width,
                   height - self->header_height);
  cairo_clip (cr);
  draw_bands (self, cr, colors, r0, r1, c0, c1, ox, oy, right, bottom);

  /* grid lines, then the entries: a tint says "nonzero" before the number */
  set_source (cr, &colors->fg, 0.10);
  cairo_set_line_width (cr, 1.0);
  for (guint i = r0; i <= r1 && i <= self->n_rows; i++)
    {
      cairo_move_to (cr, self->header_width, oy + (double) i * self->cell_height + 0.5);
      cairo_line_to (cr, right, oy + (double) i * self->cell_height + 0.5);
    }
  for (guint j = c0; j <= c1 && j <= self->n_cols; j++)
    {
      cairo_move_to (cr, ox + (double) j * self->cell_width + 0.5, self->header_height);
      cairo_line_to (cr, ox + (double) j * self->cell_width + 0.5, bottom);
    }
  cairo_stroke (cr);

  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  for (guint i = r0; i < r1; i++)
    for (guint k = mf_matrix_view_first_entry (self, i, c0);
         k < self->row_start[i + 1] && self->col_index[k] < c1; k++)
      {
        double x = ox + (double) self->col_index[k] * self->cell_width;
        double y = oy + (double) i * self->cell_height;
        g_autofree char *text = mf_matrix_view_cell_text (self, self->values[k]);
        gboolean filled = self->row_cell != NULL
                          && self->row_cell[i] == (int) self->col_index[k];

        set_source (cr, &colors->accent, filled ? 0.85 : 0.10);
        cairo_rectangle (cr, x + 1, y + 1, self->cell_width - 1, self->cell_height - 1);
        cairo_fill (cr);
        set_source (cr, filled ? &colors->bg : &colors->fg, 1.0);
        draw_text (cr, layout, text, x, y, self->cell_width, self->cell_height, TRUE);
      }
  draw_blocks (self, cr, colors, r0, r1, ox, oy);

  if (self->selected_row >= 0 && self->selected_col >= 0)
    {
      set_source (cr, &colors->accent, 1.0);
      cairo_set_line_width (cr, 2.0);
      cairo_rectangle (cr, ox + (double) self->selected_col * self->cell_width + 1,
                       oy + (double) self->selected_row * self->cell_height + 1,
                       self->cell_width - 1, self->cell_height - 1);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_label_cell (MfMatrixView *self, cairo_t *cr, PangoLayout *layout,
                 const MfMatrixColors *colors, const char *label, guint8 mark,
                 gboolean selected, gboolean highlighted, double x, double y, double w, double h,
                 gboolean column)
{
  PangoAttrList *attrs;

  if (selected || highlighted)
    {
      set_source (cr, &colors->accent, selected ? 0.30 : 0.14);
      cairo_rectangle (cr, x, y, w, h);
      cairo_fill (cr);
    }
  if (mark != MF_MATRIX_MARK_NONE)
    {
      set_source (cr, mark_color (colors, mark), 1.0);
      if (column)
        cairo_rectangle (cr, x + 2, y + h - MARK_STRIPE, w - 4, MARK_STRIPE);
      else
        cairo_rectangle (cr, x, y + 2, MARK_STRIPE, h - 4);
      cairo_fill (cr);
    }
  attrs = pango_attr_list_new ();
  if (mark != MF_MATRIX_MARK_NONE || selected)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  set_source (cr, mark_color (colors, mark), 1.0);
  draw_text (cr, layout, label, column ? x : x + MARK_STRIPE, y,
             column ? w : w - MARK_STRIPE, column ? h - MARK_STRIPE : h, column);
}

static void
draw_headers (MfMatrixView *self, cairo_t *cr, const MfMatrixColors *colors, int width,
              int height)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  double ox = self->header_width - mf_matrix_view_scroll_x (self);
  double oy = self->header_height - mf_matrix_view_scroll_y (self);
  guint c0 = (guint) MAX (0.0, (self->header_width - ox) / self->cell_width);
  guint r0 = (guint) MAX (0.0, (self->header_height - oy) / self->cell_height);
  guint c1 = MIN (self->n_cols, (guint) ((width - ox) / self->cell_width) + 1);
  guint r1 = MIN (self->n_rows, (guint) ((height - oy) / self->cell_height) + 1);

  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);

  cairo_save (cr);
  cairo_rectangle (cr, self->header_width, 0, width - self->header_width, self->header_height);
  cairo_clip (cr);
  set_source (cr, &colors->header_bg, 1.0);
  cairo_paint (cr);
  for (guint j = c0; j < c1; j++)
    draw_label_cell (self, cr, layout, colors, self->col_labels[j],
                     self->col_marks != NULL ? self->col_marks[j] : MF_MATRIX_MARK_NONE,
                     (int) j == self->selected_col,
                     self->col_highlight != NULL && self->col_highlight[j],
                     ox + (double) j * self->cell_width, 0, self->cell_width,
                     self->header_height, TRUE);
  cairo_restore (cr);

  cairo_save (cr);
  cairo_rectangle (cr, 0, self->header_height, self->header_width, height - self->header_height);
  cairo_clip (cr);
  set_source (cr, &colors->header_bg, 1.0);
  cairo_paint (cr);
  for (guint i = r0; i < r1; i++)
    draw_label_cell (self, cr, layout, colors, self->row_labels[i],
                     self->row_marks != NULL ? self->row_marks[i] : MF_MATRIX_MARK_NONE,
                     (int) i == self->selected_row,
                     self->row_highlight != NULL && self->row_highlight[i], 0,
                     oy + (double) i * self->cell_height, self->header_width,
                     self->cell_height, FALSE);
  cairo_restore (cr);

  /* the corner, and the lines that set the labels off from the cells */
  set_source (cr, &colors->header_bg, 1.0);
  cairo_rectangle (cr, 0, 0, self->header_width, self->header_height);
  cairo_fill (cr);
  set_source (cr, &colors->fg, 0.25);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, 0, self->header_height - 0.5);
  cairo_line_to (cr, width, self->header_height - 0.5);
  cairo_move_to (cr, self->header_width - 0.5, 0);
  cairo_line_to (cr, self->header_width - 0.5, height);
  cairo_stroke (cr);
}

static void
draw_placeholder (MfMatrixView *self, cairo_t *cr, const MfMatrixColors *colors, int width,
                  int height)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  int text_w, text_h;

  pango_layout_set_text (layout, self->placeholder != NULL ? self->placeholder : "", -1);
  pango_layout_set_width (layout, MAX (width - 24, 10) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_size (layout, &text_w, &text_h);
  set_source (cr, &colors->fg, 0.55);
  cairo_move_to (cr, 12, (height - text_h) / 2.0);
  pango_cairo_show_layout (cr, layout);
}

void
mf_matrix_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MfMatrixView *self = MF_MATRIX_VIEW (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  MfMatrixColors colors;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  mf_matrix_view_ensure_geometry (self);
  get_colors (self, &colors);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (self->n_rows == 0 || self->n_cols == 0)
    draw_placeholder (self, cr, &colors, width, height);
  else
    {
      draw_cells (self, cr, &colors, width, height);
      draw_headers (self, cr, &colors, width, height);
    }
  cairo_destroy (cr);
}
