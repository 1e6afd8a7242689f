/* test-document.c: loading, checking and saving circuit documents: every
 * field read, unknown ones warned about, a document written and read back
 * the same, and the outputs a document names.  Where a loader's problems
 * are placed is in test-document-problems.c.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "mf-test-document.h"

static const char minimal[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [ { \"id\": \"T1\", \"type\": \"tank\" },\n"
  "                  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1,\n"
  "                    \"diameter\": 0.01 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"] ] }\n";

static double
param (const MfCircuit *circuit, const char *id, guint index)
{
  return component (circuit, id)->params[index].value;
}

static void
test_every_field (void)
{
  g_autoptr (MfDocument) document = load_ok (every_field, NULL);
  const MfCircuit *circuit = mf_document_get_circuit (document);
  const MfComponent *valve;
  const MfMode *shut;

  g_assert_cmpstr (mf_document_get_name (document), ==, "test.manifold");
  g_assert_cmpstr (circuit->title, ==, "Évery type — one of each");
  g_assert_cmpstr (circuit->description, ==, "every field of docs/format.md");
  g_assert_cmpfloat_with_epsilon (circuit->fluid.density, 870.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (circuit->fluid.kinematic_viscosity, 46e-6, 1e-18);
  g_assert_cmpfloat_with_epsilon (circuit->fluid.bulk_modulus, 1.5e9, 1e-3);

  /* 29 in the text, and the paths of the 4/3 valve with its tandem centre
   * (5) and of the 4/2 valve (4) */
  g_assert_cmpuint (circuit->components->len, ==, 38);
  g_assert_cmpfloat (param (circuit, "PR1", MF_REDUCING_FULL_OPEN_DROP), ==, 5e5);
  g_assert_cmpfloat_with_epsilon (param (circuit, "DV1", MF_SPOOL_FULL_AREA), 20e-6, 1e-18);
  g_assert_cmpfloat_with_epsilon (mf_component_param_at (component (circuit, "DV1"),
                                                         MF_SPOOL_SPOOL, 0.5), 0.5, 1e-15);
  g_assert_cmpfloat (param (circuit, "DV1", MF_SPOOL_OVERLAP), ==, 0.1);
  g_assert_cmpint (component (circuit, "DV1")->params[MF_SPOOL_CENTRE].choice, ==,
                   MF_CENTRE_TANDEM);
  g_assert_cmpfloat (param (circuit, "DV1", MF_SPOOL_CD), ==, 0.7);
  g_assert_cmpfloat_with_epsilon (param (circuit, "DV1", MF_SPOOL_PORT_DIAMETER), 8e-3, 1e-15);
  g_assert_cmpfloat (param (circuit, "DV1.c_pt", MF_ORIFICE_CD), ==, 0.7);
  g_assert_cmpfloat (param (circuit, "DV2", MF_SPOOL_SPOOL), ==, -1.0);
  g_assert_cmpfloat (param (circuit, "DV2", MF_SPOOL_OVERLAP), ==, -0.2);
  for (guint t = 0; t < MF_N_COMPONENT_TYPES; t++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < circuit->components->len; i++)
        found |= ((MfComponent *) g_ptr_array_index (circuit->components, i))->info->type == t;
      g_assert_true (found);
    }

  /* rotary units: 10 cm³ per revolution of 2π rad, 1500 rpm = 50π rad/s,
   * 2 kg·cm² = 2e-4 kg·m², 1 L/rev = 1e-3/(2π) m³/rad */
  g_assert_cmpfloat_with_epsilon (param (circuit, "PU1", MF_PUMP_DISPLACEMENT),
                                  10e-6 / (2 * G_PI), 1e-18);
  g_assert_cmpfloat_with_epsilon (param (circuit, "PU1", MF_PUMP_SPEED), 50 * G_PI, 1e-12);
  g_assert_cmpfloat_with_epsilon (param (circuit, "PV1", MF_PUMP_DISPLACEMENT),
                                  1e-3 / (2 * G_PI), 1e-15);
  g_assert_cmpfloat_with_epsilon (param (circuit, "HM1", MF_MOTOR_INERTIA), 2e-4, 1e-15);
  g_assert_cmpfloat_with_epsilon (param (circuit, "KR1", MF_SPRING_STIFFNESS), 1e3, 1e-9);
  g_assert_cmpfloat_with_epsilon (param (circuit, "TQ1", MF_FORCE_FORCE), -20, 1e-12);
  /* 50 bar = 5e6 Pa, 2 L = 2e-3 m³, 8 mm, 5 g */
  g_assert_cmpfloat_with_epsilon (param (circuit, "AC1", MF_ACCUMULATOR_PRECHARGE), 5e6, 1e-6);
  g_assert_cmpfloat_with_epsilon (param (circuit, "AC1", MF_ACCUMULATOR_GAS_VOLUME), 2e-3, 1e-15);
  g_assert_cmpfloat (param (circuit, "AC1", MF_ACCUMULATOR_EXPONENT), ==, 1.2);
  g_assert_cmpfloat_with_epsilon (param (circuit, "AC1", MF_ACCUMULATOR_PORT_DIAMETER), 8e-3,
                                  1e-15);
  g_assert_cmpfloat_with_epsilon (param (circuit, "AC1", MF_ACCUMULATOR_MASS), 5e-3, 1e-15);
  /* 12 L/min = 2e-4 m³/s, 8 bar = 8e5 Pa, 0.01 L/min/bar = 1e-5/60/1e5 m³/(s·Pa), and the
   * port's 10 mm by default */
  g_assert_cmpfloat_with_epsilon (param (circuit, "FC1", MF_FLOW_CONTROL_FLOW), 2e-4, 1e-18);
  g_assert_cmpfloat_with_epsilon (param (circuit, "FC1", MF_FLOW_CONTROL_COMPENSATOR_PRESSURE),
                                  8e5, 1e-9);
  g_assert_cmpfloat_with_epsilon (param (circuit, "FC1", MF_FLOW_CONTROL_REGULATION),
                                  1e-5 / 60 / 1e5, 1e-25);
  g_assert_cmpfloat (param (circuit, "FC1", MF_FLOW_CONTROL_PORT_DIAMETER), ==, 0.010);

  /* units become SI; "100 bar" is 1e7 Pa */
  g_assert_cmpfloat_with_epsilon (param (circuit, "T1", MF_TANK_PRESSURE), 1e7, 1e-6);
  g_assert_cmpfloat (component (circuit, "T1")->at[0], ==, 40.0);
  g_assert_cmpfloat (component (circuit, "T1")->at[1], ==, 120.0);
  g_assert_cmpint (component (circuit, "T1")->rotation, ==, 90);
  g_assert_cmpfloat_with_epsilon (param (circuit, "V0", MF_VOLUME_VOLUME), 2e-3, 1e-15);
  /* a volume's bulk modulus is the fluid's unless given: left NAN for the assembly */
  g_assert_true (isnan (param (circuit, "V0", MF_VOLUME_BULK_MODULUS)));
  g_assert_cmpfloat_with_epsilon (param (circuit, "V2", MF_VOLUME_BULK_MODULUS), 1e9, 1e-6);
  g_assert_cmpfloat_with_epsilon (param (circuit, "V2", MF_VOLUME_CAPACITANCE), 2e-11, 1e-24);
  g_assert_cmpfloat (param (circuit, "P1", MF_PIPE_LENGTH), ==, 2.0);
  g_assert_cmpfloat_with_epsilon (param (circuit, "P1", MF_PIPE_DIAMETER), 0.012, 1e-15);
  g_assert_cmpint (component (circuit, "P1")->params[MF_PIPE_FRICTION].choice, ==,
                   MF_FRICTION_LAMINAR);
  g_assert_cmpfloat (param (circuit, "P1", MF_PIPE_ROUGHNESS), ==, 1e-5);
  g_assert_cmpfloat_with_epsilon (param (circuit, "O1", MF_ORIFICE_AREA), 1e-5, 1e-18);
  g_assert_cmpfloat_with_epsilon (param (circuit, "O1", MF_ORIFICE_MASS), 1e-3, 1e-15);
  g_assert_cmpfloat_with_epsilon (param (circuit, "O1", MF_ORIFICE_PORT_DIAMETER), 8e-3, 1e-15);
  /* a default stays a default */
  g_assert_cmpfloat (param (circuit, "CV1", MF_ORIFICE_CD), ==, 0.61);
  g_assert_cmpfloat_with_epsilon (param (circuit, "CV1", MF_CHECK_VALVE_CRACKING_PRESSURE), 2e5,
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (param (circuit, "RV1", MF_RELIEF_SET_PRESSURE), 1.5e7, 1e-6);
  g_assert_cmpfloat_with_epsilon (param (circuit, "RV1", MF_RELIEF_FULL_OPEN_RISE), 5e5, 1e-9);
  g_assert_cmpfloat_with_epsilon (param (circuit, "Q1", MF_FLOW_SOURCE_FLOW), 25e-3 / 60.0,
                                  1e-15);
  g_assert_cmpfloat_with_epsilon (param (circuit, "C1", MF_PISTON_STROKE), 0.2, 1e-15);
  g_assert_cmpfloat_with_epsilon (param (circuit, "K1", MF_SPRING_STIFFNESS), 5e4, 1e-9);
  g_assert_cmpfloat_with_epsilon (param (circuit, "K1", MF_SPRING_PRELOAD), 1e3, 1e-9);
  g_assert_cmpfloat_with_epsilon (param (circuit, "F1", MF_FORCE_FORCE), 1.5e3, 1e-9);

  /* an expression in t stays one: 2e-5 * ramp(t, 0.1, 0.3) */
  valve = component (circuit, "V1");
  g_assert_nonnull (valve->params[MF_ORIFICE_AREA].expr);
  g_assert_false (mf_expr_is_constant (valve->params[MF_ORIFICE_AREA].expr));
  g_assert_cmpfloat_with_epsilon (mf_component_param_at (valve, MF_ORIFICE_AREA, 0.2), 1e-5,
                                  1e-18);
  g_assert_cmpfloat (mf_component_param_at (valve, MF_ORIFICE_AREA, 0.0), ==, 0.0);

  /* 5 in the text, then two for each of the 9 valve paths */
  g_assert_cmpuint (circuit->wires->len, ==, 5 + 2 * 9);
  {
    const MfWire *wire = &g_array_index (circuit->wires, MfWire, 3);

    g_assert_cmpint (wire->ends[0].component, ==, mf_circuit_find_component (circuit, "C1"));
    g_assert_cmpuint (wire->ends[0].port, ==, MF_PISTON_M);
    g_assert_cmpint (wire->ends[1].component, ==, mf_circuit_find_component (circuit, "K1"));
    g_assert_cmpuint (wire->ends[1].port, ==, MF_PORT_A);
  }

  g_assert_cmpuint (circuit->modes->len, ==, 2);
  shut = g_ptr_array_index (circuit->modes, 1);
  g_assert_cmpstr (shut->name, ==, "V1 shut");
  g_assert_cmpuint (shut->closed->len, ==, 2);
  g_assert_true (mf_mode_is_closed (shut, (guint) mf_circuit_find_component (circuit, "V1")));
  g_assert_true (mf_mode_is_closed (shut, (guint) mf_circuit_find_component (circuit, "CV1")));

  g_assert_cmpuint (circuit->schedule->len, ==, 2);
  g_assert_cmpfloat (g_array_index (circuit->schedule, MfScheduleEntry, 1).t, ==, 0.5);
  g_assert_cmpuint (mf_circuit_mode_at (circuit, 0.49), ==, 0);
  g_assert_cmpuint (mf_circuit_mode_at (circuit, 0.5), ==, 1);

  g_assert_cmpfloat (circuit->simulation.t_end, ==, 2.0);
  g_assert_cmpstr (circuit->simulation.method, ==, "rk4");
  g_assert_cmpfloat (circuit->simulation.rtol, ==, 1e-5);
  g_assert_cmpfloat (circuit->simulation.atol, ==, 1e-8);
  g_assert_cmpfloat (circuit->simulation.output_interval, ==, 1e-3);
  g_assert_cmpfloat_with_epsilon (circuit->simulation.step, 1e-4, 1e-18);
  g_assert_cmpuint (circuit->simulation.outputs->len, ==, 2);
  g_assert_cmpstr (circuit->simulation.outputs->pdata[0], ==, "J1.p");
  g_assert_cmpstr (circuit->simulation.outputs->pdata[1], ==, "V1.open");

  g_assert_cmpuint (circuit->initial->len, ==, 2);
  g_assert_cmpstr (g_array_index (circuit->initial, MfInitialValue, 1).name, ==, "C1.x");
  g_assert_cmpfloat (g_array_index (circuit->initial, MfInitialValue, 1).value, ==, 0.05);
  g_assert_cmpuint (circuit->preferred_states->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (circuit->preferred_states, 0), ==, "C1.x");
}

static void
test_unknown_fields (void)
{
  /* columns count characters: line 3 has 'É' and '—' before "notes" */
  static const ExpectedDiagnostic expected[] = {
    { MF_SEVERITY_WARNING, 3, 40, "unknown field 'notes' ignored" },
    { MF_SEVERITY_WARNING, 13, 49, "component 'P1': unknown field 'colour' ignored" },
    { MF_SEVERITY_WARNING, 45, 3, "unknown field 'extra' ignored" },
  };
  g_autoptr (GPtrArray) diagnostics = diagnostics_new ();
  g_autoptr (MfDocument) document = load_ok (every_field, diagnostics);
  g_autofree char *formatted = NULL;

  assert_diagnostics (diagnostics, expected, G_N_ELEMENTS (expected));
  formatted = mf_diagnostic_format (diagnostics->pdata[1], "a.manifold");
  g_assert_cmpstr (formatted, ==,
                   "a.manifold:13:49: warning: component 'P1': unknown field 'colour' ignored");
}

static void
test_suggestion (void)
{
  static const ExpectedDiagnostic expected[] = {
    { MF_SEVERITY_ERROR, 2, 3, "component 'P1' (pipe) needs 'length'" },
    { MF_SEVERITY_WARNING, 3, 5,
      "component 'P1': unknown field 'lenght' ignored (did you mean 'length'?)" },
  };
  g_autoptr (GPtrArray) diagnostics = diagnostics_new ();
  g_autoptr (MfDocument) document = NULL;
  g_autoptr (GError) error = NULL;

  document = mf_document_load_data ("{ \"manifold\": 1, \"components\": [\n"
                                    "  { \"id\": \"P1\", \"type\": \"pipe\", \"diameter\": 0.01,\n"
                                    "    \"lenght\": 1 } ] }", -1, "s", diagnostics, &error);
  g_assert_null (document);
  assert_diagnostics (diagnostics, expected, G_N_ELEMENTS (expected));
  g_assert_cmpstr (error->message, ==, "s:2:3: component 'P1' (pipe) needs 'length'");
}

static void
test_default_mode (void)
{
  g_autoptr (MfDocument) document = load_ok (minimal, NULL);
  const MfCircuit *circuit = mf_document_get_circuit (document);
  const MfMode *mode;

  g_assert_cmpuint (circuit->modes->len, ==, 1);
  mode = g_ptr_array_index (circuit->modes, 0);
  g_assert_cmpstr (mode->name, ==, "default");
  g_assert_cmpuint (mode->closed->len, ==, 0);
  g_assert_cmpuint (circuit->schedule->len, ==, 0);
  /* the defaults of mf_circuit_new() */
  g_assert_cmpfloat (circuit->fluid.density, ==, 870.0);
  g_assert_cmpstr (circuit->simulation.method, ==, "auto");
  g_assert_cmpfloat (circuit->simulation.output_interval, ==, 0.0);
  g_assert_cmpfloat (circuit->simulation.step, ==, 0.0);
  g_assert_null (circuit->title);
}

static void
test_schedule_order (void)
{
  g_autofree char *message = NULL;
  g_autoptr (MfDocument) document = NULL;
  const MfCircuit *circuit;

  /* equal times are allowed: the later entry holds from then on */
  document = load_ok ("{ \"manifold\": 1, \"components\": [ { \"id\": \"V1\", \"type\": \"valve\","
                      " \"area\": 1e-5 } ],\n"
                      "  \"modes\": [ { \"name\": \"a\" },\n"
                      "             { \"name\": \"b\", \"closed\": [\"V1\"] } ],\n"
                      "  \"schedule\": [ { \"t\": 0, \"mode\": \"b\" },\n"
                      "                { \"t\": 1, \"mode\": \"a\" },\n"
                      "                { \"t\": 1, \"mode\": \"b\" } ] }", NULL);
  circuit = mf_document_get_circuit (document);
  g_assert_cmpuint (circuit->schedule->len, ==, 3);
  for (guint i = 1; i < circuit->schedule->len; i++)
    g_assert_cmpfloat (g_array_index (circuit->schedule, MfScheduleEntry, i - 1).t, <=,
                       g_array_index (circuit->schedule, MfScheduleEntry, i).t);
  g_assert_cmpuint (mf_circuit_mode_at (circuit, 0.5), ==, 1);
  g_assert_cmpuint (mf_circuit_mode_at (circuit, 1.0), ==, 1);

  message = load_error ("{ \"manifold\": 1, \"modes\": [ { \"name\": \"a\" } ],\n"
                        "  \"schedule\": [ { \"t\": \"1 s\", \"mode\": \"a\" },\n"
                        "                { \"t\": 0.5, \"mode\": \"a\" } ] }", MF_ERROR_INVALID);
  g_assert_cmpstr (message, ==, "bad:3:24: schedule entry 2: 't' is 0.5, before the previous "
                   "entry's 1; times must not decrease");
}

static char *
to_json (JsonNode *node)
{
  return json_to_string (node, FALSE);
}

static JsonNode *
parse (const char *text)
{
  g_autoptr (GError) error = NULL;
  JsonNode *node = json_from_string (text, &error);

  g_assert_no_error (error);
  return node;
}

static void
assert_same_value (double a, double b)
{
  if (isnan (a))
    g_assert_true (isnan (b));
  else
    g_assert_cmpfloat (a, ==, b);
}

static void
assert_same_components (const MfCircuit *a, const MfCircuit *b)
{
  g_assert_cmpuint (a->components->len, ==, b->components->len);
  for (guint i = 0; i < a->components->len; i++)
    {
      const MfComponent *x = g_ptr_array_index (a->components, i);
      const MfComponent *y = g_ptr_array_index (b->components, i);

      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_true (x->info == y->info);
      g_assert_cmpfloat (x->at[0], ==, y->at[0]);
      g_assert_cmpfloat (x->at[1], ==, y->at[1]);
      g_assert_cmpint (x->rotation, ==, y->rotation);
      for (guint p = 0; p < x->info->n_params; p++)
        {
          assert_same_value (x->params[p].value, y->params[p].value);
          g_assert_cmpint (x->params[p].choice, ==, y->params[p].choice);
          g_assert_true ((x->params[p].expr == NULL) == (y->params[p].expr == NULL));
          for (double t = 0.0; t < 1.0; t += 0.125)
            assert_same_value (mf_component_param_at (x, p, t), mf_component_param_at (y, p, t));
        }
    }
}

static void
assert_same_circuit (const MfCircuit *a, const MfCircuit *b)
{
  g_assert_cmpstr (a->title, ==, b->title);
  g_assert_cmpstr (a->description, ==, b->description);
  g_assert_cmpmem (&a->fluid, sizeof a->fluid, &b->fluid, sizeof b->fluid);
  assert_same_components (a, b);
  g_assert_cmpmem (a->wires->data, a->wires->len * sizeof (MfWire), b->wires->data,
                   b->wires->len * sizeof (MfWire));
  g_assert_cmpuint (a->modes->len, ==, b->modes->len);
  for (guint i = 0; i < a->modes->len; i++)
    {
      const MfMode *x = g_ptr_array_index (a->modes, i), *y = g_ptr_array_index (b->modes, i);

      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpmem (x->closed->data, x->closed->len * sizeof (guint), y->closed->data,
                       y->closed->len * sizeof (guint));
    }
  g_assert_cmpmem (a->schedule->data, a->schedule->len * sizeof (MfScheduleEntry),
                   b->schedule->data, b->schedule->len * sizeof (MfScheduleEntry));
  g_assert_cmpfloat (a->simulation.t_end, ==, b->simulation.t_end);
  g_assert_cmpstr (a->simulation.method, ==, b->simulation.method);
  g_assert_cmpfloat (a->simulation.rtol, ==, b->simulation.rtol);
  g_assert_cmpfloat (a->simulation.atol, ==, b->simulation.atol);
  g_assert_cmpfloat (a->simulation.output_interval, ==, b->simulation.output_interval);
  g_assert_cmpfloat (a->simulation.step, ==, b->simulation.step);
  g_assert_true ((a->simulation.outputs == NULL) == (b->simulation.outputs == NULL));
  for (guint i = 0; a->simulation.outputs != NULL && i < a->simulation.outputs->len; i++)
    g_assert_cmpstr (a->simulation.outputs->pdata[i], ==, b->simulation.outputs->pdata[i]);
  g_assert_cmpuint (a->initial->len, ==, b->initial->len);
  for (guint i = 0; i < a->initial->len; i++)
    {
      g_assert_cmpstr (g_array_index (a->initial, MfInitialValue, i).name, ==,
                       g_array_index (b->initial, MfInitialValue, i).name);
      g_assert_cmpfloat (g_array_index (a->initial, MfInitialValue, i).value, ==,
                         g_array_index (b->initial, MfInitialValue, i).value);
    }
  g_assert_cmpuint (a->preferred_states->len, ==, b->preferred_states->len);
  for (guint i = 0; i < a->preferred_states->len; i++)
    g_assert_cmpstr (a->preferred_states->pdata[i], ==, b->preferred_states->pdata[i]);
}

static void
test_round_trip (void)
{
  g_autoptr (MfDocument) document = load_ok (every_field, NULL);
  g_autoptr (MfDocument) again = NULL;
  g_autoptr (JsonNode) original = parse (every_field);
  g_autoptr (JsonNode) saved = NULL;
  g_autofree char *data = NULL;
  g_autofree char *data_again = NULL;
  g_autofree char *original_text = NULL;
  g_autofree char *saved_text = NULL;
  gsize length;

  data = mf_document_to_data (document, &length);
  g_assert_cmpuint (length, ==, strlen (data));
  g_assert_true (g_str_has_suffix (data, "}\n"));
  /* pretty-printed, indented by two */
  g_assert_true (g_str_has_prefix (data, "{\n  \"manifold\""));

  /* every field survives, unknown ones included, in their order */
  saved = parse (data);
  g_assert_true (json_node_equal (original, saved));
  original_text = to_json (original);
  saved_text = to_json (saved);
  g_assert_cmpstr (original_text, ==, saved_text);
  g_assert_nonnull (strstr (data, "\"colour\""));
  g_assert_nonnull (strstr (data, "\"500 ms\""));

  again = load_ok (data, NULL);
  assert_same_circuit (mf_document_get_circuit (document), mf_document_get_circuit (again));
  /* and the printing is stable */
  data_again = mf_document_to_data (again, NULL);
  g_assert_cmpstr (data, ==, data_again);
}

/* The text written: valid JSON that reads back the same, numbers as short
 * as they can be. */
static void
test_to_data (void)
{
  static const char text[] =
    "{ \"manifold\": 1, \"x\": [1e-8, 0.1, 2.0, 3, -0.0, 1e300, 1e999, 12345678901234567,\n"
    "  0.30000000000000004, true, false, null],\n"
    "  \"s\": \"tab\\t \\\"q\\\" \\\\ \\/ \\u0001 \\u00e9 \\ud83d\\ude00 \\n\",\n"
    "  \"e\": {}, \"a\": [], \"w\": [[\"A.p\", \"B.p\"]], \"k~/\": { \"n\": [{}] } }";
  static const char expected[] =
    "{\n"
    "  \"manifold\": 1,\n"
    "  \"x\": [1e-08, 0.1, 2.0, 3, -0.0, 1e+300, 1e999, 12345678901234567, "
    "0.30000000000000004, true, false, null],\n"
    "  \"s\": \"tab\\t \\\"q\\\" \\\\ / \\u0001 é 😀 \\n\",\n"
    "  \"e\": {},\n"
    "  \"a\": [],\n"
    "  \"w\": [\n"
    "    [\"A.p\", \"B.p\"]\n"
    "  ],\n"
    "  \"k~/\": {\n"
    "    \"n\": [\n"
    "      {}\n"
    "    ]\n"
    "  }\n"
    "}\n";
  g_autoptr (MfDocument) document = load_ok (text, NULL);
  g_autofree char *data = mf_document_to_data (document, NULL);
  g_autoptr (JsonNode) original = parse (text);
  g_autoptr (JsonNode) written = parse (data);

  g_assert_cmpstr (data, ==, expected);
  g_assert_true (json_node_equal (original, written));
}

static void
test_save (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("manifold-test-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (MfDocument) document = load_ok (every_field, NULL);
  g_autoptr (MfDocument) small = load_ok (minimal, NULL);
  g_autoptr (MfDocument) loaded = NULL;
  g_autoptr (GDir) listing = NULL;
  const char *entry;
  guint n_entries = 0;

  g_assert_no_error (error);
  path = g_build_filename (dir, "circuit.manifold", NULL);
  g_assert_true (mf_document_save (small, path, &error));
  g_assert_no_error (error);
  /* a second save replaces the first */
  g_assert_true (mf_document_save (document, path, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  expected = mf_document_to_data (document, NULL);
  g_assert_cmpstr (contents, ==, expected);

  /* the temporary file was renamed, not left behind */
  listing = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while ((entry = g_dir_read_name (listing)) != NULL)
    {
      g_assert_cmpstr (entry, ==, "circuit.manifold");
      n_entries++;
    }
  g_assert_cmpuint (n_entries, ==, 1);

  loaded = mf_document_load_file (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mf_document_get_name (loaded), ==, path);
  assert_same_circuit (mf_document_get_circuit (document), mf_document_get_circuit (loaded));

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_save_unwritable (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = load_ok (minimal, NULL);
  g_autofree char *dir = g_dir_make_tmp ("manifold-test-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "no", "such", "dir", "c.manifold", NULL);
  g_autofree char *prefix = g_strdup_printf ("cannot write %s: ", path);

  g_assert_false (mf_document_save (document, path, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  /* the reason is said once, without GLib's own copy of the path */
  g_assert_null (strstr (error->message + strlen (prefix), path));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_load_file_missing (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = NULL;

  document = mf_document_load_file ("/nonexistent/circuit.manifold", NULL, &error);
  g_assert_null (document);
  g_assert_error (error, MF_ERROR, MF_ERROR_IO);
  g_assert_cmpstr (error->message, ==,
                   "cannot read /nonexistent/circuit.manifold: No such file or directory");
}

/* A tank feeding a valve through a pipe; "@" is where the outputs go. */
static char *
valve_line_with_outputs (const char *outputs)
{
  static const char text[] =
    "{ \"manifold\": 1,\n"
    "  \"components\": [\n"
    "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
    "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 2, \"diameter\": \"12 mm\" },\n"
    "    { \"id\": \"V1\", \"type\": \"valve\", \"area\": \"1 mm^2\" },\n"
    "    { \"id\": \"T2\", \"type\": \"tank\" } ],\n"
    "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"V1.a\"], [\"V1.b\", \"T2.p\"] ],\n"
    "  \"simulation\": { \"outputs\": @ } }\n";
  g_auto (GStrv) parts = g_strsplit (text, "@", 2);

  return g_strjoin (outputs, parts[0], parts[1], NULL);
}

/* "outputs" names sample values as the CSV header does: states, flows,
 * node pressures (after a junction or a first port), switches, solver
 * columns.  Each wrong entry is an error at the entry, and names are
 * checked against the circuit only when it assembles. */
static void
test_outputs (void)
{
  static const ExpectedDiagnostic shape[] = {
    { MF_SEVERITY_ERROR, 8, 39, "simulation: outputs: item 2 must be an output name" },
    { MF_SEVERITY_ERROR, 8, 42, "simulation: outputs: item 3 must be an output name" },
    { MF_SEVERITY_ERROR, 8, 46, "simulation: outputs: 'P1.q' is listed twice" },
  };
  static const ExpectedDiagnostic unknown[] = {
    { MF_SEVERITY_ERROR, 8, 39, "simulation: outputs: the circuit has no output 'V1.opne' "
                                "(did you mean 'V1.open'?)" },
    { MF_SEVERITY_ERROR, 8, 50, "simulation: outputs: the circuit has no output 'J1.p'; "
                                "'manifold-cli simulate' names them in its CSV header" },
  };
  g_autofree char *good = valve_line_with_outputs (
    "[\"P1.q\", \"T1.p.p\", \"P1.b.p\", \"V1.dp\", \"V1.open\", \"solver.residual\"]");
  g_autofree char *bad_shape = valve_line_with_outputs ("[\"P1.q\", 3, \"\", \"P1.q\"]");
  g_autofree char *bad_names = valve_line_with_outputs ("[\"P1.q\", \"V1.opne\", \"J1.p\"]");
  g_autoptr (MfDocument) document = load_ok (good, NULL);
  GPtrArray *outputs = mf_document_get_circuit (document)->simulation.outputs;
  g_autoptr (GPtrArray) diagnostics = diagnostics_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) refused = NULL;
  g_autofree char *message = NULL;

  g_assert_cmpuint (outputs->len, ==, 6);
  g_assert_cmpstr (outputs->pdata[1], ==, "T1.p.p");
  g_assert_cmpstr (outputs->pdata[4], ==, "V1.open");

  refused = mf_document_load_data (bad_shape, -1, "bad", diagnostics, &error);
  g_assert_null (refused);
  assert_diagnostics (diagnostics, shape, G_N_ELEMENTS (shape));
  g_ptr_array_set_size (diagnostics, 0);
  g_clear_error (&error);
  refused = mf_document_load_data (bad_names, -1, "bad", diagnostics, &error);
  g_assert_null (refused);
  assert_diagnostics (diagnostics, unknown, G_N_ELEMENTS (unknown));

  message = load_error (
    "{ \"manifold\": 1, \"simulation\": { \"outputs\": [] } }", MF_ERROR_INVALID);
  g_assert_cmpstr (message, ==, "bad:1:45: simulation: 'outputs' must be an array of one or more "
                                "output names");
}

/* A circuit that does not assemble (nothing moves) cannot tell a name
 * right or wrong: it loads, and the assembly says what is wrong. */
static void
test_outputs_unassembled (void)
{
  g_autoptr (MfDocument) document = load_ok (
    "{ \"manifold\": 1, \"components\": [ { \"id\": \"T1\", \"type\": \"tank\" } ],\n"
    "  \"simulation\": { \"outputs\": [\"T1.q\"] } }", NULL);

  g_assert_cmpstr (mf_document_get_circuit (document)->simulation.outputs->pdata[0], ==, "T1.q");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mf_init ();

  g_test_add_func ("/core/document/every-field", test_every_field);
  g_test_add_func ("/core/document/unknown-fields", test_unknown_fields);
  g_test_add_func ("/core/document/suggestion", test_suggestion);
  g_test_add_func ("/core/document/default-mode", test_default_mode);
  g_test_add_func ("/core/document/schedule-order", test_schedule_order);
  g_test_add_func ("/core/document/round-trip", test_round_trip);
  g_test_add_func ("/core/document/to-data", test_to_data);
  g_test_add_func ("/core/document/save", test_save);
  g_test_add_func ("/core/document/save-unwritable", test_save_unwritable);
  g_test_add_func ("/core/document/load-file-missing", test_load_file_missing);
  g_test_add_func ("/core/document/outputs", test_outputs);
  g_test_add_func ("/core/document/outputs-unassembled", test_outputs_unassembled);

  return g_test_run ();
}
