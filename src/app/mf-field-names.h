/* mf-field-names.h: the fields of a circuit document as a person reads
 * them, translated — "cap area" for "cap_area" in a sentence, "Cap area" as
 * a title — and quantities with their article ("a pressure") for messages.
 * No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-units.h"

G_BEGIN_DECLS

/* The words for field `name` in a sentence ("discharge coefficient (cd)"),
 * translated; a field not known here gets its name with spaces for
 * underscores.  Valid for the life of the program. */
const char *mf_field_words (const char *name);
/* The same as a title: its first letter upper case.  A new string. */
char       *mf_field_title (const char *name);
/* "a pressure", "an area", "a plain number", translated. */
const char *mf_quantity_with_article (MfQuantity quantity);

G_END_DECLS
