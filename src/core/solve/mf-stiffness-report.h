/* mf-stiffness-report.h: a linearisation as JSON (the keys documented in
 * docs/cli.md, "linearize") and as text for a reader.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "mf-stiffness.h"

G_BEGIN_DECLS

JsonNode *mf_stiffness_to_json (const MfStiffness *stiffness,
                                const char        *mode);
/* A new string, translated. */
char     *mf_stiffness_to_text (const MfStiffness *stiffness,
                                const char        *mode);

/* An eigenvalue as text: "-4.16675 ± 12247.5i" (a pair told once), "-8.3". */
char     *mf_stiffness_eigenvalue_text (const MfEigenvalue *eigenvalue);
/* "%.4g" and the unit after it when given; "—" where the value is not
 * finite (not defined). */
char     *mf_stiffness_number_text (double      value,
                                    const char *unit);
/* The states taking part in an eigenvalue: "M2.v 33 %, M2.x 33 %". */
char     *mf_stiffness_participants_text (const MfStiffness  *stiffness,
                                          const MfEigenvalue *eigenvalue);

G_END_DECLS
