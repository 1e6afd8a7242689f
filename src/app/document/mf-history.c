/* mf-history.c: commands as copies of the root members (or of the array
 * elements) they changed.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-history.h"

#include <string.h>

/* One remembered part of a root object: a whole member (index < 0), or one
 * element of a member that is an array.  An element stands for the edits
 * that change array elements in place and leave the array's length and
 * order alone (a move, a parameter): undo then costs the element, not the
 * thousand others beside it. */
typedef struct
{
  char     *name;
  int       index;  /* an element, the whole member (-1), or its tail (TAIL) */
  JsonNode *node;   /* NULL where the member was absent; a tail's elements */
  guint     length; /* a tail's: where it begins */
} MfRecord;

/* A member that is an array the edit only appends to: the record holds the
 * array's length before and the elements from there on (none before the
 * edit), so that adding a component to 10 000 copies one, not all. */
#define TAIL (-2)

/* Some parts of a root object, as they were at one moment. */
typedef struct
{
  GPtrArray  *records; /* MfRecord */
  GHashTable *lookup;  /* MfRecord -> itself: a drag of many components stays linear */
  GStrv       order;   /* all the root's member names, in order */
} MfSnapshot;

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

/* --- copies of JSON --------------------------------------------------- */

JsonNode *
mf_json_copy_deep (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr (JsonObject) copied = json_object_new ();
      g_autoptr (GList) members = json_object_get_members (object);

      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (copied, l->data,
                                mf_json_copy_deep (json_object_get_member (object, l->data)));
      return json_node_init_object (json_node_alloc (), copied);
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      g_autoptr (JsonArray) copied = json_array_sized_new (json_array_get_length (array));

      for (guint i = 0; i < json_array_get_length (array); i++)
        json_array_add_element (copied, mf_json_copy_deep (json_array_get_element (array, i)));
      return json_node_init_array (json_node_alloc (), copied);
    }
  /* json_node_copy() shares the value too, and json_node_set_string()
   * changes a shared value in place */
  if (JSON_NODE_HOLDS_NULL (node))
    return json_node_init_null (json_node_alloc ());
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      return json_node_init_int (json_node_alloc (), json_node_get_int (node));
    case G_TYPE_DOUBLE:
      return json_node_init_double (json_node_alloc (), json_node_get_double (node));
    case G_TYPE_BOOLEAN:
      return json_node_init_boolean (json_node_alloc (), json_node_get_boolean (node));
    default:
      return json_node_init_string (json_node_alloc (), json_node_get_string (node));
    }
}

/* Makes `target`, a node inside the tree, hold what `source` (a copy that
 * nothing else uses) holds: an element is put back in its place, so the
 * array around it is neither copied nor rebuilt. */
static void
node_assign (JsonNode *target, JsonNode *source)
{
  switch (JSON_NODE_TYPE (source))
    {
    case JSON_NODE_OBJECT:
      json_node_set_object (target, json_node_get_object (source));
      break;
    case JSON_NODE_ARRAY:
      json_node_set_array (target, json_node_get_array (source));
      break;
    case JSON_NODE_NULL:
      json_node_init_null (target);
      break;
    case JSON_NODE_VALUE:
    default:
      {
        g_auto (GValue) value = G_VALUE_INIT;

        json_node_get_value (source, &value);
        json_node_init (target, JSON_NODE_VALUE);
        json_node_set_value (target, &value);
      }
    }
}

/* --- records ---------------------------------------------------------- */

static MfRecord *
record_new (const char *name, int index, JsonNode *node)
{
  MfRecord *record = g_new0 (MfRecord, 1);

  record->name = g_strdup (name);
  record->index = index;
  record->node = node;
  return record;
}

/* The root's member `name` when it is an array, or NULL. */
static JsonArray *
root_array (JsonNode *root, const char *name)
{
  JsonNode *member = json_object_get_member (json_node_get_object (root), name);

  return member != NULL && JSON_NODE_HOLDS_ARRAY (member) ? json_node_get_array (member) : NULL;
}

/* Copies of the elements of array `name` from `from` on, as an array. */
static JsonNode *
copy_tail (JsonNode *root, const char *name, guint from)
{
  JsonArray *array = root_array (root, name);
  guint n = array != NULL ? json_array_get_length (array) : 0;
  g_autoptr (JsonArray) tail = json_array_new ();

  for (guint i = from; i < n; i++)
    json_array_add_element (tail, mf_json_copy_deep (json_array_get_element (array, i)));
  return json_node_init_array (json_node_alloc (), tail);
}

/* Cuts array `array` back to its first `length` elements. */
static void
truncate_array (JsonArray *array, guint length)
{
  while (array != NULL && json_array_get_length (array) > length)
    json_array_remove_element (array, json_array_get_length (array) - 1);
}

static void
record_free (MfRecord *record)
{
  g_free (record->name);
  if (record->node != NULL)
    json_node_unref (record->node);
  g_free (record);
}

static guint
record_hash (gconstpointer key)
{
  const MfRecord *record = key;

  return g_str_hash (record->name) * 31u + (guint) record->index;
}

static gboolean
record_equal (gconstpointer a, gconstpointer b)
{
  const MfRecord *x = a, *y = b;

  return x->index == y->index && strcmp (x->name, y->name) == 0;
}

/* Element `index` of the root's array `name`, or NULL. */
static JsonNode *
root_element (JsonNode *root, const char *name, int index)
{
  JsonNode *member = json_object_get_member (json_node_get_object (root), name);
  JsonArray *array;

  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member))
    return NULL;
  array = json_node_get_array (member);
  return (guint) index < json_array_get_length (array)
         ? json_array_get_element (array, (guint) index) : NULL;
}

/* A copy of what `name` (element `index`) of `root` holds now. */
static JsonNode *
copy_part (JsonNode *root, const char *name, int index)
{
  JsonNode *node;

  if (index < 0)
    node = json_object_get_member (json_node_get_object (root), name);
  else
    node = root_element (root, name, index);
  return node != NULL ? mf_json_copy_deep (node) : NULL;
}

/* --- snapshots -------------------------------------------------------- */

static GStrv
root_order (JsonNode *root)
{
  g_autoptr (GList) members = json_object_get_members (json_node_get_object (root));
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  for (GList *l = members; l != NULL; l = l->next)
    g_strv_builder_add (builder, l->data);
  return g_strv_builder_end (builder);
}

static MfSnapshot *
snapshot_new (JsonNode *root)
{
  MfSnapshot *snapshot = g_new0 (MfSnapshot, 1);

  snapshot->records = g_ptr_array_new_with_free_func ((GDestroyNotify) record_free);
  snapshot->lookup = g_hash_table_new (record_hash, record_equal);
  snapshot->order = root_order (root);
  return snapshot;
}

static void
snapshot_free (MfSnapshot *snapshot)
{
  if (snapshot == NULL)
    return;
  g_hash_table_unref (snapshot->lookup);
  g_ptr_array_unref (snapshot->records);
  g_strfreev (snapshot->order);
  g_free (snapshot);
}

static MfRecord *
snapshot_find (const MfSnapshot *snapshot, const char *name, int index)
{
  MfRecord key = { (char *) name, index, NULL };

  return g_hash_table_lookup (snapshot->lookup, &key);
}

/* Takes `node` (may be NULL) as the value of `name` (element `index`). */
static MfRecord *
snapshot_take (MfSnapshot *snapshot, const char *name, int index, JsonNode *node)
{
  MfRecord *record = record_new (name, index, node);

  g_ptr_array_add (snapshot->records, record);
  g_hash_table_add (snapshot->lookup, record);
  return record;
}

static void
snapshot_remove (MfSnapshot *snapshot, MfRecord *record)
{
  g_hash_table_remove (snapshot->lookup, record);
  g_ptr_array_remove (snapshot->records, record);
}

/* When the snapshot holds only the tail of array `name`, makes `whole` (a
 * copy of the array as it is now) what the array was before, and forgets
 * the tail: the array is then remembered whole. */
static void
snapshot_fold_tail (MfSnapshot *snapshot, const char *name, JsonNode *whole)
{
  MfRecord *tail = snapshot_find (snapshot, name, TAIL);

  if (tail == NULL)
    return;
  if (whole != NULL && JSON_NODE_HOLDS_ARRAY (whole))
    truncate_array (json_node_get_array (whole), tail->length);
  snapshot_remove (snapshot, tail);
}

/* Puts the snapshot's elements of array `name` into `whole`, a copy of
 * that array, and forgets them: the array is then remembered whole. */
static void
snapshot_fold_elements (MfSnapshot *snapshot, const char *name, JsonNode *whole)
{
  for (guint i = snapshot->records->len; i-- > 0;)
    {
      MfRecord *record = g_ptr_array_index (snapshot->records, i);
      JsonArray *array;

      if (record->index < 0 || strcmp (record->name, name) != 0)
        continue;
      array = whole != NULL && JSON_NODE_HOLDS_ARRAY (whole) ? json_node_get_array (whole)
                                                               : NULL;
      if (array != NULL && (guint) record->index < json_array_get_length (array))
        node_assign (json_array_get_element (array, (guint) record->index), record->node);
      g_hash_table_remove (snapshot->lookup, record);
      g_ptr_array_remove_index (snapshot->records, i);
    }
}

/* The same parts as `before`, as they are now. */
static MfSnapshot *
snapshot_now (const MfSnapshot *before, JsonNode *root)
{
  MfSnapshot *now = snapshot_new (root);

  for (guint i = 0; i < before->records->len; i++)
    {
      const MfRecord *record = g_ptr_array_index (before->records, i);

      if (record->index == TAIL)
        snapshot_take (now, record->name, TAIL,
                       copy_tail (root, record->name, record->length))->length = record->length;
      else
        snapshot_take (now, record->name, record->index,
                       copy_part (root, record->name, record->index));
    }
  return now;
}

/* Rebuilds the root object with its members in `order`; an edit that added
 * a member may have put it anywhere. */
static void
reorder_root (JsonNode *root, const char *const *order)
{
  JsonObject *object = json_node_get_object (root);
  g_autoptr (GList) members = json_object_get_members (object);
  g_autoptr (JsonObject) rebuilt = NULL;
  GList *l = members;
  guint i = 0;

  for (; l != NULL && order[i] != NULL; l = l->next, i++)
    if (strcmp (l->data, order[i]) != 0)
      break;
  if (l == NULL && order[i] == NULL)
    return;

  rebuilt = json_object_new ();
  for (i = 0; order[i] != NULL; i++)
    {
      JsonNode *node = json_object_get_member (object, order[i]);

      if (node != NULL)
        json_object_set_member (rebuilt, order[i], json_node_ref (node));
    }
  for (l = members; l != NULL; l = l->next)
    if (!json_object_has_member (rebuilt, l->data))
      json_object_set_member (rebuilt, l->data,
                              json_node_ref (json_object_get_member (object, l->data)));
  json_node_set_object (root, rebuilt);
}

static void
snapshot_restore (const MfSnapshot *snapshot, JsonNode *root)
{
  JsonObject *object = json_node_get_object (root);

  for (guint i = 0; i < snapshot->records->len; i++)
    {
      const MfRecord *record = g_ptr_array_index (snapshot->records, i);

      if (record->index == TAIL)
        {
          JsonArray *array = root_array (root, record->name);
          JsonArray *tail = json_node_get_array (record->node);

          g_return_if_fail (array != NULL);
          truncate_array (array, record->length);
          for (guint k = 0; k < json_array_get_length (tail); k++)
            json_array_add_element (array, mf_json_copy_deep (json_array_get_element (tail, k)));
        }
      else if (record->index >= 0)
        {
          JsonNode *element = root_element (root, record->name, record->index);
          g_autoptr (JsonNode) copy = NULL;

          /* the edits that remember elements keep the array's shape */
          g_return_if_fail (element != NULL && record->node != NULL);
          copy = mf_json_copy_deep (record->node);
          node_assign (element, copy);
        }
      else if (record->node != NULL)
        json_object_set_member (object, record->name, mf_json_copy_deep (record->node));
      else if (json_object_has_member (object, record->name))
        json_object_remove_member (object, record->name);
    }
  reorder_root (root, (const char *const *) snapshot->order);
}

static gboolean
values_identical (JsonNode *a, JsonNode *b)
{
  GType type = json_node_get_value_type (a);
  double x, y;

  if (type != json_node_get_value_type (b))
    return FALSE;
  switch (type)
    {
    case G_TYPE_INT64:
      return json_node_get_int (a) == json_node_get_int (b);
    case G_TYPE_BOOLEAN:
      return json_node_get_boolean (a) == json_node_get_boolean (b);
    case G_TYPE_DOUBLE:
      /* 0.0 and -0.0 print differently */
      x = json_node_get_double (a);
      y = json_node_get_double (b);
      return memcmp (&x, &y, sizeof x) == 0;
    default:
      return g_strcmp0 (json_node_get_string (a), json_node_get_string (b)) == 0;
    }
}

/* Equal as the document's text would show them (1 and 1.0 differ, and so
 * does the order of members), without printing them. */
static gboolean
nodes_identical (JsonNode *a, JsonNode *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
    return FALSE;
  switch (JSON_NODE_TYPE (a))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *x = json_node_get_object (a), *y = json_node_get_object (b);
        g_autoptr (GList) names_x = json_object_get_members (x);
        g_autoptr (GList) names_y = json_object_get_members (y);
        GList *l, *m;

        for (l = names_x, m = names_y; l != NULL && m != NULL; l = l->next, m = m->next)
          if (strcmp (l->data, m->data) != 0
              || !nodes_identical (json_object_get_member (x, l->data),
                                   json_object_get_member (y, m->data)))
            return FALSE;
        return l == NULL && m == NULL;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *x = json_node_get_array (a), *y = json_node_get_array (b);
        guint n = json_array_get_length (x);

        if (n != json_array_get_length (y))
          return FALSE;
        for (guint i = 0; i < n; i++)
          if (!nodes_identical (json_array_get_element (x, i), json_array_get_element (y, i)))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_VALUE:
      return values_identical (a, b);
    case JSON_NODE_NULL:
    default:
      return TRUE;
    }
}

/* `a` and `b` hold the same parts, `b` being snapshot_now() of `a`'s. */
static gboolean
snapshot_equal (const MfSnapshot *a, const MfSnapshot *b)
{
  if (!g_strv_equal ((const char *const *) a->order, (const char *const *) b->order))
    return FALSE;
  for (guint i = 0; i < a->records->len; i++)
    {
      const MfRecord *x = g_ptr_array_index (a->records, i), *y = g_ptr_array_index (b->records, i);

      if (x->length != y->length || !nodes_identical (x->node, y->node))
        return FALSE;
    }
  return TRUE;
}

/* Adds to `into` the parts of `from` it does not have yet, emptying `from`
 * of them: they were not touched in between, so `from` holds their earlier
 * values.  An array that `into` has elements of and `from` has whole is
 * the one of `from` with those elements as `into` remembers them: only
 * they changed in between, in place. */
static void
snapshot_absorb (MfSnapshot *into, MfSnapshot *from)
{
  for (guint i = 0; i < from->records->len; i++)
    {
      MfRecord *record = g_ptr_array_index (from->records, i);
      MfRecord *tail = snapshot_find (into, record->name, TAIL);

      if (snapshot_find (into, record->name, -1) != NULL
          || snapshot_find (into, record->name, record->index) != NULL)
        continue;
      /* an element appended since `into` began did not exist then */
      if (tail != NULL && record->index >= 0 && (guint) record->index >= tail->length)
        continue;
      if (record->index == -1)
        {
          snapshot_fold_tail (into, record->name, record->node);
          snapshot_fold_elements (into, record->name, record->node);
        }
      snapshot_take (into, record->name, record->index, g_steal_pointer (&record->node))->length
        = record->length;
    }
}

/* Remembers the parts of `snapshot` as what the last change touched. */
static void
note_changed (MfHistory *history, const MfSnapshot *snapshot)
{
  g_ptr_array_set_size (history->changed, 0);
  for (guint i = 0; snapshot != NULL && i < snapshot->records->len; i++)
    {
      const MfRecord *record = g_ptr_array_index (snapshot->records, i);

      g_ptr_array_add (history->changed, record_new (record->name, record->index, NULL));
    }
}

/* --- commands --------------------------------------------------------- */

static void
command_free (MfCommand *command)
{
  g_free (command->label);
  g_free (command->merge_subject);
  snapshot_free (command->before);
  snapshot_free (command->after);
  g_free (command);
}

MfHistory *
mf_history_new (void)
{
  MfHistory *history = g_new0 (MfHistory, 1);

  history->commands = g_ptr_array_new_with_free_func ((GDestroyNotify) command_free);
  history->changed = g_ptr_array_new_with_free_func ((GDestroyNotify) record_free);
  return history;
}

void
mf_history_free (MfHistory *history)
{
  if (history == NULL)
    return;
  g_ptr_array_unref (history->commands);
  g_ptr_array_unref (history->changed);
  snapshot_free (history->edit);
  snapshot_free (history->group);
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
  g_clear_pointer (&history->edit, snapshot_free);
  /* a group left open by the caller still ends, with nothing in it */
  g_clear_pointer (&history->group, snapshot_free);
}

void
mf_history_touch (MfHistory *history, JsonNode *root, const char *member)
{
  JsonNode *whole;

  if (history->edit == NULL)
    history->edit = snapshot_new (root);
  if (snapshot_find (history->edit, member, -1) != NULL)
    return;
  /* elements of it this edit already changed or added go back to what
   * they were */
  whole = copy_part (root, member, -1);
  snapshot_fold_tail (history->edit, member, whole);
  snapshot_fold_elements (history->edit, member, whole);
  snapshot_take (history->edit, member, -1, whole);
}

void
mf_history_touch_tail (MfHistory *history, JsonNode *root, const char *member)
{
  JsonArray *array = root_array (root, member);

  if (array == NULL)
    {
      /* a new member changes the root: remembered whole */
      mf_history_touch (history, root, member);
      return;
    }
  if (history->edit == NULL)
    history->edit = snapshot_new (root);
  if (snapshot_find (history->edit, member, -1) != NULL
      || snapshot_find (history->edit, member, TAIL) != NULL)
    return;
  snapshot_take (history->edit, member, TAIL,
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
  g_return_if_fail (root_element (root, member, (int) index) != NULL);

  if (history->edit == NULL)
    history->edit = snapshot_new (root);
  if (snapshot_find (history->edit, member, -1) != NULL
      || snapshot_find (history->edit, member, (int) index) != NULL)
    return;
  /* an element this edit appended is in the tail already */
  if (snapshot_find (history->edit, member, TAIL) != NULL
      && index >= snapshot_find (history->edit, member, TAIL)->length)
    return;
  snapshot_take (history->edit, member, (int) index, copy_part (root, member, (int) index));
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
    if (!record_equal (g_ptr_array_index (a->records, i), g_ptr_array_index (b->records, i)))
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

  snapshot_absorb (last->before, history->edit);
  snapshot_free (last->after);
  /* a drag touches the same members at every step: no need to copy again */
  if (snapshot_same_parts (last->before, *after))
    last->after = g_steal_pointer (after);
  else
    last->after = snapshot_now (last->before, root);
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
      snapshot_absorb (history->group, history->edit);
      g_clear_pointer (&history->edit, snapshot_free);
      return FALSE;
    }

  after = snapshot_now (history->edit, root);
  if (snapshot_equal (history->edit, after))
    {
      snapshot_free (after);
      g_clear_pointer (&history->edit, snapshot_free);
      return FALSE;
    }
  if (merge_edit (history, root, merge_key, merge_subject, &after))
    {
      snapshot_free (after);
      g_clear_pointer (&history->edit, snapshot_free);
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
  snapshot_restore (history->edit, root);
  g_clear_pointer (&history->edit, snapshot_free);
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
  after = snapshot_now (history->group, root);
  if (snapshot_equal (history->group, after))
    {
      snapshot_free (after);
      g_clear_pointer (&history->group, snapshot_free);
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
  snapshot_restore (command->before, root);
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
  snapshot_restore (command->after, root);
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
