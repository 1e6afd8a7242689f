/* mf-index-steps.h: the rounds of the index procedure of one mode written
 * out for people (docs/model.md, "The index procedure written out"): per
 * round E with its rank and zero rows, β in the first, each hidden
 * constraint as an equation in the components' symbols, its time
 * derivative as differentiated and as the next round's constraint once
 * x' = v and C·p' = inflow are put in, what the round concludes, and the
 * components it involves; then the states of the minimal-order system,
 * integrated or algebraic, with the equation that fixes each.  The numbers
 * (E, rank, which states each constraint holds) are those of mf-index.h;
 * the equations are those of mf-equations.h.  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-equations.h"
#include "mf-reduction.h"

G_BEGIN_DECLS

typedef struct
{
  guint      n;            /* E is n × n, over the states `names` of MfIndexSteps */
  double    *e;            /* column-major */
  guint      rank;
  gboolean  *zero_row;     /* n: the rows of E that are zero */
  GPtrArray *beta;         /* MfMath*: the first round's null-space vectors of M̄ */
  /* The hidden constraints "0 = …" in the components' symbols (empty when
   * the round has none, or they could not be written out), and for each
   * its derivative as differentiated and with x' = v and C·p' = inflow put
   * in (NULL for a constraint that holds a velocity: it is not
   * differentiated). */
  GPtrArray *constraints;  /* MfMath* */
  GPtrArray *derivatives;  /* MfMath* or NULL */
  GPtrArray *substituted;  /* MfMath* or NULL */
  GPtrArray *involved;     /* char*: per hidden constraint, the states it holds (mf-index.h) */
  GPtrArray *notes;        /* char*: what the round concludes, in words */
  char     **components;   /* the ids of the components the round involves */
} MfIndexRound;

typedef struct
{
  char     *state;       /* "C1.v" */
  gboolean  integrated;  /* FALSE: algebraic */
  MfMath   *equation;    /* what fixes it */
  char     *why;         /* in words */
} MfIndexFinal;

typedef struct
{
  int        index;      /* as MfReduction's: -1 undetermined */
  guint      n;
  char     **names;      /* n: the states y = [v̄; x; p_c] E's columns stand for */
  GPtrArray *rounds;     /* MfIndexRound* */
  GPtrArray *final;      /* MfIndexFinal*: the minimal-order system */
} MfIndexSteps;

/* The rounds of `reduction` (made by mf_reduction_new() for `model`). */
MfIndexSteps *mf_index_steps_new (const MfModel     *model,
                                  const MfReduction *reduction);
void          mf_index_steps_free (MfIndexSteps *steps);

/* Everything as plain text, a round after another: for the tests and the
 * command line. */
char         *mf_index_steps_to_plain (const MfIndexSteps *steps);
/* The same as LaTeX for a document that loads amsmath (a handout,
 * mf-handout.h): a \subsection* per round with E as an array under the
 * states' names, β, each constraint with its derivative and the form the
 * next round takes, the notes as paragraphs; then the minimal-order
 * system.  mf-index-steps-latex.c. */
char         *mf_index_steps_to_latex (const MfIndexSteps *steps);
/* The minimal-order system for people: the integrated states, then the
 * algebraic ones, each with the sentence that says what fixes it ("C1.x:
 * its equation gives its derivative") and its equation; `heading`
 * ("Integrated states") is given with the first of each kind, else NULL. */
typedef void (*MfIndexFinalFunc) (const char   *heading,
                                  const char   *line,
                                  const MfMath *equation,
                                  gpointer      data);
void          mf_index_steps_foreach_final (const MfIndexSteps *steps,
                                            MfIndexFinalFunc    func,
                                            gpointer            data);
/* What a round's E is, in a sentence: regular, or its rank and how many
 * of its rows are zero. */
char         *mf_index_round_describe_e (const MfIndexRound *round);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfIndexSteps, mf_index_steps_free)

G_END_DECLS
