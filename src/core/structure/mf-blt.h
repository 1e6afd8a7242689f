/* mf-blt.h: the block lower-triangular form of the final system of a
 * structural analysis (mf-pantelides.h) — its highest-derivative equations
 * solved for the unknowns Pantelides matched them to, every lower
 * derivative (a state) known.
 *
 * Equation e needs equation f first when e involves the unknown f is
 * solved for.  The strongly connected components of that graph (Tarjan's
 * algorithm, iteratively) are the blocks, found in an order where each
 * comes after every block it needs: the fine Dulmage–Mendelsohn
 * decomposition of the matched system.  A block of one equation is solved
 * alone; a larger one is an algebraic loop that needs Newton, and is torn
 * (mf-tearing.h): a few of its unknowns guessed, the others follow one
 * equation at a time, and as many of its equations are left as residuals.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-pantelides.h"

G_BEGIN_DECLS

typedef struct
{
  guint  n_blocks;
  guint *block_start; /* n_blocks + 1: block b holds places block_start[b] .. block_start[b+1]-1 */
  /* per place, block by block in solving order: an equation of the extended
   * system and the unknown it is solved for; within a torn block, the
   * equations that follow one another first, then the residuals (and the
   * tear unknowns in their places) */
  guint *equations;
  guint *unknowns;
  guint *n_tear;      /* per block: its tears (and residuals), 0 for one equation */
  guint  n_loops;     /* blocks of more than one equation */
  guint  largest;     /* the most equations in a block */
} MfBlt;

MfBlt *mf_blt_new (const MfPantelides *pantelides);
void   mf_blt_free (MfBlt *blt);

static inline guint
mf_blt_block_size (const MfBlt *blt, guint block)
{
  return blt->block_start[block + 1] - blt->block_start[block];
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfBlt, mf_blt_free)

G_END_DECLS
