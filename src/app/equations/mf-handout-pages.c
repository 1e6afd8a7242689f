/* mf-handout-pages.c: a handout's blocks set on pages (mf-handout.h,
 * mf-handout-private.h).
 *
 * Every block is measured first, with a Pango context of its own at 72
 * dots per inch (a point is a unit) and unhinted metrics, so that what is
 * measured is what a PDF or SVG surface draws.  The blocks then go down
 * the page in order; a block that does not fit below the last one starts
 * a new page (a block is never split), a heading goes with the blocks
 * after it up to the first equation, matrix or figure, and each section
 * but the first starts a page of its own.  An
 * equation wider than the text, or a matrix or figure larger than a page,
 * is scaled down to fit.  SVG has no pages: the same blocks go down one
 * page as tall as they need.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-handout-private.h"

#include <glib/gi18n.h>

#include <pango/pangocairo.h>

#include "mf-math-layout.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

#define TEXT_WIDTH (MF_HANDOUT_PAGE_WIDTH - 2 * MF_HANDOUT_MARGIN)
#define TOP MF_HANDOUT_MARGIN
#define BOTTOM (MF_HANDOUT_PAGE_HEIGHT - MF_HANDOUT_MARGIN)
#define LABEL_WIDTH 54.0 /* the column of the equations' ids */
#define INDENT 18.0      /* equations and matrices without an id */
#define CELL_PAD 6.0

typedef struct
{
  PangoContext *context;
} Setter;

typedef struct
{
  guint  page;
  double y;
} Place;

static const char *
font_of (MfBlockKind kind)
{
  switch (kind)
    {
    case MF_BLOCK_TITLE:
      return "Sans Bold 20";
    case MF_BLOCK_SECTION:
      return "Sans Bold 16";
    case MF_BLOCK_HEADING:
      return "Sans Bold 13";
    case MF_BLOCK_SUBHEADING:
      return "Sans Bold 10.5";
    case MF_BLOCK_MATH:
      return "Sans 11";
    case MF_BLOCK_MATRIX:
      return "Sans 8";
    case MF_BLOCK_TEXT:
    case MF_BLOCK_FIGURE:
    default:
      return "Sans 10";
    }
}

/* The space above a block, unless it is the first on its page. */
static double
gap_of (MfBlockKind kind)
{
  switch (kind)
    {
    case MF_BLOCK_SECTION:
      return 20.0;
    case MF_BLOCK_HEADING:
      return 16.0;
    case MF_BLOCK_SUBHEADING:
      return 10.0;
    case MF_BLOCK_MATRIX:
    case MF_BLOCK_FIGURE:
      return 8.0;
    case MF_BLOCK_TITLE:
    case MF_BLOCK_TEXT:
    case MF_BLOCK_MATH:
    default:
      return 5.0;
    }
}

/* Whether block i goes on the page of the block after it: a heading, and
 * prose that leads into an equation, a matrix or a figure ("Its time
 * derivative:"). */
static gboolean
leads (GPtrArray *blocks, guint i)
{
  MfBlockKind kind = ((const MfBlock *) blocks->pdata[i])->kind;
  MfBlockKind next;

  if (i + 1 >= blocks->len)
    return FALSE;
  next = ((const MfBlock *) blocks->pdata[i + 1])->kind;
  if (kind == MF_BLOCK_TEXT)
    return next == MF_BLOCK_MATH || next == MF_BLOCK_MATRIX || next == MF_BLOCK_FIGURE;
  return kind == MF_BLOCK_SECTION || kind == MF_BLOCK_HEADING || kind == MF_BLOCK_SUBHEADING;
}

/* Pango markup in `font`, wrapped at `width` (<= 0: not wrapped). */
static PangoLayout *
text_layout (const Setter *s, const char *markup, const char *font, double width)
{
  PangoLayout *layout = pango_layout_new (s->context);
  PangoFontDescription *desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_markup (layout, markup, -1);
  if (width > 0.0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_font_description_free (desc);
  return layout;
}

static void
layout_size (PangoLayout *layout, double *width, double *height)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  *width = logical.width / (double) PANGO_SCALE;
  *height = logical.height / (double) PANGO_SCALE;
}

static double
baseline (PangoLayout *layout)
{
  return pango_layout_get_baseline (layout) / (double) PANGO_SCALE;
}

static double
fit (double width, double height, double max_width)
{
  return MIN (1.0, MIN (max_width / MAX (width, 1e-9), (BOTTOM - TOP) / MAX (height, 1e-9)));
}

/* An equation's or a symbol's id in the label column, its baseline at y. */
static void
draw_label (const Setter *s, const char *label, cairo_t *cr, double x, double y)
{
  g_autofree char *markup = g_markup_escape_text (label, -1);
  g_autoptr (PangoLayout) layout = text_layout (s, markup, font_of (MF_BLOCK_TEXT), 0.0);

  pango_layout_set_width (layout, (int) ((LABEL_WIDTH - 6.0) * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  cairo_move_to (cr, x, y - baseline (layout));
  pango_cairo_show_layout (cr, layout);
}

/* Prose, after its label if it has one, and headings; a section is ruled
 * under. */
static double
text_box (const Setter *s, const MfBlock *b, cairo_t *cr, double x, double y)
{
  double offset = b->label != NULL ? LABEL_WIDTH : 0.0;
  g_autoptr (PangoLayout) layout = text_layout (s, b->text, font_of (b->kind),
                                                TEXT_WIDTH - offset);
  double width, height;

  layout_size (layout, &width, &height);
  if (cr == NULL)
    return height + (b->kind == MF_BLOCK_SECTION ? 6.0 : 0.0);
  if (b->label != NULL)
    draw_label (s, b->label, cr, x, y + baseline (layout));
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_move_to (cr, x + offset, y);
  pango_cairo_show_layout (cr, layout);
  if (b->kind == MF_BLOCK_SECTION)
    {
      cairo_set_line_width (cr, 0.8);
      cairo_move_to (cr, x, y + height + 3.0);
      cairo_line_to (cr, x + TEXT_WIDTH, y + height + 3.0);
      cairo_stroke (cr);
    }
  return height;
}

/* An equation after its id, on the id's baseline. */
static double
math_box (const Setter *s, const MfBlock *b, cairo_t *cr, double x, double y)
{
  PangoFontDescription *font = pango_font_description_from_string (font_of (MF_BLOCK_MATH));
  g_autoptr (MfMathLayout) math = mf_math_layout_new (b->math, s->context, font);
  double offset = b->label != NULL ? LABEL_WIDTH : INDENT;
  double ascent = mf_math_layout_get_ascent (math), descent = mf_math_layout_get_descent (math);
  double scale = fit (mf_math_layout_get_width (math), ascent + descent, TEXT_WIDTH - offset);

  pango_font_description_free (font);
  if (cr == NULL)
    return (ascent + descent) * scale;
  if (b->label != NULL)
    draw_label (s, b->label, cr, x, y + ascent * scale);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_save (cr);
  cairo_translate (cr, x + offset, y);
  cairo_scale (cr, scale, scale);
  mf_math_layout_draw (math, cr, 0.0, ascent);
  cairo_restore (cr);
  return (ascent + descent) * scale;
}

/* A cell's text centred in [x, x + width] on the row from y. */
static void
cell (cairo_t *cr, PangoLayout *layout, double x, double width, double y)
{
  double w, h;

  layout_size (layout, &w, &h);
  cairo_move_to (cr, x + (width - w) / 2.0, y + CELL_PAD / 2.0);
  pango_cairo_show_layout (cr, layout);
}

/* A matrix as a grid under its column names, the rows after theirs,
 * marked rows on a tint, zeros grey. */
static double
matrix_box (const Setter *s, const MfBlock *b, cairo_t *cr, double x, double y)
{
  const char *font = font_of (MF_BLOCK_MATRIX);
  guint n = b->n;
  g_autofree double *widths = g_new0 (double, n + 1); /* the row labels', then the columns' */
  g_autoptr (GPtrArray) layouts = g_ptr_array_new_with_free_func (g_object_unref);
  double row_height = 0.0, total = 0.0, height, scale, cx;

  /* (n + 1) × (n + 1) cells, row by row: the corner and the column names
   * first, then each row's label and entries */
  for (guint i = 0; i <= n; i++)
    for (guint j = 0; j <= n; j++)
      {
        g_autofree char *number = i > 0 && j > 0 ? mf_math_number_text (AT (b->e, n, i - 1, j - 1))
                                                 : NULL;
        const char *text = i == 0 ? (j == 0 ? "" : b->columns[j - 1])
                                  : (j == 0 ? b->rows[i - 1] : number);
        g_autofree char *markup = g_markup_escape_text (text, -1);
        PangoLayout *layout = text_layout (s, markup, font, 0.0);
        double w, h;

        layout_size (layout, &w, &h);
        widths[j] = MAX (widths[j], w + 2 * CELL_PAD);
        row_height = MAX (row_height, h + CELL_PAD);
        g_ptr_array_add (layouts, layout);
      }
  for (guint j = 0; j <= n; j++)
    total += widths[j];
  height = row_height * (n + 1);
  scale = fit (total, height, TEXT_WIDTH - INDENT);
  if (cr == NULL)
    return height * scale;
  cairo_save (cr);
  cairo_translate (cr, x + INDENT, y);
  cairo_scale (cr, scale, scale);
  for (guint i = 0; i < n; i++)
    if (b->marked[i])
      {
        cairo_set_source_rgb (cr, 1.0, 0.9, 0.75);
        cairo_rectangle (cr, 0.0, row_height * (i + 1), total, row_height);
        cairo_fill (cr);
      }
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  cairo_set_line_width (cr, 0.5);
  cairo_rectangle (cr, widths[0], row_height, total - widths[0], row_height * n);
  cairo_stroke (cr);
  for (guint i = 0; i <= n; i++)
    {
      cx = 0.0;
      for (guint j = 0; j <= n; j++)
        {
          gboolean zero = i > 0 && j > 0 && AT (b->e, n, i - 1, j - 1) == 0.0;

          if (zero)
            cairo_set_source_rgb (cr, 0.6, 0.6, 0.6);
          else
            cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          cell (cr, layouts->pdata[i * (n + 1) + j], cx, widths[j], row_height * i);
          cx += widths[j];
        }
    }
  cairo_restore (cr);
  return height * scale;
}

static double
figure_box (const MfBlock *b, cairo_t *cr, double x, double y)
{
  double scale = fit (b->width, b->height, TEXT_WIDTH);

  if (cr == NULL)
    return b->height * scale;
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);
  cairo_rectangle (cr, 0.0, 0.0, b->width, b->height);
  cairo_clip (cr);
  b->draw (b->data, cr, b->width, b->height);
  cairo_restore (cr);
  return b->height * scale;
}

/* The block's height; drawn with its top left at (x, y) when `cr` is not
 * NULL. */
static double
block_box (const Setter *s, const MfBlock *b, cairo_t *cr, double x, double y)
{
  switch (b->kind)
    {
    case MF_BLOCK_MATH:
      return math_box (s, b, cr, x, y);
    case MF_BLOCK_MATRIX:
      return matrix_box (s, b, cr, x, y);
    case MF_BLOCK_FIGURE:
      return figure_box (b, cr, x, y);
    case MF_BLOCK_TITLE:
    case MF_BLOCK_SECTION:
    case MF_BLOCK_HEADING:
    case MF_BLOCK_SUBHEADING:
    case MF_BLOCK_TEXT:
    default:
      return text_box (s, b, cr, x, y);
    }
}

/* Where each block goes; returns the number of pages and sets *end to
 * the bottom of the last block. */
static guint
paginate (const Setter *s, const MfHandout *h, gboolean paged, Place *places, double *end)
{
  GPtrArray *blocks = h->blocks;
  g_autofree double *heights = g_new0 (double, MAX (blocks->len, 1));
  gboolean sectioned = FALSE;
  guint page = 0;
  double y = TOP;

  for (guint i = 0; i < blocks->len; i++)
    heights[i] = block_box (s, blocks->pdata[i], NULL, 0.0, 0.0);
  for (guint i = 0; i < blocks->len; i++)
    {
      const MfBlock *b = blocks->pdata[i];
      double gap = y > TOP ? gap_of (b->kind) : 0.0;
      double need = heights[i];
      gboolean new_page;

      /* a heading, the words under it and the equation they lead to */
      for (guint j = i; leads (blocks, j); j++)
        need += gap_of (((const MfBlock *) blocks->pdata[j + 1])->kind) + heights[j + 1];
      new_page = paged && y > TOP
                 && ((b->kind == MF_BLOCK_SECTION && sectioned) || y + gap + need > BOTTOM);
      if (b->kind == MF_BLOCK_SECTION)
        sectioned = TRUE;
      if (new_page)
        {
          page++;
          y = TOP;
          gap = 0.0;
        }
      places[i] = (Place) { page, y + gap };
      y += gap + heights[i];
    }
  *end = y;
  return page + 1;
}

static void
page_number (const Setter *s, cairo_t *cr, guint page, guint n_pages)
{
  g_autofree char *text = g_strdup_printf (_("Page %u of %u"), page + 1, n_pages);
  g_autoptr (PangoLayout) layout = text_layout (s, text, font_of (MF_BLOCK_MATRIX), 0.0);
  double width, height;

  layout_size (layout, &width, &height);
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  cairo_move_to (cr, (MF_HANDOUT_PAGE_WIDTH - width) / 2.0,
                 MF_HANDOUT_PAGE_HEIGHT - MF_HANDOUT_MARGIN / 2.0 - height);
  pango_cairo_show_layout (cr, layout);
}

cairo_status_t
mf_handout_draw (const MfHandout *h, gboolean paged, MfHandoutSurfaceFunc make, gpointer sink,
                 guint *n_pages)
{
  Setter s;
  cairo_font_options_t *options = cairo_font_options_create ();
  g_autofree Place *places = g_new0 (Place, MAX (h->blocks->len, 1));
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double end;
  guint pages, next = 0;

  s.context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  pango_cairo_context_set_resolution (s.context, 72.0);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (s.context, options);
  cairo_font_options_destroy (options);

  pages = paginate (&s, h, paged, places, &end);
  surface = make (sink, MF_HANDOUT_PAGE_WIDTH,
                  paged ? MF_HANDOUT_PAGE_HEIGHT : MAX (end + MF_HANDOUT_MARGIN, TOP));
  cr = cairo_create (surface);
  for (guint page = 0; page < pages; page++)
    {
      cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
      cairo_paint (cr);
      for (; next < h->blocks->len && places[next].page == page; next++)
        block_box (&s, h->blocks->pdata[next], cr, MF_HANDOUT_MARGIN, places[next].y);
      if (paged)
        {
          page_number (&s, cr, page, pages);
          cairo_show_page (cr);
        }
    }
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  g_object_unref (s.context);
  *n_pages = paged ? pages : 1;
  return status;
}
