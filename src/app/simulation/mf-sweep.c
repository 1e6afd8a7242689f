/* mf-sweep.c: a parameter sweep, or any list of variants of a document
 * run one after the other.
 *
 * Every variant of the document is made and checked by MfEditDocument's
 * own set_param() when the sweep is made — the same check as the
 * properties panel's — so a value that would not load is refused before
 * anything runs, and the runs get finished texts.  One MfSimWorker runs
 * them one after the other; a timeout drains it into the record of the run
 * under way.  The next run starts from an idle callback, not from inside
 * the worker's own "finished" emission.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sweep.h"

#include <glib/gi18n.h>

#include "mf-edit-document.h"
#include "mf-error.h"
#include "mf-run-provenance.h"

/* How often the run under way is drained (ms): about two frames. */
#define DRAIN_INTERVAL 30

struct _MfSweep
{
  GObject       parent_instance;

  GPtrArray    *texts;      /* char*: the document for each value */
  GPtrArray    *labels;     /* char*: "C1.mass = 2 kg" */
  GStrv         mode_names;
  GPtrArray    *records;    /* MfRunRecord* */

  gboolean      started;
  gboolean      running;
  guint         next;       /* the value whose run starts next */
  MfSimWorker  *worker;
  GMainContext *context;
  GSource      *drain_source;
  GSource      *next_source;
};

enum
{
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

enum
{
  RUN_ADDED,
  FINISHED,
  FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MfSweep, mf_sweep, G_TYPE_OBJECT)

static void
clear_source (GSource **source)
{
  if (*source == NULL)
    return;
  g_source_destroy (*source);
  g_clear_pointer (source, g_source_unref);
}

static void
drop_worker (MfSweep *self)
{
  if (self->worker == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->worker, self);
  /* freeing a worker stops its run; nothing reaches us afterwards */
  g_clear_object (&self->worker);
}

static void
mf_sweep_dispose (GObject *object)
{
  MfSweep *self = MF_SWEEP (object);

  clear_source (&self->drain_source);
  clear_source (&self->next_source);
  drop_worker (self);
  g_clear_pointer (&self->context, g_main_context_unref);
  G_OBJECT_CLASS (mf_sweep_parent_class)->dispose (object);
}

static void
mf_sweep_finalize (GObject *object)
{
  MfSweep *self = MF_SWEEP (object);

  g_ptr_array_unref (self->texts);
  g_ptr_array_unref (self->labels);
  g_strfreev (self->mode_names);
  g_ptr_array_unref (self->records);
  G_OBJECT_CLASS (mf_sweep_parent_class)->finalize (object);
}

static void
mf_sweep_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MfSweep *self = MF_SWEEP (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_sweep_class_init (MfSweepClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mf_sweep_dispose;
  object_class->finalize = mf_sweep_finalize;
  object_class->get_property = mf_sweep_get_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[RUN_ADDED] = g_signal_new ("run-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, MF_TYPE_RUN_RECORD);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
mf_sweep_init (MfSweep *self)
{
  self->texts = g_ptr_array_new_with_free_func (g_free);
  self->labels = g_ptr_array_new_with_free_func (g_free);
  self->records = g_ptr_array_new_with_free_func (g_object_unref);
}

/* ---- checking the values ---- */

/* The records name the document's modes as `doc` has them. */
static void
take_mode_names (MfSweep *self, MfEditDocument *doc)
{
  guint n_modes = mf_edit_document_get_n_modes (doc);

  self->mode_names = g_new0 (char *, MAX (n_modes, 1) + 1);
  if (n_modes == 0)
    self->mode_names[0] = g_strdup ("default");
  for (guint m = 0; m < n_modes; m++)
    self->mode_names[m] = g_strdup (mf_edit_document_get_mode_name (doc, m));
}

static const MfParamSpec *
find_param (const MfComponentTypeInfo *info, const char *parameter)
{
  for (guint i = 0; i < info->n_params; i++)
    if (g_strcmp0 (info->params[i].name, parameter) == 0)
      return &info->params[i];
  return NULL;
}

/* "C1.mass = 2 kg": the value as the document now holds it
 * (mf_run_param_value_text()). */
static char *
make_label (MfEditDocument *doc, int index, const char *component, const MfParamSpec *spec)
{
  g_autofree char *value = mf_run_param_value_text (doc, (guint) index, spec);

  return g_strdup_printf ("%s.%s = %s", component, spec->name, value);
}

static gboolean
load_variants (MfSweep           *self,
               const char        *document_text,
               const char        *component,
               const char        *parameter,
               const char *const *values,
               GError           **error)
{
  g_autoptr (MfEditDocument) doc = mf_edit_document_new ();
  g_autoptr (GError) local_error = NULL;
  const MfParamSpec *spec;
  int index;

  if (!mf_edit_document_load_data (doc, document_text, -1, "sweep", &local_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  _("The circuit does not load: "));
      return FALSE;
    }
  index = mf_edit_document_find_component (doc, component);
  if (index < 0)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("There is no component '%s'"), component);
      return FALSE;
    }
  spec = find_param (mf_edit_document_get_component_info (doc, (guint) index), parameter);
  if (spec == NULL || spec->kind != MF_PARAM_QUANTITY)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                   _("'%s' is not a parameter of %s that takes a value"), parameter, component);
      return FALSE;
    }
  if (values == NULL || values[0] == NULL)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("No values to sweep %s.%s over"),
                   component, parameter);
      return FALSE;
    }
  for (guint i = 0; values[i] != NULL; i++)
    {
      const char *value = values[i];
      g_autofree char *stripped = g_strstrip (g_strdup (value));

      /* set_param() reads "" as "back to the default", which is no value */
      if (stripped[0] == '\0')
        {
          g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("Value %u of %s.%s is empty"), i + 1,
                       component, parameter);
          return FALSE;
        }
      if (!mf_edit_document_set_param (doc, component, parameter, value, &local_error))
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error), _("%s.%s = '%s': "),
                                      component, parameter, value);
          return FALSE;
        }
      g_ptr_array_add (self->texts, mf_edit_document_to_data (doc, NULL));
      g_ptr_array_add (self->labels, make_label (doc, index, component, spec));
    }

  take_mode_names (self, doc);
  return TRUE;
}

MfSweep *
mf_sweep_new (const char        *document_text,
              const char        *component,
              const char        *parameter,
              const char *const *values,
              GError           **error)
{
  g_autoptr (MfSweep) self = NULL;

  g_return_val_if_fail (document_text != NULL, NULL);
  g_return_val_if_fail (component != NULL, NULL);
  g_return_val_if_fail (parameter != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (MF_TYPE_SWEEP, NULL);
  if (!load_variants (self, document_text, component, parameter, values, error))
    return NULL;
  return g_steal_pointer (&self);
}

MfSweep *
mf_sweep_new_variants (MfEditDocument    *document,
                       const char *const *texts,
                       const char *const *labels)
{
  MfSweep *self;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (document), NULL);
  g_return_val_if_fail (texts != NULL && texts[0] != NULL && labels != NULL, NULL);

  self = g_object_new (MF_TYPE_SWEEP, NULL);
  for (guint i = 0; texts[i] != NULL; i++)
    {
      g_return_val_if_fail (labels[i] != NULL, self);
      g_ptr_array_add (self->texts, g_strdup (texts[i]));
      g_ptr_array_add (self->labels, g_strdup (labels[i]));
    }
  take_mode_names (self, document);
  return self;
}

guint
mf_sweep_get_n_values (MfSweep *self)
{
  g_return_val_if_fail (MF_IS_SWEEP (self), 0);
  return self->texts->len;
}

const char *
mf_sweep_get_label (MfSweep *self, guint i)
{
  g_return_val_if_fail (MF_IS_SWEEP (self), NULL);
  g_return_val_if_fail (i < self->labels->len, NULL);
  return g_ptr_array_index (self->labels, i);
}

GPtrArray *
mf_sweep_get_records (MfSweep *self)
{
  g_return_val_if_fail (MF_IS_SWEEP (self), NULL);
  return self->records;
}

gboolean
mf_sweep_get_running (MfSweep *self)
{
  g_return_val_if_fail (MF_IS_SWEEP (self), FALSE);
  return self->running;
}

/* ---- running ---- */

static MfRunRecord *
current_record (MfSweep *self)
{
  if (self->next == 0 || self->next > self->records->len)
    return NULL;
  return g_ptr_array_index (self->records, self->next - 1);
}

static void
set_running (MfSweep *self, gboolean running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
finish (MfSweep *self)
{
  clear_source (&self->drain_source);
  clear_source (&self->next_source);
  drop_worker (self);
  set_running (self, FALSE);
  g_signal_emit (self, signals[FINISHED], 0);
}

static gboolean
drain_cb (gpointer user_data)
{
  MfSweep *self = user_data;
  MfRunRecord *record = current_record (self);

  if (record != NULL && self->worker != NULL)
    mf_run_record_drain (record, self->worker);
  return G_SOURCE_CONTINUE;
}

static void start_next (MfSweep *self);

static gboolean
next_cb (gpointer user_data)
{
  MfSweep *self = user_data;

  g_clear_pointer (&self->next_source, g_source_unref);
  start_next (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_next (MfSweep *self)
{
  clear_source (&self->next_source);
  self->next_source = g_idle_source_new ();
  g_source_set_callback (self->next_source, next_cb, self, NULL);
  g_source_attach (self->next_source, self->context);
}

static void
worker_finished_cb (MfSimWorker *worker, gpointer user_data)
{
  MfSweep *self = user_data;
  MfRunRecord *record = current_record (self);

  mf_run_record_drain (record, worker);
  mf_run_record_set_outcome (record, mf_sim_worker_get_status (worker), NULL);
  schedule_next (self);
}

static void
worker_failed_cb (MfSimWorker *worker, const GError *error, gpointer user_data)
{
  MfSweep *self = user_data;
  MfRunRecord *record = current_record (self);
  g_autoptr (GError) named = g_error_new (error->domain, error->code, "%s: %s",
                                          mf_run_record_get_label (record), error->message);

  mf_run_record_drain (record, worker);
  mf_run_record_set_outcome (record, MF_SIM_STATUS_FAILED, error);
  g_signal_emit (self, signals[FAILED], 0, named);
  schedule_next (self);
}

/* What the variant ran with, read from its text (which loaded when the
 * sweep was made). */
static void
set_provenance (MfRunRecord *record, const char *text)
{
  g_autoptr (MfEditDocument) doc = mf_edit_document_new ();

  if (mf_edit_document_load_data (doc, text, -1, "sweep", NULL))
    mf_run_record_set_provenance (record, mf_run_provenance_new_from_document (doc));
}

static void
start_next (MfSweep *self)
{
  g_autoptr (MfRunRecord) record = NULL;
  const char *text;
  guint i = self->next;

  if (i >= self->texts->len)
    {
      finish (self);
      return;
    }
  text = g_ptr_array_index (self->texts, i);
  record = mf_run_record_new (g_ptr_array_index (self->labels, i));
  set_provenance (record, text);
  mf_run_record_set_mode_names (record, (const char *const *) self->mode_names);
  mf_run_record_set_status (record, MF_SIM_STATUS_RUNNING);
  g_ptr_array_add (self->records, g_object_ref (record));
  self->next = i + 1;
  g_signal_emit (self, signals[RUN_ADDED], 0, record);
  /* a handler may have stopped the sweep */
  if (self->worker != NULL)
    mf_sim_worker_start (self->worker, text, -1, mf_run_record_get_label (record), NULL);
}

void
mf_sweep_start (MfSweep *self)
{
  g_return_if_fail (MF_IS_SWEEP (self));

  if (self->started)
    return;
  self->started = TRUE;
  self->context = g_main_context_ref_thread_default ();
  self->worker = mf_sim_worker_new ();
  g_signal_connect (self->worker, "finished", G_CALLBACK (worker_finished_cb), self);
  g_signal_connect (self->worker, "failed", G_CALLBACK (worker_failed_cb), self);
  self->drain_source = g_timeout_source_new (DRAIN_INTERVAL);
  g_source_set_callback (self->drain_source, drain_cb, self, NULL);
  g_source_attach (self->drain_source, self->context);
  set_running (self, TRUE);
  start_next (self);
}

void
mf_sweep_stop (MfSweep *self)
{
  MfRunRecord *record;

  g_return_if_fail (MF_IS_SWEEP (self));

  if (!self->running)
    return;
  record = current_record (self);
  if (record != NULL && mf_run_record_get_status (record) == MF_SIM_STATUS_RUNNING)
    {
      if (self->worker != NULL)
        mf_run_record_drain (record, self->worker);
      mf_run_record_set_outcome (record, MF_SIM_STATUS_STOPPED, NULL);
    }
  self->next = self->texts->len;
  finish (self);
}
