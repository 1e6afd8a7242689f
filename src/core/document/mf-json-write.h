/* mf-json-write.h: JSON text that any reader takes back exactly.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* `root` pretty-printed with two-space indents, members in their order,
 * arrays of plain values on one line, each double in the shortest text that
 * reads back as the same double; ends with a newline. */
char *mf_json_to_text (JsonNode *root,
                       gsize    *length);

/* Adds `value` to `builder`: a number, 0 for −0, null for a NaN or an
 * infinity (JSON has neither). */
void  mf_json_add_number (JsonBuilder *builder,
                          double       value);

G_END_DECLS
