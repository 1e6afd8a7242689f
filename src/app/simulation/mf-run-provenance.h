/* mf-run-provenance.h: what a run ran with — the document's integration
 * settings in a line ("msbdf, rtol 1e-6, atol 1e-9") and every parameter
 * of every component as the document held it ("O1.area" = "4 mm²") — kept
 * with the run's record from its start, so that a run can say later which
 * parameters differ from the document as it is now ("O1.area = 4 mm²").
 * No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-edit-document.h"

G_BEGIN_DECLS

typedef struct _MfRunProvenance MfRunProvenance;

/* The settings and parameters `document` holds now. */
MfRunProvenance *mf_run_provenance_new_from_document (MfEditDocument *document);
/* From their parts, as a saved run keeps them: `settings` (may be NULL),
 * and `n` parameters' `names` ("O1.area") and `values` ("4 mm²"). */
MfRunProvenance *mf_run_provenance_new (const char        *settings,
                                        guint              n,
                                        const char *const *names,
                                        const char *const *values);
MfRunProvenance *mf_run_provenance_copy (const MfRunProvenance *self);
void             mf_run_provenance_free (MfRunProvenance *self);

/* The value of `spec` of component `index` as a run's label shows it:
 * the text as written, a number with one of the quantity's units as the
 * property panel shows it ("20 mm^2" → "20 mm²"), a plain number of a
 * quantity with units in SI and saying so ("4e-6 m²"), "default" when the
 * document leaves it out.  A new string. */
char            *mf_run_param_value_text (MfEditDocument    *document,
                                          guint              index,
                                          const MfParamSpec *spec);

/* "msbdf, rtol 1e-6, atol 1e-9", "rk4, step 1e-4"; "" when the document
 * said nothing. */
const char      *mf_run_provenance_get_settings (const MfRunProvenance *self);
/* The parameters, sorted by name. */
guint            mf_run_provenance_get_n_params (const MfRunProvenance *self);
const char      *mf_run_provenance_get_name (const MfRunProvenance *self,
                                             guint                  i);
const char      *mf_run_provenance_get_value (const MfRunProvenance *self,
                                              guint                  i);

/* The parameters of `self` whose value `now` holds differently (a kept
 * run's "20 mm^2", from before labels wrote units readably, is the same
 * as "20 mm²"), as
 * "O1.area = 4 mm², C1.mass = 2 kg" in the order of their names; a
 * parameter `now` lacks (its component deleted) is left out.  "" when none
 * differs.  A new string. */
char            *mf_run_provenance_differences (const MfRunProvenance *self,
                                                const MfRunProvenance *now);

/* A run's name for a legend, `label` with what differs that the label
 * does not say already ("Run 3 · O1.area = 4 mm²"; a sweep's run
 * "O1.area = 4 mm²" stays as it is), and for its row and tooltip the same
 * with the settings too ("Run 3 · msbdf, rtol 1e-6 · O1.area = 4 mm²").
 * `settings` and `differences` may be NULL or "".  New strings. */
char            *mf_run_title_short (const char *label,
                                     const char *differences);
char            *mf_run_title_long (const char *label,
                                    const char *settings,
                                    const char *differences);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfRunProvenance, mf_run_provenance_free)

G_END_DECLS
