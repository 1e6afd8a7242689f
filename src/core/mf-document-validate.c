/* mf-document-validate.c: the rules of FORMAT.md, checked on a parsed
 * document while its circuit is built.  Every problem is reported, not just
 * the first, and a problem is reported once: a component that could not be
 * built is remembered so that wires and modes naming it stay quiet.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-document-private.h"

#include <math.h>
#include <string.h>

#include "mf-method.h"

/* What a value written in the document must be. */
typedef struct
{
  const char *owner; /* who has it, for messages: "component 'P1'", "fluid" */
  const char *name;
  MfQuantity  quantity;
  gboolean    any_dimension; /* no unit to check (atol: in the units of each state) */
  MfRange     range;
  gboolean    may_vary;
} MfValueRule;

static const char *const root_fields[] = {
  "manifold", "title", "description", "fluid", "components", "wires", "modes", "schedule",
  "simulation", "initial", "prefer_states", NULL
};
static const char *const fluid_fields[] = {
  "density", "kinematic_viscosity", "bulk_modulus", NULL
};
static const char *const component_fields[] = { "id", "type", "at", "rotation", NULL };
static const char *const mode_fields[] = { "name", "closed", NULL };
static const char *const schedule_fields[] = { "t", "mode", NULL };
static const char *const simulation_fields[] = {
  "t_end", "method", "rtol", "atol", "output_interval", "step", NULL
};

static gboolean
is_number (JsonNode *node)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  return type == G_TYPE_INT64 || type == G_TYPE_DOUBLE;
}

static gboolean
is_string (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node)
         && json_node_get_value_type (node) == G_TYPE_STRING;
}

/* --- unknown fields --------------------------------------------------- */

/* Edits between two names, a swap of neighbours counting as one ("tnak"). */
static guint
edit_distance (const char *a, const char *b)
{
  gsize la = strlen (a), lb = strlen (b), w = lb + 1;
  g_autofree guint *d = g_new (guint, (la + 1) * w);

  for (gsize i = 0; i <= la; i++)
    for (gsize j = 0; j <= lb; j++)
      {
        guint best;

        if (i == 0 || j == 0)
          {
            d[i * w + j] = (guint) (i + j);
            continue;
          }
        best = MIN (d[(i - 1) * w + j], d[i * w + j - 1]) + 1;
        best = MIN (best, d[(i - 1) * w + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
          best = MIN (best, d[(i - 2) * w + j - 2] + 1);
        d[i * w + j] = best;
      }
  return d[la * w + lb];
}

/* The candidate a typo most likely meant, or NULL. */
static const char *
closest_name (const char *name, const char *const *names, const MfComponentTypeInfo *info)
{
  const char *best = NULL;
  guint best_distance = MAX (1, (guint) strlen (name) / 3) + 1;

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      guint d = edit_distance (name, names[i]);

      if (d < best_distance)
        best = names[i], best_distance = d;
    }
  for (guint i = 0; info != NULL && i < info->n_params; i++)
    {
      guint d = edit_distance (name, info->params[i].name);

      if (d < best_distance)
        best = info->params[i].name, best_distance = d;
    }
  return best;
}

static gboolean
is_known_field (const char *name, const char *const *known, const MfComponentTypeInfo *info)
{
  if (g_strv_contains (known, name))
    return TRUE;
  return info != NULL && mf_component_type_param_index (info, name) >= 0;
}

/* Warns about every member of `object` that is neither in `known` nor a
 * parameter of `info`; FORMAT.md lets readers ignore them. */
static void
warn_unknown_fields (MfChecker                 *checker,
                     JsonObject                *object,
                     const char                *path,
                     const char                *owner,
                     const char *const         *known,
                     const MfComponentTypeInfo *info)
{
  g_autoptr (GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      g_autofree char *member_path = NULL;
      g_autofree char *hint = NULL;
      const char *guess;

      if (is_known_field (name, known, info))
        continue;
      member_path = mf_json_path_member (path, name);
      guess = closest_name (name, known, info);
      if (guess != NULL)
        hint = g_strdup_printf (" (did you mean '%s'?)", guess);
      mf_checker_warn_key (checker, member_path, "%s%sunknown field '%s' ignored%s",
                           owner != NULL ? owner : "", owner != NULL ? ": " : "", name,
                           hint != NULL ? hint : "");
    }
}

/* --- values ----------------------------------------------------------- */

/* "a pressure", "an area", "dimensionless", "in kg^1 m^-2 s^0". */
static char *
dimension_phrase (MfDimension dimension)
{
  g_autofree char *name = mf_dimension_describe (dimension);

  if (strchr (name, '^') != NULL)
    return g_strdup_printf ("in %s", name);
  if (strcmp (name, "dimensionless") == 0 || strcmp (name, "unitless") == 0)
    return g_steal_pointer (&name);
  return g_strdup_printf ("%s %s", strchr ("aeiou", name[0]) != NULL ? "an" : "a", name);
}

static MfExpr *
parse_value (MfChecker *checker, const char *text, const char *path, const MfValueRule *rule)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfExpr) expr = NULL;
  MfDimension dimension = { 0, 0, 0, TRUE };
  MfDimension wanted = mf_quantity_dimension (rule->quantity);
  gsize offset = 0;

  expr = mf_expr_parse (text, &dimension, &offset, &error);
  if (expr == NULL)
    {
      mf_checker_syntax_in_string (checker, path, MIN (offset, strlen (text)), "%s: '%s': %s",
                                   rule->owner, rule->name, error->message);
      return NULL;
    }
  if (!rule->any_dimension && !dimension.any && !mf_dimension_equal (dimension, wanted))
    {
      g_autofree char *is = dimension_phrase (dimension);
      g_autofree char *should = dimension_phrase (wanted);

      mf_checker_error (checker, path, "%s: '%s' is %s, but '%s' is %s",
                        rule->owner, text, is, rule->name, should);
      return NULL;
    }
  return g_steal_pointer (&expr);
}

/* The checks a constant can have before the run: finite, within range. */
static gboolean
check_value_rules (MfChecker *checker, const MfExpr *expr, const char *path,
                   const MfValueRule *rule)
{
  double value;

  if (!mf_expr_is_constant (expr))
    {
      if (!rule->may_vary)
        mf_checker_error (checker, path, "%s: '%s' must not depend on t", rule->owner, rule->name);
      return rule->may_vary;
    }
  value = mf_expr_eval (expr, 0.0);
  if (!isfinite (value))
    mf_checker_error (checker, path, "%s: '%s' is not a finite number", rule->owner, rule->name);
  else if (rule->range == MF_RANGE_POSITIVE && value <= 0.0)
    mf_checker_error (checker, path, "%s: '%s' must be positive", rule->owner, rule->name);
  else if (rule->range == MF_RANGE_NON_NEGATIVE && value < 0.0)
    mf_checker_error (checker, path, "%s: '%s' must not be negative", rule->owner, rule->name);
  else
    return TRUE;
  return FALSE;
}

/* A number in SI, or a string read by mf_expr_parse.  NULL when it breaks
 * a rule (reported). */
static MfExpr *
check_value (MfChecker *checker, JsonNode *node, const char *path, const MfValueRule *rule)
{
  g_autoptr (MfExpr) expr = NULL;

  if (is_number (node))
    expr = mf_expr_new_constant (json_node_get_double (node));
  else if (is_string (node))
    expr = parse_value (checker, json_node_get_string (node), path, rule);
  else
    mf_checker_error (checker, path, "%s: '%s' must be a number or a string",
                      rule->owner, rule->name);
  if (expr == NULL || !check_value_rules (checker, expr, path, rule))
    return NULL;
  return g_steal_pointer (&expr);
}

static gboolean
check_constant (MfChecker *checker, JsonNode *node, const char *path, const MfValueRule *rule,
                double *value)
{
  g_autoptr (MfExpr) expr = check_value (checker, node, path, rule);

  if (expr == NULL)
    return FALSE;
  *value = mf_expr_eval (expr, 0.0);
  return TRUE;
}

/* Checks `field` of `object` (at `path`) as a constant under `rule`;
 * *value is left alone when the field is absent or wrong. */
static void
check_constant_field (MfChecker *checker, JsonObject *object, const char *path,
                      const MfValueRule *rule, double *value)
{
  JsonNode *node = json_object_get_member (object, rule->name);
  g_autofree char *field_path = NULL;
  double parsed;

  if (node == NULL)
    return;
  field_path = mf_json_path_member (path, rule->name);
  if (check_constant (checker, node, field_path, rule, &parsed))
    *value = parsed;
}

/* --- components ------------------------------------------------------- */

static const char *
check_component_id (MfChecker *checker, JsonObject *object, const char *path, guint index,
                    gboolean *usable)
{
  JsonNode *node = json_object_get_member (object, "id");
  g_autofree char *id_path = mf_json_path_member (path, "id");
  const char *id;

  *usable = FALSE;
  if (node == NULL)
    {
      mf_checker_error (checker, path, "component %u needs an 'id'", index + 1);
      return NULL;
    }
  if (!is_string (node))
    {
      mf_checker_error (checker, id_path, "component %u: 'id' must be a string", index + 1);
      return NULL;
    }
  id = json_node_get_string (node);
  if (id[0] == '\0')
    {
      mf_checker_error (checker, id_path, "component %u: 'id' must not be empty", index + 1);
      return NULL;
    }
  if (strchr (id, '.') != NULL)
    mf_checker_error (checker, id_path,
                      "component '%s': an id must not contain '.' (it separates id and port)",
                      id);
  else if (mf_circuit_find_component (checker->circuit, id) >= 0
           || g_hash_table_contains (checker->broken_ids, id))
    mf_checker_error (checker, id_path, "duplicate component id '%s'", id);
  else
    *usable = TRUE;
  return id;
}

static const MfComponentTypeInfo *
check_component_type (MfChecker *checker, JsonObject *object, const char *path,
                      const char *owner)
{
  JsonNode *node = json_object_get_member (object, "type");
  g_autofree char *type_path = mf_json_path_member (path, "type");
  const MfComponentTypeInfo *info;
  const char *names[MF_N_COMPONENT_TYPES + 1];
  const char *guess;

  if (node == NULL)
    {
      mf_checker_error (checker, path, "%s needs a 'type'", owner);
      return NULL;
    }
  if (!is_string (node))
    {
      mf_checker_error (checker, type_path, "%s: 'type' must be a string", owner);
      return NULL;
    }
  info = mf_component_type_lookup (json_node_get_string (node));
  if (info != NULL)
    return info;

  for (guint t = 0; t < MF_N_COMPONENT_TYPES; t++)
    names[t] = mf_component_type_info (t)->name;
  names[MF_N_COMPONENT_TYPES] = NULL;
  guess = closest_name (json_node_get_string (node), names, NULL);
  if (guess != NULL)
    mf_checker_error (checker, type_path, "%s: unknown component type '%s' (did you mean '%s'?)",
                      owner, json_node_get_string (node), guess);
  else
    mf_checker_error (checker, type_path, "%s: unknown component type '%s'", owner,
                      json_node_get_string (node));
  return NULL;
}

/* "at" and "rotation": canvas layout, checked so the editor can trust them. */
static void
check_layout (MfChecker *checker, JsonObject *object, const char *path, const char *owner,
              MfComponent *component)
{
  JsonNode *at = json_object_get_member (object, "at");
  JsonNode *rotation = json_object_get_member (object, "rotation");

  if (at != NULL)
    {
      JsonArray *array = JSON_NODE_HOLDS_ARRAY (at) ? json_node_get_array (at) : NULL;
      g_autofree char *at_path = mf_json_path_member (path, "at");

      if (array == NULL || json_array_get_length (array) != 2
          || !is_number (json_array_get_element (array, 0))
          || !is_number (json_array_get_element (array, 1))
          || !isfinite (json_array_get_double_element (array, 0))
          || !isfinite (json_array_get_double_element (array, 1)))
        mf_checker_error (checker, at_path, "%s: 'at' must be an array of two numbers [x, y]",
                          owner);
      else if (component != NULL)
        for (guint i = 0; i < 2; i++)
          component->at[i] = json_array_get_double_element (array, i);
    }
  if (rotation != NULL)
    {
      double value = is_number (rotation) ? json_node_get_double (rotation) : -1.0;
      g_autofree char *rotation_path = mf_json_path_member (path, "rotation");

      if (value != 0.0 && value != 90.0 && value != 180.0 && value != 270.0)
        mf_checker_error (checker, rotation_path, "%s: 'rotation' must be 0, 90, 180 or 270",
                          owner);
      else if (component != NULL)
        component->rotation = (int) value;
    }
}

static void
check_choice (MfChecker *checker, JsonNode *node, const char *path, const char *owner,
              MfComponent *component, guint param)
{
  const MfParamSpec *spec = &component->info->params[param];
  g_autofree char *choices = NULL;

  if (is_string (node))
    for (guint c = 0; spec->choices[c] != NULL; c++)
      if (strcmp (spec->choices[c], json_node_get_string (node)) == 0)
        {
          component->params[param].choice = (int) c;
          return;
        }
  choices = g_strjoinv (", ", (char **) spec->choices);
  mf_checker_error (checker, path, "%s: '%s' must be one of %s", owner, spec->name, choices);
}

static void
check_required_params (MfChecker *checker, JsonObject *object, const char *path,
                       const char *id, const char *owner, const MfComponent *component)
{
  const MfComponentTypeInfo *info = component->info;

  for (guint i = 0; i < info->n_params; i++)
    if (info->params[i].required && !json_object_has_member (object, info->params[i].name))
      mf_checker_error (checker, path, "%s (%s) needs '%s'", owner, info->name,
                        info->params[i].name);

  /* a volume's compliance comes from one or the other */
  if (info->type == MF_COMPONENT_VOLUME && !json_object_has_member (object, "volume")
      && !json_object_has_member (object, "capacitance"))
    {
      if (id != NULL)
        mf_checker_error (checker, path, "volume '%s' needs 'volume' or 'capacitance'", id);
      else
        mf_checker_error (checker, path, "%s (volume) needs 'volume' or 'capacitance'", owner);
    }
}

static void
check_params (MfChecker *checker, JsonObject *object, const char *path, const char *id,
              const char *owner, MfComponent *component)
{
  const MfComponentTypeInfo *info = component->info;

  for (guint i = 0; i < info->n_params; i++)
    {
      const MfParamSpec *spec = &info->params[i];
      JsonNode *node = json_object_get_member (object, spec->name);
      g_autofree char *param_path = NULL;
      MfValueRule rule = { owner, spec->name, spec->quantity, FALSE, spec->range,
                           spec->may_vary };
      MfExpr *expr;

      if (node == NULL)
        continue;
      param_path = mf_json_path_member (path, spec->name);
      if (spec->kind == MF_PARAM_CHOICE)
        {
          check_choice (checker, node, param_path, owner, component, i);
          continue;
        }
      expr = check_value (checker, node, param_path, &rule);
      if (expr != NULL)
        mf_component_set_param (component, i, expr);
    }
  check_required_params (checker, object, path, id, owner, component);
}

/* The component built from the document, or one in the scratch circuit
 * when its id cannot be used, so its parameters are still checked. */
static MfComponent *
add_component (MfChecker *checker, const char *id, gboolean usable, guint index,
               const MfComponentTypeInfo *info)
{
  g_autofree char *scratch_id = NULL;

  if (usable)
    return mf_circuit_add_component (checker->circuit, id, info->type);
  scratch_id = g_strdup_printf ("#%u", index);
  return mf_circuit_add_component (checker->scratch, scratch_id, info->type);
}

static void
check_component (MfChecker *checker, JsonNode *node, guint index)
{
  g_autofree char *path = mf_json_path_index ("components", index);
  g_autofree char *owner = NULL;
  const MfComponentTypeInfo *info;
  MfComponent *component = NULL;
  JsonObject *object;
  gboolean usable;
  const char *id;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      mf_checker_error (checker, path, "component %u must be an object", index + 1);
      return;
    }
  object = json_node_get_object (node);
  id = check_component_id (checker, object, path, index, &usable);
  owner = id != NULL ? g_strdup_printf ("component '%s'", id)
                     : g_strdup_printf ("component %u", index + 1);
  info = check_component_type (checker, object, path, owner);
  if (info != NULL)
    component = add_component (checker, id, usable, index, info);
  /* lookups try the circuit first, so a duplicate's id here is harmless */
  if (id != NULL && (!usable || component == NULL))
    g_hash_table_add (checker->broken_ids, g_strdup (id));

  check_layout (checker, object, path, owner, component);
  if (component == NULL)
    return;
  warn_unknown_fields (checker, object, path, owner, component_fields, info);
  check_params (checker, object, path, usable ? id : NULL, owner, component);
}

static void
check_components (MfChecker *checker, JsonNode *node)
{
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      mf_checker_error (checker, "components", "'components' must be an array");
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    check_component (checker, json_array_get_element (array, i), i);
}

/* --- wires ------------------------------------------------------------ */

static char *
port_names (const MfComponentTypeInfo *info)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < info->n_ports; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", info->ports[i].name);
  return g_string_free (names, FALSE);
}

/* Resolves one end, "ID.PORT"; FALSE when it names nothing (reported,
 * unless the component is one that could not be built). */
static gboolean
check_wire_end (MfChecker *checker, JsonNode *node, const char *path, guint wire,
                MfPortRef *ref)
{
  g_autofree char *id = NULL;
  const MfComponent *component;
  const char *text, *dot;
  int index, port;

  if (!is_string (node))
    {
      mf_checker_error (checker, path, "wire %u: each end must be a string \"ID.PORT\"", wire);
      return FALSE;
    }
  text = json_node_get_string (node);
  dot = strchr (text, '.');
  if (dot == NULL)
    {
      mf_checker_error (checker, path, "wire %u: '%s' is not a port; write it as 'ID.PORT'",
                        wire, text);
      return FALSE;
    }
  id = g_strndup (text, (gsize) (dot - text));
  index = mf_circuit_find_component (checker->circuit, id);
  if (index < 0)
    {
      if (!g_hash_table_contains (checker->broken_ids, id))
        mf_checker_error (checker, path, "wire %u: no component '%s'", wire, id);
      return FALSE;
    }
  component = g_ptr_array_index (checker->circuit->components, index);
  port = mf_component_type_port_index (component->info, dot + 1);
  if (port < 0)
    {
      g_autofree char *ports = port_names (component->info);

      mf_checker_error (checker, path, "wire %u: component '%s' (%s) has no port '%s'; "
                        "its ports are %s", wire, id, component->info->name, dot + 1, ports);
      return FALSE;
    }
  *ref = (MfPortRef) { (guint) index, (guint) port };
  return TRUE;
}

static MfDomain
port_domain (const MfCircuit *circuit, MfPortRef ref)
{
  const MfComponent *component = g_ptr_array_index (circuit->components, ref.component);

  return component->info->ports[ref.port].domain;
}

static void
check_wire (MfChecker *checker, JsonNode *node, guint index)
{
  g_autofree char *path = mf_json_path_index ("wires", index);
  const char *text[2];
  MfPortRef ends[2];
  gboolean ok = TRUE;
  JsonArray *array;
  g_autoptr (GError) error = NULL;

  if (!JSON_NODE_HOLDS_ARRAY (node) || json_array_get_length (json_node_get_array (node)) != 2)
    {
      mf_checker_error (checker, path, "wire %u must be an array of two ports "
                        "[\"ID.PORT\", \"ID.PORT\"]", index + 1);
      return;
    }
  array = json_node_get_array (node);
  for (guint e = 0; e < 2; e++)
    {
      g_autofree char *end_path = mf_json_path_index (path, e);

      ok = check_wire_end (checker, json_array_get_element (array, e), end_path, index + 1,
                           &ends[e]) && ok;
    }
  if (!ok)
    return;
  text[0] = json_array_get_string_element (array, 0);
  text[1] = json_array_get_string_element (array, 1);
  if (ends[0].component == ends[1].component && ends[0].port == ends[1].port)
    mf_checker_error (checker, path, "wire %u joins '%s' to itself", index + 1, text[0]);
  else if (port_domain (checker->circuit, ends[0]) != port_domain (checker->circuit, ends[1]))
    mf_checker_error (checker, path, "wire %u joins %s port '%s' to %s port '%s'", index + 1,
                      port_domain (checker->circuit, ends[0]) == MF_DOMAIN_HYDRAULIC
                      ? "hydraulic" : "mechanical", text[0],
                      port_domain (checker->circuit, ends[1]) == MF_DOMAIN_HYDRAULIC
                      ? "hydraulic" : "mechanical", text[1]);
  else if (!mf_circuit_connect (checker->circuit, text[0], text[1], &error))
    mf_checker_error (checker, path, "wire %u: %s", index + 1, error->message);
}

static void
check_wires (MfChecker *checker, JsonNode *node)
{
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      mf_checker_error (checker, "wires", "'wires' must be an array");
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    check_wire (checker, json_array_get_element (array, i), i);
}

/* --- modes and schedule ----------------------------------------------- */

static const char *
check_mode_name (MfChecker *checker, JsonObject *object, const char *path, guint index,
                 gboolean *usable)
{
  JsonNode *node = json_object_get_member (object, "name");
  g_autofree char *name_path = mf_json_path_member (path, "name");
  const char *name;

  *usable = FALSE;
  if (node == NULL)
    mf_checker_error (checker, path, "mode %u needs a 'name'", index + 1);
  else if (!is_string (node))
    mf_checker_error (checker, name_path, "mode %u: 'name' must be a string", index + 1);
  else if ((name = json_node_get_string (node))[0] == '\0')
    mf_checker_error (checker, name_path, "mode %u: 'name' must not be empty", index + 1);
  else
    {
      if (mf_circuit_find_mode (checker->circuit, name) >= 0)
        mf_checker_error (checker, name_path, "duplicate mode name '%s'", name);
      else
        *usable = TRUE;
      return name;
    }
  return NULL;
}

/* Appends one id of a mode's "closed" list to `closed`, if it may be. */
static void
check_closed_id (MfChecker *checker, JsonNode *node, const char *path, const char *owner,
                 GArray *closed)
{
  const MfComponent *component;
  const char *id;
  g_autofree char *kind = NULL;
  int index;

  if (!is_string (node))
    {
      mf_checker_error (checker, path, "%s: 'closed' must be an array of component ids", owner);
      return;
    }
  id = json_node_get_string (node);
  index = mf_circuit_find_component (checker->circuit, id);
  if (index < 0)
    {
      if (!g_hash_table_contains (checker->broken_ids, id))
        mf_checker_error (checker, path, "%s: no component '%s'", owner, id);
      return;
    }
  component = g_ptr_array_index (checker->circuit->components, index);
  if (!component->info->switchable)
    {
      kind = g_ascii_strdown (component->info->label, -1);
      mf_checker_error (checker, path, "%s: '%s' is %s %s, which cannot be closed", owner, id,
                        strchr ("aeiou", kind[0]) != NULL ? "an" : "a", kind);
      return;
    }
  for (guint i = 0; i < closed->len; i++)
    if (g_array_index (closed, guint, i) == (guint) index)
      return;
  g_array_append_val (closed, index);
}

static void
check_closed (MfChecker *checker, JsonNode *node, const char *path, const char *owner,
              GArray *closed)
{
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      mf_checker_error (checker, path, "%s: 'closed' must be an array of component ids", owner);
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *item_path = mf_json_path_index (path, i);

      check_closed_id (checker, json_array_get_element (array, i), item_path, owner, closed);
    }
}

static void
check_mode (MfChecker *checker, JsonNode *node, guint index)
{
  g_autofree char *path = mf_json_path_index ("modes", index);
  g_autofree char *owner = NULL;
  g_autoptr (GArray) closed = g_array_new (FALSE, FALSE, sizeof (guint));
  JsonObject *object;
  JsonNode *closed_node;
  const char *name;
  gboolean usable;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      mf_checker_error (checker, path, "mode %u must be an object", index + 1);
      return;
    }
  object = json_node_get_object (node);
  name = check_mode_name (checker, object, path, index, &usable);
  owner = name != NULL ? g_strdup_printf ("mode '%s'", name)
                       : g_strdup_printf ("mode %u", index + 1);
  warn_unknown_fields (checker, object, path, owner, mode_fields, NULL);
  closed_node = json_object_get_member (object, "closed");
  if (closed_node != NULL)
    {
      g_autofree char *closed_path = mf_json_path_member (path, "closed");

      check_closed (checker, closed_node, closed_path, owner, closed);
    }
  if (usable)
    {
      MfMode *mode = mf_circuit_add_mode (checker->circuit, name);

      g_array_append_vals (mode->closed, closed->data, closed->len);
    }
}

static void
check_modes (MfChecker *checker, JsonNode *node)
{
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      mf_checker_error (checker, "modes", "'modes' must be an array");
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    check_mode (checker, json_array_get_element (array, i), i);
}

/* The mode an entry names, or -1 (reported). */
static int
check_schedule_mode (MfChecker *checker, JsonObject *object, const char *path,
                     const char *owner)
{
  JsonNode *node = json_object_get_member (object, "mode");
  g_autofree char *mode_path = mf_json_path_member (path, "mode");
  int mode;

  if (node == NULL)
    {
      mf_checker_error (checker, path, "%s needs a 'mode'", owner);
      return -1;
    }
  if (!is_string (node))
    {
      mf_checker_error (checker, mode_path, "%s: 'mode' must be a string", owner);
      return -1;
    }
  mode = mf_circuit_find_mode (checker->circuit, json_node_get_string (node));
  if (mode < 0)
    mf_checker_error (checker, mode_path, "%s: no mode '%s'", owner, json_node_get_string (node));
  return mode;
}

static void
check_schedule_entry (MfChecker *checker, JsonNode *node, guint index, double *previous)
{
  g_autofree char *path = mf_json_path_index ("schedule", index);
  g_autofree char *owner = g_strdup_printf ("schedule entry %u", index + 1);
  g_autofree char *t_path = mf_json_path_member (path, "t");
  MfValueRule rule = { owner, "t", MF_QUANTITY_TIME, FALSE, MF_RANGE_NON_NEGATIVE, FALSE };
  MfScheduleEntry entry = { 0.0, 0 };
  gboolean t_ok = FALSE;
  JsonObject *object;
  JsonNode *t;
  int mode;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      mf_checker_error (checker, path, "%s must be an object", owner);
      return;
    }
  object = json_node_get_object (node);
  warn_unknown_fields (checker, object, path, owner, schedule_fields, NULL);
  t = json_object_get_member (object, "t");
  if (t == NULL)
    mf_checker_error (checker, path, "%s needs a time 't'", owner);
  else if (check_constant (checker, t, t_path, &rule, &entry.t))
    {
      if (entry.t < *previous)
        mf_checker_error (checker, t_path, "%s: 't' is %g, before the previous entry's %g; "
                          "times must not decrease", owner, entry.t, *previous);
      else
        *previous = entry.t, t_ok = TRUE;
    }
  mode = check_schedule_mode (checker, object, path, owner);
  if (mode >= 0 && t_ok)
    {
      entry.mode = (guint) mode;
      g_array_append_val (checker->circuit->schedule, entry);
    }
}

static void
check_schedule (MfChecker *checker, JsonNode *node)
{
  double previous = 0.0;
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      mf_checker_error (checker, "schedule", "'schedule' must be an array");
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    check_schedule_entry (checker, json_array_get_element (array, i), i, &previous);
}

/* --- fluid, simulation, initial values -------------------------------- */

static void
check_fluid (MfChecker *checker, JsonNode *node)
{
  MfFluid *fluid = &checker->circuit->fluid;
  const MfValueRule rules[] = {
    { "fluid", "density", MF_QUANTITY_DENSITY, FALSE, MF_RANGE_POSITIVE, FALSE },
    { "fluid", "kinematic_viscosity", MF_QUANTITY_VISCOSITY, FALSE, MF_RANGE_POSITIVE, FALSE },
    { "fluid", "bulk_modulus", MF_QUANTITY_PRESSURE, FALSE, MF_RANGE_POSITIVE, FALSE },
  };
  double *values[] = { &fluid->density, &fluid->kinematic_viscosity, &fluid->bulk_modulus };
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      mf_checker_error (checker, "fluid", "'fluid' must be an object");
      return;
    }
  object = json_node_get_object (node);
  warn_unknown_fields (checker, object, "fluid", "fluid", fluid_fields, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    check_constant_field (checker, object, "fluid", &rules[i], values[i]);
}

static char *
method_names (void)
{
  guint n_methods;
  const MfMethod *methods = mf_method_list (&n_methods);
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < n_methods; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", methods[i].name);
  return g_string_free (names, FALSE);
}

static void
check_method (MfChecker *checker, JsonObject *object)
{
  JsonNode *node = json_object_get_member (object, "method");
  g_autofree char *names = NULL;

  if (node == NULL)
    return;
  if (!is_string (node))
    {
      mf_checker_error (checker, "simulation/method", "simulation: 'method' must be a string");
      return;
    }
  if (mf_method_lookup (json_node_get_string (node)) != NULL)
    {
      g_free (checker->circuit->simulation.method);
      checker->circuit->simulation.method = g_strdup (json_node_get_string (node));
      return;
    }
  names = method_names ();
  mf_checker_error (checker, "simulation/method", "simulation: unknown method '%s'; "
                    "the methods are %s", json_node_get_string (node), names);
}

static void
check_simulation (MfChecker *checker, JsonNode *node)
{
  MfSimulationSettings *settings = &checker->circuit->simulation;
  const MfValueRule rules[] = {
    { "simulation", "t_end", MF_QUANTITY_TIME, FALSE, MF_RANGE_POSITIVE, FALSE },
    { "simulation", "rtol", MF_QUANTITY_DIMENSIONLESS, FALSE, MF_RANGE_POSITIVE, FALSE },
    { "simulation", "atol", MF_QUANTITY_DIMENSIONLESS, TRUE, MF_RANGE_POSITIVE, FALSE },
    { "simulation", "output_interval", MF_QUANTITY_TIME, FALSE, MF_RANGE_NON_NEGATIVE, FALSE },
    { "simulation", "step", MF_QUANTITY_TIME, FALSE, MF_RANGE_POSITIVE, FALSE },
  };
  double *values[] = { &settings->t_end, &settings->rtol, &settings->atol,
                       &settings->output_interval, &settings->step };
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      mf_checker_error (checker, "simulation", "'simulation' must be an object");
      return;
    }
  object = json_node_get_object (node);
  warn_unknown_fields (checker, object, "simulation", "simulation", simulation_fields, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    check_constant_field (checker, object, "simulation", &rules[i], values[i]);
  check_method (checker, object);
}

/* State names are the assembly's to check; here only that they are numbers. */
static void
check_initial (MfChecker *checker, JsonNode *node)
{
  g_autoptr (GList) members = NULL;
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      mf_checker_error (checker, "initial", "'initial' must be an object of state names "
                        "and numbers");
      return;
    }
  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *value = json_object_get_member (object, l->data);
      g_autofree char *path = mf_json_path_member ("initial", l->data);
      MfInitialValue initial;

      if (!is_number (value))
        mf_checker_error (checker, path, "initial: '%s' must be a number", (char *) l->data);
      else if (!isfinite (json_node_get_double (value)))
        mf_checker_error (checker, path, "initial: '%s' is not a finite number",
                          (char *) l->data);
      else
        {
          initial.name = g_strdup (l->data);
          initial.value = json_node_get_double (value);
          g_array_append_val (checker->circuit->initial, initial);
        }
    }
}

static void
check_preferred_states (MfChecker *checker, JsonNode *node)
{
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      mf_checker_error (checker, "prefer_states", "'prefer_states' must be an array of "
                        "state names");
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      g_autofree char *path = mf_json_path_index ("prefer_states", i);

      if (!is_string (item) || json_node_get_string (item)[0] == '\0')
        mf_checker_error (checker, path, "prefer_states: item %u must be a state name", i + 1);
      else
        g_ptr_array_add (checker->circuit->preferred_states,
                         g_strdup (json_node_get_string (item)));
    }
}

/* --- the document ----------------------------------------------------- */

static void
check_text_field (MfChecker *checker, JsonObject *root, const char *name, char **value)
{
  JsonNode *node = json_object_get_member (root, name);

  if (node == NULL)
    return;
  if (!is_string (node))
    mf_checker_error (checker, name, "'%s' must be a string", name);
  else
    *value = g_strdup (json_node_get_string (node));
}

/* FALSE when the document is not one this build can read at all. */
static gboolean
check_version (MfChecker *checker, JsonObject *root)
{
  JsonNode *node = json_object_get_member (root, "manifold");
  double version;

  if (node == NULL)
    {
      mf_checker_error (checker, "", "'manifold' is missing: a circuit document starts with "
                        "\"manifold\": 1");
      return TRUE;
    }
  version = is_number (node) ? json_node_get_double (node) : NAN;
  if (!isfinite (version) || version != floor (version))
    {
      mf_checker_error (checker, "manifold", "'manifold' must be an integer (the format "
                        "version, 1)");
      return TRUE;
    }
  if (version == 1.0)
    return TRUE;
  mf_checker_report (checker, MF_SEVERITY_ERROR, MF_ERROR_VERSION, "manifold",
                     "unsupported document version %.0f (this build reads version 1)", version);
  return FALSE;
}

static void
check_section (MfChecker *checker, JsonObject *root, const char *name,
               void (*check) (MfChecker *checker, JsonNode *node))
{
  JsonNode *node = json_object_get_member (root, name);

  if (node != NULL)
    check (checker, node);
}

void
mf_document_check (MfChecker *checker, JsonNode *root)
{
  MfCircuit *circuit = checker->circuit;
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      mf_checker_error (checker, "", "the document must be a JSON object {...}, not %s",
                        JSON_NODE_HOLDS_ARRAY (root) ? "an array" : "a single value");
      return;
    }
  object = json_node_get_object (root);
  if (!check_version (checker, object))
    return;
  warn_unknown_fields (checker, object, "", NULL, root_fields, NULL);
  check_text_field (checker, object, "title", &circuit->title);
  check_text_field (checker, object, "description", &circuit->description);
  check_section (checker, object, "fluid", check_fluid);
  /* in this order: wires and modes name components, the schedule names modes */
  check_section (checker, object, "components", check_components);
  check_section (checker, object, "wires", check_wires);
  check_section (checker, object, "modes", check_modes);
  if (circuit->modes->len == 0)
    mf_circuit_add_mode (circuit, "default");
  check_section (checker, object, "schedule", check_schedule);
  check_section (checker, object, "simulation", check_simulation);
  check_section (checker, object, "initial", check_initial);
  check_section (checker, object, "prefer_states", check_preferred_states);
}
