/* mf-handout.h: the equations of a mode and its index procedure as a
 * handout to print or hand round (docs/manual.md, "Export for handouts"):
 * a PDF of A4 pages, one tall SVG page, or a LaTeX document that compiles
 * on its own.  A handout is a list of sections, each a run of blocks —
 * headings, prose, typeset equations after their ids, matrices drawn as
 * grids, figures drawn by a callback — that the PDF breaks into pages
 * between blocks, never inside one; each section also brings its own
 * LaTeX.  The handout holds copies of what it is given, so it can be
 * written on another thread.  No GTK: Pango, cairo and GIO.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-equations.h"
#include "mf-index-steps.h"
#include "mf-plot-export.h"
#include "mf-structural.h"

G_BEGIN_DECLS

typedef enum
{
  MF_HANDOUT_FORMAT_AUTO,  /* from the file name's extension */
  MF_HANDOUT_FORMAT_PDF,
  MF_HANDOUT_FORMAT_SVG,
  MF_HANDOUT_FORMAT_LATEX,
} MfHandoutFormat;

/* A4 in points, and the margins around the text. */
#define MF_HANDOUT_PAGE_WIDTH 595.0
#define MF_HANDOUT_PAGE_HEIGHT 842.0
#define MF_HANDOUT_MARGIN 56.0

typedef struct _MfHandout MfHandout;

/* A handout headed by `title` (the circuit's, or its file's name) and
 * `subtitle` (the mode). */
MfHandout      *mf_handout_new (const char *title,
                                const char *subtitle);
void            mf_handout_free (MfHandout *handout);

/* The equations after their ids and the symbols with their values, as the
 * Equations window shows them; `circuit` names the symbols' owners. */
void            mf_handout_add_equations (MfHandout         *handout,
                                          const MfEquations *equations,
                                          const MfCircuit   *circuit);
/* A section per round of the index procedure — what E is and E as a grid,
 * β, each constraint with its derivative, the notes — and the
 * minimal-order system. */
void            mf_handout_add_procedure (MfHandout          *handout,
                                          const MfIndexSteps *steps);
/* A picture of width × height points (scaled down to the text's width),
 * drawn by `draw` (mf-plot-export.h) in [0, width] × [0, height];
 * `destroy` frees `data` with the handout.  The LaTeX gets `latex` in its
 * place (a picture has no LaTeX of its own; NULL: a line saying it is in
 * the PDF and SVG).  For pictures such as the incidence matrix and its
 * block triangular form. */
void            mf_handout_add_picture (MfHandout        *handout,
                                        double            width,
                                        double            height,
                                        MfPlotFigureFunc  draw,
                                        gpointer          data,
                                        GDestroyNotify    destroy,
                                        const char       *latex);
/* A section of its own headed `heading`, holding one picture. */
void            mf_handout_add_figure (MfHandout        *handout,
                                       const char       *heading,
                                       double            width,
                                       double            height,
                                       MfPlotFigureFunc  draw,
                                       gpointer          data,
                                       GDestroyNotify    destroy,
                                       const char       *latex);
/* The pieces of a section (in the PDF and SVG and in the LaTeX): its
 * title, which starts a page; a heading; a paragraph of plain prose. */
void            mf_handout_add_section (MfHandout  *handout,
                                        const char *title);
void            mf_handout_add_heading (MfHandout  *handout,
                                        const char *heading);
void            mf_handout_add_text    (MfHandout  *handout,
                                        const char *text);

/* mf-handout-structure.c: a section of the structural analysis, as the
 * Equations window's Structure page shows it — the index compared with
 * `numerical` (the multiplier form's, -1 for none), the incidence matrix
 * and its block lower-triangular form drawn as grids, Pantelides' steps,
 * the dummy derivatives and the algebraic loops. */
void            mf_handout_add_structure (MfHandout          *handout,
                                          const MfStructural *structural,
                                          int                 numerical);

/* ".pdf", ".svg", ".tex" in any case; AUTO for others. */
MfHandoutFormat mf_handout_format_from_path (const char *path);
const char     *mf_handout_extension (MfHandoutFormat format);

/* The whole as a LaTeX document (article, amsmath). */
char           *mf_handout_to_latex (const MfHandout *handout);
/* Writes the handout in `format` (not AUTO) to `stream`; *n_pages (may be
 * NULL) gets the PDF's pages, 1 for SVG and LaTeX.  FALSE with the
 * stream's error (it names the file) or an MF_PLOT_ERROR_WRITE. */
gboolean        mf_handout_write (const MfHandout *handout,
                                  GOutputStream   *stream,
                                  MfHandoutFormat  format,
                                  guint           *n_pages,
                                  GError         **error);
/* The same into `file`, replaced in one step (mf-output-file.h): on an
 * error the old file is left as it was.  AUTO takes the format from the
 * name; a name without .pdf, .svg or .tex is a G_IO_ERROR_INVALID_ARGUMENT
 * naming it. */
gboolean        mf_handout_export (const MfHandout *handout,
                                   GFile           *file,
                                   MfHandoutFormat  format,
                                   GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfHandout, mf_handout_free)

G_END_DECLS
