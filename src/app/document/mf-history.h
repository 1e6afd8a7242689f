/* mf-history.h: the undo history of a JSON document.
 *
 * A command remembers, for each top-level member of the root object that it
 * changed ("components", "wires", "modes", ...), a copy of the member before
 * and after, and the order of the root's members before and after.  Undo and
 * redo put those copies back, so they restore the identical tree, and a
 * command costs the size of the members it touched, not of the document.
 * An edit that changes a few elements of an array in place (a move, a
 * parameter) remembers just those elements.
 *
 * An edit touches each member before it changes it, then commits (one
 * command) or cancels (the members are put back and nothing is recorded).
 * Between begin_group() and end_group() the edits make one command.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef struct _MfHistory MfHistory;

typedef struct
{
  guint   position; /* commands applied */
  guint64 version;  /* of the last one applied, 0 when none is */
} MfHistoryState;

/* A copy that shares nothing with `node`: json_node_copy() shares the
 * objects, arrays and even the values inside. */
JsonNode   *mf_json_copy_deep (JsonNode *node);

MfHistory  *mf_history_new (void);
void        mf_history_free (MfHistory *history);

/* Forgets every command; the document as it is now counts as saved. */
void        mf_history_clear (MfHistory *history);

/* Remembers `member` of `root` (an object node) as it is now, unless the
 * current edit already did.  Call before changing it. */
void        mf_history_touch (MfHistory  *history,
                              JsonNode   *root,
                              const char *member);
/* Remembers element `index` of the root's array `member` as it is now,
 * unless the current edit already remembered it or the whole member.  Only
 * for an edit that keeps the array's length and order until it commits;
 * touching the whole member later in the same edit is fine. */
void        mf_history_touch_element (MfHistory  *history,
                                      JsonNode   *root,
                                      const char *member,
                                      guint       index);
/* Remembers array `member` of `root` as it is now for an edit that only
 * appends to it (and changes its elements in place only after touching
 * them): undo cuts the appended elements off again, redo appends copies,
 * and the command costs the elements added, not the array.  When the
 * member is absent it is remembered whole. */
void        mf_history_touch_tail (MfHistory  *history,
                                   JsonNode   *root,
                                   const char *member);
/* Ends the current edit.  Outside a group it becomes a command named
 * `label`, merged into the previous one when both have the same non-zero
 * `merge_key` and `merge_subject` (one drag: many moves of the same
 * components).  An edit that left every touched member as it was records
 * nothing.  TRUE when a command was added or grown. */
gboolean    mf_history_commit (MfHistory  *history,
                               JsonNode   *root,
                               const char *label,
                               guint       merge_key,
                               const char *merge_subject);
/* Puts back what the current edit touched and forgets it. */
void        mf_history_cancel (MfHistory *history,
                               JsonNode  *root);

/* Groups nest; the outermost label names the command. */
void        mf_history_begin_group (MfHistory  *history,
                                    const char *label);
/* TRUE when the outermost group ended with a command added. */
gboolean    mf_history_end_group (MfHistory *history,
                                  JsonNode  *root);
gboolean    mf_history_in_group (MfHistory *history);

gboolean    mf_history_can_undo (MfHistory *history);
gboolean    mf_history_can_redo (MfHistory *history);
/* NULL when there is nothing to undo (redo). */
const char *mf_history_get_undo_label (MfHistory *history);
const char *mf_history_get_redo_label (MfHistory *history);
/* FALSE (and nothing happens) when there is nothing to undo or a group is
 * open. */
gboolean    mf_history_undo (MfHistory *history,
                             JsonNode  *root);
gboolean    mf_history_redo (MfHistory *history,
                             JsonNode  *root);

/* The parts the last commit, undo or redo changed (or may have changed):
 * `n` of them, part `i` being member `name` of the root — element `*index`
 * of it when that is not negative, else the whole member (or its tail,
 * which changes its length).  A cancel or a clear changes none.
 * Views that follow the document update only these parts. */
guint       mf_history_get_n_changed (MfHistory *history);
const char *mf_history_get_changed (MfHistory *history,
                                    guint      i,
                                    int       *index);

/* Which document the applied commands make: two states are equal only when
 * the documents are.  A save remembers the state it wrote, so undoing back
 * to it (and redoing forward to it) shows the document unmodified again. */
MfHistoryState mf_history_get_state (MfHistory *history);
void        mf_history_mark_saved (MfHistory      *history,
                                   MfHistoryState  state);
/* TRUE when the document is the one of the state last marked saved. */
gboolean    mf_history_is_saved (MfHistory *history);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfHistory, mf_history_free)

G_END_DECLS
