/* mf-export-dialog.c: plots and data to files.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-export-dialog.h"

#include <glib/gi18n.h>

#include "mf-export-plots.h"

/* A figure the dialog offers: a plot, or another drawing. */
typedef struct
{
  char          *title;
  MfPlotFigure   figure;
  GDestroyNotify destroy; /* of figure.data, or NULL */
  GObject       *owner;
} PlotEntry;

struct _MfExportDialog
{
  AdwWindow             parent_instance;

  GArray               *plots;   /* PlotEntry */
  GListModel           *runs;
  GPtrArray            *columns; /* GtkCheckButton per column of the picked run */
  MfRunRecord          *columns_of;
  GtkFileChooserNative *chooser;
  gboolean              writing_data;
  char                 *message;

  /* template children */
  AdwComboRow          *plot_row;
  AdwComboRow          *format_row;
  AdwComboRow          *data_format_row;
  GtkSpinButton        *width_spin;
  GtkSpinButton        *height_spin;
  GtkLabel             *size_unit_label;
  GtkButton            *plot_button;
  GtkWidget            *data_group;
  GtkWidget            *columns_box;
  AdwComboRow          *run_row;
  GtkListBox           *columns_list;
  GtkButton            *data_button;
  GtkLabel             *message_label;
};

G_DEFINE_FINAL_TYPE (MfExportDialog, mf_export_dialog, ADW_TYPE_WINDOW)

/* The format row's entries, in order. */
static const MfPlotFormat formats[] = { MF_PLOT_FORMAT_PNG, MF_PLOT_FORMAT_SVG,
                                        MF_PLOT_FORMAT_PDF };

static void
plot_entry_clear (gpointer data)
{
  PlotEntry *entry = data;

  g_free (entry->title);
  if (entry->destroy != NULL)
    entry->destroy (entry->figure.data);
  g_clear_object (&entry->owner);
}

static void
show_message (MfExportDialog *self, gboolean failed, const char *text)
{
  g_free (self->message);
  self->message = g_strdup (text);
  gtk_label_set_text (self->message_label, text);
  if (failed)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "error");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "dim-label");
    }
}

static void
show_saved (MfExportDialog *self, GFile *file)
{
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *text = g_strdup_printf (_("Saved %s"), name);

  show_message (self, FALSE, text);
}

/* ---- plots --------------------------------------------------------------- */

static MfPlotFormat
picked_format (MfExportDialog *self)
{
  guint picked = adw_combo_row_get_selected (self->format_row);

  return picked < G_N_ELEMENTS (formats) ? formats[picked] : MF_PLOT_FORMAT_PNG;
}

static void
fill_plot_row (MfExportDialog *self)
{
  g_autoptr (GtkStringList) titles = gtk_string_list_new (NULL);
  guint picked = adw_combo_row_get_selected (self->plot_row);

  for (guint i = 0; i < self->plots->len; i++)
    gtk_string_list_append (titles, g_array_index (self->plots, PlotEntry, i).title);
  if (self->plots->len > 1)
    gtk_string_list_append (titles, _("All, stacked"));
  adw_combo_row_set_model (self->plot_row, G_LIST_MODEL (titles));
  if (picked != GTK_INVALID_LIST_POSITION && picked < self->plots->len)
    adw_combo_row_set_selected (self->plot_row, picked);
  gtk_widget_set_sensitive (GTK_WIDGET (self->plot_button), self->plots->len > 0);
}

static void
on_format_selected (AdwComboRow *row, GParamSpec *pspec, MfExportDialog *self)
{
  gtk_label_set_text (self->size_unit_label,
                      picked_format (self) == MF_PLOT_FORMAT_PNG ? _("px") : _("pt"));
}

/* The name a new file is offered: after the plot, in the picked format. */
static char *
suggested_plot_name (MfExportDialog *self)
{
  guint picked = adw_combo_row_get_selected (self->plot_row);
  const char *base = _("plots");

  if (picked < self->plots->len)
    base = g_array_index (self->plots, PlotEntry, picked).title;
  return mf_export_plot_file_name (base, picked_format (self));
}

static void
on_plot_chooser_response (GtkNativeDialog *chooser, int response, MfExportDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      /* the outcome is shown in the dialog either way */
      mf_export_dialog_export_plot_to (self, file, NULL);
    }
  g_clear_object (&self->chooser);
}

static GtkFileChooserNative *
make_chooser (MfExportDialog *self, const char *title, const char *name,
              const char *filter_name, const char *pattern)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (title, GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                 _("_Save"), _("_Cancel"));
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, filter_name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  return chooser;
}

static void
on_plot_clicked (GtkButton *button, MfExportDialog *self)
{
  g_autofree char *name = suggested_plot_name (self);
  g_autofree char *pattern =
    g_strdup_printf ("*.%s", mf_export_plot_extension (picked_format (self)));
  const char *filter_name = picked_format (self) == MF_PLOT_FORMAT_PNG   ? _("PNG images")
                            : picked_format (self) == MF_PLOT_FORMAT_SVG ? _("SVG images")
                                                                         : _("PDF documents");

  if (self->chooser != NULL)
    return;
  self->chooser = make_chooser (self, _("Export Plot"), name, filter_name, pattern);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_plot_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ---- data ---------------------------------------------------------------- */

static void
update_data_button (MfExportDialog *self)
{
  g_auto (GStrv) columns = mf_export_dialog_get_columns (self);
  gboolean any = self->columns->len > 0 && (columns == NULL || columns[0] != NULL);

  gtk_widget_set_sensitive (GTK_WIDGET (self->data_button),
                            !self->writing_data && mf_export_dialog_get_run (self) != NULL && any);
}

static void
on_column_toggled (GtkCheckButton *check, MfExportDialog *self)
{
  update_data_button (self);
}

/* One check per column of the picked run, all checked. */
static void
fill_columns (MfExportDialog *self)
{
  MfRunRecord *record = mf_export_dialog_get_run (self);
  GtkWidget *child;

  if (record != NULL && record == self->columns_of &&
      self->columns->len == mf_run_record_get_n_columns (record))
    return;
  g_set_object (&self->columns_of, record);
  g_ptr_array_set_size (self->columns, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->columns_list))) != NULL)
    gtk_list_box_remove (self->columns_list, child);
  if (record != NULL)
    for (guint i = 0; i < mf_run_record_get_n_columns (record); i++)
      {
        const char *name = mf_run_record_get_column_name (record, i);
        const char *unit = mf_run_record_get_column_unit (record, i);
        g_autofree char *text =
          unit != NULL && *unit != '\0' ? g_strdup_printf ("%s [%s]", name, unit) : g_strdup (name);
        GtkWidget *check = gtk_check_button_new_with_label (text);

        g_object_set_data_full (G_OBJECT (check), "mf-column", g_strdup (name), g_free);
        gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
        gtk_widget_set_margin_start (check, 6);
        gtk_widget_set_margin_end (check, 6);
        g_signal_connect (check, "toggled", G_CALLBACK (on_column_toggled), self);
        gtk_list_box_append (self->columns_list, check);
        g_ptr_array_add (self->columns, check);
      }
  update_data_button (self);
}

static void
on_run_selected (AdwComboRow *row, GParamSpec *pspec, MfExportDialog *self)
{
  fill_columns (self);
}

static void
on_all_clicked (GtkButton *button, MfExportDialog *self)
{
  mf_export_dialog_check_all_columns (self, TRUE);
}

static void
on_none_clicked (GtkButton *button, MfExportDialog *self)
{
  mf_export_dialog_check_all_columns (self, FALSE);
}

static void
on_data_written (GObject *source, GAsyncResult *result, gpointer user_data)
{
  /* the outcome is already in the dialog */
  mf_export_dialog_export_data_finish (MF_EXPORT_DIALOG (source), result, NULL);
}

static void
on_data_chooser_response (GtkNativeDialog *chooser, int response, MfExportDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      mf_export_dialog_export_data_to (self, file, on_data_written, NULL);
    }
  g_clear_object (&self->chooser);
}

/* The data formats of the Format row, in its order; the file's extension
 * decides in the end (mf-results.h). */
static const struct
{
  const char *filter;
  const char *pattern;
  const char *extension;
} data_formats[] = {
  { N_("CSV files"), "*.csv", "csv" },
  { N_("MAT files"), "*.mat", "mat" },
  { N_("HDF5 files"), "*.h5", "h5" },
};

static void
on_data_clicked (GtkButton *button, MfExportDialog *self)
{
  MfRunRecord *record = mf_export_dialog_get_run (self);
  guint picked = MIN (adw_combo_row_get_selected (self->data_format_row),
                      G_N_ELEMENTS (data_formats) - 1);
  g_autofree char *name = NULL;

  if (self->chooser != NULL || record == NULL)
    return;
  name = g_strdup_printf ("%s.%s", mf_run_record_get_label (record),
                          data_formats[picked].extension);
  /* a label such as "C1.mass = 2 kg" is a fine file name, bar a slash */
  g_strdelimit (name, G_DIR_SEPARATOR_S, '-');
  self->chooser = make_chooser (self, _("Export Data"), name, _(data_formats[picked].filter),
                                data_formats[picked].pattern);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_data_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

typedef struct
{
  MfRunRecord *record;
  char       **columns;
  GFile       *file;
} DataJob;

static void
data_job_free (gpointer data)
{
  DataJob *job = data;

  g_object_unref (job->record);
  g_strfreev (job->columns);
  g_object_unref (job->file);
  g_free (job);
}

static void
write_data_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  DataJob *job = data;
  GError *error = NULL;

  if (mf_run_record_write_data (job->record, (const char *const *) job->columns, job->file,
                               &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* ---- GObject ------------------------------------------------------------- */

static void
mf_export_dialog_dispose (GObject *object)
{
  MfExportDialog *self = MF_EXPORT_DIALOG (object);

  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  g_clear_object (&self->runs);
  g_clear_object (&self->columns_of);
  gtk_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_EXPORT_DIALOG);
  G_OBJECT_CLASS (mf_export_dialog_parent_class)->dispose (object);
}

static void
mf_export_dialog_finalize (GObject *object)
{
  MfExportDialog *self = MF_EXPORT_DIALOG (object);

  g_array_unref (self->plots);
  g_ptr_array_unref (self->columns);
  g_free (self->message);
  G_OBJECT_CLASS (mf_export_dialog_parent_class)->finalize (object);
}

static void
mf_export_dialog_class_init (MfExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_export_dialog_dispose;
  object_class->finalize = mf_export_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/"
                                               "mf-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, plot_row);
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, data_format_row);
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, width_spin);
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, height_spin);
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, size_unit_label);
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, plot_button);
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, data_group);
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, columns_box);
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, run_row);
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, columns_list);
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, data_button);
  gtk_widget_class_bind_template_child (widget_class, MfExportDialog, message_label);
  gtk_widget_class_bind_template_callback (widget_class, on_format_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_plot_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_run_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_all_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_none_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_data_clicked);
}

static void
mf_export_dialog_init (MfExportDialog *self)
{
  g_autoptr (GtkExpression) label = NULL;

  self->plots = g_array_new (FALSE, TRUE, sizeof (PlotEntry));
  g_array_set_clear_func (self->plots, plot_entry_clear);
  self->columns = g_ptr_array_new ();
  self->message = g_strdup ("");
  gtk_widget_init_template (GTK_WIDGET (self));

  label = gtk_property_expression_new (MF_TYPE_RUN_RECORD, NULL, "label");
  adw_combo_row_set_expression (self->run_row, label);
  fill_plot_row (self);
  fill_columns (self);
  /* no data to offer until runs are given */
  gtk_widget_set_visible (self->data_group, FALSE);
  gtk_widget_set_visible (self->columns_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->data_button), FALSE);
}

/* ---- public -------------------------------------------------------------- */

GtkWidget *
mf_export_dialog_new (GtkWindow *parent)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  return g_object_new (MF_TYPE_EXPORT_DIALOG, "transient-for", parent, "modal", TRUE,
                       "destroy-with-parent", TRUE, NULL);
}

void
mf_export_dialog_add_plot (MfExportDialog *self, const char *title, MfPlot *plot,
                           GObject *owner)
{
  g_return_if_fail (plot != NULL);

  mf_export_dialog_add_figure (self, title, mf_plot_draw_figure, plot, NULL, owner);
}

void
mf_export_dialog_add_figure (MfExportDialog *self, const char *title, MfPlotFigureFunc draw,
                             gpointer data, GDestroyNotify destroy, GObject *owner)
{
  PlotEntry entry = { g_strdup (title), { draw, data }, destroy,
                      owner != NULL ? g_object_ref (owner) : NULL };

  g_return_if_fail (MF_IS_EXPORT_DIALOG (self));
  g_return_if_fail (title != NULL && draw != NULL);

  g_array_append_val (self->plots, entry);
  fill_plot_row (self);
}

void
mf_export_dialog_select_plot (MfExportDialog *self, int index)
{
  g_return_if_fail (MF_IS_EXPORT_DIALOG (self));
  g_return_if_fail (index == MF_EXPORT_ALL_PLOTS ||
                    (index >= 0 && (guint) index < self->plots->len));

  if (index == MF_EXPORT_ALL_PLOTS)
    index = self->plots->len > 1 ? (int) self->plots->len : 0;
  adw_combo_row_set_selected (self->plot_row, (guint) index);
}

void
mf_export_dialog_set_plot_format (MfExportDialog *self, MfPlotFormat format)
{
  g_return_if_fail (MF_IS_EXPORT_DIALOG (self));

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (formats[i] == format)
      adw_combo_row_set_selected (self->format_row, i);
}

void
mf_export_dialog_set_plot_size (MfExportDialog *self, double width, double height)
{
  g_return_if_fail (MF_IS_EXPORT_DIALOG (self));

  gtk_spin_button_set_value (self->width_spin, width);
  gtk_spin_button_set_value (self->height_spin, height);
}

gboolean
mf_export_dialog_export_plot_to (MfExportDialog *self, GFile *file, GError **error)
{
  g_autoptr (GArray) figures = g_array_new (FALSE, FALSE, sizeof (MfPlotFigure));
  g_autoptr (GError) local = NULL;
  g_autofree char *name = NULL;
  guint picked;
  gboolean ok;

  g_return_val_if_fail (MF_IS_EXPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  picked = adw_combo_row_get_selected (self->plot_row);
  for (guint i = 0; i < self->plots->len; i++)
    if (picked == i || picked >= self->plots->len)
      g_array_append_val (figures, g_array_index (self->plots, PlotEntry, i).figure);
  if (figures->len == 0)
    {
      g_set_error_literal (&local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("There is no plot to export"));
      ok = FALSE;
    }
  else
    {
      name = g_file_get_basename (file);
      ok = mf_export_figures ((const MfPlotFigure *) figures->data, figures->len, file,
                              mf_export_plot_format (name, picked_format (self)),
                              gtk_spin_button_get_value (self->width_spin),
                              gtk_spin_button_get_value (self->height_spin), &local);
    }

  /* the export laid the plots out at the file's size: the views lay them
   * out again for the screen */
  for (guint i = 0; i < self->plots->len; i++)
    {
      GObject *owner = g_array_index (self->plots, PlotEntry, i).owner;

      if (owner != NULL && GTK_IS_WIDGET (owner))
        gtk_widget_queue_draw (GTK_WIDGET (owner));
    }

  if (!ok)
    {
      show_message (self, TRUE, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  show_saved (self, file);
  return TRUE;
}

void
mf_export_dialog_set_runs (MfExportDialog *self, GListModel *runs)
{
  guint n;

  g_return_if_fail (MF_IS_EXPORT_DIALOG (self));
  g_return_if_fail (runs == NULL || G_IS_LIST_MODEL (runs));

  g_set_object (&self->runs, runs);
  adw_combo_row_set_model (self->run_row, runs);
  gtk_widget_set_visible (self->data_group, runs != NULL);
  gtk_widget_set_visible (self->columns_box, runs != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->data_button), runs != NULL);
  n = runs != NULL ? g_list_model_get_n_items (runs) : 0;
  if (n > 0)
    adw_combo_row_set_selected (self->run_row, n - 1);
  fill_columns (self);
}

void
mf_export_dialog_select_run (MfExportDialog *self, MfRunRecord *record)
{
  guint n;

  g_return_if_fail (MF_IS_EXPORT_DIALOG (self));

  n = self->runs != NULL ? g_list_model_get_n_items (self->runs) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (MfRunRecord) item = g_list_model_get_item (self->runs, i);

      if (item == record)
        adw_combo_row_set_selected (self->run_row, i);
    }
  fill_columns (self);
}

MfRunRecord *
mf_export_dialog_get_run (MfExportDialog *self)
{
  g_return_val_if_fail (MF_IS_EXPORT_DIALOG (self), NULL);

  return self->runs != NULL ? adw_combo_row_get_selected_item (self->run_row) : NULL;
}

void
mf_export_dialog_check_all_columns (MfExportDialog *self, gboolean checked)
{
  g_return_if_fail (MF_IS_EXPORT_DIALOG (self));

  for (guint i = 0; i < self->columns->len; i++)
    gtk_check_button_set_active (g_ptr_array_index (self->columns, i), checked);
}

void
mf_export_dialog_check_column (MfExportDialog *self, const char *name, gboolean checked)
{
  g_return_if_fail (MF_IS_EXPORT_DIALOG (self));

  for (guint i = 0; i < self->columns->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->columns, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (check), "mf-column"), name) == 0)
        gtk_check_button_set_active (check, checked);
    }
}

char **
mf_export_dialog_get_columns (MfExportDialog *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  guint n_checked = 0;

  g_return_val_if_fail (MF_IS_EXPORT_DIALOG (self), NULL);

  for (guint i = 0; i < self->columns->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->columns, i);

      if (gtk_check_button_get_active (check))
        {
          g_strv_builder_add (builder, g_object_get_data (G_OBJECT (check), "mf-column"));
          n_checked++;
        }
    }
  if (n_checked == self->columns->len)
    return NULL;
  return g_strv_builder_end (builder);
}

static void
on_data_task_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  MfExportDialog *self = MF_EXPORT_DIALOG (source);
  GTask *outer = user_data;
  DataJob *job = g_task_get_task_data (G_TASK (result));
  GError *error = NULL;

  self->writing_data = FALSE;
  update_data_button (self);
  if (g_task_propagate_boolean (G_TASK (result), &error))
    {
      show_saved (self, job->file);
      g_task_return_boolean (outer, TRUE);
    }
  else
    {
      show_message (self, TRUE, error->message);
      g_task_return_error (outer, error);
    }
  g_object_unref (outer);
}

void
mf_export_dialog_export_data_to (MfExportDialog *self, GFile *file, GAsyncReadyCallback callback,
                                gpointer user_data)
{
  GTask *outer;
  g_autoptr (GTask) inner = NULL;
  MfRunRecord *record;
  DataJob *job;
  MfSimStatus status;

  g_return_if_fail (MF_IS_EXPORT_DIALOG (self));
  g_return_if_fail (G_IS_FILE (file));

  outer = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (outer, mf_export_dialog_export_data_to);
  record = mf_export_dialog_get_run (self);
  if (record == NULL)
    {
      show_message (self, TRUE, _("There is no run to export"));
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s", self->message);
      g_object_unref (outer);
      return;
    }

  job = g_new0 (DataJob, 1);
  job->record = g_object_ref (record);
  job->columns = mf_export_dialog_get_columns (self);
  job->file = g_object_ref (file);
  /* the inner task writes; the outer one reports to the caller once the
   * dialog shows the outcome */
  inner = g_task_new (self, NULL, on_data_task_done, outer);
  g_task_set_task_data (inner, job, data_job_free);
  self->writing_data = TRUE;
  update_data_button (self);
  status = mf_run_record_get_status (record);
  if (status == MF_SIM_STATUS_RUNNING || status == MF_SIM_STATUS_PAUSED)
    /* a live record grows on this thread: written here, between two frames */
    write_data_thread (inner, self, job, NULL);
  else
    g_task_run_in_thread (inner, write_data_thread);
}

gboolean
mf_export_dialog_export_data_finish (MfExportDialog *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

const char *
mf_export_dialog_get_message (MfExportDialog *self)
{
  g_return_val_if_fail (MF_IS_EXPORT_DIALOG (self), NULL);
  return self->message;
}
