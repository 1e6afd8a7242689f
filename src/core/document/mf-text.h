/* mf-text.h: text from a document inside messages, and the rules for the
 * names a document gives (docs/format.md, "Components", "Limits").
 *
 * Every message that repeats text written in a document (an id, a mode
 * name, an expression, a unit, a member name, a state name) passes it
 * through mf_text_escape() first, so that no character of it can start a
 * new line of diagnostics or reach a terminal as a control sequence.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The longest component id and mode name, in characters. */
#define MF_ID_MAX_LENGTH        64
#define MF_MODE_NAME_MAX_LENGTH 64

/* How much of a text a message repeats, in characters; longer text is cut
 * there and ends in "…". */
#define MF_TEXT_ESCAPE_MAX_LENGTH 100

/* `text` as a message may show it: every character that is not printable
 * (control and format characters, unassigned code points) and every white
 * space but the plain space is written as an escape — \n, \t, \r, \x1b for
 * the other ASCII controls, \u{202e} for the rest — and every byte that is
 * not UTF-8 as \xff.  Text cut after MF_TEXT_ESCAPE_MAX_LENGTH characters.
 * A valid id or mode name comes out as it went in. */
char    *mf_text_escape (const char *text);
/* The same for `length` bytes of `text` (-1: up to its NUL). */
char    *mf_text_escape_len (const char *text,
                             gssize      length);

/* Whether `id` may name a component: 1 to MF_ID_MAX_LENGTH characters of
 * UTF-8, each printable and none white space or '.' (it separates the id
 * from a port, as in "P1.a").  If not, *offset (when not NULL) is the byte
 * of `id` at fault and `error` (MF_ERROR_INVALID) says why, in words that
 * fit after "component 'X': ". */
gboolean mf_id_check (const char *id,
                      gsize      *offset,
                      GError    **error);
gboolean mf_id_is_valid (const char *id);

/* Whether `name` may name a mode: 1 to MF_MODE_NAME_MAX_LENGTH characters of
 * UTF-8, each printable; spaces are allowed, other white space is not.
 * Reports like mf_id_check(). */
gboolean mf_mode_name_check (const char *name,
                             gsize      *offset,
                             GError    **error);

G_END_DECLS
