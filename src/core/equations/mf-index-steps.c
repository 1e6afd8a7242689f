/* mf-index-steps.c: the index procedure written out (mf-index-steps.h).
 *
 * The first round's hidden constraints are βᵀF̄ = 0, F̄ = αᵀF: with
 * c = αβ, 0 = Σ_k c_k F_k, F_k the right side of velocity k's equation of
 * motion as a force (a hydraulic branch's per unit of area, times A_k).
 * The junction pressures cancel in it (αᵀWᵀ = 0) and are left out; the
 * springs' and dampers' tensions and the tanks' pressures are put in.  A
 * constraint that holds no velocity is differentiated, and x' = v and
 * C·p' = inflow put in make the next round's constraint, as long as the
 * count matches the rounds mf-index.c found.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-index-steps.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mf-math-derivative.h"
#include "mf-model-private.h"

#define AT(a, rows, i, j) ((a)[(gsize) (j) * (rows) + (i)])

/* Entries below this, relative to the largest, are rounding. */
#define NEGLIGIBLE 1e-9

typedef struct
{
  const MfModel     *model;
  const MfReduction *reduction;
  MfEquations       *equations;
  GHashTable        *varying;    /* names of states and junction pressures */
  GHashTable        *velocities; /* names of velocity states */
  GHashTable        *laws;       /* plain text → MfMath: tensions, tank pressures, junctions → 0 */
  GHashTable        *rates;      /* "C1.x'" → C1.v, "P1.b.p'" → inflow/C */
  GHashTable        *owners;     /* a state's or node pressure's name → its component's index */
  GHashTable        *algebraic;  /* names of the velocities the constraints fix */
} Writer;

static gboolean
in_set (const char *name, gpointer set)
{
  return g_hash_table_contains (set, name);
}

static void
round_free (MfIndexRound *r)
{
  g_free (r->e);
  g_free (r->zero_row);
  g_ptr_array_unref (r->beta);
  g_ptr_array_unref (r->constraints);
  g_ptr_array_unref (r->derivatives);
  g_ptr_array_unref (r->substituted);
  g_ptr_array_unref (r->involved);
  g_ptr_array_unref (r->notes);
  g_strfreev (r->components);
  g_free (r);
}

static void
final_free (MfIndexFinal *f)
{
  g_free (f->state);
  mf_math_free (f->equation);
  g_free (f->why);
  g_free (f);
}

void
mf_index_steps_free (MfIndexSteps *steps)
{
  if (steps == NULL)
    return;
  g_strfreev (steps->names);
  g_ptr_array_unref (steps->rounds);
  g_ptr_array_unref (steps->final);
  g_free (steps);
}

static MfIndexRound *
round_new (const double *e, guint n, guint rank)
{
  MfIndexRound *r = g_new0 (MfIndexRound, 1);

  r->n = n;
  r->rank = rank;
  r->e = g_memdup2 (e, MAX ((gsize) n * n, 1) * sizeof (double));
  r->zero_row = g_new0 (gboolean, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      r->zero_row[i] = TRUE;
      for (guint j = 0; j < n; j++)
        if (AT (e, n, i, j) != 0.0)
          r->zero_row[i] = FALSE;
    }
  r->beta = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_math_free);
  r->constraints = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_math_free);
  r->derivatives = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_math_free);
  r->substituted = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_math_free);
  r->involved = g_ptr_array_new_with_free_func (g_free);
  r->notes = g_ptr_array_new_with_free_func (g_free);
  return r;
}

static const MfMath *
side (const MfEquation *e, guint which)
{
  return mf_math_child (e->math, which == 0 ? 0 : 2);
}

/* The substitution tables from the component equations. */
static void
writer_init (Writer *w, const MfModel *model, const MfReduction *reduction)
{
  w->model = model;
  w->reduction = reduction;
  w->equations = mf_equations_new (model, reduction->mode);
  mf_equations_add_reduced (w->equations, reduction);
  w->varying = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  w->velocities = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  w->laws = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) mf_math_free);
  w->rates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) mf_math_free);
  for (guint s = 0; s < mf_model_n_states (model); s++)
    {
      g_hash_table_add (w->varying, g_strdup (mf_model_state_name (model, s)));
      if (mf_model_state_kind (model, s) == MF_STATE_VELOCITY)
        g_hash_table_add (w->velocities, g_strdup (mf_model_state_name (model, s)));
    }
  w->algebraic = g_hash_table_new (g_str_hash, g_str_equal);
  if (reduction->index_analysis != NULL)
    for (guint i = 0; i < reduction->index_analysis->algebraic->len; i++)
      g_hash_table_add (w->algebraic,
                        (gpointer) mf_model_state_name (
                          model, reduction->nullspace->independent[g_array_index (
                                   reduction->index_analysis->algebraic, guint, i)]));
  w->owners = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint k = 0; k < mf_model_n_velocities (model); k++)
    {
      const MfBranch *b = mf_model_branch (model, k);

      g_hash_table_insert (w->owners, g_strdup (mf_model_state_name (model, k)),
                           GUINT_TO_POINTER (b->component));
      if (b->position != MF_NONE)
        g_hash_table_insert (w->owners,
                             g_strdup (mf_model_state_name (model, mf_model_n_velocities (model)
                                                                     + b->position)),
                             GUINT_TO_POINTER (b->component));
    }
  for (guint n = 0; n < mf_model_n_nodes (model); n++)
    {
      MfNodeKind kind = mf_model_node_kind (model, n);

      if (kind == MF_NODE_COMPLIANT || kind == MF_NODE_BOUNDARY)
        g_hash_table_insert (w->owners, g_strdup_printf ("%s.p", mf_model_node_name (model, n)),
                             GUINT_TO_POINTER (mf_model_node (model, n)->component));
    }
  for (guint n = 0; n < mf_model_n_nodes (model); n++)
    if (mf_model_node_kind (model, n) == MF_NODE_JUNCTION)
      {
        char *name = g_strdup_printf ("%s.p", mf_model_node_name (model, n));

        g_hash_table_add (w->varying, g_strdup (name));
        g_hash_table_insert (w->laws, name, mf_math_text ("0"));
      }
  for (guint i = 0; i < mf_equations_n (w->equations); i++)
    {
      const MfEquation *e = mf_equations_get (w->equations, i);
      const MfMath *lhs = side (e, 0);
      MfMathKind kind = mf_math_kind (lhs);

      if (e->kind == MF_EQUATION_LAW && (kind == MF_MATH_SYMBOL || kind == MF_MATH_NAME))
        g_hash_table_insert (w->laws, mf_math_to_plain (lhs), mf_math_copy (side (e, 1)));
      else if (e->kind == MF_EQUATION_KINEMATIC)
        g_hash_table_insert (w->rates, mf_math_to_plain (lhs), mf_math_copy (side (e, 1)));
      else if (e->kind == MF_EQUATION_COMPLIANT && kind == MF_MATH_ROW)
        {
          guint n = mf_math_n_children (lhs);

          const MfMath *capacity = mf_math_child (lhs, 0);

          /* p' = inflow/C, C = V/K in parentheses */
          g_hash_table_insert (w->rates, mf_math_to_plain (mf_math_child (lhs, n - 1)),
                               mf_math_frac (mf_math_copy (side (e, 1)),
                                             mf_math_kind (capacity) != MF_MATH_SYMBOL
                                               ? mf_math_paren (mf_math_copy (capacity))
                                               : mf_math_copy (capacity)));
        }
    }
}

static void
writer_clear (Writer *w)
{
  mf_equations_free (w->equations);
  g_hash_table_unref (w->varying);
  g_hash_table_unref (w->velocities);
  g_hash_table_unref (w->laws);
  g_hash_table_unref (w->rates);
  g_hash_table_unref (w->owners);
  g_hash_table_unref (w->algebraic);
}

/* The equation of motion of velocity k when it has one of its own (a
 * branch, or the first mass of a mechanical node), or NULL. */
static const MfEquation *
motion_of (const Writer *w, guint k)
{
  const MfBranch *b = mf_model_branch (w->model, k);

  if ((b->kind == MF_BRANCH_PISTON || b->kind == MF_BRANCH_MASS)
      && mf_model_node (w->model, b->mech_node)->representative != k)
    return NULL;
  for (guint i = 0; i < mf_equations_n (w->equations); i++)
    {
      const MfEquation *e = mf_equations_get (w->equations, i);

      if (e->kind == MF_EQUATION_MOTION && e->component == (int) b->component)
        return e;
    }
  return NULL;
}

/* A branch whose equation of motion is per unit of its area. */
static gboolean
hydraulic (const MfBranch *b)
{
  return b->kind == MF_BRANCH_PIPE || b->kind == MF_BRANCH_ORIFICE || b->kind == MF_BRANCH_RELIEF
         || b->kind == MF_BRANCH_FLOW_CONTROL || b->kind == MF_BRANCH_ACCUMULATOR
         || b->kind == MF_BRANCH_LEAK;
}

/* 0 = Σ c_k F_k for β column `col`, c = αβ, in the components' symbols;
 * *whole is FALSE when some F_k could not be spelled out. */
static MfMath *
first_constraint (const Writer *w, guint col, gboolean *whole)
{
  const MfReduction *red = w->reduction;
  const MfAlpha *alpha = red->nullspace->alpha;
  guint n_v = alpha->n_v, n_bar = mf_reduction_n_independent (red);
  g_autofree double *weight = g_new0 (double, MAX (n_v, 1));
  MfMath *sum = mf_math_row_new ();
  g_autoptr (MfMath) written = NULL;
  double largest = 0.0;

  *whole = TRUE;
  for (guint k = 0; k < n_v; k++)
    {
      const MfBranch *b = mf_model_branch (w->model, k);
      double c = 0.0;

      for (guint e = alpha->start[k]; e < alpha->start[k + 1]; e++)
        c += alpha->val[e] * AT (red->mass_null_basis, n_bar, alpha->col[e], col);
      if (b->kind == MF_BRANCH_PISTON || b->kind == MF_BRANCH_MASS)
        weight[k] = motion_of (w, k) != NULL ? c : 0.0;
      else
        weight[k] = hydraulic (b) ? c * b->area : c;
      largest = MAX (largest, fabs (weight[k]));
    }
  for (guint k = 0; k < n_v; k++)
    {
      const MfEquation *motion = motion_of (w, k);
      double c = weight[k] / largest;
      MfMath *force;

      if (!(fabs (c) > NEGLIGIBLE))
        continue;
      /* a relief or flow control valve's motion equation is its pressure
       * drop, not F */
      if (motion != NULL && mf_model_branch (w->model, k)->kind != MF_BRANCH_RELIEF
          && mf_model_branch (w->model, k)->kind != MF_BRANCH_FLOW_CONTROL)
        force = mf_math_substitute (side (motion, 1), w->laws);
      else
        {
          const MfComponent *owner = component_at (w->model->circuit,
                                                   mf_model_branch (w->model, k)->component);

          /* per unit of area, as the terms beside it */
          force = mf_math_symbol ("F", mf_model_state_name (w->model, k));
          if (hydraulic (mf_model_branch (w->model, k)))
            force = mf_math_frac (force, mf_math_symbol ("A", owner->id));
          *whole = FALSE;
        }
      if (fabs (fabs (c) - 1.0) < NEGLIGIBLE)
        mf_math_sum_add (sum, c < 0.0, force);
      else
        mf_math_sum_add (sum, c < 0.0, mf_math_row (mf_math_number (fabs (c)), mf_math_text ("·"),
                                                    mf_math_is_sum (force) ? mf_math_paren (force)
                                                                           : force,
                                                    NULL));
    }
  written = mf_math_sum_finish (sum);
  return mf_math_row (mf_math_text ("0"), mf_math_text (" = "),
                      mf_math_substitute (written, w->laws), NULL);
}

static MfMath *
zero_equals (MfMath *rhs)
{
  return mf_math_row (mf_math_text ("0"), mf_math_text (" = "), rhs, NULL);
}

/* The names of `set` that `math` holds, in the order of the states,
 * comma-separated, or NULL for none. */
static char *
names_in (const Writer *w, const MfMath *math, GHashTable *set)
{
  GString *out = g_string_new (NULL);

  for (guint s = 0; s < mf_model_n_states (w->model); s++)
    {
      const char *name = mf_model_state_name (w->model, s);
      g_autoptr (GHashTable) one = g_hash_table_new (g_str_hash, g_str_equal);

      if (set != NULL && !g_hash_table_contains (set, name))
        continue;
      g_hash_table_add (one, (gpointer) name);
      if (mf_math_has_name (math, in_set, one))
        g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "", name);
    }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

/* The ids of the components whose quantities and symbols `math` holds. */
static void
collect_components (const Writer *w, const MfMath *math, GHashTable *ids)
{
  const char *text = mf_math_get_text (math);
  const char *sub = mf_math_get_subscript (math);
  g_autofree char *id = NULL;
  gpointer owner;

  if (mf_math_kind (math) == MF_MATH_NAME && text != NULL
      && g_hash_table_lookup_extended (w->owners, text, NULL, &owner))
    id = g_strdup (component_at (w->model->circuit, GPOINTER_TO_UINT (owner))->id);
  else if (mf_math_kind (math) == MF_MATH_NAME && text != NULL)
    id = g_strndup (text, strcspn (text, "."));
  else if (mf_math_kind (math) == MF_MATH_SYMBOL && sub != NULL)
    id = g_strdup (strrchr (sub, ',') != NULL ? strrchr (sub, ',') + 1 : sub);
  if (id != NULL && mf_circuit_find_component (w->model->circuit, id) >= 0)
    g_hash_table_add (ids, g_steal_pointer (&id));
  for (guint i = 0; i < mf_math_n_children (math); i++)
    collect_components (w, mf_math_child (math, i), ids);
}

static int
compare_ids (gconstpointer a, gconstpointer b, gpointer circuit)
{
  return mf_circuit_find_component (circuit, *(const char *const *) a)
         - mf_circuit_find_component (circuit, *(const char *const *) b);
}

static void
round_components (const Writer *w, MfIndexRound *r)
{
  g_autoptr (GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *lists[] = { r->beta, r->constraints, r->derivatives };
  g_autofree gpointer *keys = NULL;
  guint n = 0;

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (guint i = 0; i < lists[l]->len; i++)
      if (lists[l]->pdata[i] != NULL)
        collect_components (w, lists[l]->pdata[i], ids);
  keys = g_hash_table_get_keys_as_array (ids, &n);
  g_qsort_with_data (keys, (gint) n, sizeof (gpointer), compare_ids,
                     (gpointer) w->model->circuit);
  r->components = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    r->components[i] = g_strdup (keys[i]);
}

/* β's columns, "β_1 = (P1.v: 0, C1.v: 1)". */
static void
add_beta (const Writer *w, MfIndexRound *r)
{
  const MfReduction *red = w->reduction;
  guint n_bar = mf_reduction_n_independent (red);

  for (guint c = 0; c < red->mass_nullity; c++)
    {
      g_autofree char *sub = g_strdup_printf ("%u", c + 1);
      MfMath *list = mf_math_row_new ();

      for (guint j = 0; j < n_bar; j++)
        {
          double v = AT (red->mass_null_basis, n_bar, j, c);

          if (j > 0)
            mf_math_append (list, mf_math_text (", "));
          mf_math_append (list, mf_math_name (mf_model_state_name (w->model,
                                                                   red->nullspace->independent[j])));
          mf_math_append (list, mf_math_text (": "));
          mf_math_append (list, mf_math_number (fabs (v) < NEGLIGIBLE ? 0.0 : v));
        }
      g_ptr_array_add (r->beta, mf_math_row (mf_math_symbol ("β", sub), mf_math_text (" = "),
                                             mf_math_paren (list), NULL));
    }
}

/* Differentiates the constraints of `r` that hold no velocity; returns how many. */
static guint
differentiate (const Writer *w, MfIndexRound *r)
{
  guint count = 0;

  for (guint i = 0; i < r->constraints->len; i++)
    {
      const MfMath *c = r->constraints->pdata[i];
      g_autofree char *held = names_in (w, c, w->velocities);
      g_autofree char *fixed = names_in (w, c, w->algebraic);
      g_autofree char *states = names_in (w, c, NULL);

      if (held != NULL)
        {
          g_ptr_array_add (r->derivatives, NULL);
          g_ptr_array_add (r->substituted, NULL);
          g_ptr_array_add (r->notes,
                           fixed != NULL
                             ? g_strdup_printf (_("Constraint %u holds %s, which has no mass to "
                                                  "integrate: the constraint fixes it as an "
                                                  "algebraic state, and needs no derivative."),
                                                i + 1, fixed)
                             : g_strdup_printf (_("Constraint %u holds the velocities %s: it "
                                                  "fixes them, and needs no derivative."),
                                                i + 1, held));
          continue;
        }
      g_ptr_array_add (r->derivatives,
                       zero_equals (mf_math_derivative (mf_math_child (c, 2), in_set, w->varying)));
      g_ptr_array_add (r->substituted,
                       zero_equals (mf_math_substitute (mf_math_child (g_ptr_array_index (r->derivatives, i), 2),
                                                        w->rates)));
      g_ptr_array_add (r->notes,
                       g_strdup_printf (_("Constraint %u holds no velocity, only %s: it fixes a "
                                          "position or pressure, and its derivative, with "
                                          "x' = v and C·p' = inflow put in, is the next round’s "
                                          "constraint."),
                                        i + 1, states != NULL ? states : _("the inputs")));
      count++;
    }
  return count;
}

/* E of the first round when M̄ is regular: diag(M̄, I, I). */
static double *
regular_e (const MfReduction *red, guint n_bar, guint n)
{
  double *e = g_new0 (double, MAX ((gsize) n * n, 1));
  const MfSparse *m = red->mass_reduced;

  for (guint i = n_bar; i < n; i++)
    AT (e, n, i, i) = 1.0;
  for (guint i = 0; i < n_bar; i++)
    for (guint p = m->start[i]; p < m->start[i + 1]; p++)
      AT (e, n, i, m->col[p]) = m->val[p];
  return e;
}

static void
add_rounds (MfIndexSteps *steps, const Writer *w)
{
  const MfIndex *ix = w->reduction->index_analysis;
  guint n = steps->n;

  if (ix == NULL)
    {
      g_autofree double *e = regular_e (w->reduction, mf_reduction_n_independent (w->reduction), n);
      MfIndexRound *r = round_new (e, n, n);

      g_ptr_array_add (r->notes, g_strdup (_("M̄ is regular, so E is: every state has its "
                                              "derivative, and the equations are an ODE "
                                              "(index 0).")));
      round_components (w, r);
      g_ptr_array_add (steps->rounds, r);
      return;
    }
  for (guint s = 0; s < ix->steps->len; s++)
    {
      const MfIndexStep *step = ix->steps->pdata[s];
      MfIndexRound *r = round_new (step->matrix, step->rows, step->rank);
      MfIndexRound *previous = s > 0 ? steps->rounds->pdata[s - 1] : NULL;
      guint q = step->rows - step->rank;
      gboolean whole = TRUE;

      g_ptr_array_add (steps->rounds, r);
      for (guint c = 0; c < step->hidden->len; c++)
        g_ptr_array_add (r->involved, g_strdup (step->hidden->pdata[c]));
      if (s == 0 && q > 0)
        {
          add_beta (w, r);
          g_ptr_array_add (r->notes, g_strdup (_("M̄ is singular: each β spanning its null space "
                                                  "makes βᵀ times the reduced equations a "
                                                  "constraint with no derivative in it, in which "
                                                  "the junction pressures cancel.")));
          for (guint c = 0; c < w->reduction->mass_nullity && c < q; c++)
            {
              gboolean all = TRUE;

              g_ptr_array_add (r->constraints, first_constraint (w, c, &all));
              whole = whole && all;
            }
        }
      else if (previous != NULL && q > 0)
        {
          guint written = 0;

          for (guint c = 0; c < previous->substituted->len; c++)
            if (previous->substituted->pdata[c] != NULL)
              written++;
          if (written == q)
            for (guint c = 0; c < previous->substituted->len; c++)
              if (previous->substituted->pdata[c] != NULL)
                g_ptr_array_add (r->constraints, mf_math_copy (previous->substituted->pdata[c]));
        }
      if (q > 0 && r->constraints->len == 0)
        g_ptr_array_add (r->notes, g_strdup (_("These constraints are combinations the "
                                                "numbers find; they are not written out here.")));
      else if (q > 0 && whole)
        differentiate (w, r);
      if (q == 0)
        g_ptr_array_add (r->notes,
                         g_strdup_printf (_("E is regular: every state has its derivative. "
                                            "The index is %u."), s));
      else if (s + 1 == ix->steps->len && ix->index < 0)
        g_ptr_array_add (r->notes, g_strdup (_("These constraints hold no state: the equations "
                                                "do not determine the state, whatever is "
                                                "differentiated.")));
      round_components (w, r);
    }
}

static void
add_final (MfIndexSteps *steps, const char *state, gboolean integrated, MfMath *equation,
           char *why)
{
  MfIndexFinal *f = g_new0 (MfIndexFinal, 1);

  f->state = g_strdup (state);
  f->integrated = integrated;
  f->equation = equation;
  f->why = why;
  g_ptr_array_add (steps->final, f);
}

/* The last written constraint that holds `name`, or NULL. */
static const MfMath *
constraint_holding (const MfIndexSteps *steps, const char *name)
{
  g_autoptr (GHashTable) one = g_hash_table_new (g_str_hash, g_str_equal);

  g_hash_table_add (one, (gpointer) name);
  for (guint s = steps->rounds->len; s-- > 0;)
    {
      const MfIndexRound *r = steps->rounds->pdata[s];

      for (guint c = 0; c < r->constraints->len; c++)
        if (mf_math_has_name (r->constraints->pdata[c], in_set, one))
          return r->constraints->pdata[c];
    }
  return NULL;
}

/* The component equation whose left side is, or ends in, `name`'s rate. */
static const MfMath *
rate_equation (const Writer *w, const char *name)
{
  g_autofree char *rate = g_strdup_printf ("%s'", name);

  for (guint i = 0; i < mf_equations_n (w->equations); i++)
    {
      const MfEquation *e = mf_equations_get (w->equations, i);
      const MfMath *lhs = side (e, 0);
      g_autofree char *plain = NULL;

      if (e->kind != MF_EQUATION_KINEMATIC && e->kind != MF_EQUATION_COMPLIANT)
        continue;
      plain = mf_math_to_plain (lhs);
      if (g_str_has_suffix (plain, rate))
        return e->math;
    }
  return NULL;
}

/* The i-th row of M̄ v̄' = αᵀ F. */
static const MfMath *
reduced_row (const Writer *w, guint j)
{
  for (guint i = 0, seen = 0; i < mf_equations_n (w->equations); i++)
    if (mf_equations_get (w->equations, i)->kind == MF_EQUATION_REDUCED && seen++ == j)
      return mf_equations_get (w->equations, i)->math;
  return NULL;
}

static MfMath *
copy_or_words (const MfMath *math)
{
  return math != NULL ? mf_math_copy (math) : mf_math_words (_("not written out"));
}

static void
add_minimal (MfIndexSteps *steps, const Writer *w)
{
  const MfReduction *red = w->reduction;
  const MfIndex *ix = red->index_analysis;
  guint n_bar = mf_reduction_n_independent (red);
  g_autofree gboolean *algebraic = g_new0 (gboolean, MAX (steps->n, 1));

  if (ix != NULL && ix->index >= 0)
    {
      for (guint i = 0; i < ix->algebraic->len; i++)
        algebraic[g_array_index (ix->algebraic, guint, i)] = TRUE;
      for (guint i = 0; i < ix->constrained->len; i++)
        algebraic[n_bar + g_array_index (ix->constrained, guint, i)] = TRUE;
    }
  for (guint j = 0; j < steps->n; j++)
    {
      const char *name = steps->names[j];

      if (algebraic[j])
        add_final (steps, name, FALSE, copy_or_words (constraint_holding (steps, name)),
                   g_strdup (j < n_bar ? _("a hidden constraint fixes it: it has no mass")
                                       : _("a hidden constraint that holds no velocity fixes it")));
      else if (j < n_bar)
        add_final (steps, name, TRUE, copy_or_words (reduced_row (w, j)),
                   g_strdup (_("its row of the reduced equations gives its derivative")));
      else
        add_final (steps, name, TRUE, copy_or_words (rate_equation (w, name)),
                   g_strdup (_("its equation gives its derivative")));
    }
}

MfIndexSteps *
mf_index_steps_new (const MfModel *model, const MfReduction *reduction)
{
  MfIndexSteps *steps;
  Writer w = { 0 };
  guint n_bar, n_v;

  g_return_val_if_fail (model != NULL && reduction != NULL && reduction->nullspace != NULL, NULL);

  n_bar = mf_reduction_n_independent (reduction);
  n_v = mf_model_n_velocities (model);
  steps = g_new0 (MfIndexSteps, 1);
  steps->index = reduction->index;
  steps->n = n_bar + mf_model_n_positions (model) + mf_model_n_pressures (model);
  steps->names = g_new0 (char *, steps->n + 1);
  for (guint j = 0; j < steps->n; j++)
    steps->names[j] = g_strdup (mf_model_state_name (
      model, j < n_bar ? reduction->nullspace->independent[j] : n_v + (j - n_bar)));
  steps->rounds = g_ptr_array_new_with_free_func ((GDestroyNotify) round_free);
  steps->final = g_ptr_array_new_with_free_func ((GDestroyNotify) final_free);
  writer_init (&w, model, reduction);
  add_rounds (steps, &w);
  add_minimal (steps, &w);
  writer_clear (&w);
  return steps;
}

static void
append_math (GString *out, const char *label, const MfMath *math)
{
  g_autofree char *plain = mf_math_to_plain (math);

  g_string_append_printf (out, "  %s%s\n", label, plain);
}

char *
mf_index_steps_to_plain (const MfIndexSteps *steps)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (steps != NULL, NULL);

  for (guint s = 0; s < steps->rounds->len; s++)
    {
      const MfIndexRound *r = steps->rounds->pdata[s];

      g_string_append_printf (out, "round %u: rank %u of %u; zero rows:", s + 1, r->rank, r->n);
      for (guint i = 0; i < r->n; i++)
        if (r->zero_row[i])
          g_string_append_printf (out, " %s", steps->names[i]);
      g_string_append_c (out, '\n');
      for (guint i = 0; i < r->beta->len; i++)
        append_math (out, "", r->beta->pdata[i]);
      for (guint i = 0; i < r->constraints->len; i++)
        {
          append_math (out, "constraint: ", r->constraints->pdata[i]);
          if (i < r->derivatives->len && r->derivatives->pdata[i] != NULL)
            {
              append_math (out, "d/dt: ", r->derivatives->pdata[i]);
              append_math (out, "so: ", r->substituted->pdata[i]);
            }
        }
      if (r->components[0] != NULL)
        {
          g_autofree char *ids = g_strjoinv (" ", r->components);

          g_string_append_printf (out, "  components: %s\n", ids);
        }
    }
  g_string_append (out, "minimal-order system:\n");
  for (guint i = 0; i < steps->final->len; i++)
    {
      const MfIndexFinal *f = steps->final->pdata[i];
      g_autofree char *plain = mf_math_to_plain (f->equation);

      g_string_append_printf (out, "  %s %s: %s\n", f->integrated ? "integrated" : "algebraic",
                              f->state, plain);
    }
  return g_string_free (out, FALSE);
}
