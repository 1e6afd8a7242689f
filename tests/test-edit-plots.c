/* test-edit-plots.c: the plot layout as an edit of the document — set
 * as one undoable edit that marks the document modified, refused with an
 * unknown name, following renames and deletes as the outputs do, and
 * saved and read back.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "mf-error.h"
#include "mf-plot-list.h"
#include "mf-test-edit.h"

/* A tank, a pipe and a volume: P1.v, P1.q and the node's pressure P1.b.p
 * (named after its first port) are among its outputs. */
static const char circuit[] =
  "{\n"
  "  \"manifold\": 1,\n"
  "  \"components\": [\n"
  "    { \"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"10 bar\" },\n"
  "    { \"id\": \"P1\", \"type\": \"pipe\", \"length\": 1, \"diameter\": 0.01 },\n"
  "    { \"id\": \"V1\", \"type\": \"volume\", \"volume\": \"1 L\" }\n"
  "  ],\n"
  "  \"wires\": [ [\"T1.p\", \"P1.a\"], [\"P1.b\", \"V1.p\"] ]\n"
  "}\n";

/* A time plot of P1.v and an xy plot of P1.b.p over P1.q, log y. */
static MfPlotList *
two_plots (void)
{
  MfPlotList *plots = mf_plot_list_new ();
  MfPlotSpec *spec = mf_plot_spec_new (MF_PLOT_KIND_TIME);

  g_ptr_array_add (spec->y, g_strdup ("P1.v"));
  g_ptr_array_add (plots, spec);
  spec = mf_plot_spec_new (MF_PLOT_KIND_XY);
  spec->x = g_strdup ("P1.q");
  g_ptr_array_add (spec->y, g_strdup ("P1.b.p"));
  spec->log_y = TRUE;
  g_ptr_array_add (plots, spec);
  return plots;
}

static void
test_set_and_undo (void)
{
  g_autoptr (MfEditDocument) doc = document_from (circuit);
  g_autoptr (MfPlotList) plots = two_plots ();
  g_autoptr (MfPlotList) read = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_null (mf_edit_document_get_plot_list (doc));
  g_assert_true (mf_edit_document_set_plot_list (doc, plots, "Add plot", &error));
  g_assert_no_error (error);
  g_assert_true (mf_edit_document_get_modified (doc));
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Add plot");
  read = mf_edit_document_get_plot_list (doc);
  g_assert_true (mf_plot_list_equal (read, plots));
  assert_loads (doc);

  g_assert_true (mf_edit_document_undo (doc));
  g_assert_null (mf_edit_document_get_plot_list (doc));
  g_assert_false (mf_edit_document_get_modified (doc));
  g_assert_true (mf_edit_document_redo (doc));
  g_clear_pointer (&read, g_ptr_array_unref);
  read = mf_edit_document_get_plot_list (doc);
  g_assert_true (mf_plot_list_equal (read, plots));
}

/* The same layout again is no edit. */
static void
test_same_is_no_edit (void)
{
  g_autoptr (MfEditDocument) doc = document_from (circuit);
  g_autoptr (MfPlotList) plots = two_plots ();

  g_assert_true (mf_edit_document_set_plot_list (doc, plots, "Add plot", NULL));
  g_assert_true (mf_edit_document_undo (doc));
  g_assert_false (mf_edit_document_get_can_undo (doc));
  g_assert_true (mf_edit_document_redo (doc));
  g_assert_true (mf_edit_document_set_plot_list (doc, plots, "Again", NULL));
  g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, "Add plot");
}

static void
test_unknown_name_refused (void)
{
  g_autoptr (MfEditDocument) doc = document_from (circuit);
  g_autoptr (MfPlotList) plots = two_plots ();
  g_autoptr (GError) error = NULL;

  g_ptr_array_add (((MfPlotSpec *) plots->pdata[0])->y, g_strdup ("P1.vv"));
  g_assert_false (mf_edit_document_set_plot_list (doc, plots, "Add P1.vv", &error));
  g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "did you mean 'P1.v'?"));
  /* nothing changed */
  g_assert_null (mf_edit_document_get_plot_list (doc));
  g_assert_false (mf_edit_document_get_modified (doc));
}

static void
test_rename_and_delete (void)
{
  g_autoptr (MfEditDocument) doc = document_from (circuit);
  g_autoptr (MfPlotList) plots = two_plots ();
  g_autoptr (MfPlotList) read = NULL;
  const char *pipe[] = { "P2", NULL };
  MfPlotSpec *xy;

  g_assert_true (mf_edit_document_set_plot_list (doc, plots, "Add plot", NULL));
  g_assert_true (mf_edit_document_rename_component (doc, "P1", "P2", NULL));
  read = mf_edit_document_get_plot_list (doc);
  g_assert_cmpstr (((MfPlotSpec *) read->pdata[0])->y->pdata[0], ==, "P2.v");
  xy = read->pdata[1];
  g_assert_cmpstr (xy->x, ==, "P2.q");
  g_assert_cmpstr (xy->y->pdata[0], ==, "P2.b.p");
  assert_loads (doc);

  /* deleting the pipe leaves both plots, without its quantities */
  g_assert_true (mf_edit_document_remove_components (doc, pipe, NULL));
  g_clear_pointer (&read, g_ptr_array_unref);
  read = mf_edit_document_get_plot_list (doc);
  g_assert_cmpuint (read->len, ==, 2);
  g_assert_cmpuint (((MfPlotSpec *) read->pdata[0])->y->len, ==, 0);
  xy = read->pdata[1];
  g_assert_null (xy->x);
  g_assert_cmpuint (xy->y->len, ==, 0);
  g_assert_true (xy->log_y);
  assert_loads (doc);

  /* one undo brings the pipe and its names back */
  g_assert_true (mf_edit_document_undo (doc));
  g_clear_pointer (&read, g_ptr_array_unref);
  read = mf_edit_document_get_plot_list (doc);
  g_assert_cmpstr (((MfPlotSpec *) read->pdata[1])->x, ==, "P2.q");
}

/* Saved and loaded again: the same layout; a document without the
 * section saves as it was read. */
static void
test_saved (void)
{
  g_autoptr (MfEditDocument) doc = document_from (circuit);
  g_autoptr (MfEditDocument) again = NULL;
  g_autoptr (MfPlotList) plots = two_plots ();
  g_autoptr (MfPlotList) read = NULL;
  g_autofree char *before = text_of (doc);
  g_autofree char *text = NULL;

  g_assert_null (strstr (before, "plots"));
  g_assert_true (mf_edit_document_set_plot_list (doc, plots, "Add plot", NULL));
  text = text_of (doc);
  again = document_from (text);
  read = mf_edit_document_get_plot_list (again);
  g_assert_true (mf_plot_list_equal (read, plots));
  /* removing the section brings back the text without it */
  g_assert_true (mf_edit_document_set_plot_list (doc, NULL, "Default plots", NULL));
  g_free (text);
  text = text_of (doc);
  g_assert_cmpstr (text, ==, before);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/edit-plots/set-and-undo", test_set_and_undo);
  g_test_add_func ("/edit-plots/same-is-no-edit", test_same_is_no_edit);
  g_test_add_func ("/edit-plots/unknown-name-refused", test_unknown_name_refused);
  g_test_add_func ("/edit-plots/rename-and-delete", test_rename_and_delete);
  g_test_add_func ("/edit-plots/saved", test_saved);
  return g_test_run ();
}
