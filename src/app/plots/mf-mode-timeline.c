/* mf-mode-timeline.c: the strip of mode bands and switch ticks.
 *
 * Its time axis spans the same columns as the plot views' data areas
 * (MF_PLOT_VIEW_LEFT_MARGIN, MF_PLOT_VIEW_RIGHT_MARGIN), so a band lines up
 * with what happened in the plots above it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-mode-timeline.h"

#include <adwaita.h>
#include <math.h>

#include "mf-plot-style.h"
#include "mf-plot-view.h"

#define HEIGHT 28
#define LABEL_GAP 4.0
#define TICK_HIT 4.0 /* how near a tick the pointer must be for its tooltip */

typedef struct
{
  double t0, t1;
  char  *mode;
} Band;

typedef struct
{
  double t;
  char  *label;
} Event;

struct _MfModeTimeline
{
  GtkWidget    parent_instance;
  MfPlotRange *x_range;
  gulong       changed_id;
  GArray      *bands;  /* Band */
  GArray      *events; /* Event */
  gboolean     dark;
};

G_DEFINE_FINAL_TYPE (MfModeTimeline, mf_mode_timeline, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_X_RANGE, N_PROPS };

static GParamSpec *properties[N_PROPS];

static void
band_clear (gpointer data)
{
  g_free (((Band *) data)->mode);
}

static void
event_clear (gpointer data)
{
  g_free (((Event *) data)->label);
}

static const MfPlotStyle *
style_of (MfModeTimeline *self)
{
  return self->dark ? mf_plot_style_dark () : mf_plot_style_light ();
}

static void
update_style (MfModeTimeline *self)
{
  self->dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
data_changed (MfModeTimeline *self)
{
  if (self->bands->len == 0)
    mf_plot_range_remove_owner (self->x_range, self);
  else
    mf_plot_range_set_owner_bounds (self->x_range, self,
                                    g_array_index (self->bands, Band, 0).t0,
                                    g_array_index (self->bands, Band, self->bands->len - 1).t1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The columns of time: those of the plots' data areas. */
static void
strip_columns (MfModeTimeline *self, double *left, double *right)
{
  *left = MF_PLOT_VIEW_LEFT_MARGIN;
  *right = MAX (*left + 1, gtk_widget_get_width (GTK_WIDGET (self))
                             - MF_PLOT_VIEW_RIGHT_MARGIN);
}

static double
to_pixel (MfModeTimeline *self, double t)
{
  double left, right;

  strip_columns (self, &left, &right);
  return left + mf_plot_range_to_fraction (self->x_range, t) * (right - left);
}

static void
mf_mode_timeline_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MfModeTimeline *self = MF_MODE_TIMELINE (widget);
  const MfPlotStyle *style = style_of (self);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (widget, NULL);
  double left, right;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  strip_columns (self, &left, &right);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  mf_plot_set_source_color (cr, &style->background, 1);
  cairo_paint (cr);
  cairo_rectangle (cr, left, 0, right - left, height);
  cairo_clip (cr);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  for (guint i = 0; i < self->bands->len; i++)
    {
      const Band *band = &g_array_index (self->bands, Band, i);
      double x0 = MAX (left, to_pixel (self, band->t0));
      double x1 = MIN (right, to_pixel (self, band->t1));
      int text_height;

      if (!(x1 > x0))
        continue;
      mf_plot_set_source_color (cr, &style->band[i % 2], style->band_row_alpha);
      cairo_rectangle (cr, x0, 1, x1 - x0, height - 2);
      cairo_fill (cr);
      if (x1 - x0 < 2 * LABEL_GAP + 8)
        continue;
      pango_layout_set_text (layout, band->mode, -1);
      pango_layout_set_width (layout, (int) ((x1 - x0 - 2 * LABEL_GAP) * PANGO_SCALE));
      pango_layout_get_pixel_size (layout, NULL, &text_height);
      mf_plot_set_source_color (cr, &style->foreground, 1);
      cairo_move_to (cr, x0 + LABEL_GAP, (height - text_height) / 2.0);
      pango_cairo_show_layout (cr, layout);
    }
  mf_plot_set_source_color (cr, &style->marker, 1);
  cairo_set_line_width (cr, 2);
  for (guint i = 0; i < self->events->len; i++)
    {
      double p = round (to_pixel (self, g_array_index (self->events, Event, i).t));

      cairo_move_to (cr, p, 0);
      cairo_line_to (cr, p, height);
    }
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
mf_mode_timeline_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  *minimum = *natural = orientation == GTK_ORIENTATION_VERTICAL ? HEIGHT : 200;
}

/* Near a tick: its time and label; over a band: its mode and interval. */
static gboolean
query_tooltip (GtkWidget  *widget,
               int         x,
               int         y,
               gboolean    keyboard,
               GtkTooltip *tooltip)
{
  MfModeTimeline *self = MF_MODE_TIMELINE (widget);
  double best = TICK_HIT + 1;
  int nearest = -1;

  for (guint i = 0; i < self->events->len; i++)
    {
      double d = fabs (to_pixel (self, g_array_index (self->events, Event, i).t) - x);

      if (d < best)
        best = d, nearest = (int) i;
    }
  if (nearest >= 0)
    {
      const Event *e = &g_array_index (self->events, Event, nearest);
      g_autofree char *text = g_strdup_printf ("t = %.6g s: %s", e->t, e->label);

      gtk_tooltip_set_text (tooltip, text);
      return TRUE;
    }
  for (guint i = 0; i < self->bands->len; i++)
    {
      const Band *b = &g_array_index (self->bands, Band, i);

      if (x >= to_pixel (self, b->t0) && x <= to_pixel (self, b->t1))
        {
          g_autofree char *text = g_strdup_printf ("%s (%.6g – %.6g s)", b->mode, b->t0, b->t1);

          gtk_tooltip_set_text (tooltip, text);
          return TRUE;
        }
    }
  return FALSE;
}

GtkWidget *
mf_mode_timeline_new (void)
{
  return g_object_new (MF_TYPE_MODE_TIMELINE, NULL);
}

void
mf_mode_timeline_set_x_range (MfModeTimeline *self, MfPlotRange *range)
{
  g_return_if_fail (MF_IS_MODE_TIMELINE (self));
  if (!mf_plot_range_follow (&self->x_range, &self->changed_id, range, self,
                             G_CALLBACK (gtk_widget_queue_draw)))
    return;
  data_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_X_RANGE]);
}

MfPlotRange *
mf_mode_timeline_get_x_range (MfModeTimeline *self)
{
  g_return_val_if_fail (MF_IS_MODE_TIMELINE (self), NULL);
  return self->x_range;
}

void
mf_mode_timeline_clear (MfModeTimeline *self)
{
  g_return_if_fail (MF_IS_MODE_TIMELINE (self));
  g_array_set_size (self->bands, 0);
  g_array_set_size (self->events, 0);
  data_changed (self);
}

void
mf_mode_timeline_set_mode_at (MfModeTimeline *self, double t, const char *mode)
{
  Band *last;

  g_return_if_fail (MF_IS_MODE_TIMELINE (self));
  g_return_if_fail (isfinite (t));
  if (mode == NULL)
    mode = "";
  last = self->bands->len > 0 ? &g_array_index (self->bands, Band, self->bands->len - 1) : NULL;
  if (last != NULL && t < last->t1)
    {
      g_critical ("mode at t = %g before the last one's (%g)", t, last->t1);
      return;
    }
  if (last != NULL)
    last->t1 = t;
  if (last == NULL || g_strcmp0 (last->mode, mode) != 0)
    {
      Band band = { t, t, g_strdup (mode) };

      g_array_append_val (self->bands, band);
    }
  data_changed (self);
}

void
mf_mode_timeline_add_event (MfModeTimeline *self, double t, const char *label)
{
  Event event = { t, g_strdup (label != NULL ? label : "") };

  g_return_if_fail (MF_IS_MODE_TIMELINE (self));
  g_array_append_val (self->events, event);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
mf_mode_timeline_get_n_bands (MfModeTimeline *self)
{
  g_return_val_if_fail (MF_IS_MODE_TIMELINE (self), 0);
  return self->bands->len;
}

const char *
mf_mode_timeline_get_band (MfModeTimeline *self, guint index, double *t0, double *t1)
{
  const Band *band;

  g_return_val_if_fail (MF_IS_MODE_TIMELINE (self), NULL);
  g_return_val_if_fail (index < self->bands->len, NULL);
  band = &g_array_index (self->bands, Band, index);
  if (t0 != NULL)
    *t0 = band->t0;
  if (t1 != NULL)
    *t1 = band->t1;
  return band->mode;
}

guint
mf_mode_timeline_get_n_events (MfModeTimeline *self)
{
  g_return_val_if_fail (MF_IS_MODE_TIMELINE (self), 0);
  return self->events->len;
}

static void
mf_mode_timeline_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MfModeTimeline *self = MF_MODE_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_X_RANGE:
      g_value_set_object (value, self->x_range);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_mode_timeline_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  MfModeTimeline *self = MF_MODE_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_X_RANGE:
      mf_mode_timeline_set_x_range (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_mode_timeline_dispose (GObject *object)
{
  MfModeTimeline *self = MF_MODE_TIMELINE (object);

  if (self->x_range != NULL)
    {
      g_clear_signal_handler (&self->changed_id, self->x_range);
      mf_plot_range_remove_owner (self->x_range, self);
      g_clear_object (&self->x_range);
    }
  G_OBJECT_CLASS (mf_mode_timeline_parent_class)->dispose (object);
}

static void
mf_mode_timeline_finalize (GObject *object)
{
  MfModeTimeline *self = MF_MODE_TIMELINE (object);

  g_array_unref (self->bands);
  g_array_unref (self->events);
  G_OBJECT_CLASS (mf_mode_timeline_parent_class)->finalize (object);
}

static void
mf_mode_timeline_class_init (MfModeTimelineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = mf_mode_timeline_get_property;
  object_class->set_property = mf_mode_timeline_set_property;
  object_class->dispose = mf_mode_timeline_dispose;
  object_class->finalize = mf_mode_timeline_finalize;
  widget_class->snapshot = mf_mode_timeline_snapshot;
  widget_class->measure = mf_mode_timeline_measure;
  widget_class->query_tooltip = query_tooltip;

  properties[PROP_X_RANGE] = g_param_spec_object ("x-range", NULL, NULL, MF_TYPE_PLOT_RANGE,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                  | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "modetimeline");
}

static void
mf_mode_timeline_init (MfModeTimeline *self)
{
  self->bands = g_array_new (FALSE, FALSE, sizeof (Band));
  g_array_set_clear_func (self->bands, band_clear);
  self->events = g_array_new (FALSE, FALSE, sizeof (Event));
  g_array_set_clear_func (self->events, event_clear);
  mf_mode_timeline_set_x_range (self, NULL);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_style), self, G_CONNECT_SWAPPED);
  update_style (self);
}
