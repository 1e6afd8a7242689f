/* mf-equations-window.c: the Equations window (mf-equations-window.h).
 *
 * The document is loaded and its mode reduced by mf-structure.h in a
 * worker thread (the structure panel's computation); the equations are
 * written from its model when it returns, which is quick beside it.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-equations-window.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mf-drift-view.h"
#include "mf-handout-export.h"
#include "mf-index-procedure.h"
#include "mf-math-view.h"
#include "mf-structural-view.h"
#include "mf-structure.h"

#define EDIT_DELAY_MS 150

struct _MfEquationsWindow
{
  AdwWindow       parent_instance;

  MfEditDocument *document;
  char           *mode;        /* the mode asked for, or NULL: the first */
  MfStructure    *structure;   /* the model the equations are written from */
  MfEquations    *equations;
  char           *message;
  GCancellable   *cancellable;
  gboolean        busy;
  gboolean        pending;     /* compute again when the one running ends */
  guint           edit_source;
  gboolean        updating;    /* set from code: handlers do nothing */
  GStrv           selection;   /* the canvas selection */

  AdwViewSwitcherTitle *window_title;
  GtkDropDown    *mode_dropdown;
  GtkSpinner     *spinner;
  GtkStack       *stack;
  AdwStatusPage  *message_page;
  GtkScrolledWindow *scroller;
  GtkLabel       *intro_label;
  GtkListBox     *equation_list;
  GtkListBox     *symbol_list;
  AdwViewStack   *view_stack;
  MfIndexProcedure *procedure;
  MfDriftView      *drift_view;
  MfStructuralView *structural_view;
};

G_DEFINE_FINAL_TYPE (MfEquationsWindow, mf_equations_window, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_HIGHLIGHT_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void compute (MfEquationsWindow *self);

/* ---- showing ---- */

static gboolean
is_reduced (const MfEquation *e)
{
  return e->kind == MF_EQUATION_DEPENDENT || e->kind == MF_EQUATION_REDUCED;
}

/* A heading over the first of the reduced equations. */
static void
update_header (GtkListBoxRow *row, GtkListBoxRow *before, gpointer user_data)
{
  MfEquationsWindow *self = user_data;
  const MfEquation *e, *previous;
  GtkWidget *heading;

  if (self->equations == NULL || (guint) gtk_list_box_row_get_index (row)
                                   >= mf_equations_n (self->equations))
    return;
  e = mf_equations_get (self->equations, (guint) gtk_list_box_row_get_index (row));
  previous = before != NULL ? mf_equations_get (self->equations,
                                                (guint) gtk_list_box_row_get_index (before))
                            : NULL;
  if (!is_reduced (e) || (previous != NULL && is_reduced (previous)))
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  heading = gtk_label_new (_("Reduced to the independent states: v = α·v̄ + v_p, then "
                             "M̄·v̄′ = αᵀ·(F − M·v_p′), in SI"));
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_widget_set_margin_top (heading, 12);
  gtk_widget_set_margin_bottom (heading, 6);
  gtk_widget_set_margin_start (heading, 12);
  gtk_widget_add_css_class (heading, "heading");
  gtk_list_box_row_set_header (row, heading);
}

static GtkWidget *
math_row (const char *label, const MfMath *math)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *id = gtk_label_new (label);
  GtkWidget *view = mf_math_view_new (math);

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_label_set_xalign (GTK_LABEL (id), 0);
  gtk_label_set_width_chars (GTK_LABEL (id), 6);
  gtk_widget_set_valign (id, GTK_ALIGN_BASELINE);
  gtk_widget_set_valign (view, GTK_ALIGN_BASELINE);
  gtk_widget_add_css_class (id, "dim-label");
  gtk_box_append (GTK_BOX (box), id);
  gtk_box_append (GTK_BOX (box), view);
  return box;
}

/* A symbol and its value; a value in words wraps as a label does, so that
 * a long one does not widen the window. */
static GtkWidget *
symbol_row (const char *owner, const MfEquationSymbol *s)
{
  g_autoptr (MfMath) line = NULL;
  GtkWidget *row, *words;

  if (mf_math_kind (s->value) != MF_MATH_WORDS)
    {
      line = mf_math_row (mf_math_copy (s->symbol), mf_math_text (" = "), mf_math_copy (s->value),
                          NULL);
      return math_row (owner, line);
    }
  line = mf_math_row (mf_math_copy (s->symbol), mf_math_text (":"), NULL);
  row = math_row (owner, line);
  words = gtk_label_new (mf_math_get_text (s->value));
  gtk_label_set_wrap (GTK_LABEL (words), TRUE);
  gtk_label_set_xalign (GTK_LABEL (words), 0);
  gtk_widget_set_hexpand (words, TRUE);
  gtk_widget_set_valign (words, GTK_ALIGN_BASELINE);
  gtk_box_append (GTK_BOX (row), words);
  return row;
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static gboolean
selected (MfEquationsWindow *self, const char *id)
{
  return self->selection != NULL && g_strv_contains ((const char *const *) self->selection, id);
}

/* Brings `row` into the scrolled view, if it is laid out. */
static void
scroll_to (MfEquationsWindow *self, GtkWidget *row)
{
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (self->scroller);
  GtkWidget *content = gtk_scrolled_window_get_child (self->scroller);
  graphene_rect_t bounds;
  double top, page;

  if (content == NULL || !gtk_widget_compute_bounds (row, content, &bounds))
    return;
  top = gtk_adjustment_get_value (v);
  page = gtk_adjustment_get_page_size (v);
  if (bounds.origin.y < top || bounds.origin.y + bounds.size.height > top + page)
    gtk_adjustment_set_value (v, bounds.origin.y - page / 3);
}

/* Marks the rows of the selected components and shows the first. */
static void
mark_rows (MfEquationsWindow *self)
{
  GtkListBoxRow *first = NULL;

  for (guint i = 0; self->equations != NULL; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->equation_list, (int) i);
      gboolean marked;

      if (row == NULL)
        break;
      marked = selected (self, mf_equations_get_owner (self->equations, i));
      if (marked)
        gtk_widget_add_css_class (GTK_WIDGET (row), "accent");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (row), "accent");
      if (marked && first == NULL)
        first = row;
    }
  if (first != NULL)
    scroll_to (self, GTK_WIDGET (first));
}

static void
show_mode_names (MfEquationsWindow *self)
{
  const char *const *names = mf_structure_get_mode_names (self->structure);
  GtkStringList *list = gtk_string_list_new ((const char *const *) names);

  self->updating = TRUE;
  gtk_drop_down_set_model (self->mode_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->mode_dropdown, mf_structure_get_mode (self->structure));
  gtk_widget_set_visible (GTK_WIDGET (self->mode_dropdown), g_strv_length ((char **) names) > 1);
  self->updating = FALSE;
  g_object_unref (list);
}

static void
show_equations (MfEquationsWindow *self)
{
  guint n = mf_equations_n (self->equations), shown = MIN (n, MF_EQUATIONS_WINDOW_MAX_ROWS);
  g_autofree char *intro = NULL;

  self->updating = TRUE;
  clear_list (self->equation_list);
  clear_list (self->symbol_list);
  for (guint i = 0; i < shown; i++)
    {
      const MfEquation *e = mf_equations_get (self->equations, i);

      gtk_list_box_append (self->equation_list,
                           math_row (mf_equations_get_owner (self->equations, i), e->math));
    }
  for (guint i = 0; i < mf_equations_n_symbols (self->equations) && i < MF_EQUATIONS_WINDOW_MAX_ROWS;
       i++)
    {
      const MfEquationSymbol *s = mf_equations_get_symbol (self->equations, i);
      const MfCircuit *circuit = mf_model_get_circuit (mf_structure_get_model (self->structure));
      const char *owner = s->component >= 0
                            ? ((const MfComponent *) g_ptr_array_index (circuit->components,
                                                                        s->component))->id
                            : _("fluid");

      gtk_list_box_append (self->symbol_list, symbol_row (owner, s));
    }
  if (shown < n)
    intro = g_strdup_printf (_("The first %u of %u equations; copying gives every one."), shown, n);
  else
    intro = g_strdup (_("Each hydraulic branch per unit of its area; what flows into a node "
                        "on the left, what flows out on the right. Pick a row to light up "
                        "its component on the canvas."));
  gtk_label_set_label (self->intro_label, intro);
  self->updating = FALSE;
  show_mode_names (self);
  adw_view_switcher_title_set_subtitle (self->window_title,
                                 mf_structure_get_mode_name (self->structure));
  gtk_stack_set_visible_child_name (self->stack, "equations");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "equations.export-handout", TRUE);
  mark_rows (self);
}

static void
show_message (MfEquationsWindow *self, const char *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  adw_status_page_set_description (self->message_page, message);
  adw_view_switcher_title_set_subtitle (self->window_title, NULL);
  gtk_stack_set_visible_child_name (self->stack, "message");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "equations.export-handout", FALSE);
}

/* ---- computing ---- */

static void
set_busy (MfEquationsWindow *self, gboolean busy)
{
  self->busy = busy;
  gtk_spinner_set_spinning (self->spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
}

/* The Drift and Structure pages work in the mode shown, on the text just
 * analysed (a newer edit will hand them its own). */
static void
show_page_sources (MfEquationsWindow *self)
{
  g_autofree char *data = NULL;
  g_autoptr (MfDocumentSnapshot) source = NULL;
  gsize length;

  if (self->document == NULL)
    return;
  data = mf_edit_document_to_data (self->document, &length);
  source = mf_document_snapshot_new (data, length,
                                     mf_edit_document_get_display_name (self->document),
                                     mf_structure_get_mode (self->structure),
                                     mf_structure_get_mode_name (self->structure));
  mf_drift_view_set_source (self->drift_view, source, mf_structure_get_index (self->structure),
                            &mf_model_get_circuit (mf_structure_get_model (self->structure))
                               ->simulation);
  mf_structural_view_set_source (self->structural_view, source);
}

static void
computed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (MfEquationsWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  MfStructure *structure = mf_structure_compute_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_busy (self, FALSE);
  g_clear_pointer (&self->equations, mf_equations_free);
  g_clear_pointer (&self->structure, mf_structure_free);
  g_clear_pointer (&self->message, g_free);
  if (structure == NULL)
    show_message (self, error->message);
  else
    {
      self->structure = structure;
      self->equations = mf_equations_new (mf_structure_get_model (structure),
                                          mf_structure_get_mode (structure));
      mf_equations_add_reduced (self->equations, mf_structure_get_reduction (structure));
      show_equations (self);
      mf_index_procedure_set_steps (self->procedure,
                                    mf_index_steps_new (mf_structure_get_model (structure),
                                                        mf_structure_get_reduction (structure)),
                                    TRUE);
      show_page_sources (self);
    }
  if (self->pending)
    {
      self->pending = FALSE;
      compute (self);
    }
}

static void
compute (MfEquationsWindow *self)
{
  g_autofree char *data = NULL;
  gsize length;

  if (self->document == NULL)
    return;
  if (self->busy)
    {
      self->pending = TRUE;
      return;
    }
  data = mf_edit_document_to_data (self->document, &length);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  set_busy (self, TRUE);
  mf_structure_compute_async (data, (gssize) length,
                              mf_edit_document_get_display_name (self->document), self->mode,
                              self->cancellable, computed, g_object_ref (self));
}

static gboolean
edit_settled (gpointer user_data)
{
  MfEquationsWindow *self = user_data;

  self->edit_source = 0;
  compute (self);
  return G_SOURCE_REMOVE;
}

static void
on_document_changed (MfEquationsWindow *self)
{
  g_clear_handle_id (&self->edit_source, g_source_remove);
  self->edit_source = g_timeout_add (EDIT_DELAY_MS, edit_settled, self);
}

static void
on_mode_selected (MfEquationsWindow *self)
{
  GtkStringObject *item;

  if (self->updating)
    return;
  item = gtk_drop_down_get_selected_item (self->mode_dropdown);
  if (item != NULL)
    mf_equations_window_set_mode (self, gtk_string_object_get_string (item));
}

/* A row picked: its component, or its node's port, lit on the canvas. */
static void
on_row_selected (MfEquationsWindow *self, GtkListBoxRow *row)
{
  g_autoptr (GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) ports = g_strv_builder_new ();
  g_auto (GStrv) id_list = NULL;
  g_auto (GStrv) port_list = NULL;
  const MfEquation *e;
  guint index;

  if (self->updating || row == NULL || self->equations == NULL)
    return;
  index = (guint) gtk_list_box_row_get_index (row);
  e = mf_equations_get (self->equations, index);
  if (e->component >= 0)
    g_strv_builder_add (ids, mf_equations_get_owner (self->equations, index));
  else if (e->node != NULL)
    g_strv_builder_add (ports, e->node);
  id_list = g_strv_builder_end (ids);
  port_list = g_strv_builder_end (ports);
  g_signal_emit (self, signals[SIGNAL_HIGHLIGHT_REQUESTED], 0, id_list, port_list);
}

/* ---- copying ---- */

/* The procedure page asks for its round's components, the structure page
 * for those of what was picked. */
static void
on_procedure_highlight (MfEquationsWindow *self, GStrv ids, GStrv ports)
{
  g_signal_emit (self, signals[SIGNAL_HIGHLIGHT_REQUESTED], 0, ids, ports);
}

/* Coming to the procedure page lights up the round it shows. */
static void
on_view_changed (MfEquationsWindow *self)
{
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "procedure") == 0)
    mf_index_procedure_set_page (self->procedure, mf_index_procedure_get_page (self->procedure));
}

static void
copy (MfEquationsWindow *self, gboolean latex)
{
  g_autofree char *text = mf_equations_window_dup_text (self, latex);

  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

static void
action_copy_text (GtkWidget *widget, const char *name, GVariant *parameter)
{
  copy (MF_EQUATIONS_WINDOW (widget), FALSE);
}

static void
action_copy_latex (GtkWidget *widget, const char *name, GVariant *parameter)
{
  copy (MF_EQUATIONS_WINDOW (widget), TRUE);
}

static void
action_export_handout (GtkWidget *widget, const char *name, GVariant *parameter)
{
  MfEquationsWindow *self = MF_EQUATIONS_WINDOW (widget);
  MfHandout *handout = mf_equations_window_make_handout (self);
  g_autofree char *stem = NULL;

  if (handout == NULL)
    return;
  stem = g_strdup (mf_edit_document_get_display_name (self->document));
  if (g_str_has_suffix (stem, ".manifold"))
    stem[strlen (stem) - strlen (".manifold")] = '\0';
  mf_handout_export_ask (GTK_WINDOW (self), handout, stem);
}

/* ---- the object ---- */

static void
mf_equations_window_dispose (GObject *object)
{
  MfEquationsWindow *self = MF_EQUATIONS_WINDOW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->edit_source, g_source_remove);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_EQUATIONS_WINDOW);
  G_OBJECT_CLASS (mf_equations_window_parent_class)->dispose (object);
}

static void
mf_equations_window_finalize (GObject *object)
{
  MfEquationsWindow *self = MF_EQUATIONS_WINDOW (object);

  g_clear_pointer (&self->equations, mf_equations_free);
  g_clear_pointer (&self->structure, mf_structure_free);
  g_free (self->message);
  g_free (self->mode);
  g_strfreev (self->selection);
  G_OBJECT_CLASS (mf_equations_window_parent_class)->finalize (object);
}

static void
mf_equations_window_class_init (MfEquationsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_equations_window_dispose;
  object_class->finalize = mf_equations_window_finalize;
  g_type_ensure (MF_TYPE_INDEX_PROCEDURE);
  g_type_ensure (MF_TYPE_DRIFT_VIEW);
  g_type_ensure (MF_TYPE_STRUCTURAL_VIEW);

  signals[SIGNAL_HIGHLIGHT_REQUESTED] =
    g_signal_new ("highlight-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRV, G_TYPE_STRV);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/mf-equations-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, mode_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, message_page);
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, scroller);
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, intro_label);
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, equation_list);
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, symbol_list);
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, procedure);
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, drift_view);
  gtk_widget_class_bind_template_child (widget_class, MfEquationsWindow, structural_view);
  gtk_widget_class_bind_template_callback (widget_class, on_procedure_highlight);
  gtk_widget_class_bind_template_callback (widget_class, on_view_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_mode_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected);

  gtk_widget_class_install_action (widget_class, "equations.copy-text", NULL, action_copy_text);
  gtk_widget_class_install_action (widget_class, "equations.copy-latex", NULL,
                                   action_copy_latex);
  gtk_widget_class_install_action (widget_class, "equations.export-handout", NULL,
                                   action_export_handout);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK,
                                       "equations.copy-text", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "equations.export-handout", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
mf_equations_window_init (MfEquationsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_box_set_header_func (self->equation_list, update_header, self, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "equations.export-handout", FALSE);
  set_busy (self, FALSE);
}

GtkWidget *
mf_equations_window_new (GtkWindow *parent, MfEditDocument *document)
{
  MfEquationsWindow *self = g_object_new (MF_TYPE_EQUATIONS_WINDOW, NULL);

  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  mf_equations_window_set_document (self, document);
  return GTK_WIDGET (self);
}

void
mf_equations_window_set_document (MfEquationsWindow *self, MfEditDocument *document)
{
  g_return_if_fail (MF_IS_EQUATIONS_WINDOW (self));

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  g_clear_pointer (&self->mode, g_free);
  if (document == NULL)
    return;
  g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self,
                           G_CONNECT_SWAPPED);
  compute (self);
}

void
mf_equations_window_set_mode (MfEquationsWindow *self, const char *mode)
{
  g_return_if_fail (MF_IS_EQUATIONS_WINDOW (self));

  if (g_strcmp0 (mode, self->mode) == 0)
    return;
  g_free (self->mode);
  self->mode = g_strdup (mode);
  compute (self);
}

void
mf_equations_window_set_selection (MfEquationsWindow *self, const char *const *component_ids)
{
  g_return_if_fail (MF_IS_EQUATIONS_WINDOW (self));

  g_strfreev (self->selection);
  self->selection = g_strdupv ((char **) component_ids);
  mark_rows (self);
}

gboolean
mf_equations_window_get_busy (MfEquationsWindow *self)
{
  g_return_val_if_fail (MF_IS_EQUATIONS_WINDOW (self), FALSE);
  return self->busy || self->pending || self->edit_source != 0;
}

const MfEquations *
mf_equations_window_get_equations (MfEquationsWindow *self)
{
  g_return_val_if_fail (MF_IS_EQUATIONS_WINDOW (self), NULL);
  return self->equations;
}

const char *
mf_equations_window_get_message (MfEquationsWindow *self)
{
  g_return_val_if_fail (MF_IS_EQUATIONS_WINDOW (self), NULL);
  return self->message;
}

char *
mf_equations_window_dup_text (MfEquationsWindow *self, gboolean latex)
{
  g_return_val_if_fail (MF_IS_EQUATIONS_WINDOW (self), NULL);

  if (self->equations == NULL)
    return NULL;
  return latex ? mf_equations_to_latex (self->equations) : mf_equations_to_plain (self->equations);
}

MfHandout *
mf_equations_window_make_handout (MfEquationsWindow *self)
{
  const MfCircuit *circuit;
  const MfIndexSteps *steps;
  const char *mode;
  g_autofree char *subtitle = NULL;
  g_autoptr (MfStructural) structural = NULL;
  MfHandout *handout;

  g_return_val_if_fail (MF_IS_EQUATIONS_WINDOW (self), NULL);

  if (self->equations == NULL || self->structure == NULL)
    return NULL;
  circuit = mf_model_get_circuit (mf_structure_get_model (self->structure));
  mode = mf_structure_get_mode_name (self->structure);
  if (mode != NULL)
    subtitle = g_strdup_printf (_("Mode: %s"), mode);
  handout = mf_handout_new (circuit->title != NULL && circuit->title[0] != '\0'
                              ? circuit->title
                              : mf_edit_document_get_display_name (self->document),
                            subtitle);
  mf_handout_add_equations (handout, self->equations, circuit);
  steps = mf_index_procedure_get_steps (self->procedure);
  if (steps != NULL)
    mf_handout_add_procedure (handout, steps);
  /* the structural analysis is quick beside the rounds above */
  structural = mf_structural_new_for_mode (mf_structure_get_model (self->structure),
                                           mf_structure_get_reduction (self->structure));
  mf_handout_add_structure (handout, structural,
                            mf_structure_get_reduction (self->structure)->index_lagrange);
  return handout;
}

GtkListBox *
mf_equations_window_get_list (MfEquationsWindow *self)
{
  g_return_val_if_fail (MF_IS_EQUATIONS_WINDOW (self), NULL);
  return self->equation_list;
}

gboolean
mf_equations_window_get_row_marked (MfEquationsWindow *self, guint row)
{
  GtkListBoxRow *r;

  g_return_val_if_fail (MF_IS_EQUATIONS_WINDOW (self), FALSE);
  r = gtk_list_box_get_row_at_index (self->equation_list, (int) row);
  return r != NULL && gtk_widget_has_css_class (GTK_WIDGET (r), "accent");
}

MfDriftView *
mf_equations_window_get_drift_view (MfEquationsWindow *self)
{
  g_return_val_if_fail (MF_IS_EQUATIONS_WINDOW (self), NULL);
  return self->drift_view;
}

MfIndexProcedure *
mf_equations_window_get_procedure (MfEquationsWindow *self)
{
  g_return_val_if_fail (MF_IS_EQUATIONS_WINDOW (self), NULL);
  return self->procedure;
}

void
mf_equations_window_show_procedure (MfEquationsWindow *self)
{
  g_return_if_fail (MF_IS_EQUATIONS_WINDOW (self));
  adw_view_stack_set_visible_child_name (self->view_stack, "procedure");
}

MfStructuralView *
mf_equations_window_get_structural_view (MfEquationsWindow *self)
{
  g_return_val_if_fail (MF_IS_EQUATIONS_WINDOW (self), NULL);
  return self->structural_view;
}

void
mf_equations_window_show_page (MfEquationsWindow *self, const char *name)
{
  g_return_if_fail (MF_IS_EQUATIONS_WINDOW (self));
  adw_view_stack_set_visible_child_name (self->view_stack, name);
}
