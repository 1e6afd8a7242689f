/* mf-document-validate-fields.c: the checks of single fields, shared by the
 * sections of a document: the JSON type of a value, fields the format does
 * not know (a warning, with a guess at the typo), and values written as
 * numbers or expressions, against an MfValueRule.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-document-private.h"
#include "mf-suggest.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

gboolean
mf_document_is_number (JsonNode *node)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  return type == G_TYPE_INT64 || type == G_TYPE_DOUBLE;
}

gboolean
mf_document_is_string (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node)
         && json_node_get_value_type (node) == G_TYPE_STRING;
}

/* --- unknown fields --------------------------------------------------- */

/* Edits between two names, a swap of neighbours counting as one ("tnak"). */
static guint
edit_distance (const char *a, const char *b)
{
  return mf_suggest_distance (a, b, FALSE);
}

static gsize
length_apart (gsize length, const char *other)
{
  gsize other_length = strlen (other);

  return length > other_length ? length - other_length : other_length - length;
}

/* The candidate a typo most likely meant, or NULL. */
const char *
mf_document_closest_name (const char *name, const char *const *names,
                          const MfComponentTypeInfo *info)
{
  const char *best = NULL;
  gsize length = strlen (name);
  guint best_distance = (guint) MIN (length / 3, G_MAXUINT - 2) + 1;

  best_distance = MAX (best_distance, 2);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      guint d;

      /* names whose lengths differ that much are that many edits apart */
      if (length_apart (length, names[i]) >= best_distance)
        continue;
      d = edit_distance (name, names[i]);
      if (d < best_distance)
        best = names[i], best_distance = d;
    }
  for (guint i = 0; info != NULL && i < info->n_params; i++)
    {
      guint d;

      if (length_apart (length, info->params[i].name) >= best_distance)
        continue;
      d = edit_distance (name, info->params[i].name);
      if (d < best_distance)
        best = info->params[i].name, best_distance = d;
    }
  return best;
}

const char *
mf_document_closest_component (const MfChecker *checker, const char *id)
{
  const GPtrArray *components = checker->circuit->components;
  g_autofree const char **ids = g_new0 (const char *, components->len + 1);

  for (guint c = 0; c < components->len; c++)
    ids[c] = ((const MfComponent *) g_ptr_array_index (components, c))->id;
  return mf_suggest (id, ids, components->len, FALSE);
}

static gboolean
is_known_field (const char *name, const char *const *known, const MfComponentTypeInfo *info)
{
  if (g_strv_contains (known, name))
    return TRUE;
  return info != NULL && mf_component_type_param_index (info, name) >= 0;
}

/* Warns about every member of `object` that is neither in `known` nor a
 * parameter of `info`; readers keep and ignore them (docs/format.md). */
void
mf_document_warn_unknown_fields (MfChecker                 *checker,
                                 JsonObject                *object,
                                 const char                *path,
                                 const char                *owner,
                                 const char *const         *known,
                                 const MfComponentTypeInfo *info)
{
  g_autoptr (GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      g_autofree char *member_path = NULL;
      g_autofree char *name = NULL;
      const char *guess;

      if (is_known_field (l->data, known, info))
        continue;
      member_path = mf_json_path_member (path, l->data);
      guess = mf_document_closest_name (l->data, known, info);
      name = mf_text_escape (l->data);
      /* Whole sentences for each case, so a translation need not glue pieces. */
      if (owner != NULL && guess != NULL)
        /* Translators: the first %s is the component, mode or section ("component 'P1'"),
         * the second the field as written, the third a known field close to it. */
        mf_checker_warn_key (checker, member_path,
                             _("%s: unknown field '%s' ignored (did you mean '%s'?)"), owner,
                             name, guess);
      else if (owner != NULL)
        /* Translators: the first %s is the component, mode or section, the second a field. */
        mf_checker_warn_key (checker, member_path, _("%s: unknown field '%s' ignored"), owner,
                             name);
      else if (guess != NULL)
        /* Translators: the first %s is the field as written, the second a known one close to it. */
        mf_checker_warn_key (checker, member_path,
                             /* Translators: the first %s is the field as written, the second a
                              * known field close to it */
                             _("unknown field '%s' ignored (did you mean '%s'?)"), name, guess);
      else
        mf_checker_warn_key (checker, member_path, _("unknown field '%s' ignored"), name);
    }
}

/* --- values ----------------------------------------------------------- */

/* "a pressure", "an area", "dimensionless", "in kg^1 m^-2 s^0". */
static char *
dimension_phrase (MfDimension dimension)
{
  g_autofree char *name = NULL;
  MfQuantity quantity;

  if (dimension.any)
    return g_strdup (_("unitless"));
  if (mf_dimension_quantity (dimension, &quantity))
    return g_strdup (quantity == MF_QUANTITY_DIMENSIONLESS ? _("dimensionless")
                                                           : mf_quantity_phrase (quantity));
  name = mf_dimension_describe (dimension);
  /* Translators: "'area' is in kg^1 m^-1 s^-3": %s is a dimension with no name, as the
   * exponents of kg, m and s. */
  return g_strdup_printf (_("in %s"), name);
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
      /* Translators: the first %s names the component, mode or section ("component 'P1'", "fluid"),
       * the second is the field, the third what is wrong with its expression */
      mf_checker_syntax_in_string (checker, path, MIN (offset, strlen (text)), _("%s: '%s': %s"),
                                   rule->owner, rule->name, error->message);
      return NULL;
    }
  if (!rule->any_dimension && !dimension.any && !mf_dimension_equal (dimension, wanted))
    {
      g_autofree char *is = dimension_phrase (dimension);
      g_autofree char *should = dimension_phrase (wanted);
      g_autofree char *shown = mf_text_escape (text);

      /* Translators: the first %s names the component, mode or section ("component 'P1'", "fluid"),
       * the second is the field and what it is ("a pressure"), the fourth the field it must match
       * and what that is */
      mf_checker_error (checker, path, _("%s: '%s' is %s, but '%s' is %s"),
                        rule->owner, shown, is, rule->name, should);
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
        /* Translators: the first %s names the component, mode or section ("component 'P1'",
         * "fluid"), the second is the field */
        mf_checker_error (checker, path, _("%s: '%s' must not depend on t"), rule->owner,
                          rule->name);
      return rule->may_vary;
    }
  value = mf_expr_eval (expr, 0.0);
  if (!isfinite (value))
    /* Translators: the first %s names the component, mode or section ("component 'P1'", "fluid"),
     * the second is the field */
    mf_checker_error (checker, path, _("%s: '%s' is not a finite number"), rule->owner, rule->name);
  else if (rule->range == MF_RANGE_POSITIVE && value <= 0.0)
    /* Translators: the first %s names the component, mode or section ("component 'P1'", "fluid"),
     * the second is the field */
    mf_checker_error (checker, path, _("%s: '%s' must be positive"), rule->owner, rule->name);
  else if (rule->range == MF_RANGE_NON_NEGATIVE && value < 0.0)
    /* Translators: the first %s names the component, mode or section ("component 'P1'", "fluid"),
     * the second is the field */
    mf_checker_error (checker, path, _("%s: '%s' must not be negative"), rule->owner, rule->name);
  else if (rule->range == MF_RANGE_FRACTION && !(value > 0.0 && value <= 1.0))
    /* Translators: the first %s names the component ("component 'PU1'"), the second is the
     * field, an efficiency */
    mf_checker_error (checker, path, _("%s: '%s' must be greater than 0 and at most 1"),
                      rule->owner, rule->name);
  else if (rule->range == MF_RANGE_POLYTROPIC && !(value >= 1.0 && value <= 2.0))
    /* Translators: the first %s names the component ("component 'A1'"), the second is the
     * field, a gas's polytropic exponent */
    mf_checker_error (checker, path,
                      _("%s: '%s' must be at least 1 (isothermal) and at most 2"),
                      rule->owner, rule->name);
  else if (rule->range == MF_RANGE_OVERLAP && !(value > -1.0 && value < 1.0))
    /* Translators: the first %s names the component ("component 'DV1'"), the second is the
     * field, a spool's overlap as a fraction of its travel */
    mf_checker_error (checker, path, _("%s: '%s' must be greater than -1 and less than 1"),
                      rule->owner, rule->name);
  else if (rule->range == MF_RANGE_TRAVEL && !(value >= -1.0 && value <= 1.0))
    /* Translators: the first %s names the component ("component 'DV1'"), the second is the
     * field, a spool's place or a pump's displacement fraction */
    mf_checker_error (checker, path, _("%s: '%s' must be between -1 and 1"), rule->owner,
                      rule->name);
  else
    return TRUE;
  return FALSE;
}

/* A number in SI, or a string read by mf_expr_parse.  NULL when it breaks
 * a rule (reported). */
MfExpr *
mf_document_check_value (MfChecker *checker, JsonNode *node, const char *path,
                         const MfValueRule *rule)
{
  g_autoptr (MfExpr) expr = NULL;

  if (mf_document_is_number (node))
    expr = mf_expr_new_constant (json_node_get_double (node));
  else if (mf_document_is_string (node))
    expr = parse_value (checker, json_node_get_string (node), path, rule);
  else
    /* Translators: the first %s names the component, mode or section ("component 'P1'", "fluid"),
     * the second is the field */
    mf_checker_error (checker, path, _("%s: '%s' must be a number or a string"),
                      rule->owner, rule->name);
  if (expr == NULL || !check_value_rules (checker, expr, path, rule))
    return NULL;
  return g_steal_pointer (&expr);
}

gboolean
mf_document_check_constant (MfChecker *checker, JsonNode *node, const char *path,
                            const MfValueRule *rule, double *value)
{
  g_autoptr (MfExpr) expr = mf_document_check_value (checker, node, path, rule);

  if (expr == NULL)
    return FALSE;
  *value = mf_expr_eval (expr, 0.0);
  return TRUE;
}

/* Checks `field` of `object` (at `path`) as a constant under `rule`;
 * *value is left alone when the field is absent or wrong. */
void
mf_document_check_constant_field (MfChecker *checker, JsonObject *object, const char *path,
                                  const MfValueRule *rule, double *value)
{
  JsonNode *node = json_object_get_member (object, rule->name);
  g_autofree char *field_path = NULL;
  double parsed;

  if (node == NULL)
    return;
  field_path = mf_json_path_member (path, rule->name);
  if (mf_document_check_constant (checker, node, field_path, rule, &parsed))
    *value = parsed;
}

void
mf_document_check_each (MfChecker        *checker,
                        JsonNode         *node,
                        const char       *field,
                        MfElementChecker  check,
                        gpointer          data)
{
  JsonArray *array;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_autofree char *message = g_strdup_printf (_("'%s' must be an array"), field);

      mf_checker_error (checker, field, "%s", message);
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    check (checker, json_array_get_element (array, i), i, data);
}
