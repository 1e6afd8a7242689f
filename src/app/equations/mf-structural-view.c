/* mf-structural-view.c: the Structure page (mf-structural-view.h).  The
 * page is built anew when an analysis returns.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-structural-view.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-structure.h"

#define GET(array, i) g_array_index ((array), guint, (i))

struct _MfStructuralView
{
  GtkWidget     parent_instance;

  char         *data;
  gsize         length;
  char         *name;
  char         *mode_name;
  gboolean      stale;       /* a source not analysed yet */
  GCancellable *cancellable;
  MfStructure  *structure;
  MfStructural *structural;
  char         *comparison;
  char         *message;

  GtkWidget    *scroller;
  GtkWidget    *content;
  MfMatrixView *incidence;
  MfMatrixView *blt;
  GtkListBox   *steps;
  GtkListBox   *loops;
};

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
  char  *data;
  gsize  length;
  char  *name;
  char  *mode_name;
} Job;

typedef struct
{
  MfStructure  *structure;
  MfStructural *structural;
} Result;

static void
job_free (Job *job)
{
  g_free (job->data);
  g_free (job->name);
  g_free (job->mode_name);
  g_free (job);
}

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
  Job *job = task_data;
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
static void
on_grid_selection (MfStructuralView *self, MfMatrixView *grid)
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
static void
on_list_row_selected (MfStructuralView *self, GtkListBoxRow *row)
{
  GPtrArray *names = row != NULL ? g_object_get_data (G_OBJECT (row), "names") : NULL;

  if (names != NULL)
    emit_names (self, names);
}

/* ---- showing ---- */

static GtkWidget *
text (GtkWidget *content, const char *words, const char *css_class)
{
  GtkWidget *label = gtk_label_new (words);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (GTK_BOX (content), label);
  return label;
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

/* "A, B, C" from names of the extended system; a new string. */
typedef char *(*NameFunc) (const MfPantelides *pantelides, guint item);

static char *
join_names (const MfPantelides *p, NameFunc name, const guint *items, guint n,
            GPtrArray *collect)
{
  GString *out = g_string_new (NULL);

  for (guint k = 0; k < n; k++)
    {
      g_autofree char *one = name (p, items[k]);

      g_string_append_printf (out, "%s%s", k > 0 ? ", " : "", one);
      if (collect != NULL)
        g_ptr_array_add (collect, g_strdup (one));
    }
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
  g_signal_connect_object (grid, "selection-changed", G_CALLBACK (on_grid_selection), self,
                           G_CONNECT_SWAPPED);
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
  g_signal_connect_object (list, "row-selected", G_CALLBACK (on_list_row_selected), self,
                           G_CONNECT_SWAPPED);
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
  text (self->content, title, "title-4");
  sentence = as_sentence (self->comparison);
  text (self->content, sentence, NULL);
  text (self->content,
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

  text (self->content, _("Incidence matrix"), "heading");
  /* Translators: the incidence's size (equations × unknowns) and a maximum matching's */
  heading = g_strdup_printf (_("%u equations × %u unknowns; a maximum matching pairs %u of "
                               "them (filled cells)."),
                             n_eq, n_unk, p->initial->size);
  text (self->content, heading, NULL);
  text (self->content,
        _("A cross where an equation involves an unknown. The unknowns whose derivative "
          "appears are the states (marked in blue): Pantelides' algorithm takes them as known "
          "and matches each equation to an unknown of its own among the rest. Equations left "
          "unmatched, and the parts no matching can cover, are marked in the warning colour."),
        "dim-label");
  if (n_eq > MF_STRUCTURAL_VIEW_MAX_ROWS || n_unk > 2 * MF_STRUCTURAL_VIEW_MAX_ROWS)
    {
      text (self->content, _("Too large to draw here; manifold-cli analyze --json lists every "
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

  text (self->content, _("Pantelides' algorithm"), "heading");
  if (p->steps->len == 0)
    text (self->content, _("Every equation found an unknown of its own: nothing is "
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
      /* Translators: a step of Pantelides' algorithm: its number, the equation left without
       * an unknown, the structurally singular equations differentiated, the new derivatives */
      g_autofree char *line = g_strdup_printf (_("Step %u: no unknown is left for %s. "
                                                 "Differentiated: %s. New unknowns: %s."),
                                               k + 1, stuck, set, unknowns);

      list_row (self->steps, line, names);
    }
  if (p->steps->len > MF_STRUCTURAL_VIEW_MAX_ROWS)
    {
      g_autofree char *more = g_strdup_printf (_("… and %u more steps."),
                                               p->steps->len - MF_STRUCTURAL_VIEW_MAX_ROWS);

      text (self->content, more, "dim-label");
    }
  for (guint i = 0, shown = 0; i < mf_incidence_n_equations (inc); i++)
    if (!p->left_out[i] && p->differentiations[i] > 0 && shown++ < MF_STRUCTURAL_VIEW_MAX_ROWS)
      g_string_append_printf (counts, "%s%s (%u)", counts->len > 0 ? ", " : "",
                              mf_incidence_equation_name (inc, i), p->differentiations[i]);
  if (counts->len > 0)
    {
      /* Translators: the equations differentiated, each with how often */
      g_autofree char *line = g_strdup_printf (_("Differentiated, with how often: %s."),
                                               counts->str);

      text (self->content, line, NULL);
    }
  g_string_free (counts, TRUE);
  if (p->structural_index >= 0)
    {
      g_autofree char *line = g_strdup_printf (
        _("Structural index %d: the most differentiations of an equation, plus one when an "
          "unknown stays algebraic."),
        p->structural_index);

      text (self->content, line, NULL);
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
  text (self->content, _("Dummy derivatives"), "heading");
  if (dd->failed_level > 0)
    {
      line = g_strdup_printf (_("No regular choice at the generic state (level %u)."),
                              dd->failed_level);
      text (self->content, line, NULL);
      return;
    }
  dummies = join_names (s->pantelides, mf_pantelides_unknown_name,
                        (const guint *) dd->dummies->data,
                        MIN (dd->dummies->len, MF_STRUCTURAL_VIEW_MAX_ROWS), NULL);
  states = join_names (s->pantelides, mf_pantelides_unknown_name,
                       (const guint *) dd->states->data,
                       MIN (dd->states->len, MF_STRUCTURAL_VIEW_MAX_ROWS), NULL);
  if (dd->dummies->len == 0)
    /* Translators: the states integrated */
    line = g_strdup_printf (_("No derivative is made an algebraic unknown. Integrated: %s."),
                            states);
  else
    /* Translators: the derivatives made algebraic unknowns, then the states integrated */
    line = g_strdup_printf (_("Made algebraic unknowns: %s. Integrated: %s."), dummies, states);
  text (self->content, line, NULL);
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

  text (self->content, _("Block lower-triangular form"), "heading");
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
  text (self->content, heading, NULL);
  text (self->content,
        _("The final system, each equation solved for the unknown on the diagonal, the states "
          "known. A loop is torn: its tears (marked in blue) are guessed, the other unknowns "
          "follow one equation at a time, and the residual equations (marked in the warning "
          "colour) are what Newton drives to zero."),
        "dim-label");
  if (n > MF_STRUCTURAL_VIEW_MAX_ROWS)
    {
      text (self->content, _("Too large to draw here; manifold-cli analyze --json lists every "
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

static void
show (MfStructuralView *self)
{
  clear_content (self);
  if (self->structural == NULL)
    {
      text (self->content, self->message != NULL ? self->message : "", NULL);
      return;
    }
  show_summary (self);
  show_incidence (self);
  show_steps (self);
  show_dummies (self);
  show_blt (self);
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
  show (self);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

static void
analyse (MfStructuralView *self)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  if (self->data == NULL)
    return;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->stale = FALSE;
  job = g_new0 (Job, 1);
  job->data = g_memdup2 (self->data, self->length);
  job->length = self->length;
  job->name = g_strdup (self->name);
  job->mode_name = g_strdup (self->mode_name);
  task = g_task_new (NULL, self->cancellable, analysed, g_object_ref (self));
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
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

  g_free (self->data);
  g_free (self->name);
  g_free (self->mode_name);
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
mf_structural_view_set_source (MfStructuralView *self, const char *data, gsize length,
                               const char *name, const char *mode_name)
{
  g_return_if_fail (MF_IS_STRUCTURAL_VIEW (self));

  g_free (self->data);
  self->data = g_memdup2 (data, length);
  self->length = length;
  g_free (self->name);
  self->name = g_strdup (name);
  g_free (self->mode_name);
  self->mode_name = g_strdup (mode_name);
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
