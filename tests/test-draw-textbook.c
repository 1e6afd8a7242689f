/* test-draw-textbook.c: the textbook circuit drawn by hand.  The pump,
 * relief valve, 4/3 valve and cylinder of data/examples/textbook-cylinder
 * are dropped on an empty canvas as the palette drags them, wired by drags
 * from port to port, renamed and given their values as the Properties
 * panel gives them, and the circuit drawn runs exactly as the example does
 * — whose figures test-example-claims.c checks against hand calculations.
 * Needs a display (Xvfb).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "mf-test-canvas.h"
#include "mf-test-examples.h"

typedef struct
{
  const char *type, *id; /* the id the example gives it */
  double      x, y;
  guint       quarter_turns;
} Placed;

/* Where the example has each component, in its order */
static const Placed placed[] = {
  { "tank", "T1", 60, 420, 0 },
  { "pump", "PU1", 60, 340, 3 },
  { "junction", "J1", 240, 300, 0 },
  { "relief_valve", "R1", 240, 360, 1 },
  { "tank", "T2", 240, 420, 0 },
  { "valve_4_3", "DV1", 400, 300, 0 },
  { "tank", "T3", 460, 400, 0 },
  { "volume", "V1", 320, 200, 0 },
  { "volume", "V2", 500, 220, 0 },
  { "piston", "C1", 420, 120, 0 },
  { "mass", "M1", 540, 120, 0 },
  { "force", "F1", 640, 120, 0 },
};

/* What a user types into Properties: id, parameter, text */
static const char *const values[][3] = {
  { "PU1", "displacement", "5 cm^3/rev" },
  { "PU1", "speed", "1200 rpm" },
  { "R1", "set_pressure", "100 bar" },
  { "R1", "full_area", "10 mm^2" },
  { "R1", "full_open_rise", "10 bar" },
  { "DV1", "full_area", "10 mm^2" },
  { "DV1", "spool", "table(t, [[0, 0], [0.1, 0], [0.15, 1], [1, 1], [1.05, 0], [1.5, 0], "
                    "[1.55, -1], [1.9, -1], [1.95, 0]])" },
  { "V1", "volume", "0.1 L" },
  { "V2", "volume", "0.1 L" },
  { "C1", "mass", "10 kg" },
  { "C1", "cap_area", "20 cm^2" },
  { "C1", "rod_area", "10 cm^2" },
  { "C1", "damping", "20000 N*s/m" },
  { "M1", "mass", "100 kg" },
  { "F1", "force", "-2 kN" },
};

/* Each drag starts at a port of a symbol: a junction is its own port, and
 * dragging it moves it, so its wires are drawn towards it */
static const char *const wires[][2] = {
  { "T1.p", "PU1.a" }, { "PU1.b", "J1.p" }, { "R1.a", "J1.p" }, { "R1.b", "T2.p" },
  { "DV1.p", "J1.p" }, { "DV1.t", "T3.p" }, { "DV1.a", "C1.cap" }, { "DV1.a", "V1.p" },
  { "DV1.b", "V2.p" }, { "DV1.b", "C1.rod" }, { "C1.m", "M1.m" }, { "F1.m", "M1.m" },
};

/* Drops one palette type and gives it the example's id. */
static void
place (GtkWidget      *canvas,
       MfEditDocument *document,
       const Placed   *p)
{
  g_auto (GStrv) selection = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (mf_test_canvas_drop_type (canvas, p->type, p->x, p->y));
  selection = mf_canvas_get_selection (MF_CANVAS (canvas));
  g_assert_cmpuint (g_strv_length (selection), ==, 1);
  for (guint i = 0; i < p->quarter_turns; i++)
    g_assert_true (gtk_widget_activate_action (canvas, "canvas.rotate", NULL));
  if (!g_str_equal (selection[0], p->id))
    g_assert_true (mf_edit_document_rename_component (document, selection[0], p->id, &error));
  g_assert_no_error (error);
}

static void
wire (GtkWidget  *canvas,
      const char *from,
      const char *to)
{
  const MfCanvasPort *a = mf_test_canvas_port (canvas, from);
  double ax = a->x, ay = a->y;
  const MfCanvasPort *b = mf_test_canvas_port (canvas, to);

  mf_test_canvas_drag (canvas, ax, ay, b->x, b->y);
}

static void
set (gboolean  ok,
     GError   *error)
{
  g_assert_no_error (error);
  g_assert_true (ok);
}

/* The run of the drawn circuit is the example's, sample by sample. */
static void
assert_same_run (const MfTestCircuit *drawn, const MfTestCircuit *example)
{
  MfSimulationOptions options;
  g_autoptr (MfTestRecording) a = NULL;
  g_autoptr (MfTestRecording) b = NULL;
  guint n_outputs = mf_model_n_outputs (example->model);

  mf_simulation_options_from_circuit (&options, example_circuit (example));
  b = mf_test_recording_simulate (example->model, &options, NULL);
  mf_simulation_options_from_circuit (&options, mf_document_get_circuit (drawn->document));
  a = mf_test_recording_simulate (drawn->model, &options, NULL);

  g_assert_cmpuint (mf_model_n_outputs (drawn->model), ==, n_outputs);
  g_assert_cmpuint (mf_test_recording_n_samples (a), ==, mf_test_recording_n_samples (b));
  for (guint o = 0; o < n_outputs; o++)
    g_assert_cmpstr (mf_model_output_name (drawn->model, o), ==,
                     mf_model_output_name (example->model, o));
  for (guint i = 0; i < mf_test_recording_n_samples (a); i++)
    {
      g_assert_cmpfloat (mf_test_recording_time (a, i), ==, mf_test_recording_time (b, i));
      for (guint o = 0; o < n_outputs; o++)
        {
          double x = mf_test_recording_value (a, i, o), y = mf_test_recording_value (b, i, o);

          if (isnan (y))
            g_assert_true (isnan (x));
          else
            g_assert_cmpfloat (fabs (x - y), <=, 1e-12 * MAX (fabs (y), 1.0));
        }
    }

  /* and it extends at pump flow over cap area: 5 cm³ · 20 /s / 20 cm² */
  g_assert_cmpfloat_with_epsilon (
    mf_test_recording_value (a, sample_at (a, 0.6), mf_test_output (drawn->model, "C1.v")),
    0.05, 1e-6);
}

static void
test_draw (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *canvas = mf_canvas_new ();
  g_autoptr (MfEditDocument) document = mf_edit_document_new ();
  g_autoptr (MfTestCircuit) example = example_load ("textbook-cylinder");
  g_autoptr (MfTestCircuit) drawn = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_set_child (GTK_WINDOW (window), canvas);
  mf_canvas_set_document (MF_CANVAS (canvas), document);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (canvas);
  spin ();

  for (guint i = 0; i < G_N_ELEMENTS (placed); i++)
    place (canvas, document, &placed[i]);
  for (guint i = 0; i < G_N_ELEMENTS (wires); i++)
    {
      wire (canvas, wires[i][0], wires[i][1]);
      if (mf_edit_document_get_n_wires (document) != i + 1)
        g_error ("dragging from %s to %s joined nothing", wires[i][0], wires[i][1]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    set (mf_edit_document_set_param (document, values[i][0], values[i][1], values[i][2],
                                               &error), error);
  set (mf_edit_document_set_fluid_text (document, "density", "870 kg/m^3", &error), error);
  set (mf_edit_document_set_fluid_text (document, "kinematic_viscosity", "46 cSt", &error),
       error);
  set (mf_edit_document_set_fluid_text (document, "bulk_modulus", "1.5 GPa", &error),
       error);
  set (mf_edit_document_set_initial (document, "DV1.a.p", "1e6", &error), error);
  set (mf_edit_document_set_simulation_text (document, "t_end", "2.5", &error), error);

  text = mf_edit_document_to_data (document, NULL);
  drawn = mf_test_circuit_new (text);
  assert_same_run (drawn, example);
  gtk_window_destroy (GTK_WINDOW (window));
  spin ();
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/draw-textbook", test_draw);
  return g_test_run ();
}
