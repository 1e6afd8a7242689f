/* mf-expr-parse-private.h: the state of the expression parser, shared by
 * mf-expr-parse.c (the grammar and the tree it builds), mf-expr-lex.c (the
 * tokens and syntax errors) and mf-expr-dimension.c (the rules for units).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-expr-private.h"
#include "mf-text.h"

G_BEGIN_DECLS

/* Bounds the parser's recursion ("((((...") and the tree height, so neither
 * the parse nor an evaluation on a simulation thread can exhaust the stack
 * (docs/format.md, "Limits"). */
#define MF_EXPR_MAX_DEPTH  200u
#define MF_EXPR_MAX_HEIGHT 2000u
/* Keeps dimension exponents far from the gint8 limits. */
#define MF_EXPR_MAX_EXPONENT 60

typedef enum
{
  MF_TOKEN_END,
  MF_TOKEN_NUMBER,
  MF_TOKEN_NAME,
  MF_TOKEN_PUNCT,
  MF_TOKEN_BAD,
} MfTokenKind;

typedef struct
{
  const char *text;
  gsize       length;
  MfTokenKind kind;
  gsize       start; /* the current token is text[start, end) */
  gsize       end;
  guint       depth;
  GArray     *nodes;  /* MfNode */
  GArray     *points; /* double */
  GPtrArray  *names;  /* char *, each name once */
  GError     *error;
  gsize       error_offset;
} MfParser;

/* A parsed subexpression: its root node, dimension, tree height and where
 * its text starts (for error offsets). */
typedef struct
{
  guint       node;
  MfDimension dimension;
  guint       height;
  gsize       offset;
} MfOperand;

static const MfDimension unitless = { 0, 0, 0, TRUE };

/* mf-expr-lex.c */

gboolean    mf_expr_parser_fail (MfParser   *p,
                                 gsize       offset,
                                 const char *format,
                                 ...) G_GNUC_PRINTF (3, 4);
gboolean    mf_expr_is_name_start (char c);
gsize       mf_expr_scan_name (const char *s,
                               gsize       i);
gsize       mf_expr_skip_space (const char *s,
                                gsize       i);
void        mf_expr_next_token (MfParser *p);
gboolean    mf_expr_at_punct (const MfParser *p,
                              char            c);
gboolean    mf_expr_token_is (const MfParser *p,
                              const char     *word);
gboolean    mf_expr_fail_unexpected (MfParser *p);
gboolean    mf_expr_expect_punct (MfParser *p,
                                  char      c);

/* mf-expr-dimension.c */

char       *mf_expr_describe_with_article (MfDimension dimension);
gboolean    mf_expr_dimension_is_dimensionless (MfDimension d);
gboolean    mf_expr_dimension_multiply (MfParser    *p,
                                        gsize        offset,
                                        MfDimension  a,
                                        MfDimension  b,
                                        int          sign,
                                        MfDimension *out);
gboolean    mf_expr_dimension_add (MfParser    *p,
                                   gsize        offset,
                                   char         op,
                                   MfDimension  a,
                                   MfDimension  b,
                                   MfDimension *out);
MfDimension mf_expr_function_dimension (MfOp             op,
                                        const MfOperand *args);

G_END_DECLS
