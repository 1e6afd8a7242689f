/* mf-matrix-view-private.h: what the files of MfMatrixView share — the
 * instance, its geometry and the helpers that drawing
 * (mf-matrix-view-draw.c) and input (mf-matrix-view-input.c) need.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-matrix-view.h"

G_BEGIN_DECLS

#define LABEL_PADDING   6
#define MAX_LABEL_WIDTH 180
#define MARK_STRIPE     3

struct _MfMatrixView
{
  GtkWidget      parent_instance;

  guint          n_rows;
  guint          n_cols;
  char         **row_labels;
  char         **col_labels;
  guint         *row_start; /* n_rows + 1 */
  guint         *col_index; /* per entry, ascending within a row */
  double        *values;    /* per entry */
  guint8        *row_marks;
  guint8        *col_marks;
  gboolean      *row_highlight;
  gboolean      *col_highlight;
  int            selected_row;
  int            selected_col;
  char          *placeholder;
  /* mf-matrix-view-marks.c: a cell set off per row (-1 for none), square
   * blocks outlined along the diagonal, entries drawn as marks alone */
  int           *row_cell;
  guint          n_blocks;
  guint         *block_start; /* n_blocks + 1 */
  gboolean       pattern;

  /* geometry, in pixels, from the labels and the font */
  int            header_width;
  int            header_height;
  int            cell_width;
  int            cell_height;
  gboolean       geometry_valid;
  GHashTable    *label_widths; /* label text → width + 1, in the font below */
  char          *widths_font;
  gboolean       reveal_pending; /* scroll to the highlight at the next allocation */

  GtkAdjustment *hadjustment;
  GtkAdjustment *vadjustment;
  guint          hscroll_policy : 1;
  guint          vscroll_policy : 1;
};


/* Layouts with digits of one width; small for the cells. */
PangoLayout *mf_matrix_view_create_layout (MfMatrixView *self,
                                           gboolean      small);
/* Cell and label sizes from the font and the labels, when out of date. */
void         mf_matrix_view_ensure_geometry (MfMatrixView *self);
double       mf_matrix_view_scroll_x (MfMatrixView *self);
double       mf_matrix_view_scroll_y (MfMatrixView *self);
/* The first entry of `row` in a column >= col. */
guint        mf_matrix_view_first_entry (MfMatrixView *self,
                                         guint         row,
                                         guint         col);

/* The text a cell shows: its value, or a mark when only the pattern is
 * drawn. */
char        *mf_matrix_view_cell_text (MfMatrixView *self,
                                       double        value);

/* mf-matrix-view-draw.c */
void         mf_matrix_view_snapshot (GtkWidget   *widget,
                                      GtkSnapshot *snapshot);

/* mf-matrix-view-input.c */
void         mf_matrix_view_add_controllers (MfMatrixView *self);
gboolean     mf_matrix_view_query_tooltip (GtkWidget  *widget,
                                           int         x,
                                           int         y,
                                           gboolean    keyboard,
                                           GtkTooltip *tooltip);

G_END_DECLS
