/* test-structure.c: the structure panel's computation (src/app/structure/mf-structure.c)
 * on the example circuits, against hand reasoning and against what
 * `manifold-cli analyze --json` reports for the same document.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <json-glib/json-glib.h>
#include <string.h>

#include "mf-error.h"
#include "mf-index-steps.h"
#include "mf-structure.h"

static char *
example_path (const char *name)
{
  const char *dir = g_getenv ("MANIFOLD_EXAMPLES");
  g_autofree char *file = g_strconcat (name, ".manifold", NULL);

  if (dir != NULL && *dir != '\0')
    return g_build_filename (dir, file, NULL);
  return g_test_build_filename (G_TEST_DIST, "..", "data", "examples", file, NULL);
}

static MfStructure *
structure_of_example (const char *name, const char *mode)
{
  g_autofree char *path = example_path (name);
  g_autofree char *data = NULL;
  gsize length;
  g_autoptr (GError) error = NULL;
  MfStructure *structure;

  g_assert_true (g_file_get_contents (path, &data, &length, &error));
  g_assert_no_error (error);
  structure = mf_structure_compute (data, (gssize) length, name, mode, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (structure);
  return structure;
}

static char *
joined (char **strv)
{
  g_auto (GStrv) owned = strv;

  return g_strjoinv (", ", owned);
}

static char *
joined_const (const char *const *strv)
{
  return g_strjoinv (", ", (char **) strv);
}

static int
find_row (const MfStructure *structure, const char *name)
{
  const MfReduction *red = mf_structure_get_reduction (structure);

  for (guint r = 0; r < red->n_rows; r++)
    if (g_strcmp0 (red->row_names[r], name) == 0)
      return (int) r;
  return -1;
}

/* Three pipes into one junction: one constraint on three velocities, so
 * rank 1 and two independent states.  The heaviest pipes stay independent
 * (ρLA: P3 4.5e-4 m³ of oil, P1 3.9e-4, P2 2.4e-4), the lightest is
 * dependent, and with every pipe carrying mass the reduced system is an
 * ODE. */
static void
test_three_pipes (void)
{
  g_autoptr (MfStructure) s = structure_of_example ("three-pipes", NULL);
  g_autofree char *independent = joined (mf_structure_dup_independent (s));
  g_autofree char *dependent = joined (mf_structure_dup_states (s, MF_STATE_ROLE_DEPENDENT));
  g_autofree char *integrated = joined (mf_structure_dup_states (s, MF_STATE_ROLE_INTEGRATED));
  g_autofree char *algebraic = joined (mf_structure_dup_states (s, MF_STATE_ROLE_ALGEBRAIC));
  g_auto (GStrv) steps = mf_structure_dup_index_steps (s);
  g_autofree char *ports = NULL;
  g_autofree char *components = NULL;
  int j1 = find_row (s, "J1");

  g_assert_cmpstr (mf_structure_get_mode_name (s), ==, "default");
  g_assert_cmpuint (mf_structure_get_rank (s), ==, 1);
  g_assert_cmpstr (independent, ==, "P3.v, P1.v");
  g_assert_cmpstr (dependent, ==, "P2.v");
  g_assert_cmpstr (integrated, ==, "P3.v, P1.v");
  g_assert_cmpstr (algebraic, ==, "");
  g_assert_cmpint (mf_structure_get_index (s), ==, 0);
  g_assert_false (mf_structure_get_mass_singular (s));
  g_assert_cmpuint (g_strv_length ((char **) mf_structure_get_problems (s)), ==, 0);
  g_assert_cmpuint (g_strv_length (steps), ==, 0);

  /* The junction's row is the node of every pipe end wired to it. */
  g_assert_cmpint (j1, ==, 0);
  g_assert_cmpint (mf_structure_get_row_kind (s, j1), ==, MF_ROW_NODE);
  ports = joined_const (mf_structure_get_row_ports (s, j1));
  g_assert_cmpstr (ports, ==, "P1.b, P2.b, J1.p, P3.a");
  components = joined_const (mf_structure_get_row_components (s, j1));
  g_assert_cmpstr (components, ==, "J1");
  g_assert_cmpstr (mf_structure_get_column_component (s, 1), ==, "P2");
  g_assert_cmpint (mf_structure_get_state_role (s, 1), ==, MF_STATE_ROLE_DEPENDENT);
  g_assert_cmpint (mf_structure_get_state_role (s, 2), ==, MF_STATE_ROLE_INTEGRATED);
}

/* Closing V1 adds the row "V1 closed" (V1.v = 0): the rank goes from 2 to
 * 3 and one independent state is lost.  P2 and O1 are in series through
 * J2, so only the supply pipe P1 is left to integrate. */
static void
test_valve_closing (void)
{
  g_autoptr (MfStructure) open = structure_of_example ("valve-closing", NULL);
  g_autoptr (MfStructure) shut = structure_of_example ("valve-closing", "V1 shut");
  g_autofree char *open_independent = joined (mf_structure_dup_independent (open));
  g_autofree char *independent = joined (mf_structure_dup_independent (shut));
  g_autofree char *dependent = joined (mf_structure_dup_states (shut, MF_STATE_ROLE_DEPENDENT));
  g_autofree char *modes = joined_const (mf_structure_get_mode_names (shut));
  int closed = find_row (shut, "V1 closed");

  g_assert_cmpstr (modes, ==, "V1 open, V1 shut");
  g_assert_cmpuint (mf_structure_get_mode (open), ==, 0);
  g_assert_cmpuint (mf_structure_get_rank (open), ==, 2);
  g_assert_cmpstr (open_independent, ==, "P1.v, P2.v");
  g_assert_cmpint (find_row (open, "V1 closed"), ==, -1);

  g_assert_cmpuint (mf_structure_get_mode (shut), ==, 1);
  g_assert_cmpstr (mf_structure_get_mode_name (shut), ==, "V1 shut");
  g_assert_cmpuint (mf_structure_get_rank (shut), ==, 3);
  g_assert_cmpstr (independent, ==, "P1.v");
  g_assert_cmpstr (dependent, ==, "O1.v, V1.v, P2.v");
  g_assert_cmpint (mf_structure_get_index (shut), ==, 0);
  g_assert_cmpint (closed, ==, 2);
  g_assert_cmpint (mf_structure_get_row_kind (shut, closed), ==, MF_ROW_CLOSED);
  g_assert_cmpstr (mf_structure_get_row_components (shut, closed)[0], ==, "V1");
  g_assert_null (mf_structure_get_row_components (shut, closed)[1]);
  g_assert_null (mf_structure_get_row_ports (shut, closed)[0]);
}

/* A mode name the document does not have falls back to the first mode. */
static void
test_unknown_mode (void)
{
  g_autoptr (MfStructure) s = structure_of_example ("valve-closing", "no such mode");

  g_assert_cmpuint (mf_structure_get_mode (s), ==, 0);
  g_assert_cmpstr (mf_structure_get_mode_name (s), ==, "V1 open");
}

/* The pump's flow fixes P1.v (row "Q1.b", the node between the pump and
 * the pipe), J1 then fixes O1.v + O2.v; one orifice velocity is left, and
 * orifices carry no fluid mass: M̄ = [0], singular, index 1, with that
 * velocity algebraic and nothing integrated. */
static void
test_parallel_orifices (void)
{
  g_autoptr (MfStructure) s = structure_of_example ("pump-parallel-orifices", NULL);
  g_autofree char *independent = joined (mf_structure_dup_independent (s));
  g_autofree char *integrated = joined (mf_structure_dup_states (s, MF_STATE_ROLE_INTEGRATED));
  g_autofree char *algebraic = joined (mf_structure_dup_states (s, MF_STATE_ROLE_ALGEBRAIC));
  g_autofree char *dependent = joined (mf_structure_dup_states (s, MF_STATE_ROLE_DEPENDENT));
  g_auto (GStrv) steps = mf_structure_dup_index_steps (s);
  g_autofree char *q1b_ports = NULL;
  const char *const *problems = mf_structure_get_problems (s);
  int q1b = find_row (s, "Q1.b");

  g_assert_cmpuint (mf_structure_get_rank (s), ==, 2);
  g_assert_cmpstr (independent, ==, "O1.v");
  g_assert_cmpstr (dependent, ==, "O2.v, P1.v");
  g_assert_true (mf_structure_get_mass_singular (s));
  g_assert_cmpint (mf_structure_get_index (s), ==, 1);
  g_assert_cmpstr (integrated, ==, "");
  g_assert_cmpstr (algebraic, ==, "O1.v");

  g_assert_cmpuint (g_strv_length (steps), ==, 2);
  g_assert_nonnull (strstr (steps[0], "rank 0"));
  g_assert_nonnull (strstr (steps[0], "hidden constraint on O1.v"));
  g_assert_nonnull (strstr (steps[1], "rank 1"));

  g_assert_cmpuint (g_strv_length ((char **) problems), ==, 1);
  g_assert_nonnull (strstr (problems[0], "singular"));
  g_assert_nonnull (strstr (problems[0], "O1.v"));

  g_assert_cmpint (q1b, >=, 0);
  g_assert_cmpint (mf_structure_get_row_kind (s, q1b), ==, MF_ROW_NODE);
  q1b_ports = joined_const (mf_structure_get_row_ports (s, q1b));
  g_assert_cmpstr (q1b_ports, ==, "Q1.b, P1.a");
  g_assert_null (mf_structure_get_row_components (s, q1b)[0]);
}

/* A massless piston on a spring over a volume: no node is incompressible,
 * so W is empty and P1.v, C1.v are both independent, but C1 carries no
 * mass.  Its force balance 0 = A p − k x holds the volume pressure and the
 * position, not a velocity: index 2.  That constraint fixes P1.b.p (the
 * volume's node, named after its first port), its derivative fixes C1.v,
 * and only P1.v is integrated among the velocities. */
static void
test_piston_accumulator (void)
{
  g_autoptr (MfStructure) s = structure_of_example ("piston-accumulator", NULL);
  g_autofree char *independent = joined (mf_structure_dup_independent (s));
  g_autofree char *integrated = joined (mf_structure_dup_states (s, MF_STATE_ROLE_INTEGRATED));
  g_autofree char *velocities = joined (mf_structure_dup_states (s, MF_STATE_ROLE_ALGEBRAIC));
  g_autofree char *constrained = joined (mf_structure_dup_constrained (s));
  g_autofree char *algebraic = joined (mf_structure_dup_algebraic (s));
  g_auto (GStrv) steps = mf_structure_dup_index_steps (s);

  g_assert_cmpuint (mf_structure_get_rank (s), ==, 0);
  g_assert_cmpint (mf_structure_get_index (s), ==, 2);
  g_assert_cmpstr (independent, ==, "P1.v, C1.v");
  g_assert_cmpstr (integrated, ==, "P1.v");
  g_assert_cmpstr (velocities, ==, "C1.v");
  g_assert_cmpstr (constrained, ==, "P1.b.p");
  g_assert_cmpstr (algebraic, ==, "C1.v, P1.b.p");
  /* what is integrated: P1.v, and C1.x, whose rate equation x' = v stays
   * (no hidden constraint fixes it); the volume's pressure is fixed */
  {
    g_autofree char *all = joined (mf_structure_dup_integrated (s));

    g_assert_cmpstr (all, ==, "P1.v, C1.x");
    /* model states: P1.v, C1.v, C1.x, P1.b.p */
    g_assert_false (mf_structure_get_state_fixed (s, 2));
    g_assert_true (mf_structure_get_state_fixed (s, 3));
    g_assert_false (mf_structure_get_state_fixed (s, 1));
  }
  g_assert_cmpint (mf_structure_get_state_role (s, 1), ==, MF_STATE_ROLE_ALGEBRAIC);
  /* the first hidden constraint is free of velocities */
  g_assert_cmpuint (g_strv_length (steps), ==, 3);
  g_assert_nonnull (strstr (steps[0], "hidden constraint on C1.x, P1.b.p"));

  /* an index-1 mode fixes no position or pressure */
  {
    g_autoptr (MfStructure) one = structure_of_example ("pump-parallel-orifices", NULL);
    g_autofree char *none = joined (mf_structure_dup_constrained (one));
    g_autofree char *only_velocities = joined (mf_structure_dup_algebraic (one));

    g_assert_cmpstr (none, ==, "");
    g_assert_cmpstr (only_velocities, ==, "O1.v");
  }
}

/* Each state leads to the drawing: velocities and positions to their
 * component, a pressure to its node, by a port, and to the junction that
 * names it. */
static void
test_locate_state (void)
{
  const char *junction_volume =
    "{ \"manifold\": 1, \"components\": ["
    " {\"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\"},"
    " {\"id\": \"P1\", \"type\": \"pipe\", \"length\": 5, \"diameter\": \"20 mm\"},"
    " {\"id\": \"J1\", \"type\": \"junction\"},"
    " {\"id\": \"V1\", \"type\": \"volume\", \"volume\": \"1 L\"} ],"
    " \"wires\": [[\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"V1.p\"]] }";
  g_autoptr (MfStructure) s = structure_of_example ("piston-accumulator", NULL);
  g_autoptr (MfStructure) named = NULL;
  g_autoptr (GError) error = NULL;
  struct
  {
    const char *state, *component, *port;
  } cases[] = {
    { "P1.v", "P1", NULL },
    { "C1.v", "C1", NULL },
    { "C1.x", "C1", NULL },
    { "P1.b.p", NULL, "P1.b" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *component = NULL;
      g_autofree char *port = NULL;

      g_assert_true (mf_structure_locate_state (s, cases[i].state, &component, &port));
      g_assert_cmpstr (component, ==, cases[i].component);
      g_assert_cmpstr (port, ==, cases[i].port);
    }
  {
    char *component = (char *) "stale", *port = (char *) "stale";

    g_assert_false (mf_structure_locate_state (s, "K1.x", &component, &port));
    g_assert_null (component);
    g_assert_null (port);
  }

  named = mf_structure_compute (junction_volume, -1, "junction-volume", NULL, NULL, &error);
  g_assert_no_error (error);
  {
    g_autofree char *component = NULL;
    g_autofree char *port = NULL;

    g_assert_true (mf_structure_locate_state (named, "J1.p", &component, &port));
    g_assert_cmpstr (component, ==, "J1");
    g_assert_cmpstr (port, ==, "J1.p");
  }
}

/* The flow source fixes the chain pump → P1 → cap side; the piston's rod
 * side pushes P2; the mass moves with the piston (row "C1.v = M1.v"): four
 * independent constraints on four velocities, nothing left to integrate
 * but positions. */
static void
test_pump_cylinder_spring (void)
{
  g_autoptr (MfStructure) s = structure_of_example ("pump-cylinder-spring", NULL);
  g_autofree char *independent = joined (mf_structure_dup_independent (s));
  g_autofree char *dependent = joined (mf_structure_dup_states (s, MF_STATE_ROLE_DEPENDENT));
  g_autofree char *link_components = NULL;
  g_autofree char *link_ports = NULL;
  int link = find_row (s, "C1.v = M1.v");

  g_assert_cmpuint (mf_structure_get_rank (s), ==, 4);
  g_assert_cmpstr (independent, ==, "");
  g_assert_cmpstr (dependent, ==, "P2.v, P1.v, C1.v, M1.v");
  /* the constraints fix every velocity, yet the positions are integrated
   * (x' = v each): the structure panel once said "Integrated: none" */
  {
    g_autofree char *integrated = joined (mf_structure_dup_integrated (s));

    g_assert_cmpstr (integrated, ==, "C1.x, M1.x");
  }
  g_assert_cmpint (mf_structure_get_index (s), ==, 0);
  g_assert_false (mf_structure_get_mass_singular (s));

  g_assert_cmpint (link, ==, 3);
  g_assert_cmpint (mf_structure_get_row_kind (s, link), ==, MF_ROW_LINK);
  link_components = joined_const (mf_structure_get_row_components (s, link));
  g_assert_cmpstr (link_components, ==, "C1, M1");
  link_ports = joined_const (mf_structure_get_row_ports (s, link));
  g_assert_cmpstr (link_ports, ==, "C1.m, M1.m, K1.a");
}

/* Selecting P1 on the canvas concerns the rows of both its end nodes and
 * its own column; a tank has no row of its own. */
static void
test_match_components (void)
{
  g_autoptr (MfStructure) s = structure_of_example ("valve-closing", "V1 shut");
  const MfReduction *red = mf_structure_get_reduction (s);
  const char *p2[] = { "P2", NULL };
  const char *v1[] = { "V1", NULL };
  const char *t3[] = { "T3", NULL };
  gboolean rows[3], columns[4];

  g_assert_cmpuint (red->n_rows, ==, 3);
  g_assert_cmpuint (red->n_cols, ==, 4);
  g_assert_true (mf_structure_match_components (s, p2, rows, columns));
  g_assert_true (rows[0] && rows[1] && !rows[2]); /* J1, J2; not "V1 closed" */
  g_assert_true (!columns[0] && !columns[1] && columns[2] && !columns[3]);

  g_assert_true (mf_structure_match_components (s, v1, rows, columns));
  g_assert_true (rows[0] && !rows[1] && rows[2]); /* J1 (V1.a) and "V1 closed" */
  g_assert_true (!columns[0] && columns[1] && !columns[2] && !columns[3]);

  g_assert_false (mf_structure_match_components (s, t3, rows, columns));
}

/* Pinning the lightest pipe makes it independent: the core's preference
 * comes from the document's "prefer_states". */
static void
test_preferred_state (void)
{
  g_autofree char *path = example_path ("three-pipes");
  g_autofree char *data = NULL;
  g_autofree char *pinned = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (MfStructure) s = NULL;
  g_autofree char *independent = NULL;
  char *brace;

  g_assert_true (g_file_get_contents (path, &data, NULL, &error));
  brace = strchr (data, '{');
  g_assert_nonnull (brace);
  pinned = g_strdup_printf ("{ \"prefer_states\": [\"P2.v\"], %s", brace + 1);
  s = mf_structure_compute (pinned, -1, "pinned", NULL, NULL, &error);
  g_assert_no_error (error);
  independent = joined (mf_structure_dup_independent (s));
  g_assert_cmpstr (independent, ==, "P2.v, P3.v");
}

/* A node between two valves that a mode closes has nothing to fix its
 * pressure: the core says so in words. */
static void
test_undetermined_pressure (void)
{
  const char *data =
    "{ \"manifold\": 1, \"components\": ["
    " {\"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\"},"
    " {\"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01},"
    " {\"id\": \"V1\", \"type\": \"valve\", \"area\": 1e-5},"
    " {\"id\": \"J1\", \"type\": \"junction\"},"
    " {\"id\": \"V2\", \"type\": \"valve\", \"area\": 1e-5},"
    " {\"id\": \"T2\", \"type\": \"tank\"} ],"
    " \"wires\": [[\"T1.p\", \"P1.a\"], [\"P1.b\", \"V1.a\"], [\"V1.b\", \"J1.p\"],"
    "             [\"J1.p\", \"V2.a\"], [\"V2.b\", \"T2.p\"]],"
    " \"modes\": [{\"name\": \"open\", \"closed\": []},"
    "             {\"name\": \"shut\", \"closed\": [\"V1\", \"V2\"]}] }";
  g_autoptr (GError) error = NULL;
  g_autoptr (MfStructure) s = mf_structure_compute (data, -1, "trapped", "shut", NULL, &error);
  const char *const *problems;
  gboolean found = FALSE;

  g_assert_no_error (error);
  problems = mf_structure_get_problems (s);
  for (guint i = 0; problems[i] != NULL; i++)
    if (strstr (problems[i], "node J1 touches only closed valves") != NULL
        && strstr (problems[i], "undetermined") != NULL)
      found = TRUE;
  g_assert_true (found);
}

/* A document that does not load gives the loader's located message; one
 * that loads but cannot be assembled names the place. */
static void
test_errors (void)
{
  const char *bad_type =
    "{ \"manifold\": 1,\n  \"components\": [ {\"id\": \"P1\", \"type\": \"pipee\"} ],\n"
    "  \"wires\": [] }";
  const char *floating =
    "{ \"manifold\": 1, \"components\": ["
    " {\"id\": \"K1\", \"type\": \"spring\", \"stiffness\": 1000},"
    " {\"id\": \"G1\", \"type\": \"fixed\"},"
    " {\"id\": \"M1\", \"type\": \"mass\", \"mass\": 1} ],"
    " \"wires\": [[\"G1.m\", \"K1.a\"]] }";
  g_autoptr (GError) error = NULL;
  MfStructure *s;

  s = mf_structure_compute (bad_type, -1, "bad.manifold", NULL, NULL, &error);
  g_assert_null (s);
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "bad.manifold:2:"));
  g_assert_nonnull (strstr (error->message, "pipee"));
  g_clear_error (&error);

  s = mf_structure_compute (floating, -1, "floating", NULL, NULL, &error);
  g_assert_null (s);
  g_assert_error (error, MF_ERROR, MF_ERROR_STRUCTURE);
  g_assert_nonnull (strstr (error->message, "K1.b"));
}

static void
test_cancelled (void)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *path = example_path ("three-pipes");
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  g_cancellable_cancel (cancellable);
  g_assert_null (mf_structure_compute (data, -1, "x", NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
async_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  MfStructure **out = user_data;
  g_autoptr (GError) error = NULL;

  *out = mf_structure_compute_finish (result, &error);
  g_assert_no_error (error);
}

/* The worker thread delivers the same structure to the main context. */
static void
test_async (void)
{
  g_autofree char *path = example_path ("pump-parallel-orifices");
  g_autofree char *data = NULL;
  MfStructure *s = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  mf_structure_compute_async (data, -1, "async", NULL, NULL, async_done, &s);
  /* The text was copied: the caller may drop it at once. */
  memset (data, ' ', strlen (data));
  while (s == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (mf_structure_get_index (s), ==, 1);
  g_assert_cmpuint (mf_structure_get_rank (s), ==, 2);
  mf_structure_free (s);
}

/* ---- against manifold-cli analyze --json ------------------------------- */

static char *
strings_of (JsonArray *array)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (array); i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "",
                            json_array_get_string_element (array, i));
  return g_string_free (out, FALSE);
}

static void
compare_mode (const char *name, const char *data, JsonObject *mode)
{
  const char *mode_name = json_object_get_string_member (mode, "name");
  g_autoptr (GError) error = NULL;
  g_autoptr (MfStructure) s = mf_structure_compute (data, -1, name, mode_name, NULL, &error);
  g_autofree char *cli_independent = strings_of (json_object_get_array_member (mode,
                                                                              "independent"));
  g_autofree char *cli_integrated = strings_of (json_object_get_array_member (mode,
                                                                             "integrated"));
  g_autofree char *cli_algebraic = strings_of (json_object_get_array_member (mode, "algebraic"));
  g_autofree char *independent = NULL;
  g_autofree char *integrated = NULL;
  g_autofree char *algebraic = NULL;
  JsonNode *index = json_object_get_member (mode, "index");
  JsonArray *problems = json_object_get_array_member (mode, "problems");
  const char *const *ours;

  g_assert_no_error (error);
  g_test_message ("%s, mode '%s'", name, mode_name);
  independent = joined (mf_structure_dup_independent (s));
  integrated = joined (mf_structure_dup_integrated (s));
  /* the CLI's algebraic states go on with the positions and pressures
   * that an index-2 mode fixes */
  algebraic = joined (mf_structure_dup_algebraic (s));
  g_assert_cmpstr (mf_structure_get_mode_name (s), ==, mode_name);
  g_assert_cmpint (mf_structure_get_rank (s), ==, json_object_get_int_member (mode, "rank"));
  g_assert_cmpstr (independent, ==, cli_independent);
  g_assert_cmpstr (integrated, ==, cli_integrated);
  g_assert_cmpstr (algebraic, ==, cli_algebraic);
  /* the Equations window's minimal-order system integrates the same
   * states: what the structure panel says "Integrated" of */
  {
    g_autoptr (MfIndexSteps) steps = mf_index_steps_new (mf_structure_get_model (s),
                                                         mf_structure_get_reduction (s));
    g_autoptr (GString) finals = g_string_new (NULL);

    for (guint i = 0; i < steps->final->len; i++)
      {
        const MfIndexFinal *f = g_ptr_array_index (steps->final, i);

        if (f->integrated)
          g_string_append_printf (finals, "%s%s", finals->len > 0 ? ", " : "", f->state);
      }
    if (steps->final->len > 0)
      g_assert_cmpstr (finals->str, ==, integrated);
  }
  g_assert_cmpint (mf_structure_get_index (s), ==,
                   JSON_NODE_HOLDS_NULL (index) ? -1 : json_node_get_int (index));
  g_assert_cmpint (mf_structure_get_mass_singular (s), ==,
                   json_object_get_boolean_member (mode, "mass_singular"));
  /* the documents load without warnings, so the problems are the core's */
  ours = mf_structure_get_problems (s);
  g_assert_cmpuint (g_strv_length ((char **) ours), ==, json_array_get_length (problems));
  for (guint i = 0; ours[i] != NULL; i++)
    g_assert_cmpstr (ours[i], ==, json_array_get_string_element (problems, i));
}

static void
test_against_cli (gconstpointer user_data)
{
  const char *name = user_data;
  const char *cli = g_getenv ("MANIFOLD_CLI");
  g_autofree char *path = example_path (name);
  g_autofree char *data = NULL;
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  const char *argv[] = { cli, "analyze", "--json", path, NULL };
  JsonArray *modes;
  int status = 0;

  if (cli == NULL)
    {
      g_test_skip ("MANIFOLD_CLI is not set");
      return;
    }
  g_assert_true (g_file_get_contents (path, &data, NULL, &error));
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                               NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  modes = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                        "modes");
  g_assert_cmpuint (json_array_get_length (modes), >, 0);
  for (guint m = 0; m < json_array_get_length (modes); m++)
    compare_mode (name, data, json_array_get_object_element (modes, m));
}

/* Every example, so that a new one (an index-2 circuit, say) is compared
 * with the CLI without anyone remembering to list it; sorted, so the test
 * paths keep their order. */
static int
compare_names (const char **a, const char **b)
{
  return strcmp (*a, *b);
}

static GPtrArray *
example_names (void)
{
  g_autofree char *any = example_path ("three-pipes");
  g_autofree char *dir_path = g_path_get_dirname (any);
  g_autoptr (GDir) dir = NULL;
  g_autoptr (GError) error = NULL;
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *file;

  dir = g_dir_open (dir_path, 0, &error);
  g_assert_no_error (error);
  while ((file = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (file, ".manifold"))
      g_ptr_array_add (names, g_strndup (file, strlen (file) - strlen (".manifold")));
  g_ptr_array_sort (names, (GCompareFunc) compare_names);
  return names;
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) examples = NULL;

  g_test_init (&argc, &argv, NULL);
  mf_init ();

  g_test_add_func ("/app/structure/three-pipes", test_three_pipes);
  g_test_add_func ("/app/structure/valve-closing", test_valve_closing);
  g_test_add_func ("/app/structure/unknown-mode", test_unknown_mode);
  g_test_add_func ("/app/structure/parallel-orifices", test_parallel_orifices);
  g_test_add_func ("/app/structure/piston-accumulator", test_piston_accumulator);
  g_test_add_func ("/app/structure/locate-state", test_locate_state);
  g_test_add_func ("/app/structure/pump-cylinder-spring", test_pump_cylinder_spring);
  g_test_add_func ("/app/structure/match-components", test_match_components);
  g_test_add_func ("/app/structure/preferred-state", test_preferred_state);
  g_test_add_func ("/app/structure/undetermined-pressure", test_undetermined_pressure);
  g_test_add_func ("/app/structure/errors", test_errors);
  g_test_add_func ("/app/structure/cancelled", test_cancelled);
  g_test_add_func ("/app/structure/async", test_async);
  examples = example_names ();
  /* the examples known when this was written are all there */
  g_assert_cmpuint (examples->len, >=, 13);
  for (guint i = 0; i < examples->len; i++)
    {
      const char *name = g_ptr_array_index (examples, i);
      g_autofree char *test_path = g_strdup_printf ("/app/structure/cli/%s", name);

      g_test_add_data_func (test_path, name, test_against_cli);
    }
  return g_test_run ();
}
