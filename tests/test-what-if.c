/* test-what-if.c: the what-if bar of the Stiffness window
 * (src/app/stiffness/mf-what-if.c) on the stiff two-mass oscillator — it
 * follows the canvas's selection and offers the parameters that hold a
 * number in their units; a drag of the slider edits the document as one
 * command to undo, the window linearises the new circuit (the fast mode's
 * frequency as the closed form of two masses on two springs gives it),
 * and the simulation pane runs it again into one record that the next
 * what-if run replaces; Ctrl+Z and Shift+Ctrl+Z in the window; a value
 * typed, with or without a unit, and a linear slider.  Saves the window
 * as <builddir>/tests/stiffness/NAME.png.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "mf-application.h"
#include "mf-canvas.h"
#include "mf-sim-panel.h"
#include "mf-stiffness-window.h"
#include "mf-test-edit.h"
#include "mf-test-stiffness-window.h"
#include "mf-test-widgets.h"
#include "mf-window.h"

static MfApplication *application;

typedef struct
{
  MfWindow          *window;
  MfStiffnessWindow *stiffness;
  MfWhatIf          *bar;
  MfCanvas          *canvas;
  MfSimPanel        *panel;
  MfEditDocument    *document;
} Fixture;

/* Frames go by until `done` holds; a minute at most, which no check here
 * comes near (it only keeps a broken build from hanging). */
#define WAIT_UNTIL(done)                                                                          \
  G_STMT_START                                                                                    \
  {                                                                                               \
    gint64 until_ = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;                                \
    while (!(done) && g_get_monotonic_time () < until_)                                           \
      g_main_context_iteration (NULL, TRUE);                                                      \
    g_assert_true (done);                                                                         \
  }                                                                                               \
  G_STMT_END

static void
set_up (Fixture *f, gconstpointer data)
{
  f->stiffness = open_stiffness_window (application, "two-mass-spring.manifold", &f->window);
  f->bar = mf_stiffness_window_get_what_if (f->stiffness);
  f->canvas = MF_CANVAS (find_descendant (GTK_WIDGET (f->window), MF_TYPE_CANVAS));
  f->panel = MF_SIM_PANEL (find_descendant (GTK_WIDGET (f->window), MF_TYPE_SIM_PANEL));
  f->document = mf_window_get_document (f->window);
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  close_main_window (f->window);
}

static void
select_one (Fixture *f, const char *id)
{
  const char *ids[] = { id, NULL };

  mf_canvas_set_selection (f->canvas, id != NULL ? ids : NULL);
}

static char *
param_text (Fixture *f, const char *id, const char *param)
{
  int index = mf_edit_document_find_component (f->document, id);

  g_assert_cmpint (index, >=, 0);
  return mf_edit_document_get_param_text (f->document, (guint) index, param);
}

/* The bar's own press gesture on the slider (the capture-phase one, not
 * the slider's). */
static GtkEventController *
press_gesture (GtkRange *scale)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (scale));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (c)
          && gtk_event_controller_get_propagation_phase (c) == GTK_PHASE_CAPTURE)
        return c;
    }
  g_assert_not_reached ();
}

/* One drag: a press, then the slider through `values` (in the unit shown,
 * on the log scale). */
static void
drag (Fixture *f, const double *values, guint n)
{
  GtkRange *scale = mf_what_if_get_scale (f->bar);

  g_signal_emit_by_name (press_gesture (scale), "pressed", 1, 10.0, 5.0);
  for (guint i = 0; i < n; i++)
    gtk_range_set_value (scale, log10 (values[i]));
}

/* Activates the bar's shortcut whose trigger reads `trigger`
 * ("<Control>z"), as the key would in the window; there must be one. */
static void
press_shortcut (MfWhatIf *bar, const char *trigger)
{
  GListModel *shortcuts = G_LIST_MODEL (find_controller (GTK_WIDGET (bar),
                                                         GTK_TYPE_SHORTCUT_CONTROLLER, 0));

  for (guint i = 0; i < g_list_model_get_n_items (shortcuts); i++)
    {
      g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (shortcuts, i);
      g_autofree char *text = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

      if (g_strcmp0 (text, trigger) == 0)
        {
          g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                       GTK_WIDGET (bar), NULL));
          return;
        }
    }
  g_assert_not_reached ();
}

/* The fast mode's |λ|: the largest of the window's eigenvalues. */
static double
fast_frequency (MfStiffnessWindow *stiffness)
{
  const MfStiffness *s = mf_stiffness_window_get_stiffness (stiffness);
  double largest = 0.0;

  g_assert_nonnull (s);
  for (guint k = 0; k < s->n; k++)
    largest = MAX (largest, hypot (s->eigenvalues[k].re, s->eigenvalues[k].im));
  return largest;
}

/* M1 = 2 kg on K1 = 5 kN/m to ground, M2 = 1 kg on k to M1, the damping
 * left out (it moves |λ| by a few parts in a million): det(K − ω²M) = 0
 * is 2ω⁴ − (K1 + 3k)ω² + K1·k = 0, whose larger root is the fast mode. */
static double
closed_form_fast (double k)
{
  double k1 = 5e3, b = k1 + 3.0 * k;

  return sqrt ((b + sqrt (b * b - 8.0 * k1 * k)) / 4.0);
}

/* The bar follows the selection: nothing, one component, its numeric
 * parameters in their units, several components, none to vary. */
static void
test_follows_selection (Fixture *f, gconstpointer data)
{
  double lo, hi;

  g_assert_cmpstr (mf_what_if_get_message (f->bar), ==, "Select a component on the canvas");
  select_one (f, "K2");
  g_assert_null (mf_what_if_get_message (f->bar));
  g_assert_cmpstr (mf_what_if_get_parameter (f->bar), ==, "stiffness");
  g_assert_cmpstr (mf_what_if_get_unit (f->bar), ==, "MN/m");
  g_assert_cmpfloat (mf_what_if_get_value (f->bar), ==, 100.0);
  g_assert_true (mf_what_if_get_log (f->bar));
  mf_what_if_get_span (f->bar, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (hi, 1e4, 1e-8);
  g_assert_cmpfloat_with_epsilon (gtk_range_get_value (mf_what_if_get_scale (f->bar)), 2.0, 1e-12);
  /* the default preload, 0 N: only a linear slider, −1 … 1 */
  g_assert_true (mf_what_if_set_parameter (f->bar, "preload"));
  g_assert_cmpfloat (mf_what_if_get_value (f->bar), ==, 0.0);
  g_assert_false (mf_what_if_get_log (f->bar));
  mf_what_if_get_span (f->bar, &lo, &hi);
  g_assert_cmpfloat (lo, ==, -1.0);
  g_assert_cmpfloat (hi, ==, 1.0);
  g_assert_false (mf_what_if_set_parameter (f->bar, "colour"));

  /* a bare SI number that no unit puts between 1 and 1000: SI */
  select_one (f, "D2");
  g_assert_cmpstr (mf_what_if_get_parameter (f->bar), ==, "damping");
  g_assert_cmpfloat (mf_what_if_get_value (f->bar), ==, 1e-10);
  select_one (f, "M1");
  g_assert_cmpstr (mf_what_if_get_unit (f->bar), ==, "kg");
  g_assert_cmpfloat (mf_what_if_get_value (f->bar), ==, 2.0);

  mf_canvas_set_selection (f->canvas, (const char *[]) { "M1", "M2", NULL });
  g_assert_cmpstr (mf_what_if_get_message (f->bar), ==, "Select a component on the canvas");
  select_one (f, "G1");
  g_assert_cmpstr (mf_what_if_get_message (f->bar), ==, "G1 has no parameter that holds a number");

  /* a force that varies with t: not a number to vary */
  {
    const char *pushed = "{ \"manifold\": 1, \"components\": ["
                         " {\"id\": \"M1\", \"type\": \"mass\", \"mass\": 1},"
                         " {\"id\": \"F1\", \"type\": \"force\","
                         "  \"force\": \"100*ramp(t, 0, 0.1)\"} ],"
                         " \"wires\": [[\"M1.m\", \"F1.m\"]] }";
    g_autoptr (MfEditDocument) document = document_from (pushed);

    mf_window_set_document (f->window, document);
    select_one (f, "F1");
    g_assert_cmpstr (mf_what_if_get_message (f->bar), ==,
                     "F1 has no parameter that holds a number");
  }
}

/* A drag edits the document value by value, as one command; the window
 * linearises what it made; one undo brings the old value back. */
static void
test_drag (Fixture *f, gconstpointer data)
{
  const double first[] = { 120.0, 180.0, 250.0, 400.0 };
  const double second[] = { 300.0 };
  g_autofree char *start = text_of (f->document);
  g_autofree char *text = NULL;

  select_one (f, "K2");
  g_assert_cmpfloat (fabs (fast_frequency (f->stiffness) / closed_form_fast (1e8) - 1), <, 1e-5);
  drag (f, first, G_N_ELEMENTS (first));
  text = param_text (f, "K2", "stiffness");
  g_assert_cmpstr (text, ==, "400 MN/m");
  g_assert_cmpstr (mf_edit_document_get_undo_label (f->document), ==, "Set K2 stiffness");
  wait_until_shown (f->stiffness);
  g_assert_cmpfloat (fabs (fast_frequency (f->stiffness) / closed_form_fast (4e8) - 1), <, 1e-5);
  save_window (GTK_WIDGET (f->stiffness), "what-if-400");

  /* one undo: the value before the drag, and the slider goes back */
  g_assert_true (mf_edit_document_undo (f->document));
  g_clear_pointer (&text, g_free);
  text = text_of (f->document);
  g_assert_cmpstr (text, ==, start);
  g_assert_false (mf_edit_document_get_can_undo (f->document));
  g_assert_cmpfloat (mf_what_if_get_value (f->bar), ==, 100.0);
  g_assert_cmpfloat_with_epsilon (gtk_range_get_value (mf_what_if_get_scale (f->bar)), 2.0, 1e-12);
  wait_until_shown (f->stiffness);
  g_assert_cmpfloat (fabs (fast_frequency (f->stiffness) / closed_form_fast (1e8) - 1), <, 1e-5);

  /* Shift+Ctrl+Z and Ctrl+Z in the Stiffness window redo and undo it */
  press_shortcut (f->bar, "<Shift><Control>z");
  g_clear_pointer (&text, g_free);
  text = param_text (f, "K2", "stiffness");
  g_assert_cmpstr (text, ==, "400 MN/m");
  g_assert_cmpfloat (mf_what_if_get_value (f->bar), ==, 400.0);
  press_shortcut (f->bar, "<Control>z");
  g_clear_pointer (&text, g_free);
  text = param_text (f, "K2", "stiffness");
  g_assert_cmpstr (text, ==, "100 MN/m");

  /* two drags: two commands */
  g_assert_true (mf_edit_document_redo (f->document));
  drag (f, second, G_N_ELEMENTS (second));
  g_clear_pointer (&text, g_free);
  text = param_text (f, "K2", "stiffness");
  g_assert_cmpstr (text, ==, "300 MN/m");
  g_assert_true (mf_edit_document_undo (f->document));
  g_clear_pointer (&text, g_free);
  text = param_text (f, "K2", "stiffness");
  g_assert_cmpstr (text, ==, "400 MN/m");
  g_assert_true (mf_edit_document_undo (f->document));
  g_assert_false (mf_edit_document_get_can_undo (f->document));
}

static gboolean
run_is (MfRunRecord *record, const char *label)
{
  return record != NULL && g_strcmp0 (mf_run_record_get_label (record), label) == 0
         && mf_run_record_get_status (record) != MF_SIM_STATUS_RUNNING;
}

/* Each drag runs the circuit again, into the one what-if record; an
 * ordinary run between stays. */
static void
test_rerun (Fixture *f, gconstpointer data)
{
  const double first[] = { 150.0, 200.0 };
  const double second[] = { 50.0 };
  GListModel *runs = mf_sim_panel_get_runs (f->panel);

  select_one (f, "K2");
  drag (f, first, G_N_ELEMENTS (first));
  WAIT_UNTIL (run_is (mf_what_if_get_run (f->bar), "What if: K2.stiffness = 200 MN/m"));
  g_assert_true (mf_sim_panel_get_current_run (f->panel) == mf_what_if_get_run (f->bar));
  g_assert_cmpuint (mf_run_record_get_n_samples (mf_what_if_get_run (f->bar)), >, 10);
  g_assert_cmpuint (g_list_model_get_n_items (runs), ==, 1);

  drag (f, second, G_N_ELEMENTS (second));
  WAIT_UNTIL (run_is (mf_what_if_get_run (f->bar), "What if: K2.stiffness = 50 MN/m"));
  g_assert_cmpuint (g_list_model_get_n_items (runs), ==, 1);
  {
    g_autoptr (MfRunRecord) listed = g_list_model_get_item (runs, 0);

    g_assert_true (listed == mf_what_if_get_run (f->bar));
  }

  /* an ordinary run goes after it; the next what-if run takes the what-if
   * record's place, first */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.run", NULL);
  WAIT_UNTIL (run_is (mf_sim_panel_get_current_run (f->panel), "Run 1"));
  drag (f, first, 1);
  WAIT_UNTIL (run_is (mf_what_if_get_run (f->bar), "What if: K2.stiffness = 150 MN/m"));
  g_assert_cmpuint (g_list_model_get_n_items (runs), ==, 2);
  {
    g_autoptr (MfRunRecord) listed = g_list_model_get_item (runs, 0);

    g_assert_true (listed == mf_what_if_get_run (f->bar));
  }
}

/* A value typed: in the unit shown, with a unit of its own, or refused;
 * beyond the span it sets the slider up around itself.  The linear
 * slider spans 0 … 2× the value. */
static void
test_typed (Fixture *f, gconstpointer data)
{
  GtkEntry *entry = GTK_ENTRY (find_descendant (GTK_WIDGET (f->bar), GTK_TYPE_ENTRY));
  g_autofree char *text = NULL;
  double lo, hi;

  select_one (f, "K2");
  gtk_editable_set_text (GTK_EDITABLE (entry), "250");
  g_signal_emit_by_name (entry, "activate");
  text = param_text (f, "K2", "stiffness");
  g_assert_cmpstr (text, ==, "250 MN/m");
  mf_what_if_get_span (f->bar, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (hi, 1e4, 1e-8);

  /* in another unit, the span is set up again even for a number in it */
  gtk_editable_set_text (GTK_EDITABLE (entry), "5 N/mm");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (mf_what_if_get_unit (f->bar), ==, "N/mm");
  mf_what_if_get_span (f->bar, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (hi, 500.0, 1e-9);

  gtk_editable_set_text (GTK_EDITABLE (entry), "5e7 N/mm");
  g_signal_emit_by_name (entry, "activate");
  g_clear_pointer (&text, g_free);
  text = param_text (f, "K2", "stiffness");
  g_assert_cmpstr (text, ==, "50000000 N/mm");
  g_assert_cmpstr (mf_what_if_get_unit (f->bar), ==, "N/mm");
  mf_what_if_get_span (f->bar, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (hi, 5e9, 1e-3);

  gtk_editable_set_text (GTK_EDITABLE (entry), "stiff");
  g_signal_emit_by_name (entry, "activate");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  gtk_editable_set_text (GTK_EDITABLE (entry), "-3");
  g_signal_emit_by_name (entry, "activate");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  g_clear_pointer (&text, g_free);
  text = param_text (f, "K2", "stiffness");
  g_assert_cmpstr (text, ==, "50000000 N/mm");

  mf_what_if_set_log (f->bar, FALSE);
  g_assert_false (mf_what_if_get_log (f->bar));
  /* the slider set up again shows the value, and no refusal */
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "5e+07");
  mf_what_if_get_span (f->bar, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (hi, 1e8, 1e-3);
  /* halfway: the value itself, then a quarter of the way */
  g_signal_emit_by_name (press_gesture (mf_what_if_get_scale (f->bar)), "pressed", 1, 10.0, 5.0);
  gtk_range_set_value (mf_what_if_get_scale (f->bar), 2.5e7);
  g_clear_pointer (&text, g_free);
  text = param_text (f, "K2", "stiffness");
  g_assert_cmpstr (text, ==, "25000000 N/mm");
  wait_until_shown (f->stiffness);
  g_assert_cmpfloat (fabs (fast_frequency (f->stiffness) / closed_form_fast (2.5e10) - 1), <,
                     1e-5);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  application = mf_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, NULL));
#define ADD(path, func) \
  g_test_add ("/app/stiffness/what-if/" path, Fixture, NULL, set_up, func, tear_down)
  ADD ("follows-selection", test_follows_selection);
  ADD ("drag", test_drag);
  ADD ("rerun", test_rerun);
  ADD ("typed", test_typed);
#undef ADD
  {
    int status = g_test_run ();

    g_object_unref (application);
    return status;
  }
}
