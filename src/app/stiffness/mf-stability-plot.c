/* mf-stability-plot.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stability-plot.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

/* One notch of the wheel, or a key, zooms by this much. */
#define ZOOM_STEP 1.25

struct _MfStabilityPlot
{
  GtkWidget          parent_instance;

  MfStabilityScene   scene;
  double complex    *lambda;   /* the eigenvalues; scene.points are h λ */
  double complex    *points;
  gboolean          *outside;
  guint             *numbers;
  guint              n;
  gboolean           fit_pending;
  gboolean           dark;

  /* the plane as last drawn, kept while the method, view and size stay */
  GskRenderNode     *plane_node;
  int                node_width, node_height;
  MfStabilityMap     map;
  MfStabilityView    drag_view;
};

G_DEFINE_FINAL_TYPE (MfStabilityPlot, mf_stability_plot, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_METHOD,
  PROP_ORDER,
  PROP_STEP,
  PROP_LOG_SCALE,
  PROP_SHOW_EIGENVALUES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
plane_changed (MfStabilityPlot *self)
{
  g_clear_pointer (&self->plane_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* h λ_k and which of them the region leaves out. */
static void
update_points (MfStabilityPlot *self)
{
  for (guint k = 0; k < self->n; k++)
    {
      self->points[k] = self->scene.step * self->lambda[k];
      self->outside[k] = self->scene.region.method != NULL
                         && !mf_stability_region_contains (&self->scene.region, self->points[k]);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Whether every point lies in the view's box. */
static gboolean
all_in_view (MfStabilityPlot *self)
{
  const MfStabilityView *view = &self->scene.view;

  for (guint k = 0; k < self->n; k++)
    {
      double u = mf_stability_view_forward (view, creal (self->scene.points[k]));
      double v = mf_stability_view_forward (view, cimag (self->scene.points[k]));

      if (!(u >= view->u_lo && u <= view->u_hi && v >= view->v_lo && v <= view->v_hi))
        return FALSE;
    }
  return TRUE;
}

static void
request_fit (MfStabilityPlot *self)
{
  self->fit_pending = TRUE;
  plane_changed (self);
}

static void
update_label (MfStabilityPlot *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  self->scene.eigenvalues
                                    ? _("The eigenvalues λ in the complex plane")
                                    : _("Region of absolute stability and the points hλ"),
                                  -1);
}

static void
update_style (MfStabilityPlot *self)
{
  self->dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  self->scene.style = self->dark ? mf_plot_style_dark () : mf_plot_style_light ();
  plane_changed (self);
}

static void
mf_stability_plot_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MfStabilityPlot *self = MF_STABILITY_PLOT (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  if (self->fit_pending)
    {
      mf_stability_drawing_fit (&self->scene);
      self->fit_pending = FALSE;
      g_clear_pointer (&self->plane_node, gsk_render_node_unref);
    }
  if (self->plane_node == NULL || self->node_width != width || self->node_height != height)
    {
      g_autoptr (GtkSnapshot) inner = gtk_snapshot_new ();

      cr = gtk_snapshot_append_cairo (inner, &GRAPHENE_RECT_INIT (0, 0, width, height));
      mf_stability_drawing_plane (&self->scene, cr, width, height);
      self->map = mf_stability_drawing_map (&self->scene, cr, width, height);
      cairo_destroy (cr);
      g_clear_pointer (&self->plane_node, gsk_render_node_unref);
      self->plane_node = gtk_snapshot_free_to_node (g_steal_pointer (&inner));
      self->node_width = width;
      self->node_height = height;
    }
  if (self->plane_node != NULL)
    gtk_snapshot_append_node (snapshot, self->plane_node);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  mf_stability_drawing_points (&self->scene, cr, width, height);
  cairo_destroy (cr);
}

static void
mf_stability_plot_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                           int *minimum, int *natural, int *minimum_baseline,
                           int *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 320 : 260;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 640 : 480;
}

/* ---- zoom and pan ---- */

static void
zoom_about (MfStabilityPlot *self, double factor, double x, double y)
{
  if (self->plane_node == NULL && self->node_width == 0)
    return;
  self->fit_pending = FALSE;
  mf_stability_view_zoom (&self->scene.view, &self->map, factor, x, y);
  plane_changed (self);
}

static gboolean
scrolled (GtkEventControllerScroll *controller, double dx, double dy, MfStabilityPlot *self)
{
  double x, y;
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));

  if (event == NULL || !gdk_event_get_position (event, &x, &y))
    x = self->map.x + self->map.width / 2.0, y = self->map.y + self->map.height / 2.0;
  zoom_about (self, pow (ZOOM_STEP, -dy), x, y);
  return TRUE;
}

static void
drag_begun (GtkGestureDrag *gesture, double x, double y, MfStabilityPlot *self)
{
  self->drag_view = self->scene.view;
}

static void
dragged (GtkGestureDrag *gesture, double dx, double dy, MfStabilityPlot *self)
{
  MfStabilityMap start = mf_stability_view_map (&self->drag_view, self->map.x, self->map.y,
                                                self->map.width, self->map.height);

  self->fit_pending = FALSE;
  self->scene.view = self->drag_view;
  mf_stability_view_pan (&self->scene.view, &start, dx, dy);
  plane_changed (self);
}

static void
pressed (GtkGestureClick *gesture, int n_press, double x, double y, MfStabilityPlot *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (n_press == 2)
    mf_stability_plot_fit (self);
}

static gboolean
key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
             GdkModifierType state, MfStabilityPlot *self)
{
  double x = self->map.x + self->map.width / 2.0, y = self->map.y + self->map.height / 2.0;

  switch (keyval)
    {
    case GDK_KEY_plus:
    case GDK_KEY_KP_Add:
    case GDK_KEY_equal:
      zoom_about (self, ZOOM_STEP, x, y);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      zoom_about (self, 1.0 / ZOOM_STEP, x, y);
      return TRUE;
    case GDK_KEY_0:
    case GDK_KEY_KP_0:
    case GDK_KEY_Home:
      mf_stability_plot_fit (self);
      return TRUE;
    default:
      return FALSE;
    }
}

/* ---- GObject ---- */

static void
mf_stability_plot_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MfStabilityPlot *self = MF_STABILITY_PLOT (object);

  switch (prop_id)
    {
    case PROP_METHOD:
      g_value_set_string (value, mf_stability_plot_get_method (self));
      break;
    case PROP_ORDER:
      g_value_set_uint (value, self->scene.region.order);
      break;
    case PROP_STEP:
      g_value_set_double (value, self->scene.step);
      break;
    case PROP_LOG_SCALE:
      g_value_set_boolean (value, self->scene.view.symlog);
      break;
    case PROP_SHOW_EIGENVALUES:
      g_value_set_boolean (value, self->scene.eigenvalues);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_stability_plot_set_property (GObject *object, guint prop_id, const GValue *value,
                                GParamSpec *pspec)
{
  MfStabilityPlot *self = MF_STABILITY_PLOT (object);

  switch (prop_id)
    {
    case PROP_METHOD:
      mf_stability_plot_set_method (self, g_value_get_string (value));
      break;
    case PROP_ORDER:
      mf_stability_plot_set_order (self, g_value_get_uint (value));
      break;
    case PROP_STEP:
      mf_stability_plot_set_step (self, g_value_get_double (value));
      break;
    case PROP_LOG_SCALE:
      mf_stability_plot_set_log_scale (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_EIGENVALUES:
      mf_stability_plot_set_show_eigenvalues (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_stability_plot_finalize (GObject *object)
{
  MfStabilityPlot *self = MF_STABILITY_PLOT (object);

  g_clear_pointer (&self->plane_node, gsk_render_node_unref);
  g_free (self->lambda);
  g_free (self->points);
  g_free (self->outside);
  g_free (self->numbers);
  G_OBJECT_CLASS (mf_stability_plot_parent_class)->finalize (object);
}

static void
mf_stability_plot_class_init (MfStabilityPlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = mf_stability_plot_get_property;
  object_class->set_property = mf_stability_plot_set_property;
  object_class->finalize = mf_stability_plot_finalize;
  widget_class->snapshot = mf_stability_plot_snapshot;
  widget_class->measure = mf_stability_plot_measure;

  properties[PROP_METHOD] =
    g_param_spec_string ("method", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ORDER] =
    g_param_spec_uint ("order", NULL, NULL, 1, MF_STABILITY_MAX_ORDER, 1,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STEP] =
    g_param_spec_double ("step", NULL, NULL, 0.0, G_MAXDOUBLE, 1e-3,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOG_SCALE] =
    g_param_spec_boolean ("log-scale", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_EIGENVALUES] =
    g_param_spec_boolean ("show-eigenvalues", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
mf_stability_plot_init (MfStabilityPlot *self)
{
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->scene.step = 1e-3;
  self->scene.region.order = 1;
  self->scene.view.threshold = 1.0;
  self->fit_pending = TRUE;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (scrolled), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begun), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (dragged), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_style), self, G_CONNECT_SWAPPED);
  update_style (self);
  update_label (self);
}

GtkWidget *
mf_stability_plot_new (void)
{
  return g_object_new (MF_TYPE_STABILITY_PLOT, NULL);
}

gboolean
mf_stability_plot_set_method (MfStabilityPlot *self, const char *method)
{
  const MfStabilityMethod *found = mf_stability_for_method (method);

  g_return_val_if_fail (MF_IS_STABILITY_PLOT (self), FALSE);
  if (method != NULL && found == NULL)
    return FALSE;
  if (found == self->scene.region.method)
    return TRUE;
  self->scene.region.method = found;
  update_points (self);
  request_fit (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_METHOD]);
  return TRUE;
}

const char *
mf_stability_plot_get_method (MfStabilityPlot *self)
{
  g_return_val_if_fail (MF_IS_STABILITY_PLOT (self), NULL);
  return self->scene.region.method != NULL ? self->scene.region.method->method : NULL;
}

void
mf_stability_plot_set_order (MfStabilityPlot *self, guint order)
{
  g_return_if_fail (MF_IS_STABILITY_PLOT (self));
  order = CLAMP (order, 1, MF_STABILITY_MAX_ORDER);
  if (order == self->scene.region.order)
    return;
  self->scene.region.order = order;
  update_points (self);
  if (self->scene.region.method != NULL && self->scene.region.method->multistep)
    request_fit (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ORDER]);
}

guint
mf_stability_plot_get_order (MfStabilityPlot *self)
{
  g_return_val_if_fail (MF_IS_STABILITY_PLOT (self), 1);
  return self->scene.region.order;
}

MfStabilityRegion
mf_stability_plot_get_region (MfStabilityPlot *self)
{
  return self->scene.region;
}

void
mf_stability_plot_set_eigenvalues (MfStabilityPlot *self, const double complex *lambda,
                                   const guint *numbers, guint n)
{
  g_return_if_fail (MF_IS_STABILITY_PLOT (self));
  g_free (self->lambda);
  g_free (self->points);
  g_free (self->outside);
  g_free (self->numbers);
  self->n = n;
  self->lambda = g_memdup2 (lambda, n * sizeof (double complex));
  self->points = g_new0 (double complex, MAX (n, 1));
  self->outside = g_new0 (gboolean, MAX (n, 1));
  self->numbers = numbers != NULL ? g_memdup2 (numbers, n * sizeof (guint))
                                  : g_new0 (guint, MAX (n, 1));
  self->scene.points = self->scene.eigenvalues ? self->lambda : self->points;
  self->scene.outside = self->outside;
  self->scene.numbers = self->numbers;
  update_points (self);
  /* the same modes again (a live run followed): the view stays while it
   * shows every point */
  if (n != self->scene.n_points || !all_in_view (self))
    request_fit (self);
  self->scene.n_points = n;
}

void
mf_stability_plot_set_step (MfStabilityPlot *self, double step)
{
  g_return_if_fail (MF_IS_STABILITY_PLOT (self));
  if (!(step > 0.0) || step == self->scene.step)
    return;
  self->scene.step = step;
  update_points (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

double
mf_stability_plot_get_step (MfStabilityPlot *self)
{
  g_return_val_if_fail (MF_IS_STABILITY_PLOT (self), NAN);
  return self->scene.step;
}

void
mf_stability_plot_set_log_scale (MfStabilityPlot *self, gboolean log_scale)
{
  g_return_if_fail (MF_IS_STABILITY_PLOT (self));
  log_scale = !!log_scale;
  if (log_scale == self->scene.view.symlog)
    return;
  self->scene.view.symlog = log_scale;
  request_fit (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOG_SCALE]);
}

gboolean
mf_stability_plot_get_log_scale (MfStabilityPlot *self)
{
  g_return_val_if_fail (MF_IS_STABILITY_PLOT (self), FALSE);
  return self->scene.view.symlog;
}

void
mf_stability_plot_fit (MfStabilityPlot *self)
{
  g_return_if_fail (MF_IS_STABILITY_PLOT (self));
  request_fit (self);
}

guint
mf_stability_plot_get_n_outside (MfStabilityPlot *self)
{
  guint n = 0;

  g_return_val_if_fail (MF_IS_STABILITY_PLOT (self), 0);
  for (guint k = 0; k < self->n; k++)
    n += self->outside[k] ? 1 : 0;
  return n;
}

gboolean
mf_stability_plot_get_outside (MfStabilityPlot *self, guint k)
{
  g_return_val_if_fail (MF_IS_STABILITY_PLOT (self) && k < self->n, FALSE);
  return self->outside[k];
}

MfStabilityView
mf_stability_plot_get_view (MfStabilityPlot *self)
{
  return self->scene.view;
}

void
mf_stability_plot_set_show_eigenvalues (MfStabilityPlot *self, gboolean shown)
{
  g_return_if_fail (MF_IS_STABILITY_PLOT (self));
  shown = !!shown;
  if (shown == self->scene.eigenvalues)
    return;
  self->scene.eigenvalues = shown;
  self->scene.points = shown ? self->lambda : self->points;
  update_label (self);
  request_fit (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_EIGENVALUES]);
}

gboolean
mf_stability_plot_get_show_eigenvalues (MfStabilityPlot *self)
{
  g_return_val_if_fail (MF_IS_STABILITY_PLOT (self), FALSE);
  return self->scene.eigenvalues;
}

MfStabilityScene
mf_stability_plot_get_scene (MfStabilityPlot *self, gboolean eigenvalues)
{
  MfStabilityScene scene = self->scene;

  scene.eigenvalues = !!eigenvalues;
  scene.points = scene.eigenvalues ? self->lambda : self->points;
  /* the plane shown as it is, zoom and all; the other one fitted */
  if (self->fit_pending || scene.eigenvalues != self->scene.eigenvalues)
    mf_stability_drawing_fit (&scene);
  return scene;
}

static void
draw_figure (MfStabilityPlot *self, gboolean eigenvalues, cairo_t *cr, double width,
             double height)
{
  MfStabilityScene scene = mf_stability_plot_get_scene (self, eigenvalues);

  mf_stability_drawing_figure (&scene, cr, width, height);
}

void
mf_stability_plot_draw_step_figure (gpointer plot, cairo_t *cr, double width, double height)
{
  draw_figure (MF_STABILITY_PLOT (plot), FALSE, cr, width, height);
}

void
mf_stability_plot_draw_eigenvalue_figure (gpointer plot, cairo_t *cr, double width,
                                          double height)
{
  draw_figure (MF_STABILITY_PLOT (plot), TRUE, cr, width, height);
}
