/* mf-canvas-actions.c: what the canvas does to the document — placing,
 * moving, connecting, toggling valves — and its actions, clipboard and
 * keyboard (the key map is described at the top of mf-canvas.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-canvas-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

/* How far each paste of the same clipboard lands from the last one. */
#define PASTE_OFFSET 20.0
#define ZOOM_STEP 1.25

/* ---- edits ---- */

void
mf_canvas_move_selection (MfCanvas *self,
                          double    dx,
                          double    dy,
                          guint     merge_key)
{
  g_auto (GStrv) ids = mf_canvas_get_selection (self);
  g_autoptr (GError) error = NULL;

  if (ids[0] == NULL || (dx == 0 && dy == 0))
    return;
  if (!mf_edit_document_move_components (self->document, (const char * const *) ids, dx, dy,
                                         merge_key, &error))
    mf_canvas_refuse_error (self, error);
}

void
mf_canvas_toggle_valve (MfCanvas *self,
                        guint     index)
{
  const MfCanvasComponent *c = mf_canvas_geometry_get_component (self->geometry, index);
  g_autoptr (GError) error = NULL;
  g_autofree char *id = g_strdup (c->id);
  gboolean closed = FALSE;
  guint n = mf_edit_document_get_n_modes (self->document);

  for (guint m = 0; m < n; m++)
    if (g_strcmp0 (mf_edit_document_get_mode_name (self->document, m), self->editing_mode) == 0)
      closed = mf_edit_document_mode_closes (self->document, m, id);
  if (!mf_edit_document_set_valve_closed (self->document, self->editing_mode, id, !closed,
                                          &error))
    mf_canvas_refuse_error (self, error);
}

void
mf_canvas_place (MfCanvas   *self,
                 const char *type_name,
                 double      x,
                 double      y)
{
  const MfComponentTypeInfo *info = mf_component_type_lookup (type_name);
  g_autoptr (GError) error = NULL;
  const char *id;

  if (self->document == NULL)
    return;
  if (info == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not a component type"), type_name);
      mf_canvas_refuse (self, message);
      return;
    }
  x = mf_canvas_snap (x, MF_SYMBOL_GRID);
  y = mf_canvas_snap (y, MF_SYMBOL_GRID);
  /* a new component should not land on one already there: while the spot
   * is within a symbol's bounds (and a margin for the new symbol's size),
   * it moves on down and to the right */
  for (guint tries = 0; tries < 50; tries++)
    {
      const double margin = 3 * MF_SYMBOL_GRID;
      gboolean taken = FALSE;
      guint n = mf_canvas_geometry_get_n_components (self->geometry);

      for (guint i = 0; i < n && !taken; i++)
        {
          const MfCanvasComponent *c = mf_canvas_geometry_get_component (self->geometry, i);

          taken = x > c->bounds.x - margin && x < c->bounds.x + c->bounds.width + margin
                  && y > c->bounds.y - margin && y < c->bounds.y + c->bounds.height + margin;
        }
      if (!taken)
        break;
      x += 2 * MF_SYMBOL_GRID;
      y += 2 * MF_SYMBOL_GRID;
    }
  id = mf_edit_document_add_component (self->document, info->type, x, y, &error);
  if (id == NULL)
    mf_canvas_refuse_error (self, error);
  else
    mf_canvas_select_only (self, id);
}

void
mf_canvas_connect_ports (MfCanvas *self,
                         int       from,
                         int       to)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *a = g_strdup (mf_canvas_geometry_get_port (self->geometry, from)->name);
  g_autofree char *b = g_strdup (mf_canvas_geometry_get_port (self->geometry, to)->name);

  if (!mf_edit_document_connect (self->document, a, b, &error))
    mf_canvas_refuse_error (self, error);
}

const char *
mf_canvas_connection_problem (MfCanvas *self,
                              int       from,
                              int       to)
{
  const MfCanvasPort *a = mf_canvas_geometry_get_port (self->geometry, from);
  const MfCanvasPort *b = mf_canvas_geometry_get_port (self->geometry, to);

  /* the reason names both kinds: a shaft onto a rod is as wrong as a rod
   * onto a pipe, and must not be called a hydraulic port */
  static const char *const mismatch[MF_N_DOMAINS][MF_N_DOMAINS] = {
    [MF_DOMAIN_HYDRAULIC][MF_DOMAIN_MECHANICAL] =
      N_("A hydraulic port cannot be joined to a mechanical one"),
    [MF_DOMAIN_HYDRAULIC][MF_DOMAIN_ROTATIONAL] =
      N_("A hydraulic port cannot be joined to a rotary one"),
    [MF_DOMAIN_MECHANICAL][MF_DOMAIN_HYDRAULIC] =
      N_("A mechanical port cannot be joined to a hydraulic one"),
    [MF_DOMAIN_MECHANICAL][MF_DOMAIN_ROTATIONAL] =
      N_("A mechanical port cannot be joined to a rotary one: a rod moves, a shaft turns"),
    [MF_DOMAIN_ROTATIONAL][MF_DOMAIN_HYDRAULIC] =
      N_("A rotary port cannot be joined to a hydraulic one"),
    [MF_DOMAIN_ROTATIONAL][MF_DOMAIN_MECHANICAL] =
      N_("A rotary port cannot be joined to a mechanical one: a shaft turns, a rod moves"),
  };

  if (a->domain != b->domain)
    return _(mismatch[a->domain][b->domain]);
  if (a->node == b->node)
    return _("These ports are already connected");
  return NULL;
}

int
mf_canvas_connection_target (MfCanvas *self,
                             double    x,
                             double    y)
{
  int port = mf_canvas_geometry_port_at (self->geometry, x, y, mf_canvas_hit_radius (self, 8));
  int c, w;

  if (port >= 0 && port != self->connect_from)
    return port;
  c = mf_canvas_geometry_component_at (self->geometry, x, y);
  if (c >= 0)
    {
      const MfCanvasComponent *component = mf_canvas_geometry_get_component (self->geometry, c);
      const MfCanvasPort *first = mf_canvas_geometry_get_port (self->geometry,
                                                               component->first_port);

      if (component->info->n_ports == 1 && (int) component->first_port != self->connect_from)
        return (int) component->first_port;
      if (first->direction == MF_PORT_DIRECTION_NONE)
        return -1;
    }
  w = mf_canvas_geometry_wire_at (self->geometry, x, y, mf_canvas_hit_radius (self, 5));
  if (w >= 0)
    {
      const MfCanvasWire *wire = mf_canvas_geometry_get_wire (self->geometry, w);
      const MfCanvasPort *a = mf_canvas_geometry_get_port (self->geometry, wire->port_a);
      const MfCanvasPort *b = mf_canvas_geometry_get_port (self->geometry, wire->port_b);

      return hypot (a->x - x, a->y - y) <= hypot (b->x - x, b->y - y) ? (int) wire->port_a
                                                                     : (int) wire->port_b;
    }
  return -1;
}

void
mf_canvas_set_connect_target (MfCanvas *self,
                              int       to)
{
  self->connect_to = to;
  self->connect_refused = to >= 0
                          && mf_canvas_connection_problem (self, self->connect_from, to) != NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- connecting from the keyboard ---- */

static int
compare_distance (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const double *d = user_data;
  double da = d[*(const guint *) a], db = d[*(const guint *) b];

  return (da > db) - (da < db);
}

/* The ports the connection may end on, nearest first. */
static void
key_connect_candidates (MfCanvas *self)
{
  const MfCanvasPort *from = mf_canvas_geometry_get_port (self->geometry, self->connect_from);
  guint n = mf_canvas_geometry_get_n_ports (self->geometry);
  g_autofree double *distance = g_new (double, n);

  g_array_set_size (self->candidates, 0);
  for (guint i = 0; i < n; i++)
    {
      const MfCanvasPort *port = mf_canvas_geometry_get_port (self->geometry, i);

      distance[i] = hypot (port->x - from->x, port->y - from->y);
      if (port->component != from->component
          && mf_canvas_connection_problem (self, self->connect_from, (int) i) == NULL)
        g_array_append_val (self->candidates, i);
    }
  g_array_sort_with_data (self->candidates, compare_distance, distance);
  self->candidate = 0;
  mf_canvas_set_connect_target (self, self->candidates->len > 0
                                        ? (int) g_array_index (self->candidates, guint, 0)
                                        : -1);
}

void
mf_canvas_key_connect_end (MfCanvas *self)
{
  self->key_connect = FALSE;
  self->connect_from = -1;
  self->connect_to = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* C: from the selected component's first port, and again from its next. */
static void
key_connect_start (MfCanvas *self)
{
  g_auto (GStrv) ids = mf_canvas_get_selection (self);
  const MfCanvasComponent *c;

  if (ids[0] == NULL || ids[1] != NULL)
    {
      mf_canvas_refuse (self, _("Select one component to connect from"));
      return;
    }
  c = mf_canvas_geometry_get_component (self->geometry,
                                        mf_canvas_geometry_find_component (self->geometry,
                                                                           ids[0]));
  self->key_source = self->key_connect ? (self->key_source + 1) % c->info->n_ports : 0;
  self->key_connect = TRUE;
  self->connect_from = (int) (c->first_port + self->key_source);
  key_connect_candidates (self);
}

static void
key_connect_step (MfCanvas *self,
                  int       step)
{
  guint n = self->candidates->len;

  if (n == 0)
    return;
  self->candidate = (guint) (((int) self->candidate + step % (int) n + (int) n) % (int) n);
  mf_canvas_set_connect_target (self,
                                (int) g_array_index (self->candidates, guint, self->candidate));
}

static void
key_connect_confirm (MfCanvas *self)
{
  int from = self->connect_from, to = self->connect_to;

  mf_canvas_key_connect_end (self);
  if (from >= 0 && to >= 0)
    mf_canvas_connect_ports (self, from, to);
}

/* ---- clipboard ---- */

static void
paste_text (MfCanvas   *self,
            const char *text,
            double      offset)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) ids = NULL;

  if (strstr (text, "\"components\"") == NULL)
    {
      mf_canvas_refuse (self, _("The clipboard holds no components"));
      return;
    }
  ids = mf_edit_document_paste (self->document, text, offset, offset, &error);
  if (ids == NULL)
    mf_canvas_refuse_error (self, error);
  else
    mf_canvas_set_selection (self, (const char * const *) ids);
}

static void
paste_ready (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (MfCanvas) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result,
                                                          &error);

  if (text == NULL || self->document == NULL)
    {
      mf_canvas_refuse (self, _("The clipboard holds no components"));
      return;
    }
  /* pasting the same thing again steps further away each time */
  if (g_strcmp0 (text, self->last_paste) == 0)
    self->paste_count++;
  else
    {
      g_free (self->last_paste);
      self->last_paste = g_strdup (text);
      self->paste_count = 1;
    }
  paste_text (self, text, PASTE_OFFSET * self->paste_count);
}

static char *
copy_selection (MfCanvas *self)
{
  g_auto (GStrv) ids = mf_canvas_get_selection (self);

  if (ids[0] == NULL)
    return NULL;
  return mf_edit_document_copy (self->document, (const char * const *) ids);
}

/* ---- actions ---- */

static void
action_delete (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MfCanvas *self = MF_CANVAS (widget);
  g_auto (GStrv) ids = mf_canvas_get_selection (self);
  g_autoptr (GError) error = NULL;
  int wire = mf_canvas_selected_wire (self);

  if (ids[0] != NULL)
    {
      if (!mf_edit_document_remove_components (self->document, (const char * const *) ids,
                                               &error))
        mf_canvas_refuse_error (self, error);
    }
  else if (wire >= 0)
    {
      guint index = mf_canvas_geometry_get_wire (self->geometry, wire)->index;

      if (!mf_edit_document_remove_wire (self->document, index, &error))
        mf_canvas_refuse_error (self, error);
    }
}

static void
action_rotate (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MfCanvas *self = MF_CANVAS (widget);
  g_auto (GStrv) ids = mf_canvas_get_selection (self);
  g_autoptr (GError) error = NULL;

  if (ids[0] != NULL
      && !mf_edit_document_rotate_components (self->document, (const char * const *) ids,
                                              &error))
    mf_canvas_refuse_error (self, error);
}

static void
action_copy (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_autofree char *text = copy_selection (MF_CANVAS (widget));

  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

static void
action_cut (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  action_copy (widget, action_name, parameter);
  action_delete (widget, action_name, parameter);
}

static void
action_paste (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_ready,
                                 g_object_ref (widget));
}

static void
action_duplicate (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  MfCanvas *self = MF_CANVAS (widget);
  g_autofree char *text = copy_selection (self);

  if (text != NULL)
    paste_text (self, text, PASTE_OFFSET);
}

static void
action_select_all (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MfCanvas *self = MF_CANVAS (widget);
  guint n = mf_canvas_geometry_get_n_components (self->geometry);

  mf_canvas_clear_wire_selection (self);
  for (guint i = 0; i < n; i++)
    g_hash_table_add (self->selection,
                      g_strdup (mf_canvas_geometry_get_component (self->geometry, i)->id));
  mf_canvas_selection_changed (self);
}

static void
action_zoom (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MfCanvas *self = MF_CANVAS (widget);

  if (g_str_equal (action_name, "canvas.zoom-in"))
    mf_canvas_zoom_by (self, ZOOM_STEP);
  else if (g_str_equal (action_name, "canvas.zoom-out"))
    mf_canvas_zoom_by (self, 1 / ZOOM_STEP);
  else
    mf_canvas_zoom_fit (self);
}

/* At the pointer when it is over the canvas, else in the middle of it. */
static void
action_place (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  MfCanvas *self = MF_CANVAS (widget);
  double wx = gtk_widget_get_width (widget) / 2.0, wy = gtk_widget_get_height (widget) / 2.0;
  double x, y;

  if (self->pointer_inside)
    {
      wx = self->pointer_x;
      wy = self->pointer_y;
    }
  mf_view_transform_to_canvas (&self->view, wx, wy, &x, &y);
  mf_canvas_place (self, g_variant_get_string (parameter, NULL), x, y);
}

static void
action_connect (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  key_connect_start (MF_CANVAS (widget));
}

/* Escape: whatever is under way stops, and a drag puts things back. */
static void
action_cancel (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MfCanvas *self = MF_CANVAS (widget);
  MfCanvasDrag drag = self->drag;

  if (self->key_connect)
    {
      mf_canvas_key_connect_end (self);
      return;
    }
  if (drag == MF_CANVAS_DRAG_NONE)
    {
      mf_canvas_select_only (self, NULL);
      return;
    }
  self->drag = MF_CANVAS_DRAG_NONE;
  /* the drag's moves are one command, the last one */
  if (drag == MF_CANVAS_DRAG_MOVE && (self->moved_x != 0 || self->moved_y != 0))
    mf_edit_document_undo (self->document);
  if (drag == MF_CANVAS_DRAG_BAND && self->band_before != NULL)
    {
      g_hash_table_unref (self->selection);
      self->selection = g_steal_pointer (&self->band_before);
    }
  self->connect_from = self->connect_to = -1;
  gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->drag_gesture));
  mf_canvas_selection_changed (self);
}

/* ---- keys that are not actions ---- */

static gboolean
key_move (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  MfCanvas *self = MF_CANVAS (widget);
  int dx, dy;

  g_variant_get (args, "(ii)", &dx, &dy);
  if (self->key_connect || self->document == NULL)
    return TRUE;
  if (g_hash_table_size (self->selection) == 0)
    {
      mf_view_transform_pan (&self->view, -dx * 40.0, -dy * 40.0);
      mf_canvas_view_changed_by_hand (self);
      gtk_widget_queue_draw (widget);
    }
  else
    mf_canvas_move_selection (self, dx * MF_SYMBOL_GRID, dy * MF_SYMBOL_GRID, 0);
  return TRUE;
}

static gboolean
key_cycle (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  MfCanvas *self = MF_CANVAS (widget);
  int step = g_variant_get_int32 (args);
  guint n = mf_canvas_geometry_get_n_components (self->geometry);
  g_auto (GStrv) ids = NULL;
  int current = -1;

  if (self->key_connect)
    {
      key_connect_step (self, step);
      return TRUE;
    }
  if (n == 0)
    return FALSE;
  ids = mf_canvas_get_selection (self);
  if (ids[0] != NULL)
    current = mf_canvas_geometry_find_component (self->geometry,
                                                 step > 0 ? ids[g_strv_length (ids) - 1]
                                                          : ids[0]);
  if (current < 0)
    current = step > 0 ? (int) n - 1 : 0;
  current = (current + step + (int) n) % (int) n;
  mf_canvas_select_only (self, mf_canvas_geometry_get_component (self->geometry, current)->id);
  mf_canvas_reveal_component (self, current);
  return TRUE;
}

static gboolean
key_confirm (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  MfCanvas *self = MF_CANVAS (widget);

  if (!self->key_connect)
    return FALSE;
  key_connect_confirm (self);
  return TRUE;
}

void
mf_canvas_update_actions (MfCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean doc = self->document != NULL;
  guint n = g_hash_table_size (self->selection);

  gtk_widget_action_set_enabled (widget, "canvas.delete", doc && (n > 0 || self->wire_a));
  gtk_widget_action_set_enabled (widget, "canvas.rotate", doc && n > 0);
  gtk_widget_action_set_enabled (widget, "canvas.copy", doc && n > 0);
  gtk_widget_action_set_enabled (widget, "canvas.cut", doc && n > 0);
  gtk_widget_action_set_enabled (widget, "canvas.duplicate", doc && n > 0);
  gtk_widget_action_set_enabled (widget, "canvas.connect", doc && n == 1);
  gtk_widget_action_set_enabled (widget, "canvas.paste", doc);
  gtk_widget_action_set_enabled (widget, "canvas.select-all", doc);
  gtk_widget_action_set_enabled (widget, "canvas.place", doc);
}

void
mf_canvas_class_install_actions (GtkWidgetClass *widget_class)
{
  static const struct
  {
    const char *name;
    GtkWidgetActionActivateFunc activate;
    const char *parameter;
    guint key;
    GdkModifierType mods;
  } actions[] = {
    { "canvas.delete", action_delete, NULL, GDK_KEY_Delete, 0 },
    { "canvas.rotate", action_rotate, NULL, GDK_KEY_r, 0 },
    { "canvas.copy", action_copy, NULL, GDK_KEY_c, GDK_CONTROL_MASK },
    { "canvas.cut", action_cut, NULL, GDK_KEY_x, GDK_CONTROL_MASK },
    { "canvas.paste", action_paste, NULL, GDK_KEY_v, GDK_CONTROL_MASK },
    { "canvas.duplicate", action_duplicate, NULL, GDK_KEY_d, GDK_CONTROL_MASK },
    { "canvas.select-all", action_select_all, NULL, GDK_KEY_a, GDK_CONTROL_MASK },
    { "canvas.zoom-in", action_zoom, NULL, GDK_KEY_plus, GDK_CONTROL_MASK },
    { "canvas.zoom-out", action_zoom, NULL, GDK_KEY_minus, GDK_CONTROL_MASK },
    { "canvas.zoom-fit", action_zoom, NULL, GDK_KEY_0, GDK_CONTROL_MASK },
    { "canvas.place", action_place, "s", 0, 0 },
    { "canvas.connect", action_connect, NULL, GDK_KEY_c, 0 },
    { "canvas.cancel", action_cancel, NULL, GDK_KEY_Escape, 0 },
  };
  static const struct
  {
    guint key;
    GdkModifierType mods;
    const char *action;
  } more_keys[] = {
    { GDK_KEY_KP_Delete, 0, "canvas.delete" },
    { GDK_KEY_equal, GDK_CONTROL_MASK, "canvas.zoom-in" },
    { GDK_KEY_KP_Add, GDK_CONTROL_MASK, "canvas.zoom-in" },
    { GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "canvas.zoom-out" },
    { GDK_KEY_KP_0, GDK_CONTROL_MASK, "canvas.zoom-fit" },
  };
  static const struct
  {
    guint key;
    int dx;
    int dy;
  } arrows[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_Right, 1, 0 }, { GDK_KEY_Up, 0, -1 }, { GDK_KEY_Down, 0, 1 },
    { GDK_KEY_KP_Left, -1, 0 }, { GDK_KEY_KP_Right, 1, 0 }, { GDK_KEY_KP_Up, 0, -1 },
    { GDK_KEY_KP_Down, 0, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      gtk_widget_class_install_action (widget_class, actions[i].name, actions[i].parameter,
                                       actions[i].activate);
      if (actions[i].key != 0)
        gtk_widget_class_add_binding_action (widget_class, actions[i].key, actions[i].mods,
                                             actions[i].name, NULL);
    }
  for (guint i = 0; i < G_N_ELEMENTS (more_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, more_keys[i].key, more_keys[i].mods,
                                         more_keys[i].action, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    {
      gtk_widget_class_add_binding (widget_class, arrows[i].key, 0, key_move, "(ii)",
                                    arrows[i].dx, arrows[i].dy);
      gtk_widget_class_add_binding (widget_class, arrows[i].key, GDK_SHIFT_MASK, key_move,
                                    "(ii)", 5 * arrows[i].dx, 5 * arrows[i].dy);
    }
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Tab, 0, key_cycle, "i", 1);
  /* (the trigger matches Shift+ISO_Left_Tab too) */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Tab, GDK_SHIFT_MASK, key_cycle, "i", -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Return, 0, key_confirm, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Enter, 0, key_confirm, NULL);
}
