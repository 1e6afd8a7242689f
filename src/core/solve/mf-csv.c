/* mf-csv.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-csv.h"

#include <string.h>

#include "mf-decimal.h"
#include "mf-simulation.h"

/* Rows are written in chunks of about this size: one write per row would be
 * one system call per sample. */
#define MF_CSV_CHUNK 65536

struct _MfCsvWriter
{
  GOutputStream *out;
  guint          n_values; /* the outputs, then the switches */
  GString       *buffer;
  gboolean       closed;
};

/* RFC 4180: a field holding a separator, a quote or a line break is quoted,
 * its quotes doubled. */
static void
append_field (GString *buffer, const char *field)
{
  if (strpbrk (field, ",\"\r\n") == NULL)
    {
      g_string_append (buffer, field);
      return;
    }
  g_string_append_c (buffer, '"');
  for (const char *c = field; *c != '\0'; c++)
    {
      if (*c == '"')
        g_string_append_c (buffer, '"');
      g_string_append_c (buffer, *c);
    }
  g_string_append_c (buffer, '"');
}

static void
append_column_name (GString *buffer, const char *name, const char *unit)
{
  g_autofree char *field = NULL;

  if (unit == NULL || unit[0] == '\0')
    field = g_strdup (name);
  else
    field = g_strdup_printf ("%s [%s]", name, unit);
  g_string_append_c (buffer, ',');
  append_field (buffer, field);
}

/* "%.10g" with '.' for the decimal point in every locale. */
static void
append_number (GString *buffer, double value)
{
  char text[MF_DECIMAL_SIZE];
  gsize length = mf_decimal_format (text, value);

  g_string_append_len (buffer, text, (gssize) length);
}

static gboolean
writer_flush_buffer (MfCsvWriter *self, GError **error)
{
  gboolean ok = g_output_stream_write_all (self->out, self->buffer->str, self->buffer->len,
                                           NULL, NULL, error);

  g_string_truncate (self->buffer, 0);
  return ok;
}

MfCsvWriter *
mf_csv_writer_new_for_columns (GOutputStream      *out,
                               guint               n_columns,
                               const char *const  *names,
                               const char *const  *units,
                               GError            **error)
{
  MfCsvWriter *self = g_new0 (MfCsvWriter, 1);

  self->out = g_object_ref (out);
  self->n_values = n_columns;
  self->buffer = g_string_sized_new (MF_CSV_CHUNK + 1024);

  g_string_append (self->buffer, "t [s]");
  for (guint i = 0; i < n_columns; i++)
    append_column_name (self->buffer, names[i], units != NULL ? units[i] : NULL);
  g_string_append (self->buffer, ",solver.mode\n");
  if (!writer_flush_buffer (self, error))
    {
      mf_csv_writer_free (self);
      return NULL;
    }
  return self;
}

MfCsvWriter *
mf_csv_writer_new (GOutputStream *out, const MfModel *model, GError **error)
{
  guint n_outputs = mf_model_n_outputs (model);
  guint n_switches = mf_simulation_n_switches (model);
  guint n = n_outputs + n_switches;
  g_autoptr (GPtrArray) names = g_ptr_array_new_full (n, g_free);
  g_autoptr (GPtrArray) units = g_ptr_array_new_full (n, NULL);

  for (guint i = 0; i < n_outputs; i++)
    {
      g_ptr_array_add (names, g_strdup (mf_model_output_name (model, i)));
      g_ptr_array_add (units, (gpointer) mf_model_output_unit (model, i));
    }
  for (guint i = 0; i < n_switches; i++)
    {
      g_ptr_array_add (names, mf_simulation_switch_name (model, i));
      g_ptr_array_add (units, NULL);
    }
  return mf_csv_writer_new_for_columns (out, n, (const char *const *) names->pdata,
                                        (const char *const *) units->pdata, error);
}

gboolean
mf_csv_writer_add (MfCsvWriter *self, double t, guint mode, const double *outputs, GError **error)
{
  char text[MF_DECIMAL_SIZE];

  g_return_val_if_fail (!self->closed, FALSE);

  append_number (self->buffer, t);
  for (guint i = 0; i < self->n_values; i++)
    {
      g_string_append_c (self->buffer, ',');
      append_number (self->buffer, outputs[i]);
    }
  g_snprintf (text, sizeof text, ",%u\n", mode);
  g_string_append (self->buffer, text);
  if (self->buffer->len >= MF_CSV_CHUNK)
    return writer_flush_buffer (self, error);
  return TRUE;
}

gboolean
mf_csv_writer_close (MfCsvWriter *self, GError **error)
{
  g_return_val_if_fail (!self->closed, FALSE);

  self->closed = TRUE;
  return writer_flush_buffer (self, error) && g_output_stream_flush (self->out, NULL, error);
}

void
mf_csv_writer_free (MfCsvWriter *self)
{
  if (self == NULL)
    return;
  g_object_unref (self->out);
  g_string_free (self->buffer, TRUE);
  g_free (self);
}
