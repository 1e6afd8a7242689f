/* mf-structure-panel-show.c: a structure in words and grids — the summary,
 * the problems, W, M, M̄, α, the states page and the index procedure.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-structure-panel-private.h"

#include <glib/gi18n.h>

#include "mf-quantity-drag.h"

/* Lists in the summary and captions stop after this many names: the States
 * page has them all. */
#define MAX_LISTED   12
#define MAX_SIGMAS   40
#define MAX_PROBLEMS 20

/* ---- words ------------------------------------------------------------- */

/* "P3.v, P1.v", "none", or for a long list its length and the first
 * names. */
static char *
list_text (const char *const *names)
{
  GString *text = g_string_new (NULL);
  guint n = names != NULL ? g_strv_length ((char **) names) : 0;

  if (n == 0)
    g_string_append (text, C_("states", "none"));
  /* the count first, where the label's ellipsis cannot hide it */
  if (n > MAX_LISTED)
    g_string_append_printf (text, ngettext ("%u state: ", "%u states: ", n), n);
  for (guint i = 0; i < MIN (n, MAX_LISTED); i++)
    g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", names[i]);
  if (n > MAX_LISTED)
    g_string_append (text, ", …");
  return g_string_free (text, FALSE);
}

static void
set_list_label (GtkLabel *label, char **names)
{
  g_auto (GStrv) owned = names;
  g_autofree char *text = list_text ((const char *const *) owned);

  gtk_label_set_text (label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), text);
}

static char *
rank_text (const MfStructure *structure)
{
  const MfReduction *red = mf_structure_get_reduction (structure);
  guint rank = mf_structure_get_rank (structure);

  if (red->n_rows == 0)
    return g_strdup (_("0 (no constraints)"));
  if (rank < red->n_rows)
    return g_strdup_printf (ngettext ("%u of %u constraint, %u redundant",
                                      "%u of %u constraints, %u redundant", red->n_rows),
                            rank, red->n_rows, red->n_rows - rank);
  return g_strdup_printf (ngettext ("%u of %u constraint", "%u of %u constraints", red->n_rows),
                          rank, red->n_rows);
}

static char *
index_text (const MfStructure *structure)
{
  int index = mf_structure_get_index (structure);

  if (index < 0)
    return g_strdup (_("undetermined: the equations do not fix every state"));
  if (index == 0)
    return g_strdup (_("0 — an ODE"));
  return g_strdup_printf (_("%d — a DAE: M̄ is singular"), index);
}

static char *
mass_text (const MfStructure *structure)
{
  const MfReduction *red = mf_structure_get_reduction (structure);

  if (mf_reduction_n_independent (red) == 0)
    return g_strdup (_("empty: the constraints fix every velocity"));
  if (red->mass_singular)
    return g_strdup_printf (_("singular (nullity %u)"), red->mass_nullity);
  return g_strdup (_("regular"));
}

static char *
sigma_text (const MfReduction *red)
{
  guint n = red->n_sigma_w;
  GString *text = g_string_new (NULL);
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  if (n == 0)
    {
      g_string_append (text, _("σ(W): none"));
      return g_string_free (text, FALSE);
    }
  if (n < MIN (red->n_rows, red->n_cols))
    {
      char other[G_ASCII_DTOSTR_BUF_SIZE];

      /* Translators: the extreme singular values of a large W, found by Lanczos iterations */
      g_string_append_printf (text, _("σ(W): largest %s, smallest %s (by Lanczos iterations)"),
                              g_ascii_formatd (number, sizeof number, "%.3g", red->sigma_w[0]),
                              g_ascii_formatd (other, sizeof other, "%.3g", red->sigma_w[1]));
      return g_string_free (text, FALSE);
    }
  g_string_append_printf (text, ngettext ("σ(W), %u value: ", "σ(W), %u values: ", n), n);
  /* as the grids write numbers, whatever the locale */
  for (guint i = 0; i < MIN (n, MAX_SIGMAS); i++)
    g_string_append_printf (text, "%s%s", i > 0 ? ", " : "",
                            g_ascii_formatd (number, sizeof number, "%.3g", red->sigma_w[i]));
  if (n > MAX_SIGMAS)
    g_string_append_printf (text, _(" … smallest %s"),
                            g_ascii_formatd (number, sizeof number, "%.3g", red->sigma_w[n - 1]));
  return g_string_free (text, FALSE);
}

static char *
index_steps_text (const MfStructure *structure)
{
  const MfReduction *red = mf_structure_get_reduction (structure);
  g_auto (GStrv) steps = mf_structure_dup_index_steps (structure);
  g_auto (GStrv) constrained = mf_structure_dup_constrained (structure);
  GString *text = g_string_new (NULL);

  if (steps[0] == NULL)
    {
      g_string_append (text, mf_reduction_n_independent (red) == 0
                               ? _("The constraints fix every velocity: only positions and "
                                   "pressures are integrated, and the index is 0.")
                               : _("M̄ is regular: every independent state is integrated and "
                                   "the reduced equations are an ODE (index 0)."));
    }
  else
    {
      g_string_append (text, _("M̄ is singular, so the reduced equations E y′ = f(y, t) are a "
                               "DAE. Each step brings E to rows of full rank and zero rows; "
                               "the zero rows are hidden constraints, whose derivatives "
                               "replace them, until E is regular.\n"));
      for (guint i = 0; steps[i] != NULL; i++)
        g_string_append_printf (text, "\n• %s", steps[i]);
      if (constrained[0] != NULL)
        {
          g_autofree char *names = g_strjoinv (", ", constrained);

          g_string_append_printf (text, _("\n\nFixed by hidden constraints: %s"), names);
        }
    }
  if (red->index_lagrange >= 0)
    g_string_append_printf (text, _("\n\nIndex of the Lagrange-multiplier form "
                                    "M v′ = F + Wᵀλ, W v = q: %d."),
                            red->index_lagrange);
  return g_string_free (text, FALSE);
}

/* ---- showing ----------------------------------------------------------- */

static void
clear_problems (MfStructurePanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->problems_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->problems_box), child);
  gtk_widget_set_visible (self->problems_scroller, FALSE);
}

/* The core words its problems to follow other words ("mode 'x': the
 * pressure ..."); standing alone they start a sentence. */
static char *
sentence_case (const char *text)
{
  gunichar first = g_utf8_get_char (text);
  char upper[8] = { 0 };

  if (*text == '\0' || !g_unichar_islower (first))
    return g_strdup (text);
  g_unichar_to_utf8 (g_unichar_toupper (first), upper);
  return g_strconcat (upper, g_utf8_next_char (text), NULL);
}

static void
add_problem (MfStructurePanel *self, const char *text)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  g_autofree char *sentence = sentence_case (text);
  GtkWidget *label = gtk_label_new (sentence);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_add_css_class (icon, "warning");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* as narrow as the other labels: a long sentence must not widen the side
   * panel, and with it shift the canvas, each time the problems change */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (row), icon);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (self->problems_box), row);
  gtk_widget_set_visible (self->problems_scroller, TRUE);
}

static void
show_problems (MfStructurePanel *self, const char *const *problems)
{
  guint n = g_strv_length ((char **) problems);

  clear_problems (self);
  for (guint i = 0; i < MIN (n, MAX_PROBLEMS); i++)
    add_problem (self, problems[i]);
  if (n > MAX_PROBLEMS)
    {
      g_autofree char *more = g_strdup_printf (ngettext ("… and %u more problem",
                                                         "… and %u more problems",
                                                         n - MAX_PROBLEMS),
                                               n - MAX_PROBLEMS);

      add_problem (self, more);
    }
}

static const char **
velocity_names (const MfStructure *structure)
{
  const MfModel *model = mf_structure_get_model (structure);
  guint n = mf_model_n_velocities (model);
  const char **names = g_new0 (const char *, n + 1);

  for (guint k = 0; k < n; k++)
    names[k] = mf_model_state_name (model, k);
  return names;
}

/* The states page's rows: every state of the model, in its order —
 * velocities, positions, compliant pressures — so that a row's position is
 * its state's index. */
static char **
listed_state_names (const MfStructure *structure)
{
  const MfModel *model = mf_structure_get_model (structure);
  guint n = mf_model_n_states (model);
  char **names = g_new0 (char *, n + 1);

  for (guint k = 0; k < n; k++)
    names[k] = g_strdup (mf_model_state_name (model, k));
  return names;
}

static const char **
independent_names (const MfStructure *structure)
{
  const MfReduction *red = mf_structure_get_reduction (structure);
  guint nb = mf_reduction_n_independent (red);
  const char **names = g_new0 (const char *, nb + 1);

  for (guint j = 0; j < nb; j++)
    names[j] = mf_model_state_name (mf_structure_get_model (structure),
                                    red->nullspace->independent[j]);
  return names;
}

/* A matrix held as compressed rows (W, α, M̄) from its nonzero entries:
 * the view draws a network's thousands of rows without a dense copy. */
static void
set_compressed_rows (MfMatrixView       *view,
                     const char *const  *row_labels,
                     const char *const  *col_labels,
                     guint               n_rows,
                     guint               n_cols,
                     const guint        *start,
                     const guint        *col,
                     const double       *val)
{
  g_autofree guint *rows = g_new (guint, MAX (start[n_rows], 1));

  for (guint i = 0; i < n_rows; i++)
    for (guint p = start[i]; p < start[i + 1]; p++)
      rows[p] = i;
  mf_matrix_view_set_sparse (view, n_rows, n_cols, row_labels, col_labels, start[n_rows], rows,
                             col, val);
}

static void
show_w (MfStructurePanel *self, const MfStructure *structure, const char **velocities)
{
  const MfReduction *red = mf_structure_get_reduction (structure);
  g_autofree guint8 *row_marks = g_new0 (guint8, MAX (red->n_rows, 1));
  g_autofree guint8 *col_marks = g_new0 (guint8, MAX (red->n_cols, 1));
  g_autofree char *caption = NULL;
  g_autofree char *sigma = sigma_text (red);

  set_compressed_rows (self->w_view, (const char *const *) red->row_names, velocities,
                       red->w->n_rows, red->w->n_cols, red->w->start, red->w->col,
                       red->w->val);
  for (guint r = 0; r < red->n_rows; r++)
    row_marks[r] = red->row_determined[r] ? MF_MATRIX_MARK_NONE : MF_MATRIX_MARK_WARNING;
  for (guint k = 0; k < red->n_cols; k++)
    col_marks[k] = mf_structure_get_state_role (structure, k) == MF_STATE_ROLE_DEPENDENT
                     ? MF_MATRIX_MARK_NONE
                     : MF_MATRIX_MARK_ACCENT;
  mf_matrix_view_set_row_marks (self->w_view, row_marks);
  mf_matrix_view_set_col_marks (self->w_view, col_marks);
  mf_matrix_view_set_placeholder (self->w_view, _("No constraints: every velocity is free."));
  caption = g_strdup_printf (_("W v = q, %u × %u. Rows: nodes, mechanical links, closed valves "
                               "(orange: undetermined). Columns: velocities (blue: "
                               "independent)."),
                             red->n_rows, red->n_cols);
  gtk_label_set_text (self->w_caption, caption);
  gtk_label_set_text (self->sigma_label, sigma);
}

static void
show_mass (MfStructurePanel *self, const MfStructure *structure, const char **velocities)
{
  const MfReduction *red = mf_structure_get_reduction (structure);
  guint n = red->n_cols;
  g_autofree guint *diagonal = g_new0 (guint, MAX (n, 1));
  g_autofree guint8 *marks = g_new0 (guint8, MAX (n, 1));

  for (guint k = 0; k < n; k++)
    {
      diagonal[k] = k;
      marks[k] = red->mass[k] == 0.0 ? MF_MATRIX_MARK_WARNING : MF_MATRIX_MARK_NONE;
    }
  mf_matrix_view_set_sparse (self->m_view, n, n, velocities, velocities, n, diagonal, diagonal,
                             red->mass);
  mf_matrix_view_set_row_marks (self->m_view, marks);
  mf_matrix_view_set_col_marks (self->m_view, marks);
  gtk_label_set_text (self->m_caption,
                      _("M: the mass of each velocity state, in kg; massless branches "
                        "(orifices, valves) are marked in orange."));
}

static void
show_mass_reduced (MfStructurePanel *self, const MfStructure *structure,
                   const char **independent)
{
  const MfReduction *red = mf_structure_get_reduction (structure);
  guint nb = mf_reduction_n_independent (red);
  g_autofree guint8 *marks = g_new0 (guint8, MAX (nb, 1));
  g_autofree char *mass = mass_text (structure);
  g_autofree char *caption = NULL;

  for (guint j = 0; j < nb; j++)
    marks[j] = mf_structure_get_state_role (structure, red->nullspace->independent[j])
                   == MF_STATE_ROLE_ALGEBRAIC
                 ? MF_MATRIX_MARK_WARNING
                 : MF_MATRIX_MARK_ACCENT;
  set_compressed_rows (self->mass_reduced_view, independent, independent, nb, nb,
                       red->mass_reduced->start, red->mass_reduced->col, red->mass_reduced->val);
  mf_matrix_view_set_row_marks (self->mass_reduced_view, marks);
  mf_matrix_view_set_col_marks (self->mass_reduced_view, marks);
  mf_matrix_view_set_placeholder (self->mass_reduced_view,
                                  _("No independent state: M̄ is empty."));
  caption = g_strdup_printf (_("M̄ = αᵀMα over the independent states: %s. Algebraic states "
                               "are marked in orange."),
                             mass);
  gtk_label_set_text (self->mass_reduced_caption, caption);
}

static void
show_alpha (MfStructurePanel *self, const MfStructure *structure, const char **velocities,
            const char **independent)
{
  const MfReduction *red = mf_structure_get_reduction (structure);
  guint nb = mf_reduction_n_independent (red);
  g_autofree guint8 *row_marks = g_new0 (guint8, MAX (red->n_cols, 1));
  g_autofree guint8 *col_marks = g_new0 (guint8, MAX (nb, 1));

  set_compressed_rows (self->alpha_view, velocities, independent, red->n_cols, nb,
                       red->nullspace->alpha->start, red->nullspace->alpha->col,
                       red->nullspace->alpha->val);
  for (guint j = 0; j < nb; j++)
    {
      col_marks[j] = MF_MATRIX_MARK_ACCENT;
      row_marks[red->nullspace->independent[j]] = MF_MATRIX_MARK_ACCENT;
    }
  mf_matrix_view_set_row_marks (self->alpha_view, row_marks);
  mf_matrix_view_set_col_marks (self->alpha_view, col_marks);
  mf_matrix_view_set_placeholder (self->alpha_view,
                                  _("α is empty: the constraints fix every velocity."));
  gtk_label_set_text (self->alpha_caption,
                      _("v = α v̄: a column per independent state (in blue), a row per "
                        "velocity. The chosen states are the columns of the identity."));
}

gboolean
mf_structure_panel_list_equals (GtkStringList *list, const char *const *names)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  if (n != g_strv_length ((char **) names))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (list, i), names[i]) != 0)
      return FALSE;
  return TRUE;
}

void
mf_structure_panel_refresh_states (MfStructurePanel *self)
{
  for (guint i = 0; i < self->bound_states->len; i++)
    mf_structure_panel_state_bind (self, g_ptr_array_index (self->bound_states, i));
  self->states_stale = FALSE;
}

/* Replacing a thousand rows costs a GtkListView some 80 ms, and it keeps
 * two hundred rows bound even when its page is hidden: when only roles and
 * pins changed, the bound rows are refreshed in place, and only once their
 * page is shown. */
static void
show_states (MfStructurePanel *self, const char *const *states)
{
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->states_list));
  guint n_new = g_strv_length ((char **) states);
  guint same_front = 0, same_back = 0;
  g_autofree const char **middle = NULL;

  if (mf_structure_panel_list_equals (self->states_list, states))
    {
      if (g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), "states") == 0)
        mf_structure_panel_refresh_states (self);
      else
        self->states_stale = TRUE;
      return;
    }
  /* an edit adds or removes a few states: replace only what lies between
   * the names that stayed in front and behind */
  while (same_front < MIN (n_old, n_new)
         && g_strcmp0 (gtk_string_list_get_string (self->states_list, same_front),
                       states[same_front]) == 0)
    same_front++;
  while (same_back < MIN (n_old, n_new) - same_front
         && g_strcmp0 (gtk_string_list_get_string (self->states_list, n_old - 1 - same_back),
                       states[n_new - 1 - same_back]) == 0)
    same_back++;
  middle = g_new0 (const char *, n_new - same_front - same_back + 1);
  for (guint i = same_front; i < n_new - same_back; i++)
    middle[i - same_front] = states[i];
  self->syncing = TRUE;
  gtk_single_selection_set_selected (self->states_selection, GTK_INVALID_LIST_POSITION);
  gtk_string_list_splice (self->states_list, same_front, n_old - same_front - same_back, middle);
  self->syncing = FALSE;
  /* the rows that stayed may have new roles */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), "states") == 0)
    mf_structure_panel_refresh_states (self);
  else
    self->states_stale = TRUE;
}

static void
show_summary (MfStructurePanel *self, const MfStructure *structure)
{
  g_autofree char *rank = rank_text (structure);
  g_autofree char *index = index_text (structure);
  g_autofree char *mass = mass_text (structure);
  g_autofree char *steps = index_steps_text (structure);

  gtk_label_set_text (self->rank_label, rank);
  gtk_label_set_text (self->index_label, index);
  gtk_label_set_text (self->mass_label, mass);
  set_list_label (self->independent_label, mf_structure_dup_independent (structure));
  set_list_label (self->dependent_label,
                  mf_structure_dup_states (structure, MF_STATE_ROLE_DEPENDENT));
  /* positions and compliant pressures are integrated too, unless a hidden
   * constraint fixes them */
  set_list_label (self->integrated_label, mf_structure_dup_integrated (structure));
  /* the positions and pressures an index-2 mode fixes are as algebraic as
   * its massless velocities: both are solved, not integrated */
  set_list_label (self->algebraic_label, mf_structure_dup_algebraic (structure));
  gtk_label_set_text (self->index_steps_label, steps);
}

void
mf_structure_panel_show (MfStructurePanel *self, MfStructure *structure, const char *error)
{
  g_autofree char *error_text = NULL;

  g_clear_pointer (&self->structure, mf_structure_free);
  g_clear_pointer (&self->error, g_free);
  self->structure = structure;
  self->error = g_strdup (error);

  gtk_widget_set_visible (self->error_box, error != NULL);
  error_text = error != NULL ? sentence_case (error) : g_strdup ("");
  gtk_label_set_text (self->error_label, error_text);
  if (structure != NULL)
    {
      g_autofree const char **velocities = velocity_names (structure);
      g_autofree const char **independent = independent_names (structure);
      g_auto (GStrv) states = listed_state_names (structure);

      show_summary (self, structure);
      show_problems (self, mf_structure_get_problems (structure));
      show_w (self, structure, velocities);
      show_mass (self, structure, velocities);
      show_mass_reduced (self, structure, independent);
      show_alpha (self, structure, velocities, independent);
      show_states (self, (const char *const *) states);
    }
  else
    {
      const char *none = "—";
      const char *empty[] = { NULL };
      MfMatrixView *views[] = { self->w_view, self->m_view, self->mass_reduced_view,
                                self->alpha_view };

      gtk_label_set_text (self->rank_label, none);
      gtk_label_set_text (self->index_label, none);
      gtk_label_set_text (self->mass_label, none);
      gtk_label_set_text (self->independent_label, none);
      gtk_label_set_text (self->dependent_label, none);
      gtk_label_set_text (self->integrated_label, none);
      gtk_label_set_text (self->algebraic_label, none);
      gtk_label_set_text (self->index_steps_label, "");
      gtk_label_set_text (self->sigma_label, "");
      /* the captions give the sizes of matrices no longer there */
      gtk_label_set_text (self->w_caption, "");
      gtk_label_set_text (self->m_caption, "");
      gtk_label_set_text (self->mass_reduced_caption, "");
      gtk_label_set_text (self->alpha_caption, "");
      clear_problems (self);
      for (guint i = 0; i < G_N_ELEMENTS (views); i++)
        {
          mf_matrix_view_clear (views[i]);
          mf_matrix_view_set_placeholder (views[i], _("No structure while the circuit has the "
                                                      "problem shown above."));
        }
      show_states (self, empty);
    }
}

/* ---- the states page --------------------------------------------------- */

static const char *
role_text (MfStateRole role)
{
  switch (role)
    {
    case MF_STATE_ROLE_INTEGRATED:
      return _("independent, integrated");
    case MF_STATE_ROLE_ALGEBRAIC:
      return _("independent, algebraic");
    case MF_STATE_ROLE_DEPENDENT:
    default:
      /* Translators: one state's role, beside its name */
      return C_("state role", "dependent");
    }
}

static void
on_pin_toggled (GtkToggleButton *button, MfStructurePanel *self)
{
  const char *state = g_object_get_data (G_OBJECT (button), "state");
  g_autoptr (GError) error = NULL;

  if (state == NULL || self->document == NULL)
    return;
  if (!mf_structure_panel_pin_state (self, state, gtk_toggle_button_get_active (button), &error))
    {
      g_signal_handlers_block_by_func (button, on_pin_toggled, self);
      gtk_toggle_button_set_active (button, !gtk_toggle_button_get_active (button));
      g_signal_handlers_unblock_by_func (button, on_pin_toggled, self);
      gtk_widget_set_tooltip_text (GTK_WIDGET (button), error->message);
    }
}

void
mf_structure_panel_state_setup (MfStructurePanel *self, GtkListItem *item)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *role = gtk_label_new (NULL);
  GtkWidget *pin = gtk_toggle_button_new ();

  gtk_widget_set_margin_start (row, 12);
  gtk_widget_set_margin_end (row, 12);
  gtk_label_set_xalign (GTK_LABEL (name), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_label_set_xalign (GTK_LABEL (role), 1.0f);
  gtk_widget_add_css_class (role, "dim-label");
  gtk_widget_add_css_class (role, "caption");
  gtk_button_set_icon_name (GTK_BUTTON (pin), "view-pin-symbolic");
  gtk_widget_add_css_class (pin, "flat");
  gtk_widget_set_valign (pin, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (pin, _("Prefer as an independent state"));
  g_signal_connect (pin, "toggled", G_CALLBACK (on_pin_toggled), self);
  /* a state's name dragged onto a plot adds it there */
  mf_quantity_drag_attach (name, NULL);
  gtk_box_append (GTK_BOX (row), name);
  gtk_box_append (GTK_BOX (row), role);
  gtk_box_append (GTK_BOX (row), pin);
  g_object_set_data (G_OBJECT (row), "name", name);
  g_object_set_data (G_OBJECT (row), "role", role);
  g_object_set_data (G_OBJECT (row), "pin", pin);
  gtk_list_item_set_child (item, row);
}

/* Rebinding a screenful of rows after every edit adds up: touch only what
 * changed. */
static void
set_text_if_new (GtkLabel *label, const char *text)
{
  if (g_strcmp0 (gtk_label_get_text (label), text) != 0)
    gtk_label_set_text (label, text);
}

void
mf_structure_panel_state_bind (MfStructurePanel *self, GtkListItem *item)
{
  GtkWidget *row = gtk_list_item_get_child (item);
  GtkStringObject *object = gtk_list_item_get_item (item);
  const char *state = gtk_string_object_get_string (object);
  GtkWidget *pin = g_object_get_data (G_OBJECT (row), "pin");
  guint position = gtk_list_item_get_position (item);
  const char *role = role_text (MF_STATE_ROLE_DEPENDENT);
  gboolean velocity = TRUE;
  gboolean pinned;

  if (self->structure != NULL)
    {
      velocity = position < mf_structure_get_reduction (self->structure)->n_cols;
      role = velocity ? role_text (mf_structure_get_state_role (self->structure, position))
             : mf_structure_get_state_fixed (self->structure, position)
               ? _("algebraic, fixed by a hidden constraint")
               : _("integrated");
    }
  pinned = velocity && self->document != NULL
           && mf_edit_document_get_state_preferred (self->document, state);
  const char *tooltip = pinned ? _("Pinned: kept independent when the constraints leave a "
                                    "choice")
                               : _("Prefer as an independent state");

  set_text_if_new (g_object_get_data (G_OBJECT (row), "name"), state);
  set_text_if_new (g_object_get_data (G_OBJECT (row), "role"), role);
  /* only a velocity can be preferred as independent; the pin keeps its
   * room so that the roles stay aligned */
  gtk_widget_set_child_visible (pin, velocity);
  g_object_set_data_full (G_OBJECT (pin), "state", g_strdup (state), g_free);
  if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (pin)) != pinned)
    {
      g_signal_handlers_block_by_func (pin, on_pin_toggled, self);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (pin), pinned);
      g_signal_handlers_unblock_by_func (pin, on_pin_toggled, self);
    }
  if (g_strcmp0 (gtk_widget_get_tooltip_text (pin), tooltip) != 0)
    gtk_widget_set_tooltip_text (pin, tooltip);
  /* a pinned state stands out in a long list */
  if (pinned != gtk_widget_has_css_class (pin, "accent"))
    {
      if (pinned)
        gtk_widget_add_css_class (pin, "accent");
      else
        gtk_widget_remove_css_class (pin, "accent");
    }
  if (!g_ptr_array_find (self->bound_states, item, NULL))
    g_ptr_array_add (self->bound_states, item);
}

void
mf_structure_panel_state_unbind (MfStructurePanel *self, GtkListItem *item)
{
  g_ptr_array_remove_fast (self->bound_states, item);
}
