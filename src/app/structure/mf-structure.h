/* mf-structure.h: the structure of one mode of a document, as the
 * structure panel shows it — the core's reduction (mf-reduction.h) of a
 * document text, plus what the panel needs to tie the numbers back to the
 * drawing: which components and ports each row and column of W stands for.
 *
 * Computing it loads the text, assembles the model and reduces one mode;
 * that can take a while for a big circuit, so the asynchronous form runs in
 * a worker thread on its own copy of the text.  No GTK here.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-document.h"
#include "mf-model.h"
#include "mf-reduction.h"

G_BEGIN_DECLS

typedef struct _MfStructure MfStructure;

/* What the reduction makes of a velocity state (a column of W). */
typedef enum
{
  MF_STATE_ROLE_DEPENDENT,  /* fixed by the constraints: a pivot of W */
  MF_STATE_ROLE_INTEGRATED, /* independent, carries mass: integrated */
  MF_STATE_ROLE_ALGEBRAIC,  /* independent, massless: solved from hidden constraints */
} MfStateRole;

/* What a row of W stands for. */
typedef enum
{
  MF_ROW_NODE,   /* an incompressible node: continuity there */
  MF_ROW_LINK,   /* a mechanical node shared by masses, or fixed */
  MF_ROW_CLOSED, /* a closed valve, or a piston at an end stop */
} MfRowKind;

/* Loads `data` (a document, docs/format.md; `name` is used in messages) and
 * reduces the mode called `mode`, or the first mode when `mode` is NULL or
 * names no mode of the document.  Fails with the loader's error
 * ("NAME:LINE:COL: message"), the assembly's (MF_ERROR_STRUCTURE, naming the
 * component or node), MF_ERROR_SOLVER when the linear algebra fails, or
 * G_IO_ERROR_CANCELLED when `cancellable` was cancelled between steps. */
MfStructure       *mf_structure_compute (const char    *data,
                                         gssize         length,
                                         const char    *name,
                                         const char    *mode,
                                         GCancellable  *cancellable,
                                         GError       **error);
/* The same in a worker thread; the text is copied first. */
void               mf_structure_compute_async (const char          *data,
                                               gssize               length,
                                               const char          *name,
                                               const char          *mode,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
MfStructure       *mf_structure_compute_finish (GAsyncResult  *result,
                                                GError       **error);
void               mf_structure_free (MfStructure *structure);

/* The mode reduced: its index and name, and every mode's name. */
guint              mf_structure_get_mode (const MfStructure *structure);
const char        *mf_structure_get_mode_name (const MfStructure *structure);
const char *const *mf_structure_get_mode_names (const MfStructure *structure);

/* The core's objects, for everything not repeated here. */
const MfModel     *mf_structure_get_model (const MfStructure *structure);
const MfReduction *mf_structure_get_reduction (const MfStructure *structure);

guint              mf_structure_get_rank (const MfStructure *structure);
/* As MfReduction.index: 0 for an ODE, -1 when the equations do not
 * determine every state. */
int                mf_structure_get_index (const MfStructure *structure);
gboolean           mf_structure_get_mass_singular (const MfStructure *structure);

/* The velocity states (columns of W) in a role; independent states are
 * the integrated and the algebraic ones, in the reduction's preference
 * order.  Free with g_strfreev(). */
char             **mf_structure_dup_states (const MfStructure *structure,
                                            MfStateRole        role);
char             **mf_structure_dup_independent (const MfStructure *structure);
/* The role of velocity state `column`. */
MfStateRole        mf_structure_get_state_role (const MfStructure *structure,
                                                guint              column);
/* Positions and pressures that the hidden constraints of an index-2 mode
 * fix ("C1.x"); empty otherwise. */
char             **mf_structure_dup_constrained (const MfStructure *structure);
/* Whether model state `state`, a position or a pressure, is one of those
 * (else it is integrated); FALSE for a velocity. */
gboolean           mf_structure_get_state_fixed (const MfStructure *structure,
                                                 guint              state);
/* Every state solved at each step rather than integrated, as
 * `manifold-cli analyze` lists them: the algebraic velocities, then the
 * constrained positions and pressures ("C1.v, P1.b.p"). */
char             **mf_structure_dup_algebraic (const MfStructure *structure);
/* Every state the minimal-order system integrates, as `manifold-cli
 * analyze` and the Equations window list them: the integrated velocities,
 * then every position and compliant pressure no hidden constraint fixes
 * ("P1.v, C1.x, V1.p.p"). */
char             **mf_structure_dup_integrated (const MfStructure *structure);
/* Where state `name` is on the drawing: the component of a velocity or a
 * position ("C1" for "C1.x") in `component`; for a node pressure a port of
 * its node ("P1.b" for "P1.b.p") in `port`, and its junction, if it is
 * named after one ("J1" for "J1.p"), in `component`.  What does not apply
 * is set to NULL; returns FALSE, setting both to NULL, when `name` is no
 * state. */
gboolean           mf_structure_locate_state (const MfStructure  *structure,
                                              const char         *name,
                                              char              **component,
                                              char              **port);

/* The index procedure in words, a line per step ("Step 0: E is 1 × 1,
 * rank 0; hidden constraint on O1.v"); empty when M̄ is regular. */
char             **mf_structure_dup_index_steps (const MfStructure *structure);
/* What is wrong or noteworthy, in words: the loader's warnings, then the
 * reduction's problems. */
const char *const *mf_structure_get_problems (const MfStructure *structure);

/* Rows of W: what each stands for, the components it is about (a node's
 * junction, if it has one; the masses and pistons of a link; the closed
 * valve) and the ports ("ID.PORT") of its node (empty for closed valves). */
MfRowKind          mf_structure_get_row_kind (const MfStructure *structure,
                                              guint              row);
const char *const *mf_structure_get_row_components (const MfStructure *structure,
                                                    guint              row);
const char *const *mf_structure_get_row_ports (const MfStructure *structure,
                                               guint              row);
/* The component of velocity state `column` ("P1" for "P1.v"). */
const char        *mf_structure_get_column_component (const MfStructure *structure,
                                                      guint              column);

/* Which rows and columns of W involve any of `component_ids`: a node row
 * when one of the node's ports belongs to them, a link or closed-valve row
 * when its component does, a column when its state does.  `rows` and
 * `columns` hold n_rows and n_cols entries of the reduction.  Returns
 * whether anything matched. */
gboolean           mf_structure_match_components (const MfStructure  *structure,
                                                  const char * const *component_ids,
                                                  gboolean           *rows,
                                                  gboolean           *columns);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfStructure, mf_structure_free)

G_END_DECLS
