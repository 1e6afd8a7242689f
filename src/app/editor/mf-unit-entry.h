/* mf-unit-entry.h: a field for one value of a circuit — a number with a
 * unit picked from the units engineers use for its quantity, or an
 * expression in t — checked as the user types, with what is wrong (or the
 * default that applies) in words under it.
 *
 * The entry never edits the document itself: it emits "apply" with the text
 * to store, on Enter, when the focus leaves the field, or when a unit is
 * picked; and only when the text passes the check.  Its owner stores the
 * text and calls mf_unit_entry_set_text() with what the document then holds.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-quantity-text.h"

G_BEGIN_DECLS

#define MF_TYPE_UNIT_ENTRY (mf_unit_entry_get_type ())
G_DECLARE_FINAL_TYPE (MfUnitEntry, mf_unit_entry, MF, UNIT_ENTRY, GtkWidget)

/* Signals:
 *   "apply" (const char *text): the user committed `text` ("12 mm", "0.61",
 *   "2e-5*ramp(t, 0.1, 0.3)"; "" to fall back on the default).
 * Actions: "unit-entry.revert" shows the document's text again, as Escape
 *   does while the user is typing.
 * Properties:
 *   "title" (the field's name for people), "text" (what the document holds,
 *   NULL when absent), "default-text" (shown when the text is absent),
 *   "message" (read-only: what is wrong, or the hint under the field),
 *   "valid" (read-only: the typed text passes the check). */

/* Custom checks for fields that are not quantities (an id, a name). */
typedef gboolean (*MfUnitEntryCheckFunc) (const char *text,
                                          gpointer    user_data,
                                          GError    **error);

GtkWidget   *mf_unit_entry_new (const char *title);

/* Makes the field a quantity checked by `rule` (copied), with a unit
 * dropdown unless the quantity is dimensionless.  NULL: free text. */
void         mf_unit_entry_set_rule (MfUnitEntry          *self,
                                     const MfQuantityRule *rule);
/* Replaces the check (the rule's, if any: its units stay offered). */
void         mf_unit_entry_set_check_func (MfUnitEntry          *self,
                                           MfUnitEntryCheckFunc  func,
                                           gpointer              user_data,
                                           GDestroyNotify        destroy);

const char  *mf_unit_entry_get_title (MfUnitEntry *self);
void         mf_unit_entry_set_title (MfUnitEntry *self,
                                      const char  *title);
const char  *mf_unit_entry_get_text (MfUnitEntry *self);
/* Shows `text` (NULL: absent).  While the user is editing the field (it has
 * the focus and was changed), what they typed is kept; the new text is
 * taken as the one to compare with. */
void         mf_unit_entry_set_text (MfUnitEntry *self,
                                     const char  *text);
const char  *mf_unit_entry_get_default_text (MfUnitEntry *self);
void         mf_unit_entry_set_default_text (MfUnitEntry *self,
                                             const char  *default_text);
const char  *mf_unit_entry_get_message (MfUnitEntry *self);
gboolean     mf_unit_entry_get_valid (MfUnitEntry *self);

/* Shows a refusal from the document (the text was checked here, but the
 * document knows more, e.g. that an id is taken). */
void         mf_unit_entry_show_error (MfUnitEntry *self,
                                       const char  *message);

/* What would be stored now: the typed number joined with the picked unit,
 * or the typed text.  Free with g_free(). */
char        *mf_unit_entry_dup_typed_text (MfUnitEntry *self);
/* Commits what is typed, as Enter does: emits "apply" when it is valid and
 * differs from the text.  TRUE when it was valid. */
gboolean     mf_unit_entry_apply (MfUnitEntry *self);

/* The parts, for tests and for moving the focus. */
GtkEditable *mf_unit_entry_get_editable (MfUnitEntry *self);
GtkDropDown *mf_unit_entry_get_unit_dropdown (MfUnitEntry *self);

G_END_DECLS
