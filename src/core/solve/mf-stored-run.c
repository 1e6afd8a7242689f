/* mf-stored-run.c: a run as a file holds it, in memory (mf-stored-run.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stored-run.h"

#include <math.h>
#include <string.h>

typedef struct
{
  char  *name;
  char  *text;  /* NULL for a number */
  double value;
} Attribute;

typedef struct
{
  char  *name;
  GStrv  items;
} List;

static void
attribute_free (gpointer data)
{
  Attribute *attribute = data;

  g_free (attribute->name);
  g_free (attribute->text);
  g_free (attribute);
}

static void
list_free (gpointer data)
{
  List *list = data;

  g_free (list->name);
  g_strfreev (list->items);
  g_free (list);
}

void
mf_stored_event_clear (gpointer data)
{
  MfStoredEvent *event = data;

  g_free (event->component);
  g_free (event->from);
  g_free (event->to);
}

MfStoredRun *
mf_stored_run_new (void)
{
  MfStoredRun *self = g_new0 (MfStoredRun, 1);

  self->names = g_new0 (char *, 1);
  self->units = g_new0 (char *, 1);
  self->events = g_array_new (FALSE, FALSE, sizeof (MfStoredEvent));
  g_array_set_clear_func (self->events, mf_stored_event_clear);
  self->attributes = g_ptr_array_new_with_free_func (attribute_free);
  self->lists = g_ptr_array_new_with_free_func (list_free);
  return self;
}

void
mf_stored_run_free (MfStoredRun *self)
{
  if (self == NULL)
    return;
  for (guint c = 0; c < self->n_columns; c++)
    g_free (self->columns[c]);
  g_free (self->columns);
  g_strfreev (self->names);
  g_strfreev (self->units);
  g_free (self->times);
  g_free (self->modes);
  g_array_unref (self->events);
  g_ptr_array_unref (self->attributes);
  g_ptr_array_unref (self->lists);
  g_free (self);
}

void
mf_stored_run_set_samples (MfStoredRun *self, guint n, const double *times, const guint32 *modes)
{
  g_return_if_fail (self->n_columns == 0);

  g_free (self->times);
  g_free (self->modes);
  self->n_samples = n;
  self->times = g_memdup2 (times, (gsize) n * sizeof (double));
  self->modes = g_memdup2 (modes, (gsize) n * sizeof (guint32));
}

void
mf_stored_run_add_column (MfStoredRun *self, const char *name, const char *unit,
                          const double *values)
{
  guint c = self->n_columns++;

  self->names = g_renew (char *, self->names, c + 2);
  self->units = g_renew (char *, self->units, c + 2);
  self->columns = g_renew (double *, self->columns, c + 1);
  self->names[c] = g_strdup (name);
  self->units[c] = g_strdup (unit != NULL ? unit : "");
  self->names[c + 1] = self->units[c + 1] = NULL;
  self->columns[c] = g_memdup2 (values, (gsize) self->n_samples * sizeof (double));
}

void
mf_stored_run_add_event (MfStoredRun *self, double t, const char *component, const char *from,
                         const char *to)
{
  MfStoredEvent event = { t, g_strdup (component != NULL ? component : ""),
                          g_strdup (from != NULL ? from : ""), g_strdup (to != NULL ? to : "") };

  g_array_append_val (self->events, event);
}

static Attribute *
attribute_find (const MfStoredRun *self, const char *name)
{
  for (guint i = 0; i < self->attributes->len; i++)
    {
      Attribute *attribute = g_ptr_array_index (self->attributes, i);

      if (strcmp (attribute->name, name) == 0)
        return attribute;
    }
  return NULL;
}

static Attribute *
attribute_take (MfStoredRun *self, const char *name)
{
  Attribute *attribute = attribute_find (self, name);

  if (attribute == NULL)
    {
      attribute = g_new0 (Attribute, 1);
      attribute->name = g_strdup (name);
      g_ptr_array_add (self->attributes, attribute);
    }
  g_clear_pointer (&attribute->text, g_free);
  attribute->value = NAN;
  return attribute;
}

void
mf_stored_run_set_text (MfStoredRun *self, const char *name, const char *text)
{
  attribute_take (self, name)->text = g_strdup (text != NULL ? text : "");
}

void
mf_stored_run_set_number (MfStoredRun *self, const char *name, double value)
{
  attribute_take (self, name)->value = value;
}

const char *
mf_stored_run_get_text (const MfStoredRun *self, const char *name)
{
  Attribute *attribute = attribute_find (self, name);

  return attribute != NULL ? attribute->text : NULL;
}

double
mf_stored_run_get_number (const MfStoredRun *self, const char *name)
{
  Attribute *attribute = attribute_find (self, name);

  return attribute != NULL && attribute->text == NULL ? attribute->value : NAN;
}

guint
mf_stored_run_get_n_attributes (const MfStoredRun *self)
{
  return self->attributes->len;
}

const char *
mf_stored_run_get_attribute (const MfStoredRun *self, guint i, const char **text, double *value)
{
  Attribute *attribute = g_ptr_array_index (self->attributes, i);

  *text = attribute->text;
  *value = attribute->value;
  return attribute->name;
}

void
mf_stored_run_set_list (MfStoredRun *self, const char *name, const char *const *items)
{
  List *list = g_new0 (List, 1);

  for (guint i = 0; i < self->lists->len; i++)
    if (strcmp (((List *) g_ptr_array_index (self->lists, i))->name, name) == 0)
      g_ptr_array_remove_index (self->lists, i--);
  list->name = g_strdup (name);
  list->items = items != NULL ? g_strdupv ((char **) items) : g_new0 (char *, 1);
  g_ptr_array_add (self->lists, list);
}

const char *const *
mf_stored_run_get_list (const MfStoredRun *self, const char *name)
{
  for (guint i = 0; i < self->lists->len; i++)
    {
      List *list = g_ptr_array_index (self->lists, i);

      if (strcmp (list->name, name) == 0)
        return (const char *const *) list->items;
    }
  return NULL;
}

guint
mf_stored_run_get_n_lists (const MfStoredRun *self)
{
  return self->lists->len;
}

const char *
mf_stored_run_get_list_name (const MfStoredRun *self, guint i)
{
  return ((List *) g_ptr_array_index (self->lists, i))->name;
}
