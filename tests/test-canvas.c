/* test-canvas.c: the canvas and the palette in a window — placing,
 * selecting, moving by keys and by drag, rotating, deleting and undoing,
 * copy and paste, connecting by drag and by keyboard, highlights, valves
 * toggled in a mode, zoom, refitting as the canvas changes size, drops and
 * the palette's clicks and drags.
 * Needs a display (Xvfb).
 *
 * Key presses go through the canvas's own shortcuts and pointer gestures
 * through its own gesture objects, so what is tested is what a user's
 * keys and drags run.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "mf-palette.h"
#include "mf-test-canvas.h"

typedef struct
{
  GtkWidget      *window;
  GtkWidget      *canvas;
  MfEditDocument *document;
  guint           selection_changes;
  char           *refused;
} Fixture;

static void
on_selection_changed (MfCanvas *canvas,
                      Fixture  *f)
{
  f->selection_changes++;
}

static void
on_refused (MfCanvas   *canvas,
            const char *message,
            Fixture    *f)
{
  g_free (f->refused);
  f->refused = g_strdup (message);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const char *example = data;

  f->document = mf_edit_document_new ();
  if (example != NULL)
    {
      g_autofree char *name = g_strconcat (example, ".manifold", NULL);
      g_autofree char *path = g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"), name, NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autoptr (GError) error = NULL;

      mf_edit_document_load_file (f->document, file, &error);
      g_assert_no_error (error);
    }
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 800, 600);
  f->canvas = mf_canvas_new ();
  gtk_window_set_child (GTK_WINDOW (f->window), f->canvas);
  mf_canvas_set_document (MF_CANVAS (f->canvas), f->document);
  g_signal_connect (f->canvas, "selection-changed", G_CALLBACK (on_selection_changed), f);
  g_signal_connect (f->canvas, "edit-refused", G_CALLBACK (on_refused), f);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (f->canvas);
  spin ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  spin ();
  g_object_unref (f->document);
  g_free (f->refused);
}

/* ---- driving the canvas as a user would ---- */

/* Runs the canvas's shortcut for a key; FALSE when none took it. */
static gboolean
press_key (GtkWidget       *widget,
           guint            keyval,
           GdkModifierType  modifiers)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (c)); k++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (c), k);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger)
              && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval
              && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers
              && gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                               GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                               gtk_shortcut_get_arguments (shortcut)))
            {
              spin ();
              return TRUE;
            }
        }
    }
  return FALSE;
}

static void
to_widget (Fixture *f,
           double   x,
           double   y,
           double  *wx,
           double  *wy)
{
  mf_test_canvas_to_widget (f->canvas, x, y, wx, wy);
}

static void
drag (Fixture *f,
      double   x1,
      double   y1,
      double   x2,
      double   y2)
{
  mf_test_canvas_drag (f->canvas, x1, y1, x2, y2);
}

static void
click (Fixture *f,
       double   x,
       double   y)
{
  drag (f, x, y, x, y);
}

/* The pointer moving over a canvas point, without a button down. */
static void
hover (Fixture *f,
       double   x,
       double   y)
{
  GtkEventController *motion = find_controller (f->canvas, GTK_TYPE_EVENT_CONTROLLER_MOTION, 0);
  double wx, wy;

  to_widget (f, x, y, &wx, &wy);
  g_signal_emit_by_name (motion, "motion", wx, wy);
  spin ();
}

static char *
selection_text (Fixture *f)
{
  g_auto (GStrv) ids = mf_canvas_get_selection (MF_CANVAS (f->canvas));

  return g_strjoinv (",", ids);
}

static void
assert_selection (Fixture    *f,
                  const char *expected)
{
  g_autofree char *text = selection_text (f);

  g_assert_cmpstr (text, ==, expected);
}

static const MfCanvasComponent *
component (Fixture    *f,
           const char *id)
{
  MfCanvasGeometry *geometry = mf_canvas_get_geometry (MF_CANVAS (f->canvas));
  int index = mf_canvas_geometry_find_component (geometry, id);

  g_assert_cmpint (index, >=, 0);
  return mf_canvas_geometry_get_component (geometry, index);
}

static const MfCanvasPort *
port (Fixture    *f,
      const char *name)
{
  return mf_test_canvas_port (f->canvas, name);
}

static void
place (Fixture    *f,
       const char *type)
{
  gtk_widget_activate_action (f->canvas, "canvas.place", "s", type);
  spin ();
}

/* ---- pixels ---- */

typedef struct
{
  guchar *data;
  int     width;
  int     height;
  gsize   stride;
} Pixels;

/* What the canvas shows once its next frame is drawn. */
static void
render (Fixture *f,
        Pixels  *pixels)
{
  g_autoptr (GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (f->canvas));

  gtk_widget_queue_draw (f->canvas);
  gtk_test_widget_wait_for_draw (f->canvas);
  paintable = gtk_widget_paintable_new (f->canvas);
  pixels->width = gtk_widget_get_width (f->canvas);
  pixels->height = gtk_widget_get_height (f->canvas);
  gdk_paintable_snapshot (paintable, snapshot, pixels->width, pixels->height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, pixels->width,
                                                              pixels->height));
  pixels->stride = pixels->width * 4;
  pixels->data = g_malloc (pixels->stride * pixels->height);
  gdk_texture_download (texture, pixels->data, pixels->stride);
}

static guint32
pixel_at (const Pixels *pixels,
          int           x,
          int           y)
{
  return *(const guint32 *) (pixels->data + y * pixels->stride + 4 * x);
}

/* How many pixels differ inside the widget rectangle (all of it if NULL). */
static guint
count_changed (const Pixels      *a,
               const Pixels      *b,
               const cairo_rectangle_t *only)
{
  guint n = 0;

  g_assert_cmpint (a->width, ==, b->width);
  for (int y = 0; y < a->height; y++)
    for (int x = 0; x < a->width; x++)
      if (only == NULL || (x >= only->x && x < only->x + only->width && y >= only->y
                           && y < only->y + only->height))
        n += pixel_at (a, x, y) != pixel_at (b, x, y);
  return n;
}

/* A component's symbol as a widget rectangle. */
static cairo_rectangle_t
widget_bounds (Fixture    *f,
               const char *id)
{
  const MfCanvasComponent *c = component (f, id);
  double x1, y1, x2, y2;

  to_widget (f, c->bounds.x - 6, c->bounds.y - 6, &x1, &y1);
  to_widget (f, c->bounds.x + c->bounds.width + 6, c->bounds.y + c->bounds.height + 6, &x2,
             &y2);
  return (cairo_rectangle_t) { x1, y1, x2 - x1, y2 - y1 };
}

/* ---- tests ---- */

static void
test_place_and_select (Fixture       *f,
                       gconstpointer  data)
{
  const MfCanvasComponent *p1, *p2;
  Pixels before, after;

  render (f, &before);
  place (f, "pipe");
  g_assert_cmpuint (mf_edit_document_get_n_components (f->document), ==, 1);
  assert_selection (f, "P1");
  g_assert_cmpuint (f->selection_changes, >, 0);
  p1 = component (f, "P1");
  g_assert_cmpint (p1->type, ==, MF_COMPONENT_PIPE);
  /* on the grid, in view */
  g_assert_cmpfloat (fmod (p1->x, 10), ==, 0);
  g_assert_cmpfloat (fmod (p1->y, 10), ==, 0);
  render (f, &after);
  g_assert_cmpuint (count_changed (&before, &after, NULL), >, 100);
  g_free (after.data);

  /* a second one at the same spot steps aside, diagonally, clear of the
   * first symbol */
  place (f, "pipe");
  assert_selection (f, "P2");
  p1 = component (f, "P1");
  p2 = component (f, "P2");
  g_assert_cmpfloat (p2->x - p1->x, ==, p2->y - p1->y);
  g_assert_cmpfloat (p2->x, >, p1->x);
  g_assert_false (p2->bounds.x < p1->bounds.x + p1->bounds.width
                  && p1->bounds.x < p2->bounds.x + p2->bounds.width
                  && p2->bounds.y < p1->bounds.y + p1->bounds.height
                  && p1->bounds.y < p2->bounds.y + p2->bounds.height);

  place (f, "no_such_type");
  g_assert_nonnull (f->refused);
  g_assert_cmpuint (mf_edit_document_get_n_components (f->document), ==, 2);

  g_assert_true (press_key (f->canvas, GDK_KEY_a, GDK_CONTROL_MASK));
  assert_selection (f, "P1,P2");
  mf_canvas_set_selection (MF_CANVAS (f->canvas), (const char *[]) { "P2", "X7", NULL });
  assert_selection (f, "P2");
  g_assert_true (press_key (f->canvas, GDK_KEY_Escape, 0));
  assert_selection (f, "");
  /* with nothing selected, rotate and delete are off */
  g_assert_false (press_key (f->canvas, GDK_KEY_Delete, 0));
  g_assert_false (press_key (f->canvas, GDK_KEY_r, 0));

  /* Tab walks through the components */
  g_assert_true (press_key (f->canvas, GDK_KEY_Tab, 0));
  assert_selection (f, "P1");
  g_assert_true (press_key (f->canvas, GDK_KEY_Tab, 0));
  assert_selection (f, "P2");
  g_assert_true (press_key (f->canvas, GDK_KEY_Tab, GDK_SHIFT_MASK));
  assert_selection (f, "P1");
  g_free (before.data);
}

static void
test_move_rotate_delete (Fixture       *f,
                         gconstpointer  data)
{
  double x, y;
  Pixels before, after;

  place (f, "orifice");
  x = component (f, "O1")->x;
  y = component (f, "O1")->y;

  /* arrows: a grid step each, Shift five */
  g_assert_true (press_key (f->canvas, GDK_KEY_Right, 0));
  g_assert_true (press_key (f->canvas, GDK_KEY_Down, GDK_SHIFT_MASK));
  g_assert_cmpfloat (component (f, "O1")->x, ==, x + 10);
  g_assert_cmpfloat (component (f, "O1")->y, ==, y + 50);

  /* a drag moves on the grid, as one command */
  mf_edit_document_undo (f->document);
  mf_edit_document_undo (f->document);
  g_assert_cmpfloat (component (f, "O1")->x, ==, x);
  drag (f, x, y, x + 43, y - 18);
  g_assert_cmpfloat (component (f, "O1")->x, ==, x + 40);
  g_assert_cmpfloat (component (f, "O1")->y, ==, y - 20);
  g_assert_cmpstr (mf_edit_document_get_undo_label (f->document), ==, "Move O1");
  mf_edit_document_undo (f->document);
  g_assert_cmpfloat (component (f, "O1")->x, ==, x);
  g_assert_cmpfloat (component (f, "O1")->y, ==, y);
  g_assert_cmpstr (mf_edit_document_get_undo_label (f->document), !=, "Move O1");

  /* R turns it; the picture turns too */
  render (f, &before);
  g_assert_true (press_key (f->canvas, GDK_KEY_r, 0));
  g_assert_cmpint (mf_edit_document_get_component_rotation (f->document, 0), ==, 90);
  render (f, &after);
  g_assert_cmpuint (count_changed (&before, &after, NULL), >, 50);
  g_free (after.data);

  /* Delete removes it; undo brings it back, still turned */
  g_assert_true (press_key (f->canvas, GDK_KEY_Delete, 0));
  g_assert_cmpuint (mf_edit_document_get_n_components (f->document), ==, 0);
  assert_selection (f, "");
  render (f, &after);
  g_assert_cmpuint (count_changed (&before, &after, NULL), >, 50);
  g_free (after.data);
  mf_edit_document_undo (f->document);
  spin ();
  g_assert_cmpuint (mf_edit_document_get_n_components (f->document), ==, 1);
  g_assert_cmpint (mf_edit_document_get_component_rotation (f->document, 0), ==, 90);
  g_free (before.data);
}

static void
test_rubber_band (Fixture       *f,
                  gconstpointer  data)
{
  const MfCanvasComponent *p1, *v1;
  double x1, y1, x2, y2;

  /* pipe-drain: T1 P1 J1 O1 T2 along a line */
  p1 = component (f, "P1");
  x1 = p1->bounds.x - 5;
  y1 = p1->bounds.y - 5;
  x2 = p1->bounds.x + p1->bounds.width + 5;
  y2 = p1->bounds.y + p1->bounds.height + 5;
  /* rightwards: only what lies inside */
  drag (f, x1, y1, x2, y2);
  assert_selection (f, "P1");
  /* leftwards: whatever it touches */
  v1 = component (f, "O1");
  drag (f, v1->x + 1, v1->y + 40, p1->x, v1->y + 40 - 80);
  assert_selection (f, "P1,J1,O1");
  /* a click on paper clears it, a click on a symbol selects it alone */
  click (f, p1->x, p1->y + 200);
  assert_selection (f, "");
  click (f, p1->x, p1->y);
  assert_selection (f, "P1");
}

static void
test_copy_paste (Fixture       *f,
                 gconstpointer  data)
{
  guint n = mf_edit_document_get_n_components (f->document);
  const MfCanvasComponent *p1 = component (f, "P1");
  double x = p1->x, y = p1->y;
  gint64 deadline;

  click (f, x, y);
  assert_selection (f, "P1");
  g_assert_true (press_key (f->canvas, GDK_KEY_c, GDK_CONTROL_MASK));
  g_assert_true (press_key (f->canvas, GDK_KEY_v, GDK_CONTROL_MASK));
  deadline = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;
  while (mf_edit_document_get_n_components (f->document) == n
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  spin ();
  g_assert_cmpuint (mf_edit_document_get_n_components (f->document), ==, n + 1);
  /* the copy is selected, beside the original */
  {
    g_auto (GStrv) ids = mf_canvas_get_selection (MF_CANVAS (f->canvas));
    const MfCanvasComponent *copy;

    g_assert_cmpuint (g_strv_length (ids), ==, 1);
    g_assert_cmpstr (ids[0], !=, "P1");
    copy = component (f, ids[0]);
    g_assert_cmpint (copy->type, ==, MF_COMPONENT_PIPE);
    g_assert_cmpfloat (copy->x, ==, x + 20);
    g_assert_cmpfloat (copy->y, ==, y + 20);
  }
  /* Ctrl+D duplicates without the clipboard, Ctrl+X cuts */
  g_assert_true (press_key (f->canvas, GDK_KEY_d, GDK_CONTROL_MASK));
  g_assert_cmpuint (mf_edit_document_get_n_components (f->document), ==, n + 2);
  g_assert_true (press_key (f->canvas, GDK_KEY_x, GDK_CONTROL_MASK));
  g_assert_cmpuint (mf_edit_document_get_n_components (f->document), ==, n + 1);
  assert_selection (f, "");
}

static void
load (Fixture    *f,
      const char *text)
{
  g_autoptr (GError) error = NULL;

  mf_edit_document_load_data (f->document, text, -1, "test", &error);
  g_assert_no_error (error);
  spin ();
}

static void
test_connect_by_drag (Fixture       *f,
                      gconstpointer  data)
{
  const MfCanvasPort *a, *b;
  const MfCanvasWire *wire;
  MfCanvasPoint bend;
  Pixels before, after;
  const char *end_a, *end_b;

  load (f, "{\"manifold\": 1, \"components\": ["
           "{\"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01,"
           " \"at\": [100, 100]},"
           "{\"id\": \"O1\", \"type\": \"orifice\", \"area\": 1e-6, \"at\": [220, 160]},"
           "{\"id\": \"M1\", \"type\": \"mass\", \"mass\": 1, \"at\": [300, 300]},"
           "{\"id\": \"T1\", \"type\": \"tank\", \"at\": [380, 60]}"
           "], \"wires\": []}");

  /* from P1.b to O1.a */
  a = port (f, "P1.b");
  b = port (f, "O1.a");
  drag (f, a->x, a->y, b->x + 1, b->y - 1);
  g_assert_null (f->refused);
  g_assert_cmpuint (mf_edit_document_get_n_wires (f->document), ==, 1);

  /* a hydraulic port onto a mass is refused, with a reason; the port it
   * started from (ringed while hovered) is left as it was */
  a = port (f, "O1.b");
  render (f, &before);
  hover (f, a->x, a->y);
  render (f, &after);
  g_assert_cmpuint (count_changed (&before, &after, NULL), >, 20);
  g_free (after.data);
  drag (f, a->x, a->y, 300, 300);
  g_assert_cmpuint (mf_edit_document_get_n_wires (f->document), ==, 1);
  g_assert_nonnull (f->refused);
  g_assert_nonnull (strstr (f->refused, "mechanical"));
  render (f, &after);
  g_assert_cmpuint (count_changed (&before, &after, NULL), ==, 0);
  g_free (before.data);
  g_free (after.data);

  /* onto a wire, at its first bend: joined to the port at its nearer end */
  g_clear_pointer (&f->refused, g_free);
  wire = mf_canvas_geometry_get_wire (mf_canvas_get_geometry (MF_CANVAS (f->canvas)), 0);
  g_assert_cmpuint (wire->route.n_points, >, 2);
  bend = wire->route.points[1];
  a = port (f, "T1.p");
  drag (f, a->x, a->y, bend.x, bend.y);
  g_assert_null (f->refused);
  g_assert_cmpuint (mf_edit_document_get_n_wires (f->document), ==, 2);
  mf_edit_document_get_wire (f->document, 1, &end_a, &end_b);
  g_assert_cmpstr (end_a, ==, "T1.p");
  g_assert_cmpstr (end_b, ==, "P1.b");

  /* a wire can be selected, and deleted */
  wire = mf_canvas_geometry_get_wire (mf_canvas_get_geometry (MF_CANVAS (f->canvas)), 0);
  click (f, (wire->route.points[1].x + wire->route.points[2].x) / 2,
         (wire->route.points[1].y + wire->route.points[2].y) / 2);
  assert_selection (f, "");
  g_assert_true (press_key (f->canvas, GDK_KEY_Delete, 0));
  g_assert_cmpuint (mf_edit_document_get_n_wires (f->document), ==, 1);
  mf_edit_document_get_wire (f->document, 0, &end_a, &end_b);
  g_assert_cmpstr (end_a, ==, "T1.p");
}

/* A connection across the kinds of port is refused with a reason that
 * names both kinds, a shaft's included */
static void
test_connect_kinds (Fixture       *f,
                    gconstpointer  data)
{
  const MfCanvasPort *a;

  load (f, "{\"manifold\": 1, \"components\": ["
           "{\"id\": \"HM1\", \"type\": \"hydraulic_motor\", \"displacement\": \"20 cm^3/rev\","
           " \"at\": [100, 100]},"
           "{\"id\": \"M1\", \"type\": \"mass\", \"mass\": 1, \"at\": [300, 300]},"
           "{\"id\": \"I1\", \"type\": \"inertia\", \"inertia\": 1, \"at\": [380, 60]}"
           "], \"wires\": []}");

  a = port (f, "HM1.shaft");
  drag (f, a->x, a->y, 300, 300);
  g_assert_cmpstr (f->refused, ==,
                   "A rotary port cannot be joined to a mechanical one: a shaft turns, a rod moves");
  g_clear_pointer (&f->refused, g_free);

  a = port (f, "HM1.a");
  drag (f, a->x, a->y, 380, 60);
  g_assert_cmpstr (f->refused, ==, "A hydraulic port cannot be joined to a rotary one");
  g_assert_cmpuint (mf_edit_document_get_n_wires (f->document), ==, 0);
}

static void
test_connect_by_keyboard (Fixture       *f,
                          gconstpointer  data)
{
  const char *end_a, *end_b;

  load (f, "{\"manifold\": 1, \"components\": ["
           "{\"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01,"
           " \"at\": [100, 100]},"
           "{\"id\": \"P2\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01,"
           " \"at\": [220, 80]},"
           "{\"id\": \"K1\", \"type\": \"spring\", \"stiffness\": 1, \"at\": [100, 300]}"
           "], \"wires\": []}");
  mf_canvas_set_selection (MF_CANVAS (f->canvas), (const char *[]) { "P1", NULL });
  /* C starts at P1.a; C again moves to P1.b, whose nearest partner is P2.a */
  g_assert_true (press_key (f->canvas, GDK_KEY_c, 0));
  g_assert_true (press_key (f->canvas, GDK_KEY_c, 0));
  g_assert_true (press_key (f->canvas, GDK_KEY_Return, 0));
  g_assert_cmpuint (mf_edit_document_get_n_wires (f->document), ==, 1);
  mf_edit_document_get_wire (f->document, 0, &end_a, &end_b);
  g_assert_cmpstr (end_a, ==, "P1.b");
  g_assert_cmpstr (end_b, ==, "P2.a");
  /* Tab walks through the ports of the same domain (P2.a, P2.b), never to
   * the spring's */
  g_assert_true (press_key (f->canvas, GDK_KEY_c, 0));
  g_assert_true (press_key (f->canvas, GDK_KEY_Tab, 0));
  g_assert_true (press_key (f->canvas, GDK_KEY_Return, 0));
  g_assert_cmpuint (mf_edit_document_get_n_wires (f->document), ==, 2);
  mf_edit_document_get_wire (f->document, 1, &end_a, &end_b);
  g_assert_cmpstr (end_a, ==, "P1.a");
  g_assert_cmpstr (end_b, ==, "P2.b");
  /* Escape leaves it unconnected */
  g_assert_true (press_key (f->canvas, GDK_KEY_c, 0));
  g_assert_true (press_key (f->canvas, GDK_KEY_Escape, 0));
  g_assert_false (press_key (f->canvas, GDK_KEY_Return, 0));
  g_assert_cmpuint (mf_edit_document_get_n_wires (f->document), ==, 2);
}

static void
test_highlight_and_mode (Fixture       *f,
                         gconstpointer  data)
{
  const char *components[] = { "O1", NULL };
  const char *nodes[] = { "J2.p", NULL };
  cairo_rectangle_t v1_box = widget_bounds (f, "V1");
  cairo_rectangle_t o1_box = widget_bounds (f, "O1");
  cairo_rectangle_t p1_box = widget_bounds (f, "P1");
  Pixels plain, marked, shut;
  char *closed_before;

  render (f, &plain);
  mf_canvas_set_highlight (MF_CANVAS (f->canvas), components, nodes);
  render (f, &marked);
  g_assert_cmpuint (count_changed (&plain, &marked, &o1_box), >, 50);
  g_assert_cmpuint (count_changed (&plain, &marked, &p1_box), ==, 0);
  mf_canvas_set_highlight (MF_CANVAS (f->canvas), NULL, NULL);
  g_free (marked.data);
  render (f, &marked);
  g_assert_cmpuint (count_changed (&plain, &marked, NULL), ==, 0);
  g_free (marked.data);

  /* the mode being looked at draws V1 closed, and only V1, but a click
   * there only selects it; the mode being edited is drawn instead */
  mf_canvas_set_shown_mode (MF_CANVAS (f->canvas), "V1 shut");
  g_assert_cmpstr (mf_canvas_get_shown_mode (MF_CANVAS (f->canvas)), ==, "V1 shut");
  render (f, &shut);
  g_assert_cmpuint (count_changed (&plain, &shut, &v1_box), >, 30);
  g_assert_cmpuint (count_changed (&plain, &shut, NULL), ==,
                    count_changed (&plain, &shut, &v1_box));
  g_free (shut.data);
  click (f, component (f, "V1")->x, component (f, "V1")->y);
  assert_selection (f, "V1");
  g_assert_true (mf_edit_document_mode_closes (f->document, 1, "V1"));
  g_assert_false (mf_edit_document_get_can_undo (f->document));
  mf_canvas_set_selection (MF_CANVAS (f->canvas), NULL);

  /* in "V1 open" a click on V1 closes it there */
  mf_canvas_set_editing_mode (MF_CANVAS (f->canvas), "V1 open");
  g_assert_cmpstr (mf_canvas_get_editing_mode (MF_CANVAS (f->canvas)), ==, "V1 open");
  render (f, &shut);
  g_assert_cmpuint (count_changed (&plain, &shut, NULL), ==, 0);
  g_free (shut.data);
  closed_before = g_strdup (mf_edit_document_mode_closes (f->document, 0, "V1") ? "yes" : "no");
  g_assert_cmpstr (closed_before, ==, "no");
  click (f, component (f, "V1")->x, component (f, "V1")->y);
  g_assert_true (mf_edit_document_mode_closes (f->document, 0, "V1"));
  render (f, &shut);
  g_assert_cmpuint (count_changed (&plain, &shut, &v1_box), >, 30);
  g_assert_cmpuint (count_changed (&plain, &shut, NULL), ==,
                    count_changed (&plain, &shut, &v1_box));
  /* the click did not move it */
  g_assert_cmpstr (mf_edit_document_get_undo_label (f->document), !=, "Move V1");
  click (f, component (f, "V1")->x, component (f, "V1")->y);
  g_assert_false (mf_edit_document_mode_closes (f->document, 0, "V1"));
  mf_canvas_set_editing_mode (MF_CANVAS (f->canvas), NULL);
  mf_canvas_set_shown_mode (MF_CANVAS (f->canvas), NULL);
  g_free (shut.data);
  render (f, &shut);
  g_assert_cmpuint (count_changed (&plain, &shut, NULL), ==, 0);
  g_free (closed_before);
  g_free (plain.data);
  g_free (shut.data);
}

static void
test_zoom_and_drop (Fixture       *f,
                    gconstpointer  data)
{
  MfViewTransform before, after;
  GtkEventController *drop = find_controller (f->canvas, GTK_TYPE_DROP_TARGET, 0);
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;
  double x, y;
  guint n = mf_edit_document_get_n_components (f->document);

  mf_canvas_get_view (MF_CANVAS (f->canvas), &before);
  g_assert_true (press_key (f->canvas, GDK_KEY_plus, GDK_CONTROL_MASK));
  mf_canvas_get_view (MF_CANVAS (f->canvas), &after);
  g_assert_cmpfloat_with_epsilon (after.scale, before.scale * 1.25, 1e-9);
  g_assert_true (press_key (f->canvas, GDK_KEY_0, GDK_CONTROL_MASK));
  mf_canvas_get_view (MF_CANVAS (f->canvas), &after);
  g_assert_cmpfloat_with_epsilon (after.scale, before.scale, 1e-9);
  /* every component is in view after fitting */
  for (guint i = 0; i < n; i++)
    {
      const MfCanvasComponent *c = mf_canvas_geometry_get_component (
        mf_canvas_get_geometry (MF_CANVAS (f->canvas)), i);

      to_widget (f, c->x, c->y, &x, &y);
      g_assert_true (x > 0 && x < gtk_widget_get_width (f->canvas));
      g_assert_true (y > 0 && y < gtk_widget_get_height (f->canvas));
    }

  /* a palette's drop lands where it was dropped, on the grid */
  g_assert_true (mf_test_canvas_drop_type (f->canvas, "check_valve", 203, 298));
  g_assert_cmpuint (mf_edit_document_get_n_components (f->document), ==, n + 1);
  assert_selection (f, "CV1");
  g_assert_cmpfloat (component (f, "CV1")->x, ==, 200);
  g_assert_cmpfloat (component (f, "CV1")->y, ==, 300);
  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, "some other text");
  g_signal_emit_by_name (drop, "drop", &value, x, y, &accepted);
  g_value_unset (&value);
  g_assert_false (accepted);
}

/* The whole circuit lies inside the canvas. */
static gboolean
circuit_in_view (Fixture *f)
{
  cairo_rectangle_t bounds;
  double x1, y1, x2, y2;

  g_assert_true (mf_canvas_geometry_get_bounds (mf_canvas_get_geometry (MF_CANVAS (f->canvas)),
                                                &bounds));
  to_widget (f, bounds.x, bounds.y, &x1, &y1);
  to_widget (f, bounds.x + bounds.width, bounds.y + bounds.height, &x2, &y2);
  return x1 >= 0 && y1 >= 0 && x2 <= gtk_widget_get_width (f->canvas)
         && y2 <= gtk_widget_get_height (f->canvas);
}

static void
resize_canvas (Fixture *f,
               int      margin)
{
  gtk_widget_set_margin_start (f->canvas, margin);
  gtk_test_widget_wait_for_draw (f->canvas);
  spin ();
}

/* A fitted view follows the canvas's size (a side panel growing beside
 * it); one the user zoomed or panned stays as it is. */
static void
test_refit_on_resize (Fixture       *f,
                      gconstpointer  data)
{
  MfViewTransform fitted, zoomed, after;
  int width = gtk_widget_get_width (f->canvas);

  g_assert_true (circuit_in_view (f));
  mf_canvas_get_view (MF_CANVAS (f->canvas), &fitted);
  resize_canvas (f, 450);
  g_assert_cmpint (gtk_widget_get_width (f->canvas), <, width - 400);
  g_assert_true (circuit_in_view (f));
  mf_canvas_get_view (MF_CANVAS (f->canvas), &after);
  g_assert_cmpfloat (after.scale, <, fitted.scale);
  resize_canvas (f, 0);
  mf_canvas_get_view (MF_CANVAS (f->canvas), &after);
  g_assert_cmpfloat_with_epsilon (after.scale, fitted.scale, 1e-9);
  g_assert_cmpfloat_with_epsilon (after.x0, fitted.x0, 1e-9);

  g_assert_true (press_key (f->canvas, GDK_KEY_plus, GDK_CONTROL_MASK));
  mf_canvas_get_view (MF_CANVAS (f->canvas), &zoomed);
  resize_canvas (f, 450);
  mf_canvas_get_view (MF_CANVAS (f->canvas), &after);
  g_assert_cmpfloat (after.scale, ==, zoomed.scale);
  g_assert_cmpfloat (after.x0, ==, zoomed.x0);
  g_assert_cmpfloat (after.y0, ==, zoomed.y0);
  /* Ctrl+0 fits it again, and then it follows again */
  g_assert_true (press_key (f->canvas, GDK_KEY_0, GDK_CONTROL_MASK));
  resize_canvas (f, 0);
  g_assert_true (circuit_in_view (f));
  mf_canvas_get_view (MF_CANVAS (f->canvas), &after);
  g_assert_cmpfloat_with_epsilon (after.scale, fitted.scale, 1e-9);
}

static void
on_place (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  g_free (*(char **) user_data);
  *(char **) user_data = g_variant_dup_string (parameter, NULL);
}

static void
on_type_activated (MfPalette  *palette,
                   const char *type,
                   char      **seen)
{
  g_free (*seen);
  *seen = g_strdup (type);
}

static void
test_palette (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *palette = mf_palette_new ();
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr (GSimpleAction) action = g_simple_action_new ("place", G_VARIANT_TYPE_STRING);
  g_autofree char *placed = NULL;
  g_autofree char *activated = NULL;
  GtkWidget *button;

  g_signal_connect (action, "activate", G_CALLBACK (on_place), &placed);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (action));
  gtk_widget_insert_action_group (window, "test", G_ACTION_GROUP (group));
  gtk_window_set_child (GTK_WINDOW (window), palette);
  g_signal_connect (palette, "type-activated", G_CALLBACK (on_type_activated), &activated);
  mf_palette_set_action_name (MF_PALETTE (palette), "test.place");
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (palette);

  /* every component type has a button */
  for (guint t = 0; t < MF_N_COMPONENT_TYPES; t++)
    g_assert_nonnull (mf_palette_get_button (MF_PALETTE (palette),
                                             mf_component_type_info (t)->name));
  button = mf_palette_get_button (MF_PALETTE (palette), "relief_valve");
  g_signal_emit_by_name (button, "clicked");
  spin ();
  g_assert_cmpstr (activated, ==, "relief_valve");
  g_assert_cmpstr (placed, ==, "relief_valve");

  /* a drag from a button carries the type for the canvas */
  {
    GtkEventController *source = find_controller (button, GTK_TYPE_DRAG_SOURCE, 0);
    g_autoptr (GdkContentProvider) content = NULL;
    GValue value = G_VALUE_INIT;

    g_signal_emit_by_name (source, "prepare", 10.0, 10.0, &content);
    g_assert_nonnull (content);
    g_value_init (&value, G_TYPE_STRING);
    g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
    g_assert_cmpstr (g_value_get_string (&value), ==, MF_CANVAS_DRAG_PREFIX "relief_valve");
    g_value_unset (&value);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  spin ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

#define ADD(path, example, func) \
  g_test_add ("/app/canvas/" path, Fixture, example, fixture_set_up, func, fixture_tear_down)
  ADD ("place-and-select", NULL, test_place_and_select);
  ADD ("move-rotate-delete", NULL, test_move_rotate_delete);
  ADD ("rubber-band", "pipe-drain", test_rubber_band);
  ADD ("copy-paste", "pipe-drain", test_copy_paste);
  ADD ("connect-by-drag", NULL, test_connect_by_drag);
  ADD ("connect-kinds", NULL, test_connect_kinds);
  ADD ("connect-by-keyboard", NULL, test_connect_by_keyboard);
  ADD ("highlight-and-mode", "valve-closing", test_highlight_and_mode);
  ADD ("zoom-and-drop", "three-pipes", test_zoom_and_drop);
  ADD ("refit-on-resize", "valve-closing", test_refit_on_resize);
#undef ADD
  g_test_add_func ("/app/canvas/palette", test_palette);

  return g_test_run ();
}
