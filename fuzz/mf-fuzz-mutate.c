/* mf-fuzz-mutate.c: structure-aware mutations of circuit documents
 * (mf-fuzz-mutate.h).  The component types' table (mf-component-type.h)
 * says which parameters, ports and domains a type has, so that a
 * component added or retyped gets the parameters it needs and its ports
 * are wired to ports of their own domain.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-fuzz-mutate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "mf-component-type.h"
#include "mf-document.h"
#include "mf-expr.h"
#include "mf-json-write.h"
#include "mf-method.h"
#include "mf-model.h"

/* ---- values ---- */

/* A unit of each quantity with a value typical of it in that unit
 * (docs/format.md, "Units understood"). */
typedef struct
{
  MfQuantity  quantity;
  const char *unit;
  double      typical;
} Unit;

static const Unit units[] = {
  { MF_QUANTITY_DIMENSIONLESS, "", 0.6 },
  { MF_QUANTITY_PRESSURE, "bar", 10 }, { MF_QUANTITY_PRESSURE, "Pa", 1e6 },
  { MF_QUANTITY_PRESSURE, "kPa", 500 }, { MF_QUANTITY_PRESSURE, "MPa", 2 },
  { MF_QUANTITY_PRESSURE, "GPa", 1.5 }, { MF_QUANTITY_PRESSURE, "psi", 150 },
  { MF_QUANTITY_PRESSURE, "mbar", 500 },
  { MF_QUANTITY_LENGTH, "m", 0.5 }, { MF_QUANTITY_LENGTH, "mm", 20 },
  { MF_QUANTITY_LENGTH, "cm", 5 }, { MF_QUANTITY_LENGTH, "um", 2 },
  { MF_QUANTITY_LENGTH, "µm", 2 }, { MF_QUANTITY_LENGTH, "in", 1 },
  { MF_QUANTITY_AREA, "mm^2", 20 }, { MF_QUANTITY_AREA, "cm^2", 5 },
  { MF_QUANTITY_AREA, "m^2", 1e-4 }, { MF_QUANTITY_AREA, "mm2", 50 },
  { MF_QUANTITY_VOLUME, "L", 1 }, { MF_QUANTITY_VOLUME, "mL", 100 },
  { MF_QUANTITY_VOLUME, "cm^3", 500 }, { MF_QUANTITY_VOLUME, "m^3", 1e-3 },
  { MF_QUANTITY_VOLUME, "cc", 50 },
  { MF_QUANTITY_FLOW, "L/min", 20 }, { MF_QUANTITY_FLOW, "m^3/s", 3e-4 },
  { MF_QUANTITY_FLOW, "L/s", 0.5 }, { MF_QUANTITY_FLOW, "cm^3/s", 100 },
  { MF_QUANTITY_VELOCITY, "m/s", 0.5 }, { MF_QUANTITY_VELOCITY, "mm/s", 100 },
  { MF_QUANTITY_MASS, "kg", 10 }, { MF_QUANTITY_MASS, "g", 500 },
  { MF_QUANTITY_FORCE, "N", 1000 }, { MF_QUANTITY_FORCE, "kN", 2 },
  { MF_QUANTITY_STIFFNESS, "N/m", 1e5 }, { MF_QUANTITY_STIFFNESS, "kN/m", 100 },
  { MF_QUANTITY_STIFFNESS, "N/mm", 50 },
  { MF_QUANTITY_DAMPING, "N*s/m", 200 }, { MF_QUANTITY_DAMPING, "kN*s/m", 1 },
  { MF_QUANTITY_DAMPING, "Ns/m", 500 },
  { MF_QUANTITY_TIME, "s", 0.01 }, { MF_QUANTITY_TIME, "ms", 10 },
  { MF_QUANTITY_DENSITY, "kg/m^3", 870 }, { MF_QUANTITY_DENSITY, "g/cm^3", 0.87 },
  { MF_QUANTITY_VISCOSITY, "cSt", 46 }, { MF_QUANTITY_VISCOSITY, "mm^2/s", 30 },
  { MF_QUANTITY_VISCOSITY, "m^2/s", 4.6e-5 },
  { MF_QUANTITY_CAPACITANCE, "m^3/Pa", 1e-12 }, { MF_QUANTITY_CAPACITANCE, "L/bar", 0.01 },
  { MF_QUANTITY_CAPACITANCE, "cm^3/bar", 10 },
};

static const char *const functions1[] = { "sin", "cos", "tan", "exp", "log", "sqrt", "abs" };
static const char *const functions2[] = { "min", "max" };
static const char *const operators[] = { " + ", " - ", " * ", " / ", "^" };

static int
pick (GRand *rand, int n)
{
  return g_rand_int_range (rand, 0, n);
}

static gboolean
chance (GRand *rand, double p)
{
  return g_rand_double (rand) < p;
}

static const Unit *
unit_of (GRand *rand, MfQuantity quantity)
{
  guint n = 0;
  const Unit *found = &units[0];

  /* the k-th unit of the quantity, every one equally likely */
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (units[i].quantity == quantity && pick (rand, (int) ++n) == 0)
      found = &units[i];
  return found;
}

/* A number as a person would write it: plain, with a few digits. */
static void
append_number (GString *out, double x)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.3g", x));
}

/* A time from 0.1 ms to 50 ms, inside the bounded runs of mf-exercise.h. */
static double
positive_time (GRand *rand)
{
  return exp (g_rand_double_range (rand, log (1e-4), log (0.05)));
}

/* The same, or now and then 0. */
static double
short_time (GRand *rand)
{
  return chance (rand, 0.1) ? 0 : positive_time (rand);
}

void
mf_fuzz_expression (GRand *rand, GString *out, int depth)
{
  int choice = depth <= 0 ? pick (rand, 3) : pick (rand, 13);

  switch (choice)
    {
    case 0: /* a number, maybe with a unit */
      {
        const Unit *unit = &units[pick (rand, G_N_ELEMENTS (units))];

        append_number (out, unit->typical * exp (g_rand_double_range (rand, -3, 3)));
        if (unit->unit[0] != '\0' && chance (rand, 0.5))
          g_string_append_printf (out, " %s", unit->unit);
      }
      break;
    case 1:
      g_string_append_c (out, 't');
      break;
    case 2:
      g_string_append (out, chance (rand, 0.5) ? "pi" : "2");
      break;
    case 3:
    case 4:
    case 5:
      mf_fuzz_expression (rand, out, depth - 1);
      g_string_append (out, operators[pick (rand, G_N_ELEMENTS (operators))]);
      mf_fuzz_expression (rand, out, depth - 1);
      break;
    case 6:
      g_string_append_c (out, '(');
      mf_fuzz_expression (rand, out, depth - 1);
      g_string_append_c (out, ')');
      break;
    case 7:
      g_string_append_c (out, '-');
      mf_fuzz_expression (rand, out, depth - 1);
      break;
    case 8:
      g_string_append_printf (out, "%s(", functions1[pick (rand, G_N_ELEMENTS (functions1))]);
      mf_fuzz_expression (rand, out, depth - 1);
      g_string_append_c (out, ')');
      break;
    case 9:
      g_string_append_printf (out, "%s(", functions2[pick (rand, G_N_ELEMENTS (functions2))]);
      mf_fuzz_expression (rand, out, depth - 1);
      g_string_append (out, ", ");
      mf_fuzz_expression (rand, out, depth - 1);
      g_string_append_c (out, ')');
      break;
    case 10: /* step, ramp, pulse: their times mostly plain numbers */
      {
        static const char *const timed[] = { "step", "ramp", "pulse" };
        int which = pick (rand, 3);

        g_string_append_printf (out, "%s(t, ", timed[which]);
        if (chance (rand, 0.8))
          append_number (out, short_time (rand));
        else
          mf_fuzz_expression (rand, out, depth - 1);
        if (which > 0)
          {
            g_string_append (out, ", ");
            append_number (out, short_time (rand) * (chance (rand, 0.1) ? -1 : 1));
          }
        g_string_append_c (out, ')');
      }
      break;
    case 11: /* a table, its times usually increasing */
      {
        int n = pick (rand, 5);
        double at = 0;

        g_string_append (out, "table(t, [");
        for (int i = 0; i < n; i++)
          {
            g_string_append (out, i > 0 ? ", [" : "[");
            append_number (out, at);
            g_string_append (out, ", ");
            if (chance (rand, 0.8))
              append_number (out, g_rand_double_range (rand, -2, 2));
            else
              mf_fuzz_expression (rand, out, 0);
            g_string_append_c (out, ']');
            at += chance (rand, 0.9) ? short_time (rand) : -short_time (rand);
          }
        g_string_append (out, "])");
      }
      break;
    default: /* t-dependent factor on a number */
      mf_fuzz_expression (rand, out, 0);
      g_string_append (out, " * ");
      mf_fuzz_expression (rand, out, depth - 1);
      break;
    }
}

/* A value of the quantity, near its typical size: an SI number, a number
 * with one of its units, or, where it may vary, that times a function of
 * t switching within the short runs. */
static JsonNode *
quantity_value (GRand *rand, MfQuantity quantity, gboolean may_vary)
{
  const Unit *unit = unit_of (rand, quantity);
  double scale = exp (g_rand_double_range (rand, -2.3, 2.3));
  g_autoptr (GString) text = g_string_new (NULL);

  if (unit->unit[0] == '\0' || chance (rand, 0.25))
    {
      /* a plain number is SI: the typical value of the SI unit */
      double typical = unit->typical;

      for (guint i = 0; i < G_N_ELEMENTS (units); i++)
        if (units[i].quantity == quantity
            && strcmp (units[i].unit, mf_quantity_si_unit (quantity)) == 0)
          typical = units[i].typical;
      return json_node_init_double (json_node_alloc (), typical * scale);
    }
  append_number (text, unit->typical * scale);
  g_string_append_printf (text, " %s", unit->unit);
  if (may_vary && chance (rand, 0.4))
    {
      double t0 = short_time (rand), t1 = t0 + short_time (rand);

      switch (pick (rand, 5))
        {
        case 0:
          g_string_append_printf (text, " * ramp(t, %g, %g)", t0, t1);
          break;
        case 1:
          g_string_append_printf (text, " * step(t, %g)", t0);
          break;
        case 2:
          g_string_append_printf (text, " * (1 - pulse(t, %g, %g))", t0, t1 - t0);
          break;
        case 3:
          g_string_append_printf (text, " * sin(%g * t)", 2 * G_PI / MAX (t1, 1e-4));
          break;
        default:
          g_string_append_printf (text, " * table(t, [[0, 0], [%g, 1], [%g, 0.5]])", t0, t1);
          break;
        }
    }
  return json_node_init_string (json_node_alloc (), text->str);
}

/* ---- the document ---- */

/* A number, string, boolean or null, with what it is: the member it is
 * (an array's element: the array's member), and the component it belongs
 * to, if any. */
typedef struct
{
  JsonNode   *node;
  const char *key;   /* NULL at the top */
  JsonObject *owner; /* a component, or NULL */
} Leaf;

/* What the document holds, found again after every structural change. */
typedef struct
{
  GRand      *rand;
  JsonObject *root;
  JsonArray  *components; /* NULL when there is none */
  GPtrArray  *ids;        /* char*: every component's id */
  GPtrArray  *ports[MF_N_DOMAINS]; /* char*: "ID.PORT" by MfDomain */
  GPtrArray  *switchable; /* char*: ids of components a mode may close */
  GHashTable *types;      /* id → its MfComponentTypeInfo */
  GArray     *leaves;     /* Leaf: every number, string, boolean and null */
  GPtrArray  *strings;    /* const char*: every string value, for swapping */
  GPtrArray  *objects;    /* JsonObject*: every object */
} Doc;

static const MfComponentTypeInfo *
component_info (JsonObject *component)
{
  JsonNode *type = json_object_get_member (component, "type");

  if (type == NULL || json_node_get_value_type (type) != G_TYPE_STRING)
    return NULL;
  return mf_component_type_lookup (json_node_get_string (type));
}

static const char *
component_id (JsonObject *component)
{
  JsonNode *id = json_object_get_member (component, "id");

  if (id == NULL || json_node_get_value_type (id) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (id);
}

static JsonObject *
component_at (Doc *doc, guint i)
{
  JsonNode *node = json_array_get_element (doc->components, i);

  return JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static JsonArray *
member_array (JsonObject *object, const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static JsonObject *
member_object (JsonObject *object, const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static void
walk (Doc *doc, JsonNode *node, const char *key, JsonObject *owner)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      g_ptr_array_add (doc->objects, object);
      /* the elements of "components" are the components */
      if (g_strcmp0 (key, "components") == 0)
        owner = object;
      json_object_iter_init (&iter, object);
      while (json_object_iter_next (&iter, &name, &member))
        walk (doc, member, name, owner);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        walk (doc, json_array_get_element (array, i), key, owner);
    }
  else
    {
      Leaf leaf = { node, key, owner };

      g_array_append_val (doc->leaves, leaf);
      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
        g_ptr_array_add (doc->strings, (gpointer) json_node_get_string (node));
    }
}

static void
doc_clear (Doc *doc)
{
  g_clear_pointer (&doc->ids, g_ptr_array_unref);
  for (int d = 0; d < MF_N_DOMAINS; d++)
    g_clear_pointer (&doc->ports[d], g_ptr_array_unref);
  g_clear_pointer (&doc->switchable, g_ptr_array_unref);
  g_clear_pointer (&doc->types, g_hash_table_unref);
  g_clear_pointer (&doc->leaves, g_array_unref);
  g_clear_pointer (&doc->strings, g_ptr_array_unref);
  g_clear_pointer (&doc->objects, g_ptr_array_unref);
}

static void
doc_scan (Doc *doc, JsonNode *root)
{
  doc_clear (doc);
  doc->ids = g_ptr_array_new_with_free_func (g_free);
  for (int d = 0; d < MF_N_DOMAINS; d++)
    doc->ports[d] = g_ptr_array_new_with_free_func (g_free);
  doc->switchable = g_ptr_array_new_with_free_func (g_free);
  doc->types = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  doc->leaves = g_array_new (FALSE, FALSE, sizeof (Leaf));
  doc->strings = g_ptr_array_new ();
  doc->objects = g_ptr_array_new ();
  doc->components = member_array (doc->root, "components");
  for (guint i = 0; doc->components != NULL && i < json_array_get_length (doc->components); i++)
    {
      JsonObject *component = component_at (doc, i);
      const MfComponentTypeInfo *info = component != NULL ? component_info (component) : NULL;
      const char *id = component != NULL ? component_id (component) : NULL;

      if (id == NULL)
        continue;
      g_ptr_array_add (doc->ids, g_strdup (id));
      if (info == NULL)
        continue;
      g_hash_table_insert (doc->types, g_strdup (id), (gpointer) info);
      for (guint p = 0; p < info->n_ports; p++)
        g_ptr_array_add (doc->ports[info->ports[p].domain],
                         g_strdup_printf ("%s.%s", id, info->ports[p].name));
      if (info->switchable)
        g_ptr_array_add (doc->switchable, g_strdup (id));
    }
  walk (doc, root, NULL, NULL);
}

static gpointer
any_of (Doc *doc, GPtrArray *array)
{
  return array->len > 0 ? array->pdata[pick (doc->rand, (int) array->len)] : NULL;
}

static gboolean
has_id (Doc *doc, const char *id)
{
  for (guint i = 0; i < doc->ids->len; i++)
    if (strcmp (doc->ids->pdata[i], id) == 0)
      return TRUE;
  return FALSE;
}

/* An id no component has, from the type's usual letters. */
static char *
fresh_id (Doc *doc, const MfComponentTypeInfo *info)
{
  for (guint n = 1;; n++)
    {
      char *id = g_strdup_printf ("%c%c%u", g_ascii_toupper (info->name[0]),
                                  g_ascii_toupper (info->name[1]), n);

      if (!has_id (doc, id))
        return id;
      g_free (id);
    }
}

/* Adds the parameters the type needs, and now and then an optional one. */
static void
fill_params (Doc *doc, JsonObject *component, const MfComponentTypeInfo *info)
{
  for (guint p = 0; p < info->n_params; p++)
    {
      const MfParamSpec *spec = &info->params[p];
      /* a volume needs its volume or its capacitance */
      gboolean needed = spec->required || (info->type == MF_COMPONENT_VOLUME
                                           && strcmp (spec->name, "volume") == 0);

      if (json_object_has_member (component, spec->name) || !(needed || chance (doc->rand, 0.2)))
        continue;
      if (spec->kind == MF_PARAM_CHOICE)
        {
          guint n = g_strv_length ((char **) spec->choices);

          json_object_set_string_member (component, spec->name,
                                         spec->choices[pick (doc->rand, (int) n)]);
        }
      else
        json_object_set_member (component, spec->name,
                                quantity_value (doc->rand, spec->quantity, spec->may_vary));
    }
}

static JsonArray *
wires (Doc *doc)
{
  JsonArray *array = member_array (doc->root, "wires");

  if (array == NULL)
    {
      array = json_array_new ();
      json_object_set_array_member (doc->root, "wires", array);
    }
  return array;
}

static void
add_wire (Doc *doc, const char *a, const char *b)
{
  JsonArray *wire = json_array_new ();

  json_array_add_string_element (wire, a);
  json_array_add_string_element (wire, b);
  json_array_add_array_element (wires (doc), wire);
}

/* Does the wire name a port of component `id`? */
static gboolean
wire_touches (JsonNode *wire, const char *id)
{
  JsonArray *ends;
  gsize n = strlen (id);

  if (!JSON_NODE_HOLDS_ARRAY (wire))
    return FALSE;
  ends = json_node_get_array (wire);
  for (guint e = 0; e < json_array_get_length (ends); e++)
    {
      JsonNode *end = json_array_get_element (ends, e);
      const char *text;

      if (!JSON_NODE_HOLDS_VALUE (end) || json_node_get_value_type (end) != G_TYPE_STRING)
        continue;
      text = json_node_get_string (end);
      if (strncmp (text, id, n) == 0 && text[n] == '.')
        return TRUE;
    }
  return FALSE;
}

/* Removes every string `id` from the array (a mode's "closed"). */
static void
remove_string (JsonArray *array, const char *id)
{
  for (guint i = json_array_get_length (array); i-- > 0;)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
          && strcmp (json_node_get_string (node), id) == 0)
        json_array_remove_element (array, i);
    }
}

/* A copy that shares nothing with `node`: json_node_copy() shares the
 * objects, arrays and values inside, and a mutation of one would change
 * both. */
static JsonNode *
deep_copy (JsonNode *node)
{
  JsonNode *copy;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_object_new ();
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &name, &member))
        json_object_set_member (object, name, deep_copy (member));
      copy = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (copy, object);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *from = json_node_get_array (node), *array = json_array_new ();

      for (guint i = 0; i < json_array_get_length (from); i++)
        json_array_add_element (array, deep_copy (json_array_get_element (from, i)));
      copy = json_node_new (JSON_NODE_ARRAY);
      json_node_take_array (copy, array);
    }
  else if (JSON_NODE_HOLDS_VALUE (node))
    {
      /* a value of its own too: json_node_copy() shares it, and changing a
       * shared one in place frees it twice */
      GValue value = G_VALUE_INIT;

      json_node_get_value (node, &value);
      copy = json_node_init (json_node_alloc (), JSON_NODE_VALUE);
      json_node_set_value (copy, &value);
      g_value_unset (&value);
    }
  else
    copy = json_node_init_null (json_node_alloc ());
  return copy;
}

/* ---- the mutations ---- */

/* A leaf (a value or a null) changed in place.  A value node keeps its
 * JsonValue, which json_node_set_*() reinitialise: json_node_init() would
 * free it and leave the node pointing at it.  A null node (from the parser)
 * holds none. */
static void
as_value (JsonNode *node)
{
  if (!JSON_NODE_HOLDS_VALUE (node))
    json_node_init (node, JSON_NODE_VALUE);
}

static void
set_string (JsonNode *node, const char *text)
{
  as_value (node);
  json_node_set_string (node, text);
}

static void
set_double (JsonNode *node, double x)
{
  as_value (node);
  json_node_set_double (node, x);
}

static void
set_int (JsonNode *node, gint64 n)
{
  as_value (node);
  json_node_set_int (node, n);
}

static void
set_boolean (JsonNode *node, gboolean b)
{
  as_value (node);
  json_node_set_boolean (node, b);
}

static double
number_of (JsonNode *node)
{
  if (JSON_NODE_HOLDS_VALUE (node) && (json_node_get_value_type (node) == G_TYPE_DOUBLE
                                       || json_node_get_value_type (node) == G_TYPE_INT64))
    return json_node_get_double (node);
  return 1;
}

/* A number scaled (mostly), or negated, zeroed, made huge or tiny. */
static void
mutate_number (Doc *doc, JsonNode *node)
{
  double x = number_of (node);

  switch (pick (doc->rand, 10))
    {
    case 0:
    case 1:
    case 2:
      x *= pow (10, pick (doc->rand, 7) - 3);
      break;
    case 3:
      x = -x;
      break;
    case 4:
      x = 0;
      break;
    case 5:
      x = chance (doc->rand, 0.5) ? 1e300 : -1e300;
      break;
    case 6:
      x = chance (doc->rand, 0.5) ? 1e-300 : 5e-324;
      break;
    case 7:
      set_int (node, pick (doc->rand, 6) - 1);
      return;
    case 8:
      x += 1;
      break;
    default:
      x *= g_rand_double_range (doc->rand, 0.5, 2);
      break;
    }
  set_double (node, isfinite (x) ? x : 1e308);
}

static void
set_node (JsonNode *node, JsonNode *value)
{
  if (json_node_get_value_type (value) == G_TYPE_STRING)
    set_string (node, json_node_get_string (value));
  else
    set_double (node, json_node_get_double (value));
  json_node_unref (value);
}

/* A value of a quantity: its number scaled (mostly up or down, now and
 * then negated, zeroed or huge), another unit of the quantity (or any
 * unit), a new value, or one varying in time. */
static void
mutate_quantity (Doc *doc, JsonNode *node, MfQuantity quantity, gboolean may_vary)
{
  const char *text = JSON_NODE_HOLDS_VALUE (node)
                     && json_node_get_value_type (node) == G_TYPE_STRING
                       ? json_node_get_string (node) : NULL;
  gsize number = text != NULL ? mf_expr_number_length (text) : 0;
  g_autoptr (GString) out = g_string_new (NULL);

  if (text == NULL || number == 0)
    {
      if (text == NULL && chance (doc->rand, 0.6))
        mutate_number (doc, node);
      else
        set_node (node, quantity_value (doc->rand, quantity, may_vary));
      return;
    }
  switch (pick (doc->rand, 6))
    {
    case 0:
    case 1:
      {
        static const double factors[] = { 1e-3, 0.1, 0.5, 2, 10, 1e3, 1e-9, 1e9, -1, 0, 1e300 };

        append_number (out, g_ascii_strtod (text, NULL)
                              * factors[pick (doc->rand, G_N_ELEMENTS (factors))]);
        g_string_append (out, text + number);
      }
      break;
    case 2:
      {
        const Unit *unit = chance (doc->rand, 0.9) ? unit_of (doc->rand, quantity)
                                                   : &units[pick (doc->rand, G_N_ELEMENTS (units))];

        g_string_append_len (out, text, (gssize) number);
        g_string_append_printf (out, " %s", unit->unit);
      }
      break;
    case 3:
      if (may_vary || chance (doc->rand, 0.1))
        {
          g_string_append_printf (out, "(%s) * ", text);
          mf_fuzz_expression (doc->rand, out, 1);
          break;
        }
      G_GNUC_FALLTHROUGH;
    case 4:
      set_node (node, quantity_value (doc->rand, quantity, may_vary));
      return;
    default:
      if (chance (doc->rand, 0.3))
        mf_fuzz_expression (doc->rand, out, 3);
      else
        set_node (node, quantity_value (doc->rand, quantity, may_vary));
      break;
    }
  if (out->len > 0)
    set_string (node, out->str);
}

/* The words documents are made of, for strings swapped for others. */
static const char *
word (Doc *doc)
{
  static const char *const words[] = { "default", "open", "closed", "none", "laminar",
                                       "turbulent", "t", "pi", "auto", "" };
  int n = G_N_ELEMENTS (words);
  guint n_methods;
  const MfMethod *methods = mf_method_list (&n_methods);
  int i = pick (doc->rand, n + MF_N_COMPONENT_TYPES + (int) n_methods);

  if (i < n)
    return words[i];
  if (i < n + MF_N_COMPONENT_TYPES)
    return mf_component_type_info (i - n)->name;
  return methods[i - n - MF_N_COMPONENT_TYPES].name;
}

/* Any string for any string: another of the document's, an id, a word,
 * an expression. */
static void
mutate_string (Doc *doc, JsonNode *node)
{
  g_autoptr (GString) out = g_string_new (NULL);

  switch (pick (doc->rand, 4))
    {
    case 0:
      if (doc->strings->len > 0)
        {
          g_string_append (out, any_of (doc, doc->strings));
          break;
        }
      G_GNUC_FALLTHROUGH;
    case 1:
      if (doc->ids->len > 0)
        {
          g_string_append (out, any_of (doc, doc->ids));
          break;
        }
      G_GNUC_FALLTHROUGH;
    case 2:
      g_string_append (out, word (doc));
      break;
    default:
      mf_fuzz_expression (doc->rand, out, 3);
      break;
    }
  set_string (node, out->str);
}

static int
port_domain (Doc *doc, const char *port)
{
  for (int d = 0; d < MF_N_DOMAINS; d++)
    for (guint i = 0; i < doc->ports[d]->len; i++)
      if (strcmp (doc->ports[d]->pdata[i], port) == 0)
        return d;
  return pick (doc->rand, MF_N_DOMAINS);
}

/* A mode's name, or a made-up one. */
static char *
mode_name (Doc *doc)
{
  JsonArray *modes = member_array (doc->root, "modes");
  guint n = modes != NULL ? json_array_get_length (modes) : 0;
  JsonNode *mode = n > 0 ? json_array_get_element (modes, (guint) pick (doc->rand, (int) n))
                         : NULL;
  JsonNode *name = mode != NULL && JSON_NODE_HOLDS_OBJECT (mode)
                     ? json_object_get_member (json_node_get_object (mode), "name") : NULL;

  if (name != NULL && JSON_NODE_HOLDS_VALUE (name)
      && json_node_get_value_type (name) == G_TYPE_STRING && chance (doc->rand, 0.8))
    return g_strdup (json_node_get_string (name));
  return g_strdup (chance (doc->rand, 0.5) ? "default" : "other");
}

static char *output_name (Doc *doc);
static void rename_component (Doc *doc, JsonObject *component, const char *id);
static void retype_component (Doc *doc, JsonObject *component);
static char *renamed (const char *text, const char *from, const char *to);

/* Does the type hold a node's pressure (a tank or a volume)? */
static gboolean
holds_pressure (const MfComponentTypeInfo *info)
{
  return info != NULL && (info->type == MF_COMPONENT_TANK || info->type == MF_COMPONENT_VOLUME);
}

/* The type of the component of "ID.PORT", or NULL. */
static const MfComponentTypeInfo *
port_type (Doc *doc, const char *port)
{
  const char *dot = port != NULL ? strchr (port, '.') : NULL;
  g_autofree char *id = dot != NULL ? g_strndup (port, (gsize) (dot - port)) : NULL;

  return id != NULL ? g_hash_table_lookup (doc->types, id) : NULL;
}

/* A port of the domain to wire to `partner` (of type `partner_type`), or
 * NULL: not the partner itself, and mostly not a second tank or volume on
 * the partner's node, which the assembly refuses. */
static const char *
other_port (Doc *doc, int domain, const char *partner, const MfComponentTypeInfo *partner_type)
{
  const char *port = NULL;

  for (int tries = 0; tries < 8; tries++)
    {
      port = any_of (doc, doc->ports[domain]);
      if (port == NULL)
        return NULL;
      if (partner != NULL && strcmp (port, partner) == 0)
        continue;
      if (holds_pressure (partner_type) && holds_pressure (port_type (doc, port))
          && chance (doc->rand, 0.9))
        continue;
      return port;
    }
  return partner != NULL && port != NULL && strcmp (port, partner) == 0 ? NULL : port;
}

/* The other end of the wire holding `end`, if it is a string. */
static const char *
other_end (JsonArray *wire, JsonNode *end)
{
  for (guint e = 0; e < json_array_get_length (wire); e++)
    {
      JsonNode *node = json_array_get_element (wire, e);

      if (node != end && JSON_NODE_HOLDS_VALUE (node)
          && json_node_get_value_type (node) == G_TYPE_STRING)
        return json_node_get_string (node);
    }
  return NULL;
}

/* A leaf changed as what it is: a type for a type, a port for a port of
 * the same domain, a value of the parameter's quantity, ...; and now and
 * then as anything. */
static void
mutate_leaf (Doc *doc)
{
  Leaf *leaf = doc->leaves->len > 0 ? &g_array_index (doc->leaves, Leaf, pick (doc->rand,
                                                                          (int) doc->leaves->len))
                                    : NULL;
  const char *key;
  const MfComponentTypeInfo *info;
  int param;
  gboolean string;

  if (leaf == NULL)
    return;
  key = leaf->key != NULL ? leaf->key : "";
  info = leaf->owner != NULL ? component_info (leaf->owner) : NULL;
  param = info != NULL ? mf_component_type_param_index (info, key) : -1;
  string = JSON_NODE_HOLDS_VALUE (leaf->node)
           && json_node_get_value_type (leaf->node) == G_TYPE_STRING;
  if (chance (doc->rand, 0.05))
    {
      /* anything */
      if (string || chance (doc->rand, 0.3))
        mutate_string (doc, leaf->node);
      else
        mutate_number (doc, leaf->node);
      return;
    }
  if (strcmp (key, "manifold") == 0)
    set_int (leaf->node, chance (doc->rand, 0.8) ? 1 : pick (doc->rand, 4) - 1);
  else if (strcmp (key, "type") == 0 && leaf->owner != NULL)
    retype_component (doc, leaf->owner);
  else if (strcmp (key, "id") == 0 && leaf->owner != NULL && string)
    {
      if (chance (doc->rand, 0.05) && doc->ids->len > 0)
        set_string (leaf->node, any_of (doc, doc->ids)); /* a duplicate */
      else
        {
          g_autofree char *id = g_strdup_printf ("%s%d", json_node_get_string (leaf->node),
                                                 pick (doc->rand, 10));

          rename_component (doc, leaf->owner, id);
        }
    }
  else if (param >= 0 && info->params[param].kind == MF_PARAM_CHOICE)
    {
      const char *const *choices = info->params[param].choices;

      set_string (leaf->node, choices[pick (doc->rand, (int) g_strv_length ((char **) choices))]);
    }
  else if (param >= 0)
    mutate_quantity (doc, leaf->node, info->params[param].quantity,
                     info->params[param].may_vary);
  else if (strcmp (key, "density") == 0)
    mutate_quantity (doc, leaf->node, MF_QUANTITY_DENSITY, FALSE);
  else if (strcmp (key, "kinematic_viscosity") == 0)
    mutate_quantity (doc, leaf->node, MF_QUANTITY_VISCOSITY, FALSE);
  else if (strcmp (key, "bulk_modulus") == 0)
    mutate_quantity (doc, leaf->node, MF_QUANTITY_PRESSURE, FALSE);
  else if (strcmp (key, "wires") == 0 && string)
    {
      /* another port of the same domain, not the wire's other end */
      JsonNode *parent = json_node_get_parent (leaf->node);
      const char *avoid = parent != NULL && JSON_NODE_HOLDS_ARRAY (parent)
                            ? other_end (json_node_get_array (parent), leaf->node) : NULL;
      const char *port = other_port (doc, port_domain (doc, json_node_get_string (leaf->node)),
                                     avoid, port_type (doc, avoid));

      if (port != NULL)
        set_string (leaf->node, port);
    }
  else if (strcmp (key, "closed") == 0 && doc->switchable->len > 0)
    set_string (leaf->node, any_of (doc, doc->switchable));
  else if (strcmp (key, "name") == 0 || strcmp (key, "mode") == 0)
    {
      g_autofree char *name = mode_name (doc);

      set_string (leaf->node, name);
    }
  else if (strcmp (key, "outputs") == 0 || strcmp (key, "prefer_states") == 0)
    {
      g_autofree char *name = output_name (doc);

      set_string (leaf->node, name);
    }
  else if (strcmp (key, "method") == 0)
    {
      guint n_methods;
      const MfMethod *methods = mf_method_list (&n_methods);

      set_string (leaf->node, methods[pick (doc->rand, (int) n_methods)].name);
    }
  else if (strcmp (key, "rotation") == 0)
    set_int (leaf->node, 90 * pick (doc->rand, 4));
  else if (string)
    mutate_string (doc, leaf->node);
  else if (JSON_NODE_HOLDS_VALUE (leaf->node)
           && json_node_get_value_type (leaf->node) == G_TYPE_BOOLEAN)
    set_boolean (leaf->node, !json_node_get_boolean (leaf->node));
  else
    mutate_number (doc, leaf->node);
}

/* A new component of any type, with the parameters it needs, each port
 * wired to a port of its domain (or, now and then, left open). */
static void
add_component (Doc *doc)
{
  const MfComponentTypeInfo *info = mf_component_type_info (pick (doc->rand,
                                                                  MF_N_COMPONENT_TYPES));
  g_autofree char *id = fresh_id (doc, info);
  JsonObject *component = json_object_new ();

  if (doc->components == NULL)
    {
      doc->components = json_array_new ();
      json_object_set_array_member (doc->root, "components", doc->components);
    }
  json_object_set_string_member (component, "id", id);
  json_object_set_string_member (component, "type", info->name);
  fill_params (doc, component, info);
  json_array_add_object_element (doc->components, component);
  for (guint p = 0; p < info->n_ports; p++)
    {
      g_autofree char *port = g_strdup_printf ("%s.%s", id, info->ports[p].name);
      const char *other = other_port (doc, info->ports[p].domain, port, info);

      /* a mechanical port left open is refused; a hydraulic one is a plugged port */
      if (other != NULL
          && chance (doc->rand, info->ports[p].domain == MF_DOMAIN_MECHANICAL ? 0.99 : 0.9))
        add_wire (doc, port, other);
    }
}

static guint
component_index (Doc *doc)
{
  return (guint) pick (doc->rand, (int) json_array_get_length (doc->components));
}

/* Removes a component, and (mostly) what names it: its wires, its entries
 * in the modes, its initial values. */
static void
remove_component (Doc *doc)
{
  guint i = component_index (doc);
  JsonObject *component = component_at (doc, i);
  g_autofree char *id = component != NULL ? g_strdup (component_id (component)) : NULL;
  JsonArray *array;

  json_array_remove_element (doc->components, i);
  if (id == NULL || chance (doc->rand, 0.03))
    return;
  if ((array = member_array (doc->root, "wires")) != NULL)
    for (guint w = json_array_get_length (array); w-- > 0;)
      if (wire_touches (json_array_get_element (array, w), id))
        json_array_remove_element (array, w);
  if ((array = member_array (doc->root, "modes")) != NULL)
    for (guint m = 0; m < json_array_get_length (array); m++)
      {
        JsonNode *mode = json_array_get_element (array, m);
        JsonArray *closed = JSON_NODE_HOLDS_OBJECT (mode)
                              ? member_array (json_node_get_object (mode), "closed") : NULL;

        if (closed != NULL)
          remove_string (closed, id);
      }
  for (guint k = 0; k < 2; k++)
    {
      /* "outputs" and "prefer_states" entries of its values */
      JsonArray *names = k == 0 ? member_array (member_object (doc->root, "simulation"), "outputs")
                                : member_array (doc->root, "prefer_states");

      for (guint n = names != NULL ? json_array_get_length (names) : 0; n-- > 0;)
        {
          JsonNode *name = json_array_get_element (names, n);
          g_autofree char *moved = JSON_NODE_HOLDS_VALUE (name)
                                   && json_node_get_value_type (name) == G_TYPE_STRING
                                     ? renamed (json_node_get_string (name), id, "") : NULL;

          if (moved != NULL)
            json_array_remove_element (names, n);
        }
    }
  if (member_object (doc->root, "initial") != NULL)
    {
      JsonObject *initial = member_object (doc->root, "initial");
      GList *names = json_object_get_members (initial);

      for (GList *l = names; l != NULL; l = l->next)
        if (g_str_has_prefix (l->data, id) && ((char *) l->data)[strlen (id)] == '.')
          json_object_remove_member (initial, l->data);
      g_list_free (names);
    }
}

/* A copy of a component under a new id, in parallel with it (its wires
 * copied too) or in series (one port on the original's). */
static void
duplicate_component (Doc *doc)
{
  guint index = component_index (doc);
  JsonObject *original = component_at (doc, index);
  const MfComponentTypeInfo *info = original != NULL ? component_info (original) : NULL;
  const char *id = original != NULL ? component_id (original) : NULL;
  g_autofree char *copy_id = NULL;
  g_autoptr (JsonNode) copy = NULL;
  JsonArray *array;
  guint n_wires;

  if (info == NULL || id == NULL)
    return;
  copy_id = chance (doc->rand, 0.02) ? g_strdup (id) : fresh_id (doc, info);
  copy = deep_copy (json_array_get_element (doc->components, index));
  json_object_set_string_member (json_node_get_object (copy), "id", copy_id);
  json_array_add_element (doc->components, g_steal_pointer (&copy));
  array = wires (doc);
  n_wires = json_array_get_length (array);
  if (chance (doc->rand, 0.5))
    {
      for (guint w = 0; w < n_wires; w++)
        {
          JsonNode *wire = json_array_get_element (array, w);
          JsonArray *ends;
          g_autofree char *a = NULL, *b = NULL;

          if (!wire_touches (wire, id))
            continue;
          ends = json_node_get_array (wire);
          if (json_array_get_length (ends) != 2)
            continue;
          a = g_strdup (json_array_get_string_element (ends, 0));
          b = g_strdup (json_array_get_string_element (ends, 1));
          if (a == NULL || b == NULL)
            continue;
          if (g_str_has_prefix (a, id) && a[strlen (id)] == '.')
            {
              char *moved = g_strconcat (copy_id, a + strlen (id), NULL);

              g_free (a);
              a = moved;
            }
          if (g_str_has_prefix (b, id) && b[strlen (id)] == '.')
            {
              char *moved = g_strconcat (copy_id, b + strlen (id), NULL);

              g_free (b);
              b = moved;
            }
          add_wire (doc, a, b);
        }
    }
  else
    for (guint p = 0; p < info->n_ports; p++)
      {
        g_autofree char *mine = g_strdup_printf ("%s.%s", copy_id, info->ports[p].name);
        g_autofree char *theirs = g_strdup_printf ("%s.%s", id,
                                                   info->ports[info->n_ports - 1 - p].name);
        const char *other = any_of (doc, doc->ports[info->ports[p].domain]);

        if (p == 0 && info->ports[p].domain == info->ports[info->n_ports - 1].domain)
          add_wire (doc, mine, theirs);
        else if (other != NULL)
          add_wire (doc, mine, other);
      }
}

/* Do two types have the same ports (names and domains)? */
static gboolean
same_ports (const MfComponentTypeInfo *a, const MfComponentTypeInfo *b)
{
  if (a->n_ports != b->n_ports)
    return FALSE;
  for (guint p = 0; p < a->n_ports; p++)
    if (strcmp (a->ports[p].name, b->ports[p].name) != 0
        || a->ports[p].domain != b->ports[p].domain)
      return FALSE;
  return TRUE;
}

/* Another type for a component, mostly one with the same ports so that
 * its wires still fit: the parameters the new type has no use for (mostly)
 * dropped, those it needs added. */
static void
retype_component (Doc *doc, JsonObject *component)
{
  const MfComponentTypeInfo *old = component != NULL ? component_info (component) : NULL;
  const MfComponentTypeInfo *info = mf_component_type_info (pick (doc->rand,
                                                                  MF_N_COMPONENT_TYPES));
  GList *names;

  if (component == NULL)
    return;
  for (int tries = 0; old != NULL && !same_ports (old, info) && tries < 20; tries++)
    info = mf_component_type_info (pick (doc->rand, MF_N_COMPONENT_TYPES));
  json_object_set_string_member (component, "type", info->name);
  names = json_object_get_members (component);
  for (GList *l = names; l != NULL; l = l->next)
    if (strcmp (l->data, "id") != 0 && strcmp (l->data, "type") != 0
        && strcmp (l->data, "at") != 0 && strcmp (l->data, "rotation") != 0
        && mf_component_type_param_index (info, l->data) < 0 && chance (doc->rand, 0.9))
      json_object_remove_member (component, l->data);
  g_list_free (names);
  fill_params (doc, component, info);
}

/* "ID.REST" of the component `from` as of `to`, or NULL. */
static char *
renamed (const char *text, const char *from, const char *to)
{
  gsize n = strlen (from);

  if (strncmp (text, from, n) != 0 || text[n] != '.')
    return NULL;
  return g_strconcat (to, text + n, NULL);
}

/* A new id for a component, and (mostly) for everything that names it:
 * its wires, the modes that close it, its initial values and outputs. */
static void
rename_component (Doc *doc, JsonObject *component, const char *id)
{
  g_autofree char *old = g_strdup (component_id (component));
  JsonObject *initial = member_object (doc->root, "initial");

  /* in place: the node is one of doc->leaves */
  if (old != NULL)
    set_string (json_object_get_member (component, "id"), id);
  else
    json_object_set_string_member (component, "id", id);
  if (old == NULL || chance (doc->rand, 0.03))
    return;
  for (guint i = 0; i < doc->leaves->len; i++)
    {
      Leaf *leaf = &g_array_index (doc->leaves, Leaf, i);
      const char *text;
      g_autofree char *moved = NULL;

      if (leaf->key == NULL
          || !(strcmp (leaf->key, "wires") == 0 || strcmp (leaf->key, "closed") == 0
               || strcmp (leaf->key, "outputs") == 0 || strcmp (leaf->key, "prefer_states") == 0)
          || !JSON_NODE_HOLDS_VALUE (leaf->node)
          || json_node_get_value_type (leaf->node) != G_TYPE_STRING)
        continue;
      text = json_node_get_string (leaf->node);
      if (strcmp (text, old) == 0)
        set_string (leaf->node, id);
      else if ((moved = renamed (text, old, id)) != NULL)
        set_string (leaf->node, moved);
    }
  if (initial != NULL)
    {
      GList *names = json_object_get_members (initial);

      for (GList *l = names; l != NULL; l = l->next)
        {
          g_autofree char *moved = renamed (l->data, old, id);

          if (moved != NULL)
            {
              JsonNode *value = json_node_ref (json_object_get_member (initial, l->data));

              json_object_remove_member (initial, l->data);
              json_object_set_member (initial, moved, value);
            }
        }
      g_list_free (names);
    }
}

/* Adds an optional parameter a component's type has, or removes one it
 * has (a required one too, now and then). */
static void
toggle_param (Doc *doc)
{
  JsonObject *component = component_at (doc, component_index (doc));
  const MfComponentTypeInfo *info = component != NULL ? component_info (component) : NULL;
  const MfParamSpec *spec;

  if (info == NULL || info->n_params == 0)
    return;
  spec = &info->params[pick (doc->rand, (int) info->n_params)];
  if (json_object_has_member (component, spec->name))
    {
      if (!spec->required || chance (doc->rand, 0.1))
        json_object_remove_member (component, spec->name);
    }
  else if (spec->kind == MF_PARAM_CHOICE)
    json_object_set_string_member (component, spec->name, spec->choices[0]);
  else
    json_object_set_member (component, spec->name,
                            quantity_value (doc->rand, spec->quantity, spec->may_vary));
}

static void
add_random_wire (Doc *doc)
{
  /* mostly within a domain; across now and then */
  int from = pick (doc->rand, MF_N_DOMAINS);
  int to = chance (doc->rand, 0.95) ? from : pick (doc->rand, MF_N_DOMAINS);
  const char *a = any_of (doc, doc->ports[from]);
  const char *b = other_port (doc, to, a, port_type (doc, a));

  if (a != NULL && b != NULL)
    add_wire (doc, a, b);
}

static void
remove_wire (Doc *doc)
{
  JsonArray *array = member_array (doc->root, "wires");

  if (array != NULL && json_array_get_length (array) > 0)
    json_array_remove_element (array, (guint) pick (doc->rand,
                                                    (int) json_array_get_length (array)));
}

/* One end of a wire moved to another port (mostly of its domain). */
static void
move_wire (Doc *doc)
{
  JsonArray *array = member_array (doc->root, "wires");
  JsonNode *wire, *end;
  JsonArray *ends;
  const char *other;

  if (array == NULL || json_array_get_length (array) == 0)
    return;
  wire = json_array_get_element (array, (guint) pick (doc->rand,
                                                      (int) json_array_get_length (array)));
  if (!JSON_NODE_HOLDS_ARRAY (wire) || json_array_get_length (json_node_get_array (wire)) != 2)
    return;
  ends = json_node_get_array (wire);
  end = json_array_get_element (ends, (guint) pick (doc->rand, 2));
  if (!JSON_NODE_HOLDS_VALUE (end) || json_node_get_value_type (end) != G_TYPE_STRING)
    return;
  /* to a port of the other domain, now and then */
  other = other_port (doc, chance (doc->rand, 0.95) ? port_domain (doc, json_node_get_string (end))
                                                    : pick (doc->rand, MF_N_DOMAINS),
                      other_end (ends, end), port_type (doc, other_end (ends, end)));
  if (other != NULL)
    set_string (end, other);
}

/* A new mode closing some valves, a valve closed or reopened in a mode, or
 * a scheduled switch to a mode. */
static void
change_modes (Doc *doc)
{
  JsonArray *modes = member_array (doc->root, "modes");
  guint n_modes = modes != NULL ? json_array_get_length (modes) : 0;

  if (modes == NULL)
    {
      JsonObject *first = json_object_new ();

      modes = json_array_new ();
      json_object_set_array_member (doc->root, "modes", modes);
      json_object_set_string_member (first, "name", "default");
      json_object_set_array_member (first, "closed", json_array_new ());
      json_array_add_object_element (modes, first);
      n_modes = 1;
    }
  switch (pick (doc->rand, 3))
    {
    case 0:
      {
        JsonObject *mode = json_object_new ();
        JsonArray *closed = json_array_new ();
        g_autofree char *name = g_strdup_printf ("mode%u", n_modes + 1);

        for (guint i = 0; i < doc->switchable->len; i++)
          if (chance (doc->rand, 0.4))
            json_array_add_string_element (closed, doc->switchable->pdata[i]);
        json_object_set_string_member (mode, "name", name);
        json_object_set_array_member (mode, "closed", closed);
        json_array_add_object_element (modes, mode);
      }
      break;
    case 1:
      {
        JsonNode *mode = json_array_get_element (modes, (guint) pick (doc->rand, (int) n_modes));
        JsonArray *closed = JSON_NODE_HOLDS_OBJECT (mode)
                              ? member_array (json_node_get_object (mode), "closed") : NULL;
        const char *id = chance (doc->rand, 0.97) ? any_of (doc, doc->switchable)
                                                 : any_of (doc, doc->ids);
        guint before;

        if (closed == NULL || id == NULL)
          break;
        before = json_array_get_length (closed);
        remove_string (closed, id);
        if (json_array_get_length (closed) == before)
          json_array_add_string_element (closed, id);
      }
      break;
    default:
      {
        JsonArray *schedule = member_array (doc->root, "schedule");
        JsonNode *mode = json_array_get_element (modes, (guint) pick (doc->rand, (int) n_modes));
        JsonObject *entry = json_object_new ();
        JsonNode *name = JSON_NODE_HOLDS_OBJECT (mode)
                           ? json_object_get_member (json_node_get_object (mode), "name") : NULL;
        double t = 0;

        if (name == NULL || json_node_get_value_type (name) != G_TYPE_STRING)
          {
            json_object_unref (entry);
            break;
          }
        if (schedule == NULL)
          {
            schedule = json_array_new ();
            json_object_set_array_member (doc->root, "schedule", schedule);
          }
        /* after the last entry, mostly */
        for (guint i = 0; i < json_array_get_length (schedule); i++)
          {
            JsonNode *last = json_array_get_element (schedule, i);
            JsonNode *at = JSON_NODE_HOLDS_OBJECT (last)
                             ? json_object_get_member (json_node_get_object (last), "t") : NULL;

            if (at != NULL && JSON_NODE_HOLDS_VALUE (at)
                && (json_node_get_value_type (at) == G_TYPE_DOUBLE
                    || json_node_get_value_type (at) == G_TYPE_INT64))
              t = MAX (t, json_node_get_double (at));
          }
        json_object_set_double_member (entry, "t", t + (chance (doc->rand, 0.97)
                                                          ? short_time (doc->rand) : -0.001));
        json_object_set_string_member (entry, "mode", json_node_get_string (name));
        json_array_add_object_element (schedule, entry);
      }
      break;
    }
}

/* A name a run writes, mostly one the circuit has. */
static char *
output_name (Doc *doc)
{
  /* what a run writes of each type (docs/format.md, "Outputs"), in the
   * order of MfComponentType */
  static const char *const written[MF_N_COMPONENT_TYPES][6] = {
    { NULL }, { ".p" }, { ".p" }, { ".v", ".q" }, { ".v", ".q", ".open" },
    { ".v", ".q", ".dp", ".open" }, { ".v", ".q", ".dp", ".open" }, { ".v", ".q", ".dp", ".open" },
    { NULL }, { ".v", ".x", ".q", ".stop_force", ".at_stop" }, { ".v", ".x" },
    { NULL }, { NULL }, { NULL }, { NULL },
  };
  static const char *const solver[] = { "solver.residual", "solver.sigma_min",
                                        "solver.sigma_max" };
  guint n = doc->components != NULL ? json_array_get_length (doc->components) : 0;
  JsonObject *component = n > 0 ? component_at (doc, (guint) pick (doc->rand, (int) n)) : NULL;
  const MfComponentTypeInfo *info = component != NULL ? component_info (component) : NULL;
  const char *id = component != NULL ? component_id (component) : NULL;
  const char *const *suffixes = info != NULL ? written[info->type] : NULL;
  int n_suffixes = 0;

  while (suffixes != NULL && n_suffixes < 6 && suffixes[n_suffixes] != NULL)
    n_suffixes++;
  if (id == NULL || n_suffixes == 0 || chance (doc->rand, 0.05))
    return g_strdup (solver[pick (doc->rand, G_N_ELEMENTS (solver))]);
  return g_strconcat (id, suffixes[pick (doc->rand, n_suffixes)], NULL);
}

/* A state's name (docs/format.md, "initial"), mostly one the circuit has:
 * the velocity of a branch or a mass, the position of a piston or a mass,
 * the pressure of a junction. */
static char *
state_name (Doc *doc)
{
  guint n = doc->components != NULL ? json_array_get_length (doc->components) : 0;
  JsonObject *component = n > 0 ? component_at (doc, (guint) pick (doc->rand, (int) n)) : NULL;
  const MfComponentTypeInfo *info = component != NULL ? component_info (component) : NULL;
  const char *id = component != NULL ? component_id (component) : NULL;
  const char *suffix = ".v";

  if (id == NULL || info == NULL)
    return g_strdup ("P1.v");
  if (info->type == MF_COMPONENT_JUNCTION || info->type == MF_COMPONENT_VOLUME)
    suffix = ".p";
  else if ((info->type == MF_COMPONENT_PISTON || info->type == MF_COMPONENT_MASS)
           && chance (doc->rand, 0.5))
    suffix = ".x";
  return g_strconcat (id, suffix, NULL);
}

/* The method, a fixed step, the output interval, the outputs, the
 * tolerances: one of them. */
static void
change_simulation (Doc *doc)
{
  JsonObject *simulation = member_object (doc->root, "simulation");
  guint n_methods;
  const MfMethod *methods = mf_method_list (&n_methods);

  if (simulation == NULL)
    {
      simulation = json_object_new ();
      json_object_set_object_member (doc->root, "simulation", simulation);
    }
  switch (pick (doc->rand, 6))
    {
    case 0:
      json_object_set_string_member (simulation, "method",
                                     methods[pick (doc->rand, (int) n_methods)].name);
      break;
    case 1:
      if (json_object_has_member (simulation, "step") && chance (doc->rand, 0.5))
        json_object_remove_member (simulation, "step");
      else
        json_object_set_double_member (simulation, "step", positive_time (doc->rand) / 10);
      break;
    case 2:
      json_object_set_double_member (simulation, "output_interval",
                                     positive_time (doc->rand));
      break;
    case 3:
      {
        JsonArray *outputs = member_array (simulation, "outputs");

        if (outputs == NULL || chance (doc->rand, 0.2))
          {
            outputs = json_array_new ();
            json_object_set_array_member (simulation, "outputs", outputs);
          }
        for (int n = pick (doc->rand, 3) + 1; n > 0; n--)
          {
            g_autofree char *name = output_name (doc);

            json_array_add_string_element (outputs, name);
          }
      }
      break;
    case 4:
      json_object_set_double_member (simulation, chance (doc->rand, 0.5) ? "rtol" : "atol",
                                     pow (10, -pick (doc->rand, 14)));
      break;
    default:
      json_object_set_double_member (simulation, "t_end", positive_time (doc->rand));
      break;
    }
}

/* An initial value set, changed or removed; or a state preferred. */
static void
change_initial (Doc *doc)
{
  JsonObject *initial = member_object (doc->root, "initial");
  g_autofree char *name = state_name (doc);

  if (chance (doc->rand, 0.15))
    {
      JsonArray *prefer = member_array (doc->root, "prefer_states");

      if (prefer == NULL)
        {
          prefer = json_array_new ();
          json_object_set_array_member (doc->root, "prefer_states", prefer);
        }
      json_array_add_string_element (prefer, name);
      return;
    }
  if (initial == NULL)
    {
      initial = json_object_new ();
      json_object_set_object_member (doc->root, "initial", initial);
    }
  if (json_object_get_size (initial) > 0 && chance (doc->rand, 0.3))
    {
      GList *names = json_object_get_members (initial);
      guint which = (guint) pick (doc->rand, (int) g_list_length (names));

      json_object_remove_member (initial, g_list_nth_data (names, which));
      g_list_free (names);
      return;
    }
  json_object_set_double_member (initial, name, g_rand_double_range (doc->rand, -2, 2)
                                                * pow (10, pick (doc->rand, 7) - 4));
}

/* A member any object could have, or one no object has. */
static void
add_member (Doc *doc)
{
  static const char *const names[] = { "title", "description", "density", "kinematic_viscosity",
                                       "bulk_modulus", "t_end", "output_interval", "step", "at",
                                       "rotation", "t", "unknown", "manifold", "id", "type" };
  JsonObject *object = any_of (doc, doc->objects);
  const MfComponentTypeInfo *info = component_info (object);
  const char *name;
  JsonNode *value;

  /* mostly a parameter of the component's type, with a value of its quantity */
  if (info == NULL || chance (doc->rand, 0.2))
    info = mf_component_type_info (pick (doc->rand, MF_N_COMPONENT_TYPES));
  if (info->n_params > 0 && chance (doc->rand, 0.8))
    {
      const MfParamSpec *spec = &info->params[pick (doc->rand, (int) info->n_params)];

      name = spec->name;
      if (spec->kind == MF_PARAM_CHOICE)
        value = json_node_init_string (json_node_alloc (), spec->choices[0]);
      else
        value = quantity_value (doc->rand, spec->quantity, spec->may_vary);
    }
  else
    {
      /* the last three break the document */
      name = names[pick (doc->rand, G_N_ELEMENTS (names) - (chance (doc->rand, 0.9) ? 3 : 0))];
      value = quantity_value (doc->rand, pick (doc->rand, MF_N_QUANTITIES), TRUE);
    }
  json_object_set_member (object, name, value);
}

static void
mutate_once (Doc *doc)
{
  gboolean components = doc->components != NULL
                        && json_array_get_length (doc->components) > 0;

  switch (pick (doc->rand, 20))
    {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
      mutate_leaf (doc);
      break;
    case 6:
    case 7:
      add_component (doc);
      break;
    case 8:
      if (components)
        remove_component (doc);
      break;
    case 9:
      if (components)
        duplicate_component (doc);
      break;
    case 10:
      if (components)
        retype_component (doc, component_at (doc, component_index (doc)));
      break;
    case 11:
      if (components)
        toggle_param (doc);
      break;
    case 12:
      add_random_wire (doc);
      break;
    case 13:
      remove_wire (doc);
      break;
    case 14:
      move_wire (doc);
      break;
    case 15:
      change_modes (doc);
      break;
    case 16:
    case 17:
      change_simulation (doc);
      break;
    case 18:
      change_initial (doc);
      break;
    default:
      add_member (doc);
      break;
    }
}

/* ---- text in, text out ---- */

static JsonNode *
parse (const guint8 *data, gsize size)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root;

  if (!json_parser_load_from_data (parser, (const char *) data, (gssize) size, NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  return json_node_copy (root);
}

/* The tree as text in `out`, as the app writes documents (json-glib's own
 * writer turns 1e-08 into "1e-08.0", which no reader takes); 0 if it does
 * not fit. */
static gsize
write_out (JsonNode *root, guint8 *out, gsize max_size)
{
  gsize length;
  g_autofree char *text = mf_json_to_text (root, &length);

  if (length > max_size || length == 0)
    return 0;
  memcpy (out, text, length);
  return length;
}

/* Would the loader and the assembly take the text? */
static gboolean
assembles (const guint8 *text, gsize length)
{
  g_autoptr (MfDocument) document = mf_document_load_data ((const char *) text, (gssize) length,
                                                           "<mutated>", NULL, NULL);
  g_autoptr (MfModel) model = document != NULL
                                ? mf_model_new (mf_document_get_circuit (document), NULL) : NULL;

  return model != NULL;
}

gsize
mf_fuzz_mutate_document (guint8 *data, gsize size, gsize max_size, GRand *rand,
                         gboolean *refused)
{
  g_autoptr (JsonNode) root = parse (data, size);
  /* Most mutations are drawn again (a few times) until the loader and the
   * assembly take the result, so that most inputs reach the integrator;
   * the others go as they come, for the loader's and the assembly's
   * refusals. */
  gboolean check = chance (rand, 0.9);
  gsize length = 0;

  *refused = FALSE;
  if (root == NULL)
    return 0;
  for (int t = 0, tries = check ? 4 : 1; t < tries; t++)
    {
      g_autoptr (JsonNode) copy = t + 1 < tries ? deep_copy (root) : json_node_ref (root);
      Doc doc = { rand };
      gsize written;

      doc.root = json_node_get_object (copy);
      for (int n = pick (rand, 2) + 1; n > 0; n--)
        {
          doc_scan (&doc, copy);
          mutate_once (&doc);
        }
      doc_clear (&doc);
      /* `data` is left as it was when the text does not fit */
      if ((written = write_out (copy, data, max_size)) == 0)
        continue;
      length = written;
      *refused = check && !assembles (data, length);
      if (!*refused)
        break;
    }
  return length;
}

/* One crossing of `donor_root` into `root`, written to `out`. */
static gsize
cross_once (JsonNode *root, JsonNode *donor_root, guint8 *out, gsize max_size, GRand *rand)
{
  Doc doc = { rand }, from = { rand };
  gsize length;

  doc.root = json_node_get_object (root);
  from.root = json_node_get_object (donor_root);
  doc_scan (&doc, root);
  doc_scan (&from, donor_root);
  if (chance (rand, 0.25))
    {
      /* the donor's settings of one kind */
      static const char *const settings[] = { "modes", "schedule", "simulation", "initial",
                                              "fluid" };
      const char *name = settings[pick (rand, G_N_ELEMENTS (settings))];
      JsonNode *theirs = json_object_get_member (from.root, name);

      if (theirs != NULL)
        json_object_set_member (doc.root, name, deep_copy (theirs));
    }
  else if (from.components != NULL && json_array_get_length (from.components) > 0)
    {
      /* a run of the donor's components, renamed apart, with their wires */
      guint n = json_array_get_length (from.components);
      guint first = (guint) pick (rand, (int) n), wanted = (guint) pick (rand, 4) + 1;
      guint count = MIN (n - first, wanted); /* not inside MIN: drawn once */
      JsonArray *their_wires = member_array (from.root, "wires");
      g_autoptr (GHashTable) renamed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                              g_free);
      JsonObject *any = NULL;

      if (doc.components == NULL)
        {
          doc.components = json_array_new ();
          json_object_set_array_member (doc.root, "components", doc.components);
        }
      for (guint i = first; i < first + count; i++)
        {
          JsonNode *copy = deep_copy (json_array_get_element (from.components, i));
          const char *id;

          if (!JSON_NODE_HOLDS_OBJECT (copy) || (id = component_id (json_node_get_object (copy)))
                                                  == NULL)
            {
              json_node_unref (copy);
              continue;
            }
          g_hash_table_insert (renamed, g_strdup (id), g_strconcat ("X", id, NULL));
          json_object_set_string_member (json_node_get_object (copy), "id",
                                         g_hash_table_lookup (renamed, id));
          any = json_node_get_object (copy);
          json_array_add_element (doc.components, copy);
        }
      for (guint w = 0; their_wires != NULL && w < json_array_get_length (their_wires); w++)
        {
          JsonNode *wire = json_array_get_element (their_wires, w);
          JsonArray *ends = JSON_NODE_HOLDS_ARRAY (wire) ? json_node_get_array (wire) : NULL;
          char *ends_new[2] = { NULL, NULL };

          if (ends == NULL || json_array_get_length (ends) != 2)
            continue;
          for (guint e = 0; e < 2; e++)
            {
              JsonNode *end = json_array_get_element (ends, e);
              const char *text = JSON_NODE_HOLDS_VALUE (end)
                                 && json_node_get_value_type (end) == G_TYPE_STRING
                                   ? json_node_get_string (end) : "";
              const char *dot = strchr (text, '.');
              g_autofree char *id = dot != NULL ? g_strndup (text, (gsize) (dot - text)) : NULL;
              const char *new_id = id != NULL ? g_hash_table_lookup (renamed, id) : NULL;

              if (new_id != NULL)
                ends_new[e] = g_strconcat (new_id, dot, NULL);
            }
          if (ends_new[0] != NULL && ends_new[1] != NULL)
            add_wire (&doc, ends_new[0], ends_new[1]);
          g_free (ends_new[0]);
          g_free (ends_new[1]);
        }
      /* joined to the base by a port of the last one taken */
      if (any != NULL && component_info (any) != NULL && component_info (any)->n_ports > 0)
        {
          const MfComponentTypeInfo *info = component_info (any);
          const MfPortSpec *port = &info->ports[pick (rand, (int) info->n_ports)];
          const char *other = any_of (&doc, doc.ports[port->domain]);
          g_autofree char *mine = g_strdup_printf ("%s.%s", component_id (any), port->name);

          if (other != NULL)
            add_wire (&doc, mine, other);
        }
    }
  doc_clear (&doc);
  doc_clear (&from);
  length = write_out (root, out, max_size);
  return length;
}

gsize
mf_fuzz_cross_documents (const guint8 *base, gsize base_size, const guint8 *donor,
                         gsize donor_size, guint8 *out, gsize max_size, GRand *rand)
{
  g_autoptr (JsonNode) root = parse (base, base_size);
  g_autoptr (JsonNode) donor_root = parse (donor, donor_size);
  /* drawn again until it assembles, as mf_fuzz_mutate_document() does */
  int tries = chance (rand, 0.9) ? 4 : 1;
  gsize length = 0;

  if (root == NULL || donor_root == NULL)
    return 0;
  for (int t = 0; t < tries; t++)
    {
      g_autoptr (JsonNode) copy = t + 1 < tries ? deep_copy (root) : json_node_ref (root);
      gsize written = cross_once (copy, donor_root, out, max_size, rand);

      if (written == 0)
        continue;
      length = written;
      if (assembles (out, length))
        break;
    }
  return length;
}

/* ---- warnings ---- */

static void
abort_on_warning (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  g_log_default_handler (domain, level, message, data);
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
}

void
mf_fuzz_fatal_warnings (void)
{
  g_log_set_default_handler (abort_on_warning, NULL);
}
