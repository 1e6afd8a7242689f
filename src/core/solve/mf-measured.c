/* mf-measured.c: a CSV file of measurements read into SI, and the error of
 * a simulated quantity against one of its columns (mf-measured.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-measured.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"

/* A field of a row: its text (unquoted) and the column it starts at. */
typedef struct
{
  char *text;
  guint column; /* 1-based, in characters */
} Field;

static void
field_clear (gpointer data)
{
  g_free (((Field *) data)->text);
}

static void
column_free (MfMeasuredColumn *c)
{
  g_free (c->name);
  g_free (c->unit);
  g_free (c->values);
  g_free (c);
}

void
mf_measured_free (MfMeasured *m)
{
  if (m == NULL)
    return;
  g_free (m->name);
  g_free (m->t);
  g_ptr_array_unref (m->columns);
  g_free (m);
}

/* Splits `line` (without its end) at `separator`, quotes as in RFC 4180.
 * FALSE with the error when a quote is left open. */
static gboolean
split (const char *name, guint line_no, const char *line, char separator, GArray *fields,
       GError **error)
{
  const char *p = line;

  g_array_set_size (fields, 0);
  for (;;)
    {
      GString *text = g_string_new (NULL);
      Field f = { NULL, (guint) g_utf8_strlen (line, p - line) + 1 };

      while (*p == ' ')
        p++;
      if (*p == '"')
        {
          const char *open = p++;

          for (;; p++)
            {
              if (*p == '\0')
                {
                  g_string_free (text, TRUE);
                  g_set_error (error, MF_ERROR, MF_ERROR_SYNTAX,
                               _("%s:%u:%u: a quote is opened and never closed"), name, line_no,
                               (guint) g_utf8_strlen (line, open - line) + 1);
                  return FALSE;
                }
              if (*p == '"' && p[1] == '"')
                g_string_append_c (text, *p++);
              else if (*p == '"')
                break;
              else
                g_string_append_c (text, *p);
            }
          p++;
          while (*p == ' ')
            p++;
        }
      else
        {
          while (*p != '\0' && *p != separator)
            g_string_append_c (text, *p++);
          while (text->len > 0 && text->str[text->len - 1] == ' ')
            g_string_truncate (text, text->len - 1);
        }
      f.text = g_string_free (text, FALSE);
      g_array_append_val (fields, f);
      if (*p != separator)
        break;
      p++;
    }
  return TRUE;
}

/* "C1.x [mm]" into the name and the unit (without brackets). */
static void
split_heading (const char *heading, char **name, char **unit)
{
  const char *open = strrchr (heading, '[');
  const char *close = open != NULL ? strchr (open, ']') : NULL;

  if (open == NULL || close == NULL || close[1] != '\0')
    {
      *name = g_strdup (heading);
      *unit = g_strdup ("");
      return;
    }
  *name = g_strstrip (g_strndup (heading, open - heading));
  *unit = g_strstrip (g_strndup (open + 1, close - open - 1));
}

/* The unit's SI factor and dimension; FALSE unless the whole of `unit`
 * is one unit.  No unit: factor 1, any dimension. */
static gboolean
unit_of (const char *unit, double *factor, MfDimension *dimension)
{
  *factor = 1.0;
  *dimension = (MfDimension) { 0, 0, 0, TRUE };
  if (unit[0] == '\0')
    return TRUE;
  return mf_unit_match (unit, factor, dimension) == strlen (unit);
}

/* A number, with a decimal comma when `comma` allows it; an empty text
 * is NAN.  FALSE when the text is no number. */
static gboolean
number_of (const char *text, gboolean comma, double *value)
{
  g_autofree char *copy = g_strdup (text);
  char *end;

  if (copy[0] == '\0')
    {
      *value = NAN;
      return TRUE;
    }
  if (comma)
    g_strdelimit (copy, ",", '.');
  *value = g_ascii_strtod (copy, &end);
  return end != copy && *end == '\0' && isfinite (*value);
}

/* The header's separator: the first of tab, semicolon, comma it holds. */
static char
separator_of (const char *header)
{
  if (strchr (header, '\t') != NULL)
    return '\t';
  if (strchr (header, ';') != NULL)
    return ';';
  return ',';
}

static gboolean
read_header (MfMeasured *m, const char *name, guint line_no, GArray *fields, double **factors,
             GError **error)
{
  MfDimension seconds = { 0, 0, 1, FALSE };

  if (fields->len < 2)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                   _("%s:%u:1: the header names time and no measured column; write it as "
                     "“t [s],C1.x [mm]”"),
                   name, line_no);
      return FALSE;
    }
  *factors = g_new (double, fields->len);
  for (guint k = 0; k < fields->len; k++)
    {
      Field *f = &g_array_index (fields, Field, k);
      MfMeasuredColumn *c = g_new0 (MfMeasuredColumn, 1);

      split_heading (f->text, &c->name, &c->unit);
      g_ptr_array_add (m->columns, c);
      if (c->name[0] == '\0')
        {
          g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("%s:%u:%u: a column has no name"),
                       name, line_no, f->column);
          return FALSE;
        }
      if (!unit_of (c->unit, &(*factors)[k], &c->dimension))
        {
          g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                       _("%s:%u:%u: “%s” is not a unit Manifold knows"), name, line_no,
                       f->column, c->unit);
          return FALSE;
        }
      if (k == 0 && !(c->dimension.any || mf_dimension_equal (c->dimension, seconds)))
        {
          g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                       _("%s:%u:%u: the first column must be time, in s or another unit of "
                         "time, not “%s”"),
                       name, line_no, f->column, c->unit);
          return FALSE;
        }
    }
  return TRUE;
}

MfMeasured *
mf_measured_parse (const char *text, gssize length, const char *name, GError **error)
{
  g_autoptr (MfMeasured) m = g_new0 (MfMeasured, 1);
  g_autofree char *copy = length < 0 ? g_strdup (text) : g_strndup (text, (gsize) length);
  g_auto (GStrv) lines = NULL;
  g_autoptr (GArray) fields = g_array_new (FALSE, TRUE, sizeof (Field));
  g_autoptr (GArray) t = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GPtrArray) values = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autofree double *factors = NULL;
  char separator = ',';
  gboolean header = TRUE;

  g_return_val_if_fail (text != NULL && name != NULL, NULL);

  g_array_set_clear_func (fields, field_clear);
  m->name = g_strdup (name);
  m->columns = g_ptr_array_new_with_free_func ((GDestroyNotify) column_free);
  if (!g_utf8_validate (copy, -1, NULL))
    {
      g_set_error (error, MF_ERROR, MF_ERROR_SYNTAX, _("%s: the file is not UTF-8 text"), name);
      return NULL;
    }
  lines = g_strsplit (copy, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = lines[i];
      guint line_no = i + 1;
      gsize len = strlen (line);

      if (len > 0 && line[len - 1] == '\r')
        line[len - 1] = '\0';
      if (i == 0 && g_str_has_prefix (line, "\xef\xbb\xbf")) /* a byte-order mark */
        memmove (line, line + 3, strlen (line + 3) + 1);
      if (line[strspn (line, " \t")] == '\0')
        continue;
      if (header)
        separator = separator_of (line);
      if (!split (name, line_no, line, separator, fields, error))
        return NULL;
      if (header)
        {
          if (!read_header (m, name, line_no, fields, &factors, error))
            return NULL;
          for (guint k = 1; k < fields->len; k++)
            g_ptr_array_add (values, g_array_new (FALSE, FALSE, sizeof (double)));
          header = FALSE;
          continue;
        }
      if (fields->len != m->columns->len)
        {
          g_set_error (error, MF_ERROR, MF_ERROR_SYNTAX,
                       _("%s:%u:1: the row has %u fields, the header %u"), name, line_no,
                       fields->len, m->columns->len);
          return NULL;
        }
      for (guint k = 0; k < fields->len; k++)
        {
          Field *f = &g_array_index (fields, Field, k);
          double v;

          if (!number_of (f->text, separator != ',', &v))
            {
              g_set_error (error, MF_ERROR, MF_ERROR_SYNTAX, _("%s:%u:%u: “%s” is not a number"),
                           name, line_no, f->column, f->text);
              return NULL;
            }
          v *= factors[k];
          if (k > 0)
            {
              g_array_append_val (g_ptr_array_index (values, k - 1), v);
              continue;
            }
          if (isnan (v))
            {
              g_set_error (error, MF_ERROR, MF_ERROR_SYNTAX, _("%s:%u:%u: the time is missing"),
                           name, line_no, f->column);
              return NULL;
            }
          if (t->len > 0 && !(v > g_array_index (t, double, t->len - 1)))
            {
              g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                           _("%s:%u:%u: the time %s does not come after the row before"), name,
                           line_no, f->column, f->text);
              return NULL;
            }
          g_array_append_val (t, v);
        }
    }
  if (header || t->len == 0)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                   _("%s: no measurements: a header and at least one row are needed"), name);
      return NULL;
    }
  /* the time column is the rows' times, not a measured column */
  g_ptr_array_remove_index (m->columns, 0);
  m->n_rows = t->len;
  m->t = (double *) g_array_free (g_steal_pointer (&t), FALSE);
  for (guint k = 0; k < m->columns->len; k++)
    {
      MfMeasuredColumn *c = g_ptr_array_index (m->columns, k);

      c->values = g_array_steal (g_ptr_array_index (values, k), NULL);
    }
  return g_steal_pointer (&m);
}

MfMeasured *
mf_measured_load (GFile *file, GCancellable *cancellable, GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr (GError) local = NULL;
  gsize length;

  if (!g_file_load_contents (file, cancellable, &contents, &length, NULL, &local))
    {
      g_set_error (error, MF_ERROR, MF_ERROR_IO, _("%s: %s"), name, local->message);
      return NULL;
    }
  return mf_measured_parse (contents, (gssize) length, name, error);
}

const MfMeasuredColumn *
mf_measured_find (const MfMeasured *m, const char *name)
{
  for (guint k = 0; k < m->columns->len; k++)
    {
      const MfMeasuredColumn *c = g_ptr_array_index (m->columns, k);

      if (strcmp (c->name, name) == 0)
        return c;
    }
  return NULL;
}

gboolean
mf_measured_error (const MfMeasured *m, const MfMeasuredColumn *column, const double *sim_t,
                   const double *sim_y, guint n_sim, MfMeasuredError *out)
{
  double sum = 0.0, sum2 = 0.0;
  guint k = 0;

  memset (out, 0, sizeof *out);
  if (n_sim == 0)
    return FALSE;
  for (guint i = 0; i < m->n_rows; i++)
    {
      double t = m->t[i], y, d;

      if (isnan (column->values[i]) || t < sim_t[0] || t > sim_t[n_sim - 1])
        continue;
      /* the simulated samples around t: sim_t[k] <= t < sim_t[k + 1] */
      while (k + 1 < n_sim && sim_t[k + 1] <= t)
        k++;
      if (k + 1 < n_sim && sim_t[k + 1] > sim_t[k])
        y = sim_y[k] + (sim_y[k + 1] - sim_y[k]) * (t - sim_t[k]) / (sim_t[k + 1] - sim_t[k]);
      else
        y = sim_y[k];
      if (!isfinite (y))
        continue;
      d = y - column->values[i];
      sum += d;
      sum2 += d * d;
      if (out->n == 0 || fabs (d) > out->max_abs)
        {
          out->max_abs = fabs (d);
          out->t_max = t;
        }
      out->n++;
    }
  if (out->n == 0)
    return FALSE;
  out->mean = sum / out->n;
  out->rms = sqrt (sum2 / out->n);
  return TRUE;
}
