/* mf-analysis.c: the per-mode structure report, as JSON and as text.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-analysis.h"

#include "mf-json-write.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-reduction.h"
#include "mf-structural-report.h"
#include "mf-text.h"

/* Element (i, j) of a matrix read with the given strides: a column-major
 * rows × cols matrix read by rows has row_stride 1 and col_stride rows. */
/* A matrix with more entries than this is written as its nonzero ones: the
 * dense rows of a network of thousands of pipes are mostly zeros. */
#define MF_ANALYSIS_DENSE_MAX 10000

/* A matrix to write: dense, read through strides, or compressed rows. */
typedef struct
{
  const double *data;
  guint         n_rows;
  guint         n_cols;
  gsize         row_stride;
  gsize         col_stride;
  const guint  *start; /* compressed rows when not NULL: row i's entries start[i] .. */
  const guint  *col;
  const double *val;
} MfMatrixView;

static double
view_at (const MfMatrixView *view, guint i, guint j)
{
  if (view->start == NULL)
    return view->data[i * view->row_stride + j * view->col_stride];
  for (guint p = view->start[i]; p < view->start[i + 1] && view->col[p] <= j; p++)
    if (view->col[p] == j)
      return view->val[p];
  return 0.0;
}

/* Calls `entry` for every nonzero entry, row by row, in O(nonzeros) for
 * compressed rows. */
typedef void (*MfEntryFunc) (guint i, guint j, double value, gpointer data);

static void
view_foreach_nonzero (const MfMatrixView *view, MfEntryFunc entry, gpointer data)
{
  for (guint i = 0; i < view->n_rows; i++)
    if (view->start != NULL)
      {
        for (guint p = view->start[i]; p < view->start[i + 1]; p++)
          if (view->val[p] != 0.0)
            entry (i, view->col[p], view->val[p], data);
      }
    else
      for (guint j = 0; j < view->n_cols; j++)
        if (view_at (view, i, j) != 0.0)
          entry (i, j, view_at (view, i, j), data);
}

static MfMatrixView
view_of_sparse (const MfSparse *a)
{
  return (MfMatrixView) { .n_rows = a->n_rows, .n_cols = a->n_cols, .start = a->start,
                          .col = a->col, .val = a->val };
}

static MfMatrixView
view_of_alpha (const MfAlpha *alpha)
{
  return (MfMatrixView) { .n_rows = alpha->n_v, .n_cols = alpha->n_bar, .start = alpha->start,
                          .col = alpha->col, .val = alpha->val };
}

/* The rows of a column-major rows × cols matrix. */
static MfMatrixView
view_by_rows (const double *a, guint rows, guint cols)
{
  return (MfMatrixView) { .data = a, .n_rows = rows, .n_cols = cols, .row_stride = 1,
                          .col_stride = rows };
}

/* The columns of a column-major rows × cols matrix, each as a row. */
static MfMatrixView
view_by_columns (const double *a, guint rows, guint cols)
{
  return (MfMatrixView) { .data = a, .n_rows = cols, .n_cols = rows, .row_stride = rows,
                          .col_stride = 1 };
}

static guint
n_modes_of (const MfModel *model)
{
  return mf_model_get_circuit (model)->modes->len;
}

static const char *
mode_name (const MfModel *model, guint mode)
{
  const MfMode *m = g_ptr_array_index (mf_model_get_circuit (model)->modes, mode);

  return m->name;
}

/* --- JSON -------------------------------------------------------------- */

static void
json_add_index (JsonBuilder *builder, const char *key, int index)
{
  json_builder_set_member_name (builder, key);
  if (index < 0)
    json_builder_add_null_value (builder);
  else
    json_builder_add_int_value (builder, index);
}

static void
json_add_numbers (JsonBuilder *builder, const char *key, const double *values, guint n)
{
  json_builder_set_member_name (builder, key);
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    mf_json_add_number (builder, values[i]);
  json_builder_end_array (builder);
}

static void
json_add_entry (guint i, guint j, double value, gpointer data)
{
  JsonBuilder *builder = data;

  json_builder_begin_array (builder);
  json_builder_add_int_value (builder, i);
  json_builder_add_int_value (builder, j);
  mf_json_add_number (builder, value);
  json_builder_end_array (builder);
}

/* { "rows", "cols", "entries": [[i, j, value], ...] }: the nonzero
 * entries, row by row. */
static void
json_add_sparse (JsonBuilder *builder, const MfMatrixView *view)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "rows");
  json_builder_add_int_value (builder, view->n_rows);
  json_builder_set_member_name (builder, "cols");
  json_builder_add_int_value (builder, view->n_cols);
  json_builder_set_member_name (builder, "entries");
  json_builder_begin_array (builder);
  view_foreach_nonzero (view, json_add_entry, builder);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

/* Row by row, or above MF_ANALYSIS_DENSE_MAX entries as its nonzero
 * entries (docs/cli.md, "analyze"). */
static void
json_add_matrix (JsonBuilder *builder, const char *key, const MfMatrixView *view)
{
  json_builder_set_member_name (builder, key);
  if ((guint64) view->n_rows * view->n_cols > MF_ANALYSIS_DENSE_MAX)
    {
      json_add_sparse (builder, view);
      return;
    }
  json_builder_begin_array (builder);
  for (guint i = 0; i < view->n_rows; i++)
    {
      json_builder_begin_array (builder);
      for (guint j = 0; j < view->n_cols; j++)
        mf_json_add_number (builder, view_at (view, i, j));
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);
}

/* The names of the states `states[0 .. n-1]` (all velocity states when
 * `states` is NULL). */
static void
json_add_state_names (JsonBuilder   *builder,
                      const char    *key,
                      const MfModel *model,
                      const guint   *states,
                      guint          n)
{
  json_builder_set_member_name (builder, key);
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    json_builder_add_string_value (builder,
                                   mf_model_state_name (model, states ? states[i] : i));
  json_builder_end_array (builder);
}

/* The names of the rows `rows[0 .. n-1]` (all rows when `rows` is NULL). */
static void
json_add_row_names (JsonBuilder *builder, const char *key, const MfReduction *red,
                    const guint *rows, guint n)
{
  json_builder_set_member_name (builder, key);
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    json_builder_add_string_value (builder, red->row_names[rows ? rows[i] : i]);
  json_builder_end_array (builder);
}

static void
json_add_undetermined (JsonBuilder *builder, const MfReduction *red)
{
  json_builder_set_member_name (builder, "undetermined");
  json_builder_begin_array (builder);
  for (guint r = 0; r < red->n_rows; r++)
    if (!red->row_determined[r])
      json_builder_add_string_value (builder, red->row_names[r]);
  json_builder_end_array (builder);
}

static void
json_add_strings (JsonBuilder *builder, const char *key, const GPtrArray *strings)
{
  json_builder_set_member_name (builder, key);
  json_builder_begin_array (builder);
  for (guint i = 0; i < strings->len; i++)
    json_builder_add_string_value (builder, g_ptr_array_index (strings, i));
  json_builder_end_array (builder);
}

static void
json_add_int (JsonBuilder *builder, const char *key, gint64 value)
{
  json_builder_set_member_name (builder, key);
  json_builder_add_int_value (builder, value);
}

static void
json_add_split (JsonBuilder *builder, const MfModel *model, const MfReduction *red)
{
  guint n;
  g_autofree guint *integrated = mf_reduction_split_states (red, model, FALSE, &n);
  g_autofree guint *algebraic = NULL;

  json_add_state_names (builder, "integrated", model, integrated, n);
  algebraic = mf_reduction_split_states (red, model, TRUE, &n);
  json_add_state_names (builder, "algebraic", model, algebraic, n);
}

/* Each round of the index procedure: E, its rank, and the states each
 * hidden constraint found there involves (empty when M̄ is regular). */
static void
json_add_index_steps (JsonBuilder *builder, const MfReduction *red)
{
  json_builder_set_member_name (builder, "index_steps");
  json_builder_begin_array (builder);
  for (guint k = 0; red->index_analysis != NULL && k < red->index_analysis->steps->len; k++)
    {
      const MfIndexStep *step = g_ptr_array_index (red->index_analysis->steps, k);
      MfMatrixView e = view_by_rows (step->matrix, step->rows, step->cols);

      json_builder_begin_object (builder);
      json_add_int (builder, "rows", step->rows);
      json_add_int (builder, "rank", step->rank);
      json_add_matrix (builder, "matrix", &e);
      json_add_strings (builder, "hidden", step->hidden);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* The keys of the stable contract (docs/cli.md), then the matrices. */
static void
json_add_structure (JsonBuilder *builder, const MfModel *model, const MfReduction *red)
{
  const MfNullspace *ns = red->nullspace;
  guint nb = mf_reduction_n_independent (red);
  MfMatrixView alpha = view_of_alpha (ns->alpha);
  MfMatrixView w = view_of_sparse (red->w);
  MfMatrixView mass_reduced = view_of_sparse (red->mass_reduced);
  MfMatrixView null_basis = view_by_columns (red->mass_null_basis, nb, red->mass_nullity);

  json_add_state_names (builder, "states", model, NULL, red->n_cols);
  json_add_int (builder, "constraints", red->n_rows);
  json_add_int (builder, "rank", ns->rank);
  json_add_row_names (builder, "redundant", red, ns->redundant, red->n_rows - ns->rank);
  json_add_state_names (builder, "independent", model, ns->independent, nb);
  json_add_state_names (builder, "dependent", model, ns->dependent, ns->rank);
  json_add_matrix (builder, "alpha", &alpha);
  json_builder_set_member_name (builder, "mass_singular");
  json_builder_add_boolean_value (builder, red->mass_singular);
  json_add_index (builder, "index", red->index);
  json_add_index (builder, "index_lagrange", red->index_lagrange);
  json_add_numbers (builder, "sigma_w", red->sigma_w, red->n_sigma_w);
  json_add_split (builder, model, red);
  json_add_index_steps (builder, red);

  json_add_row_names (builder, "rows", red, NULL, red->n_rows);
  json_add_matrix (builder, "w", &w);
  json_add_numbers (builder, "mass", red->mass, red->n_cols);
  json_add_matrix (builder, "mass_reduced", &mass_reduced);
  json_add_matrix (builder, "mass_null_basis", &null_basis);
  json_add_undetermined (builder, red);
  json_add_strings (builder, "problems", red->problems);
  /* the structural analysis of the multiplier form: docs/model.md */
  {
    g_autoptr (MfStructural) structural = mf_structural_new_for_mode (model, red);

    mf_structural_report_json (builder, structural, red->index_lagrange);
  }
}

static void
json_add_mode (JsonBuilder *builder, const MfModel *model, guint mode)
{
  g_autoptr (MfReduction) red = mf_reduction_new (model, mode);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, mode_name (model, mode));
  if (red != NULL)
    json_add_structure (builder, model, red);
  else
    {
      g_autoptr (GPtrArray) problems = g_ptr_array_new ();

      g_ptr_array_add (problems, (gpointer) _("the linear algebra failed on this mode's "
                                              "matrices: its structure is unknown"));
      json_add_strings (builder, "problems", problems);
    }
  json_builder_end_object (builder);
}

static void
json_add_all_states (JsonBuilder *builder, const MfModel *model)
{
  json_builder_set_member_name (builder, "states");
  json_builder_begin_array (builder);
  for (guint s = 0; s < mf_model_n_states (model); s++)
    json_builder_add_string_value (builder, mf_model_state_name (model, s));
  json_builder_end_array (builder);
}

JsonNode *
mf_analysis_to_json (const MfModel *model, int mode)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  const MfCircuit *circuit;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (mode >= -1 && mode < (int) n_modes_of (model), NULL);

  circuit = mf_model_get_circuit (model);
  json_builder_begin_object (builder);
  json_add_int (builder, "manifold_analysis", 1);
  json_builder_set_member_name (builder, "title");
  if (circuit->title != NULL)
    json_builder_add_string_value (builder, circuit->title);
  else
    json_builder_add_null_value (builder);
  json_add_all_states (builder, model);
  json_builder_set_member_name (builder, "modes");
  json_builder_begin_array (builder);
  for (guint m = 0; m < n_modes_of (model); m++)
    if (mode < 0 || (guint) mode == m)
      json_add_mode (builder, model, m);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* --- text -------------------------------------------------------------- */

/* "%.4g" in every locale, and no "-0". */
static char *
format_number (double value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  if (value == 0.0)
    return g_strdup ("0");
  return g_strdup (g_ascii_formatd (text, sizeof text, "%.4g", value));
}

/* Names are UTF-8 ("α", ids with accents): widths count characters. */
static guint
text_width (const char *text)
{
  return (guint) g_utf8_strlen (text, -1);
}

static void
append_padded (GString *out, const char *text, guint width, gboolean right)
{
  guint pad = width - MIN (width, text_width (text));

  if (!right)
    g_string_append (out, text);
  for (guint i = 0; i < pad; i++)
    g_string_append_c (out, ' ');
  if (right)
    g_string_append (out, text);
}

typedef struct
{
  GString           *out;
  const char *const *row_labels;
  const char *const *col_labels;
} EntryLines;

static void
append_entry_line (guint i, guint j, double value, gpointer data)
{
  EntryLines *lines = data;
  g_autofree char *number = format_number (value);

  g_string_append_printf (lines->out, "    %s, %s: %s\n", lines->row_labels[i],
                          lines->col_labels[j], number);
}

/* The view as a grid: row labels left-aligned, numbers right-aligned under
 * their column labels, indented by four spaces; a matrix of more than
 * MF_ANALYSIS_DENSE_MAX entries as its nonzero entries, one a line
 * ("    J1, P1.v: -0.0002011"), as the JSON report writes it. */
static void
append_grid (GString            *out,
             const char *const  *row_labels,
             const char *const  *col_labels,
             const MfMatrixView *view)
{
  g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint *widths = NULL;
  guint label_width = 0;

  if ((guint64) view->n_rows * view->n_cols > MF_ANALYSIS_DENSE_MAX)
    {
      EntryLines lines = { out, row_labels, col_labels };

      view_foreach_nonzero (view, append_entry_line, &lines);
      return;
    }
  widths = g_new0 (guint, view->n_cols + 1);

  for (guint i = 0; i < view->n_rows; i++)
    label_width = MAX (label_width, text_width (row_labels[i]));
  for (guint j = 0; j < view->n_cols; j++)
    widths[j] = text_width (col_labels[j]);
  for (guint i = 0; i < view->n_rows; i++)
    for (guint j = 0; j < view->n_cols; j++)
      {
        char *cell = format_number (view_at (view, i, j));

        widths[j] = MAX (widths[j], text_width (cell));
        g_ptr_array_add (cells, cell);
      }

  g_string_append (out, "    ");
  append_padded (out, "", label_width, FALSE);
  for (guint j = 0; j < view->n_cols; j++)
    {
      g_string_append (out, "  ");
      append_padded (out, col_labels[j], widths[j], TRUE);
    }
  g_string_append_c (out, '\n');
  for (guint i = 0; i < view->n_rows; i++)
    {
      g_string_append (out, "    ");
      append_padded (out, row_labels[i], label_width, FALSE);
      for (guint j = 0; j < view->n_cols; j++)
        {
          g_string_append (out, "  ");
          append_padded (out, g_ptr_array_index (cells, (gsize) i * view->n_cols + j), widths[j],
                         TRUE);
        }
      g_string_append_c (out, '\n');
    }
}

/* Labels for a grid: the names of `states` (all velocities when NULL). */
static const char **
state_labels (const MfModel *model, const guint *states, guint n)
{
  const char **labels = g_new0 (const char *, n + 1);

  for (guint i = 0; i < n; i++)
    labels[i] = mf_model_state_name (model, states ? states[i] : i);
  return labels;
}

static void
append_state_list (GString *out, const char *label, const MfModel *model, const guint *states,
                   guint n)
{
  g_string_append_printf (out, "  %s: ", label);
  if (n == 0)
    /* Translators: an empty list of states or constraints in the analysis report */
    g_string_append (out, _("none"));
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "",
                            mf_model_state_name (model, states ? states[i] : i));
  g_string_append_c (out, '\n');
}

static void
append_row_list (GString *out, const char *label, const MfReduction *red, const guint *rows,
                 guint n)
{
  g_string_append_printf (out, "  %s: ", label);
  if (n == 0)
    g_string_append (out, _("none"));
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", red->row_names[rows[i]]);
  g_string_append_c (out, '\n');
}

static void
append_w (GString *out, const MfModel *model, const MfReduction *red)
{
  MfMatrixView w = view_of_sparse (red->w);
  g_autofree const char **columns = NULL;
  g_autofree char *rows = NULL;
  g_autofree char *cols = NULL;

  if (red->n_rows == 0)
    {
      /* Translators: W, the constraint matrix of the analysis report, has no rows */
      g_string_append_printf (out, "  W: %s\n", _("no constraints"));
      return;
    }
  /* Translators: the size of the constraint matrix W, "3 constraints × 4 velocities" */
  rows = g_strdup_printf (g_dngettext (NULL, "%u constraint", "%u constraints", red->n_rows),
                          red->n_rows);
  /* Translators: the other dimension of W, "4 velocities" */
  cols = g_strdup_printf (g_dngettext (NULL, "%u velocity", "%u velocities", red->n_cols),
                          red->n_cols);
  g_string_append_printf (out, "  W: %s × %s\n", rows, cols);
  columns = state_labels (model, NULL, red->n_cols);
  append_grid (out, (const char *const *) red->row_names, columns, &w);
}

static void
append_alpha (GString *out, const MfModel *model, const MfReduction *red)
{
  const MfNullspace *ns = red->nullspace;
  guint nb = mf_reduction_n_independent (red);
  MfMatrixView alpha = view_of_alpha (ns->alpha);
  g_autofree const char **rows = NULL;
  g_autofree const char **columns = NULL;

  if (nb == 0)
    {
      g_string_append_printf (out, "  α: %s\n", _("empty (the constraints fix every velocity)"));
      return;
    }
  g_string_append (out, "  α (v = α v̄):\n");
  rows = state_labels (model, NULL, red->n_cols);
  columns = state_labels (model, ns->independent, nb);
  append_grid (out, rows, columns, &alpha);
}

/* β1, β2, ...: the columns of a basis of null(M̄). */
static char **
basis_labels (guint n)
{
  char **labels = g_new0 (char *, n + 1);

  for (guint j = 0; j < n; j++)
    labels[j] = g_strdup_printf ("β%u", j + 1);
  return labels;
}

static void
append_mass_reduced (GString *out, const MfModel *model, const MfReduction *red)
{
  guint nb = mf_reduction_n_independent (red);
  MfMatrixView mass_reduced = view_of_sparse (red->mass_reduced);
  MfMatrixView basis = view_by_rows (red->mass_null_basis, nb, red->mass_nullity);
  g_autofree const char **names = state_labels (model, red->nullspace->independent, nb);
  g_auto (GStrv) betas = NULL;

  if (nb == 0)
    {
      /* Translators: the reduced mass matrix has no rows */
      g_string_append_printf (out, "  M̄ = αᵀMα: %s\n", C_("matrix", "empty"));
      return;
    }
  g_string_append_printf (out, "  M̄ = αᵀMα: %s\n",
                          red->mass_singular ? _("singular") : _("nonsingular"));
  append_grid (out, names, names, &mass_reduced);
  if (!red->mass_singular)
    return;
  g_string_append (out, "  ");
  /* Translators: %u is the dimension of the null space of the reduced mass matrix M̄ */
  g_string_append_printf (out, _("null space of M̄ (nullity %u):"), red->mass_nullity);
  g_string_append_c (out, '\n');
  betas = basis_labels (red->mass_nullity);
  append_grid (out, names, (const char *const *) betas, &basis);
}

static void
append_index_steps (GString *out, const MfModel *model, const MfReduction *red)
{
  guint n;
  g_autofree guint *integrated = mf_reduction_split_states (red, model, FALSE, &n);
  g_autofree guint *algebraic = NULL;

  for (guint k = 0; k < red->index_analysis->steps->len; k++)
    {
      const MfIndexStep *step = g_ptr_array_index (red->index_analysis->steps, k);

      g_string_append (out, "    ");
      /* Translators: a step of the index procedure: its number, the size of the matrix E
       * (rows × columns) and its rank */
      g_string_append_printf (out, step->rank == step->cols
                                     /* Translators: step number, size of E (rows × columns), its
                                      * rank */
                                     ? _("step %u: E is %u × %u, rank %u (full column rank)")
                                     /* Translators: step number, size of E (rows × columns), its
                                      * rank */
                                     : _("step %u: E is %u × %u, rank %u"),
                              k, step->rows, step->cols, step->rank);
      g_string_append_c (out, '\n');
      for (guint i = 0; i < step->hidden->len; i++)
        {
          g_string_append (out, "      ");
          /* Translators: %s lists states ("P1.v, P2.v") */
          g_string_append_printf (out, _("hidden constraint on %s"),
                                  (char *) g_ptr_array_index (step->hidden, i));
          g_string_append_c (out, '\n');
        }
    }
  /* Translators: the states that the integrator steps, as against the algebraic ones */
  append_state_list (out, _("integrated"), model, integrated, n);
  algebraic = mf_reduction_split_states (red, model, TRUE, &n);
  /* Translators: the states solved from algebraic equations at every step */
  append_state_list (out, _("algebraic"), model, algebraic, n);
}

static void
append_index (GString *out, const MfModel *model, const MfReduction *red)
{
  /* Translators: the differential index of the equations follows */
  g_string_append_printf (out, "  %s ", _("index:"));
  if (red->index < 0)
    g_string_append (out, _("undetermined (the equations do not fix every state)"));
  else if (red->index == 0)
    g_string_append (out, _("0 (the reduced system is an ODE)"));
  else
    /* Translators: %d is the differential index (1 or more) */
    g_string_append_printf (out, _("%d (a DAE: M̄ is singular)"), red->index);
  /* Translators: the index of the equations written with Lagrange multipliers follows */
  g_string_append_printf (out, "; %s ", _("Lagrange-multiplier form:"));
  if (red->index_lagrange < 0)
    /* Translators: said of an index that cannot be computed */
    g_string_append (out, _("undetermined"));
  else
    g_string_append_printf (out, "%d", red->index_lagrange);
  g_string_append_c (out, '\n');
  if (red->index_analysis != NULL)
    append_index_steps (out, model, red);
}

static void
append_sigma (GString *out, const MfReduction *red)
{
  guint n = red->n_sigma_w;

  g_string_append (out, "  σ(W): ");
  if (n == 0)
    g_string_append (out, _("none"));
  if (n < MIN (red->n_rows, red->n_cols))
    {
      g_autofree char *largest = format_number (red->sigma_w[0]);
      g_autofree char *smallest = format_number (red->sigma_w[1]);

      /* Translators: the extreme singular values of a large W, found by Lanczos iterations */
      g_string_append_printf (out, _("largest %s, smallest %s (by Lanczos iterations)"), largest,
                              smallest);
      n = 0;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *number = format_number (red->sigma_w[i]);

      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", number);
    }
  g_string_append_c (out, '\n');
}

static void
append_structure (GString *out, const MfModel *model, const MfReduction *red)
{
  const MfNullspace *ns = red->nullspace;

  /* Translators: the labels of the lists of the analysis report, "  states: P1.v, P2.v" */
  append_state_list (out, _("states"), model, NULL, red->n_cols);
  append_w (out, model, red);
  g_string_append (out, "  ");
  /* Translators: the rank of the constraint matrix W and its number of rows */
  g_string_append_printf (out, _("rank %u of %u"), ns->rank, red->n_rows);
  g_string_append_c (out, '\n');
  /* Translators: the constraints that the others already imply */
  append_row_list (out, _("redundant"), red, ns->redundant, red->n_rows - ns->rank);
  /* Translators: the velocities chosen as states, from which the others follow */
  append_state_list (out, _("independent"), model, ns->independent,
                     mf_reduction_n_independent (red));
  /* Translators: the velocities that follow from the independent ones, the
   * heading of their list */
  append_state_list (out, C_("state list", "dependent"), model, ns->dependent, ns->rank);
  append_alpha (out, model, red);
  append_mass_reduced (out, model, red);
  append_index (out, model, red);
  {
    g_autoptr (MfStructural) structural = mf_structural_new_for_mode (model, red);

    mf_structural_report_text (out, structural, red->index_lagrange);
  }
  append_sigma (out, red);
  for (guint i = 0; i < red->problems->len; i++)
    g_string_append_printf (out, "  ! %s\n", (char *) g_ptr_array_index (red->problems, i));
}

static void
append_mode (GString *out, const MfModel *model, guint mode)
{
  g_autoptr (MfReduction) red = mf_reduction_new (model, mode);

  g_string_append_c (out, '\n');
  g_string_append_printf (out, _("mode '%s'"), mode_name (model, mode));
  g_string_append_c (out, '\n');
  if (red != NULL)
    append_structure (out, model, red);
  else
    g_string_append_printf (out, "  ! %s\n", _("the linear algebra failed on this mode's "
                                                "matrices: its structure is unknown"));
}

static void
append_header (GString *out, const MfModel *model)
{
  const MfCircuit *circuit = mf_model_get_circuit (model);
  g_autofree const char **names = state_labels (model, NULL, mf_model_n_states (model));
  g_autofree char *joined = g_strjoinv (", ", (char **) names);
  /* the title is free text: a line of its own, whatever it holds */
  g_autofree char *title = circuit->title != NULL ? mf_text_escape (circuit->title) : NULL;

  g_string_append_printf (out, "%s\n", title != NULL ? title : _("(untitled)"));
  /* Translators: how many states the circuit has, then their names ("P1.v, P2.v") */
  g_string_append_printf (out, g_dngettext (NULL, "%u state: %s", "%u states: %s",
                                            mf_model_n_states (model)),
                          mf_model_n_states (model), joined);
  g_string_append_c (out, '\n');
}

char *
mf_analysis_to_text (const MfModel *model, int mode)
{
  GString *out;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (mode >= -1 && mode < (int) n_modes_of (model), NULL);

  out = g_string_new (NULL);
  append_header (out, model);
  for (guint m = 0; m < n_modes_of (model); m++)
    if (mode < 0 || (guint) mode == m)
      append_mode (out, model, m);
  return g_string_free (out, FALSE);
}
