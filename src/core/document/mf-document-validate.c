/* mf-document-validate.c: the rules of FORMAT.md, checked on a parsed
 * document while its circuit is built.  Every problem is reported, not just
 * the first, and a problem is reported once: a component that could not be
 * built is remembered so that wires and modes naming it stay quiet.
 *
 * This file holds the document as a whole and its smaller sections (fluid,
 * simulation, initial values, preferred states).  The checks of single
 * fields are in mf-document-validate-fields.c; the components, wires, and
 * modes with the schedule have files of their own.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-document-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mf-method.h"

static const char *const root_fields[] = {
  "manifold", "title", "description", "fluid", "components", "wires", "modes", "schedule",
  "simulation", "initial", "prefer_states", NULL
};
static const char *const fluid_fields[] = {
  "density", "kinematic_viscosity", "bulk_modulus", NULL
};
static const char *const simulation_fields[] = {
  "t_end", "method", "rtol", "atol", "output_interval", "step", NULL
};

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
      mf_checker_error (checker, "fluid", _("'fluid' must be an object"));
      return;
    }
  object = json_node_get_object (node);
  mf_document_warn_unknown_fields (checker, object, "fluid", "fluid", fluid_fields, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    mf_document_check_constant_field (checker, object, "fluid", &rules[i], values[i]);
}

static void
check_method (MfChecker *checker, JsonObject *object)
{
  JsonNode *node = json_object_get_member (object, "method");
  g_autofree char *names = NULL;

  if (node == NULL)
    return;
  if (!mf_document_is_string (node))
    {
      mf_checker_error (checker, "simulation/method", _("simulation: 'method' must be a string"));
      return;
    }
  if (mf_method_lookup (json_node_get_string (node)) != NULL)
    {
      g_free (checker->circuit->simulation.method);
      checker->circuit->simulation.method = g_strdup (json_node_get_string (node));
      return;
    }
  names = mf_method_names ();
  mf_checker_error (checker, "simulation/method", _("simulation: unknown method '%s'; "
                      "the methods are %s"), json_node_get_string (node), names);
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
      mf_checker_error (checker, "simulation", _("'simulation' must be an object"));
      return;
    }
  object = json_node_get_object (node);
  mf_document_warn_unknown_fields (checker, object, "simulation", "simulation",
                                   simulation_fields, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    mf_document_check_constant_field (checker, object, "simulation", &rules[i], values[i]);
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
      mf_checker_error (checker, "initial", _("'initial' must be an object of state names "
                          "and numbers"));
      return;
    }
  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *value = json_object_get_member (object, l->data);
      g_autofree char *path = mf_json_path_member ("initial", l->data);
      MfInitialValue initial;

      if (!mf_document_is_number (value))
        mf_checker_error (checker, path, _("initial: '%s' must be a number"), (char *) l->data);
      else if (!isfinite (json_node_get_double (value)))
        mf_checker_error (checker, path, _("initial: '%s' is not a finite number"),
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
      mf_checker_error (checker, "prefer_states", _("'prefer_states' must be an array of "
                          "state names"));
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      g_autofree char *path = mf_json_path_index ("prefer_states", i);

      if (!mf_document_is_string (item) || json_node_get_string (item)[0] == '\0')
        mf_checker_error (checker, path, _("prefer_states: item %u must be a state name"), i + 1);
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
  if (!mf_document_is_string (node))
    mf_checker_error (checker, name, _("'%s' must be a string"), name);
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
      mf_checker_error (checker, "", _("'manifold' is missing: a circuit document starts with "
                          "\"manifold\": 1"));
      return TRUE;
    }
  version = mf_document_is_number (node) ? json_node_get_double (node) : NAN;
  if (!isfinite (version) || version != floor (version))
    {
      mf_checker_error (checker, "manifold", _("'manifold' must be an integer (the format "
                          "version, 1)"));
      return TRUE;
    }
  if (version == 1.0)
    return TRUE;
  mf_checker_report (checker, MF_SEVERITY_ERROR, MF_ERROR_VERSION, "manifold",
                     _("unsupported document version %.0f (this build reads version 1)"), version);
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
      if (JSON_NODE_HOLDS_ARRAY (root))
        mf_checker_error (checker, "", _("the document must be a JSON object {...}, not an array"));
      else
        mf_checker_error (checker, "",
                          _("the document must be a JSON object {...}, not a single value"));
      return;
    }
  object = json_node_get_object (root);
  if (!check_version (checker, object))
    return;
  mf_document_warn_unknown_fields (checker, object, "", NULL, root_fields, NULL);
  check_text_field (checker, object, "title", &circuit->title);
  check_text_field (checker, object, "description", &circuit->description);
  check_section (checker, object, "fluid", check_fluid);
  /* in this order: wires and modes name components, the schedule names modes */
  check_section (checker, object, "components", mf_document_check_components);
  check_section (checker, object, "wires", mf_document_check_wires);
  check_section (checker, object, "modes", mf_document_check_modes);
  if (circuit->modes->len == 0)
    mf_circuit_add_mode (circuit, "default");
  check_section (checker, object, "schedule", mf_document_check_schedule);
  check_section (checker, object, "simulation", check_simulation);
  check_section (checker, object, "initial", check_initial);
  check_section (checker, object, "prefer_states", check_preferred_states);
}
