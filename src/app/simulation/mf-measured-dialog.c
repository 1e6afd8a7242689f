/* mf-measured-dialog.c: the Measured Data window (mf-measured-dialog.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-measured-dialog.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-measured.h"

struct _MfMeasuredDialog
{
  AdwWindow      parent_instance;

  MfSimPanel    *panel;       /* weak */
  GCancellable  *cancellable; /* of the read under way, or NULL */
  char          *problem;
  gboolean       filling;     /* the drop-downs are being filled: no pairing changes */

  GtkStack      *stack;
  AdwStatusPage *empty_page;
  GtkLabel      *summary;
  GtkListBox    *list;
  GtkWidget     *remove_button;
  GPtrArray     *rows;        /* AdwActionRow*, one per column */
  GPtrArray     *dropdowns;   /* GtkDropDown*, one per column */
};

G_DEFINE_FINAL_TYPE (MfMeasuredDialog, mf_measured_dialog, ADW_TYPE_WINDOW)

static MfMeasuredPlots *
measured_of (MfMeasuredDialog *self)
{
  return self->panel != NULL ? mf_sim_panel_get_measured (self->panel) : NULL;
}

static MfRunRecord *
current_of (MfMeasuredDialog *self)
{
  return self->panel != NULL ? mf_sim_panel_get_current_run (self->panel) : NULL;
}

/* ---- the error lines ---- */

char *
mf_measured_dialog_get_error_text (MfMeasuredDialog *self, guint k)
{
  MfMeasuredPlots *measured = measured_of (self);
  MfRunRecord *current = current_of (self);
  g_autofree char *why = NULL;
  MfMeasuredError e;
  const char *unit;
  double scale;

  g_return_val_if_fail (MF_IS_MEASURED_DIALOG (self), NULL);

  if (measured == NULL || mf_measured_plots_get_data (measured) == NULL)
    return NULL;
  if (mf_measured_plots_get_pairing (measured, k) == NULL)
    return g_strdup (_("Not compared with the simulation"));
  if (current == NULL)
    return g_strdup (_("Run the simulation to compare"));
  if (mf_run_record_find_column (current, mf_measured_plots_get_pairing (measured, k)) < 0)
    /* Translators: a simulated quantity the current run does not have */
    return g_strdup_printf (_("The run has no %s"), mf_measured_plots_get_pairing (measured, k));
  if (!mf_measured_plots_check_pairing (measured, k, current, &why))
    return g_steal_pointer (&why);
  if (!mf_measured_plots_error (measured, k, current, &e))
    return g_strdup (_("No measured point lies inside the run"));
  unit = mf_measured_plots_get_unit (measured, k, &scale);
  if (unit == NULL)
    unit = "";
  /* Translators: a measured column against the simulation: the root mean square of the
   * difference, the mean difference, the largest with its time, and how many points */
  return g_strdup_printf (ngettext ("rms %.3g %s · bias %+.3g %s · largest %.3g %s at %.4g s · "
                                    "%u point",
                                    "rms %.3g %s · bias %+.3g %s · largest %.3g %s at %.4g s · "
                                    "%u points",
                                    e.n),
                          e.rms * scale, unit, e.mean * scale, unit, e.max_abs * scale, unit,
                          e.t_max, e.n);
}

static void
update_errors (MfMeasuredDialog *self)
{
  for (guint k = 0; k < self->rows->len; k++)
    {
      g_autofree char *text = mf_measured_dialog_get_error_text (self, k);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->rows->pdata[k]), text);
    }
}

/* ---- the columns ---- */

/* The quantities of the current run, after "not compared". */
static GtkStringList *
quantity_list (MfMeasuredDialog *self)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  MfRunRecord *current = current_of (self);

  gtk_string_list_append (list, _("Not compared"));
  for (guint j = 0; current != NULL && j < mf_run_record_get_n_columns (current); j++)
    gtk_string_list_append (list, mf_run_record_get_column_name (current, j));
  return list;
}

/* Each drop-down offers the current run's quantities, its pairing chosen. */
static void
fill_dropdowns (MfMeasuredDialog *self)
{
  MfMeasuredPlots *measured = measured_of (self);

  self->filling = TRUE;
  for (guint k = 0; k < self->dropdowns->len; k++)
    {
      GtkDropDown *dropdown = self->dropdowns->pdata[k];
      g_autoptr (GtkStringList) list = quantity_list (self);
      const char *pairing = mf_measured_plots_get_pairing (measured, k);
      guint chosen = 0;

      if (pairing != NULL)
        {
          for (guint j = 1; j < g_list_model_get_n_items (G_LIST_MODEL (list)); j++)
            if (g_str_equal (gtk_string_list_get_string (list, j), pairing))
              chosen = j;
          /* a quantity the run does not have (yet) stays chosen */
          if (chosen == 0)
            {
              gtk_string_list_append (list, pairing);
              chosen = g_list_model_get_n_items (G_LIST_MODEL (list)) - 1;
            }
        }
      gtk_drop_down_set_model (dropdown, G_LIST_MODEL (list));
      gtk_drop_down_set_selected (dropdown, chosen);
    }
  self->filling = FALSE;
}

static void
pairing_chosen (GtkDropDown *dropdown, GParamSpec *pspec, MfMeasuredDialog *self)
{
  MfMeasuredPlots *measured = measured_of (self);
  guint k, chosen = gtk_drop_down_get_selected (dropdown);
  GtkStringObject *item;

  if (self->filling || measured == NULL || !g_ptr_array_find (self->dropdowns, dropdown, &k))
    return;
  item = gtk_drop_down_get_selected_item (dropdown);
  mf_measured_plots_set_pairing (measured, k,
                                 chosen == 0 || item == NULL ? NULL
                                                             : gtk_string_object_get_string (item));
  mf_sim_panel_measured_changed (self->panel);
  update_errors (self);
}

static void
clear_rows (MfMeasuredDialog *self)
{
  for (guint k = 0; k < self->rows->len; k++)
    gtk_list_box_remove (self->list, self->rows->pdata[k]);
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->dropdowns, 0);
}

/* The window from the pane's measurements: their file, the columns. */
static void
show_data (MfMeasuredDialog *self)
{
  MfMeasuredPlots *measured = measured_of (self);
  const MfMeasured *data = measured != NULL ? mf_measured_plots_get_data (measured) : NULL;
  g_autofree char *summary = NULL;

  clear_rows (self);
  gtk_widget_set_sensitive (self->remove_button, data != NULL);
  if (data == NULL)
    {
      adw_status_page_set_description (self->empty_page,
                                       self->problem != NULL
                                         ? self->problem
                                         : _("Open a CSV file whose first column is time and "
                                             "whose header gives each column its unit in "
                                             "brackets, as Manifold’s own CSV does: "
                                             "t [s],C1.x [mm],J1.p [bar]."));
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  /* Translators: the file of measurements, its rows and their time span */
  summary = g_strdup_printf (ngettext ("%s: %u row from %.4g to %.4g s",
                                       "%s: %u rows from %.4g to %.4g s", data->n_rows),
                             data->name, data->n_rows, data->t[0], data->t[data->n_rows - 1]);
  gtk_label_set_label (self->summary, summary);
  for (guint k = 0; k < data->columns->len; k++)
    {
      const MfMeasuredColumn *c = g_ptr_array_index (data->columns, k);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *dropdown = gtk_drop_down_new (NULL, NULL);
      g_autofree char *title = c->unit[0] != '\0' ? g_strdup_printf ("%s [%s]", c->name, c->unit)
                                                  : g_strdup (c->name);
      g_autofree char *markup = g_markup_escape_text (title, -1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), markup);
      gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (dropdown, _("The simulated quantity this column is "
                                               "compared with and drawn beside"));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), dropdown);
      g_signal_connect_object (dropdown, "notify::selected", G_CALLBACK (pairing_chosen), self,
                               0);
      gtk_list_box_append (self->list, row);
      g_ptr_array_add (self->rows, row);
      g_ptr_array_add (self->dropdowns, dropdown);
    }
  fill_dropdowns (self);
  update_errors (self);
  gtk_stack_set_visible_child_name (self->stack, "data");
}

/* ---- reading a file ---- */

static void
read_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GError *error = NULL;
  MfMeasured *measured = mf_measured_load (G_FILE (data), cancellable, &error);

  if (measured == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, measured, (GDestroyNotify) mf_measured_free);
}

static void
read_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (MfMeasuredDialog) self = user_data;
  g_autoptr (GError) error = NULL;
  MfMeasured *measured = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->problem, g_free);
  if (measured == NULL)
    self->problem = g_strdup (error->message);
  else if (self->panel != NULL)
    {
      mf_measured_plots_set_data (mf_sim_panel_get_measured (self->panel), measured,
                                  mf_sim_panel_get_current_run (self->panel));
      mf_sim_panel_measured_changed (self->panel);
    }
  else
    mf_measured_free (measured);
  show_data (self);
}

void
mf_measured_dialog_open (MfMeasuredDialog *self, GFile *file)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (MF_IS_MEASURED_DIALOG (self) && G_IS_FILE (file));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->cancellable, read_done, g_object_ref (self));
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, read_in_thread);
}

static void
chooser_done (GtkNativeDialog *chooser, int response, MfMeasuredDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      mf_measured_dialog_open (self, file);
    }
  g_object_unref (chooser);
}

static void
choose_file (MfMeasuredDialog *self)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Open Measurements"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  g_autoptr (GtkFileFilter) csv = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (csv, _("CSV files"));
  gtk_file_filter_add_suffix (csv, "csv");
  gtk_file_filter_add_suffix (csv, "txt");
  gtk_file_filter_add_mime_type (csv, "text/csv");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), csv);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_done), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
remove_data (MfMeasuredDialog *self)
{
  if (self->panel == NULL)
    return;
  mf_measured_plots_set_data (mf_sim_panel_get_measured (self->panel), NULL, NULL);
  mf_sim_panel_measured_changed (self->panel);
  g_clear_pointer (&self->problem, g_free);
  show_data (self);
}

/* A run ended, or another document came: the quantities and errors anew. */
static void
panel_changed (MfMeasuredDialog *self)
{
  MfMeasuredPlots *measured = measured_of (self);

  if (measured == NULL || mf_measured_plots_get_data (measured) == NULL)
    {
      if (self->rows->len > 0)
        show_data (self);
      return;
    }
  if (self->rows->len == 0)
    {
      show_data (self);
      return;
    }
  fill_dropdowns (self);
  update_errors (self);
}

gboolean
mf_measured_dialog_get_busy (MfMeasuredDialog *self)
{
  g_return_val_if_fail (MF_IS_MEASURED_DIALOG (self), FALSE);
  return self->cancellable != NULL;
}

const char *
mf_measured_dialog_get_problem (MfMeasuredDialog *self)
{
  g_return_val_if_fail (MF_IS_MEASURED_DIALOG (self), NULL);
  return self->problem;
}

/* ---- the window ---- */

static GtkWidget *
build_empty_page (MfMeasuredDialog *self)
{
  GtkWidget *page = adw_status_page_new ();
  GtkWidget *open = gtk_button_new_with_mnemonic (_("Open _CSV…"));

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (page), "document-open-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (page), _("No Measurements"));
  gtk_widget_add_css_class (open, "pill");
  gtk_widget_add_css_class (open, "suggested-action");
  gtk_widget_set_halign (open, GTK_ALIGN_CENTER);
  g_signal_connect_object (open, "clicked", G_CALLBACK (choose_file), self, G_CONNECT_SWAPPED);
  adw_status_page_set_child (ADW_STATUS_PAGE (page), open);
  self->empty_page = ADW_STATUS_PAGE (page);
  return page;
}

static GtkWidget *
build_data_page (MfMeasuredDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *hint = gtk_label_new (_("Each column paired with a simulated quantity is drawn "
                                     "as crosses on the plot of that quantity, in its colour; "
                                     "the line under it says how far the current run is from "
                                     "the measurements."));

  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "heading");
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_widget_add_css_class (hint, "dim-label");
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->summary));
  gtk_box_append (GTK_BOX (box), hint);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->list));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  return scroller;
}

static void
mf_measured_dialog_dispose (GObject *object)
{
  MfMeasuredDialog *self = MF_MEASURED_DIALOG (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_weak_pointer (&self->panel);
  G_OBJECT_CLASS (mf_measured_dialog_parent_class)->dispose (object);
}

static void
mf_measured_dialog_finalize (GObject *object)
{
  MfMeasuredDialog *self = MF_MEASURED_DIALOG (object);

  g_free (self->problem);
  g_ptr_array_unref (self->rows);
  g_ptr_array_unref (self->dropdowns);
  G_OBJECT_CLASS (mf_measured_dialog_parent_class)->finalize (object);
}

static void
mf_measured_dialog_class_init (MfMeasuredDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mf_measured_dialog_dispose;
  object_class->finalize = mf_measured_dialog_finalize;
}

static void
mf_measured_dialog_init (MfMeasuredDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *open = gtk_button_new_with_mnemonic (_("_Open…"));
  GtkWidget *title = adw_window_title_new (_("Measured Data"), NULL);

  self->rows = g_ptr_array_new ();
  self->dropdowns = g_ptr_array_new ();
  gtk_window_set_title (GTK_WINDOW (self), _("Measured Data"));
  gtk_window_set_default_size (GTK_WINDOW (self), 620, 480);
  gtk_widget_set_tooltip_text (open, _("Open a CSV file of measurements"));
  g_signal_connect_object (open, "clicked", G_CALLBACK (choose_file), self, G_CONNECT_SWAPPED);
  self->remove_button = gtk_button_new_with_mnemonic (_("_Remove"));
  gtk_widget_set_tooltip_text (self->remove_button, _("Take the measurements off the plots"));
  g_signal_connect_object (self->remove_button, "clicked", G_CALLBACK (remove_data), self,
                           G_CONNECT_SWAPPED);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), title);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), open);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->remove_button);
  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_add_named (self->stack, build_empty_page (self), "empty");
  gtk_stack_add_named (self->stack, build_data_page (self), "data");
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));
  adw_window_set_content (ADW_WINDOW (self), box);
}

GtkWidget *
mf_measured_dialog_new (GtkWindow *parent, MfSimPanel *panel)
{
  MfMeasuredDialog *self = g_object_new (MF_TYPE_MEASURED_DIALOG, "transient-for", parent,
                                         NULL);

  g_set_weak_pointer (&self->panel, panel);
  g_signal_connect_object (panel, "run-ended", G_CALLBACK (panel_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (panel, "notify::document", G_CALLBACK (panel_changed), self,
                           G_CONNECT_SWAPPED);
  show_data (self);
  return GTK_WIDGET (self);
}
