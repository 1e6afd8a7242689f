/* mf-structural-text.h: a structural analysis (mf-structural.h) in
 * sentences, as the Equations window's Structure page and the handout
 * both say it: the index compared, the incidence, Pantelides' steps and
 * how often each equation is differentiated, the dummy derivatives, the
 * block lower-triangular form and its loops.  Translated; no GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-structural.h"

G_BEGIN_DECLS

/* A sentence of a list, with the names of the equations and unknowns it
 * mentions (for the canvas). */
typedef struct
{
  char      *line;
  GPtrArray *names; /* char* */
} MfStructuralLine;

void       mf_structural_line_free (MfStructuralLine *line);

/* "Structural index 2; numerical index of the multiplier form 2";
 * `numerical` is that index, -1 when the procedure found none. */
char      *mf_structural_text_title (const MfStructural *structural,
                                     int                 numerical);
/* The comparison (mf_structural_compare()) as a sentence. */
char      *mf_structural_text_comparison (const MfStructural *structural,
                                          int                 numerical);
/* What both analyses read, and why they may differ. */
const char *mf_structural_text_reading (void);
/* The incidence's size and its matching; what the picture shows. */
char      *mf_structural_text_incidence (const MfStructural *structural);
const char *mf_structural_text_incidence_legend (void);
/* Pantelides' steps, the first `max` of them (MfStructuralLine*). */
GPtrArray *mf_structural_text_steps (const MfStructural *structural,
                                     guint               max);
/* "Differentiated, with how often: …", or NULL when nothing is. */
char      *mf_structural_text_counts (const MfStructural *structural);
/* How the structural index follows from the steps, or NULL without one. */
char      *mf_structural_text_index (const MfStructural *structural);
/* The dummy derivatives and what is integrated, or NULL without them. */
char      *mf_structural_text_dummies (const MfStructural *structural);
/* The block form's size, blocks and loops; what the picture shows. */
char      *mf_structural_text_blt (const MfStructural *structural);
const char *mf_structural_text_blt_legend (void);
/* The algebraic loops, the first `max` of them (MfStructuralLine*). */
GPtrArray *mf_structural_text_loops (const MfStructural *structural,
                                     guint               max);

G_END_DECLS
