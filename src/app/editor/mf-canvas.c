/* mf-canvas.c: the circuit editor's drawing surface.
 *
 * Pointer:
 *   - press on a component selects it (Shift toggles it), dragging moves
 *     the selection on the grid as one undoable command;
 *   - press on empty paper starts a rubber band: dragged rightwards it
 *     selects what lies wholly inside, leftwards what it touches; Shift
 *     adds to the selection;
 *   - press on a port (Alt+press on a junction, mass or ground, whose
 *     port is the whole symbol) drags a connection: onto a port, onto a
 *     one-port symbol, or onto a wire (then to that wire's nearer end);
 *     the target is ringed green, or red with a cross when its domain
 *     differs;
 *   - a click on a wire selects it, so Delete removes it;
 *   - scrolling pans, Ctrl+scroll and pinching zoom about the pointer,
 *     the middle button or Space+drag pans;
 *   - while a mode is being edited, a click on a switchable valve opens or
 *     closes it in that mode;
 *   - in probe mode a click on a component, junction or wire asks for its
 *     quantities on the plots (mf-canvas-probe.c) and edits nothing;
 *   - Ctrl+drag from a component, a port or a wire carries its main
 *     quantity to a plot of the simulation pane (mf-canvas-probe.c).
 * The view shows the whole circuit, refitted as the widget changes size,
 * until the user zooms or pans; Ctrl+0 goes back to that.
 * Keyboard (the whole editor works without a mouse):
 *   - Tab / Shift+Tab select the next / previous component;
 *   - arrows move the selection one grid step (Shift: five), or pan when
 *     nothing is selected;
 *   - C starts a connection from the selected component's first port, and
 *     C again moves to its next port; Tab / Shift+Tab walk through the
 *     ports it may join, nearest first; Enter connects; Escape cancels
 *     (and during a drag puts things back where they were);
 *   - Ctrl+Tab leaves the canvas, as in every GTK widget that uses Tab.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-canvas-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

enum
{
  PROP_0,
  PROP_DOCUMENT,
  PROP_EDITING_MODE,
  PROP_SHOWN_MODE,
  PROP_PROBE_MODE,
  N_PROPS
};

enum
{
  SIGNAL_SELECTION_CHANGED,
  SIGNAL_EDIT_REFUSED,
  SIGNAL_PROBE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MfCanvas, mf_canvas, GTK_TYPE_WIDGET)

/* ---- small helpers ---- */

void
mf_canvas_refuse (MfCanvas   *self,
                  const char *message)
{
  g_signal_emit (self, signals[SIGNAL_EDIT_REFUSED], 0, message);
}

void
mf_canvas_refuse_error (MfCanvas *self,
                        GError   *error)
{
  if (error != NULL)
    mf_canvas_refuse (self, error->message);
}

void
mf_canvas_emit_probe (MfCanvas   *self,
                      const char *name,
                      gboolean    is_node)
{
  g_signal_emit (self, signals[SIGNAL_PROBE], 0, name, is_node);
}

/* A hit radius of about `pixels` on screen, within sensible canvas sizes. */
double
mf_canvas_hit_radius (MfCanvas *self,
                      double    pixels)
{
  return CLAMP (pixels / self->view.scale, 2.0, 10.0);
}

/* ---- selection ---- */

void
mf_canvas_selection_changed (MfCanvas *self)
{
  mf_canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
}

void
mf_canvas_clear_wire_selection (MfCanvas *self)
{
  g_clear_pointer (&self->wire_a, g_free);
  g_clear_pointer (&self->wire_b, g_free);
}

void
mf_canvas_select_only (MfCanvas   *self,
                       const char *id)
{
  guint size = g_hash_table_size (self->selection);

  if (self->wire_a == NULL
      && ((id == NULL && size == 0)
          || (id != NULL && size == 1 && g_hash_table_contains (self->selection, id))))
    return;
  mf_canvas_clear_wire_selection (self);
  g_hash_table_remove_all (self->selection);
  if (id != NULL)
    g_hash_table_add (self->selection, g_strdup (id));
  mf_canvas_selection_changed (self);
}

void
mf_canvas_select_wire (MfCanvas *self,
                       int       wire_index)
{
  const MfCanvasWire *wire = mf_canvas_geometry_get_wire (self->geometry, wire_index);

  g_hash_table_remove_all (self->selection);
  mf_canvas_clear_wire_selection (self);
  self->wire_a = g_strdup (mf_canvas_geometry_get_port (self->geometry, wire->port_a)->name);
  self->wire_b = g_strdup (mf_canvas_geometry_get_port (self->geometry, wire->port_b)->name);
  mf_canvas_selection_changed (self);
}

/* The selected wire's index in the geometry, or -1. */
int
mf_canvas_selected_wire (MfCanvas *self)
{
  guint n = mf_canvas_geometry_get_n_wires (self->geometry);

  if (self->wire_a == NULL)
    return -1;
  for (guint w = 0; w < n; w++)
    {
      const MfCanvasWire *wire = mf_canvas_geometry_get_wire (self->geometry, w);
      const char *a = mf_canvas_geometry_get_port (self->geometry, wire->port_a)->name;
      const char *b = mf_canvas_geometry_get_port (self->geometry, wire->port_b)->name;

      if ((g_str_equal (a, self->wire_a) && g_str_equal (b, self->wire_b))
          || (g_str_equal (a, self->wire_b) && g_str_equal (b, self->wire_a)))
        return (int) w;
    }
  return -1;
}

char **
mf_canvas_get_selection (MfCanvas *self)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **ids;
  guint n;

  g_return_val_if_fail (MF_IS_CANVAS (self), NULL);

  n = mf_canvas_geometry_get_n_components (self->geometry);
  for (guint i = 0; i < n; i++)
    {
      const char *id = mf_canvas_geometry_get_component (self->geometry, i)->id;

      if (g_hash_table_contains (self->selection, id))
        g_strv_builder_add (builder, id);
    }
  ids = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return ids;
}

void
mf_canvas_set_selection (MfCanvas           *self,
                         const char * const *ids)
{
  g_return_if_fail (MF_IS_CANVAS (self));

  mf_canvas_clear_wire_selection (self);
  g_hash_table_remove_all (self->selection);
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    if (mf_canvas_geometry_find_component (self->geometry, ids[i]) >= 0)
      g_hash_table_add (self->selection, g_strdup (ids[i]));
  mf_canvas_selection_changed (self);
}

/* Drops ids the document no longer has; TRUE when any went. */
static gboolean
prune_selection (MfCanvas *self)
{
  GHashTableIter iter;
  gpointer id;
  gboolean pruned = FALSE;

  g_hash_table_iter_init (&iter, self->selection);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    if (mf_canvas_geometry_find_component (self->geometry, id) < 0)
      {
        g_hash_table_iter_remove (&iter);
        pruned = TRUE;
      }
  if (self->wire_a != NULL && mf_canvas_selected_wire (self) < 0)
    {
      mf_canvas_clear_wire_selection (self);
      pruned = TRUE;
    }
  return pruned;
}

/* ---- the view ---- */

static void
fit_into (MfCanvas *self,
          int       width,
          int       height)
{
  cairo_rectangle_t bounds;

  if (width <= 0 || height <= 0)
    {
      self->need_fit = TRUE;
      return;
    }
  self->need_fit = FALSE;
  self->view_fitted = TRUE;
  self->fitted_width = width;
  self->fitted_height = height;
  if (mf_canvas_geometry_get_bounds (self->geometry, &bounds))
    mf_view_transform_fit (&self->view, &bounds, width, height, 32, 2.5);
  else
    {
      mf_view_transform_init (&self->view);
      self->view.scale = 1.5;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
mf_canvas_zoom_fit (MfCanvas *self)
{
  fit_into (self, gtk_widget_get_width (GTK_WIDGET (self)),
            gtk_widget_get_height (GTK_WIDGET (self)));
}

void
mf_canvas_view_changed_by_hand (MfCanvas *self)
{
  self->view_fitted = FALSE;
}

void
mf_canvas_zoom_by (MfCanvas *self,
                   double    factor)
{
  double x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  double y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;

  mf_view_transform_zoom_at (&self->view, x, y, factor);
  mf_canvas_view_changed_by_hand (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Scrolls so that component `index` is in view, when it is not. */
void
mf_canvas_reveal_component (MfCanvas *self,
                            guint     index)
{
  const MfCanvasComponent *c = mf_canvas_geometry_get_component (self->geometry, index);
  double x1, y1, x2, y2;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  mf_view_transform_to_widget (&self->view, c->bounds.x, c->bounds.y, &x1, &y1);
  mf_view_transform_to_widget (&self->view, c->bounds.x + c->bounds.width,
                               c->bounds.y + c->bounds.height, &x2, &y2);
  if (x1 < 0 || y1 < 0 || x2 > width || y2 > height)
    {
      mf_view_transform_pan (&self->view, width / 2.0 - (x1 + x2) / 2,
                             height / 2.0 - (y1 + y2) / 2);
      /* a refit would hide again what was just brought into view */
      mf_canvas_view_changed_by_hand (self);
    }
}

/* ---- the document ---- */

static void
on_document_changed (MfCanvas *self)
{
  /* Port indices change with the geometry: a connection under way from
   * someone else's edit (an undo) would point at the wrong ports. */
  if (self->key_connect)
    mf_canvas_key_connect_end (self);
  if (self->drag == MF_CANVAS_DRAG_CONNECT)
    {
      self->drag = MF_CANVAS_DRAG_NONE;
      self->connect_from = self->connect_to = -1;
    }
  self->hover_port = -1;
  /* A load (or a new circuit) leaves no history: show it whole. */
  if (!mf_edit_document_get_can_undo (self->document)
      && !mf_edit_document_get_can_redo (self->document))
    mf_canvas_zoom_fit (self);
  if (prune_selection (self))
    mf_canvas_selection_changed (self);
  else
    mf_canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
mf_canvas_set_document (MfCanvas       *self,
                        MfEditDocument *document)
{
  g_return_if_fail (MF_IS_CANVAS (self));
  g_return_if_fail (document == NULL || MF_IS_EDIT_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_clear_signal_handler (&self->changed_id, self->document);
  g_set_object (&self->document, document);
  /* the geometry hears "changed" before the canvas asks it anything */
  mf_canvas_geometry_set_document (self->geometry, document);
  if (document != NULL)
    self->changed_id = g_signal_connect_swapped (document, "changed",
                                                 G_CALLBACK (on_document_changed), self);
  self->drag = MF_CANVAS_DRAG_NONE;
  self->key_connect = FALSE;
  self->connect_from = -1;
  mf_canvas_clear_wire_selection (self);
  g_hash_table_remove_all (self->selection);
  mf_canvas_zoom_fit (self);
  mf_canvas_selection_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

MfEditDocument *
mf_canvas_get_document (MfCanvas *self)
{
  g_return_val_if_fail (MF_IS_CANVAS (self), NULL);

  return self->document;
}

MfCanvasGeometry *
mf_canvas_get_geometry (MfCanvas *self)
{
  g_return_val_if_fail (MF_IS_CANVAS (self), NULL);

  return self->geometry;
}

void
mf_canvas_get_view (MfCanvas        *self,
                    MfViewTransform *view)
{
  g_return_if_fail (MF_IS_CANVAS (self));

  *view = self->view;
}

void
mf_canvas_set_highlight (MfCanvas           *self,
                         const char * const *component_ids,
                         const char * const *node_ports)
{
  g_return_if_fail (MF_IS_CANVAS (self));

  g_strfreev (self->highlight_components);
  g_strfreev (self->highlight_node_ports);
  self->highlight_components = g_strdupv ((char **) component_ids);
  self->highlight_node_ports = g_strdupv ((char **) node_ports);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
mf_canvas_set_editing_mode (MfCanvas   *self,
                            const char *mode)
{
  g_return_if_fail (MF_IS_CANVAS (self));

  if (g_strcmp0 (self->editing_mode, mode) == 0)
    return;
  g_free (self->editing_mode);
  self->editing_mode = g_strdup (mode);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITING_MODE]);
}

const char *
mf_canvas_get_editing_mode (MfCanvas *self)
{
  g_return_val_if_fail (MF_IS_CANVAS (self), NULL);

  return self->editing_mode;
}

void
mf_canvas_set_shown_mode (MfCanvas   *self,
                          const char *mode)
{
  g_return_if_fail (MF_IS_CANVAS (self));

  if (g_strcmp0 (self->shown_mode, mode) == 0)
    return;
  g_free (self->shown_mode);
  self->shown_mode = g_strdup (mode);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN_MODE]);
}

const char *
mf_canvas_get_shown_mode (MfCanvas *self)
{
  g_return_val_if_fail (MF_IS_CANVAS (self), NULL);

  return self->shown_mode;
}

void
mf_canvas_set_probe_mode (MfCanvas *self,
                          gboolean  probe_mode)
{
  g_return_if_fail (MF_IS_CANVAS (self));

  probe_mode = !!probe_mode;
  if (self->probe_mode == probe_mode)
    return;
  self->probe_mode = probe_mode;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), probe_mode ? "crosshair" : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROBE_MODE]);
}

gboolean
mf_canvas_get_probe_mode (MfCanvas *self)
{
  g_return_val_if_fail (MF_IS_CANVAS (self), FALSE);

  return self->probe_mode;
}

/* ---- the widget ---- */

/* Light or dark drawing colours, whichever suits the theme's text colour. */
static void
update_colors (MfCanvas *self)
{
  GdkRGBA fg;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  mf_drawing_colors_init (&self->colors, 0.3 * fg.red + 0.59 * fg.green + 0.11 * fg.blue > 0.5);
}

static void
mf_canvas_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  MfCanvas *self = MF_CANVAS (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  MfDrawingState state;
  cairo_t *cr;

  update_colors (self);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_translate (cr, self->view.x0, self->view.y0);
  cairo_scale (cr, self->view.scale, self->view.scale);
  mf_drawing_render_background (cr, &self->colors, MF_SYMBOL_GRID);

  mf_drawing_state_init (&state);
  state.colors = &self->colors;
  state.selected = self->selection;
  state.highlight_components = (const char * const *) self->highlight_components;
  state.highlight_node_ports = (const char * const *) self->highlight_node_ports;
  /* the mode being edited is the one to see; else the one being looked at */
  state.mode = self->editing_mode != NULL ? self->editing_mode : self->shown_mode;
  mf_canvas_run_state (self, &state);
  state.selected_wire = mf_canvas_selected_wire (self);
  state.hover_port = self->drag == MF_CANVAS_DRAG_NONE ? self->hover_port : -1;
  if (self->drag == MF_CANVAS_DRAG_CONNECT || self->key_connect)
    {
      state.connect_from = self->connect_from;
      state.connect_to = self->connect_to;
      state.connect_refused = self->connect_refused;
      state.connect_x = self->connect_x;
      state.connect_y = self->connect_y;
    }
  state.show_band = self->drag == MF_CANVAS_DRAG_BAND && self->drag_moved;
  state.band = self->band;
  mf_drawing_render (cr, self->geometry, &state);
  cairo_destroy (cr);
}

static void
mf_canvas_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 160;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 720 : 480;
}

static void
mf_canvas_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  MfCanvas *self = MF_CANVAS (widget);

  /* Until the user takes the view in hand, the whole circuit stays in
   * sight when the window or the panes beside the canvas change size. */
  if (self->need_fit
      || (self->view_fitted && (width != self->fitted_width || height != self->fitted_height)))
    fit_into (self, width, height);
}

static void
mf_canvas_dispose (GObject *object)
{
  MfCanvas *self = MF_CANVAS (object);

  mf_canvas_set_document (self, NULL);
  g_clear_object (&self->geometry);
  g_clear_object (&self->run);

  G_OBJECT_CLASS (mf_canvas_parent_class)->dispose (object);
}

static void
mf_canvas_finalize (GObject *object)
{
  MfCanvas *self = MF_CANVAS (object);

  g_hash_table_unref (self->selection);
  g_clear_pointer (&self->band_before, g_hash_table_unref);
  g_array_unref (self->candidates);
  g_free (self->wire_a);
  g_free (self->wire_b);
  g_strfreev (self->highlight_components);
  g_strfreev (self->highlight_node_ports);
  g_free (self->editing_mode);
  g_free (self->shown_mode);
  g_free (self->last_paste);

  G_OBJECT_CLASS (mf_canvas_parent_class)->finalize (object);
}

static void
mf_canvas_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  MfCanvas *self = MF_CANVAS (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_EDITING_MODE:
      g_value_set_string (value, self->editing_mode);
      break;
    case PROP_SHOWN_MODE:
      g_value_set_string (value, self->shown_mode);
      break;
    case PROP_PROBE_MODE:
      g_value_set_boolean (value, self->probe_mode);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_canvas_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  MfCanvas *self = MF_CANVAS (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      mf_canvas_set_document (self, g_value_get_object (value));
      break;
    case PROP_EDITING_MODE:
      mf_canvas_set_editing_mode (self, g_value_get_string (value));
      break;
    case PROP_SHOWN_MODE:
      mf_canvas_set_shown_mode (self, g_value_get_string (value));
      break;
    case PROP_PROBE_MODE:
      mf_canvas_set_probe_mode (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_canvas_class_init (MfCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_canvas_dispose;
  object_class->finalize = mf_canvas_finalize;
  object_class->get_property = mf_canvas_get_property;
  object_class->set_property = mf_canvas_set_property;
  widget_class->snapshot = mf_canvas_snapshot;
  widget_class->measure = mf_canvas_measure;
  widget_class->size_allocate = mf_canvas_size_allocate;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, MF_TYPE_EDIT_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_EDITING_MODE] =
    g_param_spec_string ("editing-mode", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOWN_MODE] =
    g_param_spec_string ("shown-mode", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROBE_MODE] =
    g_param_spec_boolean ("probe-mode", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_EDIT_REFUSED] =
    g_signal_new ("edit-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_PROBE] =
    g_signal_new ("probe", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);

  mf_canvas_class_install_actions (widget_class);
  gtk_widget_class_set_css_name (widget_class, "mfcanvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
mf_canvas_init (MfCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->geometry = mf_canvas_geometry_new (NULL);
  self->selection = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->candidates = g_array_new (FALSE, FALSE, sizeof (guint));
  self->hover_port = self->connect_from = self->connect_to = -1;
  self->run_time = NAN;
  mf_view_transform_init (&self->view);
  mf_drawing_colors_init (&self->colors, FALSE);
  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Circuit"), -1);

  mf_canvas_init_pointer (self);
  mf_canvas_init_quantity_drag (self);
  mf_canvas_update_actions (self);
}

GtkWidget *
mf_canvas_new (void)
{
  return g_object_new (MF_TYPE_CANVAS, NULL);
}
