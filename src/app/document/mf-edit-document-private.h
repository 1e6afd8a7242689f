/* mf-edit-document-private.h: what the files of MfEditDocument share — the
 * instance, reading the JSON tree, and the steps every edit goes through.
 *
 * An edit checks what it can, then for each top-level member it will change
 * calls mf_edit_document_touch() (which remembers the member for undo),
 * changes the tree in place, and ends with mf_edit_document_commit() — or,
 * when the result does not load (mf_edit_document_verify()), is cancelled
 * and leaves the document and its history as they were.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "mf-document-keys.h"
#include "mf-edit-document.h"
#include "mf-error.h"
#include "mf-history.h"
#include "mf-text.h"

G_BEGIN_DECLS

struct _MfEditDocument
{
  GObject     parent_instance;

  JsonNode   *root; /* always an object: the document as its text says */
  GFile      *file;
  char       *display_name;
  MfHistory  *history;
  GHashTable *ids;      /* id -> index + 1; built when asked, dropped when ids may change */
  gboolean    ids_changing; /* the edit under way touched all the components */
  char       *added_id; /* the id the last add_component() returned */
  guint       loads;    /* documents loaded so far: a save under way knows its own */
  gboolean    replaced; /* the change being announced is a whole new document */

  /* what the properties said when they were last notified */
  gboolean    was_modified;
  gboolean    could_undo;
  gboolean    could_redo;
  char       *undo_label;
  char       *redo_label;
};

/* --- reading the tree (mf-edit-document.c) --- */

JsonObject *mf_edit_document_root_object (MfEditDocument *self);
/* The member `name` of the root when it is an array, else NULL. */
JsonArray  *mf_edit_document_array (MfEditDocument *self,
                                     const char     *name);
/* The object of component `index` (the document loads, so it is one). */
JsonObject *mf_edit_document_component (MfEditDocument *self,
                                        guint           index);
/* A value as the user would write it: a string as it is, a number printed
 * as the document prints it ("2", "2.0", "1e-05"). */
char       *mf_edit_value_text (JsonNode *node);
/* Splits "ID.PORT" at its '.' (ids have none); FALSE when there is none. */
gboolean    mf_edit_split_port (const char  *end,
                                char       **id,
                                const char **port);

/* --- building values --- */

/* An integral value as a JSON integer (positions print as [40, 120]), any
 * other as a double. */
JsonNode   *mf_edit_number_node (double value);
/* What the user typed: a JSON number stays one (an integer when written
 * without '.' or exponent, so the text reads back the same), anything else
 * becomes a string.  `text` is already stripped and not empty. */
JsonNode   *mf_edit_typed_node (const char *text);

/* --- the document's state (mf-edit-document.c) --- */

/* Notifies the history's properties that differ from what was last said. */
void        mf_edit_document_sync_state (MfEditDocument *self);
/* Forgets the ids' indices: the next find_component() builds them anew. */
void        mf_edit_document_forget_ids (MfEditDocument *self);
/* Says the tree changed ("changed" signal) and syncs the properties. */
void        mf_edit_document_changed (MfEditDocument *self);
/* Sets "file" and "display-name", notifying what differs. */
void        mf_edit_document_set_file (MfEditDocument *self,
                                       GFile          *file);

/* --- the steps of an edit (mf-edit-document.c) --- */

void        mf_edit_document_touch (MfEditDocument *self,
                                    const char     *member);
/* Touches component `index` alone, for an edit that changes it in place and
 * adds, removes and reorders no component: undo then keeps a copy of that
 * component, not of all of them.  Returns its node (the holder of its
 * object, which the edit may replace). */
JsonNode   *mf_edit_document_touch_component (MfEditDocument *self,
                                              guint           index);
/* Touches the root's array `name` and returns it, first adding an empty one
 * where the order of docs/format.md puts it when there is none. */
JsonArray  *mf_edit_document_touch_array (MfEditDocument *self,
                                          const char     *name);
/* The same for an edit that only appends to the array: undo keeps what is
 * appended, not the whole array. */
JsonArray  *mf_edit_document_touch_tail (MfEditDocument *self,
                                         const char     *name);
/* Touches the root's object `name` and returns it, adding it when absent. */
JsonObject *mf_edit_document_touch_object (MfEditDocument *self,
                                           const char     *name);
/* Sets a root member (touched before), a new one where the order of
 * docs/format.md puts it. */
void        mf_edit_document_set_root_member (MfEditDocument *self,
                                              const char     *name,
                                              JsonNode       *node);
/* Checks the edited tree with the core loader; when it does not load, the
 * edit is cancelled and `error` holds the first problem in words. */
gboolean    mf_edit_document_verify (MfEditDocument *self,
                                     GError        **error);
/* The same for an edit that changed only the root's member `name` (one
 * component of "components" when `index` >= 0) when that part alone decides
 * whether it loads — a parameter, a fluid property, a simulation setting:
 * the loader checks that part as a document of its own, which costs its
 * size, not the whole document's. */
gboolean    mf_edit_document_verify_part (MfEditDocument *self,
                                          const char     *name,
                                          int             index,
                                          GError        **error);
void        mf_edit_document_cancel (MfEditDocument *self);
/* Records the edit, then emits "changed" and notifies what changed. */
void        mf_edit_document_commit (MfEditDocument *self,
                                     const char     *label,
                                     guint           merge_key,
                                     const char     *merge_subject);

/* Sets MF_ERROR_INVALID and returns FALSE. */
gboolean    mf_edit_refuse (GError    **error,
                            const char *format,
                            ...) G_GNUC_PRINTF (2, 3);

/* --- shared by the edits (mf-edit-document-edits.c) --- */

/* A new id for a component of `type`: its letter prefix and the first number
 * that is neither in the document nor in `taken` (may be NULL). */
char       *mf_edit_document_new_id (MfEditDocument  *self,
                                     MfComponentType  type,
                                     GHashTable      *taken);
/* "P1", "P1 and J1", "3 components". */
char       *mf_edit_describe_ids (const char * const *ids);
/* FALSE (with an error naming it) unless every id names a component. */
gboolean    mf_edit_document_check_ids (MfEditDocument     *self,
                                        const char * const *ids,
                                        GError            **error);

/* TRUE when `name` is "ID.something" for an id in `ids`. */
gboolean    mf_edit_names_a_component (const char *name,
                                       GHashTable *ids);
/* `name` with its component part "ID." replaced, or NULL when it does not
 * start with `id` followed by a '.'. */
char       *mf_edit_renamed (const char *name,
                             const char *id,
                             const char *new_id);

/* --- the plot layout (mf-edit-document-plots.c) --- */

/* Within an edit that renames or deletes components: the plots' names of
 * them follow, as the outputs' do. */
void        mf_edit_document_rename_in_plots (MfEditDocument *self,
                                              const char     *id,
                                              const char     *new_id);
void        mf_edit_document_remove_from_plots (MfEditDocument *self,
                                                GHashTable     *ids);

G_END_DECLS
