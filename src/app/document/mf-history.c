/* mf-history.c: commands as copies of the root members (or of the array
 * elements) they changed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-history.h"
#include "mf-history-snapshot.h"

#include <string.h>

typedef struct
{
  char       *label;
  guint64     version; /* unique to what the command did, merges included */
  guint       merge_key;
  char       *merge_subject;
  MfSnapshot *before;
  MfSnapshot *after;
} MfCommand;

struct _MfHistory
{
  GPtrArray  *commands; /* MfCommand */
  guint       position; /* how many commands are applied */
  guint64     last_version;
  MfHistoryState saved;
  MfSnapshot *edit;     /* what the edit under way touched */
  MfSnapshot *group;    /* what the open group touched */
  char       *group_label;
  guint       group_depth;
  gboolean    mergeable; /* the last command may still grow */
  GPtrArray  *changed;   /* MfRecord without nodes: what the last change touched */
};

/* Remembers the parts of `snapshot` as what the last change touched. */
static void
note_changed (MfHistory *history, const MfSnapshot *snapshot)
{
  g_ptr_array_set_size (history->changed, 0);
  for (guint i = 0; snapshot != NULL && i < snapshot->records->len; i++)
    {
      const MfRecord *record = g_ptr_array_index (snapshot->records, i);

      g_ptr_array_add (history->changed, mf_record_new (record->name, record->index, NULL));
    }
}

/* --- commands --------------------------------------------------------- */

static void
command_free (MfCommand *command)
{
  g_free (command->label);
  g_free (command->merge_subject);
  mf_snapshot_free (command->before);
  mf_snapshot_free (command->after);
  g_free (command);
}

MfHistory *
mf_history_new (void)
{
  MfHistory *history = g_new0 (MfHistory, 1);

  history->commands = g_ptr_array_new_with_free_func ((GDestroyNotify) command_free);
  history->changed = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_record_free);
  return history;
}

void
mf_history_free (MfHistory *history)
{
  if (history == NULL)
    return;
  g_ptr_array_unref (history->commands);
  g_ptr_array_unref (history->changed);
  mf_snapshot_free (history->edit);
  mf_snapshot_free (history->group);
  g_free (history->group_label);
  g_free (history);
}

void
mf_history_clear (MfHistory *history)
{
  g_ptr_array_set_size (history->commands, 0);
  g_ptr_array_set_size (history->changed, 0);
  history->position = 0;
  history->saved = (MfHistoryState) { 0, 0 };
  history->mergeable = FALSE;
  g_clear_pointer (&history->edit, mf_snapshot_free);
  /* a group left open by the caller still ends, with nothing in it */
  g_clear_pointer (&history->group, mf_snapshot_free);
}

void
mf_history_touch (MfHistory *history, JsonNode *root, const char *member)
{
  JsonNode *whole;

  if (history->edit == NULL)
    history->edit = mf_snapshot_new (root);
  if (mf_snapshot_find (history->edit, member, -1) != NULL)
    return;
  /* elements of it this edit already changed or added go back to what
   * they were */
  whole = mf_history_copy_part (root, member, -1);
  mf_snapshot_fold_tail (history->edit, member, whole);
  mf_snapshot_fold_elements (history->edit, member, whole);
  mf_snapshot_take (history->edit, member, -1, whole);
}

void
mf_history_touch_tail (MfHistory *history, JsonNode *root, const char *member)
{
  JsonArray *array = mf_history_root_array (root, member);

  if (array == NULL)
    {
      /* a new member changes the root: remembered whole */
      mf_history_touch (history, root, member);
      return;
    }
  if (history->edit == NULL)
    history->edit = mf_snapshot_new (root);
  if (mf_snapshot_find (history->edit, member, -1) != NULL
      || mf_snapshot_find (history->edit, member, MF_RECORD_TAIL) != NULL)
    return;
  mf_snapshot_take (history->edit, member, MF_RECORD_TAIL,
                 json_node_init_array (json_node_alloc (), json_array_new ()))->length
    = json_array_get_length (array);
}

void
mf_history_touch_element (MfHistory  *history,
                          JsonNode   *root,
                          const char *member,
                          guint       index)
{
  g_return_if_fail (index <= G_MAXINT);
  g_return_if_fail (mf_history_root_element (root, member, (int) index) != NULL);

  if (history->edit == NULL)
    history->edit = mf_snapshot_new (root);
  if (mf_snapshot_find (history->edit, member, -1) != NULL
      || mf_snapshot_find (history->edit, member, (int) index) != NULL)
    return;
  /* an element this edit appended is in the tail already */
  if (mf_snapshot_find (history->edit, member, MF_RECORD_TAIL) != NULL
      && index >= mf_snapshot_find (history->edit, member, MF_RECORD_TAIL)->length)
    return;
  mf_snapshot_take (history->edit, member, (int) index, mf_history_copy_part (root, member, (int) index));
}

static void
push_command (MfHistory  *history,
              const char *label,
              guint       merge_key,
              const char *merge_subject,
              MfSnapshot *before,
              MfSnapshot *after)
{
  MfCommand *command = g_new0 (MfCommand, 1);

  /* what was undone can no longer be redone */
  g_ptr_array_set_size (history->commands, history->position);

  command->label = g_strdup (label);
  command->version = ++history->last_version;
  command->merge_key = merge_key;
  command->merge_subject = g_strdup (merge_subject);
  command->before = before;
  command->after = after;
  g_ptr_array_add (history->commands, command);
  history->position++;
  history->mergeable = merge_key != 0;
}

/* TRUE when `a` and `b` hold the same parts in the same order. */
static gboolean
snapshot_same_parts (const MfSnapshot *a, const MfSnapshot *b)
{
  if (a->records->len != b->records->len)
    return FALSE;
  for (guint i = 0; i < a->records->len; i++)
    if (!mf_record_equal (g_ptr_array_index (a->records, i), g_ptr_array_index (b->records, i)))
      return FALSE;
  return TRUE;
}

/* Grows the last command by the edit under way, when they belong together;
 * takes `after`, the edit's members as they are now. */
static gboolean
merge_edit (MfHistory *history, JsonNode *root, guint merge_key, const char *merge_subject,
            MfSnapshot **after)
{
  MfCommand *last;

  if (merge_key == 0 || !history->mergeable || history->position == 0
      || history->position != history->commands->len)
    return FALSE;
  last = g_ptr_array_index (history->commands, history->position - 1);
  if (last->merge_key != merge_key || g_strcmp0 (last->merge_subject, merge_subject) != 0)
    return FALSE;

  mf_snapshot_absorb (last->before, history->edit);
  mf_snapshot_free (last->after);
  /* a drag touches the same members at every step: no need to copy again */
  if (snapshot_same_parts (last->before, *after))
    last->after = g_steal_pointer (after);
  else
    last->after = mf_snapshot_now (last->before, root);
  /* the document is no longer what the command made before */
  last->version = ++history->last_version;
  return TRUE;
}

gboolean
mf_history_commit (MfHistory  *history,
                   JsonNode   *root,
                   const char *label,
                   guint       merge_key,
                   const char *merge_subject)
{
  MfSnapshot *after;

  note_changed (history, history->edit);
  if (history->edit == NULL)
    return FALSE;
  if (history->group_depth > 0)
    {
      if (history->group == NULL)
        {
          history->group = history->edit;
          history->edit = NULL;
          return FALSE;
        }
      mf_snapshot_absorb (history->group, history->edit);
      g_clear_pointer (&history->edit, mf_snapshot_free);
      return FALSE;
    }

  after = mf_snapshot_now (history->edit, root);
  if (mf_snapshot_equal (history->edit, after))
    {
      mf_snapshot_free (after);
      g_clear_pointer (&history->edit, mf_snapshot_free);
      return FALSE;
    }
  if (merge_edit (history, root, merge_key, merge_subject, &after))
    {
      mf_snapshot_free (after);
      g_clear_pointer (&history->edit, mf_snapshot_free);
      return TRUE;
    }
  push_command (history, label, merge_key, merge_subject, g_steal_pointer (&history->edit),
                after);
  return TRUE;
}

void
mf_history_cancel (MfHistory *history, JsonNode *root)
{
  g_ptr_array_set_size (history->changed, 0);
  if (history->edit == NULL)
    return;
  mf_snapshot_restore (history->edit, root);
  g_clear_pointer (&history->edit, mf_snapshot_free);
}

void
mf_history_begin_group (MfHistory *history, const char *label)
{
  if (history->group_depth++ == 0)
    {
      g_free (history->group_label);
      history->group_label = g_strdup (label);
    }
}

gboolean
mf_history_end_group (MfHistory *history, JsonNode *root)
{
  MfSnapshot *after;

  g_return_val_if_fail (history->group_depth > 0, FALSE);

  if (--history->group_depth > 0 || history->group == NULL)
    return FALSE;
  after = mf_snapshot_now (history->group, root);
  if (mf_snapshot_equal (history->group, after))
    {
      mf_snapshot_free (after);
      g_clear_pointer (&history->group, mf_snapshot_free);
      return FALSE;
    }
  push_command (history, history->group_label, 0, NULL, g_steal_pointer (&history->group),
                after);
  history->mergeable = FALSE;
  return TRUE;
}

gboolean
mf_history_in_group (MfHistory *history)
{
  return history->group_depth > 0;
}

/* --- undo and redo ---------------------------------------------------- */

static gboolean
history_busy (MfHistory *history)
{
  return history->group_depth > 0 || history->edit != NULL;
}

gboolean
mf_history_can_undo (MfHistory *history)
{
  return history->position > 0 && !history_busy (history);
}

gboolean
mf_history_can_redo (MfHistory *history)
{
  return history->position < history->commands->len && !history_busy (history);
}

const char *
mf_history_get_undo_label (MfHistory *history)
{
  MfCommand *command;

  if (!mf_history_can_undo (history))
    return NULL;
  command = g_ptr_array_index (history->commands, history->position - 1);
  return command->label;
}

const char *
mf_history_get_redo_label (MfHistory *history)
{
  MfCommand *command;

  if (!mf_history_can_redo (history))
    return NULL;
  command = g_ptr_array_index (history->commands, history->position);
  return command->label;
}

gboolean
mf_history_undo (MfHistory *history, JsonNode *root)
{
  MfCommand *command;

  if (!mf_history_can_undo (history))
    return FALSE;
  command = g_ptr_array_index (history->commands, --history->position);
  mf_snapshot_restore (command->before, root);
  note_changed (history, command->before);
  history->mergeable = FALSE;
  return TRUE;
}

gboolean
mf_history_redo (MfHistory *history, JsonNode *root)
{
  MfCommand *command;

  if (!mf_history_can_redo (history))
    return FALSE;
  command = g_ptr_array_index (history->commands, history->position++);
  mf_snapshot_restore (command->after, root);
  note_changed (history, command->after);
  history->mergeable = FALSE;
  return TRUE;
}

guint
mf_history_get_n_changed (MfHistory *history)
{
  return history->changed->len;
}

const char *
mf_history_get_changed (MfHistory *history, guint i, int *index)
{
  const MfRecord *record;

  g_return_val_if_fail (i < history->changed->len, NULL);
  record = g_ptr_array_index (history->changed, i);
  *index = record->index;
  return record->name;
}

MfHistoryState
mf_history_get_state (MfHistory *history)
{
  MfHistoryState state = { history->position, 0 };

  if (history->position > 0)
    state.version = ((MfCommand *) g_ptr_array_index (history->commands,
                                                      history->position - 1))->version;
  return state;
}

void
mf_history_mark_saved (MfHistory *history, MfHistoryState state)
{
  history->saved = state;
}

gboolean
mf_history_is_saved (MfHistory *history)
{
  MfHistoryState now = mf_history_get_state (history);

  /* an open group may already have changed the document */
  return now.position == history->saved.position && now.version == history->saved.version
         && history->group == NULL && history->edit == NULL;
}
