/* mf-compare-dialog.c: the Compare Methods dialog.
 *
 * Explicit Euler's limit comes from the circuit linearised at the start
 * (mf-linearization.h, in a worker thread, as the Stiffness window does
 * it), computed again after each edit while that preset is chosen.  The
 * table (mf-compare-table.h) follows the records' "summary" and "status",
 * which change as the runs drain.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-compare-dialog.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-error.h"
#include "mf-linearization.h"
#include "mf-method.h"

#define N_RUNS 2
/* the methods of "Explicit vs implicit" */
#define EXPLICIT_METHOD "rkf45"
#define IMPLICIT_METHOD "msbdf"

struct _MfCompareDialog
{
  AdwWindow        parent_instance;

  MfEditDocument  *document;
  MfSweep         *sweep;
  MfRunRecord     *records[N_RUNS];
  MfCompareTable  *table;
  MfLinearization *linearization; /* at the start, for Euler's limit; NULL until known */
  char            *limit_error;   /* why there is none */
  GCancellable    *cancellable;
  char            *limit_text;
  gboolean         filling;       /* rows set from code: their handlers do nothing */

  /* template children */
  AdwComboRow     *preset_row;
  AdwComboRow     *first_row;
  AdwComboRow     *second_row;
  AdwActionRow    *margin_row;
  GtkSpinButton   *margin_spin;
  GtkLabel        *limit_label;
  GtkGrid         *grid;
  GtkLabel        *failure_label;
  GtkLabel        *progress_label;
  GtkButton       *start_button;
  GtkButton       *stop_button;
};

G_DEFINE_FINAL_TYPE (MfCompareDialog, mf_compare_dialog, ADW_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_RUNNING,
  PROP_BUSY,
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

static void show_limit (MfCompareDialog *self);
static void plan_changed (MfCompareDialog *self);

/* ---- the methods -------------------------------------------------------- */

static void
fill_methods (MfCompareDialog *self)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  guint n;
  const MfMethod *methods = mf_method_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item = g_strdup_printf ("%s — %s", methods[i].name, _(methods[i].label));

      gtk_string_list_append (names, item);
    }
  adw_combo_row_set_model (self->first_row, G_LIST_MODEL (names));
  adw_combo_row_set_model (self->second_row, G_LIST_MODEL (names));
}

static guint
method_index (const char *name)
{
  guint n;
  const MfMethod *methods = mf_method_list (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (methods[i].name, name) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

static const char *
row_method (AdwComboRow *row)
{
  guint n, i = adw_combo_row_get_selected (row);
  const MfMethod *methods = mf_method_list (&n);

  return i < n ? methods[i].name : NULL;
}

static void
select_methods (MfCompareDialog *self, const char *first, const char *second)
{
  self->filling = TRUE;
  adw_combo_row_set_selected (self->first_row, method_index (first));
  adw_combo_row_set_selected (self->second_row, method_index (second));
  self->filling = FALSE;
}

/* ---- explicit Euler's limit --------------------------------------------- */

static double
margin (MfCompareDialog *self)
{
  return gtk_spin_button_get_value (self->margin_spin) / 100;
}

/* "grows ×3.2 over the run (116/s)", "decays, the slowest mode at 8.3/s". */
static char *
growth_text (const MfMethodVariant *variant, const MfStiffness *s, double t_end)
{
  double rate = mf_method_variants_growth_rate (variant->method, variant->step,
                                                s->eigenvalues, s->n);

  if (!isfinite (rate))
    return g_strdup ("");
  if (rate <= 0)
    /* Translators: a fixed step inside the stability limit; %.3g is a rate, 1/s */
    return g_strdup_printf (_("every mode decays, the slowest at %.3g/s"), -rate);
  /* Translators: a fixed step outside the stability limit: the fastest mode grows by a
   * factor over the run's time, at a rate in 1/s */
  return g_strdup_printf (_("the fastest mode grows ×%.3g over the run (%.3g/s)"),
                          exp (MIN (rate * t_end, 700)), rate);
}

static void
show_limit (MfCompareDialog *self)
{
  MfMethodVariant variants[N_RUNS];
  g_autofree char *text = NULL;

  if (mf_compare_dialog_get_preset (self) != MF_COMPARE_EULER_LIMIT)
    text = g_strdup ("");
  else if (self->cancellable != NULL)
    text = g_strdup (_("Finding explicit Euler’s largest stable step at the start…"));
  else if (self->linearization == NULL)
    text = g_strdup (self->limit_error != NULL ? self->limit_error : "");
  else if (!mf_compare_dialog_get_variants (self, variants, NULL))
    text = g_strdup (_("No fixed step keeps explicit Euler stable here: a mode that does not "
                       "decay, or none that limits the step."));
  else
    {
      const MfStiffness *s = mf_linearization_get_stiffness (self->linearization);
      g_autofree char *t_end = mf_edit_document_get_simulation_text (self->document, "t_end");
      double run = t_end != NULL ? g_ascii_strtod (t_end, NULL) : 1;
      g_autofree char *inside = growth_text (&variants[0], s, run);
      g_autofree char *outside = growth_text (&variants[1], s, run);

      text = g_strdup_printf (_("Explicit Euler is stable up to h = %.3g s at the start. "
                                "Inside, h = %.3g s: %s. Outside, h = %.3g s: %s."),
                              s->euler_step, variants[0].step, inside, variants[1].step,
                              outside);
    }
  g_free (self->limit_text);
  self->limit_text = g_steal_pointer (&text);
  gtk_label_set_text (self->limit_label, self->limit_text);
  gtk_widget_set_visible (GTK_WIDGET (self->limit_label), self->limit_text[0] != '\0');
}

static void
limit_computed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;
  MfLinearization *linearization = mf_linearization_compute_finish (result, &error);
  MfCompareDialog *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = MF_COMPARE_DIALOG (user_data);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->limit_error, g_free);
  self->linearization = linearization;
  if (linearization == NULL)
    self->limit_error = g_strdup_printf (_("The circuit cannot be linearised at the start: %s"),
                                         error->message);
  show_limit (self);
  plan_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* Forgets the limit, and finds it again when the preset needs it. */
static void
find_limit (MfCompareDialog *self)
{
  g_autofree char *text = NULL;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->linearization, mf_linearization_free);
  if (mf_compare_dialog_get_preset (self) == MF_COMPARE_EULER_LIMIT)
    {
      text = mf_edit_document_to_data (self->document, NULL);
      self->cancellable = g_cancellable_new ();
      /* the task holds no reference: a cancelled one never comes back to us */
      mf_linearization_compute_async (text, -1, "compare", NULL, self->cancellable,
                                      limit_computed, self);
    }
  show_limit (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* ---- the table ---------------------------------------------------------- */

static void
update_table (MfCompareDialog *self)
{
  MfMethodVariant variants[N_RUNS];
  gboolean planned = mf_compare_dialog_get_variants (self, variants, NULL);

  for (guint k = 0; k < N_RUNS; k++)
    {
      g_autofree char *label = planned && self->records[k] == NULL
                               ? mf_method_variant_label (&variants[k]) : NULL;

      mf_compare_table_show (self->table, k, self->records[k], label);
    }
}

/* The runs to come changed: the table shows them, not the last ones. */
static void
plan_changed (MfCompareDialog *self)
{
  if (self->sweep != NULL)
    return;
  for (guint k = 0; k < N_RUNS; k++)
    g_clear_object (&self->records[k]);
  update_table (self);
}

/* ---- the rows ----------------------------------------------------------- */

static void
update_rows (MfCompareDialog *self)
{
  MfComparePreset preset = mf_compare_dialog_get_preset (self);
  gboolean running = self->sweep != NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->margin_row), preset == MF_COMPARE_EULER_LIMIT);
  gtk_widget_set_sensitive (GTK_WIDGET (self->first_row),
                            !running && preset != MF_COMPARE_EULER_LIMIT);
  gtk_widget_set_sensitive (GTK_WIDGET (self->second_row),
                            !running && preset != MF_COMPARE_EULER_LIMIT);
  gtk_widget_set_sensitive (GTK_WIDGET (self->preset_row), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->margin_row), !running);
  gtk_widget_set_visible (GTK_WIDGET (self->stop_button), running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), !running);
}

static void
on_preset_selected (AdwComboRow *row, GParamSpec *pspec, MfCompareDialog *self)
{
  if (self->filling)
    return;
  switch (mf_compare_dialog_get_preset (self))
    {
    case MF_COMPARE_EXPLICIT_IMPLICIT:
      select_methods (self, EXPLICIT_METHOD, IMPLICIT_METHOD);
      break;
    case MF_COMPARE_EULER_LIMIT:
      select_methods (self, "euler", "euler");
      break;
    case MF_COMPARE_CUSTOM:
    default:
      break;
    }
  update_rows (self);
  find_limit (self);
  plan_changed (self);
}

static void
on_method_selected (AdwComboRow *row, GParamSpec *pspec, MfCompareDialog *self)
{
  if (self->filling)
    return;
  /* a method chosen by hand: Custom */
  self->filling = TRUE;
  adw_combo_row_set_selected (self->preset_row, MF_COMPARE_CUSTOM);
  self->filling = FALSE;
  update_rows (self);
  find_limit (self);
  plan_changed (self);
}

static void
on_margin_changed (GtkSpinButton *spin, MfCompareDialog *self)
{
  show_limit (self);
  plan_changed (self);
}

static void
on_document_changed (MfEditDocument *document, MfCompareDialog *self)
{
  find_limit (self);
}

/* ---- running ------------------------------------------------------------ */

static void
on_run_added (MfSweep *sweep, MfRunRecord *record, MfCompareDialog *self)
{
  guint k = mf_sweep_get_records (sweep)->len - 1;
  g_autofree char *text = g_strdup_printf (_("Run %u of %u: %s"), k + 1, N_RUNS,
                                           mf_run_record_get_label (record));

  gtk_label_set_text (self->progress_label, text);
  g_set_object (&self->records[k], record);
  g_signal_connect_object (record, "notify::summary", G_CALLBACK (update_table), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (record, "notify::status", G_CALLBACK (update_table), self,
                           G_CONNECT_SWAPPED);
  update_table (self);
  mf_run_record_set_shown (record, TRUE);
  g_signal_emit (self, signals[SIGNAL_RUN_ADDED], 0, record);
}

static void
on_finished (MfSweep *sweep, MfCompareDialog *self)
{
  gboolean cut = mf_sweep_get_records (sweep)->len < N_RUNS;

  for (guint k = 0; k < N_RUNS; k++)
    if (self->records[k] != NULL
        && mf_run_record_get_status (self->records[k]) == MF_SIM_STATUS_STOPPED)
      cut = TRUE;
  gtk_label_set_text (self->progress_label, cut ? _("Stopped") : _("Both runs done"));
  g_signal_handlers_disconnect_by_data (sweep, self);
  g_clear_object (&self->sweep);
  update_rows (self);
  update_table (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

static void
on_start_clicked (GtkButton *button, MfCompareDialog *self)
{
  mf_compare_dialog_start (self, NULL);
}

static void
on_stop_clicked (GtkButton *button, MfCompareDialog *self)
{
  mf_compare_dialog_stop (self);
}

gboolean
mf_compare_dialog_start (MfCompareDialog *self, GError **error)
{
  MfMethodVariant variants[N_RUNS];
  g_autoptr (GError) local = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (MF_IS_COMPARE_DIALOG (self), FALSE);

  if (self->sweep != NULL)
    return TRUE;
  if (mf_compare_dialog_get_variants (self, variants, &local))
    {
      text = mf_edit_document_to_data (self->document, NULL);
      self->sweep = mf_method_variants_new_sweep (text, variants, N_RUNS, &local);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->failure_label), self->sweep == NULL);
  if (self->sweep == NULL)
    {
      gtk_label_set_text (self->failure_label, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  for (guint k = 0; k < N_RUNS; k++)
    g_clear_object (&self->records[k]);
  g_signal_connect (self->sweep, "run-added", G_CALLBACK (on_run_added), self);
  g_signal_connect (self->sweep, "finished", G_CALLBACK (on_finished), self);
  update_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  mf_sweep_start (self->sweep);
  return TRUE;
}

void
mf_compare_dialog_stop (MfCompareDialog *self)
{
  g_return_if_fail (MF_IS_COMPARE_DIALOG (self));

  /* "finished" follows at once and clears the sweep */
  if (self->sweep != NULL)
    mf_sweep_stop (self->sweep);
}

gboolean
mf_compare_dialog_get_running (MfCompareDialog *self)
{
  g_return_val_if_fail (MF_IS_COMPARE_DIALOG (self), FALSE);
  return self->sweep != NULL;
}

static gboolean
mf_compare_dialog_close_request (GtkWindow *window)
{
  mf_compare_dialog_stop (MF_COMPARE_DIALOG (window));
  return GTK_WINDOW_CLASS (mf_compare_dialog_parent_class)->close_request (window);
}

/* ---- the public accessors ----------------------------------------------- */

void
mf_compare_dialog_set_preset (MfCompareDialog *self, MfComparePreset preset)
{
  g_return_if_fail (MF_IS_COMPARE_DIALOG (self));
  g_return_if_fail (preset <= MF_COMPARE_CUSTOM);
  adw_combo_row_set_selected (self->preset_row, preset);
}

MfComparePreset
mf_compare_dialog_get_preset (MfCompareDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->preset_row);

  return selected <= MF_COMPARE_CUSTOM ? (MfComparePreset) selected : MF_COMPARE_CUSTOM;
}

gboolean
mf_compare_dialog_set_methods (MfCompareDialog *self, const char *first, const char *second)
{
  g_return_val_if_fail (MF_IS_COMPARE_DIALOG (self), FALSE);

  if (mf_method_lookup (first) == NULL || mf_method_lookup (second) == NULL)
    return FALSE;
  adw_combo_row_set_selected (self->first_row, method_index (first));
  /* the first choice made it Custom already */
  adw_combo_row_set_selected (self->second_row, method_index (second));
  adw_combo_row_set_selected (self->preset_row, MF_COMPARE_CUSTOM);
  return TRUE;
}

void
mf_compare_dialog_set_margin (MfCompareDialog *self, double value)
{
  g_return_if_fail (MF_IS_COMPARE_DIALOG (self));
  gtk_spin_button_set_value (self->margin_spin, value * 100);
}

gboolean
mf_compare_dialog_get_variants (MfCompareDialog *self, MfMethodVariant variants[2],
                                GError **error)
{
  g_return_val_if_fail (MF_IS_COMPARE_DIALOG (self), FALSE);

  if (mf_compare_dialog_get_preset (self) != MF_COMPARE_EULER_LIMIT)
    {
      variants[0] = (MfMethodVariant) { row_method (self->first_row), 0 };
      variants[1] = (MfMethodVariant) { row_method (self->second_row), 0 };
      if (variants[0].method != NULL && variants[1].method != NULL)
        return TRUE;
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("Choose two methods"));
      return FALSE;
    }
  if (self->linearization == NULL)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID, "%s",
                   self->cancellable != NULL
                     ? _("Explicit Euler’s largest stable step is still being found")
                     : self->limit_error != NULL ? self->limit_error : "");
      return FALSE;
    }
  if (mf_method_variants_euler_limit (mf_linearization_get_stiffness (self->linearization),
                                      margin (self), variants))
    return TRUE;
  g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
               _("No fixed step keeps explicit Euler stable for this circuit"));
  return FALSE;
}

const char *
mf_compare_dialog_get_limit_text (MfCompareDialog *self)
{
  g_return_val_if_fail (MF_IS_COMPARE_DIALOG (self), NULL);
  return self->limit_text;
}

gboolean
mf_compare_dialog_get_busy (MfCompareDialog *self)
{
  g_return_val_if_fail (MF_IS_COMPARE_DIALOG (self), FALSE);
  return self->cancellable != NULL;
}

const char *
mf_compare_dialog_get_cell (MfCompareDialog *self, guint row, guint run)
{
  g_return_val_if_fail (MF_IS_COMPARE_DIALOG (self), NULL);
  return mf_compare_table_get_cell (self->table, row, run);
}

/* ---- GObject ------------------------------------------------------------ */

static void
mf_compare_dialog_dispose (GObject *object)
{
  MfCompareDialog *self = MF_COMPARE_DIALOG (object);

  if (self->sweep != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->sweep, self);
      mf_sweep_stop (self->sweep);
      g_clear_object (&self->sweep);
    }
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  for (guint k = 0; k < N_RUNS; k++)
    g_clear_object (&self->records[k]);
  gtk_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_COMPARE_DIALOG);
  G_OBJECT_CLASS (mf_compare_dialog_parent_class)->dispose (object);
}

static void
mf_compare_dialog_finalize (GObject *object)
{
  MfCompareDialog *self = MF_COMPARE_DIALOG (object);

  mf_compare_table_free (self->table);
  g_clear_pointer (&self->linearization, mf_linearization_free);
  g_free (self->limit_error);
  g_free (self->limit_text);
  G_OBJECT_CLASS (mf_compare_dialog_parent_class)->finalize (object);
}

static void
mf_compare_dialog_get_property (GObject *object, guint prop_id, GValue *value,
                                GParamSpec *pspec)
{
  MfCompareDialog *self = MF_COMPARE_DIALOG (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, mf_compare_dialog_get_running (self));
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, mf_compare_dialog_get_busy (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_compare_dialog_class_init (MfCompareDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = mf_compare_dialog_dispose;
  object_class->finalize = mf_compare_dialog_finalize;
  object_class->get_property = mf_compare_dialog_get_property;
  window_class->close_request = mf_compare_dialog_close_request;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
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
                                               "mf-compare-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MfCompareDialog, preset_row);
  gtk_widget_class_bind_template_child (widget_class, MfCompareDialog, first_row);
  gtk_widget_class_bind_template_child (widget_class, MfCompareDialog, second_row);
  gtk_widget_class_bind_template_child (widget_class, MfCompareDialog, margin_row);
  gtk_widget_class_bind_template_child (widget_class, MfCompareDialog, margin_spin);
  gtk_widget_class_bind_template_child (widget_class, MfCompareDialog, limit_label);
  gtk_widget_class_bind_template_child_full (widget_class, "table", FALSE,
                                            G_STRUCT_OFFSET (MfCompareDialog, grid));
  gtk_widget_class_bind_template_child (widget_class, MfCompareDialog, failure_label);
  gtk_widget_class_bind_template_child (widget_class, MfCompareDialog, progress_label);
  gtk_widget_class_bind_template_child (widget_class, MfCompareDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, MfCompareDialog, stop_button);
  gtk_widget_class_bind_template_callback (widget_class, on_preset_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_method_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_margin_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_clicked);
}

static void
mf_compare_dialog_init (MfCompareDialog *self)
{
  self->filling = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  fill_methods (self);
  self->table = mf_compare_table_new (self->grid, N_RUNS);
  self->filling = FALSE;
}

GtkWidget *
mf_compare_dialog_new (GtkWindow *parent, MfEditDocument *document)
{
  MfCompareDialog *self;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (document), NULL);

  self = g_object_new (MF_TYPE_COMPARE_DIALOG, "transient-for", parent, "modal", FALSE, NULL);
  self->document = g_object_ref (document);
  g_signal_connect (document, "changed", G_CALLBACK (on_document_changed), self);
  select_methods (self, EXPLICIT_METHOD, IMPLICIT_METHOD);
  update_rows (self);
  show_limit (self);
  update_table (self);
  return GTK_WIDGET (self);
}
