/* test-panels.c: the properties panel and the modes panel on a real
 * document — values typed with units reach the document, refused text never
 * does and says why, undo shows through, and each edit of modes, valves and
 * the schedule is one command that undoes.  Needs a display (Xvfb).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "mf-modes-panel.h"
#include "mf-method.h"
#include "mf-properties-panel.h"
#include "mf-test-widgets.h"
#include "mf-unit-entry.h"

static const char circuit[] =
  "{\n"
  "  \"manifold\": 1,\n"
  "  \"title\": \"Panel test\",\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": \"20 m\", \"diameter\": \"16 mm\" },\n"
  "    { \"id\": \"J1\", \"type\": \"junction\" },\n"
  "    { \"id\": \"V1\", \"type\": \"valve\", \"area\": \"20 mm^2\" },\n"
  "    { \"id\": \"CV1\", \"type\": \"check_valve\", \"area\": \"5 mm^2\" },\n"
  "    { \"id\": \"T2\", \"type\": \"tank\" }\n"
  "  ],\n"
  "  \"wires\": [[\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"V1.a\"],\n"
  "            [\"V1.b\", \"T2.p\"], [\"J1.p\", \"CV1.a\"], [\"CV1.b\", \"T2.p\"]],\n"
  "  \"modes\": [ { \"name\": \"V1 open\", \"closed\": [] },\n"
  "             { \"name\": \"V1 shut\", \"closed\": [\"V1\"] } ],\n"
  "  \"schedule\": [ { \"t\": 0, \"mode\": \"V1 open\" },\n"
  "                { \"t\": 0.5, \"mode\": \"V1 shut\" } ],\n"
  "  \"simulation\": { \"t_end\": 1, \"method\": \"msbdf\" }\n"
  "}\n";

typedef struct
{
  MfEditDocument *document;
  GtkWindow      *window;
  GtkWidget      *panel;
  char           *original; /* the document's text before the test */
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer make_modes_panel)
{
  g_autoptr (GError) error = NULL;

  f->document = mf_edit_document_new ();
  g_assert_true (mf_edit_document_load_data (f->document, circuit, -1, "<test>", &error));
  g_assert_no_error (error);
  f->original = mf_edit_document_to_data (f->document, NULL);

  f->panel = make_modes_panel != NULL ? mf_modes_panel_new () : mf_properties_panel_new ();
  if (make_modes_panel != NULL)
    mf_modes_panel_set_document (MF_MODES_PANEL (f->panel), f->document);
  else
    mf_properties_panel_set_document (MF_PROPERTIES_PANEL (f->panel), f->document);
  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (f->window, 360, 760);
  gtk_window_set_child (f->window, f->panel);
  gtk_window_present (f->window);
  spin ();
}

static void
fixture_tear_down (Fixture *f, gconstpointer unused)
{
  gtk_window_destroy (f->window);
  spin ();
  g_object_unref (f->document);
  g_free (f->original);
}

static char *
document_text (Fixture *f)
{
  return mf_edit_document_to_data (f->document, NULL);
}

static void
assert_document_unchanged (Fixture *f)
{
  g_autofree char *now = document_text (f);

  g_assert_cmpstr (now, ==, f->original);
}

static char *
param (Fixture *f, const char *id, const char *name)
{
  int index = mf_edit_document_find_component (f->document, id);

  g_assert_cmpint (index, >=, 0);
  return mf_edit_document_get_param_text (f->document, (guint) index, name);
}

/* ---- finding widgets ------------------------------------------------ */

static void
collect (GtkWidget *widget, Match match, gconstpointer data, GPtrArray *found)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (match (widget, data))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, match, data, found);
}

static GtkWidget *
find_one (GtkWidget *root, Match match, gconstpointer data, guint nth)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new ();

  collect (root, match, data, found);
  g_assert_cmpuint (found->len, >, nth);
  return g_ptr_array_index (found, nth);
}

static gboolean
is_entry_titled (GtkWidget *widget, gconstpointer title)
{
  return MF_IS_UNIT_ENTRY (widget)
         && g_strcmp0 (mf_unit_entry_get_title (MF_UNIT_ENTRY (widget)), title) == 0;
}

static gboolean
is_button_with_tooltip (GtkWidget *widget, gconstpointer tooltip)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

static gboolean
is_text_view (GtkWidget *widget, gconstpointer unused)
{
  return GTK_IS_TEXT_VIEW (widget);
}

static gboolean
is_switch (GtkWidget *widget, gconstpointer unused)
{
  return GTK_IS_SWITCH (widget);
}

/* A drop-down that is not the unit of a value entry. */
static gboolean
is_mode_dropdown (GtkWidget *widget, gconstpointer unused)
{
  return GTK_IS_DROP_DOWN (widget)
         && gtk_widget_get_ancestor (widget, MF_TYPE_UNIT_ENTRY) == NULL;
}

static MfUnitEntry *
entry_titled (Fixture *f, const char *title, guint nth)
{
  return MF_UNIT_ENTRY (find_one (f->panel, is_entry_titled, title, nth));
}

static const char *
shown (MfUnitEntry *entry)
{
  return gtk_editable_get_text (mf_unit_entry_get_editable (entry));
}

static const char *
shown_unit (MfUnitEntry *entry)
{
  GtkDropDown *dropdown = mf_unit_entry_get_unit_dropdown (entry);

  return gtk_string_object_get_string (gtk_drop_down_get_selected_item (dropdown));
}

static void
type (MfUnitEntry *entry, const char *text)
{
  gtk_editable_set_text (mf_unit_entry_get_editable (entry), text);
}

static void
pick_unit (MfUnitEntry *entry, const char *label)
{
  GtkDropDown *dropdown = mf_unit_entry_get_unit_dropdown (entry);
  GListModel *model = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GtkStringObject) item = g_list_model_get_item (model, i);

      if (strcmp (gtk_string_object_get_string (item), label) == 0)
        {
          gtk_drop_down_set_selected (dropdown, i);
          return;
        }
    }
  g_error ("no unit %s", label);
}

/* ---- properties panel ------------------------------------------------ */

static void
select_component (Fixture *f, const char *id)
{
  mf_properties_panel_set_component (MF_PROPERTIES_PANEL (f->panel), id);
  spin ();
}

static void
test_properties_show (Fixture *f, gconstpointer unused)
{
  MfUnitEntry *length, *diameter, *roughness;

  select_component (f, "P1");
  g_assert_cmpstr (shown (entry_titled (f, "Id", 0)), ==, "P1");
  length = entry_titled (f, "Length", 0);
  diameter = entry_titled (f, "Diameter", 0);
  roughness = entry_titled (f, "Roughness", 0);
  g_assert_cmpstr (shown (length), ==, "20");
  g_assert_cmpstr (shown_unit (length), ==, "m");
  g_assert_cmpstr (shown (diameter), ==, "16");
  g_assert_cmpstr (shown_unit (diameter), ==, "mm");
  /* absent: the default is said in words */
  g_assert_cmpstr (shown (roughness), ==, "");
  g_assert_cmpstr (mf_unit_entry_get_message (roughness), ==,
                   "Not set: 1.5 µm (the default)");
  /* a number typed into it is read in the unit the default is shown in */
  g_assert_cmpstr (shown_unit (roughness), ==, "µm");
  /* the choice of friction shows its default */
  g_assert_nonnull (find_one (f->panel, is_row_titled, "Friction", 0));

  select_component (f, "V1");
  g_assert_cmpstr (shown (entry_titled (f, "Area", 0)), ==, "20");
  g_assert_cmpstr (shown_unit (entry_titled (f, "Area", 0)), ==, "mm²");
  g_assert_cmpstr (mf_unit_entry_get_message (entry_titled (f, "Discharge coefficient (cd)", 0)),
                   ==, "Not set: 0.61 (the default)");
}

static void
test_properties_set_with_unit (Fixture *f, gconstpointer unused)
{
  MfUnitEntry *length;
  g_autofree char *text = NULL;
  g_autoptr (MfDocument) checked = NULL;
  g_autoptr (GError) error = NULL;

  select_component (f, "P1");
  length = entry_titled (f, "Length", 0);

  /* a number typed, then its unit picked: one command, "350 mm" */
  type (length, "350");
  pick_unit (length, "mm");
  spin ();
  text = param (f, "P1", "length");
  g_assert_cmpstr (text, ==, "350 mm");
  g_assert_cmpstr (mf_edit_document_get_undo_label (f->document), !=, NULL);

  /* a number typed and applied (Enter) keeps the unit shown */
  type (length, "2.5");
  g_assert_true (mf_unit_entry_apply (length));
  g_free (text);
  text = param (f, "P1", "length");
  g_assert_cmpstr (text, ==, "2.5 mm");

  /* a shown value changes unit without changing its size */
  pick_unit (length, "cm");
  g_free (text);
  text = param (f, "P1", "length");
  g_assert_cmpstr (text, ==, "0.25 cm");
  g_assert_cmpstr (shown (length), ==, "0.25");

  /* an absent parameter takes a number in its default's unit */
  type (entry_titled (f, "Roughness", 0), "3");
  g_assert_true (mf_unit_entry_apply (entry_titled (f, "Roughness", 0)));
  g_free (text);
  text = param (f, "P1", "roughness");
  g_assert_cmpstr (text, ==, "3 um");

  /* an expression where the parameter may vary */
  select_component (f, "V1");
  type (entry_titled (f, "Area", 0), "20 mm^2 * ramp(t, 0.1, 0.3)");
  g_assert_false (gtk_widget_get_sensitive (
    GTK_WIDGET (mf_unit_entry_get_unit_dropdown (entry_titled (f, "Area", 0)))));
  g_assert_true (mf_unit_entry_apply (entry_titled (f, "Area", 0)));
  g_free (text);
  text = param (f, "V1", "area");
  g_assert_cmpstr (text, ==, "20 mm^2 * ramp(t, 0.1, 0.3)");

  /* what the panel wrote loads */
  checked = mf_edit_document_check (f->document, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (checked);
}

/* A number typed with its unit reaches the document as "12 mm", however it
 * was typed, and the field shows it split; typing the value the document
 * already holds, in another spelling, is no edit. */
static void
test_properties_unit_typed (Fixture *f, gconstpointer unused)
{
  MfUnitEntry *diameter, *area;
  g_autofree char *text = NULL;

  select_component (f, "P1");
  diameter = entry_titled (f, "Diameter", 0);
  type (diameter, "12mm");
  g_assert_true (mf_unit_entry_apply (diameter));
  text = param (f, "P1", "diameter");
  g_assert_cmpstr (text, ==, "12 mm");
  g_assert_cmpstr (shown (diameter), ==, "12");
  g_assert_cmpstr (shown_unit (diameter), ==, "mm");

  /* the unit typed wins over the one the dropdown showed */
  type (diameter, " 1.5cm ");
  g_assert_true (mf_unit_entry_apply (diameter));
  g_free (text);
  text = param (f, "P1", "diameter");
  g_assert_cmpstr (text, ==, "1.5 cm");
  g_assert_cmpstr (shown_unit (diameter), ==, "cm");

  /* back to "12 mm": typing it again, spaced otherwise, changes nothing,
   * so the redo stays */
  g_assert_true (mf_edit_document_undo (f->document));
  spin ();
  type (diameter, "12  mm");
  g_assert_true (mf_unit_entry_apply (diameter));
  g_assert_true (mf_edit_document_get_can_redo (f->document));

  select_component (f, "V1");
  area = entry_titled (f, "Area", 0);
  type (area, "25mm^2");
  g_assert_true (mf_unit_entry_apply (area));
  g_free (text);
  text = param (f, "V1", "area");
  g_assert_cmpstr (text, ==, "25 mm^2");
}

static void
test_properties_invalid (Fixture *f, gconstpointer unused)
{
  MfUnitEntry *length, *area, *id;

  select_component (f, "P1");
  length = entry_titled (f, "Length", 0);
  type (length, "3 bar");
  g_assert_false (mf_unit_entry_get_valid (length));
  g_assert_cmpstr (mf_unit_entry_get_message (length), ==,
                   "'bar' is a pressure, but length needs a length (m)");
  g_assert_false (mf_unit_entry_apply (length));
  type (length, "-2");
  g_assert_cmpstr (mf_unit_entry_get_message (length), ==, "length must be greater than zero");
  g_assert_false (mf_unit_entry_apply (length));
  type (length, "");
  g_assert_cmpstr (mf_unit_entry_get_message (length), ==, "length is required: it has no default");
  g_assert_false (mf_unit_entry_apply (length));
  type (length, "2*t");
  g_assert_false (mf_unit_entry_apply (length));

  id = entry_titled (f, "Id", 0);
  type (id, "V1");
  g_assert_cmpstr (mf_unit_entry_get_message (id), ==,
                   "'V1' is already the id of another component");
  g_assert_false (mf_unit_entry_apply (id));
  type (id, "P.1");
  g_assert_false (mf_unit_entry_apply (id));

  select_component (f, "V1");
  area = entry_titled (f, "Area", 0);
  type (area, "2e-5*sn(t)");
  g_assert_cmpstr (mf_unit_entry_get_message (area), ==, "unknown function 'sn'");
  g_assert_false (mf_unit_entry_apply (area));
  /* leaving the panel for the circuit does not apply refused text either */
  select_component (f, NULL);

  assert_document_unchanged (f);
  g_assert_false (mf_edit_document_get_can_undo (f->document));
}

static void
test_properties_undo_follows (Fixture *f, gconstpointer unused)
{
  MfUnitEntry *length, *diameter;
  g_autoptr (GError) error = NULL;

  select_component (f, "P1");
  length = entry_titled (f, "Length", 0);
  diameter = entry_titled (f, "Diameter", 0);
  type (length, "35");
  g_assert_true (mf_unit_entry_apply (length));
  g_assert_cmpstr (shown (length), ==, "35");

  g_assert_true (mf_edit_document_undo (f->document));
  spin ();
  g_assert_cmpstr (shown (length), ==, "20");
  g_assert_cmpstr (shown_unit (length), ==, "m");
  g_assert_true (mf_edit_document_redo (f->document));
  spin ();
  g_assert_cmpstr (shown (length), ==, "35");

  /* an edit elsewhere does not wipe what is being typed in the focused field */
  gtk_widget_grab_focus (GTK_WIDGET (mf_unit_entry_get_editable (length)));
  type (length, "7");
  g_assert_true (mf_edit_document_set_param (f->document, "P1", "diameter", "12 mm", &error));
  g_assert_no_error (error);
  spin ();
  g_assert_cmpstr (shown (length), ==, "7");
  g_assert_cmpstr (shown (diameter), ==, "12");
  /* moving the focus to another field applies what was typed */
  gtk_widget_grab_focus (GTK_WIDGET (mf_unit_entry_get_editable (diameter)));
  spin ();
  {
    g_autofree char *text = param (f, "P1", "length");

    g_assert_cmpstr (text, ==, "7");
  }
  /* Escape gives the document's text back */
  type (diameter, "99");
  gtk_widget_activate_action (GTK_WIDGET (diameter), "unit-entry.revert", NULL);
  g_assert_cmpstr (shown (diameter), ==, "12");
}

static void
on_renamed (MfPropertiesPanel *panel, const char *old_id, const char *new_id, GString *log)
{
  g_string_append_printf (log, "%s>%s;", old_id, new_id);
}

static void
test_properties_rename (Fixture *f, gconstpointer unused)
{
  g_autoptr (GString) log = g_string_new (NULL);
  MfUnitEntry *id;

  g_signal_connect (f->panel, "component-renamed", G_CALLBACK (on_renamed), log);
  select_component (f, "V1");
  id = entry_titled (f, "Id", 0);
  type (id, "V7");
  g_assert_true (mf_unit_entry_apply (id));
  spin ();
  g_assert_cmpint (mf_edit_document_find_component (f->document, "V7"), >=, 0);
  g_assert_cmpint (mf_edit_document_find_component (f->document, "V1"), ==, -1);
  g_assert_cmpstr (mf_properties_panel_get_component (MF_PROPERTIES_PANEL (f->panel)), ==, "V7");
  g_assert_cmpstr (log->str, ==, "V1>V7;");
  /* the panel still shows the renamed valve's parameters */
  g_assert_cmpstr (shown (entry_titled (f, "Area", 0)), ==, "20");
  /* the mode that closed V1 follows */
  g_assert_true (mf_edit_document_mode_closes (f->document, 1, "V7"));

  g_assert_true (mf_edit_document_undo (f->document));
  spin ();
  assert_document_unchanged (f);
}

static void
test_properties_circuit (Fixture *f, gconstpointer unused)
{
  MfUnitEntry *title, *t_end;
  AdwComboRow *method;
  g_autofree char *text = NULL;

  select_component (f, NULL);
  title = entry_titled (f, "Title", 0);
  g_assert_cmpstr (shown (title), ==, "Panel test");
  type (title, "Renamed circuit");
  g_assert_true (mf_unit_entry_apply (title));
  g_assert_cmpstr (mf_edit_document_get_title (f->document), ==, "Renamed circuit");

  /* the description applies when the focus leaves it */
  {
    GtkWidget *view = find_one (f->panel, is_text_view, NULL, 0);

    gtk_widget_grab_focus (view);
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), "Two tanks.", -1);
    gtk_widget_grab_focus (GTK_WIDGET (mf_unit_entry_get_editable (title)));
    spin ();
    g_assert_cmpstr (mf_edit_document_get_description (f->document), ==, "Two tanks.");
  }

  t_end = entry_titled (f, "End time", 0);
  g_assert_cmpstr (shown (t_end), ==, "1");
  type (t_end, "500");
  pick_unit (t_end, "ms");
  text = mf_edit_document_get_simulation_text (f->document, "t_end");
  g_assert_cmpstr (text, ==, "500 ms");
  type (t_end, "0");
  g_assert_cmpstr (mf_unit_entry_get_message (t_end), ==, "end time must be greater than zero");
  g_assert_false (mf_unit_entry_apply (t_end));

  method = ADW_COMBO_ROW (find_one (f->panel, is_row_titled, "Method", 0));
  /* the list of methods shows each entry whole: "msbdf — …" is longer
   * than the panel is wide (the combo row's own entries cut it off, and
   * their popover ran past the window's edge), so each entry wraps in a
   * width of its own */
  {
    GtkWidget *popover;
    GtkWidget *label;

    gtk_widget_activate (GTK_WIDGET (method));
    spin ();
    popover = find_descendant (GTK_WIDGET (method), GTK_TYPE_POPOVER);
    g_assert_nonnull (popover);
    g_assert_true (gtk_widget_get_visible (popover));
    gtk_test_widget_wait_for_draw (popover);
    label = find_descendant (popover, GTK_TYPE_LABEL);
    g_assert_nonnull (label);
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)), " — "));
    g_assert_true (gtk_label_get_wrap (GTK_LABEL (label)));
    g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_NONE);
    gtk_popover_popdown (GTK_POPOVER (popover));
    spin ();
  }
  adw_combo_row_set_selected (method, 2);
  g_free (text);
  text = mf_edit_document_get_simulation_text (f->document, "method");
  g_assert_cmpstr (text, ==, "rk4");
  /* euler has no error estimate and takes fixed steps: its tolerances
   * are greyed out (rk4's, adaptive by step doubling, are not) */
  spin ();
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (entry_titled (f, "Relative tolerance", 0))));
  {
    guint n_methods, euler = 0;
    const MfMethod *methods = mf_method_list (&n_methods);

    while (strcmp (methods[euler].name, "euler") != 0)
      euler++;
    adw_combo_row_set_selected (method, euler);
    spin ();
    g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (entry_titled (f, "Relative tolerance", 0))));
    g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (entry_titled (f, "Absolute tolerance", 0))));
    g_assert_true (mf_edit_document_undo (f->document));
    spin ();
    g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (entry_titled (f, "Relative tolerance", 0))));
  }

  /* four commands, each undone, and the panel follows */
  for (guint i = 0; i < 4; i++)
    g_assert_true (mf_edit_document_undo (f->document));
  spin ();
  assert_document_unchanged (f);
  g_assert_cmpstr (shown (title), ==, "Panel test");
  g_assert_cmpstr (shown (t_end), ==, "1");
  /* msbdf: after auto and ten of GSL's methods */
  g_assert_cmpuint (adw_combo_row_get_selected (method), ==, 11);
}

static void
test_properties_fluid (Fixture *f, gconstpointer unused)
{
  MfUnitEntry *density, *viscosity, *bulk;
  g_autofree char *text = NULL;
  g_autoptr (MfDocument) checked = NULL;
  g_autoptr (GError) error = NULL;

  select_component (f, NULL);
  density = entry_titled (f, "Density", 0);
  viscosity = entry_titled (f, "Kinematic viscosity", 0);
  bulk = entry_titled (f, "Bulk modulus", 0);
  /* the document has no fluid: every field says the default */
  g_assert_cmpstr (shown (density), ==, "");
  g_assert_cmpstr (mf_unit_entry_get_message (density), ==, "Not set: 870 kg/m³ (the default)");
  g_assert_cmpstr (mf_unit_entry_get_message (viscosity), ==,
                   "Not set: 46 mm²/s (the default)");
  g_assert_cmpstr (mf_unit_entry_get_message (bulk), ==, "Not set: 1.5 GPa (the default)");

  /* a number and a unit picked: one command each, the text as typed */
  type (density, "0.85");
  pick_unit (density, "g/cm³");
  text = mf_edit_document_get_fluid_text (f->document, "density");
  g_assert_cmpstr (text, ==, "0.85 g/cm^3");
  type (viscosity, "32");
  pick_unit (viscosity, "cSt");
  g_free (text);
  text = mf_edit_document_get_fluid_text (f->document, "kinematic_viscosity");
  g_assert_cmpstr (text, ==, "32 cSt");

  /* a wrong unit is refused with its reason, and nothing is stored */
  type (bulk, "3 mm");
  g_assert_false (mf_unit_entry_get_valid (bulk));
  g_assert_cmpstr (mf_unit_entry_get_message (bulk), ==,
                   "'mm' is a length, but bulk modulus needs a pressure (Pa)");
  g_assert_false (mf_unit_entry_apply (bulk));
  g_assert_null (mf_edit_document_get_fluid_text (f->document, "bulk_modulus"));
  type (bulk, "-1");
  g_assert_false (mf_unit_entry_apply (bulk));
  type (bulk, "16000 bar");
  g_assert_true (mf_unit_entry_apply (bulk));
  g_free (text);
  text = mf_edit_document_get_fluid_text (f->document, "bulk_modulus");
  g_assert_cmpstr (text, ==, "16000 bar");
  g_assert_cmpstr (mf_edit_document_get_undo_label (f->document), ==, "Set fluid bulk modulus");
  checked = mf_edit_document_check (f->document, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (mf_document_get_circuit (checked)->fluid.density, 850.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (mf_document_get_circuit (checked)->fluid.bulk_modulus, 1.6e9,
                                  1e-3);

  /* emptied, the field goes and the default applies again */
  type (density, "");
  g_assert_true (mf_unit_entry_apply (density));
  g_assert_null (mf_edit_document_get_fluid_text (f->document, "density"));

  /* the panel follows undo back to the document without a fluid */
  for (guint i = 0; i < 4; i++)
    g_assert_true (mf_edit_document_undo (f->document));
  spin ();
  assert_document_unchanged (f);
  g_assert_cmpstr (shown (density), ==, "");
  g_assert_cmpstr (shown (viscosity), ==, "");
  g_assert_cmpstr (shown (bulk), ==, "");
  g_assert_true (mf_edit_document_redo (f->document));
  spin ();
  g_assert_cmpstr (shown (density), ==, "0.85");
  g_assert_cmpstr (shown_unit (density), ==, "g/cm³");
}

static void
test_properties_choice (Fixture *f, gconstpointer unused)
{
  AdwComboRow *friction;
  g_autofree char *text = NULL;

  select_component (f, "P1");
  friction = ADW_COMBO_ROW (find_one (f->panel, is_row_titled, "Friction", 0));
  g_assert_cmpuint (adw_combo_row_get_selected (friction), ==, 2); /* turbulent, the default */
  adw_combo_row_set_selected (friction, 1);
  text = param (f, "P1", "friction");
  g_assert_cmpstr (text, ==, "laminar");
  g_assert_true (mf_edit_document_undo (f->document));
  spin ();
  g_assert_cmpuint (adw_combo_row_get_selected (friction), ==, 2);
  assert_document_unchanged (f);
}

/* ---- modes panel ----------------------------------------------------- */

static const char *
viewed_mode (Fixture *f)
{
  return mf_modes_panel_get_mode (MF_MODES_PANEL (f->panel));
}

static void
click (Fixture *f, const char *tooltip)
{
  g_signal_emit_by_name (find_one (f->panel, is_button_with_tooltip, tooltip, 0), "clicked");
  spin ();
}

static void
test_modes_add_rename_delete (Fixture *f, gconstpointer unused)
{
  MfUnitEntry *name;

  g_assert_cmpstr (viewed_mode (f), ==, "V1 open");
  click (f, "Add a Mode");
  g_assert_cmpuint (mf_edit_document_get_n_modes (f->document), ==, 3);
  g_assert_cmpstr (mf_edit_document_get_mode_name (f->document, 2), ==, "Mode 3");
  g_assert_cmpstr (viewed_mode (f), ==, "Mode 3");

  name = entry_titled (f, "Name", 0);
  g_assert_cmpstr (shown (name), ==, "Mode 3");
  type (name, "V1 shut");
  g_assert_cmpstr (mf_unit_entry_get_message (name), ==,
                   "there is already a mode named 'V1 shut': mode names must differ");
  g_assert_false (mf_unit_entry_apply (name));
  type (name, "Startup");
  g_assert_true (mf_unit_entry_apply (name));
  spin ();
  g_assert_cmpstr (mf_edit_document_get_mode_name (f->document, 2), ==, "Startup");
  g_assert_cmpstr (viewed_mode (f), ==, "Startup");

  /* deleting a mode that the schedule names takes its entries too */
  mf_modes_panel_set_mode (MF_MODES_PANEL (f->panel), "V1 shut");
  click (f, "Delete this Mode");
  g_assert_cmpuint (mf_edit_document_get_n_modes (f->document), ==, 2);
  g_assert_cmpuint (mf_edit_document_get_n_schedule_entries (f->document), ==, 1);
  g_assert_cmpstr (viewed_mode (f), ==, "Startup");

  for (guint i = 0; i < 3; i++)
    g_assert_true (mf_edit_document_undo (f->document));
  spin ();
  assert_document_unchanged (f);
  /* the viewed mode was undone away: the panel views the first */
  g_assert_cmpstr (viewed_mode (f), ==, "V1 open");
}

static GtkSwitch *
valve_switch (Fixture *f, const char *id)
{
  GtkWidget *row = find_one (f->panel, is_row_titled, id, 0);

  return GTK_SWITCH (find_one (row, is_switch, NULL, 0));
}

static void
test_modes_close_valve (Fixture *f, gconstpointer unused)
{
  GtkSwitch *v1 = valve_switch (f, "V1");

  /* viewing "V1 open": both valves are open */
  g_assert_true (gtk_switch_get_active (v1));
  g_assert_true (gtk_switch_get_active (valve_switch (f, "CV1")));
  gtk_switch_set_active (v1, FALSE);
  spin ();
  g_assert_true (mf_edit_document_mode_closes (f->document, 0, "V1"));
  g_assert_false (mf_edit_document_mode_closes (f->document, 0, "CV1"));

  /* another mode shows its own valves */
  mf_modes_panel_set_mode (MF_MODES_PANEL (f->panel), "V1 shut");
  g_assert_false (gtk_switch_get_active (valve_switch (f, "V1")));
  gtk_switch_set_active (valve_switch (f, "CV1"), FALSE);
  spin ();
  g_assert_true (mf_edit_document_mode_closes (f->document, 1, "CV1"));

  g_assert_true (mf_edit_document_undo (f->document));
  g_assert_true (mf_edit_document_undo (f->document));
  spin ();
  assert_document_unchanged (f);
  g_assert_true (gtk_switch_get_active (valve_switch (f, "CV1")));
  mf_modes_panel_set_mode (MF_MODES_PANEL (f->panel), "V1 open");
  g_assert_true (gtk_switch_get_active (valve_switch (f, "V1")));
}

static void
on_editing_mode (MfModesPanel *panel, const char *mode, GString *log)
{
  g_string_append_printf (log, "%s;", mode != NULL ? mode : "(none)");
}

static void
test_modes_edit_on_canvas (Fixture *f, gconstpointer unused)
{
  g_autoptr (GString) log = g_string_new (NULL);
  GtkWidget *row = find_one (f->panel, is_row_titled, "Edit on canvas", 0);

  g_signal_connect (f->panel, "editing-mode-changed", G_CALLBACK (on_editing_mode), log);
  gtk_switch_set_active (GTK_SWITCH (find_one (row, is_switch, NULL, 0)), TRUE);
  mf_modes_panel_set_mode (MF_MODES_PANEL (f->panel), "V1 shut");
  g_assert_cmpstr (mf_modes_panel_get_editing_mode (MF_MODES_PANEL (f->panel)), ==, "V1 shut");
  gtk_switch_set_active (GTK_SWITCH (find_one (row, is_switch, NULL, 0)), FALSE);
  g_assert_cmpstr (log->str, ==, "V1 open;V1 shut;(none);");
  g_assert_null (mf_modes_panel_get_editing_mode (MF_MODES_PANEL (f->panel)));
}

static void
assert_schedule (Fixture *f, guint n, const double *times, const char *const *modes)
{
  g_assert_cmpuint (mf_edit_document_get_n_schedule_entries (f->document), ==, n);
  for (guint i = 0; i < n; i++)
    {
      const char *mode = NULL;
      double t;

      mf_edit_document_get_schedule_entry (f->document, i, &t, &mode);
      g_assert_cmpfloat (t, ==, times[i]);
      g_assert_cmpstr (mode, ==, modes[i]);
    }
}

static void
test_modes_schedule (Fixture *f, gconstpointer unused)
{
  MfUnitEntry *second;
  guint undo_steps = 0;

  /* a time with a unit */
  second = entry_titled (f, "From", 1);
  g_assert_cmpstr (shown (second), ==, "0.5");
  type (second, "250");
  pick_unit (second, "ms");
  spin ();
  undo_steps++;
  assert_schedule (f, 2, (double[]) { 0, 0.25 }, (const char *[]) { "V1 open", "V1 shut" });
  g_assert_cmpstr (shown (entry_titled (f, "From", 1)), ==, "250");

  /* a time that is not a number is refused in words */
  second = entry_titled (f, "From", 1);
  type (second, "soon");
  g_assert_cmpstr (mf_unit_entry_get_message (second), ==,
                   "'soon' is not a time; write it as 0.5 or 500 ms");
  g_assert_false (mf_unit_entry_apply (second));
  type (second, "-1");
  g_assert_false (mf_unit_entry_apply (second));

  /* a time after the next one: the schedule stays ascending */
  type (entry_titled (f, "From", 0), "0.75");
  g_assert_true (mf_unit_entry_apply (entry_titled (f, "From", 0)));
  spin ();
  undo_steps++;
  assert_schedule (f, 2, (double[]) { 0.25, 0.75 }, (const char *[]) { "V1 shut", "V1 open" });

  /* another mode for an entry */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_one (f->panel, is_mode_dropdown, NULL, 0)), 0);
  spin ();
  undo_steps++;
  assert_schedule (f, 2, (double[]) { 0.25, 0.75 }, (const char *[]) { "V1 open", "V1 open" });

  /* add: after the last entry, in a mode that differs from it */
  click (f, "Add a Schedule Entry");
  undo_steps++;
  assert_schedule (f, 3, (double[]) { 0.25, 0.75, 0.875 },
                   (const char *[]) { "V1 open", "V1 open", "V1 shut" });

  /* remove the first */
  g_signal_emit_by_name (find_one (f->panel, is_button_with_tooltip, "Remove this Entry", 0),
                         "clicked");
  spin ();
  undo_steps++;
  assert_schedule (f, 2, (double[]) { 0.75, 0.875 }, (const char *[]) { "V1 open", "V1 shut" });

  for (guint i = 0; i < undo_steps; i++)
    g_assert_true (mf_edit_document_undo (f->document));
  spin ();
  assert_document_unchanged (f);
  g_assert_cmpstr (shown (entry_titled (f, "From", 1)), ==, "0.5");
}

/* A document without modes shows the one docs/format.md gives it, "default";
 * closing a valve there writes that mode out. */
static void
test_modes_implicit_default (Fixture *f, gconstpointer unused)
{
  g_autoptr (GError) error = NULL;
  const char *bare = "{\"manifold\": 1, \"components\": [{\"id\": \"T1\", \"type\": \"tank\"},"
                     " {\"id\": \"V1\", \"type\": \"valve\", \"area\": 1e-5},"
                     " {\"id\": \"T2\", \"type\": \"tank\"}],"
                     " \"wires\": [[\"T1.p\", \"V1.a\"], [\"V1.b\", \"T2.p\"]]}";

  g_assert_true (mf_edit_document_load_data (f->document, bare, -1, "<bare>", &error));
  g_assert_no_error (error);
  spin ();
  g_assert_cmpstr (viewed_mode (f), ==, "default");
  g_assert_false (gtk_widget_get_sensitive (find_one (f->panel, is_button_with_tooltip,
                                                      "Delete this Mode", 0)));
  gtk_switch_set_active (valve_switch (f, "V1"), FALSE);
  spin ();
  g_assert_cmpuint (mf_edit_document_get_n_modes (f->document), ==, 1);
  g_assert_cmpstr (mf_edit_document_get_mode_name (f->document, 0), ==, "default");
  g_assert_true (mf_edit_document_mode_closes (f->document, 0, "V1"));
  g_assert_true (mf_edit_document_undo (f->document));
  spin ();
  g_assert_cmpuint (mf_edit_document_get_n_modes (f->document), ==, 0);
  g_assert_true (gtk_switch_get_active (valve_switch (f, "V1")));
}

int
main (int argc, char **argv)
{
  static const int modes = 1;

  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();

#define ADD(path, func, data) \
  g_test_add (path, Fixture, data, fixture_set_up, func, fixture_tear_down)
  ADD ("/app/panels/properties/show", test_properties_show, NULL);
  ADD ("/app/panels/properties/set-with-unit", test_properties_set_with_unit, NULL);
  ADD ("/app/panels/properties/unit-typed", test_properties_unit_typed, NULL);
  ADD ("/app/panels/properties/invalid", test_properties_invalid, NULL);
  ADD ("/app/panels/properties/undo-follows", test_properties_undo_follows, NULL);
  ADD ("/app/panels/properties/rename", test_properties_rename, NULL);
  ADD ("/app/panels/properties/circuit", test_properties_circuit, NULL);
  ADD ("/app/panels/properties/fluid", test_properties_fluid, NULL);
  ADD ("/app/panels/properties/choice", test_properties_choice, NULL);
  ADD ("/app/panels/modes/add-rename-delete", test_modes_add_rename_delete, &modes);
  ADD ("/app/panels/modes/close-valve", test_modes_close_valve, &modes);
  ADD ("/app/panels/modes/edit-on-canvas", test_modes_edit_on_canvas, &modes);
  ADD ("/app/panels/modes/schedule", test_modes_schedule, &modes);
  ADD ("/app/panels/modes/implicit-default", test_modes_implicit_default, &modes);
#undef ADD

  return g_test_run ();
}
