/* mf-stiffness-modes.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stiffness-modes.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-stiffness-report.h"

/* ---- a row: the texts of one mode ---- */

#define MF_TYPE_MODE_ROW (mf_mode_row_get_type ())
G_DECLARE_FINAL_TYPE (MfModeRow, mf_mode_row, MF, MODE_ROW, GObject)

struct _MfModeRow
{
  GObject parent_instance;
  char   *text[MF_STIFFNESS_MODES_N_COLUMNS];
};

G_DEFINE_FINAL_TYPE (MfModeRow, mf_mode_row, G_TYPE_OBJECT)

static void
mf_mode_row_finalize (GObject *object)
{
  MfModeRow *self = MF_MODE_ROW (object);

  for (guint c = 0; c < MF_STIFFNESS_MODES_N_COLUMNS; c++)
    g_free (self->text[c]);
  G_OBJECT_CLASS (mf_mode_row_parent_class)->finalize (object);
}

static void
mf_mode_row_class_init (MfModeRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mf_mode_row_finalize;
}

static void
mf_mode_row_init (MfModeRow *self)
{
}

static MfModeRow *
mode_row_new (const MfStiffness *s, const MfEigenvalue *e, guint number)
{
  MfModeRow *row = g_object_new (MF_TYPE_MODE_ROW, NULL);

  row->text[MF_STIFFNESS_MODES_NUMBER] = g_strdup_printf ("%u", number);
  row->text[MF_STIFFNESS_MODES_EIGENVALUE] = mf_stiffness_eigenvalue_text (e);
  row->text[MF_STIFFNESS_MODES_TIME_CONSTANT] =
    e->neutral ? g_strdup (_("∞ (neutral)")) : mf_stiffness_number_text (e->time_constant, "s");
  row->text[MF_STIFFNESS_MODES_FREQUENCY] =
    e->im != 0.0 ? mf_stiffness_number_text (e->frequency, "Hz") : g_strdup ("—");
  row->text[MF_STIFFNESS_MODES_DAMPING] = mf_stiffness_number_text (e->damping, NULL);
  row->text[MF_STIFFNESS_MODES_STATES] = mf_stiffness_participants_text (s, e);
  return row;
}

/* ---- the table ---- */

struct _MfStiffnessModes
{
  GtkWidget     parent_instance;
  GListStore   *rows;
  GtkWidget    *scroller;
  GtkColumnView *view;
};

G_DEFINE_FINAL_TYPE (MfStiffnessModes, mf_stiffness_modes, GTK_TYPE_WIDGET)

static void
cell_setup (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer column)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (GPOINTER_TO_UINT (column) != MF_STIFFNESS_MODES_STATES)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
cell_bind (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer column)
{
  MfModeRow *row = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      row->text[GPOINTER_TO_UINT (column)]);
}

static void
add_column (MfStiffnessModes *self, const char *title, MfStiffnessModesColumn column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *view_column;

  g_signal_connect (factory, "setup", G_CALLBACK (cell_setup), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (cell_bind), GUINT_TO_POINTER (column));
  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_resizable (view_column, TRUE);
  gtk_column_view_column_set_expand (view_column, column == MF_STIFFNESS_MODES_STATES);
  gtk_column_view_append_column (self->view, view_column);
  g_object_unref (view_column);
}

static void
mf_stiffness_modes_dispose (GObject *object)
{
  MfStiffnessModes *self = MF_STIFFNESS_MODES (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_object (&self->rows);
  G_OBJECT_CLASS (mf_stiffness_modes_parent_class)->dispose (object);
}

static void
mf_stiffness_modes_class_init (MfStiffnessModesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_stiffness_modes_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
mf_stiffness_modes_init (MfStiffnessModes *self)
{
  GtkNoSelection *selection;

  self->rows = g_list_store_new (MF_TYPE_MODE_ROW);
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (GTK_SELECTION_MODEL (selection)));
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  gtk_column_view_set_reorderable (self->view, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "data-table");
  /* Translators: the modes table's first column: the mode's number */
  add_column (self, C_("mode", "No."), MF_STIFFNESS_MODES_NUMBER);
  add_column (self, _("λ (1/s)"), MF_STIFFNESS_MODES_EIGENVALUE);
  add_column (self, _("Time constant"), MF_STIFFNESS_MODES_TIME_CONSTANT);
  add_column (self, _("Frequency"), MF_STIFFNESS_MODES_FREQUENCY);
  add_column (self, _("Damping ratio"), MF_STIFFNESS_MODES_DAMPING);
  add_column (self, _("States taking part"), MF_STIFFNESS_MODES_STATES);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->view));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scroller), 180);
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}

GtkWidget *
mf_stiffness_modes_new (void)
{
  return g_object_new (MF_TYPE_STIFFNESS_MODES, NULL);
}

guint *
mf_stiffness_modes_numbers (const MfStiffness *stiffness)
{
  guint *numbers = g_new0 (guint, MAX (stiffness->n, 1)), n = 0;

  for (guint k = 0; k < stiffness->n; k++)
    numbers[k] = stiffness->eigenvalues[k].im >= 0.0 ? ++n : 0;
  return numbers;
}

void
mf_stiffness_modes_set_stiffness (MfStiffnessModes *self, const MfStiffness *stiffness)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree guint *numbers = NULL;

  g_return_if_fail (MF_IS_STIFFNESS_MODES (self));
  if (stiffness != NULL)
    {
      numbers = mf_stiffness_modes_numbers (stiffness);
      for (guint k = 0; k < stiffness->n; k++)
        if (numbers[k] > 0)
          g_ptr_array_add (rows, mode_row_new (stiffness, &stiffness->eigenvalues[k], numbers[k]));
    }
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)),
                       rows->pdata, rows->len);
}

guint
mf_stiffness_modes_get_n_rows (MfStiffnessModes *self)
{
  g_return_val_if_fail (MF_IS_STIFFNESS_MODES (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->rows));
}

const char *
mf_stiffness_modes_get_text (MfStiffnessModes *self, guint row, MfStiffnessModesColumn column)
{
  g_autoptr (MfModeRow) item = NULL;

  g_return_val_if_fail (MF_IS_STIFFNESS_MODES (self), NULL);
  g_return_val_if_fail (column < MF_STIFFNESS_MODES_N_COLUMNS, NULL);
  item = g_list_model_get_item (G_LIST_MODEL (self->rows), row);
  /* the store keeps the row, so its text outlives this reference */
  return item != NULL ? item->text[column] : NULL;
}
