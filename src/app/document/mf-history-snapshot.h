/* mf-history-snapshot.h: what an undo history remembers of a document's
 * JSON tree (mf-history.c) — records of root members or of single array
 * elements, and snapshots of several parts taken at one moment, with the
 * ways to take them, compare them, fold one into another and put them back.
 * Private to the history.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* One remembered part of a root object: a whole member (index < 0), or one
 * element of a member that is an array.  An element stands for the edits
 * that change array elements in place and leave the array's length and
 * order alone (a move, a parameter): undo then costs the element, not the
 * thousand others beside it. */
typedef struct
{
  char     *name;
  int       index;  /* an element, the whole member (-1), or its tail (MF_RECORD_TAIL) */
  JsonNode *node;   /* NULL where the member was absent; a tail's elements */
  guint     length; /* a tail's: where it begins */
} MfRecord;

/* A member that is an array the edit only appends to: the record holds the
 * array's length before and the elements from there on (none before the
 * edit), so that adding a component to 10 000 copies one, not all. */
#define MF_RECORD_TAIL (-2)

/* Some parts of a root object, as they were at one moment. */
typedef struct
{
  GPtrArray  *records; /* MfRecord */
  GHashTable *lookup;  /* MfRecord -> itself: a drag of many components stays linear */
  GStrv       order;   /* all the root's member names, in order */
} MfSnapshot;

/* A record of `name` (element `index`) holding `node` (taken; may be NULL). */
MfRecord *mf_record_new (const char *name, int index, JsonNode *node);
/* The root's member `name` when it is an array, or NULL. */
JsonArray *mf_history_root_array (JsonNode *root, const char *name);
void mf_record_free (MfRecord *record);
/* Records of one part (name and index), for hash tables. */
gboolean mf_record_equal (gconstpointer a, gconstpointer b);
/* Element `index` of the root's array `name`, or NULL. */
JsonNode *mf_history_root_element (JsonNode *root, const char *name, int index);
/* A copy of what `name` (element `index`) of `root` holds now. */
JsonNode *mf_history_copy_part (JsonNode *root, const char *name, int index);

/* An empty snapshot of `root`, knowing the order of its members. */
MfSnapshot *mf_snapshot_new (JsonNode *root);
void mf_snapshot_free (MfSnapshot *snapshot);
/* The snapshot's record of `name` (element `index`), or NULL. */
MfRecord *mf_snapshot_find (const MfSnapshot *snapshot, const char *name, int index);
/* Takes `node` (may be NULL) as the value of `name` (element `index`). */
MfRecord *mf_snapshot_take (MfSnapshot *snapshot, const char *name, int index, JsonNode *node);
/* When the snapshot holds only the tail of array `name`, makes `whole` (a
 * copy of the array as it is now) what the array was before, and forgets
 * the tail: the array is then remembered whole. */
void mf_snapshot_fold_tail (MfSnapshot *snapshot, const char *name, JsonNode *whole);
/* Puts the snapshot's elements of array `name` into `whole`, a copy of
 * that array, and forgets them: the array is then remembered whole. */
void mf_snapshot_fold_elements (MfSnapshot *snapshot, const char *name, JsonNode *whole);
/* The same parts as `before`, as they are now. */
MfSnapshot *mf_snapshot_now (const MfSnapshot *before, JsonNode *root);
/* Puts the snapshot's parts back into `root`, in the order of its members. */
void mf_snapshot_restore (const MfSnapshot *snapshot, JsonNode *root);
/* `a` and `b` hold the same parts, `b` being mf_snapshot_now() of `a`'s. */
gboolean mf_snapshot_equal (const MfSnapshot *a, const MfSnapshot *b);
/* Adds to `into` the parts of `from` it does not have yet, emptying `from`
 * of them: they were not touched in between, so `from` holds their earlier
 * values.  An array that `into` has elements of and `from` has whole is
 * the one of `from` with those elements as `into` remembers them: only
 * they changed in between, in place. */
void mf_snapshot_absorb (MfSnapshot *into, MfSnapshot *from);

G_END_DECLS
