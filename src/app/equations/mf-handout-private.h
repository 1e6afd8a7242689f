/* mf-handout-private.h: what a handout (mf-handout.h) is made of, shared
 * by the file that builds it (mf-handout.c) and the one that sets it on
 * pages (mf-handout-pages.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "mf-handout.h"

G_BEGIN_DECLS

typedef enum
{
  MF_BLOCK_TITLE,      /* text: the handout's title */
  MF_BLOCK_SECTION,    /* text: a section's title, starts a new page in the PDF */
  MF_BLOCK_HEADING,    /* text: a round's title; kept on the page of what follows it */
  MF_BLOCK_SUBHEADING, /* text: as a heading, smaller */
  MF_BLOCK_TEXT,       /* text: prose (Pango markup), wrapped to the text's width, after
                        * the label when there is one */
  MF_BLOCK_MATH,       /* math after the label (NULL: indented) */
  MF_BLOCK_MATRIX,     /* an n × n matrix under its column names */
  MF_BLOCK_FIGURE,     /* a picture drawn by `draw` */
} MfBlockKind;

typedef struct
{
  MfBlockKind       kind;
  char             *text;
  char             *label;
  MfMath           *math;
  guint             n;        /* MATRIX */
  double           *e;        /* column-major */
  char            **rows;     /* n row labels */
  char            **columns;  /* n column labels */
  gboolean         *marked;   /* n: rows drawn on a tint */
  double            width;    /* FIGURE, in points */
  double            height;
  MfPlotFigureFunc  draw;
  gpointer          data;
  GDestroyNotify    destroy;
} MfBlock;

struct _MfHandout
{
  char      *title;
  char      *subtitle;
  GPtrArray *blocks; /* MfBlock* */
  GString   *latex;  /* the body, section by section */
};

/* Draws the handout on A4 pages of a PDF surface (`paged`), or on one
 * page as tall as it needs on an SVG surface, made by `make` writing to
 * `sink`; finishes the surface, sets *n_pages and returns the first error
 * of the drawing or the surface. */
typedef cairo_surface_t *(*MfHandoutSurfaceFunc) (gpointer sink,
                                                  double   width,
                                                  double   height);
cairo_status_t   mf_handout_draw (const MfHandout      *handout,
                                  gboolean              paged,
                                  MfHandoutSurfaceFunc  make,
                                  gpointer              sink,
                                  guint                *n_pages);

G_END_DECLS
