/* mf-window.c: the main window — its layout, the document every widget in
 * it edits, the title, and the enabled state of its actions.  The actions
 * themselves are in mf-window-actions.c, opening and saving with the
 * unsaved-changes question in mf-window-files.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-window-private.h"

#include "mf-equations-window.h"
#include "mf-stiffness-window.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

enum
{
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The side panel's width when a window opens: room for the properties of
 * any component (a parameter's entry and its unit) without scrolling
 * sideways, or four columns of W. */
#define MF_WINDOW_SIDE_PANEL_WIDTH 460
/* The simulation pane's height when a window opens: three plots that read
 * well side by side at 1280 × 800, with a canvas still worth drawing on
 * above them. */
#define MF_WINDOW_SIM_PANE_HEIGHT 320
/* A pane folded to its toolbar that the user drags taller than this has
 * been opened again. */
#define MF_WINDOW_SIM_PANE_UNFOLD 60

G_DEFINE_FINAL_TYPE (MfWindow, mf_window, ADW_TYPE_APPLICATION_WINDOW)

/* "~/circuits" rather than "/home/ann/circuits"; a URI for remote files. */
static char *
mf_window_folder_for_display (GFile *file)
{
  g_autoptr (GFile) parent = g_file_get_parent (file);
  const char *path;
  const char *home = g_get_home_dir ();
  gsize home_len = strlen (home);

  if (parent == NULL)
    return NULL;
  path = g_file_peek_path (parent);
  if (path == NULL)
    return g_file_get_parse_name (parent);
  if (home_len > 1 && g_str_has_prefix (path, home)
      && (path[home_len] == '\0' || path[home_len] == G_DIR_SEPARATOR))
    return g_strconcat ("~", path + home_len, NULL);
  return g_strdup (path);
}

static void
mf_window_update_title (MfWindow *self)
{
  const char *name = mf_edit_document_get_display_name (self->document);
  const char *circuit_title = mf_edit_document_get_title (self->document);
  GFile *file = mf_edit_document_get_file (self->document);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *window_title = NULL;

  if (mf_edit_document_get_modified (self->document))
    title = g_strdup_printf ("• %s", name);
  else
    title = g_strdup (name);

  /* Where the file is; an untitled copy of an example says which circuit
   * it is instead. */
  if (file != NULL)
    subtitle = mf_window_folder_for_display (file);
  else if (circuit_title != NULL && g_strcmp0 (circuit_title, name) != 0)
    subtitle = g_strdup (circuit_title);

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle != NULL ? subtitle : "");

  window_title = g_strdup_printf ("%s — Manifold", title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

void
mf_window_update_actions (MfWindow *self)
{
  MfEditDocument *document = self->document;
  gboolean untitled = mf_edit_document_get_file (document) == NULL;
  gboolean modified = mf_edit_document_get_modified (document);
  const char *undo_label = mf_edit_document_get_undo_label (document);
  const char *redo_label = mf_edit_document_get_redo_label (document);
  /* Translators: %s says what the edit was: "Move P1" */
  g_autofree char *undo_tip = undo_label != NULL ? g_strdup_printf (_("Undo %s"), undo_label)
                                                 : g_strdup (_("Undo"));
  /* Translators: %s says what the edit was: "Move P1" */
  g_autofree char *redo_tip = redo_label != NULL ? g_strdup_printf (_("Redo %s"), redo_label)
                                                 : g_strdup (_("Redo"));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 mf_edit_document_get_can_undo (document));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 mf_edit_document_get_can_redo (document));
  /* An unmodified untitled circuit (an example's copy) is still worth
   * saving: that is how a user keeps an example to change it. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", modified || untitled);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pause",
                                 mf_sim_panel_get_live (self->sim_panel));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop",
                                 mf_sim_panel_get_live (self->sim_panel));

  gtk_widget_set_tooltip_text (GTK_WIDGET (self->undo_button), undo_tip);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->redo_button), redo_tip);
}

static void
mf_window_document_changed (MfWindow *self)
{
  mf_window_update_title (self);
  mf_window_update_actions (self);
}

MfEditDocument *
mf_window_get_document (MfWindow *self)
{
  g_return_val_if_fail (MF_IS_WINDOW (self), NULL);

  return self->document;
}

void
mf_window_set_document (MfWindow       *self,
                        MfEditDocument *document)
{
  static const char *const watched[] = {
    "notify::modified", "notify::file", "notify::display-name", "notify::can-undo",
    "notify::can-redo", "notify::undo-label", "notify::redo-label", "changed",
  };

  g_return_if_fail (MF_IS_WINDOW (self));
  g_return_if_fail (MF_IS_EDIT_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  for (guint i = 0; i < G_N_ELEMENTS (watched); i++)
    g_signal_connect_object (document, watched[i], G_CALLBACK (mf_window_document_changed),
                             self, G_CONNECT_SWAPPED);
  /* the document replaced was saved, or its changes given up by the user */
  g_clear_pointer (&self->autosave, mf_autosave_free);
  if (self->recovery != NULL)
    self->autosave = mf_autosave_new (self->recovery, document, MF_AUTOSAVE_DELAY_MS);
  mf_canvas_set_document (self->canvas, document);
  mf_properties_panel_set_component (self->properties_panel, NULL);
  mf_properties_panel_set_document (self->properties_panel, document);
  mf_modes_panel_set_document (self->modes_panel, document);
  mf_structure_panel_set_document (self->structure_panel, document);
  mf_sim_panel_set_document (self->sim_panel, document);
  if (self->stiffness_window != NULL)
    mf_stiffness_window_set_document (MF_STIFFNESS_WINDOW (self->stiffness_window), document);
  if (self->equations_window != NULL)
    mf_equations_window_set_document (MF_EQUATIONS_WINDOW (self->equations_window), document);

  mf_window_document_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

/* ---- what the widgets tell each other ---- */

void
mf_window_what_if_follow (MfWindow *self)
{
  g_auto (GStrv) ids = mf_canvas_get_selection (self->canvas);

  if (self->stiffness_window != NULL)
    mf_what_if_set_component (mf_stiffness_window_get_what_if (MF_STIFFNESS_WINDOW (
                                self->stiffness_window)),
                              g_strv_length (ids) == 1 ? ids[0] : NULL);
}

static void
mf_window_selection_changed (MfWindow *self)
{
  g_auto (GStrv) ids = mf_canvas_get_selection (self->canvas);

  /* Properties of one component; of the whole circuit otherwise. */
  mf_properties_panel_set_component (self->properties_panel,
                                     g_strv_length (ids) == 1 ? ids[0] : NULL);
  mf_structure_panel_set_selection (self->structure_panel, (const char *const *) ids);
  if (self->equations_window != NULL)
    mf_equations_window_set_selection (MF_EQUATIONS_WINDOW (self->equations_window),
                                       (const char *const *) ids);
  mf_window_what_if_follow (self);
}

void
mf_window_highlight_requested (MfWindow *self,
                               GStrv     component_ids,
                               GStrv     node_ports)
{
  mf_canvas_set_highlight (self->canvas, (const char *const *) component_ids,
                           (const char *const *) node_ports);
}

static void
mf_window_editing_mode_changed (MfWindow   *self,
                                const char *mode)
{
  mf_canvas_set_editing_mode (self->canvas, mode);
}

static void
mf_window_type_activated (MfWindow   *self,
                          const char *type_name)
{
  gtk_widget_activate_action (GTK_WIDGET (self->canvas), "canvas.place", "s", type_name);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

static void
mf_window_edit_refused (MfWindow   *self,
                        const char *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

/* Left to itself the paned would follow the side panel's natural width,
 * which changes with what the panel shows.  So in its first allocation
 * (max-position is notified before the children are placed) the panel gets
 * a fixed width, and the canvas is first allocated, and fitted, at the
 * width it keeps; from then on the canvas takes every change of the
 * window's width.  What the panel shows cannot widen it either: the
 * template wraps it in a scrolled window, which asks for no minimum width
 * of its own content. */
static void
mf_window_place_side_panel (MfWindow *self)
{
  int max_position = 0;
  int width = gtk_widget_get_width (GTK_WIDGET (self->inner_paned));

  if (width <= 0)
    return;
  g_signal_handlers_disconnect_by_func (self->inner_paned, mf_window_place_side_panel, self);
  /* (max-position leaves the panel at least its minimum width) */
  g_object_get (self->inner_paned, "max-position", &max_position, NULL);
  gtk_paned_set_position (self->inner_paned,
                          CLAMP (width - MF_WINDOW_SIDE_PANEL_WIDTH, 0, max_position));
}

/* The simulation pane starts at a fixed height, as the side panel at a
 * fixed width (above); from then on the editor takes every change of the
 * window's height. */
static void
mf_window_place_sim_pane (MfWindow *self)
{
  int max_position = 0;
  int height = gtk_widget_get_height (GTK_WIDGET (self->sim_paned));

  if (height <= 0)
    return;
  g_signal_handlers_disconnect_by_func (self->sim_paned, mf_window_place_sim_pane, self);
  g_object_get (self->sim_paned, "max-position", &max_position, NULL);
  gtk_paned_set_position (self->sim_paned,
                          CLAMP (height - MF_WINDOW_SIM_PANE_HEIGHT, 0, max_position));
}

/* Folded, the pane keeps only its toolbar: the paned's handle goes down as
 * far as that allows (max-position, once the plots are hidden), and comes
 * back to where it was when the pane opens again. */
static void
mf_window_sim_pane_folded (MfWindow *self)
{
  int height = gtk_widget_get_height (GTK_WIDGET (self->sim_paned));

  if (mf_sim_panel_get_expanded (self->sim_panel))
    {
      int position = height - MAX (self->sim_pane_height, MF_WINDOW_SIM_PANE_UNFOLD * 3);

      gtk_paned_set_position (self->sim_paned, MAX (position, 0));
      return;
    }
  self->sim_pane_height = gtk_widget_get_height (GTK_WIDGET (self->sim_panel));
  gtk_paned_set_position (self->sim_paned, G_MAXINT / 2);
}

/* Dragging the handle of a folded pane up opens it. */
static void
mf_window_sim_pane_moved (MfWindow *self)
{
  int max_position = 0;

  if (mf_sim_panel_get_expanded (self->sim_panel))
    return;
  g_object_get (self->sim_paned, "max-position", &max_position, NULL);
  if (gtk_paned_get_position (self->sim_paned) < max_position - MF_WINDOW_SIM_PANE_UNFOLD)
    {
      self->sim_pane_height = gtk_widget_get_height (GTK_WIDGET (self->sim_paned))
                              - gtk_paned_get_position (self->sim_paned);
      mf_sim_panel_set_expanded (self->sim_panel, TRUE);
    }
}

static void
mf_window_probe (MfWindow   *self,
                 const char *name,
                 gboolean    is_node)
{
  mf_sim_panel_probe (self->sim_panel, name, is_node);
}

/* A click on a plot's time axis linearises the run there, in the
 * Stiffness window when it is open. */
static void
mf_window_time_clicked (MfWindow *self,
                        double    t)
{
  if (self->stiffness_window != NULL)
    mf_stiffness_window_show_run_time (MF_STIFFNESS_WINDOW (self->stiffness_window), t);
}

/* The time whose spool places the canvas shows: the time read out under
 * the pointer on a plot (a sample inspected), else the time a live run
 * has reached, else none (NaN: every spool at rest). */
static void
mf_window_show_run_time (MfWindow *self)
{
  MfRunRecord *run = mf_sim_panel_get_current_run (self->sim_panel);
  guint n = run != NULL ? mf_run_record_get_n_samples (run) : 0;
  double t = NAN;

  for (guint v = 0; v < MF_SIM_PANEL_N_VIEWS; v++)
    if (mf_plot_view_get_cursor_time (mf_sim_panel_get_plot_view (self->sim_panel, v), &t))
      break;
  if (isnan (t) && mf_sim_panel_get_live (self->sim_panel) && n > 0)
    t = mf_run_record_get_times (run)[n - 1];
  mf_canvas_set_run (self->canvas, run, t);
}

static gboolean
mf_window_run_tick (GtkWidget     *widget,
                    GdkFrameClock *clock,
                    gpointer       user_data)
{
  mf_window_show_run_time (MF_WINDOW (user_data));
  return G_SOURCE_CONTINUE;
}

/* Each frame of a live run the canvas is shown the time the run has
 * reached; at its end the spools go back to rest. */
static void
mf_window_follow_run (MfWindow *self)
{
  gboolean live = mf_sim_panel_get_live (self->sim_panel);

  if (live && self->run_tick == 0)
    self->run_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->canvas), mf_window_run_tick,
                                                   self, NULL);
  else if (!live && self->run_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self->canvas), self->run_tick);
      self->run_tick = 0;
    }
  mf_window_show_run_time (self);
}

static void
mf_window_connect_widgets (MfWindow *self)
{
  g_signal_connect_object (self->sim_paned, "notify::max-position",
                           G_CALLBACK (mf_window_place_sim_pane), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sim_paned, "notify::position",
                           G_CALLBACK (mf_window_sim_pane_moved), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sim_panel, "notify::expanded",
                           G_CALLBACK (mf_window_sim_pane_folded), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sim_panel, "notify::status",
                           G_CALLBACK (mf_window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sim_panel, "notify::status",
                           G_CALLBACK (mf_window_follow_run), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "probe",
                           G_CALLBACK (mf_window_probe), self, G_CONNECT_SWAPPED);
  for (guint v = 0; v < MF_SIM_PANEL_N_VIEWS; v++)
    {
      g_signal_connect_object (mf_sim_panel_get_plot_view (self->sim_panel, v), "time-clicked",
                               G_CALLBACK (mf_window_time_clicked), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (mf_sim_panel_get_plot_view (self->sim_panel, v), "cursor-moved",
                               G_CALLBACK (mf_window_show_run_time), self, G_CONNECT_SWAPPED);
    }
  g_object_bind_property (self->sim_panel, "probe-mode", self->canvas, "probe-mode",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->inner_paned, "notify::max-position",
                           G_CALLBACK (mf_window_place_side_panel), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "selection-changed",
                           G_CALLBACK (mf_window_selection_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "edit-refused",
                           G_CALLBACK (mf_window_edit_refused), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->structure_panel, "highlight-requested",
                           G_CALLBACK (mf_window_highlight_requested), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->modes_panel, "editing-mode-changed",
                           G_CALLBACK (mf_window_editing_mode_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->palette, "type-activated",
                           G_CALLBACK (mf_window_type_activated), self, G_CONNECT_SWAPPED);
  /* The structure shown, and the valves drawn closed, are those of the
   * mode the modes panel views. */
  g_object_bind_property (self->modes_panel, "mode", self->structure_panel, "mode",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->modes_panel, "mode", self->canvas, "shown-mode",
                          G_BINDING_SYNC_CREATE);
}

static void
mf_window_close_answered (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  MfWindow *self = MF_WINDOW (source);

  if (!mf_window_confirm_discard_finish (self, result, NULL))
    return;
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
mf_window_close_request (GtkWindow *window)
{
  MfWindow *self = MF_WINDOW (window);

  if (self->close_confirmed || !mf_edit_document_get_modified (self->document))
    {
      /* the runs of a saved document stay beside it */
      mf_window_save_runs (self);
      return GTK_WINDOW_CLASS (mf_window_parent_class)->close_request (window);
    }
  mf_window_confirm_discard_async (self, NULL, mf_window_close_answered, NULL);
  return TRUE;
}

static void
mf_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  MfWindow *self = MF_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  MfWindow *self = MF_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      mf_window_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_window_dispose (GObject *object)
{
  MfWindow *self = MF_WINDOW (object);

  if (self->question != NULL)
    gtk_window_destroy (self->question);
  g_clear_weak_pointer (&self->question);
  if (self->stiffness_window != NULL)
    gtk_window_destroy (self->stiffness_window);
  g_clear_weak_pointer (&self->stiffness_window);
  if (self->equations_window != NULL)
    gtk_window_destroy (self->equations_window);
  g_clear_weak_pointer (&self->equations_window);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->run_tick != 0 && self->canvas != NULL)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->canvas), self->run_tick);
  self->run_tick = 0;
  if (self->recent_manager != NULL)
    g_signal_handlers_disconnect_by_data (self->recent_manager, self);
  /* The widgets may still say something while they are taken apart. */
  if (self->canvas != NULL)
    g_signal_handlers_disconnect_by_data (self->canvas, self);
  if (self->structure_panel != NULL)
    g_signal_handlers_disconnect_by_data (self->structure_panel, self);
  if (self->modes_panel != NULL)
    g_signal_handlers_disconnect_by_data (self->modes_panel, self);
  if (self->palette != NULL)
    g_signal_handlers_disconnect_by_data (self->palette, self);
  if (self->sim_panel != NULL)
    g_signal_handlers_disconnect_by_data (self->sim_panel, self);
  if (self->lesson_panel != NULL)
    g_signal_handlers_disconnect_by_data (self->lesson_panel, self);
  mf_window_forget_runs_read (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_WINDOW);
  /* closed: whatever was unsaved was saved or given up */
  g_clear_pointer (&self->autosave, mf_autosave_free);
  g_clear_object (&self->document);
  g_clear_object (&self->recent_menu);
  g_clear_object (&self->recent_manager);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (mf_window_parent_class)->dispose (object);
}

static void
mf_window_finalize (GObject *object)
{
  MfWindow *self = MF_WINDOW (object);

  g_free (self->example_name);
  g_free (self->presenting);
  g_clear_object (&self->unread_runs_file);
  g_free (self->runs_problem);

  G_OBJECT_CLASS (mf_window_parent_class)->finalize (object);
}

static void
mf_window_class_init (MfWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->get_property = mf_window_get_property;
  object_class->set_property = mf_window_set_property;
  object_class->dispose = mf_window_dispose;
  object_class->finalize = mf_window_finalize;
  window_class->close_request = mf_window_close_request;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, MF_TYPE_EDIT_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (MF_TYPE_PALETTE);
  g_type_ensure (MF_TYPE_CANVAS);
  g_type_ensure (MF_TYPE_PROPERTIES_PANEL);
  g_type_ensure (MF_TYPE_MODES_PANEL);
  g_type_ensure (MF_TYPE_STRUCTURE_PANEL);
  g_type_ensure (MF_TYPE_SIM_PANEL);
  g_type_ensure (MF_TYPE_LESSON_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/mf-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MfWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, inner_paned);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, palette);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, properties_panel);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, modes_panel);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, structure_panel);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, run_button);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, sim_paned);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, sim_panel);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, left_stack);
  gtk_widget_class_bind_template_child (widget_class, MfWindow, lesson_panel);

  mf_window_class_install_actions (widget_class);
  mf_window_class_install_result_actions (widget_class);
  mf_window_class_install_lesson_actions (widget_class);
  mf_window_class_install_presentation_actions (widget_class);
}

static void
mf_window_init (MfWindow *self)
{
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  mf_window_connect_widgets (self);
  mf_window_init_recent (self);
  mf_window_init_results (self);
  mf_window_set_document (self, document);
  mf_window_init_lessons (self);
  mf_window_init_presentation (self);
  mf_window_add_shortcuts (self);
}

MfWindow *
mf_window_new (MfApplication *application)
{
  MfWindow *self = g_object_new (MF_TYPE_WINDOW, "application", application, NULL);

  mf_window_bind_settings (self, mf_application_get_settings (application));
  self->recovery = mf_application_get_recovery (application);
  if (self->recovery != NULL)
    self->autosave = mf_autosave_new (self->recovery, self->document, MF_AUTOSAVE_DELAY_MS);
  return self;
}
