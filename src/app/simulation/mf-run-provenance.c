/* mf-run-provenance.c: what a run ran with, and what differs now.
 *
 * The parameters are kept sorted by name, so that two provenances compare
 * in one merge-like pass and the differences read in a stable order.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-run-provenance.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mf-document-keys.h"
#include "mf-method.h"
#include "mf-quantity-text.h"

typedef struct
{
  char *name;
  char *value;
} Param;

struct _MfRunProvenance
{
  char   *settings;
  GArray *params; /* Param, sorted by name */
};

static void
param_clear (gpointer data)
{
  Param *param = data;

  g_free (param->name);
  g_free (param->value);
}

static int
param_compare (gconstpointer a, gconstpointer b)
{
  return strcmp (((const Param *) a)->name, ((const Param *) b)->name);
}

static MfRunProvenance *
provenance_new (const char *settings)
{
  MfRunProvenance *self = g_new0 (MfRunProvenance, 1);

  self->settings = g_strdup (settings != NULL ? settings : "");
  self->params = g_array_new (FALSE, FALSE, sizeof (Param));
  g_array_set_clear_func (self->params, param_clear);
  return self;
}

static void
add_param (MfRunProvenance *self, const char *name, const char *value)
{
  Param param = { g_strdup (name), g_strdup (value) };

  g_array_append_val (self->params, param);
}

MfRunProvenance *
mf_run_provenance_new (const char        *settings,
                       guint              n,
                       const char *const *names,
                       const char *const *values)
{
  MfRunProvenance *self = provenance_new (settings);

  g_return_val_if_fail (n == 0 || (names != NULL && values != NULL), self);

  for (guint i = 0; i < n; i++)
    add_param (self, names[i], values[i]);
  g_array_sort (self->params, param_compare);
  return self;
}

/* "msbdf, rtol 1e-6, atol 1e-9": the tolerances of a method that has an
 * error estimate and no fixed step, else the step. */
static char *
settings_text (MfEditDocument *document)
{
  g_autofree char *method = mf_edit_document_get_simulation_text (document,
                                                                  MF_KEY_SIMULATION_METHOD);
  g_autofree char *rtol = mf_edit_document_get_simulation_text (document,
                                                                MF_KEY_SIMULATION_RTOL);
  g_autofree char *atol = mf_edit_document_get_simulation_text (document,
                                                                MF_KEY_SIMULATION_ATOL);
  g_autofree char *step = mf_edit_document_get_simulation_text (document,
                                                                MF_KEY_SIMULATION_STEP);
  const MfMethod *info = method != NULL ? mf_method_lookup (method) : NULL;
  GString *text = g_string_new (method);

  if (step != NULL || (info != NULL && !info->adaptive))
    {
      if (step != NULL)
        /* Translators: a run's fixed step, after its method: "rk4, step 1e-4" */
        g_string_append_printf (text, _("%sstep %s"), text->len > 0 ? ", " : "", step);
    }
  else
    {
      if (rtol != NULL)
        /* Translators: a run's relative tolerance: "msbdf, rtol 1e-6" */
        g_string_append_printf (text, _("%srtol %s"), text->len > 0 ? ", " : "", rtol);
      if (atol != NULL)
        /* Translators: a run's absolute tolerance: "msbdf, rtol 1e-6, atol 1e-9" */
        g_string_append_printf (text, _("%satol %s"), text->len > 0 ? ", " : "", atol);
    }
  return g_string_free (text, FALSE);
}

char *
mf_run_param_value_text (MfEditDocument *document, guint index, const MfParamSpec *spec)
{
  g_autofree char *text = mf_edit_document_get_param_text (document, index, spec->name);
  guint n_units = 0;
  const MfUnitChoice *units = NULL;
  double number;

  if (text == NULL)
    /* Translators: a parameter the document leaves at its default, in a
     * run's label: "O1.area = default" */
    return g_strdup (_("default"));
  if (spec->kind == MF_PARAM_QUANTITY)
    units = mf_quantity_units (spec->quantity, &n_units);
  if (n_units > 0 && mf_quantity_text_is_number (text, &number))
    return g_strdup_printf ("%s %s", text, units[0].label);
  if (n_units > 0)
    {
      /* "20 mm^2" as the property panel shows it: "20 mm²" */
      char *readable = mf_quantity_text_readable (spec->quantity, text);

      if (readable != NULL)
        return readable;
    }
  return g_steal_pointer (&text);
}

MfRunProvenance *
mf_run_provenance_new_from_document (MfEditDocument *document)
{
  g_autofree char *settings = NULL;
  MfRunProvenance *self;

  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (document), NULL);

  settings = settings_text (document);
  self = provenance_new (settings);
  for (guint c = 0; c < mf_edit_document_get_n_components (document); c++)
    {
      const MfComponentTypeInfo *info = mf_edit_document_get_component_info (document, c);
      const char *id = mf_edit_document_get_component_id (document, c);

      for (guint p = 0; info != NULL && p < info->n_params; p++)
        {
          g_autofree char *name = g_strdup_printf ("%s.%s", id, info->params[p].name);
          g_autofree char *value = mf_run_param_value_text (document, c, &info->params[p]);

          add_param (self, name, value);
        }
    }
  g_array_sort (self->params, param_compare);
  return self;
}

MfRunProvenance *
mf_run_provenance_copy (const MfRunProvenance *self)
{
  MfRunProvenance *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = provenance_new (self->settings);
  for (guint i = 0; i < self->params->len; i++)
    add_param (copy, mf_run_provenance_get_name (self, i), mf_run_provenance_get_value (self, i));
  return copy;
}

void
mf_run_provenance_free (MfRunProvenance *self)
{
  if (self == NULL)
    return;
  g_free (self->settings);
  g_array_unref (self->params);
  g_free (self);
}

const char *
mf_run_provenance_get_settings (const MfRunProvenance *self)
{
  return self->settings;
}

guint
mf_run_provenance_get_n_params (const MfRunProvenance *self)
{
  return self->params->len;
}

const char *
mf_run_provenance_get_name (const MfRunProvenance *self, guint i)
{
  g_return_val_if_fail (i < self->params->len, NULL);
  return g_array_index (self->params, Param, i).name;
}

const char *
mf_run_provenance_get_value (const MfRunProvenance *self, guint i)
{
  g_return_val_if_fail (i < self->params->len, NULL);
  return g_array_index (self->params, Param, i).value;
}

/* Whether a kept run's `kept` value is `now`'s: the same text, or one a
 * run kept before labels showed units as the property panel does ("20
 * mm^2", now "20 mm²") that reads as `now` with its units' marks made
 * readable.  It can only find two texts alike, never tell them apart. */
static gboolean
same_value (const char *kept, const char *now)
{
  g_autoptr (GString) readable = NULL;

  if (strcmp (kept, now) == 0)
    return TRUE;
  readable = g_string_new (kept);
  g_string_replace (readable, "^2", "²", 0);
  g_string_replace (readable, "^3", "³", 0);
  g_string_replace (readable, "*", "·", 0);
  return strcmp (readable->str, now) == 0;
}

char *
mf_run_provenance_differences (const MfRunProvenance *self, const MfRunProvenance *now)
{
  GString *text = g_string_new ("");
  guint j = 0;

  g_return_val_if_fail (self != NULL && now != NULL, g_string_free (text, FALSE));

  /* both sorted by name: one pass */
  for (guint i = 0; i < self->params->len; i++)
    {
      const Param *mine = &g_array_index (self->params, Param, i);
      int order = 1;

      while (j < now->params->len
             && (order = strcmp (g_array_index (now->params, Param, j).name, mine->name)) < 0)
        j++;
      if (order != 0 || same_value (mine->value, g_array_index (now->params, Param, j).value))
        continue;
      g_string_append_printf (text, "%s%s = %s", text->len > 0 ? ", " : "", mine->name,
                              mine->value);
    }
  return g_string_free (text, FALSE);
}

/* ---- titles ---- */

/* Appends " · part" (or "part" to an empty text) when part says something. */
static void
append_part (GString *text, const char *part)
{
  if (part == NULL || *part == '\0')
    return;
  if (text->len > 0)
    g_string_append (text, " · ");
  g_string_append (text, part);
}

char *
mf_run_title_short (const char *label, const char *differences)
{
  GString *text = g_string_new (label);

  /* a sweep's run is labelled by what it changed already */
  if (differences != NULL && (label == NULL || strstr (label, differences) == NULL))
    append_part (text, differences);
  return g_string_free (text, FALSE);
}

char *
mf_run_title_long (const char *label, const char *settings, const char *differences)
{
  GString *text = g_string_new (label);

  append_part (text, settings);
  if (differences != NULL && (label == NULL || strstr (label, differences) == NULL))
    append_part (text, differences);
  return g_string_free (text, FALSE);
}
