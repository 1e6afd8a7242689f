/* mf-math-layout.c: notation typeset as boxes (mf-math-layout.h).
 *
 * Each node becomes a box: a width, an ascent and a descent about its
 * baseline, and what to draw — runs of text (Pango layouts) and strokes
 * (fraction and radical bars, tall parentheses and bars) — placed relative
 * to the box's left end on its baseline, y growing downwards.  A parent
 * moves its children's items to where it puts them; the whole tree ends
 * in one flat list that draws in order.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-math-layout.h"

#include <math.h>
#include <string.h>

typedef enum
{
  ITEM_TEXT,   /* layout with its baseline at (x, y) */
  ITEM_LINE,   /* from (x, y) to (x2, y2) */
  ITEM_PAREN,  /* a tall parenthesis from (x2, y) to (x2, y2), bowing out to x */
} ItemKind;

typedef struct
{
  ItemKind     kind;
  PangoLayout *layout;
  double       x, y, x2, y2;
  double       width; /* strokes */
} Item;

typedef struct
{
  double  width, ascent, descent;
  GArray *items; /* Item */
} Box;

struct _MfMathLayout
{
  Box box;
};

typedef struct
{
  PangoContext               *context;
  const PangoFontDescription *font;
  double                      em; /* the main size, in pixels */
} Setter;

static void
box_init (Box *box)
{
  box->width = box->ascent = box->descent = 0.0;
  box->items = g_array_new (FALSE, FALSE, sizeof (Item));
}

static void
box_clear (Box *box)
{
  for (guint i = 0; box->items != NULL && i < box->items->len; i++)
    g_clear_object (&g_array_index (box->items, Item, i).layout);
  g_clear_pointer (&box->items, g_array_unref);
}

/* Moves `child`'s items by (dx, dy) into `box` (the child is emptied). */
static void
box_take (Box *box, Box *child, double dx, double dy)
{
  for (guint i = 0; i < child->items->len; i++)
    {
      Item item = g_array_index (child->items, Item, i);

      item.x += dx;
      item.y += dy;
      if (item.kind != ITEM_TEXT)
        item.x2 += dx;
      if (item.kind != ITEM_TEXT)
        item.y2 += dy;
      g_array_append_val (box->items, item);
    }
  g_array_set_size (child->items, 0);
  box_clear (child);
}

static void
add_line (Box *box, double x, double y, double x2, double y2, double width)
{
  Item item = { ITEM_LINE, NULL, x, y, x2, y2, width };

  g_array_append_val (box->items, item);
}

/* Text (Pango markup) at `scale` of the main size. */
static Box
text_box (const Setter *s, const char *markup, double scale)
{
  PangoFontDescription *font = pango_font_description_copy (s->font);
  PangoLayout *layout = pango_layout_new (s->context);
  PangoRectangle ink, logical;
  Item item = { ITEM_TEXT, layout, 0, 0, 0, 0, 0 };
  Box box;
  int baseline;

  if (pango_font_description_get_size_is_absolute (font))
    pango_font_description_set_absolute_size (font, pango_font_description_get_size (font) * scale);
  else
    pango_font_description_set_size (font, (int) (pango_font_description_get_size (font) * scale));
  pango_layout_set_font_description (layout, font);
  pango_layout_set_markup (layout, markup, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  baseline = pango_layout_get_baseline (layout) / PANGO_SCALE;
  box_init (&box);
  box.width = logical.width;
  box.ascent = baseline;
  box.descent = logical.height - baseline;
  g_array_append_val (box.items, item);
  pango_font_description_free (font);
  return box;
}

static Box layout_node (const Setter *s, const MfMath *math, double scale);

/* Children side by side on one baseline. */
static Box
row_box (const Setter *s, const MfMath *math, guint from, double scale)
{
  Box box;

  box_init (&box);
  for (guint i = from; i < mf_math_n_children (math); i++)
    {
      Box child = layout_node (s, mf_math_child (math, i), scale);

      box.ascent = MAX (box.ascent, child.ascent);
      box.descent = MAX (box.descent, child.descent);
      {
        double x = box.width;

        box.width += child.width;
        box_take (&box, &child, x, 0.0);
      }
    }
  return box;
}

/* The height of the fraction bar above the baseline: about the middle of
 * a minus sign. */
static double
axis (const Setter *s, double scale)
{
  return 0.3 * s->em * scale;
}

static Box
frac_box (const Setter *s, const MfMath *math, double scale)
{
  double inner = MAX (scale * 0.85, 0.6);
  Box num = layout_node (s, mf_math_child (math, 0), inner);
  Box den = layout_node (s, mf_math_child (math, 1), inner);
  double pad = 0.15 * s->em * scale, gap = 0.12 * s->em * scale;
  double rule = MAX (1.0, 0.06 * s->em * scale);
  double width = MAX (num.width, den.width) + 2 * pad;
  double a = axis (s, scale);
  Box box;

  box_init (&box);
  box.width = width;
  box.ascent = a + gap + num.descent + num.ascent;
  box.descent = gap + den.ascent + den.descent - a;
  add_line (&box, 0, -a, width, -a, rule);
  box_take (&box, &num, (width - num.width) / 2, -a - gap - num.descent);
  box_take (&box, &den, (width - den.width) / 2, -a + gap + den.ascent);
  return box;
}

static Box
power_box (const Setter *s, const MfMath *math, double scale)
{
  Box base = layout_node (s, mf_math_child (math, 0), scale);
  Box exponent = layout_node (s, mf_math_child (math, 1), MAX (scale * 0.7, 0.5));
  double raise = MAX (base.ascent * 0.55, 0.45 * s->em * scale);
  Box box;

  box_init (&box);
  box.width = base.width + exponent.width + 0.05 * s->em * scale;
  box.ascent = MAX (base.ascent, raise + exponent.ascent);
  box.descent = MAX (base.descent, exponent.descent - raise);
  {
    double x = base.width + 0.05 * s->em * scale;

    box_take (&box, &base, 0, 0);
    box_take (&box, &exponent, x, -raise);
  }
  return box;
}

/* `inner` between two delimiters as tall as it is: parentheses or bars. */
static Box
fenced_box (const Setter *s, Box inner, gboolean bars, double scale)
{
  double em = s->em * scale, stroke = MAX (1.0, 0.07 * em);
  double top = -MAX (inner.ascent, 0.75 * em), bottom = MAX (inner.descent, 0.22 * em);
  double bow = MIN (0.1 * (bottom - top), 0.25 * em);
  double side = bars ? 0.25 * em : bow + 0.2 * em;
  Box box;

  box_init (&box);
  box.ascent = -top + 0.05 * em;
  box.descent = bottom + 0.05 * em;
  box.width = inner.width + 2 * side;
  if (bars)
    {
      add_line (&box, side / 2, top, side / 2, bottom, stroke);
      add_line (&box, box.width - side / 2, top, box.width - side / 2, bottom, stroke);
    }
  else
    {
      double out = 0.08 * em;
      Item left = { ITEM_PAREN, NULL, out, top, out + bow, bottom, stroke };
      Item right = { ITEM_PAREN, NULL, box.width - out, top, box.width - out - bow, bottom,
                     stroke };

      g_array_append_val (box.items, left);
      g_array_append_val (box.items, right);
    }
  box_take (&box, &inner, side, 0);
  return box;
}

static Box
sqrt_box (const Setter *s, const MfMath *math, double scale)
{
  Box inner = row_box (s, math, 0, scale);
  double em = s->em * scale, stroke = MAX (1.0, 0.07 * em);
  double top = -inner.ascent - 0.15 * em, bottom = inner.descent, sign = 0.6 * em;
  Box box;

  box_init (&box);
  box.width = sign + inner.width + 0.1 * em;
  box.ascent = -top + stroke;
  box.descent = bottom;
  add_line (&box, 0, (top + bottom) * 0.4 + 0.1 * em, sign * 0.3, bottom * 0.2 + 0.15 * em, stroke);
  add_line (&box, sign * 0.3, bottom * 0.2 + 0.15 * em, sign * 0.6, bottom, stroke);
  add_line (&box, sign * 0.6, bottom, sign, top, stroke);
  add_line (&box, sign, top, box.width, top, stroke);
  box_take (&box, &inner, sign + 0.05 * em, 0);
  return box;
}

/* Boxes side by side: a run of already laid out parts. */
static void
append_box (Box *row, Box part)
{
  double x = row->width;

  row->ascent = MAX (row->ascent, part.ascent);
  row->descent = MAX (row->descent, part.descent);
  row->width += part.width;
  box_take (row, &part, x, 0);
}

static Box
call_box (const Setter *s, const MfMath *math, double scale)
{
  g_autofree char *name = g_markup_escape_text (mf_math_get_text (math), -1);
  Box box, args;

  if (strcmp (mf_math_get_text (math), "√") == 0)
    return sqrt_box (s, math, scale);
  box_init (&box);
  box_init (&args);
  for (guint i = 0; i < mf_math_n_children (math); i++)
    {
      if (i > 0)
        append_box (&args, text_box (s, ", ", scale));
      append_box (&args, layout_node (s, mf_math_child (math, i), scale));
    }
  append_box (&box, text_box (s, name, scale));
  append_box (&box, fenced_box (s, args, FALSE, scale));
  return box;
}

/* What a line of text would put here, as Pango markup. */
static Box
atom_box (const Setter *s, const MfMath *math, double scale)
{
  g_autofree char *markup = mf_math_to_markup (math);

  return text_box (s, markup, scale);
}

static Box
layout_node (const Setter *s, const MfMath *math, double scale)
{
  Box box;

  switch (mf_math_kind (math))
    {
    case MF_MATH_ROW:
      return row_box (s, math, 0, scale);
    case MF_MATH_FRAC:
      return frac_box (s, math, scale);
    case MF_MATH_POWER:
      return power_box (s, math, scale);
    case MF_MATH_PRIME:
      box_init (&box);
      append_box (&box, layout_node (s, mf_math_child (math, 0), scale));
      append_box (&box, text_box (s, "′", scale));
      return box;
    case MF_MATH_ABS:
      return fenced_box (s, layout_node (s, mf_math_child (math, 0), scale), TRUE, scale);
    case MF_MATH_PAREN:
      return fenced_box (s, layout_node (s, mf_math_child (math, 0), scale), FALSE, scale);
    case MF_MATH_CALL:
      return call_box (s, math, scale);
    case MF_MATH_TEXT:
    case MF_MATH_WORDS:
    case MF_MATH_NUMBER:
    case MF_MATH_NAME:
    case MF_MATH_SYMBOL:
    default:
      return atom_box (s, math, scale);
    }
}

MfMathLayout *
mf_math_layout_new (const MfMath *math, PangoContext *context, const PangoFontDescription *font)
{
  MfMathLayout *layout = g_new0 (MfMathLayout, 1);
  Setter setter = { context, font, 0 };
  double size = pango_font_description_get_size (font) / (double) PANGO_SCALE;

  /* points to pixels at the context's resolution, unless already pixels */
  if (!pango_font_description_get_size_is_absolute (font))
    size *= pango_cairo_context_get_resolution (context) > 0
              ? pango_cairo_context_get_resolution (context) / 72.0 : 96.0 / 72.0;
  setter.em = size > 0 ? size : 14.0;
  layout->box = layout_node (&setter, math, 1.0);
  return layout;
}

void
mf_math_layout_free (MfMathLayout *layout)
{
  if (layout == NULL)
    return;
  box_clear (&layout->box);
  g_free (layout);
}

double
mf_math_layout_get_width (const MfMathLayout *layout)
{
  return layout->box.width;
}

double
mf_math_layout_get_ascent (const MfMathLayout *layout)
{
  return layout->box.ascent;
}

double
mf_math_layout_get_descent (const MfMathLayout *layout)
{
  return layout->box.descent;
}

static void
draw_paren (cairo_t *cr, const Item *item)
{
  double h = item->y2 - item->y;

  cairo_move_to (cr, item->x2, item->y);
  cairo_curve_to (cr, item->x, item->y + h * 0.3, item->x, item->y + h * 0.7, item->x2, item->y2);
}

void
mf_math_layout_draw (const MfMathLayout *layout, cairo_t *cr, double x, double y)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  for (guint i = 0; i < layout->box.items->len; i++)
    {
      const Item *item = &g_array_index (layout->box.items, Item, i);

      switch (item->kind)
        {
        case ITEM_TEXT:
          cairo_move_to (cr, item->x,
                         item->y - pango_layout_get_baseline (item->layout) / (double) PANGO_SCALE);
          pango_cairo_show_layout (cr, item->layout);
          break;
        case ITEM_LINE:
          cairo_set_line_width (cr, item->width);
          cairo_move_to (cr, item->x, item->y);
          cairo_line_to (cr, item->x2, item->y2);
          cairo_stroke (cr);
          break;
        case ITEM_PAREN:
        default:
          cairo_set_line_width (cr, item->width);
          draw_paren (cr, item);
          cairo_stroke (cr);
          break;
        }
    }
  cairo_restore (cr);
}
