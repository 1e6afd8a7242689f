/* mf-test-edit-document.h: what test-edit-document.c and
 * test-edit-fields.c share: the fixture document, and the checks that an
 * edit can be undone and redone to the same texts (EDIT) or is refused
 * without a trace (REFUSED).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include "mf-edit-document.h"
#include "mf-error.h"
#include "mf-test-edit.h"

static const char fixture_text[] =
  "{\n"
  "  \"manifold\": 1,\n"
  "  \"title\": \"Test circuit\",\n"
  "  \"extra\": {\"kept\": [1, 2.5, \"three\"]},\n"
  "  \"components\": [\n"
  "    {\"id\": \"T1\", \"type\": \"tank\", \"pressure\": \"100 bar\", \"at\": [40, 120]},\n"
  "    {\"id\": \"P1\", \"type\": \"pipe\", \"length\": 2.0, \"diameter\": \"12 mm\",\n"
  "     \"friction\": \"turbulent\", \"at\": [120, 120], \"rotation\": 0, \"note\": \"mine\"},\n"
  "    {\"id\": \"J1\", \"type\": \"junction\", \"at\": [200, 120]},\n"
  "    {\"id\": \"V1\", \"type\": \"valve\", \"area\": \"2e-5*ramp(t, 0.1, 0.3)\", \"cd\": 0.61,\n"
  "     \"at\": [260, 80], \"rotation\": 90},\n"
  "    {\"id\": \"CV1\", \"type\": \"check_valve\", \"area\": 1e-5, \"at\": [260, 160]},\n"
  "    {\"id\": \"T2\", \"type\": \"tank\", \"at\": [340, 120]},\n"
  "    {\"id\": \"C1\", \"type\": \"piston\", \"mass\": 12, \"cap_area\": 1.96e-3,\n"
  "     \"rod_area\": 1e-3, \"at\": [420, 120]},\n"
  "    {\"id\": \"K1\", \"type\": \"spring\", \"stiffness\": 5e4, \"at\": [500, 120]},\n"
  "    {\"id\": \"G1\", \"type\": \"fixed\"}\n"
  "  ],\n"
  "  \"wires\": [[\"T1.p\", \"P1.a\"], [\"P1.b\", \"J1.p\"], [\"J1.p\", \"V1.a\"],\n"
  "            [\"J1.p\", \"CV1.a\"], [\"V1.b\", \"T2.p\"], [\"CV1.b\", \"C1.cap\"],\n"
  "            [\"C1.rod\", \"T2.p\"], [\"C1.m\", \"K1.a\"], [\"K1.b\", \"G1.m\"]],\n"
  "  \"modes\": [{\"name\": \"open\", \"closed\": []},\n"
  "            {\"name\": \"shut\", \"closed\": [\"V1\", \"CV1\"]}],\n"
  "  \"schedule\": [{\"t\": 0, \"mode\": \"open\"}, {\"t\": \"0.5 s\", \"mode\": \"shut\"}],\n"
  "  \"simulation\": {\"t_end\": 2, \"method\": \"msbdf\", \"rtol\": 1e-6},\n"
  "  \"initial\": {\"P1.v\": 0.0, \"C1.x\": 0.05, \"V1.v\": 0.5},\n"
  "  \"prefer_states\": [\"C1.v\", \"P1.v\"]\n"
  "}\n";

static inline MfEditDocument *
fixture (void)
{
  return document_from (fixture_text);
}

/* After an edit: it changed the text, the result loads, undo gives back
 * `before` byte for byte and redo the text of after. */
static inline void
assert_undoable (MfEditDocument *doc, const char *before, const char *label)
{
  g_autofree char *after = text_of (doc);
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;

  g_assert_cmpstr (after, !=, before);
  assert_loads (doc);
  if (label != NULL)
    g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, label);
  g_assert_true (mf_edit_document_undo (doc));
  undone = text_of (doc);
  g_assert_cmpstr (undone, ==, before);
  g_assert_cmpstr (mf_edit_document_get_redo_label (doc), ==,
                   label != NULL ? label : mf_edit_document_get_redo_label (doc));
  g_assert_true (mf_edit_document_redo (doc));
  redone = text_of (doc);
  g_assert_cmpstr (redone, ==, after);
}

/* `call` (which sets `error`) succeeds; then assert_undoable(). */
#define EDIT(doc, call, label)                                   \
  G_STMT_START                                                   \
  {                                                              \
    g_autofree char *before_ = text_of (doc);                    \
    g_autoptr (GError) error = NULL;                             \
    gboolean ok_ = (call);                                       \
    g_assert_no_error (error);                                   \
    g_assert_true (ok_);                                         \
    assert_undoable (doc, before_, label);                       \
  }                                                              \
  G_STMT_END

/* `call` is refused in words containing `words`; nothing changed, not even
 * the history. */
#define REFUSED(doc, call, words)                                            \
  G_STMT_START                                                               \
  {                                                                          \
    g_autofree char *before_ = text_of (doc);                                \
    g_autofree char *label_ = g_strdup (mf_edit_document_get_undo_label (doc)); \
    g_autofree char *after_ = NULL;                                          \
    g_autoptr (GError) error = NULL;                                         \
    gboolean ok_ = (call);                                                   \
    g_assert_false (ok_);                                                    \
    g_assert_error (error, MF_ERROR, MF_ERROR_INVALID);                      \
    if (strstr (error->message, words) == NULL)                              \
      g_error ("'%s' does not say '%s'", error->message, words);             \
    after_ = text_of (doc);                                                  \
    g_assert_cmpstr (after_, ==, before_);                                   \
    g_assert_cmpstr (mf_edit_document_get_undo_label (doc), ==, label_);     \
  }                                                                          \
  G_STMT_END
