/* mf-run-record.c: one run's data.
 *
 * Each column is a GArray of doubles that doubles its capacity when full,
 * so a long run costs a logarithmic number of reallocations.  A run whose
 * length is known reserves it up front (mf_run_record_reserve()): the ~26
 * columns would otherwise double at the same sample counts, and one frame's
 * drain would copy hundreds of megabytes.  A segment
 * keeps, for every column, where its value sits in the segment's samples
 * (or -1: NaN), so appending is one pass over the columns.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-run-record.h"

#include <math.h>
#include <string.h>

#include "mf-run-outcome.h"

/* Room for this many samples at first: a second of a run at 1 ms. */
#define INITIAL_SAMPLES 1024

typedef struct
{
  char   *name;
  char   *unit;
  GArray *values; /* double, one per sample */
  int     source; /* index of the value in the current segment's samples, or -1 */
} Column;

struct _MfRunRecord
{
  GObject       parent_instance;

  char         *label;
  char         *note;
  MfRunProvenance *provenance;
  gboolean      shown;
  MfSimStatus   status;
  GError       *error;

  GArray       *times;          /* double */
  GArray       *modes;          /* guint */
  GPtrArray    *columns;        /* Column* */
  GArray       *segment_starts; /* guint: the first sample of each segment */
  guint         n_segment_values;
  guint         reserved;       /* samples every column has room for */
  GStrv         mode_names;
  GArray       *log;            /* MfSimLogEntry, strings owned */

  char         *method;
  gboolean      has_stats;
  MfSimulationStats stats;
  char         *summary;
  MfStepRecord *steps;
};

enum
{
  PROP_0,
  PROP_LABEL,
  PROP_NOTE,
  PROP_SHOWN,
  PROP_STATUS,
  PROP_SUMMARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MfRunRecord, mf_run_record, G_TYPE_OBJECT)

static void
column_free (gpointer data)
{
  Column *column = data;

  g_free (column->name);
  g_free (column->unit);
  g_array_unref (column->values);
  g_free (column);
}

static void
mf_run_record_finalize (GObject *object)
{
  MfRunRecord *self = MF_RUN_RECORD (object);

  g_free (self->label);
  g_free (self->note);
  mf_run_provenance_free (self->provenance);
  g_clear_error (&self->error);
  g_array_unref (self->times);
  g_array_unref (self->modes);
  g_ptr_array_unref (self->columns);
  g_array_unref (self->segment_starts);
  g_strfreev (self->mode_names);
  g_array_unref (self->log);
  g_free (self->method);
  g_free (self->summary);
  mf_step_record_free (self->steps);
  G_OBJECT_CLASS (mf_run_record_parent_class)->finalize (object);
}

static void
mf_run_record_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MfRunRecord *self = MF_RUN_RECORD (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_NOTE:
      g_value_set_string (value, self->note);
      break;
    case PROP_SHOWN:
      g_value_set_boolean (value, self->shown);
      break;
    case PROP_STATUS:
      g_value_set_enum (value, self->status);
      break;
    case PROP_SUMMARY:
      g_value_set_string (value, self->summary);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_run_record_set_property (GObject *object, guint prop_id, const GValue *value,
                            GParamSpec *pspec)
{
  MfRunRecord *self = MF_RUN_RECORD (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      mf_run_record_set_label (self, g_value_get_string (value));
      break;
    case PROP_NOTE:
      mf_run_record_set_note (self, g_value_get_string (value));
      break;
    case PROP_SHOWN:
      mf_run_record_set_shown (self, g_value_get_boolean (value));
      break;
    case PROP_STATUS:
      mf_run_record_set_status (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_run_record_class_init (MfRunRecordClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mf_run_record_finalize;
  object_class->get_property = mf_run_record_get_property;
  object_class->set_property = mf_run_record_set_property;

  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NOTE] =
    g_param_spec_string ("note", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOWN] =
    g_param_spec_boolean ("shown", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATUS] =
    g_param_spec_enum ("status", NULL, NULL, MF_TYPE_SIM_STATUS, MF_SIM_STATUS_IDLE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUMMARY] =
    g_param_spec_string ("summary", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mf_run_record_init (MfRunRecord *self)
{
  self->label = g_strdup ("");
  self->note = g_strdup ("");
  self->times = g_array_sized_new (FALSE, FALSE, sizeof (double), INITIAL_SAMPLES);
  self->modes = g_array_sized_new (FALSE, FALSE, sizeof (guint), INITIAL_SAMPLES);
  self->columns = g_ptr_array_new_with_free_func (column_free);
  self->segment_starts = g_array_new (FALSE, FALSE, sizeof (guint));
  self->log = mf_sim_log_new ();
  self->steps = mf_step_record_new ();
}

MfRunRecord *
mf_run_record_new (const char *label)
{
  return g_object_new (MF_TYPE_RUN_RECORD, "label", label != NULL ? label : "", NULL);
}

const char *
mf_run_record_get_label (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);
  return self->label;
}

void
mf_run_record_set_label (MfRunRecord *self, const char *label)
{
  g_return_if_fail (MF_IS_RUN_RECORD (self));

  if (label == NULL)
    label = "";
  if (g_strcmp0 (self->label, label) == 0)
    return;
  g_free (self->label);
  self->label = g_strdup (label);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

const char *
mf_run_record_get_note (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);
  return self->note;
}

void
mf_run_record_set_note (MfRunRecord *self, const char *note)
{
  g_return_if_fail (MF_IS_RUN_RECORD (self));

  if (note == NULL)
    note = "";
  if (g_strcmp0 (self->note, note) == 0)
    return;
  g_free (self->note);
  self->note = g_strdup (note);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTE]);
}

char *
mf_run_record_dup_title (MfRunRecord *self, gboolean full)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);

  if (!full)
    return mf_run_title_short (self->label, self->note);
  return mf_run_title_long (self->label,
                            self->provenance != NULL
                              ? mf_run_provenance_get_settings (self->provenance) : NULL,
                            self->note);
}

void
mf_run_record_set_provenance (MfRunRecord *self, MfRunProvenance *provenance)
{
  g_return_if_fail (MF_IS_RUN_RECORD (self));

  mf_run_provenance_free (self->provenance);
  self->provenance = provenance;
}

const MfRunProvenance *
mf_run_record_get_provenance (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);
  return self->provenance;
}

gboolean
mf_run_record_get_shown (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), FALSE);
  return self->shown;
}

void
mf_run_record_set_shown (MfRunRecord *self, gboolean shown)
{
  g_return_if_fail (MF_IS_RUN_RECORD (self));

  shown = !!shown;
  if (self->shown == shown)
    return;
  self->shown = shown;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN]);
}

MfSimStatus
mf_run_record_get_status (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), MF_SIM_STATUS_IDLE);
  return self->status;
}

void
mf_run_record_set_status (MfRunRecord *self, MfSimStatus status)
{
  g_return_if_fail (MF_IS_RUN_RECORD (self));

  if (self->status == status)
    return;
  self->status = status;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

/* ---- samples ---- */

static Column *
column_new (MfRunRecord *self, const char *name, const char *unit)
{
  Column *column = g_new0 (Column, 1);
  guint n = self->times->len;

  column->name = g_strdup (name);
  column->unit = g_strdup (unit != NULL ? unit : "");
  column->values = g_array_sized_new (FALSE, FALSE, sizeof (double),
                                      MAX (MAX (n, self->reserved), INITIAL_SAMPLES));
  g_array_set_size (column->values, n);
  for (guint i = 0; i < n; i++)
    g_array_index (column->values, double, i) = NAN;
  g_ptr_array_add (self->columns, column);
  return column;
}

/* The first column named `name` that no value of the segment has taken. */
static Column *
find_free_column (MfRunRecord *self, const char *name)
{
  for (guint c = 0; c < self->columns->len; c++)
    {
      Column *column = g_ptr_array_index (self->columns, c);

      if (column->source < 0 && strcmp (column->name, name) == 0)
        return column;
    }
  return NULL;
}

void
mf_run_record_begin_segment (MfRunRecord       *self,
                             guint              n,
                             const char *const *names,
                             const char *const *units)
{
  guint start;

  g_return_if_fail (MF_IS_RUN_RECORD (self));
  g_return_if_fail (n == 0 || names != NULL);

  for (guint c = 0; c < self->columns->len; c++)
    ((Column *) g_ptr_array_index (self->columns, c))->source = -1;
  for (guint i = 0; i < n; i++)
    {
      const char *unit = units != NULL ? units[i] : NULL;
      Column *column = find_free_column (self, names[i]);

      if (column == NULL)
        column = column_new (self, names[i], unit);
      else if (column->unit[0] == '\0' && unit != NULL && unit[0] != '\0')
        {
          g_free (column->unit);
          column->unit = g_strdup (unit);
        }
      column->source = (int) i;
    }
  self->n_segment_values = n;
  start = self->times->len;
  g_array_append_val (self->segment_starts, start);
}

void
mf_run_record_append (MfRunRecord *self, double t, guint mode, const double *values)
{
  g_return_if_fail (MF_IS_RUN_RECORD (self));
  g_return_if_fail (self->n_segment_values == 0 || values != NULL);

  g_array_append_val (self->times, t);
  g_array_append_val (self->modes, mode);
  for (guint c = 0; c < self->columns->len; c++)
    {
      Column *column = g_ptr_array_index (self->columns, c);
      double value = column->source >= 0 ? values[column->source] : NAN;

      g_array_append_val (column->values, value);
    }
}

/* Growing the length and back keeps the room: GArray never shrinks. */
static void
array_reserve (GArray *array, guint n)
{
  guint len = array->len;

  if (n <= len)
    return;
  g_array_set_size (array, n);
  g_array_set_size (array, len);
}

void
mf_run_record_reserve (MfRunRecord *self, guint n_samples)
{
  g_return_if_fail (MF_IS_RUN_RECORD (self));

  if (n_samples <= self->reserved)
    return;
  self->reserved = n_samples;
  array_reserve (self->times, n_samples);
  array_reserve (self->modes, n_samples);
  for (guint c = 0; c < self->columns->len; c++)
    array_reserve (((Column *) g_ptr_array_index (self->columns, c))->values, n_samples);
}

guint
mf_run_record_get_capacity (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), 0);
  return MAX (self->reserved, self->times->len);
}

guint
mf_run_record_get_n_samples (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), 0);
  return self->times->len;
}

const double *
mf_run_record_get_times (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);
  return (const double *) self->times->data;
}

const guint *
mf_run_record_get_modes (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);
  return (const guint *) self->modes->data;
}

guint
mf_run_record_get_n_columns (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), 0);
  return self->columns->len;
}

static Column *
get_column (MfRunRecord *self, guint column)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);
  return g_ptr_array_index (self->columns, column);
}

const char *
mf_run_record_get_column_name (MfRunRecord *self, guint column)
{
  Column *c = get_column (self, column);

  return c != NULL ? c->name : NULL;
}

const char *
mf_run_record_get_column_unit (MfRunRecord *self, guint column)
{
  Column *c = get_column (self, column);

  return c != NULL ? c->unit : NULL;
}

int
mf_run_record_find_column (MfRunRecord *self, const char *name)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), -1);
  g_return_val_if_fail (name != NULL, -1);

  for (guint c = 0; c < self->columns->len; c++)
    if (strcmp (((Column *) g_ptr_array_index (self->columns, c))->name, name) == 0)
      return (int) c;
  return -1;
}

double
mf_run_interpolate (const double *times, const double *values, guint n, double t)
{
  guint lo = 0, hi = n;

  if (n == 0 || !(t >= times[0] && t <= times[n - 1]))
    return NAN;
  /* the first sample after t: times[lo - 1] <= t < times[lo] */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (times[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == n)
    return values[n - 1]; /* t is the last time */
  return values[lo - 1]
         + (values[lo] - values[lo - 1]) * (t - times[lo - 1]) / (times[lo] - times[lo - 1]);
}

double
mf_run_record_value_at (MfRunRecord *self, const char *name, double t)
{
  int column;

  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NAN);
  g_return_val_if_fail (name != NULL, NAN);

  column = mf_run_record_find_column (self, name);
  if (column < 0)
    return NAN;
  return mf_run_interpolate ((const double *) self->times->data,
                             mf_run_record_get_column (self, (guint) column), self->times->len, t);
}

const double *
mf_run_record_get_column (MfRunRecord *self, guint column)
{
  Column *c = get_column (self, column);

  return c != NULL ? (const double *) c->values->data : NULL;
}

guint
mf_run_record_get_n_segments (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), 0);
  return self->segment_starts->len;
}

guint
mf_run_record_get_segment_start (MfRunRecord *self, guint segment)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), 0);
  g_return_val_if_fail (segment < self->segment_starts->len, 0);
  return g_array_index (self->segment_starts, guint, segment);
}

/* ---- modes, log and outcome ---- */

void
mf_run_record_set_mode_names (MfRunRecord *self, const char *const *names)
{
  g_return_if_fail (MF_IS_RUN_RECORD (self));

  g_strfreev (self->mode_names);
  self->mode_names = g_strdupv ((char **) names);
}

const char *
mf_run_record_get_mode_name (MfRunRecord *self, guint mode)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);

  if (self->mode_names == NULL || mode >= g_strv_length (self->mode_names))
    return NULL;
  return self->mode_names[mode];
}

void
mf_run_record_add_log (MfRunRecord *self, const MfSimLogEntry *entry)
{
  MfSimLogEntry copy;

  g_return_if_fail (MF_IS_RUN_RECORD (self));
  g_return_if_fail (entry != NULL);

  copy = *entry;
  copy.component = g_strdup (entry->component);
  copy.from = g_strdup (entry->from);
  copy.to = g_strdup (entry->to);
  copy.states = g_strdup (entry->states);
  g_array_append_val (self->log, copy);
}

guint
mf_run_record_get_n_log (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), 0);
  return self->log->len;
}

const MfSimLogEntry *
mf_run_record_get_log (MfRunRecord *self, guint i)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);
  g_return_val_if_fail (i < self->log->len, NULL);
  return &g_array_index (self->log, MfSimLogEntry, i);
}

void
mf_run_record_set_outcome (MfRunRecord *self, MfSimStatus status, const GError *error)
{
  g_return_if_fail (MF_IS_RUN_RECORD (self));

  g_clear_error (&self->error);
  if (status == MF_SIM_STATUS_FAILED && error != NULL)
    self->error = g_error_copy (error);
  mf_run_record_set_status (self, status);
}

const GError *
mf_run_record_get_error (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);
  return self->error;
}

/* ---- the solver ---- */

/* The summary anew; "summary" is notified when it or a count changed. */
static void
update_summary (MfRunRecord *self, gboolean counts_changed)
{
  g_autofree char *summary = NULL;

  if (!self->has_stats)
    return;
  summary = mf_run_stats_summary (self->method, &self->stats);
  if (!counts_changed && g_strcmp0 (summary, self->summary) == 0)
    return;
  g_free (self->summary);
  self->summary = g_steal_pointer (&summary);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUMMARY]);
}

void
mf_run_record_set_method (MfRunRecord *self, const char *method)
{
  g_return_if_fail (MF_IS_RUN_RECORD (self));

  if (g_strcmp0 (self->method, method) == 0)
    return;
  g_free (self->method);
  self->method = g_strdup (method);
  update_summary (self, FALSE);
}

const char *
mf_run_record_get_method (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);
  return self->method;
}

void
mf_run_record_set_stats (MfRunRecord *self, const MfSimulationStats *stats)
{
  MfSimulationStats old = self->stats;
  gboolean counts_changed;

  g_return_if_fail (MF_IS_RUN_RECORD (self));
  g_return_if_fail (stats != NULL);

  /* the wall time moves on every frame of a live run: it alone changes
   * the summary only where that reads differently */
  old.wall_time = stats->wall_time;
  counts_changed = !self->has_stats || memcmp (&old, stats, sizeof old) != 0;
  self->stats = *stats;
  self->has_stats = TRUE;
  update_summary (self, counts_changed);
}

const MfSimulationStats *
mf_run_record_get_stats (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);
  return self->has_stats ? &self->stats : NULL;
}

const char *
mf_run_record_get_summary (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);
  return self->summary;
}

void
mf_run_record_add_steps (MfRunRecord *self, const MfStepEntry *entries, guint n)
{
  g_return_if_fail (MF_IS_RUN_RECORD (self));
  mf_step_record_append (self->steps, entries, n);
}

const MfStepRecord *
mf_run_record_get_steps (MfRunRecord *self)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (self), NULL);
  return self->steps;
}

/* ---- rows ---- */

/* The same as mf_run_record_append() row by row, column by column: the
 * columns grow once and are filled in one pass each. */
void
mf_run_record_append_rows (MfRunRecord *self, const double *rows, guint n_rows, guint stride)
{
  guint len = self->times->len;
  double *times;
  guint *modes;

  g_return_if_fail (MF_IS_RUN_RECORD (self));

  g_array_set_size (self->times, len + n_rows);
  g_array_set_size (self->modes, len + n_rows);
  times = &g_array_index (self->times, double, len);
  modes = &g_array_index (self->modes, guint, len);
  for (guint r = 0; r < n_rows; r++)
    {
      times[r] = rows[(gsize) r * stride];
      modes[r] = (guint) rows[(gsize) r * stride + 1];
    }
  for (guint c = 0; c < self->columns->len; c++)
    {
      Column *column = g_ptr_array_index (self->columns, c);
      double *to;

      g_array_set_size (column->values, len + n_rows);
      to = &g_array_index (column->values, double, len);
      if (column->source < 0)
        for (guint r = 0; r < n_rows; r++)
          to[r] = NAN;
      else
        {
          /* after the time and the mode */
          const double *from = rows + 2 + column->source;

          for (guint r = 0; r < n_rows; r++)
            to[r] = from[(gsize) r * stride];
        }
    }
}
