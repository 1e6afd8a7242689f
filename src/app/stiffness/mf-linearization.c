/* mf-linearization.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-linearization.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-document.h"
#include "mf-error.h"
#include "mf-simulation.h"

struct _MfLinearization
{
  MfStiffness *stiffness;
  char        *mode;
  char        *method;
  double       fixed_step;
};

void
mf_linearization_free (MfLinearization *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->stiffness, mf_stiffness_free);
  g_free (self->mode);
  g_free (self->method);
  g_free (self);
}

/* At the first sample of a run: the initial state, made consistent. */
static MfStiffness *
at_start (MfModel *model, const MfSimulationOptions *options, GCancellable *cancellable,
          guint *mode, GError **error)
{
  guint n_values = mf_model_n_outputs (model) + mf_simulation_n_switches (model);
  g_autofree double *values = g_new0 (double, MAX (n_values, 1));
  double t;

  if (!mf_simulation_sample_at (model, options, 0.0, cancellable, &t, mode, values, error))
    return NULL;
  return mf_stiffness_at_sample (model, *mode, t, values, options->rtol, error);
}

static void
missing (const char *name, GError **error)
{
  g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
               /* Translators: a state or switch of the circuit the run did not record */
               _("the run has no value “%s”: the circuit changed since the run; run it again"),
               name);
}

/* The sample's values in the order of the circuit's outputs and switches,
 * matched by name: every state and switch must be there, the other
 * outputs (pressures, σ) play no part and are NaN where missing. */
static double *
values_by_name (MfModel *model, const MfLinearizationPoint *point, GError **error)
{
  guint n_outputs = mf_model_n_outputs (model), n_switches = mf_simulation_n_switches (model);
  g_autofree double *values = g_new (double, MAX (n_outputs + n_switches, 1));
  g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = point->n_values; i-- > 0;)
    g_hash_table_insert (index, (gpointer) point->names[i], GUINT_TO_POINTER (i + 1));
  for (guint i = 0; i < n_outputs + n_switches; i++)
    {
      g_autofree char *switch_name =
        i >= n_outputs ? mf_simulation_switch_name (model, i - n_outputs) : NULL;
      const char *name = switch_name != NULL ? switch_name : mf_model_output_name (model, i);
      guint column = GPOINTER_TO_UINT (g_hash_table_lookup (index, name));

      if (column == 0 && switch_name != NULL)
        {
          missing (name, error);
          return NULL;
        }
      values[i] = column > 0 ? point->values[column - 1] : NAN;
    }
  for (guint i = 0; i < mf_model_n_states (model); i++)
    {
      const char *name = mf_model_state_name (model, i);

      if (!g_hash_table_contains (index, name))
        {
          missing (name, error);
          return NULL;
        }
    }
  return g_steal_pointer (&values);
}

static MfStiffness *
at_sample (MfModel *model, const MfCircuit *circuit, const MfLinearizationPoint *point,
           double rtol, guint *mode, GError **error)
{
  int found = mf_circuit_find_mode (circuit, point->mode);
  g_autofree double *values = NULL;

  if (found < 0)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                   /* Translators: the mode a run was in, which the circuit no longer has */
                   _("the circuit has no mode “%s” any more: run it again"), point->mode);
      return NULL;
    }
  values = values_by_name (model, point, error);
  if (values == NULL)
    return NULL;
  *mode = (guint) found;
  return mf_stiffness_at_sample (model, (guint) found, point->t, values, rtol, error);
}

MfLinearization *
mf_linearization_compute (const char *data, gssize length, const char *name,
                          const MfLinearizationPoint *point, GCancellable *cancellable,
                          GError **error)
{
  g_autoptr (GPtrArray) diagnostics =
    g_ptr_array_new_with_free_func ((GDestroyNotify) mf_diagnostic_free);
  g_autoptr (MfLinearization) self = g_new0 (MfLinearization, 1);
  MfDocument *document;
  MfModel *model = NULL;
  const MfCircuit *circuit;
  MfSimulationOptions options;
  guint mode = 0;

  g_return_val_if_fail (data != NULL && name != NULL, NULL);
  document = mf_document_load_data (data, length, name, diagnostics, error);
  if (document == NULL)
    return NULL;
  circuit = mf_document_get_circuit (document);
  if (!g_cancellable_set_error_if_cancelled (cancellable, error))
    model = mf_document_new_model (document, diagnostics, error);
  if (model != NULL)
    {
      mf_simulation_options_from_circuit (&options, circuit);
      self->method = g_strdup (options.method);
      self->fixed_step = options.step;
      self->stiffness =
        point == NULL ? at_start (model, &options, cancellable, &mode, error)
                      : at_sample (model, circuit, point, options.rtol, &mode, error);
      if (self->stiffness != NULL)
        self->mode = g_strdup (((const MfMode *) circuit->modes->pdata[mode])->name);
      mf_model_free (model);
    }
  mf_document_free (document);
  return self->stiffness != NULL ? g_steal_pointer (&self) : NULL;
}

/* ---- in a worker thread ---- */

typedef struct
{
  char                 *data;
  gsize                 length;
  char                 *name;
  gboolean              at_sample;
  MfLinearizationPoint  point;
  char                 *mode;
  char                **names;
  double               *values;
} Job;

static void
job_free (Job *job)
{
  g_free (job->data);
  g_free (job->name);
  g_free (job->mode);
  g_strfreev (job->names);
  g_free (job->values);
  g_free (job);
}

static void
compute_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  GError *error = NULL;
  MfLinearization *result =
    mf_linearization_compute (job->data, (gssize) job->length, job->name,
                              job->at_sample ? &job->point : NULL, cancellable, &error);

  if (result != NULL)
    g_task_return_pointer (task, result, (GDestroyNotify) mf_linearization_free);
  else
    g_task_return_error (task, error);
}

void
mf_linearization_compute_async (const char *data, gssize length, const char *name,
                                const MfLinearizationPoint *point, GCancellable *cancellable,
                                GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  job->length = length < 0 ? strlen (data) : (gsize) length;
  job->data = g_memdup2 (data, job->length + 1);
  job->data[job->length] = '\0';
  job->name = g_strdup (name);
  if (point != NULL)
    {
      job->at_sample = TRUE;
      job->mode = g_strdup (point->mode);
      job->names = g_new0 (char *, point->n_values + 1);
      for (guint i = 0; i < point->n_values; i++)
        job->names[i] = g_strdup (point->names[i]);
      job->values = g_memdup2 (point->values, point->n_values * sizeof (double));
      job->point = (MfLinearizationPoint) { point->t, job->mode, point->n_values,
                                            (const char *const *) job->names, job->values };
    }
  g_task_set_source_tag (task, mf_linearization_compute_async);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, compute_in_thread);
}

MfLinearization *
mf_linearization_compute_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

const MfStiffness *
mf_linearization_get_stiffness (const MfLinearization *self)
{
  return self->stiffness;
}

const char *
mf_linearization_get_mode (const MfLinearization *self)
{
  return self->mode;
}

const char *
mf_linearization_get_method (const MfLinearization *self)
{
  return self->method;
}

double
mf_linearization_get_fixed_step (const MfLinearization *self)
{
  return self->fixed_step;
}
