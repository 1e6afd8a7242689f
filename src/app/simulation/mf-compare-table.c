/* mf-compare-table.c: compared runs' statistics side by side.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-compare-table.h"

#include <glib/gi18n.h>

#include "mf-run-outcome.h"

struct _MfCompareTable
{
  GtkGrid   *grid;
  guint      n_runs;
  guint      n_rows;
  GPtrArray *headings; /* GtkLabel* */
  GPtrArray *cells;    /* GtkLabel*: row r, run k at [r * n_runs + k] */
};

static GtkWidget *
cell_label (const char *text, gboolean value)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), value ? 1.0 : 0.0);
  if (value)
    gtk_widget_add_css_class (label, "numeric");
  return label;
}

static void
add_row (MfCompareTable *table, const char *name, const char *tooltip)
{
  GtkWidget *name_label = cell_label (name, FALSE);
  guint row = table->n_rows++;

  gtk_widget_set_tooltip_text (name_label, tooltip);
  gtk_widget_add_css_class (name_label, "dim-label");
  gtk_grid_attach (table->grid, name_label, 0, (int) row + 1, 1, 1);
  for (guint k = 0; k < table->n_runs; k++)
    {
      GtkWidget *value = cell_label ("–", TRUE);

      /* a failure's cause is long: the whole of it is the tooltip */
      gtk_label_set_ellipsize (GTK_LABEL (value), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (value), 26);
      gtk_widget_set_hexpand (value, TRUE);
      gtk_grid_attach (table->grid, value, (int) k + 1, (int) row + 1, 1, 1);
      g_ptr_array_add (table->cells, value);
    }
}

MfCompareTable *
mf_compare_table_new (GtkGrid *grid, guint n_runs)
{
  MfCompareTable *table = g_new0 (MfCompareTable, 1);
  MfSimulationStats none = { 0 };
  const char *name, *meaning;
  char *value;

  table->grid = grid;
  table->n_runs = n_runs;
  table->headings = g_ptr_array_new ();
  table->cells = g_ptr_array_new ();
  for (guint k = 0; k < n_runs; k++)
    {
      GtkWidget *heading = cell_label ("", TRUE);

      gtk_widget_add_css_class (heading, "heading");
      gtk_grid_attach (grid, heading, (int) k + 1, 0, 1, 1);
      g_ptr_array_add (table->headings, heading);
    }
  add_row (table, _("Outcome"), _("How the run ended, or how far it has come"));
  add_row (table, _("Cause"), _("Why the run failed, in short; the whole message as a tooltip"));
  for (guint i = 0; (value = mf_run_stats_row (&none, i, &name, &meaning)) != NULL; i++)
    {
      add_row (table, name, meaning);
      g_free (value);
    }
  return table;
}

void
mf_compare_table_free (MfCompareTable *table)
{
  if (table == NULL)
    return;
  g_ptr_array_unref (table->headings);
  g_ptr_array_unref (table->cells);
  g_free (table);
}

static void
set_cell (MfCompareTable *table, guint row, guint run, const char *text)
{
  GtkLabel *label = g_ptr_array_index (table->cells, row * table->n_runs + run);

  gtk_label_set_text (label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), row == MF_COMPARE_ROW_CAUSE ? text : NULL);
}

void
mf_compare_table_show (MfCompareTable *table, guint run, MfRunRecord *record,
                       const char *heading)
{
  g_autofree char *outcome = NULL;
  const MfSimulationStats *stats;
  const GError *error;
  guint n;

  g_return_if_fail (run < table->n_runs);

  if (record == NULL)
    {
      gtk_label_set_text (g_ptr_array_index (table->headings, run),
                          heading != NULL ? heading : "");
      for (guint r = 0; r < table->n_rows; r++)
        set_cell (table, r, run, "–");
      return;
    }
  gtk_label_set_text (g_ptr_array_index (table->headings, run),
                      mf_run_record_get_label (record));
  n = mf_run_record_get_n_samples (record);
  outcome = mf_run_outcome_text (mf_run_record_get_status (record), n,
                                 n > 0 ? mf_run_record_get_times (record)[n - 1] : 0);
  set_cell (table, MF_COMPARE_ROW_OUTCOME, run, outcome);
  error = mf_run_record_get_error (record);
  set_cell (table, MF_COMPARE_ROW_CAUSE, run, error != NULL ? error->message : "–");
  stats = mf_run_record_get_stats (record);
  for (guint r = MF_COMPARE_ROW_STATS; r < table->n_rows; r++)
    {
      g_autofree char *value = stats != NULL
                               ? mf_run_stats_row (stats, r - MF_COMPARE_ROW_STATS, NULL, NULL)
                               : g_strdup ("–");

      set_cell (table, r, run, value);
    }
}

guint
mf_compare_table_get_n_rows (MfCompareTable *table)
{
  return table->n_rows;
}

const char *
mf_compare_table_get_cell (MfCompareTable *table, guint row, guint run)
{
  g_return_val_if_fail (row < table->n_rows && run < table->n_runs, NULL);
  return gtk_label_get_text (g_ptr_array_index (table->cells, row * table->n_runs + run));
}
