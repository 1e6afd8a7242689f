/* mf-structure-panel.c: the live structure panel.
 *
 * After an edit the panel waits for the edits to pause (DEBOUNCE_MS), takes
 * the document's text and computes the structure in a worker thread.  One
 * computation runs at a time: an edit during a computation cancels it (it
 * stops at its next step) and a fresh one starts with the newest text when
 * it returns, so a burst of edits costs one computation, not one each.
 * Results reach the panel through a weak reference, so a panel destroyed
 * meanwhile is harmless.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-structure-panel-private.h"

#include <glib/gi18n.h>

#include "mf-widget-template.h"

#define DEBOUNCE_MS 150

enum
{
  PROP_0,
  PROP_DOCUMENT,
  PROP_MODE,
  PROP_BUSY,
  PROP_PAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  HIGHLIGHT_REQUESTED,
  UPDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MfStructurePanel, mf_structure_panel, GTK_TYPE_WIDGET)

static void start_computation (MfStructurePanel *self);
static void apply_selection (MfStructurePanel *self);

/* Scrolls the grids to a new canvas selection once; later recomputations
 * leave the scrolling to the user. */
static void
reveal_selection (MfStructurePanel *self)
{
  mf_matrix_view_reveal_highlight (self->w_view);
  mf_matrix_view_reveal_highlight (self->m_view);
  mf_matrix_view_reveal_highlight (self->mass_reduced_view);
  mf_matrix_view_reveal_highlight (self->alpha_view);
  self->reveal_pending = FALSE;
}

/* Takes `structure` (NULL when `error` says why there is none). */
static void
show_result (MfStructurePanel *self, MfStructure *structure, const char *error)
{
  mf_structure_panel_show (self, structure, error);
  apply_selection (self);
  if (self->reveal_pending && structure != NULL)
    reveal_selection (self);
  g_signal_emit (self, signals[UPDATED], 0);
}

static void
set_busy (MfStructurePanel *self, gboolean busy)
{
  if (self->busy == busy)
    return;
  self->busy = busy;
  gtk_spinner_set_spinning (self->spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* ---- computing --------------------------------------------------------- */

static void
on_computed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GWeakRef *ref = user_data;
  g_autoptr (MfStructurePanel) self = g_weak_ref_get (ref);
  g_autoptr (GError) error = NULL;
  MfStructure *structure = mf_structure_compute_finish (result, &error);

  g_weak_ref_clear (ref);
  g_free (ref);
  if (self == NULL)
    {
      mf_structure_free (structure);
      return;
    }
  self->running = FALSE;
  g_clear_object (&self->cancellable);
  if (self->pending)
    {
      /* the document changed meanwhile: this result is already stale */
      mf_structure_free (structure);
      self->pending = FALSE;
      start_computation (self);
      return;
    }
  /* cancelled without a successor: the document went away */
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    show_result (self, structure, error != NULL ? error->message : NULL);
  if (self->debounce_id == 0)
    set_busy (self, FALSE);
}

static void
start_computation (MfStructurePanel *self)
{
  g_autofree char *data = NULL;
  GWeakRef *ref;
  gsize length;

  if (self->document == NULL)
    return;
  if (self->running)
    {
      self->pending = TRUE;
      g_cancellable_cancel (self->cancellable);
      return;
    }
  data = mf_edit_document_to_data (self->document, &length);
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  self->cancellable = g_cancellable_new ();
  self->running = TRUE;
  set_busy (self, TRUE);
  mf_structure_compute_async (data, (gssize) length,
                              mf_edit_document_get_display_name (self->document), self->mode,
                              self->cancellable, on_computed, ref);
}

static gboolean
on_debounce_done (gpointer user_data)
{
  MfStructurePanel *self = user_data;

  self->debounce_id = 0;
  start_computation (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_computation (MfStructurePanel *self, guint delay_ms)
{
  g_clear_handle_id (&self->debounce_id, g_source_remove);
  if (self->document == NULL)
    return;
  set_busy (self, TRUE);
  self->debounce_id = g_timeout_add (delay_ms, on_debounce_done, self);
}

/* ---- modes ------------------------------------------------------------- */

/* The document's mode names; "default" stands for a document without any,
 * as the loader names it. */
static char **
document_mode_names (MfEditDocument *document)
{
  guint n = mf_edit_document_get_n_modes (document);
  char **names = g_new0 (char *, MAX (n, 1) + 1);

  if (n == 0)
    names[0] = g_strdup ("default");
  for (guint m = 0; m < n; m++)
    names[m] = g_strdup (mf_edit_document_get_mode_name (document, m));
  return names;
}

static void
set_mode_name (MfStructurePanel *self, const char *mode)
{
  if (g_strcmp0 (self->mode, mode) == 0)
    return;
  g_free (self->mode);
  self->mode = g_strdup (mode);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
}

/* Fills the dropdown from the document and keeps the mode shown, or falls
 * back to the first mode when it is gone. */
static void
sync_modes (MfStructurePanel *self)
{
  g_auto (GStrv) names = NULL;
  guint position = 0;

  if (self->document == NULL)
    return;
  names = document_mode_names (self->document);
  self->syncing = TRUE;
  if (!mf_structure_panel_list_equals (self->mode_list, (const char *const *) names))
    gtk_string_list_splice (self->mode_list, 0,
                            g_list_model_get_n_items (G_LIST_MODEL (self->mode_list)),
                            (const char *const *) names);
  for (guint i = 0; names[i] != NULL; i++)
    if (g_strcmp0 (names[i], self->mode) == 0)
      position = i;
  gtk_drop_down_set_selected (self->mode_dropdown, position);
  self->syncing = FALSE;
  set_mode_name (self, names[position]);
}

static void
on_mode_selected (MfStructurePanel *self)
{
  guint position = gtk_drop_down_get_selected (self->mode_dropdown);

  if (self->syncing || position == GTK_INVALID_LIST_POSITION)
    return;
  mf_structure_panel_set_mode (self,
                               gtk_string_list_get_string (self->mode_list, position));
}

/* ---- selection --------------------------------------------------------- */

static void
apply_selection (MfStructurePanel *self)
{
  const MfReduction *red;
  g_autofree gboolean *rows = NULL;
  g_autofree gboolean *columns = NULL;
  g_autofree gboolean *chosen = NULL;
  guint nb;

  if (self->structure == NULL)
    return;
  red = mf_structure_get_reduction (self->structure);
  nb = mf_reduction_n_independent (red);
  rows = g_new0 (gboolean, MAX (red->n_rows, 1));
  columns = g_new0 (gboolean, MAX (red->n_cols, 1));
  chosen = g_new0 (gboolean, MAX (nb, 1));
  if (!mf_structure_match_components (self->structure,
                                      (const char *const *) self->selection, rows, columns))
    {
      mf_matrix_view_set_highlight (self->w_view, NULL, NULL);
      mf_matrix_view_set_highlight (self->m_view, NULL, NULL);
      mf_matrix_view_set_highlight (self->mass_reduced_view, NULL, NULL);
      mf_matrix_view_set_highlight (self->alpha_view, NULL, NULL);
      return;
    }
  for (guint j = 0; j < nb; j++)
    chosen[j] = columns[red->nullspace->independent[j]];
  mf_matrix_view_set_highlight (self->w_view, rows, columns);
  mf_matrix_view_set_highlight (self->m_view, columns, columns);
  mf_matrix_view_set_highlight (self->mass_reduced_view, chosen, chosen);
  mf_matrix_view_set_highlight (self->alpha_view, columns, chosen);
}

static void
add_unique (GPtrArray *strings, const char *text)
{
  for (guint i = 0; i < strings->len; i++)
    if (g_strcmp0 (g_ptr_array_index (strings, i), text) == 0)
      return;
  g_ptr_array_add (strings, g_strdup (text));
}

static void
add_all (GPtrArray *strings, const char *const *texts)
{
  for (guint i = 0; texts != NULL && texts[i] != NULL; i++)
    add_unique (strings, texts[i]);
}

static void
emit_highlight (MfStructurePanel *self, GPtrArray *components, GPtrArray *ports)
{
  g_ptr_array_add (components, NULL);
  g_ptr_array_add (ports, NULL);
  g_signal_emit (self, signals[HIGHLIGHT_REQUESTED], 0, components->pdata, ports->pdata);
}

/* The component of velocity `k`, or of independent state `k` when the
 * view's axis lists the independent states. */
static void
add_velocity (MfStructurePanel *self, GPtrArray *components, int k, gboolean independent)
{
  const MfReduction *red = mf_structure_get_reduction (self->structure);

  if (k < 0)
    return;
  if (independent)
    k = (int) red->nullspace->independent[k];
  add_unique (components, mf_structure_get_column_component (self->structure, (guint) k));
}

static void
on_matrix_selection_changed (MfStructurePanel *self, MfMatrixView *view)
{
  g_autoptr (GPtrArray) components = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) ports = g_ptr_array_new_with_free_func (g_free);
  int row = mf_matrix_view_get_selected_row (view);
  int col = mf_matrix_view_get_selected_column (view);

  if (self->structure == NULL)
    return;
  if (view == self->w_view)
    {
      if (row >= 0)
        {
          add_all (components, mf_structure_get_row_components (self->structure, (guint) row));
          add_all (ports, mf_structure_get_row_ports (self->structure, (guint) row));
        }
      add_velocity (self, components, col, FALSE);
    }
  else
    {
      add_velocity (self, components, row, view == self->mass_reduced_view);
      add_velocity (self, components, col, view != self->m_view);
    }
  emit_highlight (self, components, ports);
}

static void
on_state_selected (MfStructurePanel *self)
{
  g_autoptr (GPtrArray) components = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) ports = g_ptr_array_new_with_free_func (g_free);
  guint position = gtk_single_selection_get_selected (self->states_selection);
  g_autofree char *component = NULL;
  g_autofree char *port = NULL;

  if (self->syncing || self->structure == NULL || position == GTK_INVALID_LIST_POSITION)
    return;
  /* the rows past the velocities are positions and pressures */
  mf_structure_locate_state (self->structure,
                             gtk_string_list_get_string (self->states_list, position),
                             &component, &port);
  if (component != NULL)
    add_unique (components, component);
  if (port != NULL)
    add_unique (ports, port);
  emit_highlight (self, components, ports);
}

/* ---- public ------------------------------------------------------------ */

GtkWidget *
mf_structure_panel_new (void)
{
  return g_object_new (MF_TYPE_STRUCTURE_PANEL, NULL);
}

static void
on_document_changed (MfStructurePanel *self)
{
  sync_modes (self);
  schedule_computation (self, DEBOUNCE_MS);
}

void
mf_structure_panel_set_document (MfStructurePanel *self, MfEditDocument *document)
{
  g_return_if_fail (MF_IS_STRUCTURE_PANEL (self));
  g_return_if_fail (document == NULL || MF_IS_EDIT_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_clear_signal_handler (&self->changed_handler, self->document);
  g_set_object (&self->document, document);
  if (self->running)
    {
      /* what it computes belongs to the old document */
      self->pending = document != NULL;
      g_cancellable_cancel (self->cancellable);
    }
  g_clear_handle_id (&self->debounce_id, g_source_remove);
  if (document != NULL)
    {
      self->changed_handler = g_signal_connect_swapped (document, "changed",
                                                        G_CALLBACK (on_document_changed), self);
      sync_modes (self);
      if (!self->running)
        start_computation (self);
    }
  else
    {
      show_result (self, NULL, _("No circuit."));
      set_busy (self, self->running);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

MfEditDocument *
mf_structure_panel_get_document (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return self->document;
}

void
mf_structure_panel_set_selection (MfStructurePanel *self, const char *const *component_ids)
{
  g_return_if_fail (MF_IS_STRUCTURE_PANEL (self));

  g_strfreev (self->selection);
  self->selection = g_strdupv ((char **) component_ids);
  /* what was picked here before is no longer what the canvas shows */
  mf_matrix_view_unselect (self->w_view);
  mf_matrix_view_unselect (self->m_view);
  mf_matrix_view_unselect (self->mass_reduced_view);
  mf_matrix_view_unselect (self->alpha_view);
  self->syncing = TRUE;
  gtk_single_selection_set_selected (self->states_selection, GTK_INVALID_LIST_POSITION);
  self->syncing = FALSE;
  apply_selection (self);
  if (self->structure != NULL)
    reveal_selection (self);
  else
    self->reveal_pending = TRUE;
}

/* A new mode is worth computing at once: nothing is being typed. */
void
mf_structure_panel_set_mode (MfStructurePanel *self, const char *mode)
{
  g_return_if_fail (MF_IS_STRUCTURE_PANEL (self));

  if (g_strcmp0 (self->mode, mode) == 0)
    return;
  set_mode_name (self, mode);
  sync_modes (self);
  g_clear_handle_id (&self->debounce_id, g_source_remove);
  start_computation (self);
}

const char *
mf_structure_panel_get_mode (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return self->mode;
}

gboolean
mf_structure_panel_get_busy (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), FALSE);

  return self->busy;
}

const MfStructure *
mf_structure_panel_get_structure (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return self->structure;
}

const char *
mf_structure_panel_get_error (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return self->error;
}

const char *
mf_structure_panel_get_rank_text (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return gtk_label_get_text (self->rank_label);
}

const char *
mf_structure_panel_get_index_text (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return gtk_label_get_text (self->index_label);
}

const char *
mf_structure_panel_get_independent_text (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return gtk_label_get_text (self->independent_label);
}

const char *
mf_structure_panel_get_algebraic_text (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return gtk_label_get_text (self->algebraic_label);
}

const char *
mf_structure_panel_get_integrated_text (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return gtk_label_get_text (self->integrated_label);
}

MfMatrixView *
mf_structure_panel_get_w_view (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return self->w_view;
}

MfMatrixView *
mf_structure_panel_get_m_view (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return self->m_view;
}

MfMatrixView *
mf_structure_panel_get_alpha_view (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return self->alpha_view;
}

void
mf_structure_panel_set_page (MfStructurePanel *self, const char *page)
{
  g_return_if_fail (MF_IS_STRUCTURE_PANEL (self));
  g_return_if_fail (page != NULL);

  if (gtk_stack_get_child_by_name (self->pages, page) == NULL)
    {
      g_warning ("The structure panel has no page '%s'", page);
      return;
    }
  gtk_stack_set_visible_child_name (self->pages, page);
}

const char *
mf_structure_panel_get_page (MfStructurePanel *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), NULL);

  return gtk_stack_get_visible_child_name (self->pages);
}

static void
on_page_changed (MfStructurePanel *self)
{
  if (self->states_stale && g_strcmp0 (mf_structure_panel_get_page (self), "states") == 0)
    mf_structure_panel_refresh_states (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}

gboolean
mf_structure_panel_pin_state (MfStructurePanel *self,
                              const char       *state,
                              gboolean          pinned,
                              GError          **error)
{
  g_return_val_if_fail (MF_IS_STRUCTURE_PANEL (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);

  if (self->document == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, _("There is no circuit."));
      return FALSE;
    }
  return mf_edit_document_set_state_preferred (self->document, state, pinned, error);
}

/* ---- GObject ----------------------------------------------------------- */

static void
mf_structure_panel_dispose (GObject *object)
{
  MfStructurePanel *self = MF_STRUCTURE_PANEL (object);

  g_clear_handle_id (&self->debounce_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->document != NULL)
    g_clear_signal_handler (&self->changed_handler, self->document);
  g_clear_object (&self->document);
  mf_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_STRUCTURE_PANEL);
  G_OBJECT_CLASS (mf_structure_panel_parent_class)->dispose (object);
}

static void
mf_structure_panel_finalize (GObject *object)
{
  MfStructurePanel *self = MF_STRUCTURE_PANEL (object);

  mf_structure_free (self->structure);
  g_free (self->error);
  g_free (self->mode);
  g_strfreev (self->selection);
  g_ptr_array_unref (self->bound_states);
  G_OBJECT_CLASS (mf_structure_panel_parent_class)->finalize (object);
}

static void
mf_structure_panel_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MfStructurePanel *self = MF_STRUCTURE_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_MODE:
      g_value_set_string (value, self->mode);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    case PROP_PAGE:
      g_value_set_string (value, mf_structure_panel_get_page (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_structure_panel_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  MfStructurePanel *self = MF_STRUCTURE_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      mf_structure_panel_set_document (self, g_value_get_object (value));
      break;
    case PROP_MODE:
      mf_structure_panel_set_mode (self, g_value_get_string (value));
      break;
    case PROP_PAGE:
      mf_structure_panel_set_page (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_structure_panel_class_init (MfStructurePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_structure_panel_dispose;
  object_class->finalize = mf_structure_panel_finalize;
  object_class->get_property = mf_structure_panel_get_property;
  object_class->set_property = mf_structure_panel_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, MF_TYPE_EDIT_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODE] =
    g_param_spec_string ("mode", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PAGE] =
    g_param_spec_string ("page", NULL, NULL, "w",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[HIGHLIGHT_REQUESTED] =
    g_signal_new ("highlight-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRV, G_TYPE_STRV);
  signals[UPDATED] =
    g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  g_type_ensure (MF_TYPE_MATRIX_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/"
                                               "mf-structure-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, mode_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, mode_list);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, rank_label);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, index_label);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, mass_label);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, independent_label);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, dependent_label);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, integrated_label);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, algebraic_label);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, error_box);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, error_label);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, problems_box);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, problems_scroller);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, w_caption);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, w_view);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, sigma_label);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, m_caption);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, m_view);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, mass_reduced_caption);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, mass_reduced_view);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, alpha_caption);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, alpha_view);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, states_selection);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, states_list);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, index_steps_label);
  gtk_widget_class_bind_template_child (widget_class, MfStructurePanel, pages);
  gtk_widget_class_bind_template_callback (widget_class, on_mode_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_page_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_matrix_selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_state_selected);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_state_setup",
                                                G_CALLBACK (mf_structure_panel_state_setup));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_state_bind",
                                                G_CALLBACK (mf_structure_panel_state_bind));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_state_unbind",
                                                G_CALLBACK (mf_structure_panel_state_unbind));
  /* the page buttons are radio buttons of this property */
  gtk_widget_class_install_property_action (widget_class, "structure.page", "page");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "mf-structure-panel");
}

static void
mf_structure_panel_init (MfStructurePanel *self)
{
  self->bound_states = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  show_result (self, NULL, _("No circuit."));
}
