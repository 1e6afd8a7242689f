/* mf-test-document.h: loading documents in test-document.c and
 * test-document-problems.c: a document with every field, loads that must
 * succeed or fail, and the diagnostics expected of them.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-document.h"
#include "mf-error.h"

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

static inline GPtrArray *
diagnostics_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) mf_diagnostic_free);
}

static inline MfDocument *
load_ok (const char *text, GPtrArray *diagnostics)
{
  g_autoptr (GError) error = NULL;
  MfDocument *document = mf_document_load_data (text, -1, "test.manifold", diagnostics, &error);

  g_assert_no_error (error);
  g_assert_nonnull (document);
  return document;
}

/* Loads `text`, which must fail, and returns the error message. */
static inline char *
load_error (const char *text, MfErrorCode code)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = mf_document_load_data (text, -1, "bad", NULL, &error);

  g_assert_null (document);
  g_assert_error (error, MF_ERROR, (int) code);
  return g_strdup (error->message);
}

static inline const MfComponent *
component (const MfCircuit *circuit, const char *id)
{
  int index = mf_circuit_find_component (circuit, id);

  g_assert_cmpint (index, >=, 0);
  return g_ptr_array_index (circuit->components, index);
}

typedef struct
{
  MfSeverity  severity;
  guint       line;
  guint       column;
  const char *message;
} ExpectedDiagnostic;

/* `diagnostics` are the `n_expected` of `expected`, in that order. */
static inline void
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
