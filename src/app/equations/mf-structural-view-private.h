/* mf-structural-view-private.h: what the files of MfStructuralView share —
 * the instance, and the calls between its worker and picks
 * (mf-structural-view.c) and its contents (mf-structural-view-show.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-structural-view.h"
#include "mf-structure.h"

G_BEGIN_DECLS

struct _MfStructuralView
{
  GtkWidget     parent_instance;

  MfDocumentSnapshot *source; /* what is analysed, or NULL */
  gboolean      stale;       /* a source not analysed yet */
  GCancellable *cancellable;
  MfStructure  *structure;
  MfStructural *structural;
  char         *comparison;
  char         *message;

  GtkWidget    *scroller;
  GtkWidget    *content;
  MfMatrixView *incidence;
  MfMatrixView *blt;
  GtkListBox   *steps;
  GtkListBox   *loops;
};

/* mf-structural-view.c: a grid's selection, or a step's or a loop's row
 * (which keeps its names as "names"), asks the canvas for what it names. */
void mf_structural_view_grid_selected (MfStructuralView *self,
                                       MfMatrixView     *grid);
void mf_structural_view_row_selected  (MfStructuralView *self,
                                       GtkListBoxRow    *row);

/* mf-structural-view-show.c: the page anew from the analysis, or the
 * message when there is none. */
void mf_structural_view_show          (MfStructuralView *self);

G_END_DECLS
