/* mf-circuit.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-circuit.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-error.h"
#include "mf-text.h"

static void
mode_free (MfMode *mode)
{
  g_free (mode->name);
  g_array_unref (mode->closed);
  g_free (mode);
}

static void
component_free (MfComponent *component)
{
  for (guint i = 0; i < component->info->n_params; i++)
    g_clear_pointer (&component->params[i].expr, mf_expr_free);
  g_free (component->params);
  g_free (component->id);
  g_free (component);
}

static void
initial_value_clear (MfInitialValue *initial)
{
  g_free (initial->name);
}

MfCircuit *
mf_circuit_new (void)
{
  MfCircuit *circuit = g_new0 (MfCircuit, 1);

  circuit->fluid.density = 870.0;
  circuit->fluid.kinematic_viscosity = 4.6e-5;
  circuit->fluid.bulk_modulus = 1.5e9;
  circuit->components = g_ptr_array_new_with_free_func ((GDestroyNotify) component_free);
  circuit->ids = g_hash_table_new (g_str_hash, g_str_equal);
  circuit->wires = g_array_new (FALSE, FALSE, sizeof (MfWire));
  circuit->modes = g_ptr_array_new_with_free_func ((GDestroyNotify) mode_free);
  circuit->schedule = g_array_new (FALSE, FALSE, sizeof (MfScheduleEntry));
  circuit->simulation.t_end = 1.0;
  circuit->simulation.method = g_strdup ("auto");
  circuit->simulation.rtol = 1e-6;
  circuit->simulation.atol = 1e-9;
  circuit->initial = g_array_new (FALSE, FALSE, sizeof (MfInitialValue));
  g_array_set_clear_func (circuit->initial, (GDestroyNotify) initial_value_clear);
  circuit->preferred_states = g_ptr_array_new_with_free_func (g_free);
  return circuit;
}

void
mf_circuit_free (MfCircuit *circuit)
{
  if (circuit == NULL)
    return;
  g_free (circuit->title);
  g_free (circuit->description);
  g_hash_table_unref (circuit->ids);
  g_ptr_array_unref (circuit->components);
  g_array_unref (circuit->wires);
  g_ptr_array_unref (circuit->modes);
  g_array_unref (circuit->schedule);
  g_free (circuit->simulation.method);
  g_clear_pointer (&circuit->simulation.outputs, g_ptr_array_unref);
  g_array_unref (circuit->initial);
  g_ptr_array_unref (circuit->preferred_states);
  g_free (circuit);
}

MfComponent *
mf_circuit_add_component (MfCircuit *circuit, const char *id, MfComponentType type)
{
  MfComponent *component = g_new0 (MfComponent, 1);

  g_return_val_if_fail (mf_circuit_find_component (circuit, id) < 0, NULL);

  component->id = g_strdup (id);
  component->info = mf_component_type_info (type);
  component->params = g_new0 (MfParam, MAX (component->info->n_params, 1));
  for (guint i = 0; i < component->info->n_params; i++)
    {
      const MfParamSpec *spec = &component->info->params[i];

      component->params[i].value = spec->default_value;
      if (spec->kind == MF_PARAM_CHOICE)
        for (guint c = 0; spec->choices[c] != NULL; c++)
          if (g_strcmp0 (spec->choices[c], spec->default_choice) == 0)
            component->params[i].choice = (int) c;
    }
  g_ptr_array_add (circuit->components, component);
  g_hash_table_insert (circuit->ids, component->id, GUINT_TO_POINTER (circuit->components->len));
  return component;
}

MfComponent *
mf_circuit_add_inner (MfCircuit *circuit, guint owner, const char *name, MfComponentType type,
                      guint from, guint to)
{
  const MfComponent *outer = g_ptr_array_index (circuit->components, owner);
  g_autofree char *id = g_strdup_printf ("%s.%s", outer->id, name);
  MfComponent *inner = mf_circuit_add_component (circuit, id, type);
  guint added = circuit->components->len - 1;
  MfWire in = { { { owner, from }, { added, MF_PORT_A } } };
  MfWire out = { { { added, MF_PORT_B }, { owner, to } } };

  inner->at[0] = outer->at[0];
  inner->at[1] = outer->at[1];
  g_array_append_val (circuit->wires, in);
  g_array_append_val (circuit->wires, out);
  return inner;
}

void
mf_component_set_param (MfComponent *component, guint param, MfExpr *expr)
{
  MfParam *p;

  g_return_if_fail (param < component->info->n_params);

  p = &component->params[param];
  g_clear_pointer (&p->expr, mf_expr_free);
  p->expr = expr;
  p->value = mf_expr_is_constant (expr) ? mf_expr_eval (expr, 0.0) : NAN;
}

void
mf_component_set_param_value (MfComponent *component, guint param, double value)
{
  mf_component_set_param (component, param, mf_expr_new_constant (value));
}

double
mf_component_param_at (const MfComponent *component, guint param, double t)
{
  const MfParam *p = &component->params[param];

  if (p->expr != NULL && !mf_expr_is_constant (p->expr))
    return mf_expr_eval (p->expr, t);
  return p->value;
}

int
mf_circuit_find_component (const MfCircuit *circuit, const char *id)
{
  /* a hash table: a document of 10 000 components resolves 40 000 wire ports */
  return id != NULL ? (int) GPOINTER_TO_UINT (g_hash_table_lookup (circuit->ids, id)) - 1 : -1;
}

gboolean
mf_circuit_parse_port (const MfCircuit *circuit, const char *text, MfPortRef *ref)
{
  const char *dot = strrchr (text, '.');
  g_autofree char *id = NULL;
  const MfComponent *component;
  int index, port;

  if (dot == NULL)
    return FALSE;
  id = g_strndup (text, (gsize) (dot - text));
  index = mf_circuit_find_component (circuit, id);
  if (index < 0)
    return FALSE;
  component = g_ptr_array_index (circuit->components, index);
  port = mf_component_type_port_index (component->info, dot + 1);
  if (port < 0)
    return FALSE;
  ref->component = (guint) index;
  ref->port = (guint) port;
  return TRUE;
}

static MfDomain
port_domain (const MfCircuit *circuit, MfPortRef ref)
{
  const MfComponent *component = g_ptr_array_index (circuit->components, ref.component);

  return component->info->ports[ref.port].domain;
}

gboolean
mf_circuit_connect (MfCircuit *circuit, const char *port_a, const char *port_b, GError **error)
{
  MfWire wire;

  g_autofree char *shown_a = NULL;
  g_autofree char *shown_b = NULL;

  if (!mf_circuit_parse_port (circuit, port_a, &wire.ends[0]))
    {
      shown_a = mf_text_escape (port_a);
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("no port '%s'"), shown_a);
      return FALSE;
    }
  if (!mf_circuit_parse_port (circuit, port_b, &wire.ends[1]))
    {
      shown_b = mf_text_escape (port_b);
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID, _("no port '%s'"), shown_b);
      return FALSE;
    }
  if (port_domain (circuit, wire.ends[0]) != port_domain (circuit, wire.ends[1]))
    {
      shown_a = mf_text_escape (port_a);
      shown_b = mf_text_escape (port_b);
      g_set_error (error, MF_ERROR, MF_ERROR_INVALID,
                   /* Translators: "wire joins a mechanical port and a rotary port ('M1.m'
                    * and 'I1.shaft')": each %s a domain ("hydraulic", "mechanical",
                    * "rotary"), then the two ports */
                   _("wire joins a %s port and a %s port ('%s' and '%s'): only ports of one "
                     "kind can be joined"),
                   mf_domain_word (port_domain (circuit, wire.ends[0])),
                   mf_domain_word (port_domain (circuit, wire.ends[1])), shown_a, shown_b);
      return FALSE;
    }
  g_array_append_val (circuit->wires, wire);
  return TRUE;
}

MfMode *
mf_circuit_add_mode (MfCircuit *circuit, const char *name)
{
  MfMode *mode = g_new0 (MfMode, 1);

  mode->name = g_strdup (name);
  mode->closed = g_array_new (FALSE, FALSE, sizeof (guint));
  g_ptr_array_add (circuit->modes, mode);
  return mode;
}

int
mf_circuit_find_mode (const MfCircuit *circuit, const char *name)
{
  for (guint i = 0; i < circuit->modes->len; i++)
    {
      const MfMode *mode = g_ptr_array_index (circuit->modes, i);

      if (g_strcmp0 (mode->name, name) == 0)
        return (int) i;
    }
  return -1;
}

gboolean
mf_mode_is_closed (const MfMode *mode, guint component)
{
  for (guint i = 0; i < mode->closed->len; i++)
    if (g_array_index (mode->closed, guint, i) == component)
      return TRUE;
  return FALSE;
}

guint
mf_circuit_mode_at (const MfCircuit *circuit, double t)
{
  guint mode = 0;

  for (guint i = 0; i < circuit->schedule->len; i++)
    {
      const MfScheduleEntry *entry = &g_array_index (circuit->schedule, MfScheduleEntry, i);

      if (entry->t <= t)
        mode = entry->mode;
    }
  return mode;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

GArray *
mf_circuit_breakpoints (const MfCircuit *circuit, double t_end)
{
  GArray *all = g_array_new (FALSE, FALSE, sizeof (double));
  GArray *kept = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint c = 0; c < circuit->components->len; c++)
    {
      const MfComponent *component = g_ptr_array_index (circuit->components, c);

      for (guint p = 0; p < component->info->n_params; p++)
        if (component->params[p].expr != NULL)
          mf_expr_collect_breakpoints (component->params[p].expr, all);
    }
  for (guint i = 0; i < circuit->schedule->len; i++)
    g_array_append_val (all, g_array_index (circuit->schedule, MfScheduleEntry, i).t);
  g_array_sort (all, compare_doubles);
  for (guint i = 0; i < all->len; i++)
    {
      double t = g_array_index (all, double, i);

      if (t < 0.0 || t > t_end)
        continue;
      if (kept->len == 0 || t > g_array_index (kept, double, kept->len - 1))
        g_array_append_val (kept, t);
    }
  g_array_unref (all);
  return kept;
}
