/* mf-history-snapshot.c: records and snapshots of a document's JSON tree
 * for its undo history (mf-history-snapshot.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-history.h"
#include "mf-history-snapshot.h"

#include <string.h>

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

MfRecord *
mf_record_new (const char *name, int index, JsonNode *node)
{
  MfRecord *record = g_new0 (MfRecord, 1);

  record->name = g_strdup (name);
  record->index = index;
  record->node = node;
  return record;
}

/* The root's member `name` when it is an array, or NULL. */
JsonArray *
mf_history_root_array (JsonNode *root, const char *name)
{
  JsonNode *member = json_object_get_member (json_node_get_object (root), name);

  return member != NULL && JSON_NODE_HOLDS_ARRAY (member) ? json_node_get_array (member) : NULL;
}

/* Copies of the elements of array `name` from `from` on, as an array. */
static JsonNode *
copy_tail (JsonNode *root, const char *name, guint from)
{
  JsonArray *array = mf_history_root_array (root, name);
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

void
mf_record_free (MfRecord *record)
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

gboolean
mf_record_equal (gconstpointer a, gconstpointer b)
{
  const MfRecord *x = a, *y = b;

  return x->index == y->index && strcmp (x->name, y->name) == 0;
}

/* Element `index` of the root's array `name`, or NULL. */
JsonNode *
mf_history_root_element (JsonNode *root, const char *name, int index)
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
JsonNode *
mf_history_copy_part (JsonNode *root, const char *name, int index)
{
  JsonNode *node;

  if (index < 0)
    node = json_object_get_member (json_node_get_object (root), name);
  else
    node = mf_history_root_element (root, name, index);
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

MfSnapshot *
mf_snapshot_new (JsonNode *root)
{
  MfSnapshot *snapshot = g_new0 (MfSnapshot, 1);

  snapshot->records = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_record_free);
  snapshot->lookup = g_hash_table_new (record_hash, mf_record_equal);
  snapshot->order = root_order (root);
  return snapshot;
}

void
mf_snapshot_free (MfSnapshot *snapshot)
{
  if (snapshot == NULL)
    return;
  g_hash_table_unref (snapshot->lookup);
  g_ptr_array_unref (snapshot->records);
  g_strfreev (snapshot->order);
  g_free (snapshot);
}

MfRecord *
mf_snapshot_find (const MfSnapshot *snapshot, const char *name, int index)
{
  MfRecord key = { (char *) name, index, NULL };

  return g_hash_table_lookup (snapshot->lookup, &key);
}

/* Takes `node` (may be NULL) as the value of `name` (element `index`). */
MfRecord *
mf_snapshot_take (MfSnapshot *snapshot, const char *name, int index, JsonNode *node)
{
  MfRecord *record = mf_record_new (name, index, node);

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
void
mf_snapshot_fold_tail (MfSnapshot *snapshot, const char *name, JsonNode *whole)
{
  MfRecord *tail = mf_snapshot_find (snapshot, name, MF_RECORD_TAIL);

  if (tail == NULL)
    return;
  if (whole != NULL && JSON_NODE_HOLDS_ARRAY (whole))
    truncate_array (json_node_get_array (whole), tail->length);
  snapshot_remove (snapshot, tail);
}

/* Puts the snapshot's elements of array `name` into `whole`, a copy of
 * that array, and forgets them: the array is then remembered whole. */
void
mf_snapshot_fold_elements (MfSnapshot *snapshot, const char *name, JsonNode *whole)
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
MfSnapshot *
mf_snapshot_now (const MfSnapshot *before, JsonNode *root)
{
  MfSnapshot *now = mf_snapshot_new (root);

  for (guint i = 0; i < before->records->len; i++)
    {
      const MfRecord *record = g_ptr_array_index (before->records, i);

      if (record->index == MF_RECORD_TAIL)
        mf_snapshot_take (now, record->name, MF_RECORD_TAIL,
                       copy_tail (root, record->name, record->length))->length = record->length;
      else
        mf_snapshot_take (now, record->name, record->index,
                       mf_history_copy_part (root, record->name, record->index));
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

void
mf_snapshot_restore (const MfSnapshot *snapshot, JsonNode *root)
{
  JsonObject *object = json_node_get_object (root);

  for (guint i = 0; i < snapshot->records->len; i++)
    {
      const MfRecord *record = g_ptr_array_index (snapshot->records, i);

      if (record->index == MF_RECORD_TAIL)
        {
          JsonArray *array = mf_history_root_array (root, record->name);
          JsonArray *tail = json_node_get_array (record->node);

          g_return_if_fail (array != NULL);
          truncate_array (array, record->length);
          for (guint k = 0; k < json_array_get_length (tail); k++)
            json_array_add_element (array, mf_json_copy_deep (json_array_get_element (tail, k)));
        }
      else if (record->index >= 0)
        {
          JsonNode *element = mf_history_root_element (root, record->name, record->index);
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

/* `a` and `b` hold the same parts, `b` being mf_snapshot_now() of `a`'s. */
gboolean
mf_snapshot_equal (const MfSnapshot *a, const MfSnapshot *b)
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
void
mf_snapshot_absorb (MfSnapshot *into, MfSnapshot *from)
{
  for (guint i = 0; i < from->records->len; i++)
    {
      MfRecord *record = g_ptr_array_index (from->records, i);
      MfRecord *tail = mf_snapshot_find (into, record->name, MF_RECORD_TAIL);

      if (mf_snapshot_find (into, record->name, -1) != NULL
          || mf_snapshot_find (into, record->name, record->index) != NULL)
        continue;
      /* an element appended since `into` began did not exist then */
      if (tail != NULL && record->index >= 0 && (guint) record->index >= tail->length)
        continue;
      if (record->index == -1)
        {
          mf_snapshot_fold_tail (into, record->name, record->node);
          mf_snapshot_fold_elements (into, record->name, record->node);
        }
      mf_snapshot_take (into, record->name, record->index, g_steal_pointer (&record->node))->length
        = record->length;
    }
}

