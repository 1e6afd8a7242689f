/* mf-structural-view.c: the Structure page (mf-structural-view.h) — its
 * worker thread and what a pick asks the canvas for; the page's contents,
 * built anew when an analysis returns, are mf-structural-view-show.c's.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-structural-view-private.h"

#include <glib/gi18n.h>
#include <string.h>

G_DEFINE_FINAL_TYPE (MfStructuralView, mf_structural_view, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_HIGHLIGHT_REQUESTED,
  SIGNAL_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- the work, on a worker thread ---- */

typedef struct
{
  MfStructure  *structure;
  MfStructural *structural;
} Result;

static void
result_free (Result *result)
{
  mf_structural_free (result->structural);
  mf_structure_free (result->structure);
  g_free (result);
}

static void
analyse_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  MfDocumentSnapshot *job = task_data;
  GError *error = NULL;
  Result *result;
  MfStructure *structure = mf_structure_compute (job->data, (gssize) job->length, job->name,
                                                 job->mode_name, cancellable, &error);

  if (structure == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    {
      mf_structure_free (structure);
      return;
    }
  result = g_new0 (Result, 1);
  result->structure = structure;
  result->structural = mf_structural_new_for_mode (mf_structure_get_model (structure),
                                                   mf_structure_get_reduction (structure));
  g_task_return_pointer (task, result, (GDestroyNotify) result_free);
}

/* ---- what a name is about on the drawing ---- */

static void
add_unique (GPtrArray *list, const char *item)
{
  if (!g_ptr_array_find_with_equal_func (list, item, g_str_equal, NULL))
    g_ptr_array_add (list, g_strdup (item));
}

/* The components and node ports an equation or unknown of the extended
 * system names: "C1 law''" → C1, "P1.b continuity" → port P1.b, "P1.b.p'"
 * → port P1.b, "λ(J1)" → J1, "C1.m = M1.m" → ports C1.m and M1.m. */
static void
locate_name (MfStructuralView *self, const char *name, GPtrArray *ids, GPtrArray *ports)
{
  const MfCircuit *circuit = mf_model_get_circuit (mf_structure_get_model (self->structure));
  g_autofree char *base = g_strdup (name);
  g_auto (GStrv) tokens = NULL;
  char *power = strstr (base, "^(");

  if (power != NULL) /* "x^(4)", the fourth derivative */
    *power = '\0';
  tokens = g_strsplit_set (base, " =()", -1);
  for (guint t = 0; tokens[t] != NULL; t++)
    {
      char *token = tokens[t];
      gsize n = strlen (token);
      g_autofree char *component = NULL;
      g_autofree char *port = NULL;
      MfPortRef ref;

      while (n > 0 && token[n - 1] == '\'')
        token[--n] = '\0';
      if (n == 0)
        continue;
      if (mf_structure_locate_state (self->structure, token, &component, &port))
        {
          if (component != NULL)
            add_unique (ids, component);
          if (port != NULL)
            add_unique (ports, port);
        }
      else if (mf_circuit_find_component (circuit, token) >= 0)
        add_unique (ids, token);
      else if (strchr (token, '.') != NULL && mf_circuit_parse_port (circuit, token, &ref))
        add_unique (ports, token);
    }
}

static void
emit_names (MfStructuralView *self, GPtrArray *names)
{
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) ports = g_ptr_array_new_with_free_func (g_free);

  if (self->structure == NULL)
    return;
  for (guint k = 0; k < names->len; k++)
    locate_name (self, g_ptr_array_index (names, k), ids, ports);
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (ports, NULL);
  g_signal_emit (self, signals[SIGNAL_HIGHLIGHT_REQUESTED], 0, ids->pdata, ports->pdata);
}

/* A grid's selected row and column, by their labels (the names). */
void
mf_structural_view_grid_selected (MfStructuralView *self, MfMatrixView *grid)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  int row = mf_matrix_view_get_selected_row (grid), col = mf_matrix_view_get_selected_column (grid);

  if (row >= 0)
    g_ptr_array_add (names, (gpointer) mf_matrix_view_get_row_label (grid, (guint) row));
  if (col >= 0)
    g_ptr_array_add (names, (gpointer) mf_matrix_view_get_col_label (grid, (guint) col));
  emit_names (self, names);
}

/* A step or a loop picked: the names its row keeps. */
void
mf_structural_view_row_selected (MfStructuralView *self, GtkListBoxRow *row)
{
  GPtrArray *names = row != NULL ? g_object_get_data (G_OBJECT (row), "names") : NULL;

  if (names != NULL)
    emit_names (self, names);
}

static void
analysed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (MfStructuralView) self = user_data;
  g_autoptr (GError) error = NULL;
  Result *r = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->structural, mf_structural_free);
  g_clear_pointer (&self->structure, mf_structure_free);
  g_clear_pointer (&self->comparison, g_free);
  g_clear_pointer (&self->message, g_free);
  if (r == NULL)
    self->message = g_strdup (error->message);
  else
    {
      self->structure = g_steal_pointer (&r->structure);
      self->structural = g_steal_pointer (&r->structural);
      self->comparison = mf_structural_compare (
        self->structural, mf_structure_get_reduction (self->structure)->index_lagrange);
      result_free (r);
    }
  mf_structural_view_show (self);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

static void
analyse (MfStructuralView *self)
{
  g_autoptr (GTask) task = NULL;
  if (self->source == NULL)
    return;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->stale = FALSE;
  if (self->structural == NULL)
    {
      g_clear_pointer (&self->message, g_free);
      self->message = g_strdup (_("Analysing the structure…"));
      mf_structural_view_show (self);
    }
  task = g_task_new (NULL, self->cancellable, analysed, g_object_ref (self));
  g_task_set_task_data (task, mf_document_snapshot_ref (self->source),
                        (GDestroyNotify) mf_document_snapshot_unref);
  g_task_run_in_thread (task, analyse_in_thread);
}

/* ---- the widget ---- */

static void
mf_structural_view_map (GtkWidget *widget)
{
  MfStructuralView *self = MF_STRUCTURAL_VIEW (widget);

  GTK_WIDGET_CLASS (mf_structural_view_parent_class)->map (widget);
  if (self->stale)
    analyse (self);
}

static void
mf_structural_view_dispose (GObject *object)
{
  MfStructuralView *self = MF_STRUCTURAL_VIEW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (mf_structural_view_parent_class)->dispose (object);
}

static void
mf_structural_view_finalize (GObject *object)
{
  MfStructuralView *self = MF_STRUCTURAL_VIEW (object);

  g_clear_pointer (&self->source, mf_document_snapshot_unref);
  g_free (self->comparison);
  g_free (self->message);
  g_clear_pointer (&self->structural, mf_structural_free);
  g_clear_pointer (&self->structure, mf_structure_free);
  G_OBJECT_CLASS (mf_structural_view_parent_class)->finalize (object);
}

static void
mf_structural_view_class_init (MfStructuralViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_structural_view_dispose;
  object_class->finalize = mf_structural_view_finalize;
  widget_class->map = mf_structural_view_map;
  signals[SIGNAL_HIGHLIGHT_REQUESTED] =
    g_signal_new ("highlight-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRV, G_TYPE_STRV);
  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                           0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
mf_structural_view_init (MfStructuralView *self)
{
  self->content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_top (self->content, 12);
  gtk_widget_set_margin_bottom (self->content, 18);
  gtk_widget_set_margin_start (self->content, 12);
  gtk_widget_set_margin_end (self->content, 12);
  self->scroller = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->content);
  /* the page is as tall as its grids want, not as their smallest */
  gtk_scrollable_set_vscroll_policy (
    GTK_SCROLLABLE (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->scroller))),
    GTK_SCROLL_NATURAL);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}

GtkWidget *
mf_structural_view_new (void)
{
  return g_object_new (MF_TYPE_STRUCTURAL_VIEW, NULL);
}

void
mf_structural_view_set_source (MfStructuralView *self, MfDocumentSnapshot *source)
{
  g_return_if_fail (MF_IS_STRUCTURAL_VIEW (self));

  mf_document_snapshot_ref (source);
  g_clear_pointer (&self->source, mf_document_snapshot_unref);
  self->source = source;
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    analyse (self);
}

gboolean
mf_structural_view_get_busy (MfStructuralView *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURAL_VIEW (self), FALSE);
  return self->stale || self->cancellable != NULL;
}

const MfStructural *
mf_structural_view_get_structural (MfStructuralView *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURAL_VIEW (self), NULL);
  return self->structural;
}

const char *
mf_structural_view_get_message (MfStructuralView *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURAL_VIEW (self), NULL);
  return self->message;
}

const char *
mf_structural_view_get_comparison (MfStructuralView *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURAL_VIEW (self), NULL);
  return self->comparison;
}

int
mf_structural_view_get_numerical_index (MfStructuralView *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURAL_VIEW (self), MF_INDEX_NOT_FOUND);
  return self->structure != NULL ? mf_structure_get_reduction (self->structure)->index_lagrange
                                 : MF_INDEX_NOT_FOUND;
}

MfMatrixView *
mf_structural_view_get_incidence (MfStructuralView *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURAL_VIEW (self), NULL);
  return self->incidence;
}

MfMatrixView *
mf_structural_view_get_blt (MfStructuralView *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURAL_VIEW (self), NULL);
  return self->blt;
}

GtkListBox *
mf_structural_view_get_steps (MfStructuralView *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURAL_VIEW (self), NULL);
  return self->steps;
}

GtkListBox *
mf_structural_view_get_loops (MfStructuralView *self)
{
  g_return_val_if_fail (MF_IS_STRUCTURAL_VIEW (self), NULL);
  return self->loops;
}
