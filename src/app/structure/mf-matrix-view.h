/* mf-matrix-view.h: a sparse matrix drawn as a labelled grid — W, M, α —
 * with sticky row and column labels, scrolling, and a selectable row and
 * column.  Only the visible cells are drawn, so a constraint matrix of a
 * thousand components scrolls as fast as one of three.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MF_TYPE_MATRIX_VIEW (mf_matrix_view_get_type ())
G_DECLARE_FINAL_TYPE (MfMatrixView, mf_matrix_view, MF, MATRIX_VIEW, GtkWidget)

/* How a row or column label is set off from the others. */
typedef enum
{
  MF_MATRIX_MARK_NONE,
  MF_MATRIX_MARK_ACCENT,  /* e.g. an independent state */
  MF_MATRIX_MARK_WARNING, /* e.g. a redundant row, an undetermined pressure */
} MfMatrixMark;

/* Signals:
 *   "selection-changed" (void): the user picked a row, a column or a cell
 *   (by pointer or keyboard); read "selected-row" and "selected-column".
 * Properties: "selected-row", "selected-column" (int, -1 for none),
 *   "placeholder" (string shown when the matrix has no rows or columns);
 *   GtkScrollable's, so put it straight into a GtkScrolledWindow. */
GtkWidget  *mf_matrix_view_new (void);

/* The grid: n_rows × n_cols with their labels (copied) and the entries of
 * `values`, n_rows × n_cols column-major (copied; zeros are left blank).
 * Clears marks and highlights, and the selection unless the labels are the
 * same as before. */
void        mf_matrix_view_set_dense (MfMatrixView       *self,
                                      guint               n_rows,
                                      guint               n_cols,
                                      const char * const *row_labels,
                                      const char * const *col_labels,
                                      const double       *values);
/* The same from the nonzero entries only: value k at (rows[k], cols[k]). */
void        mf_matrix_view_set_sparse (MfMatrixView       *self,
                                       guint               n_rows,
                                       guint               n_cols,
                                       const char * const *row_labels,
                                       const char * const *col_labels,
                                       guint               n_entries,
                                       const guint        *rows,
                                       const guint        *cols,
                                       const double       *values);
void        mf_matrix_view_clear (MfMatrixView *self);

guint       mf_matrix_view_get_n_rows (MfMatrixView *self);
guint       mf_matrix_view_get_n_cols (MfMatrixView *self);
const char *mf_matrix_view_get_row_label (MfMatrixView *self,
                                          guint         row);
const char *mf_matrix_view_get_col_label (MfMatrixView *self,
                                          guint         col);
/* The entry at (row, col); 0 where the matrix has none. */
double      mf_matrix_view_get_value (MfMatrixView *self,
                                      guint         row,
                                      guint         col);

/* One MfMatrixMark per row (n_rows) or column (n_cols); NULL clears. */
void        mf_matrix_view_set_row_marks (MfMatrixView  *self,
                                          const guint8  *marks);
void        mf_matrix_view_set_col_marks (MfMatrixView  *self,
                                          const guint8  *marks);
MfMatrixMark mf_matrix_view_get_row_mark (MfMatrixView *self,
                                          guint         row);
MfMatrixMark mf_matrix_view_get_col_mark (MfMatrixView *self,
                                          guint         col);

/* Rows and columns to set off because they belong to what is selected
 * elsewhere (the canvas); NULL clears. */
void        mf_matrix_view_set_highlight (MfMatrixView   *self,
                                          const gboolean *rows,
                                          const gboolean *cols);
/* Scrolls the first highlighted row and column into view (at the next
 * allocation, when the view has its size). */
void        mf_matrix_view_reveal_highlight (MfMatrixView *self);
gboolean    mf_matrix_view_get_row_highlighted (MfMatrixView *self,
                                                guint         row);
gboolean    mf_matrix_view_get_col_highlighted (MfMatrixView *self,
                                                guint         col);

/* Selects a row and a column (-1 for none) as the user would, emitting
 * "selection-changed" when anything changes, and scrolls them into view. */
void        mf_matrix_view_select (MfMatrixView *self,
                                   int           row,
                                   int           col);
/* Drops the selection without "selection-changed": something else was
 * picked elsewhere. */
void        mf_matrix_view_unselect (MfMatrixView *self);
int         mf_matrix_view_get_selected_row (MfMatrixView *self);
int         mf_matrix_view_get_selected_column (MfMatrixView *self);

void        mf_matrix_view_set_placeholder (MfMatrixView *self,
                                            const char   *text);

/* Hit testing in widget coordinates: the row and column under (x, y), -1
 * over the labels or outside the grid. */
void        mf_matrix_view_locate (MfMatrixView *self,
                                   double        x,
                                   double        y,
                                   int          *row,
                                   int          *col);

/* mf-matrix-view-marks.c.  Whether entries are drawn as a mark "×", their
 * value left to the tooltip: for a pattern such as an incidence.  Kept
 * when the contents change. */
void        mf_matrix_view_set_pattern (MfMatrixView *self,
                                        gboolean      pattern);
gboolean    mf_matrix_view_get_pattern (MfMatrixView *self);
/* Per row (n_rows), the column of a cell to fill (-1 for none), e.g. the
 * unknown a matching pairs the equation with; NULL clears. */
void        mf_matrix_view_set_row_cells (MfMatrixView *self,
                                          const int    *cols);
int         mf_matrix_view_get_row_cell (MfMatrixView *self,
                                         guint         row);
/* Square blocks along the diagonal: block b holds rows and columns
 * block_start[b] .. block_start[b+1]-1 (n_blocks + 1 entries, the last at
 * most the smaller size); blocks of more than one row are outlined
 * strongly.  0 clears.  The cells, blocks and marks are cleared when the
 * contents change. */
void        mf_matrix_view_set_blocks (MfMatrixView *self,
                                       guint         n_blocks,
                                       const guint  *block_start);
guint       mf_matrix_view_get_n_blocks (MfMatrixView *self);
/* The block holding `row`, or -1. */
int         mf_matrix_view_get_block (MfMatrixView *self,
                                      guint         row);

/* The text a cell shows ("7.85e-05"; "" for zero). */
char       *mf_matrix_view_format_value (double value);

G_END_DECLS
