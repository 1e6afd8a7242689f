/* mf-field-names.h: the fields of a circuit document as a person reads
 * them, translated — "cap area" for "cap_area" in a sentence, "Cap area" as
 * a title.  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The words for field `name` in a sentence ("discharge coefficient (cd)"),
 * translated; a field not known here gets its name with spaces for
 * underscores.  Valid for the life of the program. */
const char *mf_field_words (const char *name);
/* The same as a title: its first letter upper case.  A new string. */
char       *mf_field_title (const char *name);

G_END_DECLS
