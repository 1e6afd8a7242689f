/* mf-structural-report.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-structural-report.h"

#include <glib/gi18n.h>

#define GET(array, i) g_array_index ((array), guint, (i))

/* The text report names this many items of a list, then says how many
 * more there are: a network of thousands of junctions differentiates
 * thousands of rows. */
#define TEXT_LIST_MAX 6

/* A name of the extended system: an equation or an unknown. */
typedef char *(*NameFunc) (const MfPantelides *pantelides, guint item);

/* --- JSON ---------------------------------------------------------------- */

/* `array` as the builder's next value.  The report's long arrays are made
 * directly, not through the builder's calls per element, which cost a
 * network of ten thousand pipes a third of the report's time. */
static void
json_add_array (JsonBuilder *builder, JsonArray *array)
{
  JsonNode *node = json_node_init_array (json_node_alloc (), array);

  json_builder_add_value (builder, node);
  json_array_unref (array);
}

static void
json_add_names (JsonBuilder *builder, const char *key, const MfPantelides *p, NameFunc name,
                const guint *items, guint n)
{
  JsonArray *array = json_array_sized_new (n);

  for (guint k = 0; k < n; k++)
    {
      g_autofree char *text = name (p, items[k]);

      json_array_add_string_element (array, text);
    }
  json_builder_set_member_name (builder, key);
  json_add_array (builder, array);
}

static void
json_add_strings (JsonBuilder *builder, const char *key, const GPtrArray *strings)
{
  JsonArray *array = json_array_sized_new (strings->len);

  for (guint k = 0; k < strings->len; k++)
    json_array_add_string_element (array, g_ptr_array_index (strings, k));
  json_builder_set_member_name (builder, key);
  json_add_array (builder, array);
}

static void
json_add_incidence (JsonBuilder *builder, const MfIncidence *inc)
{
  const MfSparse *a = inc->matrix;
  JsonArray *involves;

  json_builder_set_member_name (builder, "incidence");
  json_builder_begin_object (builder);
  json_add_strings (builder, "equations", inc->equation_names);
  json_add_strings (builder, "unknowns", inc->unknown_names);
  /* a list per equation: a pair per entry cost a network's report twice
   * the time */
  json_builder_set_member_name (builder, "involves");
  involves = json_array_sized_new (a->n_rows);
  for (guint i = 0; i < a->n_rows; i++)
    {
      JsonArray *row = json_array_sized_new (a->start[i + 1] - a->start[i]);

      for (guint q = a->start[i]; q < a->start[i + 1]; q++)
        json_array_add_int_element (row, a->col[q]);
      json_array_add_array_element (involves, row);
    }
  json_add_array (builder, involves);
  json_builder_end_object (builder);
}

/* Per equation, the unknown a maximum matching pairs it with (null when
 * none), then the equations it leaves unmatched by name. */
static void
json_add_matching (JsonBuilder *builder, const MfStructural *s)
{
  const MfMatching *m = s->pantelides->initial;
  const MfIncidence *inc = s->incidence;

  json_builder_set_member_name (builder, "matching");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "size");
  json_builder_add_int_value (builder, m->size);
  json_builder_set_member_name (builder, "unknowns");
  json_builder_begin_array (builder);
  for (guint i = 0; i < m->n_rows; i++)
    if (m->row_match[i] != MF_MATCHING_NONE)
      json_builder_add_int_value (builder, m->row_match[i]);
    else
      json_builder_add_null_value (builder);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "unmatched");
  json_builder_begin_array (builder);
  for (guint i = 0; i < m->n_rows; i++)
    if (m->row_match[i] == MF_MATCHING_NONE && !s->pantelides->left_out[i])
      json_builder_add_string_value (builder, mf_incidence_equation_name (inc, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

static void
json_add_steps (JsonBuilder *builder, const MfPantelides *p)
{
  json_builder_set_member_name (builder, "steps");
  json_builder_begin_array (builder);
  for (guint k = 0; k < p->steps->len; k++)
    {
      const MfPantelidesStep *step = g_ptr_array_index (p->steps, k);
      g_autofree char *equation = mf_pantelides_equation_name (p, step->equation);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "equation");
      json_builder_add_string_value (builder, equation);
      json_add_names (builder, "differentiated", p, mf_pantelides_equation_name,
                      (const guint *) step->differentiated->data, step->differentiated->len);
      json_add_names (builder, "new_unknowns", p, mf_pantelides_unknown_name,
                      (const guint *) step->new_unknowns->data, step->new_unknowns->len);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* The incidence's equations i with flags[i]. */
static GArray *
equations_where (const MfPantelides *p, const gboolean *flags)
{
  GArray *items = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < mf_incidence_n_equations (p->incidence); i++)
    if (flags[i])
      g_array_append_val (items, i);
  return items;
}

static const char *
jacobian_word (MfJacobianRank rank)
{
  switch (rank)
    {
    case MF_JACOBIAN_REGULAR:
      return "regular";
    case MF_JACOBIAN_SINGULAR:
      return "singular";
    case MF_JACOBIAN_UNKNOWN:
    default:
      return "unknown";
    }
}

static void
json_add_dummies (JsonBuilder *builder, const MfStructural *s)
{
  const MfDummyDerivatives *dd = s->dummies;
  const MfPantelides *p = s->pantelides;

  if (dd == NULL || dd->failed_level > 0)
    {
      json_builder_set_member_name (builder, "dummy_derivatives");
      json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "states");
      json_builder_add_null_value (builder);
      return;
    }
  json_add_names (builder, "dummy_derivatives", p, mf_pantelides_unknown_name,
                  (const guint *) dd->dummies->data, dd->dummies->len);
  json_add_names (builder, "states", p, mf_pantelides_unknown_name,
                  (const guint *) dd->states->data, dd->states->len);
}

static void
json_add_pantelides (JsonBuilder *builder, const MfStructural *s, int index_lagrange)
{
  const MfPantelides *p = s->pantelides;
  g_autoptr (GArray) overdetermined = equations_where (p, p->overdetermined);
  g_autoptr (GArray) left_out = equations_where (p, p->left_out);
  g_autofree char *comparison = mf_structural_compare (s, index_lagrange);

  json_builder_set_member_name (builder, "pantelides");
  json_builder_begin_object (builder);
  json_add_steps (builder, p);
  json_builder_set_member_name (builder, "differentiations");
  json_builder_begin_object (builder);
  for (guint i = 0; i < mf_incidence_n_equations (p->incidence); i++)
    if (!p->left_out[i] && p->differentiations[i] > 0)
      {
        json_builder_set_member_name (builder, mf_incidence_equation_name (p->incidence, i));
        json_builder_add_int_value (builder, p->differentiations[i]);
      }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "structural_index");
  if (p->structural_index < 0)
    json_builder_add_null_value (builder);
  else
    json_builder_add_int_value (builder, p->structural_index);
  json_builder_set_member_name (builder, "system_jacobian");
  json_builder_add_string_value (builder, jacobian_word (s->jacobian_rank));
  json_builder_set_member_name (builder, "comparison");
  json_builder_add_string_value (builder, comparison);
  json_add_names (builder, "overdetermined", p, mf_pantelides_equation_name,
                  (const guint *) overdetermined->data, overdetermined->len);
  json_add_names (builder, "left_out", p, mf_pantelides_equation_name,
                  (const guint *) left_out->data, left_out->len);
  json_add_names (builder, "undetermined", p, mf_pantelides_unknown_name,
                  (const guint *) s->undetermined->data, s->undetermined->len);
  json_add_dummies (builder, s);
  json_builder_end_object (builder);
}

/* The blocks as one list of equations and one of unknowns, in solving
 * order, with the blocks' sizes, and an object per algebraic loop: a
 * network has tens of thousands of blocks of one equation, and an object
 * each cost the report a quarter of its time. */
static void
json_add_blt (JsonBuilder *builder, const MfStructural *s)
{
  const MfBlt *blt = s->blt;
  const MfPantelides *p = s->pantelides;
  guint n = blt->block_start[blt->n_blocks];
  JsonArray *sizes = json_array_sized_new (blt->n_blocks);

  json_builder_set_member_name (builder, "blt");
  json_builder_begin_object (builder);
  json_add_names (builder, "equations", p, mf_pantelides_equation_name, blt->equations, n);
  json_add_names (builder, "unknowns", p, mf_pantelides_unknown_name, blt->unknowns, n);
  for (guint b = 0; b < blt->n_blocks; b++)
    json_array_add_int_element (sizes, mf_blt_block_size (blt, b));
  json_builder_set_member_name (builder, "blocks");
  json_add_array (builder, sizes);
  json_builder_set_member_name (builder, "loops");
  json_builder_begin_array (builder);
  for (guint b = 0; b < blt->n_blocks; b++)
    {
      guint size = mf_blt_block_size (blt, b);
      guint last = blt->block_start[b] + size - blt->n_tear[b];

      if (size < 2)
        continue;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "block");
      json_builder_add_int_value (builder, b);
      json_add_names (builder, "tear", p, mf_pantelides_unknown_name, blt->unknowns + last,
                      blt->n_tear[b]);
      json_add_names (builder, "residuals", p, mf_pantelides_equation_name,
                      blt->equations + last, blt->n_tear[b]);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

void
mf_structural_report_json (JsonBuilder *builder, const MfStructural *s, int index_lagrange)
{
  json_add_incidence (builder, s->incidence);
  json_add_matching (builder, s);
  json_add_pantelides (builder, s, index_lagrange);
  json_add_blt (builder, s);
}

/* --- text ---------------------------------------------------------------- */

/* "a, b, c", or "a, b, …, f (and 12 more)" past TEXT_LIST_MAX names;
 * `none` when empty. */
static void
append_names (GString *out, const MfPantelides *p, NameFunc name, const guint *items, guint n)
{
  if (n == 0)
    /* Translators: an empty list in the structural section of the analysis report */
    g_string_append (out, _("none"));
  for (guint k = 0; k < MIN (n, TEXT_LIST_MAX); k++)
    {
      g_autofree char *text = name (p, items[k]);

      g_string_append_printf (out, "%s%s", k > 0 ? ", " : "", text);
    }
  if (n > TEXT_LIST_MAX)
    /* Translators: the end of a list cut short, %u the number of items not shown */
    g_string_append_printf (out, _(", … (and %u more)"), n - TEXT_LIST_MAX);
}

static void
append_line (GString *out, const char *label, const MfPantelides *p, NameFunc name,
             const guint *items, guint n)
{
  g_string_append_printf (out, "  %s: ", label);
  append_names (out, p, name, items, n);
  g_string_append_c (out, '\n');
}

/* "J1 continuity (1), C1 law (2)": the equations differentiated, with how
 * often. */
static void
append_differentiated (GString *out, const MfPantelides *p)
{
  guint shown = 0, total = 0;

  /* Translators: the equations Pantelides' algorithm differentiates, each with a count */
  g_string_append_printf (out, "  %s: ", _("differentiated"));
  for (guint i = 0; i < mf_incidence_n_equations (p->incidence); i++)
    {
      if (p->left_out[i] || p->differentiations[i] == 0)
        continue;
      if (shown < TEXT_LIST_MAX)
        g_string_append_printf (out, "%s%s (%u)", shown++ > 0 ? ", " : "",
                                mf_incidence_equation_name (p->incidence, i),
                                p->differentiations[i]);
      total++;
    }
  if (total == 0)
    g_string_append (out, _("none"));
  else if (total > shown)
    g_string_append_printf (out, _(", … (and %u more)"), total - shown);
  g_string_append_c (out, '\n');
}

static void
append_index (GString *out, const MfStructural *s, int index_lagrange)
{
  g_autofree char *comparison = mf_structural_compare (s, index_lagrange);

  /* Translators: the index Pantelides' algorithm gives, then a sentence comparing it */
  g_string_append_printf (out, "  %s ", _("structural index:"));
  if (s->pantelides->structural_index < 0)
    /* Translators: said of a structural index that cannot be found */
    g_string_append (out, _("not found"));
  else
    g_string_append_printf (out, "%d", s->pantelides->structural_index);
  g_string_append_printf (out, " (%s)\n", comparison);
}

static void
append_dummies (GString *out, const MfStructural *s)
{
  const MfDummyDerivatives *dd = s->dummies;

  if (dd == NULL)
    return;
  if (dd->failed_level > 0)
    {
      g_string_append_printf (out, "  %s: ", _("dummy derivatives"));
      /* Translators: %u is the level of the dummy-derivative choice that failed */
      g_string_append_printf (out, _("no regular choice at the generic state (level %u)"),
                              dd->failed_level);
      g_string_append_c (out, '\n');
      return;
    }
  /* Translators: derivatives made algebraic unknowns by the dummy-derivative method */
  append_line (out, _("dummy derivatives"), s->pantelides, mf_pantelides_unknown_name,
               (const guint *) dd->dummies->data, dd->dummies->len);
}

static void
append_blocks (GString *out, const MfStructural *s)
{
  const MfBlt *blt = s->blt;
  guint shown = 0;

  g_string_append (out, "  ");
  /* Translators: the blocks of the block lower-triangular form, and how many are algebraic
   * loops (blocks of more than one equation) */
  g_string_append_printf (out, _("blocks: %u, algebraic loops: %u"), blt->n_blocks, blt->n_loops);
  g_string_append_c (out, '\n');
  for (guint b = 0; b < blt->n_blocks && shown < TEXT_LIST_MAX; b++)
    {
      guint size = mf_blt_block_size (blt, b);
      guint tears = blt->block_start[b] + size - blt->n_tear[b];

      if (size < 2)
        continue;
      shown++;
      g_string_append (out, "    ");
      /* Translators: %u is the number of equations of an algebraic loop; the unknowns torn
       * follow */
      g_string_append_printf (out, _("a loop of %u equations, torn by "), size);
      append_names (out, s->pantelides, mf_pantelides_unknown_name, blt->unknowns + tears,
                    blt->n_tear[b]);
      g_string_append_c (out, '\n');
    }
  if (blt->n_loops > shown)
    {
      g_string_append (out, "    ");
      /* Translators: %u loops of the block form that the report does not list */
      g_string_append_printf (out, _("… and %u more loops"), blt->n_loops - shown);
      g_string_append_c (out, '\n');
    }
}

void
mf_structural_report_text (GString *out, const MfStructural *s, int index_lagrange)
{
  const MfPantelides *p = s->pantelides;
  const MfIncidence *inc = s->incidence;
  g_autoptr (GArray) overdetermined = equations_where (p, p->overdetermined);
  g_autoptr (GArray) left_out = equations_where (p, p->left_out);

  g_string_append (out, "  ");
  /* Translators: the size of the incidence matrix (equations × unknowns) and of a maximum
   * matching of it */
  g_string_append_printf (out, _("incidence: %u equations × %u unknowns, maximum matching %u"),
                          mf_incidence_n_equations (inc), mf_incidence_n_unknowns (inc),
                          p->initial->size);
  g_string_append_c (out, '\n');
  if (overdetermined->len > 0)
    {
      /* Translators: equations that involve fewer unknowns than there are of them */
      append_line (out, _("structurally over-determined"), p, mf_pantelides_equation_name,
                   (const guint *) overdetermined->data, overdetermined->len);
      /* Translators: the over-determined equations the analysis leaves out */
      append_line (out, _("left out"), p, mf_pantelides_equation_name,
                   (const guint *) left_out->data, left_out->len);
    }
  if (s->undetermined->len > 0)
    /* Translators: unknowns that the equations involving them cannot all fix */
    append_line (out, _("structurally under-determined"), p, mf_pantelides_unknown_name,
                 (const guint *) s->undetermined->data, s->undetermined->len);
  append_differentiated (out, p);
  append_index (out, s, index_lagrange);
  append_dummies (out, s);
  append_blocks (out, s);
}
