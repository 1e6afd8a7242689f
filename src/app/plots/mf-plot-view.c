/* mf-plot-view.c: the plot widget — its plot and ranges, drawing with the
 * window's style, and the public API.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-view-private.h"

#include <adwaita.h>
#include <math.h>

G_DEFINE_FINAL_TYPE (MfPlotView, mf_plot_view, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_LOG_Y, PROP_X_RANGE, N_PROPS };
enum { SERIES_TOGGLED, TIME_CLICKED, CURSOR_MOVED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

void
mf_plot_view_invalidate (MfPlotView *self)
{
  g_clear_pointer (&self->plot_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
update_style (MfPlotView *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  self->dark = adw_style_manager_get_dark (manager);
  mf_plot_set_style (self->plot, self->dark ? mf_plot_style_dark () : mf_plot_style_light ());
  mf_plot_view_invalidate (self);
}

/* The view whose mf_plot_view_data_changed() is moving the shared x range
 * (main thread only). */
static MfPlotView *bounds_changer;

static void
range_changed (MfPlotView *self)
{
  mf_plot_view_invalidate (self);
}

static void
x_range_changed (MfPlotView *self)
{
  if (self->live && bounds_changer != NULL && bounds_changer != self)
    {
      self->range_missed = TRUE;
      return;
    }
  mf_plot_view_invalidate (self);
}

/* The plot shows what the ranges say: both axes fixed to their intervals. */
static void
sync_plot_axes (MfPlotView *self)
{
  double lo, hi;

  mf_plot_range_get (self->x_range, &lo, &hi);
  mf_plot_set_axis_range (self->plot, MF_PLOT_AXIS_X, lo, hi);
  mf_plot_range_get (self->y_range, &lo, &hi);
  mf_plot_set_axis_scale (self->plot, MF_PLOT_AXIS_Y,
                          self->log_y ? MF_PLOT_SCALE_LOG : MF_PLOT_SCALE_LINEAR);
  mf_plot_set_axis_range (self->plot, MF_PLOT_AXIS_Y, lo, hi);
  /* a zoom of the values (Shift+scroll, a box, the keys) is a zoom of every
   * y axis: the other units' axes show the same part of their data */
  mf_plot_set_y_axes_follow (self->plot, !mf_plot_range_is_auto (self->y_range));
}

static void
mf_plot_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MfPlotView *self = MF_PLOT_VIEW (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  if (width <= 0 || height <= 0)
    return;
  if (self->plot_node == NULL || self->node_width != width || self->node_height != height)
    {
      g_autoptr (GtkSnapshot) inner = gtk_snapshot_new ();
      cairo_t *cr = gtk_snapshot_append_cairo (inner, &GRAPHENE_RECT_INIT (0, 0, width, height));

      sync_plot_axes (self);
      mf_plot_draw (self->plot, cr, width, height);
      cairo_destroy (cr);
      g_clear_pointer (&self->plot_node, gsk_render_node_unref);
      self->plot_node = gtk_snapshot_free_to_node (g_steal_pointer (&inner));
      self->node_width = width;
      self->node_height = height;
    }
  if (self->plot_node != NULL)
    gtk_snapshot_append_node (snapshot, self->plot_node);
  mf_plot_view_snapshot_overlays (self, snapshot);
}

static void
mf_plot_view_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 200 : 120;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 600 : 240;
}

static void
mf_plot_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MfPlotView *self = MF_PLOT_VIEW (widget);

  if (self->series_popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->series_popover));
  /* the data area moves with the size: the cached plot is redrawn on the
   * next snapshot, where the size is compared */
  gtk_widget_queue_draw (widget);
}

double
mf_plot_view_x_at (MfPlotView *self, double px)
{
  MfPlotRect a = mf_plot_get_data_area (self->plot);

  return mf_plot_range_from_fraction (self->x_range, (px - a.x) / MAX (a.width, 1.0));
}

double
mf_plot_view_y_at (MfPlotView *self, double py)
{
  MfPlotRect a = mf_plot_get_data_area (self->plot);

  return mf_plot_range_from_fraction (self->y_range,
                                      (a.y + a.height - py) / MAX (a.height, 1.0));
}

gboolean
mf_plot_view_in_data_area (MfPlotView *self, double px, double py)
{
  MfPlotRect a = mf_plot_get_data_area (self->plot);

  return self->node_width > 0 && px >= a.x && px <= a.x + a.width && py >= a.y
         && py <= a.y + a.height;
}

gboolean
mf_plot_view_click_time_axis (MfPlotView *self, double px, double py)
{
  MfPlotRect a = mf_plot_get_data_area (self->plot);

  /* under the data area, over its width: the time axis and its labels */
  if (self->node_width == 0 || px < a.x || px > a.x + a.width || py <= a.y + a.height)
    return FALSE;
  g_signal_emit (self, signals[TIME_CLICKED], 0, mf_plot_view_x_at (self, px));
  return TRUE;
}

gboolean
mf_plot_view_toggle_legend_at (MfPlotView *self, double px, double py)
{
  int index;

  /* the legend is where the last draw put it: nothing before the first */
  if (self->node_width == 0)
    return FALSE;
  index = mf_plot_legend_hit (self->plot, px, py);
  if (index < 0)
    return FALSE;
  mf_plot_view_set_series_visible (
    self, (guint) index,
    !mf_plot_series_get_visible (mf_plot_get_series (self->plot, (guint) index)));
  return TRUE;
}

GtkWidget *
mf_plot_view_new (void)
{
  return g_object_new (MF_TYPE_PLOT_VIEW, NULL);
}

MfPlot *
mf_plot_view_get_plot (MfPlotView *self)
{
  g_return_val_if_fail (MF_IS_PLOT_VIEW (self), NULL);
  return self->plot;
}

void
mf_plot_view_data_changed (MfPlotView *self)
{
  double x_lo = INFINITY, x_hi = -INFINITY, y_lo = INFINITY, y_hi = -INFINITY;

  g_return_if_fail (MF_IS_PLOT_VIEW (self));
  /* O(1) per series: the bounds are kept by the appends */
  for (guint i = 0; i < mf_plot_get_n_series (self->plot); i++)
    {
      const MfPlotSeries *s = mf_plot_get_series (self->plot, i);
      double xmin, xmax, ymin, ymax, ypos;

      mf_plot_series_get_bounds (s, &xmin, &xmax, &ymin, &ymax, &ypos);
      if (isnan (xmin))
        continue;
      x_lo = MIN (x_lo, xmin);
      x_hi = MAX (x_hi, xmax);
      /* a hidden series does not stretch y: hiding a large one shows the
       * rest; nor does one in the strip, which has an axis of its own */
      if (!mf_plot_series_get_visible (s) || mf_plot_series_get_in_strip (s))
        continue;
      /* nor one of another unit, which has an axis of its own (as the
       * last drawing put it) */
      if (mf_plot_get_series_axis (self->plot, s) != mf_plot_get_axis (self->plot, MF_PLOT_AXIS_Y))
        continue;
      y_lo = MIN (y_lo, self->log_y ? ypos : ymin);
      y_hi = MAX (y_hi, ymax);
    }
  bounds_changer = self;
  mf_plot_range_set_owner_bounds (self->x_range, self, isfinite (x_lo) ? x_lo : NAN,
                                  isfinite (x_hi) ? x_hi : NAN);
  bounds_changer = NULL;
  mf_plot_range_set_data_bounds (self->y_range, isfinite (y_lo) ? y_lo : NAN,
                                 isfinite (y_hi) ? y_hi : NAN);
  self->range_missed = FALSE;
  mf_plot_view_invalidate (self);
}

void
mf_plot_view_set_live (MfPlotView *self, gboolean live)
{
  g_return_if_fail (MF_IS_PLOT_VIEW (self));
  live = !!live;
  if (self->live == live)
    return;
  self->live = live;
  if (!live && self->range_missed)
    {
      self->range_missed = FALSE;
      mf_plot_view_invalidate (self);
    }
}

gboolean
mf_plot_view_get_live (MfPlotView *self)
{
  g_return_val_if_fail (MF_IS_PLOT_VIEW (self), FALSE);
  return self->live;
}

gboolean
mf_plot_view_get_behind (MfPlotView *self)
{
  g_return_val_if_fail (MF_IS_PLOT_VIEW (self), FALSE);
  return self->range_missed;
}

void
mf_plot_view_set_x_range (MfPlotView *self, MfPlotRange *range)
{
  g_return_if_fail (MF_IS_PLOT_VIEW (self));
  if (!mf_plot_range_follow (&self->x_range, &self->x_changed_id, range, self,
                             G_CALLBACK (x_range_changed)))
    return;
  mf_plot_view_data_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_X_RANGE]);
}

MfPlotRange *
mf_plot_view_get_x_range (MfPlotView *self)
{
  g_return_val_if_fail (MF_IS_PLOT_VIEW (self), NULL);
  return self->x_range;
}

MfPlotRange *
mf_plot_view_get_y_range (MfPlotView *self)
{
  g_return_val_if_fail (MF_IS_PLOT_VIEW (self), NULL);
  return self->y_range;
}

void
mf_plot_view_set_log_y (MfPlotView *self, gboolean log_y)
{
  g_return_if_fail (MF_IS_PLOT_VIEW (self));
  log_y = !!log_y;
  if (self->log_y == log_y)
    return;
  self->log_y = log_y;
  mf_plot_range_set_log (self->y_range, log_y);
  mf_plot_view_data_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOG_Y]);
}

gboolean
mf_plot_view_get_log_y (MfPlotView *self)
{
  g_return_val_if_fail (MF_IS_PLOT_VIEW (self), FALSE);
  return self->log_y;
}

void
mf_plot_view_set_series_visible (MfPlotView *self, guint index, gboolean visible)
{
  MfPlotSeries *s;

  g_return_if_fail (MF_IS_PLOT_VIEW (self));
  g_return_if_fail (index < mf_plot_get_n_series (self->plot));
  s = mf_plot_get_series (self->plot, index);
  visible = !!visible;
  if (mf_plot_series_get_visible (s) == visible)
    return;
  mf_plot_series_set_visible (s, visible);
  mf_plot_view_data_changed (self);
  g_signal_emit (self, signals[SERIES_TOGGLED], 0, index, visible);
}

MfPlotRect
mf_plot_view_get_data_area (MfPlotView *self)
{
  g_return_val_if_fail (MF_IS_PLOT_VIEW (self), (MfPlotRect) { 0 });
  return mf_plot_get_data_area (self->plot);
}

void
mf_plot_view_emit_cursor_moved (MfPlotView *self)
{
  g_signal_emit (self, signals[CURSOR_MOVED], 0);
}

gboolean
mf_plot_view_get_cursor_time (MfPlotView *self, double *t)
{
  MfPlotRect strip = mf_plot_get_strip_area (self->plot);
  double px = self->pointer_x, py = self->pointer_y;
  gboolean in_strip = strip.height > 0 && px >= strip.x && px <= strip.x + strip.width
                      && py >= strip.y && py <= strip.y + strip.height;

  g_return_val_if_fail (MF_IS_PLOT_VIEW (self), FALSE);
  /* the strip under the data area reads out at its times too */
  if (!self->has_pointer || self->drag != MF_PLOT_DRAG_NONE
      || !(mf_plot_view_in_data_area (self, px, py) || (self->node_width > 0 && in_strip)))
    return FALSE;
  if (t != NULL)
    *t = mf_plot_view_x_at (self, self->pointer_x);
  return TRUE;
}

static void
mf_plot_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MfPlotView *self = MF_PLOT_VIEW (object);

  switch (prop_id)
    {
    case PROP_LOG_Y:
      g_value_set_boolean (value, self->log_y);
      break;
    case PROP_X_RANGE:
      g_value_set_object (value, self->x_range);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_plot_view_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  MfPlotView *self = MF_PLOT_VIEW (object);

  switch (prop_id)
    {
    case PROP_LOG_Y:
      mf_plot_view_set_log_y (self, g_value_get_boolean (value));
      break;
    case PROP_X_RANGE:
      mf_plot_view_set_x_range (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_plot_view_dispose (GObject *object)
{
  MfPlotView *self = MF_PLOT_VIEW (object);

  if (self->x_range != NULL)
    {
      g_clear_signal_handler (&self->x_changed_id, self->x_range);
      mf_plot_range_remove_owner (self->x_range, self);
      g_clear_object (&self->x_range);
    }
  if (self->y_range != NULL)
    g_signal_handlers_disconnect_by_data (self->y_range, self);
  g_clear_object (&self->y_range);
  g_clear_pointer (&self->plot_node, gsk_render_node_unref);
  /* the list of series, open or closing (mf-plot-view-series.c) */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);
  self->series_popover = NULL;
  G_OBJECT_CLASS (mf_plot_view_parent_class)->dispose (object);
}

static void
mf_plot_view_finalize (GObject *object)
{
  MfPlotView *self = MF_PLOT_VIEW (object);

  g_clear_pointer (&self->plot, mf_plot_free);
  G_OBJECT_CLASS (mf_plot_view_parent_class)->finalize (object);
}

static void
mf_plot_view_class_init (MfPlotViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = mf_plot_view_get_property;
  object_class->set_property = mf_plot_view_set_property;
  object_class->dispose = mf_plot_view_dispose;
  object_class->finalize = mf_plot_view_finalize;
  widget_class->snapshot = mf_plot_view_snapshot;
  widget_class->measure = mf_plot_view_measure;
  widget_class->size_allocate = mf_plot_view_size_allocate;

  properties[PROP_LOG_Y] = g_param_spec_boolean ("log-y", NULL, NULL, FALSE,
                                                 G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                 | G_PARAM_STATIC_STRINGS);
  properties[PROP_X_RANGE] = g_param_spec_object ("x-range", NULL, NULL, MF_TYPE_PLOT_RANGE,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                  | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* a click on a legend entry showed or hid its series */
  signals[SERIES_TOGGLED] = g_signal_new ("series-toggled", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                          2, G_TYPE_UINT, G_TYPE_BOOLEAN);
  /* a click on the time axis, at that time (s, as the axis reads) */
  signals[TIME_CLICKED] = g_signal_new ("time-clicked", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                        G_TYPE_DOUBLE);
  /* the pointer moved over the plot or left it: its read-out's time
   * (mf_plot_view_get_cursor_time()) may have changed */
  signals[CURSOR_MOVED] = g_signal_new ("cursor-moved", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_css_name (widget_class, "plotview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
mf_plot_view_init (MfPlotView *self)
{
  self->plot = mf_plot_new ();
  mf_plot_set_axis_title (self->plot, MF_PLOT_AXIS_X, "Time", "s");
  mf_plot_set_min_margins (self->plot, MF_PLOT_VIEW_LEFT_MARGIN, MF_PLOT_VIEW_RIGHT_MARGIN);
  self->y_range = mf_plot_range_new ();
  g_signal_connect_swapped (self->y_range, "changed", G_CALLBACK (range_changed), self);
  mf_plot_view_set_x_range (self, NULL);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_style), self, G_CONNECT_SWAPPED);
  update_style (self);
  mf_plot_view_add_controllers (self);
}
