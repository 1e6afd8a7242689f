/* mf-step-record.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-step-record.h"

/* Room for this many entries at first: the steps of a short adaptive run. */
#define INITIAL_ENTRIES 256

struct _MfStepRecord
{
  GArray  *entries; /* MfStepEntry */
  guint64  n_steps;
  guint64  n_rejected;
};

MfStepRecord *
mf_step_record_new (void)
{
  MfStepRecord *self = g_new0 (MfStepRecord, 1);

  self->entries = g_array_sized_new (FALSE, FALSE, sizeof (MfStepEntry), INITIAL_ENTRIES);
  return self;
}

void
mf_step_record_free (MfStepRecord *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->entries);
  g_free (self);
}

void
mf_step_record_clear (MfStepRecord *self)
{
  g_array_set_size (self->entries, 0);
  self->n_steps = self->n_rejected = 0;
}

void
mf_step_record_add_step (MfStepRecord *self, double t, double h, double t_end, guint order)
{
  MfStepEntry entry = { t, t_end, h, 1, (guint8) MIN (order, G_MAXUINT8), FALSE };

  self->n_steps++;
  if (self->entries->len > 0)
    {
      MfStepEntry *last = &g_array_index (self->entries, MfStepEntry, self->entries->len - 1);

      if (!last->rejected && last->t_end == t && last->h == h && last->order == entry.order
          && last->count < G_MAXUINT32)
        {
          last->t_end = t_end;
          last->count++;
          return;
        }
    }
  g_array_append_val (self->entries, entry);
}

void
mf_step_record_add_rejected (MfStepRecord *self, double t, double h, guint order)
{
  MfStepEntry entry = { t, t + h, h, 1, (guint8) MIN (order, G_MAXUINT8), TRUE };

  self->n_rejected++;
  g_array_append_val (self->entries, entry);
}

void
mf_step_record_append (MfStepRecord *self, const MfStepEntry *entries, guint n)
{
  for (guint i = 0; i < n; i++)
    if (entries[i].rejected)
      self->n_rejected++;
    else
      self->n_steps += entries[i].count;
  g_array_append_vals (self->entries, entries, n);
}

void
mf_step_record_truncate (MfStepRecord *self, guint n_entries)
{
  for (guint i = n_entries; i < self->entries->len; i++)
    {
      const MfStepEntry *entry = &g_array_index (self->entries, MfStepEntry, i);

      if (entry->rejected)
        self->n_rejected--;
      else
        self->n_steps -= entry->count;
    }
  if (n_entries < self->entries->len)
    g_array_set_size (self->entries, n_entries);
}

guint
mf_step_record_get_n_entries (const MfStepRecord *self)
{
  return self->entries->len;
}

const MfStepEntry *
mf_step_record_get_entries (const MfStepRecord *self)
{
  return (const MfStepEntry *) self->entries->data;
}

const MfStepEntry *
mf_step_record_step_at (const MfStepRecord *self, double t)
{
  const MfStepEntry *entries = (const MfStepEntry *) self->entries->data;
  guint lo = 0, hi = self->entries->len;

  /* the first entry that starts after t; entries start in time order */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (entries[mid].t <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  /* back over refused tries to the accepted steps that reach t */
  while (lo > 0)
    {
      const MfStepEntry *e = &entries[--lo];

      if (!e->rejected)
        return t <= e->t_end ? e : NULL;
    }
  return NULL;
}

guint64
mf_step_record_get_n_steps (const MfStepRecord *self)
{
  return self->n_steps;
}

guint64
mf_step_record_get_n_rejected (const MfStepRecord *self)
{
  return self->n_rejected;
}
