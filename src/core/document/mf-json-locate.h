/* mf-json-locate.h: where things are in a JSON text.  json-glib keeps no
 * positions, so when a message needs one, this scanner walks the raw text
 * once and records the 1-based line and column (in characters, not bytes)
 * at which every value and every member name starts, by path:
 *
 *   ""                       the root value
 *   "components"             the root's member "components"
 *   "components/3/pressure"  member "pressure" of the array's 4th element
 *
 * Member names are escaped as in JSON Pointer (RFC 6901: '~' as "~0", '/' as
 * "~1"); build paths with mf_json_path_member() and mf_json_path_index().
 *
 * The scanner reads what json-glib 1.6 accepts: double- and single-quoted
 * strings, comments, a byte-order mark.  It expects text that parsed; on
 * anything else it stops quietly and knows fewer places.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _MfJsonLocator MfJsonLocator;

/* Scans `text` (`length` bytes, or -1 when NUL-terminated; valid UTF-8).
 * The locator keeps a pointer to `text`, which must outlive it. */
MfJsonLocator *mf_json_locator_new (const char *text,
                                    gssize      length);
void           mf_json_locator_free (MfJsonLocator *locator);

/* Where the value at `path` starts.  FALSE if there is no such value. */
gboolean       mf_json_locator_find (const MfJsonLocator *locator,
                                     const char          *path,
                                     guint               *line,
                                     guint               *column);
/* Where the name of the object member at `path` starts (its opening quote). */
gboolean       mf_json_locator_find_key (const MfJsonLocator *locator,
                                         const char          *path,
                                         guint               *line,
                                         guint               *column);
/* Where the character at byte `offset` of the string value at `path` (as
 * json-glib decoded it, escapes resolved) is written in the text.  Works for
 * strings written over several lines.  FALSE if the value is not a string. */
gboolean       mf_json_locator_find_in_string (const MfJsonLocator *locator,
                                               const char          *path,
                                               gsize                offset,
                                               guint               *line,
                                               guint               *column);

/* "parent/name" with `name` escaped; just the escaped name when parent is "". */
char          *mf_json_path_member (const char *parent,
                                    const char *name);
/* "parent/index". */
char          *mf_json_path_index (const char *parent,
                                   guint       index);

/* What a text must keep within before json-glib parses it: json-glib
 * parses by recursion (nesting costs C stack) and keeps every value as a
 * node of its own (some 80 bytes each). */
typedef struct
{
  guint max_depth;   /* arrays and objects inside one another */
  gsize max_string;  /* bytes between a string's quotes, as written */
  gsize max_items;   /* values and member names */
} MfJsonLimits;

typedef enum
{
  MF_JSON_WITHIN_LIMITS,
  MF_JSON_TOO_DEEP,
  MF_JSON_STRING_TOO_LONG,
  MF_JSON_TOO_MANY_ITEMS,
} MfJsonLimit;

/* The first limit `text` breaks, in the order of the text, with *offset at
 * the bracket that nests too deep, the opening quote of the string that is
 * too long, or the start of the item one too many.  The text need not
 * parse. */
MfJsonLimit    mf_json_check_limits (const char         *text,
                                     gsize               length,
                                     const MfJsonLimits *limits,
                                     gsize              *offset);

/* FALSE when a string is opened and never closed, with *offset at its
 * opening quote. */
gboolean       mf_json_check_strings_closed (const char *text,
                                             gsize       length,
                                             gsize      *offset);

/* The 1-based line and character column of byte `offset` of `text`; the
 * text before it must be valid UTF-8 (the byte at `offset` need not be). */
void           mf_json_text_position (const char *text,
                                      gsize       offset,
                                      guint      *line,
                                      guint      *column);
/* The character column of the character holding byte `byte_column` (1-based)
 * of line `line` (1-based) — turns the byte positions GScanner reports into
 * columns.  Clamped to the line's end. */
guint          mf_json_text_column (const char *text,
                                    gsize       length,
                                    guint       line,
                                    guint       byte_column);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfJsonLocator, mf_json_locator_free)

G_END_DECLS
