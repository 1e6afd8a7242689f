/* mf-sweep-dialog.c: the parameter sweep dialog.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sweep-dialog.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-field-names.h"
#include "mf-quantity-text.h"
#include "mf-run-provenance.h"
#include "mf-sweep-values.h"
#include "mf-sweep.h"

struct _MfSweepDialog
{
  AdwWindow       parent_instance;

  MfEditDocument *document;
  GPtrArray      *component_ids; /* the component row's entries */
  GArray         *param_indices; /* the parameter row's entries, into the type's params */
  MfSweep        *sweep;
  guint           n_started;
  guint           n_failed;
  char           *progress_text;
  GString        *failures;
  gboolean        filling; /* the rows are being filled, not picked by the user */

  /* template children */
  AdwComboRow    *component_row;
  AdwComboRow    *parameter_row;
  GtkTextView    *values_view;
  GtkLabel       *values_message;
  GtkLabel       *current_label;
  GtkLabel       *progress_label;
  GtkProgressBar *progress_bar;
  GtkLabel       *failure_label;
  GtkButton      *start_button;
  GtkButton      *stop_button;
};

G_DEFINE_FINAL_TYPE (MfSweepDialog, mf_sweep_dialog, ADW_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

enum
{
  SIGNAL_RUN_ADDED,
  SIGNAL_FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void check_values (MfSweepDialog *self);

/* ---- the component and parameter rows -------------------------------- */

static const MfComponentTypeInfo *
picked_info (MfSweepDialog *self, int *component_index)
{
  guint picked = adw_combo_row_get_selected (self->component_row);
  int index;

  if (picked == GTK_INVALID_LIST_POSITION || picked >= self->component_ids->len)
    return NULL;
  index = mf_edit_document_find_component (self->document,
                                           g_ptr_array_index (self->component_ids, picked));
  if (index < 0)
    return NULL;
  if (component_index != NULL)
    *component_index = index;
  return mf_edit_document_get_component_info (self->document, (guint) index);
}

static const MfParamSpec *
picked_param (MfSweepDialog *self)
{
  const MfComponentTypeInfo *info = picked_info (self, NULL);
  guint picked = adw_combo_row_get_selected (self->parameter_row);

  if (info == NULL || picked == GTK_INVALID_LIST_POSITION || picked >= self->param_indices->len)
    return NULL;
  return &info->params[g_array_index (self->param_indices, guint, picked)];
}

/* "mass (kg)", "area (m²)": the SI unit as the property panel shows it;
 * a dimensionless parameter has no unit to show. */
static char *
param_title (const MfParamSpec *spec)
{
  guint n_units = 0;
  const MfUnitChoice *units = mf_quantity_units (spec->quantity, &n_units);

  if (n_units == 0)
    return g_strdup (mf_field_words (spec->name));
  return g_strdup_printf ("%s (%s)", mf_field_words (spec->name), units[0].label);
}

static void
show_current_value (MfSweepDialog *self)
{
  int index;
  const MfComponentTypeInfo *info = picked_info (self, &index);
  const MfParamSpec *spec = picked_param (self);
  g_autofree char *text = NULL;
  g_autofree char *caption = NULL;

  if (info == NULL || spec == NULL)
    {
      gtk_label_set_text (self->current_label, "");
      return;
    }
  text = mf_edit_document_get_param_text (self->document, (guint) index, spec->name);
  if (text != NULL)
    {
      /* as a run's label writes it: "50 mm²" */
      g_autofree char *shown = mf_run_param_value_text (self->document, (guint) index, spec);

      caption = g_strdup_printf (_("Now %s"), shown);
    }
  else if (!isnan (spec->default_value))
    {
      g_autofree char *value = mf_quantity_text_format_si (spec->quantity, spec->default_value);
      caption = g_strdup_printf (_("Now %s (the default)"), value);
    }
  else
    caption = g_strdup (_("Now the default"));
  gtk_label_set_text (self->current_label, caption);
}

static void
fill_parameters (MfSweepDialog *self, const char *keep)
{
  const MfComponentTypeInfo *info = picked_info (self, NULL);
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  guint pick = 0;

  g_array_set_size (self->param_indices, 0);
  if (info != NULL)
    {
      guint n;
      g_autofree guint *indices = mf_sweep_parameters (info, &n);

      for (guint i = 0; i < n; i++)
        {
          g_autofree char *title = param_title (&info->params[indices[i]]);

          if (g_strcmp0 (keep, info->params[indices[i]].name) == 0)
            pick = i;
          g_array_append_val (self->param_indices, indices[i]);
          gtk_string_list_append (names, title);
        }
    }
  self->filling = TRUE;
  adw_combo_row_set_model (self->parameter_row, G_LIST_MODEL (names));
  if (self->param_indices->len > 0)
    adw_combo_row_set_selected (self->parameter_row, pick);
  self->filling = FALSE;
  show_current_value (self);
  check_values (self);
}

/* The components that have something to sweep, `keep` picked when it is
 * one of them. */
static void
fill_components (MfSweepDialog *self, const char *keep)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *keep_param = NULL;
  guint n = mf_edit_document_get_n_components (self->document);
  guint pick = 0;

  if (picked_param (self) != NULL)
    keep_param = g_strdup (picked_param (self)->name);
  g_ptr_array_set_size (self->component_ids, 0);
  for (guint i = 0; i < n; i++)
    {
      const MfComponentTypeInfo *info = mf_edit_document_get_component_info (self->document, i);
      const char *id = mf_edit_document_get_component_id (self->document, i);
      guint n_params;
      g_autofree guint *indices = mf_sweep_parameters (info, &n_params);
      g_autofree char *title = NULL;

      if (n_params == 0)
        continue;
      if (g_strcmp0 (id, keep) == 0)
        pick = self->component_ids->len;
      title = g_strdup_printf ("%s · %s", id, _(info->label));
      g_ptr_array_add (self->component_ids, g_strdup (id));
      gtk_string_list_append (names, title);
    }
  self->filling = TRUE;
  adw_combo_row_set_model (self->component_row, G_LIST_MODEL (names));
  if (self->component_ids->len > 0)
    adw_combo_row_set_selected (self->component_row, pick);
  self->filling = FALSE;
  fill_parameters (self, keep_param);
}

static void
on_component_selected (AdwComboRow *row, GParamSpec *pspec, MfSweepDialog *self)
{
  if (!self->filling)
    fill_parameters (self, NULL);
}

static void
on_parameter_selected (AdwComboRow *row, GParamSpec *pspec, MfSweepDialog *self)
{
  if (self->filling)
    return;
  show_current_value (self);
  check_values (self);
}

static void
on_document_changed (MfEditDocument *document, MfSweepDialog *self)
{
  g_autofree char *keep = g_strdup (mf_sweep_dialog_get_component (self));

  /* a running sweep has its own copy of the text: the rows may follow */
  fill_components (self, keep);
}

/* ---- values ------------------------------------------------------------- */

static char *
values_text (MfSweepDialog *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->values_view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
update_buttons (MfSweepDialog *self)
{
  gboolean running = mf_sweep_dialog_get_running (self);
  g_auto (GStrv) values = mf_sweep_dialog_get_values (self, NULL);

  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), !running && values != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->stop_button), running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->component_row), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->parameter_row), !running);
  gtk_text_view_set_editable (self->values_view, !running);
}

/* "20 mm², 40 mm²": the values as the property panel shows them. */
static char *
shown_values (MfQuantity quantity, char **values)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; values[i] != NULL; i++)
    {
      g_autofree char *readable = mf_quantity_text_readable (quantity, values[i]);

      g_string_append_printf (list, "%s%s", i > 0 ? ", " : "",
                              readable != NULL ? readable : values[i]);
    }
  return g_string_free (list, FALSE);
}

/* The verdict under the field: the first value at fault, or how many runs
 * the list makes.  Nothing is said about an empty field yet. */
static void
check_values (MfSweepDialog *self)
{
  g_autofree char *text = values_text (self);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) values = mf_sweep_dialog_get_values (self, &error);
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  if (values != NULL)
    {
      g_autofree char *list = shown_values (picked_param (self)->quantity, values);
      guint n = g_strv_length (values);
      g_autofree char *message =
        g_strdup_printf (g_dngettext (NULL, "%u run: %s", "%u runs: %s", n), n, list);

      gtk_label_set_text (self->values_message, message);
      gtk_widget_remove_css_class (GTK_WIDGET (self->values_message), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->values_message), "dim-label");
    }
  else
    {
      gtk_label_set_text (self->values_message, *stripped == '\0' ? "" : error->message);
      gtk_widget_remove_css_class (GTK_WIDGET (self->values_message), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->values_message), "error");
    }
  update_buttons (self);
}

static void
on_values_changed (GtkTextBuffer *buffer, MfSweepDialog *self)
{
  check_values (self);
}

/* ---- running ------------------------------------------------------------ */

static void
set_progress (MfSweepDialog *self, const char *text, double fraction)
{
  g_free (self->progress_text);
  self->progress_text = g_strdup (text);
  gtk_label_set_text (self->progress_label, text);
  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
}

static void
on_sweep_run_added (MfSweep *sweep, MfRunRecord *record, MfSweepDialog *self)
{
  guint n = mf_sweep_get_n_values (sweep);
  g_autofree char *text = NULL;

  self->n_started++;
  text = g_strdup_printf (_("Run %u of %u: %s"), self->n_started, n,
                          mf_run_record_get_label (record));
  set_progress (self, text, (double) (self->n_started - 1) / n);
  mf_run_record_set_shown (record, TRUE);
  g_signal_emit (self, signals[SIGNAL_RUN_ADDED], 0, record);
}

static void
on_sweep_failed (MfSweep *sweep, const GError *error, MfSweepDialog *self)
{
  self->n_failed++;
  if (self->failures->len > 0)
    g_string_append_c (self->failures, '\n');
  g_string_append (self->failures, error->message);
  gtk_label_set_text (self->failure_label, self->failures->str);
  gtk_widget_set_visible (GTK_WIDGET (self->failure_label), TRUE);
}

static void
on_sweep_finished (MfSweep *sweep, MfSweepDialog *self)
{
  guint n = mf_sweep_get_n_values (sweep);
  g_autofree char *text = NULL;
  GPtrArray *records = mf_sweep_get_records (sweep);
  gboolean cut = records->len < n;

  for (guint i = 0; i < records->len; i++)
    if (mf_run_record_get_status (g_ptr_array_index (records, i)) == MF_SIM_STATUS_STOPPED)
      cut = TRUE;
  if (cut)
    text = g_strdup_printf (_("Stopped at run %u of %u"), self->n_started, n);
  else if (self->n_failed > 0)
    text = g_strdup_printf (g_dngettext (NULL, "%u run done, %u failed",
                                         "%u runs done, %u failed", n - self->n_failed),
                            n - self->n_failed, self->n_failed);
  else
    text = g_strdup_printf (g_dngettext (NULL, "%u run done", "%u runs done", n), n);
  set_progress (self, text, cut ? (double) (self->n_started - 1) / n : 1.0);

  g_signal_handlers_disconnect_by_data (sweep, self);
  g_clear_object (&self->sweep);
  update_buttons (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

static void
on_start_clicked (GtkButton *button, MfSweepDialog *self)
{
  mf_sweep_dialog_start (self, NULL);
}

static void
on_stop_clicked (GtkButton *button, MfSweepDialog *self)
{
  mf_sweep_dialog_stop (self);
}

static gboolean
mf_sweep_dialog_close_request (GtkWindow *window)
{
  mf_sweep_dialog_stop (MF_SWEEP_DIALOG (window));
  return GTK_WINDOW_CLASS (mf_sweep_dialog_parent_class)->close_request (window);
}

/* ---- GObject ------------------------------------------------------------- */

static void
mf_sweep_dialog_dispose (GObject *object)
{
  MfSweepDialog *self = MF_SWEEP_DIALOG (object);

  if (self->sweep != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->sweep, self);
      mf_sweep_stop (self->sweep);
      g_clear_object (&self->sweep);
    }
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_SWEEP_DIALOG);
  G_OBJECT_CLASS (mf_sweep_dialog_parent_class)->dispose (object);
}

static void
mf_sweep_dialog_finalize (GObject *object)
{
  MfSweepDialog *self = MF_SWEEP_DIALOG (object);

  g_ptr_array_unref (self->component_ids);
  g_array_unref (self->param_indices);
  g_string_free (self->failures, TRUE);
  g_free (self->progress_text);
  G_OBJECT_CLASS (mf_sweep_dialog_parent_class)->finalize (object);
}

static void
mf_sweep_dialog_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MfSweepDialog *self = MF_SWEEP_DIALOG (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, mf_sweep_dialog_get_running (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_sweep_dialog_class_init (MfSweepDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = mf_sweep_dialog_dispose;
  object_class->finalize = mf_sweep_dialog_finalize;
  object_class->get_property = mf_sweep_dialog_get_property;
  window_class->close_request = mf_sweep_dialog_close_request;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_RUN_ADDED] =
    g_signal_new ("run-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, MF_TYPE_RUN_RECORD);
  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/"
                                               "mf-sweep-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MfSweepDialog, component_row);
  gtk_widget_class_bind_template_child (widget_class, MfSweepDialog, parameter_row);
  gtk_widget_class_bind_template_child (widget_class, MfSweepDialog, values_view);
  gtk_widget_class_bind_template_child (widget_class, MfSweepDialog, values_message);
  gtk_widget_class_bind_template_child (widget_class, MfSweepDialog, current_label);
  gtk_widget_class_bind_template_child (widget_class, MfSweepDialog, progress_label);
  gtk_widget_class_bind_template_child (widget_class, MfSweepDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, MfSweepDialog, failure_label);
  gtk_widget_class_bind_template_child (widget_class, MfSweepDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, MfSweepDialog, stop_button);
  gtk_widget_class_bind_template_callback (widget_class, on_component_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_parameter_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_clicked);
}

static void
mf_sweep_dialog_init (MfSweepDialog *self)
{
  self->component_ids = g_ptr_array_new_with_free_func (g_free);
  self->param_indices = g_array_new (FALSE, FALSE, sizeof (guint));
  self->failures = g_string_new (NULL);
  self->progress_text = g_strdup ("");
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (gtk_text_view_get_buffer (self->values_view), "changed",
                    G_CALLBACK (on_values_changed), self);
}

/* ---- public -------------------------------------------------------------- */

GtkWidget *
mf_sweep_dialog_new (GtkWindow *parent, MfEditDocument *document, const char *component_id)
{
  MfSweepDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (document), NULL);

  self = g_object_new (MF_TYPE_SWEEP_DIALOG, "transient-for", parent, "modal", TRUE,
                       "destroy-with-parent", TRUE, NULL);
  self->document = g_object_ref (document);
  g_signal_connect (document, "changed", G_CALLBACK (on_document_changed), self);
  fill_components (self, component_id);
  return GTK_WIDGET (self);
}

gboolean
mf_sweep_dialog_select (MfSweepDialog *self, const char *component_id, const char *parameter)
{
  const MfComponentTypeInfo *info;

  g_return_val_if_fail (MF_IS_SWEEP_DIALOG (self), FALSE);

  for (guint i = 0; i < self->component_ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->component_ids, i), component_id) == 0)
      {
        self->filling = TRUE;
        adw_combo_row_set_selected (self->component_row, i);
        self->filling = FALSE;
        fill_parameters (self, parameter);
        if (parameter == NULL)
          return TRUE;
        info = picked_info (self, NULL);
        return picked_param (self) != NULL && info != NULL &&
               g_strcmp0 (picked_param (self)->name, parameter) == 0;
      }
  return FALSE;
}

const char *
mf_sweep_dialog_get_component (MfSweepDialog *self)
{
  guint picked;

  g_return_val_if_fail (MF_IS_SWEEP_DIALOG (self), NULL);
  picked = adw_combo_row_get_selected (self->component_row);
  if (picked == GTK_INVALID_LIST_POSITION || picked >= self->component_ids->len)
    return NULL;
  return g_ptr_array_index (self->component_ids, picked);
}

const char *
mf_sweep_dialog_get_parameter (MfSweepDialog *self)
{
  const MfParamSpec *spec;

  g_return_val_if_fail (MF_IS_SWEEP_DIALOG (self), NULL);
  spec = picked_param (self);
  return spec != NULL ? spec->name : NULL;
}

void
mf_sweep_dialog_set_values_text (MfSweepDialog *self, const char *text)
{
  g_return_if_fail (MF_IS_SWEEP_DIALOG (self));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->values_view), text, -1);
}

char **
mf_sweep_dialog_get_values (MfSweepDialog *self, GError **error)
{
  const MfParamSpec *spec;
  MfQuantityRule rule;
  g_autofree char *text = NULL;

  g_return_val_if_fail (MF_IS_SWEEP_DIALOG (self), NULL);

  spec = picked_param (self);
  if (spec == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Pick a component and a parameter to vary"));
      return NULL;
    }
  mf_quantity_rule_from_param (&rule, spec);
  /* every run needs a value: "use the default" is not one */
  rule.required = TRUE;
  text = values_text (self);
  return mf_sweep_values_parse (&rule, text, error);
}

gboolean
mf_sweep_dialog_start (MfSweepDialog *self, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_auto (GStrv) values = NULL;
  g_autofree char *text = NULL;
  g_autofree char *first = NULL;

  g_return_val_if_fail (MF_IS_SWEEP_DIALOG (self), FALSE);

  if (self->sweep != NULL)
    return TRUE;
  values = mf_sweep_dialog_get_values (self, &local);
  if (values != NULL)
    {
      text = mf_edit_document_to_data (self->document, NULL);
      self->sweep = mf_sweep_new (text, mf_sweep_dialog_get_component (self),
                                  mf_sweep_dialog_get_parameter (self),
                                  (const char *const *) values, &local);
    }
  if (self->sweep == NULL)
    {
      gtk_label_set_text (self->failure_label, local->message);
      gtk_widget_set_visible (GTK_WIDGET (self->failure_label), TRUE);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }

  self->n_started = 0;
  self->n_failed = 0;
  g_string_truncate (self->failures, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->failure_label), FALSE);
  first = g_strdup_printf (g_dngettext (NULL, "Starting %u run", "Starting %u runs",
                                       mf_sweep_get_n_values (self->sweep)),
                          mf_sweep_get_n_values (self->sweep));
  set_progress (self, first, 0);
  g_signal_connect (self->sweep, "run-added", G_CALLBACK (on_sweep_run_added), self);
  g_signal_connect (self->sweep, "failed", G_CALLBACK (on_sweep_failed), self);
  g_signal_connect (self->sweep, "finished", G_CALLBACK (on_sweep_finished), self);
  update_buttons (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  mf_sweep_start (self->sweep);
  return TRUE;
}

void
mf_sweep_dialog_stop (MfSweepDialog *self)
{
  g_return_if_fail (MF_IS_SWEEP_DIALOG (self));

  /* "finished" follows at once and clears the sweep */
  if (self->sweep != NULL)
    mf_sweep_stop (self->sweep);
}

gboolean
mf_sweep_dialog_get_running (MfSweepDialog *self)
{
  g_return_val_if_fail (MF_IS_SWEEP_DIALOG (self), FALSE);
  return self->sweep != NULL;
}

const char *
mf_sweep_dialog_get_progress_text (MfSweepDialog *self)
{
  g_return_val_if_fail (MF_IS_SWEEP_DIALOG (self), NULL);
  return self->progress_text;
}
