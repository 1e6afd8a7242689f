/* mf-structure.c: one mode's structure for the structure panel, computed
 * from a document text, in a worker thread when asked to.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-structure.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mf-error.h"
#include "mf-port-nodes.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

struct _MfStructure
{
  MfDocument  *document;
  MfModel     *model;
  MfReduction *reduction;
  guint        mode;
  char       **mode_names;
  GPtrArray   *problems;          /* char*, NULL-terminated */
  MfRowKind   *row_kind;          /* n_rows */
  GPtrArray   *row_components;    /* GStrv per row */
  GPtrArray   *row_ports;         /* GStrv per row */
  char       **column_component;  /* n_cols */
  MfStateRole *role;              /* n_cols */
};

void
mf_structure_free (MfStructure *structure)
{
  if (structure == NULL)
    return;
  g_clear_pointer (&structure->row_components, g_ptr_array_unref);
  g_clear_pointer (&structure->row_ports, g_ptr_array_unref);
  g_clear_pointer (&structure->problems, g_ptr_array_unref);
  g_strfreev (structure->column_component);
  g_strfreev (structure->mode_names);
  g_free (structure->row_kind);
  g_free (structure->role);
  mf_reduction_free (structure->reduction);
  mf_model_free (structure->model);
  mf_document_free (structure->document);
  g_free (structure);
}

/* ---- nodes: which ports each node of the model holds ------------------ */

/* The ports of a circuit grouped into nodes as the core groups them
 * (mf-port-nodes.h), numbered in the order of their first port, which is
 * the order of the model's nodes; and the names of each node's ports. */
typedef struct
{
  MfPortNodes grouping;
  GPtrArray  *ports; /* per node: GPtrArray of "ID.PORT" */
} NodePorts;

static const MfComponent *
component_at (const MfCircuit *circuit, guint index)
{
  return g_ptr_array_index (circuit->components, index);
}

static void
port_nodes_init (NodePorts *nodes, const MfCircuit *circuit)
{
  const MfPortNodes *grouping = &nodes->grouping;

  mf_port_nodes_init (&nodes->grouping, circuit);
  nodes->ports = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  for (guint n = 0; n < grouping->n_nodes; n++)
    g_ptr_array_add (nodes->ports, g_ptr_array_new_with_free_func (g_free));
  for (guint c = 0; c < circuit->components->len; c++)
    {
      const MfComponent *component = component_at (circuit, c);

      for (guint p = 0; p < component->info->n_ports; p++)
        {
          guint node = grouping->node[grouping->offset[c] + p];

          g_ptr_array_add (g_ptr_array_index (nodes->ports, node),
                           g_strdup_printf ("%s.%s", component->id,
                                            component->info->ports[p].name));
        }
    }
}

static void
port_nodes_clear (NodePorts *nodes)
{
  mf_port_nodes_clear (&nodes->grouping);
  g_ptr_array_unref (nodes->ports);
}

/* A new NULL-terminated copy of node n's ports. */
static char **
port_nodes_dup (const NodePorts *nodes, guint n)
{
  GPtrArray *ports = g_ptr_array_index (nodes->ports, n);
  char **copy = g_new0 (char *, ports->len + 1);

  for (guint i = 0; i < ports->len; i++)
    copy[i] = g_strdup (g_ptr_array_index (ports, i));
  return copy;
}

/* ---- rows and columns -------------------------------------------------- */

/* "P1" of "P1.v": ids hold no '.' (docs/format.md, "Components"). */
static char *
component_of_state (const char *state)
{
  const char *dot = strchr (state, '.');

  return dot != NULL ? g_strndup (state, dot - state) : g_strdup (state);
}

static char **
strv_of (GPtrArray *strings)
{
  g_ptr_array_add (strings, NULL);
  return (char **) g_ptr_array_free (strings, FALSE);
}

static void
describe_columns (MfStructure *self)
{
  const MfReduction *red = self->reduction;

  self->column_component = g_new0 (char *, red->n_cols + 1);
  for (guint k = 0; k < red->n_cols; k++)
    self->column_component[k] = component_of_state (mf_model_state_name (self->model, k));
}

/* Junction components whose port is in node n: they name the node. */
static char **
junctions_of_node (const MfCircuit *circuit, const NodePorts *nodes, guint n)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint c = 0; c < circuit->components->len; c++)
    if (component_at (circuit, c)->info->type == MF_COMPONENT_JUNCTION
        && nodes->grouping.node[nodes->grouping.offset[c]] == n)
      g_ptr_array_add (ids, g_strdup (component_at (circuit, c)->id));
  return strv_of (ids);
}

/* The node holding the mechanical port of component `id`, or G_MAXUINT. */
static guint
mechanical_node_of (const MfCircuit *circuit, const NodePorts *nodes, const char *id)
{
  int c = mf_circuit_find_component (circuit, id);
  const MfComponentTypeInfo *info;

  if (c < 0)
    return G_MAXUINT;
  info = component_at (circuit, c)->info;
  for (guint p = 0; p < info->n_ports; p++)
    if (info->ports[p].domain != MF_DOMAIN_HYDRAULIC)
      return nodes->grouping.node[nodes->grouping.offset[c] + p];
  return G_MAXUINT;
}

/* Links and closed valves: the components are those of the velocities the
 * row constrains (its nonzero entries), which holds whatever the row's name
 * says. */
static char **
components_of_row (const MfStructure *self, guint row)
{
  const MfReduction *red = self->reduction;
  GPtrArray *ids = g_ptr_array_new ();

  for (guint p = red->w->start[row]; p < red->w->start[row + 1]; p++)
    g_ptr_array_add (ids, g_strdup (self->column_component[red->w->col[p]]));
  return strv_of (ids);
}

static gboolean
row_is_closing (const char *name)
{
  return g_str_has_suffix (name, " closed") || g_str_has_suffix (name, " at end stop");
}

static void
describe_rows (MfStructure *self)
{
  const MfReduction *red = self->reduction;
  const MfCircuit *circuit = mf_document_get_circuit (self->document);
  g_autoptr (GHashTable) junction_nodes = g_hash_table_new (g_str_hash, g_str_equal);
  NodePorts nodes;
  gboolean same_nodes;

  port_nodes_init (&nodes, circuit);
  /* The grouping is the model's; should the two ever differ, rows lose
   * their ports but nothing else goes wrong. */
  same_nodes = nodes.grouping.n_nodes == mf_model_n_nodes (self->model);
  for (guint n = 0; same_nodes && n < nodes.grouping.n_nodes; n++)
    if (mf_model_node_kind (self->model, n) == MF_NODE_JUNCTION)
      g_hash_table_insert (junction_nodes, (gpointer) mf_model_node_name (self->model, n),
                           GUINT_TO_POINTER (n + 1));

  self->row_kind = g_new0 (MfRowKind, MAX (red->n_rows, 1));
  self->row_components = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  self->row_ports = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint r = 0; r < red->n_rows; r++)
    {
      const char *name = red->row_names[r];
      guint node = GPOINTER_TO_UINT (g_hash_table_lookup (junction_nodes, name));
      char **components;
      guint mechanical;

      if (node > 0)
        {
          self->row_kind[r] = MF_ROW_NODE;
          g_ptr_array_add (self->row_components, junctions_of_node (circuit, &nodes, node - 1));
          g_ptr_array_add (self->row_ports, port_nodes_dup (&nodes, node - 1));
          continue;
        }
      components = components_of_row (self, r);
      g_ptr_array_add (self->row_components, components);
      if (row_is_closing (name))
        {
          self->row_kind[r] = MF_ROW_CLOSED;
          g_ptr_array_add (self->row_ports, g_new0 (char *, 1));
          continue;
        }
      self->row_kind[r] = MF_ROW_LINK;
      mechanical = same_nodes && components[0] != NULL
                     ? mechanical_node_of (circuit, &nodes, components[0])
                     : G_MAXUINT;
      g_ptr_array_add (self->row_ports, mechanical != G_MAXUINT
                                          ? port_nodes_dup (&nodes, mechanical)
                                          : g_new0 (char *, 1));
    }
  port_nodes_clear (&nodes);
}

/* Independent states are integrated unless the index procedure made them
 * algebraic (mf-index.h: indices into the independent states). */
static void
assign_roles (MfStructure *self)
{
  const MfReduction *red = self->reduction;
  const MfNullspace *ns = red->nullspace;

  self->role = g_new0 (MfStateRole, MAX (red->n_cols, 1));
  for (guint k = 0; k < red->n_cols; k++)
    self->role[k] = MF_STATE_ROLE_DEPENDENT;
  for (guint j = 0; j < mf_reduction_n_independent (red); j++)
    self->role[ns->independent[j]] = MF_STATE_ROLE_INTEGRATED;
  if (red->index_analysis == NULL)
    return;
  for (guint i = 0; i < red->index_analysis->algebraic->len; i++)
    {
      guint j = g_array_index (red->index_analysis->algebraic, guint, i);

      self->role[ns->independent[j]] = MF_STATE_ROLE_ALGEBRAIC;
    }
}

/* ---- computing --------------------------------------------------------- */

static int
find_mode (const MfCircuit *circuit, const char *mode)
{
  return mode != NULL ? mf_circuit_find_mode (circuit, mode) : -1;
}

static void
collect_mode_names (MfStructure *self)
{
  const MfCircuit *circuit = mf_document_get_circuit (self->document);

  self->mode_names = g_new0 (char *, circuit->modes->len + 1);
  for (guint m = 0; m < circuit->modes->len; m++)
    self->mode_names[m] = g_strdup (((MfMode *) g_ptr_array_index (circuit->modes, m))->name);
}

static void
collect_problems (MfStructure *self, GPtrArray *diagnostics)
{
  const char *name = mf_document_get_name (self->document);

  self->problems = g_ptr_array_new_null_terminated (1, g_free, TRUE);
  for (guint i = 0; i < diagnostics->len; i++)
    g_ptr_array_add (self->problems, mf_diagnostic_format (diagnostics->pdata[i], name));
  for (guint i = 0; i < self->reduction->problems->len; i++)
    g_ptr_array_add (self->problems, g_strdup (self->reduction->problems->pdata[i]));
}

MfStructure *
mf_structure_compute (const char    *data,
                      gssize         length,
                      const char    *name,
                      const char    *mode,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr (MfStructure) self = g_new0 (MfStructure, 1);
  g_autoptr (GPtrArray) diagnostics = g_ptr_array_new_with_free_func (
    (GDestroyNotify) mf_diagnostic_free);
  const MfCircuit *circuit;
  int m;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  self->document = mf_document_load_data (data, length, name, diagnostics, error);
  if (self->document == NULL || g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  circuit = mf_document_get_circuit (self->document);
  self->model = mf_model_new (circuit, error);
  if (self->model == NULL || g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  m = find_mode (circuit, mode);
  self->mode = m >= 0 ? (guint) m : 0;
  self->reduction = mf_reduction_new (self->model, self->mode);
  if (self->reduction == NULL)
    {
      g_set_error (error, MF_ERROR, MF_ERROR_SOLVER,
                   _("The linear algebra failed on the matrices of mode “%s”: its structure "
                     "is unknown"),
                   ((MfMode *) g_ptr_array_index (circuit->modes, self->mode))->name);
      return NULL;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  collect_mode_names (self);
  collect_problems (self, diagnostics);
  describe_columns (self);
  describe_rows (self);
  assign_roles (self);
  return g_steal_pointer (&self);
}

typedef struct
{
  char *data;
  gsize length;
  char *name;
  char *mode;
} MfStructureRequest;

static void
request_free (MfStructureRequest *request)
{
  g_free (request->data);
  g_free (request->name);
  g_free (request->mode);
  g_free (request);
}

static void
compute_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  MfStructureRequest *request = task_data;
  GError *error = NULL;
  MfStructure *structure = mf_structure_compute (request->data, (gssize) request->length,
                                                 request->name, request->mode, cancellable,
                                                 &error);

  if (structure == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, structure, (GDestroyNotify) mf_structure_free);
}

void
mf_structure_compute_async (const char          *data,
                            gssize               length,
                            const char          *name,
                            const char          *mode,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  MfStructureRequest *request = g_new0 (MfStructureRequest, 1);

  g_return_if_fail (data != NULL);
  g_return_if_fail (name != NULL);

  request->length = length < 0 ? strlen (data) : (gsize) length;
  request->data = g_strndup (data, request->length);
  request->name = g_strdup (name);
  request->mode = g_strdup (mode);
  g_task_set_source_tag (task, mf_structure_compute_async);
  g_task_set_task_data (task, request, (GDestroyNotify) request_free);
  g_task_run_in_thread (task, compute_in_thread);
}

MfStructure *
mf_structure_compute_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mf_structure_compute_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- reading ----------------------------------------------------------- */

guint
mf_structure_get_mode (const MfStructure *structure)
{
  return structure->mode;
}

const char *
mf_structure_get_mode_name (const MfStructure *structure)
{
  return structure->mode_names[structure->mode];
}

const char *const *
mf_structure_get_mode_names (const MfStructure *structure)
{
  return (const char *const *) structure->mode_names;
}

const MfModel *
mf_structure_get_model (const MfStructure *structure)
{
  return structure->model;
}

const MfReduction *
mf_structure_get_reduction (const MfStructure *structure)
{
  return structure->reduction;
}

guint
mf_structure_get_rank (const MfStructure *structure)
{
  return structure->reduction->nullspace->rank;
}

int
mf_structure_get_index (const MfStructure *structure)
{
  return structure->reduction->index;
}

gboolean
mf_structure_get_mass_singular (const MfStructure *structure)
{
  return structure->reduction->mass_singular;
}

/* In the core's order: the pivots for dependent states, the index
 * procedure's split (or every independent state) for the others. */
char **
mf_structure_dup_states (const MfStructure *structure, MfStateRole role)
{
  const MfReduction *red = structure->reduction;
  const MfNullspace *ns = red->nullspace;
  const MfIndex *index = red->index_analysis;
  GPtrArray *names = g_ptr_array_new ();

  if (role == MF_STATE_ROLE_DEPENDENT)
    for (guint i = 0; i < ns->rank; i++)
      g_ptr_array_add (names, g_strdup (mf_model_state_name (structure->model,
                                                             ns->dependent[i])));
  else if (index != NULL)
    {
      GArray *chosen = role == MF_STATE_ROLE_ALGEBRAIC ? index->algebraic : index->integrated;

      for (guint i = 0; i < chosen->len; i++)
        g_ptr_array_add (names, g_strdup (mf_model_state_name (
                                  structure->model, ns->independent[g_array_index (chosen, guint,
                                                                                   i)])));
    }
  else if (role == MF_STATE_ROLE_INTEGRATED)
    for (guint j = 0; j < mf_reduction_n_independent (red); j++)
      g_ptr_array_add (names, g_strdup (mf_model_state_name (structure->model,
                                                             ns->independent[j])));
  return strv_of (names);
}

char **
mf_structure_dup_independent (const MfStructure *structure)
{
  const MfNullspace *ns = structure->reduction->nullspace;
  guint nb = mf_reduction_n_independent (structure->reduction);
  char **names = g_new0 (char *, nb + 1);

  for (guint j = 0; j < nb; j++)
    names[j] = g_strdup (mf_model_state_name (structure->model, ns->independent[j]));
  return names;
}

MfStateRole
mf_structure_get_state_role (const MfStructure *structure, guint column)
{
  g_return_val_if_fail (column < structure->reduction->n_cols, MF_STATE_ROLE_DEPENDENT);

  return structure->role[column];
}

char **
mf_structure_dup_constrained (const MfStructure *structure)
{
  const MfIndex *index = structure->reduction->index_analysis;
  guint n_v = mf_model_n_velocities (structure->model);
  GPtrArray *names = g_ptr_array_new ();

  for (guint i = 0; index != NULL && i < index->constrained->len; i++)
    g_ptr_array_add (names, g_strdup (mf_model_state_name (
                              structure->model, n_v + g_array_index (index->constrained,
                                                                     guint, i))));
  return strv_of (names);
}

gboolean
mf_structure_get_state_fixed (const MfStructure *structure, guint state)
{
  const MfIndex *index = structure->reduction->index_analysis;
  guint n_v = mf_model_n_velocities (structure->model);

  for (guint i = 0; index != NULL && state >= n_v && i < index->constrained->len; i++)
    if (g_array_index (index->constrained, guint, i) == state - n_v)
      return TRUE;
  return FALSE;
}

/* The core's split of the minimal-order system's states, as names. */
static char **
split_names (const MfStructure *structure, gboolean algebraic)
{
  guint n;
  g_autofree guint *states = mf_reduction_split_states (structure->reduction, structure->model,
                                                        algebraic, &n);
  char **names = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    names[i] = g_strdup (mf_model_state_name (structure->model, states[i]));
  return names;
}

char **
mf_structure_dup_integrated (const MfStructure *structure)
{
  return split_names (structure, FALSE);
}

char **
mf_structure_dup_algebraic (const MfStructure *structure)
{
  return split_names (structure, TRUE);
}

gboolean
mf_structure_locate_state (const MfStructure  *structure,
                           const char         *name,
                           char              **component,
                           char              **port)
{
  int state = mf_model_find_state (structure->model, name);
  const char *dot = strrchr (name, '.');

  *component = NULL;
  *port = NULL;
  if (state < 0 || dot == NULL)
    return FALSE;
  if (mf_model_state_kind (structure->model, (guint) state) != MF_STATE_PRESSURE)
    {
      *component = component_of_state (name);
      return TRUE;
    }
  /* a pressure is named after its node: the first of its ports ("P1.b" +
   * ".p"), or its junction ("J1" + ".p"), whose one port is "J1.p" */
  if (memchr (name, '.', dot - name) != NULL)
    *port = g_strndup (name, dot - name);
  else
    {
      *component = g_strndup (name, dot - name);
      *port = g_strdup (name);
    }
  return TRUE;
}

char **
mf_structure_dup_index_steps (const MfStructure *structure)
{
  const MfIndex *index = structure->reduction->index_analysis;
  GPtrArray *lines = g_ptr_array_new ();

  for (guint k = 0; index != NULL && k < index->steps->len; k++)
    {
      const MfIndexStep *step = g_ptr_array_index (index->steps, k);
      GString *line = g_string_new (NULL);

      g_string_append_printf (line, _("Step %u: E is %u × %u, rank %u"), k, step->rows,
                              step->cols, step->rank);
      if (step->rank == step->cols)
        g_string_append (line, _(" (full rank: the procedure stops)"));
      for (guint i = 0; i < step->hidden->len; i++)
        g_string_append_printf (line, _("; hidden constraint on %s"),
                                (char *) g_ptr_array_index (step->hidden, i));
      g_ptr_array_add (lines, g_string_free (line, FALSE));
    }
  return strv_of (lines);
}

const char *const *
mf_structure_get_problems (const MfStructure *structure)
{
  return (const char *const *) structure->problems->pdata;
}

MfRowKind
mf_structure_get_row_kind (const MfStructure *structure, guint row)
{
  g_return_val_if_fail (row < structure->reduction->n_rows, MF_ROW_NODE);

  return structure->row_kind[row];
}

const char *const *
mf_structure_get_row_components (const MfStructure *structure, guint row)
{
  g_return_val_if_fail (row < structure->reduction->n_rows, NULL);

  return g_ptr_array_index (structure->row_components, row);
}

const char *const *
mf_structure_get_row_ports (const MfStructure *structure, guint row)
{
  g_return_val_if_fail (row < structure->reduction->n_rows, NULL);

  return g_ptr_array_index (structure->row_ports, row);
}

const char *
mf_structure_get_column_component (const MfStructure *structure, guint column)
{
  g_return_val_if_fail (column < structure->reduction->n_cols, NULL);

  return structure->column_component[column];
}

static gboolean
any_in (const char *const *ids, GHashTable *set, gboolean ports)
{
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      g_autofree char *id = ports ? component_of_state (ids[i]) : g_strdup (ids[i]);

      if (g_hash_table_contains (set, id))
        return TRUE;
    }
  return FALSE;
}

gboolean
mf_structure_match_components (const MfStructure  *structure,
                               const char * const *component_ids,
                               gboolean           *rows,
                               gboolean           *columns)
{
  const MfReduction *red = structure->reduction;
  g_autoptr (GHashTable) set = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean any = FALSE;

  for (guint i = 0; component_ids != NULL && component_ids[i] != NULL; i++)
    g_hash_table_add (set, (gpointer) component_ids[i]);
  for (guint r = 0; r < red->n_rows; r++)
    {
      rows[r] = any_in (g_ptr_array_index (structure->row_ports, r), set, TRUE)
                || any_in (g_ptr_array_index (structure->row_components, r), set, FALSE);
      any |= rows[r];
    }
  for (guint k = 0; k < red->n_cols; k++)
    {
      columns[k] = g_hash_table_contains (set, structure->column_component[k]);
      any |= columns[k];
    }
  return any;
}
