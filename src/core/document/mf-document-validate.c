/* mf-document-validate.c: the rules of docs/format.md, checked on a parsed
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
#include "mf-leak.h"
#include "mf-spool.h"

/* --- fluid, simulation, initial values -------------------------------- */

static void
check_fluid (MfChecker *checker, JsonNode *node)
{
  MfFluid *fluid = &checker->circuit->fluid;
  const MfValueRule rules[] = {
    { MF_KEY_FLUID, MF_KEY_FLUID_DENSITY, MF_QUANTITY_DENSITY, FALSE, MF_RANGE_POSITIVE, FALSE },
    { MF_KEY_FLUID, MF_KEY_FLUID_KINEMATIC_VISCOSITY, MF_QUANTITY_VISCOSITY, FALSE,
      MF_RANGE_POSITIVE, FALSE },
    { MF_KEY_FLUID, MF_KEY_FLUID_BULK_MODULUS, MF_QUANTITY_PRESSURE, FALSE, MF_RANGE_POSITIVE,
      FALSE },
  };
  double *values[] = { &fluid->density, &fluid->kinematic_viscosity, &fluid->bulk_modulus };
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      mf_checker_error (checker, MF_KEY_FLUID, _("'fluid' must be an object"));
      return;
    }
  object = json_node_get_object (node);
  mf_document_warn_unknown_fields (checker, object, MF_KEY_FLUID, MF_KEY_FLUID,
                                   mf_document_fluid_keys, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    mf_document_check_constant_field (checker, object, MF_KEY_FLUID, &rules[i], values[i]);
}

static void
check_method (MfChecker *checker, JsonObject *object)
{
  JsonNode *node = json_object_get_member (object, MF_KEY_SIMULATION_METHOD);
  g_autofree char *names = NULL;
  g_autofree char *shown = NULL;

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
  shown = mf_text_escape (json_node_get_string (node));
  mf_checker_error (checker, "simulation/method", _("simulation: unknown method '%s'; "
                      "the methods are %s"), shown, names);
}

static void
check_simulation (MfChecker *checker, JsonNode *node)
{
  MfSimulationSettings *settings = &checker->circuit->simulation;
  const MfValueRule rules[] = {
    { MF_KEY_SIMULATION, MF_KEY_SIMULATION_T_END, MF_QUANTITY_TIME, FALSE, MF_RANGE_POSITIVE,
      FALSE },
    { MF_KEY_SIMULATION, MF_KEY_SIMULATION_RTOL, MF_QUANTITY_DIMENSIONLESS, FALSE,
      MF_RANGE_POSITIVE, FALSE },
    { MF_KEY_SIMULATION, MF_KEY_SIMULATION_ATOL, MF_QUANTITY_DIMENSIONLESS, TRUE,
      MF_RANGE_POSITIVE, FALSE },
    { MF_KEY_SIMULATION, MF_KEY_SIMULATION_OUTPUT_INTERVAL, MF_QUANTITY_TIME, FALSE,
      MF_RANGE_NON_NEGATIVE, FALSE },
    { MF_KEY_SIMULATION, MF_KEY_SIMULATION_STEP, MF_QUANTITY_TIME, FALSE, MF_RANGE_POSITIVE,
      FALSE },
  };
  double *values[] = { &settings->t_end, &settings->rtol, &settings->atol,
                       &settings->output_interval, &settings->step };
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      mf_checker_error (checker, MF_KEY_SIMULATION, _("'simulation' must be an object"));
      return;
    }
  object = json_node_get_object (node);
  mf_document_warn_unknown_fields (checker, object, MF_KEY_SIMULATION, MF_KEY_SIMULATION,
                                   mf_document_simulation_keys, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    mf_document_check_constant_field (checker, object, MF_KEY_SIMULATION, &rules[i], values[i]);
  check_method (checker, object);
  mf_document_check_output_list (checker, object);
}

/* The state names are checked against the assembled circuit later
 * (mf-document-validate-names.c); here, that the values are numbers. */
static void
check_initial (MfChecker *checker, JsonNode *node)
{
  g_autoptr (GList) members = NULL;
  JsonObject *object;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      mf_checker_error (checker, MF_KEY_INITIAL, _("'initial' must be an object of state names "
                          "and numbers"));
      return;
    }
  object = json_node_get_object (node);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode *value = json_object_get_member (object, l->data);
      g_autofree char *path = mf_json_path_member (MF_KEY_INITIAL, l->data);
      g_autofree char *shown = mf_text_escape (l->data);
      MfInitialValue initial;

      if (!mf_document_is_number (value))
        mf_checker_error (checker, path, _("initial: '%s' must be a number"), shown);
      else if (!isfinite (json_node_get_double (value)))
        mf_checker_error (checker, path, _("initial: '%s' is not a finite number"), shown);
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
      mf_checker_error (checker, MF_KEY_PREFER_STATES, _("'prefer_states' must be an array of "
                          "state names"));
      return;
    }
  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *item = json_array_get_element (array, i);
      g_autofree char *path = mf_json_path_index (MF_KEY_PREFER_STATES, i);

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
  JsonNode *node = json_object_get_member (root, MF_KEY_MANIFOLD);
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
      mf_checker_error (checker, MF_KEY_MANIFOLD, _("'manifold' must be an integer (the format "
                          "version, 1)"));
      return TRUE;
    }
  if (version == 1.0)
    return TRUE;
  mf_checker_report (checker, MF_SEVERITY_ERROR, MF_ERROR_VERSION, MF_KEY_MANIFOLD,
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
  mf_document_warn_unknown_fields (checker, object, "", NULL, mf_document_root_keys, NULL);
  check_text_field (checker, object, MF_KEY_TITLE, &circuit->title);
  check_text_field (checker, object, MF_KEY_DESCRIPTION, &circuit->description);
  check_section (checker, object, MF_KEY_FLUID, check_fluid);
  /* in this order: wires and modes name components, the schedule names modes */
  check_section (checker, object, MF_KEY_COMPONENTS, mf_document_check_components);
  check_section (checker, object, MF_KEY_WIRES, mf_document_check_wires);
  check_section (checker, object, MF_KEY_MODES, mf_document_check_modes);
  /* after the modes, which name only the document's components */
  if (!mf_checker_has_errors (checker))
    {
      mf_circuit_add_spool_paths (circuit);
      mf_circuit_add_leaks (circuit);
    }
  if (circuit->modes->len == 0)
    mf_circuit_add_mode (circuit, "default");
  check_section (checker, object, MF_KEY_SCHEDULE, mf_document_check_schedule);
  check_section (checker, object, MF_KEY_SIMULATION, check_simulation);
  check_section (checker, object, MF_KEY_INITIAL, check_initial);
  check_section (checker, object, MF_KEY_PREFER_STATES, check_preferred_states);
  check_section (checker, object, MF_KEY_PLOTS, mf_document_check_plots);
  /* last: the names are the assembled circuit's */
  mf_document_check_names (checker);
}
