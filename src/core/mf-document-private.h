/* mf-document-private.h: the checks of a parsed document against FORMAT.md,
 * shared by mf-document.c (reading, syntax) and mf-document-validate.c
 * (the rules of the format, building the circuit).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "mf-document.h"
#include "mf-error.h"
#include "mf-json-locate.h"

G_BEGIN_DECLS

/* A diagnostic with what the GError would carry if it were the first. */
typedef struct
{
  MfDiagnostic *diagnostic;
  MfErrorCode   code;
  guint         sequence; /* order of discovery: breaks ties when sorting */
} MfFinding;

typedef struct
{
  const char    *text;
  gsize          length;
  MfJsonLocator *locator;    /* built at the first finding that needs a place */
  GArray        *findings;   /* MfFinding */
  MfCircuit     *circuit;    /* what the document builds */
  MfCircuit     *scratch;    /* holds components whose id is unusable, to check them anyway */
  GHashTable    *broken_ids; /* ids of components not built: no follow-on errors about them */
} MfChecker;

void     mf_checker_init (MfChecker  *checker,
                          const char *text,
                          gsize       length);
void     mf_checker_clear (MfChecker *checker);

/* A finding at an explicit place (1-based; the text's syntax, before there
 * are paths). */
void     mf_checker_add (MfChecker  *checker,
                         MfSeverity  severity,
                         MfErrorCode code,
                         guint       line,
                         guint       column,
                         char       *message);
/* A finding at the value at `path` (see mf-json-locate.h). */
void     mf_checker_report (MfChecker  *checker,
                            MfSeverity  severity,
                            MfErrorCode code,
                            const char *path,
                            const char *format,
                            ...) G_GNUC_PRINTF (5, 6);
/* MF_ERROR_INVALID at the value at `path`. */
void     mf_checker_error (MfChecker  *checker,
                           const char *path,
                           const char *format,
                           ...) G_GNUC_PRINTF (3, 4);
/* A warning at the name of the member at `path`. */
void     mf_checker_warn_key (MfChecker  *checker,
                              const char *path,
                              const char *format,
                              ...) G_GNUC_PRINTF (3, 4);
/* MF_ERROR_SYNTAX at byte `offset` of the string value at `path`. */
void     mf_checker_syntax_in_string (MfChecker  *checker,
                                      const char *path,
                                      gsize       offset,
                                      const char *format,
                                      ...) G_GNUC_PRINTF (4, 5);

gboolean mf_checker_has_errors (const MfChecker *checker);

/* Checks a parsed document against FORMAT.md and fills checker->circuit. */
void     mf_document_check (MfChecker *checker,
                            JsonNode  *root);

G_END_DECLS
