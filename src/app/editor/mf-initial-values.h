/* mf-initial-values.h: the circuit's initial values in the Properties panel
 * (docs/manual.md, "Properties") — a field per state the document starts
 * elsewhere than at 0, each with a button that takes it out, and a row to
 * add one by its name as the CSV header writes it ("P1.v", "C1.x").  Each
 * change is one undoable edit of the document (mf-edit-document.h); a name
 * that is no state of the circuit is refused with the loader's words.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-edit-document.h"

G_BEGIN_DECLS

#define MF_TYPE_INITIAL_VALUES (mf_initial_values_get_type ())
G_DECLARE_FINAL_TYPE (MfInitialValues, mf_initial_values, MF, INITIAL_VALUES,
                      AdwPreferencesGroup)

GtkWidget  *mf_initial_values_new (void);
void        mf_initial_values_set_document (MfInitialValues *self,
                                            MfEditDocument  *document);

/* For the tests: adds `state` at `value` as the Add row does; the message
 * shown under it (NULL when none); the number of value fields shown. */
gboolean    mf_initial_values_add (MfInitialValues *self,
                                   const char      *state,
                                   const char      *value);
const char *mf_initial_values_get_message (MfInitialValues *self);
guint       mf_initial_values_get_n_fields (MfInitialValues *self);

G_END_DECLS
