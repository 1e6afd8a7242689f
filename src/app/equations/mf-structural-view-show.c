/* mf-structural-view-show.c: the Structure page's contents — the index
 * compared, the incidence with its matching, Pantelides' steps, the dummy
 * derivatives, the block lower-triangular form and its loops — built from
 * the analysis the page holds (mf-structural-view.c), in the words of
 * mf-structural-text.h and the grids of mf-structural-pattern.h.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-structural-view-private.h"

#include <glib/gi18n.h>

#include "mf-math-view.h"
#include "mf-structural-pattern.h"
#include "mf-structural-text.h"

/* A paragraph of the page; NULL words add none. */
static GtkWidget *
para (GtkWidget *content, const char *words, const char *css_class)
{
  if (words == NULL)
    return NULL;
  return mf_math_view_add_words (content, words, css_class);
}

static GtkWidget *
grid_in_scroller (MfStructuralView *self, GtkWidget *content, MfMatrixView **slot)
{
  GtkWidget *grid = mf_matrix_view_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();

  mf_matrix_view_set_pattern (MF_MATRIX_VIEW (grid), TRUE);
  g_signal_connect_object (grid, "selection-changed",
                           G_CALLBACK (mf_structural_view_grid_selected), self, G_CONNECT_SWAPPED);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 320);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_widget_set_halign (scroller, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (content), scroller);
  *slot = MF_MATRIX_VIEW (grid);
  return grid;
}

/* A grid showing `pattern`. */
static void
set_grid (MfMatrixView *grid, const MfPattern *pattern)
{
  G_STATIC_ASSERT ((int) MF_PATTERN_MARK_WARNING == (int) MF_MATRIX_MARK_WARNING);
  G_STATIC_ASSERT ((int) MF_PATTERN_MARK_ACCENT == (int) MF_MATRIX_MARK_ACCENT);

  mf_matrix_view_set_sparse (grid, pattern->n_rows, pattern->n_cols,
                             (const char *const *) pattern->row_labels->pdata,
                             (const char *const *) pattern->col_labels->pdata,
                             pattern->rows->len, (const guint *) pattern->rows->data,
                             (const guint *) pattern->cols->data,
                             (const double *) pattern->values->data);
  mf_matrix_view_set_row_cells (grid, pattern->filled);
  mf_matrix_view_set_row_marks (grid, pattern->row_marks);
  mf_matrix_view_set_col_marks (grid, pattern->col_marks);
  if (pattern->n_blocks > 0)
    mf_matrix_view_set_blocks (grid, pattern->n_blocks, pattern->block_start);
}

static GtkListBox *
list_in (MfStructuralView *self, GtkWidget *content, const char *accessible)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_SINGLE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
  g_signal_connect_object (list, "row-selected", G_CALLBACK (mf_structural_view_row_selected),
                           self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (content), list);
  return GTK_LIST_BOX (list);
}

/* A row of a list, which keeps `names` (taken) for the canvas. */
static void
list_row (GtkListBox *list, const char *words, GPtrArray *names)
{
  GtkWidget *label = gtk_label_new (words);
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  g_object_set_data_full (G_OBJECT (row), "names", names, (GDestroyNotify) g_ptr_array_unref);
  gtk_list_box_append (list, row);
}

/* The rows of a list from `lines` (MfStructuralLine*), each keeping its
 * names for the canvas. */
static void
list_rows (GtkListBox *list, GPtrArray *lines)
{
  for (guint i = 0; i < lines->len; i++)
    {
      MfStructuralLine *l = g_ptr_array_index (lines, i);

      list_row (list, l->line, g_ptr_array_ref (l->names));
    }
}

static void
show_summary (MfStructuralView *self)
{
  int numerical = mf_structure_get_reduction (self->structure)->index_lagrange;
  g_autofree char *title = mf_structural_text_title (self->structural, numerical);
  g_autofree char *comparison = mf_structural_text_comparison (self->structural, numerical);

  para (self->content, title, "title-4");
  para (self->content, comparison, NULL);
  para (self->content, mf_structural_text_reading (), "dim-label");
}

static void
show_incidence (MfStructuralView *self)
{
  const MfIncidence *inc = self->structural->incidence;
  g_autofree char *heading = mf_structural_text_incidence (self->structural);
  g_autoptr (MfPattern) pattern = NULL;

  para (self->content, _("Incidence matrix"), "heading");
  para (self->content, heading, NULL);
  para (self->content, mf_structural_text_incidence_legend (), "dim-label");
  if (mf_incidence_n_equations (inc) > MF_STRUCTURAL_VIEW_MAX_ROWS
      || mf_incidence_n_unknowns (inc) > 2 * MF_STRUCTURAL_VIEW_MAX_ROWS)
    {
      para (self->content, _("Too large to draw here; manifold-cli analyze --json lists every "
                             "entry."),
            NULL);
      return;
    }
  pattern = mf_pattern_new_incidence (self->structural);
  grid_in_scroller (self, self->content, &self->incidence);
  set_grid (self->incidence, pattern);
}

static void
show_steps (MfStructuralView *self)
{
  const MfPantelides *p = self->structural->pantelides;
  g_autoptr (GPtrArray) lines = mf_structural_text_steps (self->structural,
                                                          MF_STRUCTURAL_VIEW_MAX_ROWS);
  g_autofree char *counts = mf_structural_text_counts (self->structural);
  g_autofree char *index = mf_structural_text_index (self->structural);

  para (self->content, _("Pantelides' algorithm"), "heading");
  if (p->steps->len == 0)
    para (self->content, _("Every equation found an unknown of its own: nothing is "
                           "differentiated."),
          NULL);
  else
    {
      self->steps = list_in (self, self->content, _("Pantelides' steps"));
      list_rows (self->steps, lines);
    }
  if (p->steps->len > MF_STRUCTURAL_VIEW_MAX_ROWS)
    {
      g_autofree char *more = g_strdup_printf (_("… and %u more steps."),
                                               p->steps->len - MF_STRUCTURAL_VIEW_MAX_ROWS);

      para (self->content, more, "dim-label");
    }
  para (self->content, counts, NULL);
  para (self->content, index, NULL);
}

static void
show_dummies (MfStructuralView *self)
{
  g_autofree char *line = mf_structural_text_dummies (self->structural);

  if (line == NULL)
    return;
  para (self->content, _("Dummy derivatives"), "heading");
  para (self->content, line, NULL);
}

static void
show_blt (MfStructuralView *self)
{
  const MfBlt *blt = self->structural->blt;
  g_autofree char *heading = mf_structural_text_blt (self->structural);
  g_autoptr (GPtrArray) loops = NULL;

  para (self->content, _("Block lower-triangular form"), "heading");
  para (self->content, heading, NULL);
  para (self->content, mf_structural_text_blt_legend (), "dim-label");
  if (blt->block_start[blt->n_blocks] > MF_STRUCTURAL_VIEW_MAX_ROWS)
    para (self->content, _("Too large to draw here; manifold-cli analyze --json lists every "
                           "block."),
          NULL);
  else
    {
      g_autoptr (MfPattern) pattern = mf_pattern_new_blt (self->structural);

      grid_in_scroller (self, self->content, &self->blt);
      set_grid (self->blt, pattern);
    }
  if (blt->n_loops == 0)
    return;
  self->loops = list_in (self, self->content, _("Algebraic loops"));
  loops = mf_structural_text_loops (self->structural, MF_STRUCTURAL_VIEW_MAX_ROWS);
  list_rows (self->loops, loops);
}

static void
clear_content (MfStructuralView *self)
{
  GtkWidget *child;

  self->incidence = NULL;
  self->blt = NULL;
  self->steps = NULL;
  self->loops = NULL;
  while ((child = gtk_widget_get_first_child (self->content)) != NULL)
    gtk_box_remove (GTK_BOX (self->content), child);
}

void
mf_structural_view_show (MfStructuralView *self)
{
  clear_content (self);
  if (self->structural == NULL)
    {
      para (self->content, self->message != NULL ? self->message : "", NULL);
      return;
    }
  show_summary (self);
  show_incidence (self);
  show_steps (self);
  show_dummies (self);
  show_blt (self);
}
