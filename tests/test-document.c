/* test-document.c: loading, checking and saving circuit documents.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "mf-document.h"
#include "mf-error.h"
#include "mf-json-locate.h"
#include "mf-text.h"

/* Every component type and every field of docs/format.md, plus two unknown
 * fields (line 3, with multi-byte characters before it, and line 13) and
 * an unknown section (line 45). */
static const char every_field[] =
  "{\n"
  "  \"manifold\": 1,\n"
  "  \"title\": \"Évery type — one of each\", \"notes\": \"ignored\",\n"
  "  \"description\": \"every field of docs/format.md\",\n"
  "  \"fluid\": { \"density\": \"870 kg/m^3\", \"kinematic_viscosity\": \"46 cSt\",\n"
  "             \"bulk_modulus\": \"1.5 GPa\" },\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"100 bar\",\n"
  "      \"at\": [40, 120], \"rotation\": 90 },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\", \"at\": [200, 120] },\n"
  "    { \"id\": \"V0\", \"type\": \"volume\", \"volume\": \"2 L\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 2.0, \"diameter\": \"12 mm\",\n"
  "      \"friction\": \"laminar\", \"roughness\": 1e-5, \"colour\": \"red\" },\n"
  "    { \"id\": \"O1\", \"type\": \"orifice\", \"area\": \"10 mm^2\", \"cd\": 0.7,\n"
  "      \"port_diameter\": \"8 mm\", \"mass\": \"1 g\" },\n"
  "    { \"id\": \"V1\", \"type\": \"valve\", \"area\": \"2e-5*ramp(t, 0.1, 0.3)\" },\n"
  "    { \"id\": \"CV1\", \"type\": \"check_valve\", \"area\": 1e-5,\n"
  "      \"cracking_pressure\": \"2 bar\" },\n"
  "    { \"id\": \"RV1\", \"type\": \"relief_valve\", \"set_pressure\": \"150 bar\",\n"
  "      \"full_area\": \"20 mm^2\", \"full_open_rise\": \"5 bar\", \"cd\": 0.65,\n"
  "      \"port_diameter\": \"6 mm\" },\n"
  "    { \"id\": \"Q1\", \"type\": \"flow_source\", \"flow\": \"25 L/min\" },\n"
  "    { \"id\": \"C1\", \"type\": \"piston\", \"mass\": 12, \"cap_area\": 1.96e-3,\n"
  "      \"rod_area\": 1.0e-3, \"damping\": 100, \"stroke\": \"200 mm\" },\n"
  "    { \"id\": \"M1\", \"type\": \"mass\", \"mass\": \"5 kg\" },\n"
  "    { \"id\": \"K1\", \"type\": \"spring\", \"stiffness\": \"50 kN/m\",\n"
  "      \"preload\": \"1 kN\" },\n"
  "    { \"id\": \"D1\", \"type\": \"damper\", \"damping\": 200 },\n"
  "    { \"id\": \"F1\", \"type\": \"force\", \"force\": \"1.5 kN\" },\n"
  "    { \"id\": \"G1\", \"type\": \"fixed\" },\n"
  "    { \"id\": \"V2\", \"type\": \"volume\", \"capacitance\": \"2 cm^3/bar\",\n"
  "      \"bulk_modulus\": \"1 GPa\" },"
  /* the rotary types on the same line, so the lines below keep their numbers */
  "    { \"id\": \"PU1\", \"type\": \"pump\", \"displacement\": \"10 cm^3/rev\","
  "      \"speed\": \"1500 rpm\", \"volumetric_efficiency\": 0.95,"
  "      \"mechanical_efficiency\": 0.9 },"
  "    { \"id\": \"PV1\", \"type\": \"variable_pump\", \"displacement\": \"1 L/rev\","
  "      \"speed\": \"10 rad/s\", \"fraction\": \"ramp(t, 0, 1)\" },"
  "    { \"id\": \"HM1\", \"type\": \"hydraulic_motor\", \"displacement\": \"20 cm^3/rev\","
  "      \"inertia\": \"2 kg*cm^2\", \"friction\": \"0.01 N*m*s/rad\" },"
  "    { \"id\": \"I1\", \"type\": \"inertia\", \"inertia\": \"0.05 kg*m^2\" },"
  "    { \"id\": \"KR1\", \"type\": \"rotary_spring\", \"stiffness\": \"1 kN*m/rad\","
  "      \"preload\": \"2 N*m\" },"
  "    { \"id\": \"DR1\", \"type\": \"rotary_damper\", \"damping\": \"0.1 N*m*s/rad\" },"
  "    { \"id\": \"TQ1\", \"type\": \"torque\", \"torque\": \"-20 Nm\" },"
  "    { \"id\": \"GS1\", \"type\": \"fixed_shaft\" },"
  "    { \"id\": \"AC1\", \"type\": \"accumulator\", \"precharge_pressure\": \"50 bar\","
  "      \"gas_volume\": \"2 L\", \"polytropic_exponent\": 1.2, \"port_diameter\": \"8 mm\","
  "      \"mass\": \"5 g\" },"
  "    { \"id\": \"DV1\", \"type\": \"valve_4_3\", \"full_area\": \"20 mm^2\","
  "      \"spool\": \"table(t, [[0, 0], [1, 1]])\", \"overlap\": 0.1, \"centre\": \"tandem\","
  "      \"cd\": 0.7, \"port_diameter\": \"8 mm\" },"
  "    { \"id\": \"DV2\", \"type\": \"valve_4_2\", \"full_area\": \"5 mm^2\","
  "      \"spool\": -1, \"overlap\": -0.2 },"
  "    { \"id\": \"FC1\", \"type\": \"flow_control_valve\", \"flow\": \"12 L/min\","
  "      \"compensator_pressure\": \"8 bar\", \"regulation\": \"0.01 L/min/bar\" },"
  "    { \"id\": \"PR1\", \"type\": \"reducing_valve\", \"set_pressure\": \"30 bar\","
  "      \"full_area\": \"10 mm^2\", \"full_open_drop\": \"5 bar\", \"cd\": 0.65,"
  "      \"port_diameter\": \"6 mm\" }\n"
  "  ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"V1.a\"],\n"
  "             [\"C1.m\", \"K1.a\"], [\"K1.b\", \"G1.m\"] ],\n"
  "  \"modes\": [ { \"name\": \"V1 open\", \"closed\": [] },\n"
  "             { \"name\": \"V1 shut\", \"closed\": [\"V1\", \"CV1\"] } ],\n"
  "  \"schedule\": [ { \"t\": 0, \"mode\": \"V1 open\" },\n"
  "                { \"t\": \"500 ms\", \"mode\": \"V1 shut\" } ],\n"
  "  \"simulation\": { \"t_end\": 2.0, \"method\": \"rk4\", \"rtol\": 1e-5,\n"
  "                  \"atol\": 1e-8, \"output_interval\": 1e-3,\n"
  "                  \"step\": \"0.1 ms\", \"outputs\": [\"J1.p\", \"V1.open\"] },\n"
  "  \"initial\": { \"P1.v\": 0.5, \"C1.x\": 0.05 },\n"
  "  \"prefer_states\": [\"C1.x\"],\n"
  "  \"extra\": { \"anything\": [1, 2] }\n"
  "}\n";

static const char minimal[] =
  "{ \"manifold\": 1,\n"
  "  \"components\": [ { \"id\": \"T1\", \"type\": \"tank\" },\n"
  "                  { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1,\n"
  "                    \"diameter\": 0.01 } ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"] ] }\n";

static GPtrArray *
diagnostics_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) mf_diagnostic_free);
}

static MfDocument *
load_ok (const char *text, GPtrArray *diagnostics)
{
  g_autoptr (GError) error = NULL;
  MfDocument *document = mf_document_load_data (text, -1, "test.manifold", diagnostics, &error);

  g_assert_no_error (error);
  g_assert_nonnull (document);
  return document;
}

/* Loads `text`, which must fail, and returns the error message. */
static char *
load_error (const char *text, MfErrorCode code)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = mf_document_load_data (text, -1, "bad", NULL, &error);

  g_assert_null (document);
  g_assert_error (error, MF_ERROR, (int) code);
  return g_strdup (error->message);
}

static const MfComponent *
component (const MfCircuit *circuit, const char *id)
{
  int index = mf_circuit_find_component (circuit, id);

  g_assert_cmpint (index, >=, 0);
  return g_ptr_array_index (circuit->components, index);
}

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

typedef struct
{
  MfSeverity  severity;
  guint       line;
  guint       column;
  const char *message;
} ExpectedDiagnostic;

/* `diagnostics` are the `n_expected` of `expected`, in that order. */
static void
assert_diagnostics (const GPtrArray          *diagnostics,
                    const ExpectedDiagnostic *expected,
                    guint                     n_expected)
{
  g_assert_cmpuint (diagnostics->len, ==, n_expected);
  for (guint i = 0; i < n_expected; i++)
    {
      const MfDiagnostic *diagnostic = diagnostics->pdata[i];

      g_assert_cmpint (diagnostic->severity, ==, expected[i].severity);
      g_assert_cmpuint (diagnostic->line, ==, expected[i].line);
      g_assert_cmpuint (diagnostic->column, ==, expected[i].column);
      g_assert_cmpstr (diagnostic->message, ==, expected[i].message);
    }
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

static void
test_locate_component (void)
{
  g_autoptr (MfDocument) document = load_ok (every_field, NULL);
  guint line = 0, column = 0;

  g_assert_true (mf_document_locate_component (document, "RV1", &line, &column));
  g_assert_cmpuint (line, ==, 19);
  g_assert_cmpuint (column, ==, 5);
  g_assert_true (mf_document_locate_component (document, "T1", &line, &column));
  g_assert_cmpuint (line, ==, 8);
  g_assert_false (mf_document_locate_component (document, "X9", &line, &column));
}

/* Every problem is found, sorted by place; the first error is the GError. */
static void
test_every_problem (void)
{
  static const char text[] =
    "{ \"manifold\": 1, \"title\": 5,\n"
    "  \"wires\": [ [\"P1.a\", \"X1.a\"], [\"P1.b\", \"Y1.p\"] ],\n"
    "  \"components\": [\n"
    "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": -1, \"diameter\": \"3 bar\" },\n"
    "    { \"id\": \"P1\", \"type\": \"junction\" },\n"
    "    { \"id\": \"Y1\", \"type\": \"tnak\" } ],\n"
    "  \"modes\": [ { \"name\": \"m\", \"closed\": [\"Y1\", \"P1\"] } ],\n"
    "  \"simulation\": { \"method\": \"rk5\", \"rtol\": 0 } }\n";
  static const ExpectedDiagnostic expected[] = {
    { MF_SEVERITY_ERROR, 1, 27, "'title' must be a string" },
    { MF_SEVERITY_ERROR, 2, 23, "wire 1: no component 'X1' (did you mean 'P1'?)" },
    /* Y1 could not be built: wires and modes naming it stay quiet */
    { MF_SEVERITY_ERROR, 4, 45, "component 'P1': 'length' must be positive" },
    { MF_SEVERITY_ERROR, 4, 61,
      "component 'P1': '3 bar' is a pressure, but 'diameter' is a length" },
    { MF_SEVERITY_ERROR, 5, 13, "duplicate component id 'P1'" },
    { MF_SEVERITY_ERROR, 6, 27,
      "component 'Y1': unknown component type 'tnak' (did you mean 'tank'?)" },
    { MF_SEVERITY_ERROR, 7, 46, "mode 'm': 'P1' is a pipe, which cannot be closed" },
    { MF_SEVERITY_ERROR, 8, 29,
      "simulation: unknown method 'rk5'; the methods are auto, rk2, rk4, rkf45, rkck, rk8pd, "
      "rk1imp, rk2imp, rk4imp, bsimp, msadams, msbdf, euler" },
    { MF_SEVERITY_ERROR, 8, 44, "simulation: 'rtol' must be positive" },
  };
  g_autoptr (GPtrArray) diagnostics = diagnostics_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = NULL;

  document = mf_document_load_data (text, -1, "many", diagnostics, &error);
  g_assert_null (document);
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "many:1:27: 'title' must be a string");
  assert_diagnostics (diagnostics, expected, G_N_ELEMENTS (expected));
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

typedef struct
{
  const char *text;
  MfErrorCode code;
  const char *message;
  gboolean    prefix; /* the message need only start with `message` */
} ExpectedLoadError;

/* Each text fails to load with its code and message. */
static void
assert_load_errors (const ExpectedLoadError *cases, guint n_cases)
{
  for (guint i = 0; i < n_cases; i++)
    {
      g_autofree char *message = load_error (cases[i].text, cases[i].code);

      if (cases[i].prefix)
        g_assert_true (g_str_has_prefix (message, cases[i].message));
      else
        g_assert_cmpstr (message, ==, cases[i].message);
    }
}

static void
test_expression_located (void)
{
  static const ExpectedLoadError cases[] = {
    /* the column of the fault inside the string: \u00b5 is six characters
     * written, two bytes decoded */
    { "{ \"manifold\": 1, \"components\": [\n"
      "  { \"id\": \"P1\", \"type\": \"pipe\", \"diameter\": 0.01,\n"
      "    \"length\": \"2 \\u00b5m + sinh(1)\" } ] }",
      MF_ERROR_SYNTAX, "bad:3:28: component 'P1': 'length': unknown function 'sinh'", FALSE },
    /* multi-byte characters before it count once (the words are mf-expr's) */
    { "{ \"manifold\": 1, \"components\": [\n"
      "  { \"id\": \"é\", \"type\": \"tank\", \"pressure\": \"2 µbar\" } ] }",
      MF_ERROR_SYNTAX, "bad:2:47: component 'é': 'pressure': ", TRUE },
  };

  assert_load_errors (cases, G_N_ELEMENTS (cases));
}

static void
test_syntax (void)
{
  static const ExpectedLoadError cases[] = {
    /* json-glib names the token's last byte; the column is in characters,
     * at the token's start */
    { "{\n  \"title\": \"é\", \"b\": tru}", MF_ERROR_SYNTAX,
      "bad:2:22: unexpected identifier 'tru', expected value", FALSE },
    { "{ \"manifold\": 1,\n  \"title\": \"x\" \"y\" }", MF_ERROR_SYNTAX, "bad:2:", TRUE },
    /* a string left open runs to the end: said where it starts */
    { "{ \"manifold\": 1,\n  \"components\": [ { \"id\": \"T1\", \"ty", MF_ERROR_SYNTAX,
      "bad:2:33: unterminated string: its closing quote is missing", FALSE },
    /* ... but an earlier mistake keeps its own place */
    { "{ \"manifold\": 1 \"title\": 2,\n  \"x\": \"open", MF_ERROR_SYNTAX, "bad:1:", TRUE },
    { "{ \"manifold\": 1 }\n\n  \"\xc3\xa9\xff\"", MF_ERROR_SYNTAX,
      "bad:3:5: the text is not valid UTF-8 (byte 0xFF)", FALSE },
    { " \n /* nothing */ ", MF_ERROR_SYNTAX, "bad:1:1: the document is empty", FALSE },
    { "{ \"manifold\": 2, \"title\": 3 }", MF_ERROR_VERSION,
      "bad:1:15: unsupported document version 2 (this build reads version 1)", FALSE },
  };

  assert_load_errors (cases, G_N_ELEMENTS (cases));
}

static void
test_embedded_nul (void)
{
  static const char text[] = "{ \"manifold\": 1 }\0 trailing";
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = NULL;

  document = mf_document_load_data (text, sizeof text - 1, "nul", NULL, &error);
  g_assert_null (document);
  g_assert_error (error, MF_ERROR, MF_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "nul:1:18: the text contains a NUL byte");
}

static void
test_locator (void)
{
  static const char text[] =
    "\xef\xbb\xbf{ \"a\": [1, { 'b~/c': \"x\" }],\n"
    "  /* comment, \"not\": a key */ \"é\": \"\\\"é\\u00e9 bar\",\n"
    "  \"m\": \"line one\n"
    "  two\", \"a\": true }";
  g_autoptr (MfJsonLocator) locator = mf_json_locator_new (text, -1);
  g_autofree char *member = mf_json_path_member ("a/1", "b~/c");
  g_autofree char *index = mf_json_path_index ("", 3);
  guint line = 0, column = 0;

  g_assert_cmpstr (member, ==, "a/1/b~0~1c");
  g_assert_cmpstr (index, ==, "3");

  /* the byte-order mark takes no column */
  g_assert_true (mf_json_locator_find (locator, "", &line, &column));
  g_assert_cmpuint (line, ==, 1);
  g_assert_cmpuint (column, ==, 1);
  g_assert_true (mf_json_locator_find (locator, "a/0", &line, &column));
  g_assert_cmpuint (column, ==, 9);
  g_assert_true (mf_json_locator_find (locator, member, &line, &column));
  g_assert_cmpuint (column, ==, 22);
  g_assert_true (mf_json_locator_find_key (locator, member, &line, &column));
  g_assert_cmpuint (column, ==, 14);
  g_assert_false (mf_json_locator_find (locator, "not", &line, &column));

  /* a repeated member: the last one counts, as in json-glib */
  g_assert_true (mf_json_locator_find (locator, "a", &line, &column));
  g_assert_cmpuint (line, ==, 4);
  g_assert_cmpuint (column, ==, 14);

  /* inside a string: decoded, "\"é\u00e9 bar" is '"' (byte 0), 'é' (1, 2),
   * 'é' (3, 4), ' ' (5), 'b' (6); an offset inside an escape gives the
   * backslash */
  g_assert_true (mf_json_locator_find (locator, "\xc3\xa9", &line, &column));
  g_assert_cmpuint (line, ==, 2);
  g_assert_cmpuint (column, ==, 36);
  g_assert_true (mf_json_locator_find_in_string (locator, "\xc3\xa9", 1, &line, &column));
  g_assert_cmpuint (column, ==, 39);
  g_assert_true (mf_json_locator_find_in_string (locator, "\xc3\xa9", 3, &line, &column));
  g_assert_cmpuint (column, ==, 40);
  g_assert_true (mf_json_locator_find_in_string (locator, "\xc3\xa9", 4, &line, &column));
  g_assert_cmpuint (column, ==, 40);
  g_assert_true (mf_json_locator_find_in_string (locator, "\xc3\xa9", 6, &line, &column));
  g_assert_cmpuint (column, ==, 47);
  /* a string over two lines */
  g_assert_true (mf_json_locator_find_in_string (locator, "m", 11, &line, &column));
  g_assert_cmpuint (line, ==, 4);
  g_assert_cmpuint (column, ==, 3);
  g_assert_false (mf_json_locator_find_in_string (locator, "a", 0, &line, &column));
}

/* Locating walks nesting without recursion. */
static void
test_locator_deep (void)
{
  const guint depth = 3000;
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GString) path = g_string_new ("0");
  g_autoptr (MfJsonLocator) locator = NULL;
  guint line, column;

  for (guint i = 0; i < depth; i++)
    g_string_append (text, "[\n");
  g_string_append (text, "7");
  for (guint i = 0; i < depth; i++)
    g_string_append (text, "]");
  for (guint i = 1; i < depth; i++)
    g_string_append (path, "/0");
  locator = mf_json_locator_new (text->str, (gssize) text->len);
  g_assert_true (mf_json_locator_find (locator, path->str, &line, &column));
  g_assert_cmpuint (line, ==, depth + 1);
  g_assert_cmpuint (column, ==, 1);
}

/* json-glib would overflow the stack; the loader says no first. */
static void
test_too_deep (void)
{
  const guint depth = 200000;
  g_autoptr (GString) text = g_string_new ("{ \"manifold\": 1, \"x\": ");
  g_autofree char *message = NULL;

  for (guint i = 0; i < depth; i++)
    g_string_append (text, "[\"[\", ");
  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, ']');
  g_string_append (text, " }");
  message = load_error (text->str, MF_ERROR_SYNTAX);
  /* the root is level 1; brackets inside strings do not count */
  g_assert_cmpstr (message, ==, "bad:1:6017: arrays and objects nest deeper than 1000 levels");
}

static void
test_text_column (void)
{
  static const char text[] = "ab\n\xc3\xa9x\xe2\x80\x94y\nz";

  /* on line 2, byte 3 is 'x', the 2nd character; bytes 4-6 the dash; 7 'y' */
  g_assert_cmpuint (mf_json_text_column (text, strlen (text), 2, 3), ==, 2);
  g_assert_cmpuint (mf_json_text_column (text, strlen (text), 2, 6), ==, 3);
  g_assert_cmpuint (mf_json_text_column (text, strlen (text), 2, 7), ==, 4);
  /* a byte-order mark takes no column, as in the locator */
  g_assert_cmpuint (mf_json_text_column ("\xef\xbb\xbf{ x", 6, 1, 3), ==, 3);
  {
    guint line, column;

    mf_json_text_position ("\xef\xbb\xbf{ \xff", 5, &line, &column);
    g_assert_cmpuint (line, ==, 1);
    g_assert_cmpuint (column, ==, 3);
  }
  /* past the end of the line: one past its last character */
  g_assert_cmpuint (mf_json_text_column (text, strlen (text), 2, 40), ==, 5);
  g_assert_cmpuint (mf_json_text_column (text, strlen (text), 9, 2), ==, 1);
}

/* Text from a document in a message: what could start a line or drive a
 * terminal is escaped, the rest kept; a valid id is unchanged. */
static void
test_text_escape (void)
{
  static const struct
  {
    const char *text;
    const char *shown;
  } cases[] = {
    { "P1", "P1" },
    { "20 bar * ramp(t, 0, 0.1)", "20 bar * ramp(t, 0, 0.1)" },
    { "Pumpe-Ü1", "Pumpe-Ü1" },
    { "a\nb", "a\\nb" },
    { "a\tb\r", "a\\tb\\r" },
    { "\x1b[31mred", "\\x1b[31mred" },
    { "\x7f", "\\x7f" },
    { "a\xc2\x85" "b", "a\\u{85}b" },             /* NEXT LINE, a C1 control */
    { "a\xe2\x80\xa8" "b", "a\\u{2028}b" },         /* LINE SEPARATOR */
    { "a\xe2\x80\xae" "b", "a\\u{202e}b" },         /* RIGHT-TO-LEFT OVERRIDE */
    { "a\xc2\xa0" "b", "a\\u{a0}b" },               /* NO-BREAK SPACE */
    { "a\xff" "b", "a\\xffb" },                     /* not UTF-8 */
    { "back\\slash", "back\\slash" },
  };
  g_autofree char *long_text = g_strnfill (150, 'x');
  g_autofree char *long_shown = mf_text_escape (long_text);
  g_autofree char *kept = g_strnfill (MF_TEXT_ESCAPE_MAX_LENGTH, 'x');
  g_autofree char *cut = g_strconcat (kept, "…", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = mf_text_escape (cases[i].text);

      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
  g_assert_cmpstr (long_shown, ==, cut);
}

/* One rule for ids (docs/format.md, "Components"), the character at fault
 * named. */
static void
test_id_rule (void)
{
  static const char *const valid[] = {
    "P1", "CV1", "#0", "a-b_c", "Ü1", "泵1", "T(1)", "x/y", "a\\b",
  };
  static const struct
  {
    const char *id;
    gsize       offset;
    const char *message;
  } invalid[] = {
    { "", 0, "an id must not be empty" },
    { "P 1", 1, "an id must not contain white space (' ')" },
    { "P\n1", 1, "an id must not contain white space ('\\n')" },
    { "P\xc2\xa0" "1", 1, "an id must not contain white space ('\\u{a0}')" },
    { "P1\x1b[2J", 2, "an id must not contain control or invisible characters ('\\x1b')" },
    { "P\xe2\x80\xae" "1", 1,
      "an id must not contain control or invisible characters ('\\u{202e}')" },
    { "P\xff", 1, "an id must not contain control or invisible characters ('\\xff')" },
    { "P.1", 1, "an id must not contain '.' (it separates id and port)" },
  };
  g_autofree char *longest = g_strnfill (MF_ID_MAX_LENGTH, 'x');
  g_autofree char *too_long = g_strconcat ("Ü", longest, NULL);
  g_autoptr (GError) error = NULL;
  gsize offset = 99;

  for (guint i = 0; i < G_N_ELEMENTS (valid); i++)
    g_assert_true (mf_id_is_valid (valid[i]));
  g_assert_true (mf_id_is_valid (longest));
  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      g_assert_false (mf_id_check (invalid[i].id, &offset, &error));
      g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, invalid[i].message);
      g_assert_cmpuint (offset, ==, invalid[i].offset);
      g_clear_error (&error);
    }
  /* the 65th character is the one too many */
  g_assert_false (mf_id_check (too_long, &offset, &error));
  g_assert_cmpstr (error->message, ==, "an id must be at most 64 characters long, not 65");
  g_assert_cmpuint (offset, ==, strlen ("Ü") + MF_ID_MAX_LENGTH - 1);
  g_clear_error (&error);

  /* mode names may have spaces, not other white space */
  g_assert_true (mf_mode_name_check ("V1 shut", NULL, NULL));
  g_assert_false (mf_mode_name_check ("V1\tshut", &offset, &error));
  g_assert_cmpstr (error->message, ==,
                   "a mode name must not contain white space other than spaces ('\\t')");
  g_assert_cmpuint (offset, ==, 2);
}

/* A document's bad ids and mode names are errors at the character at
 * fault, quoted escaped; a component with a bad id is still checked. */
static void
test_bad_names_located (void)
{
  static const char text[] =
    "{ \"manifold\": 1,\n"
    "  \"components\": [ { \"id\": \"T\\u001b[2J\", \"type\": \"tank\" },\n"
    "    { \"id\": \"P\\n1\", \"type\": \"pipe\", \"length\": -1, \"diameter\": 1 } ],\n"
    "  \"modes\": [ { \"name\": \"up\\u2028down\" } ] }\n";
  static const ExpectedDiagnostic expected[] = {
    { MF_SEVERITY_ERROR, 2, 29,
      "component 'T\\x1b[2J': an id must not contain control or invisible characters "
      "('\\x1b')" },
    { MF_SEVERITY_ERROR, 3, 15,
      "component 'P\\n1': an id must not contain white space ('\\n')" },
    { MF_SEVERITY_ERROR, 3, 47, "component 'P\\n1': 'length' must be positive" },
    { MF_SEVERITY_ERROR, 4, 27,
      "mode 1: a mode name must not contain white space other than spaces ('\\u{2028}')" },
  };
  g_autoptr (GPtrArray) diagnostics = diagnostics_new ();
  g_autoptr (MfDocument) document = NULL;

  document = mf_document_load_data (text, -1, "names", diagnostics, NULL);
  g_assert_null (document);
  assert_diagnostics (diagnostics, expected, G_N_ELEMENTS (expected));
}

/* Every name of "initial" and "prefer_states" the circuit lacks, each at
 * its place — not only the first. */
static void
test_state_names (void)
{
  static const char text[] =
    "{ \"manifold\": 1,\n"
    "  \"components\": [ { \"id\": \"M\", \"type\": \"mass\", \"mass\": 1 } ],\n"
    "  \"initial\": { \"M.w\": 1, \"M.v\": 2,\n"
    "               \"Q.q\": 3 },\n"
    "  \"prefer_states\": [ \"M.x\", \"M.v\", \"M.vv\" ] }\n";
  static const ExpectedDiagnostic expected[] = {
    { MF_SEVERITY_ERROR, 3, 16, "initial: the circuit has no state 'M.w' (did you mean 'M.v'?)" },
    { MF_SEVERITY_ERROR, 4, 16,
      "initial: the circuit has no state 'Q.q'; 'manifold-cli analyze' lists its states" },
    { MF_SEVERITY_ERROR, 5, 22,
      "prefer_states: 'M.x' is a state but not a velocity; only velocities can be preferred" },
    { MF_SEVERITY_ERROR, 5, 36,
      "prefer_states: the circuit has no velocity 'M.vv' (did you mean 'M.v'?)" },
  };
  g_autoptr (GPtrArray) diagnostics = diagnostics_new ();
  g_autoptr (MfDocument) document = NULL;

  document = mf_document_load_data (text, -1, "names", diagnostics, NULL);
  g_assert_null (document);
  assert_diagnostics (diagnostics, expected, G_N_ELEMENTS (expected));
}

/* An assembly error of a loaded document, placed at what it is about. */
static void
test_model_located (void)
{
  static const char text[] =
    "{ \"manifold\": 1,\n"
    "  \"components\": [ { \"id\": \"T\", \"type\": \"tank\" },\n"
    "    { \"id\": \"V\", \"type\": \"volume\", \"volume\": 1e-3 },\n"
    "    { \"id\": \"P\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 } ],\n"
    "  \"wires\": [ [\"T.p\", \"V.p\"], [\"V.p\", \"P.a\"] ] }\n";
  g_autoptr (GPtrArray) diagnostics = diagnostics_new ();
  g_autoptr (MfDocument) document = load_ok (text, NULL);
  g_autoptr (GError) error = NULL;
  MfModel *model;

  model = mf_document_new_model (document, diagnostics, &error);
  g_assert_null (model);
  g_assert_error (error, MF_ERROR, MF_ERROR_STRUCTURE);
  g_assert_cmpstr (error->message, ==,
                   "test.manifold:3:5: node T.p holds both tank 'T' and volume 'V': a node can "
                   "have one tank, or volumes, but not both");
  g_assert_cmpuint (diagnostics->len, ==, 1);
}

/* The limits of docs/format.md, each refused where it is passed. */
static void
test_limits (void)
{
  g_autoptr (GString) text = g_string_new ("{ \"manifold\": 1,\n  \"title\": \"");
  g_autofree char *message = NULL;

  for (guint i = 0; i <= MF_DOCUMENT_MAX_STRING; i++)
    g_string_append_c (text, 'a');
  g_string_append (text, "\" }");
  message = load_error (text->str, MF_ERROR_INVALID);
  g_assert_cmpstr (message, ==, "bad:2:12: a string may be at most 1048576 bytes long; this one is "
                                "longer");
  g_clear_pointer (&message, g_free);

  /* 100 000 parentheses: refused at the 201st, before the parser recurses deeper */
  g_string_assign (text, "{ \"manifold\": 1, \"components\": [ { \"id\": \"T\", \"type\": "
                         "\"tank\", \"pressure\": \"");
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, '(');
  g_string_append_c (text, '1');
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, ')');
  g_string_append (text, "\" } ] }");
  message = load_error (text->str, MF_ERROR_SYNTAX);
  g_assert_cmpstr (message, ==, "bad:1:276: component 'T': 'pressure': expression nested more "
                                "than 200 levels deep (parentheses, calls and signs)");
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
  g_test_add_func ("/core/document/locate-component", test_locate_component);
  g_test_add_func ("/core/document/every-problem", test_every_problem);
  g_test_add_func ("/core/document/outputs", test_outputs);
  g_test_add_func ("/core/document/outputs-unassembled", test_outputs_unassembled);
  g_test_add_func ("/core/document/expression-located", test_expression_located);
  g_test_add_func ("/core/document/syntax", test_syntax);
  g_test_add_func ("/core/document/embedded-nul", test_embedded_nul);
  g_test_add_func ("/core/document/locator", test_locator);
  g_test_add_func ("/core/document/locator-deep", test_locator_deep);
  g_test_add_func ("/core/document/too-deep", test_too_deep);
  g_test_add_func ("/core/document/text-column", test_text_column);
  g_test_add_func ("/core/document/text-escape", test_text_escape);
  g_test_add_func ("/core/document/id-rule", test_id_rule);
  g_test_add_func ("/core/document/bad-names-located", test_bad_names_located);
  g_test_add_func ("/core/document/state-names", test_state_names);
  g_test_add_func ("/core/document/model-located", test_model_located);
  g_test_add_func ("/core/document/limits", test_limits);

  return g_test_run ();
}
