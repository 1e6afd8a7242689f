/* test-edit-fluid.c: editing the fluid of the editor's document — each
 * field set with or without a unit, checked as the loader checks it, removed
 * back to the default, and every change undone and redone to the identical
 * text.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "mf-edit-document.h"
#include "mf-test-edit.h"
#include "mf-error.h"

/* An unknown member sits where "fluid" goes, to see the fluid placed as
 * docs/format.md orders the root. */
static const char fixture_text[] =
  "{\n"
  "  \"manifold\": 1,\n"
  "  \"title\": \"Fluid test\",\n"
  "  \"extra\": true,\n"
  "  \"components\": [\n"
  "    {\"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"100 bar\"},\n"
  "    {\"id\": \"P1\", \"type\": \"pipe\", \"length\": 2.0, \"diameter\": \"12 mm\"},\n"
  "    {\"id\": \"T2\", \"type\": \"tank\"}\n"
  "  ],\n"
  "  \"wires\": [[\"T1.p\", \"P1.a\"], [\"P1.b\", \"T2.p\"]]\n"
  "}\n";

static MfEditDocument *
fixture (void)
{
  return document_from (fixture_text);
}

/* The document loads, with the fluid's fields as the core reads them. */
static const MfFluid *
loaded_fluid (MfEditDocument *doc, MfDocument **keep)
{
  g_autoptr (GError) error = NULL;

  *keep = mf_edit_document_check (doc, NULL, &error);
  g_assert_no_error (error);
  return &mf_document_get_circuit (*keep)->fluid;
}

/* `field` set to `text`: one command named `label` that undoes to the text
 * before and redoes to the text after, byte for byte. */
static void
set_undoable (MfEditDocument *doc, const char *field, const char *text, const char *label)
{
  g_autofree char *before = text_of (doc);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) loaded = NULL;

  g_assert_true (mf_edit_document_set_fluid_text (doc, field, text, &error));
  g_assert_no_error (error);
  after = text_of (doc);
  g_assert_cmpstr (after, !=, before);
  loaded_fluid (doc, &loaded);
  if (label != NULL)
    g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, label);
  g_assert_true (mf_edit_document_undo (doc));
  undone = text_of (doc);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (mf_edit_document_redo (doc));
  redone = text_of (doc);
  g_assert_cmpstr (redone, ==, after);
}

/* `text` for `field` is refused in words containing `words`; the text and
 * the history stay as they were. */
static void
assert_refused (MfEditDocument *doc, const char *field, const char *text, const char *words)
{
  g_autofree char *before = text_of (doc);
  g_autofree char *label = g_strdup (mf_edit_document_get_undo_label (doc));
  g_autofree char *after = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_false (mf_edit_document_set_fluid_text (doc, field, text, &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  if (strstr (error->message, words) == NULL)
    g_error ("'%s' does not say '%s'", error->message, words);
  after = text_of (doc);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, label);
}

static void
test_set (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  g_autoptr (MfDocument) loaded = NULL;
  g_autofree char *density = NULL;
  g_autofree char *viscosity = NULL;
  g_autofree char *text = NULL;
  const MfFluid *fluid;

  g_assert_null (mf_edit_document_get_fluid_text (doc, "density"));
  set_undoable (doc, "density", " 0.87 g/cm^3 ", "Set fluid density");
  density = mf_edit_document_get_fluid_text (doc, "density");
  g_assert_cmpstr (density, ==, "0.87 g/cm^3");
  /* the first field makes a "fluid" after the title, before the rest */
  text = text_of (doc);
  g_assert_nonnull (strstr (text, "  \"title\": \"Fluid test\",\n  \"fluid\": {\n"
                                  "    \"density\": \"0.87 g/cm^3\"\n  },\n  \"extra\""));
  set_undoable (doc, "kinematic_viscosity", "46 cSt", "Set fluid viscosity");
  set_undoable (doc, "bulk_modulus", "1.5 GPa", "Set fluid bulk modulus");
  /* a number stays a number */
  set_undoable (doc, "kinematic_viscosity", "4.6e-5", NULL);
  viscosity = mf_edit_document_get_fluid_text (doc, "kinematic_viscosity");
  g_assert_cmpstr (viscosity, ==, "4.6e-05");
  set_undoable (doc, "bulk_modulus", "16000 bar", NULL);

  fluid = loaded_fluid (doc, &loaded);
  g_assert_cmpfloat_with_epsilon (fluid->density, 870.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (fluid->kinematic_viscosity, 4.6e-5, 1e-18);
  g_assert_cmpfloat_with_epsilon (fluid->bulk_modulus, 1.6e9, 1e-3);
}

static void
test_refused (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();

  set_undoable (doc, "density", "850", NULL);
  /* the loader's words, without a place */
  assert_refused (doc, "density", "3 bar", "fluid: '3 bar' is a pressure, but 'density' is a "
                  "density");
  assert_refused (doc, "bulk_modulus", "2 mm", "fluid: '2 mm' is a length, but 'bulk_modulus' "
                  "is a pressure");
  assert_refused (doc, "kinematic_viscosity", "-1", "fluid: 'kinematic_viscosity' must be "
                  "positive");
  assert_refused (doc, "density", "870*(1+t)", "'density' must not depend on t");
  assert_refused (doc, "density", "870 kg/m^", "fluid: 'density'");
  assert_refused (doc, "colour", "red", "the fluid has no property 'colour'");
}

static void
test_remove (void)
{
  g_autoptr (MfEditDocument) doc = fixture ();
  g_autofree char *original = text_of (doc);
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;

  set_undoable (doc, "density", "850", NULL);
  set_undoable (doc, "bulk_modulus", "1.2 GPa", NULL);
  /* "" (or NULL, or blanks) removes a field; the last one takes "fluid" */
  set_undoable (doc, "density", "", NULL);
  g_assert_null (mf_edit_document_get_fluid_text (doc, "density"));
  set_undoable (doc, "bulk_modulus", " ", NULL);
  text = text_of (doc);
  g_assert_cmpstr (text, ==, original);

  /* removing what is not there records nothing */
  label = g_strdup (mf_edit_document_get_undo_label (doc));
  g_assert_true (mf_edit_document_set_fluid_text (doc, "density", NULL, NULL));
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, label);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/model/fluid/set", test_set);
  g_test_add_func ("/app/model/fluid/refused", test_refused);
  g_test_add_func ("/app/model/fluid/remove", test_remove);
  return g_test_run ();
}
