/* mf-structural-view-show.c: the Structure page's contents — the index
 * compared, the incidence with its matching, Pantelides' steps, the dummy
 * derivatives, the block lower-triangular form and its loops — built from
 * the analysis the page holds (mf-structural-view.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-structural-view-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-math-view.h"

#define GET(array, i) g_array_index ((array), guint, (i))

/* Lists in sentences name this many items, then say how many more. */
#define LIST_MAX 24

/* A paragraph of the page. */
static GtkWidget *
para (GtkWidget *content, const char *words, const char *css_class)
{
  return mf_math_view_add_words (content, words, css_class);
}

/* A sentence from a clause the report puts in parentheses: capitalised,
 * with a full stop. */
static char *
as_sentence (const char *clause)
{
  gunichar first = g_utf8_get_char (clause);
  char head[8] = { 0 };

  g_unichar_to_utf8 (g_unichar_totitle (first), head);
  return g_strconcat (head, g_utf8_next_char (clause), ".", NULL);
}

/* "A, B, C" from names of the extended system, the first LIST_MAX of
 * them and how many more; every name into `collect`, if given. */
typedef char *(*NameFunc) (const MfPantelides *pantelides, guint item);

static char *
join_names (const MfPantelides *p, NameFunc name, const guint *items, guint n,
            GPtrArray *collect)
{
  GString *out = g_string_new (NULL);

  for (guint k = 0; k < n && (k < LIST_MAX || collect != NULL); k++)
    {
      char *one = name (p, items[k]);

      if (k < LIST_MAX)
        g_string_append_printf (out, "%s%s", k > 0 ? ", " : "", one);
      if (collect != NULL)
        g_ptr_array_add (collect, one);
      else
        g_free (one);
    }
  if (n > LIST_MAX)
    /* Translators: after the first names of a long list */
    g_string_append_printf (out, _(", … (and %u more)"), n - LIST_MAX);
  if (n == 0)
    g_string_append (out, "—");
  return g_string_free (out, FALSE);
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

static void
show_summary (MfStructuralView *self)
{
  const MfPantelides *p = self->structural->pantelides;
  int numerical = mf_structure_get_reduction (self->structure)->index_lagrange;
  g_autofree char *title = NULL;
  g_autofree char *sentence = NULL;

  if (p->structural_index < 0)
    title = g_strdup (_("Structural index: not found"));
  else if (numerical >= 0)
    /* Translators: the index from Pantelides' algorithm, then the numerical one */
    title = g_strdup_printf (_("Structural index %d; numerical index of the multiplier form %d"),
                             p->structural_index,
                             numerical);
  else
    title = g_strdup_printf (_("Structural index %d; the numerical procedure finds no index"),
                             p->structural_index);
  para (self->content, title, "title-4");
  sentence = as_sentence (self->comparison);
  para (self->content, sentence, NULL);
  para (self->content,
        _("Both read the same equations, the multiplier form of the mode. The structural "
          "analysis reads only which unknowns each equation involves; the numerical index "
          "procedure reads their values, so a cancellation can make them differ. Pick a row, "
          "a column, a step or a loop to light up its components on the canvas."),
        "dim-label");
}

static void
show_incidence (MfStructuralView *self)
{
  const MfIncidence *inc = self->structural->incidence;
  const MfPantelides *p = self->structural->pantelides;
  const MfSparse *a = inc->matrix;
  guint n_eq = mf_incidence_n_equations (inc), n_unk = mf_incidence_n_unknowns (inc);
  g_autofree char *heading = NULL;
  g_autofree guint *rows = NULL;
  g_autofree double *values = NULL;
  g_autofree guint8 *row_marks = NULL;
  g_autofree guint8 *col_marks = NULL;
  g_autofree int *matched = NULL;

  para (self->content, _("Incidence matrix"), "heading");
  /* Translators: the incidence's size (equations × unknowns) and a maximum matching's */
  heading = g_strdup_printf (_("%u equations × %u unknowns; a maximum matching pairs %u of "
                               "them (filled cells)."),
                             n_eq, n_unk, p->initial->size);
  para (self->content, heading, NULL);
  para (self->content,
        _("A cross where an equation involves an unknown. The unknowns whose derivative "
          "appears are the states (marked in blue): Pantelides' algorithm takes them as known "
          "and matches each equation to an unknown of its own among the rest. Equations left "
          "unmatched, and the parts no matching can cover, are marked in the warning colour."),
        "dim-label");
  if (n_eq > MF_STRUCTURAL_VIEW_MAX_ROWS || n_unk > 2 * MF_STRUCTURAL_VIEW_MAX_ROWS)
    {
      para (self->content, _("Too large to draw here; manifold-cli analyze --json lists every "
                             "entry."),
            NULL);
      return;
    }
  rows = g_new0 (guint, MAX (mf_sparse_nnz (a), 1));
  values = g_new0 (double, MAX (mf_sparse_nnz (a), 1));
  for (guint i = 0; i < n_eq; i++)
    for (guint k = a->start[i]; k < a->start[i + 1]; k++)
      {
        rows[k] = i;
        /* a zero at the point stays in the pattern */
        values[k] = a->val[k] != 0.0 ? a->val[k] : NAN;
      }
  grid_in_scroller (self, self->content, &self->incidence);
  mf_matrix_view_set_sparse (self->incidence, n_eq, n_unk,
                             (const char *const *) inc->equation_names->pdata,
                             (const char *const *) inc->unknown_names->pdata,
                             mf_sparse_nnz (a), rows, a->col, values);
  row_marks = g_new0 (guint8, n_eq);
  col_marks = g_new0 (guint8, n_unk);
  matched = g_new (int, n_eq);
  for (guint i = 0; i < n_eq; i++)
    {
      guint j = i < p->initial->n_rows ? p->initial->row_match[i] : MF_MATCHING_NONE;

      matched[i] = j == MF_MATCHING_NONE ? -1 : (int) j;
      if (j == MF_MATCHING_NONE || p->overdetermined[i])
        row_marks[i] = MF_MATRIX_MARK_WARNING;
    }
  for (guint j = 0; j < n_unk; j++)
    if (p->underdetermined[GET (inc->family, j)])
      col_marks[j] = MF_MATRIX_MARK_WARNING;
    else if (GET (inc->derivative, j) != MF_INCIDENCE_NONE)
      col_marks[j] = MF_MATRIX_MARK_ACCENT;
  mf_matrix_view_set_row_marks (self->incidence, row_marks);
  mf_matrix_view_set_col_marks (self->incidence, col_marks);
  mf_matrix_view_set_row_cells (self->incidence, matched);
}

static void
show_steps (MfStructuralView *self)
{
  const MfStructural *s = self->structural;
  const MfPantelides *p = s->pantelides;
  const MfIncidence *inc = s->incidence;
  GString *counts = g_string_new (NULL);
  guint total = 0;

  para (self->content, _("Pantelides' algorithm"), "heading");
  if (p->steps->len == 0)
    para (self->content, _("Every equation found an unknown of its own: nothing is "
                           "differentiated."),
          NULL);
  else
    self->steps = list_in (self, self->content, _("Pantelides' steps"));
  for (guint k = 0; k < p->steps->len && k < MF_STRUCTURAL_VIEW_MAX_ROWS; k++)
    {
      const MfPantelidesStep *step = g_ptr_array_index (p->steps, k);
      GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *stuck = mf_pantelides_equation_name (p, step->equation);
      g_autofree char *set = join_names (p, mf_pantelides_equation_name,
                                         (const guint *) step->differentiated->data,
                                         step->differentiated->len, names);
      g_autofree char *unknowns = join_names (p, mf_pantelides_unknown_name,
                                              (const guint *) step->new_unknowns->data,
                                              step->new_unknowns->len, NULL);
      g_autofree char *line = NULL;

      if (step->new_unknowns->len > 0)
        /* Translators: a step of Pantelides' algorithm: its number, the equation left
         * without an unknown, the structurally singular equations differentiated, the new
         * derivatives */
        line = g_strdup_printf (_("Step %u: no unknown is left for %s. Differentiated: %s. "
                                  "New unknowns: %s."),
                                k + 1, stuck, set, unknowns);
      else
        /* Translators: a step of Pantelides' algorithm: its number, the equation left
         * without an unknown, the structurally singular equations differentiated */
        line = g_strdup_printf (_("Step %u: no unknown is left for %s. Differentiated: %s, "
                                  "whose unknowns have their derivatives already."),
                                k + 1, stuck, set);
      list_row (self->steps, line, names);
    }
  if (p->steps->len > MF_STRUCTURAL_VIEW_MAX_ROWS)
    {
      g_autofree char *more = g_strdup_printf (_("… and %u more steps."),
                                               p->steps->len - MF_STRUCTURAL_VIEW_MAX_ROWS);

      para (self->content, more, "dim-label");
    }
  for (guint i = 0; i < mf_incidence_n_equations (inc); i++)
    if (!p->left_out[i] && p->differentiations[i] > 0 && total++ < LIST_MAX)
      g_string_append_printf (counts, "%s%s (%u)", counts->len > 0 ? ", " : "",
                              mf_incidence_equation_name (inc, i), p->differentiations[i]);
  if (total > LIST_MAX)
    g_string_append_printf (counts, _(", … (and %u more)"), total - LIST_MAX);
  if (counts->len > 0)
    {
      /* Translators: the equations differentiated, each with how often */
      g_autofree char *line = g_strdup_printf (_("Differentiated, with how often: %s."),
                                               counts->str);

      para (self->content, line, NULL);
    }
  g_string_free (counts, TRUE);
  if (p->structural_index >= 0)
    {
      g_autofree char *line = g_strdup_printf (
        _("Structural index %d: the most differentiations of an equation, plus one when an "
          "unknown stays algebraic."),
        p->structural_index);

      para (self->content, line, NULL);
    }
}

static void
show_dummies (MfStructuralView *self)
{
  const MfStructural *s = self->structural;
  const MfDummyDerivatives *dd = s->dummies;
  g_autofree char *dummies = NULL;
  g_autofree char *states = NULL;
  g_autofree char *line = NULL;

  if (dd == NULL)
    return;
  para (self->content, _("Dummy derivatives"), "heading");
  if (dd->failed_level > 0)
    {
      line = g_strdup_printf (_("No regular choice at the generic state (level %u)."),
                              dd->failed_level);
      para (self->content, line, NULL);
      return;
    }
  dummies = join_names (s->pantelides, mf_pantelides_unknown_name,
                        (const guint *) dd->dummies->data, dd->dummies->len, NULL);
  if (dd->states->len > 0)
    states = join_names (s->pantelides, mf_pantelides_unknown_name,
                         (const guint *) dd->states->data, dd->states->len, NULL);
  else
    /* Translators: what is integrated when every state is made algebraic */
    states = g_strdup (_("nothing"));
  if (dd->dummies->len == 0)
    /* Translators: the states integrated */
    line = g_strdup_printf (_("No derivative is made an algebraic unknown. Integrated: %s."),
                            states);
  else
    /* Translators: the derivatives made algebraic unknowns, then the states integrated */
    line = g_strdup_printf (_("Made algebraic unknowns: %s. Integrated: %s."), dummies, states);
  para (self->content, line, NULL);
}

static void
show_blt (MfStructuralView *self)
{
  const MfStructural *s = self->structural;
  const MfPantelides *p = s->pantelides;
  const MfBlt *blt = s->blt;
  guint n = blt->block_start[blt->n_blocks];
  g_autofree int *place = g_new (int, MAX (p->n_unknowns, 1));
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) cols = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GPtrArray) row_labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) col_labels = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint8 *row_marks = g_new0 (guint8, MAX (n, 1));
  g_autofree guint8 *col_marks = g_new0 (guint8, MAX (n, 1));
  g_autofree int *diagonal = g_new (int, MAX (n, 1));
  g_autofree char *heading = NULL;

  para (self->content, _("Block lower-triangular form"), "heading");
  if (blt->n_loops == 0)
    /* Translators: the final system's size and its blocks */
    heading = g_strdup_printf (_("%u equations solved in %u blocks, one after another, each "
                                 "by itself: there is no algebraic loop."),
                               n, blt->n_blocks);
  else
    /* Translators: the final system's size, its blocks, and how many are algebraic loops */
    heading = g_strdup_printf (ngettext ("%u equations solved in %u blocks, one after another; "
                                         "%u of them is an algebraic loop that needs Newton's "
                                         "method.",
                                         "%u equations solved in %u blocks, one after another; "
                                         "%u of them are algebraic loops that need Newton's "
                                         "method.",
                                         blt->n_loops),
                               n, blt->n_blocks, blt->n_loops);
  para (self->content, heading, NULL);
  para (self->content,
        _("The final system, each equation solved for the unknown on the diagonal, the states "
          "known. A loop is torn: its tears (marked in blue) are guessed, the other unknowns "
          "follow one equation at a time, and the residual equations (marked in the warning "
          "colour) are what Newton drives to zero."),
        "dim-label");
  if (n > MF_STRUCTURAL_VIEW_MAX_ROWS)
    {
      para (self->content, _("Too large to draw here; manifold-cli analyze --json lists every "
                             "block."),
            NULL);
    }
  else
    {
      for (guint j = 0; j < p->n_unknowns; j++)
        place[j] = -1;
      for (guint k = 0; k < n; k++)
        {
          place[blt->unknowns[k]] = (int) k;
          g_ptr_array_add (row_labels, mf_pantelides_equation_name (p, blt->equations[k]));
          g_ptr_array_add (col_labels, mf_pantelides_unknown_name (p, blt->unknowns[k]));
          diagonal[k] = (int) k;
        }
      g_ptr_array_add (row_labels, NULL);
      g_ptr_array_add (col_labels, NULL);
      for (guint k = 0; k < n; k++)
        for (guint e = GET (p->start, blt->equations[k]); e < GET (p->start, blt->equations[k] + 1);
             e++)
          {
            guint j = GET (p->col, e);
            double v = g_array_index (p->val, double, e);

            if (place[j] < 0)
              continue; /* a state: known */
            v = v != 0.0 ? v : NAN;
            g_array_append_val (rows, k);
            g_array_append_val (cols, place[j]);
            g_array_append_val (values, v);
          }
      for (guint b = 0; b < blt->n_blocks; b++)
        for (guint k = blt->block_start[b + 1] - blt->n_tear[b]; k < blt->block_start[b + 1]; k++)
          {
            row_marks[k] = MF_MATRIX_MARK_WARNING;
            col_marks[k] = MF_MATRIX_MARK_ACCENT;
          }
      grid_in_scroller (self, self->content, &self->blt);
      mf_matrix_view_set_sparse (self->blt, n, n, (const char *const *) row_labels->pdata,
                                 (const char *const *) col_labels->pdata, rows->len,
                                 (const guint *) rows->data, (const guint *) cols->data,
                                 (const double *) values->data);
      mf_matrix_view_set_row_cells (self->blt, diagonal);
      mf_matrix_view_set_blocks (self->blt, blt->n_blocks, blt->block_start);
      mf_matrix_view_set_row_marks (self->blt, row_marks);
      mf_matrix_view_set_col_marks (self->blt, col_marks);
    }
  if (blt->n_loops == 0)
    return;
  self->loops = list_in (self, self->content, _("Algebraic loops"));
  for (guint b = 0, shown = 0; b < blt->n_blocks && shown < MF_STRUCTURAL_VIEW_MAX_ROWS; b++)
    {
      guint start = blt->block_start[b], size = mf_blt_block_size (blt, b);
      guint tears = start + size - blt->n_tear[b];
      GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *equations = NULL;
      g_autofree char *torn = NULL;
      g_autofree char *residuals = NULL;
      g_autofree char *line = NULL;

      if (size < 2)
        {
          g_ptr_array_unref (names);
          continue;
        }
      shown++;
      equations = join_names (p, mf_pantelides_equation_name, blt->equations + start, size,
                              names);
      torn = join_names (p, mf_pantelides_unknown_name, blt->unknowns + tears, blt->n_tear[b],
                         names);
      residuals = join_names (p, mf_pantelides_equation_name, blt->equations + tears,
                              blt->n_tear[b], NULL);
      /* Translators: an algebraic loop: its block's number, its size, its equations, the
       * unknowns torn and the residual equations */
      line = g_strdup_printf (_("Block %u, a loop of %u equations: %s. Torn by %s; residuals: "
                                "%s."),
                              b + 1, size, equations, torn, residuals);
      list_row (self->loops, line, names);
    }
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
