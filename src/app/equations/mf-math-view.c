/* mf-math-view.c: notation as a widget (mf-math-view.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-math-view.h"

#include <math.h>

#include "mf-math-layout.h"

struct _MfMathView
{
  GtkWidget     parent_instance;
  MfMath       *math;
  MfMathLayout *layout; /* for the current font; NULL until needed */
};

G_DEFINE_FINAL_TYPE (MfMathView, mf_math_view, GTK_TYPE_WIDGET)

static MfMathLayout *
ensure_layout (MfMathView *self)
{
  if (self->layout == NULL && self->math != NULL)
    {
      PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));

      self->layout = mf_math_layout_new (self->math, context,
                                         pango_context_get_font_description (context));
    }
  return self->layout;
}

static void
relayout (MfMathView *self)
{
  g_clear_pointer (&self->layout, mf_math_layout_free);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
mf_math_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                      int *natural, int *minimum_baseline, int *natural_baseline)
{
  MfMathLayout *layout = ensure_layout (MF_MATH_VIEW (widget));

  *minimum = *natural = 0;
  if (layout == NULL)
    return;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = (int) ceil (mf_math_layout_get_width (layout));
  else
    {
      *minimum = *natural = (int) ceil (mf_math_layout_get_ascent (layout)
                                        + mf_math_layout_get_descent (layout));
      *minimum_baseline = *natural_baseline = (int) ceil (mf_math_layout_get_ascent (layout));
    }
}

static void
mf_math_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MfMathView *self = MF_MATH_VIEW (widget);
  MfMathLayout *layout = ensure_layout (self);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GdkRGBA color;
  cairo_t *cr;
  double y;

  if (layout == NULL)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_cairo_set_source_rgba (cr, &color);
  /* centred in the height given, as a label is */
  y = (height - mf_math_layout_get_ascent (layout) - mf_math_layout_get_descent (layout)) / 2
      + mf_math_layout_get_ascent (layout);
  mf_math_layout_draw (layout, cr, 0, y);
  cairo_destroy (cr);
}

static void
mf_math_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (mf_math_view_parent_class)->css_changed (widget, change);
  relayout (MF_MATH_VIEW (widget));
}

static void
mf_math_view_finalize (GObject *object)
{
  MfMathView *self = MF_MATH_VIEW (object);

  g_clear_pointer (&self->layout, mf_math_layout_free);
  g_clear_pointer (&self->math, mf_math_free);
  G_OBJECT_CLASS (mf_math_view_parent_class)->finalize (object);
}

static void
mf_math_view_class_init (MfMathViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = mf_math_view_finalize;
  widget_class->measure = mf_math_view_measure;
  widget_class->snapshot = mf_math_view_snapshot;
  widget_class->css_changed = mf_math_view_css_changed;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
mf_math_view_init (MfMathView *self)
{
}

GtkWidget *
mf_math_view_new (const MfMath *math)
{
  MfMathView *self = g_object_new (MF_TYPE_MATH_VIEW, NULL);

  mf_math_view_set_math (self, math);
  return GTK_WIDGET (self);
}

void
mf_math_view_set_math (MfMathView *self, const MfMath *math)
{
  g_autofree char *plain = NULL;

  g_return_if_fail (MF_IS_MATH_VIEW (self));

  g_clear_pointer (&self->math, mf_math_free);
  self->math = math != NULL ? mf_math_copy (math) : NULL;
  plain = math != NULL ? mf_math_to_plain (math) : NULL;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  plain != NULL ? plain : "", -1);
  relayout (self);
}

const MfMath *
mf_math_view_get_math (MfMathView *self)
{
  g_return_val_if_fail (MF_IS_MATH_VIEW (self), NULL);
  return self->math;
}

GtkWidget *
mf_math_view_add_words (GtkWidget *box, const char *words, const char *css_class)
{
  GtkWidget *label = gtk_label_new (words);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (GTK_BOX (box), label);
  return label;
}
