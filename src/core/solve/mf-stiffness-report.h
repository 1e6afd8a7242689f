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

G_END_DECLS
