/* mf-document.h: circuit documents (docs/format.md, version 1) — loading with
 * every problem located by line and column, and saving that keeps every field
 * a loaded document had, written atomically.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-circuit.h"
#include "mf-model.h"
#include "mf-plot-list.h"

G_BEGIN_DECLS

/* The largest document the loader reads (docs/format.md, "Limits"); each
 * limit is refused with a located error before it costs more memory. */
#define MF_DOCUMENT_MAX_SIZE       (256u << 20) /* bytes of text */
#define MF_DOCUMENT_MAX_DEPTH      1000u        /* arrays and objects inside one another */
#define MF_DOCUMENT_MAX_STRING     (1u << 20)   /* bytes of one string, as written */
#define MF_DOCUMENT_MAX_ITEMS      25000000u    /* values and member names */
#define MF_DOCUMENT_MAX_COMPONENTS 1000000u

typedef enum
{
  MF_SEVERITY_ERROR,
  MF_SEVERITY_WARNING,
} MfSeverity;

/* One problem found in a document.  line and column are 1-based and point
 * at the value at fault (for a value inside a string, at the character at
 * fault); the loader places every problem, a document too large to read at
 * 1:1.  0 for a problem that has no place in the text. */
typedef struct
{
  MfSeverity severity;
  guint      line;
  guint      column;
  char      *message; /* without the file name: "unknown component type 'pipee'" */
} MfDiagnostic;

void  mf_diagnostic_free (MfDiagnostic *diagnostic);
/* "NAME:LINE:COL: message", or "NAME:LINE:COL: warning: message". */
char *mf_diagnostic_format (const MfDiagnostic *diagnostic,
                            const char         *name);

typedef struct _MfDocument MfDocument;

/* Loads a document from memory.  `name` is used in messages (a path or
 * "<example>").  Every problem found goes into `diagnostics` (if not NULL, a
 * GPtrArray of MfDiagnostic* whose free func the caller sets); on the first
 * error the document is rejected: NULL, and `error` holds that first problem
 * formatted as "NAME:LINE:COL: message" with code MF_ERROR_SYNTAX (bad JSON or
 * expression), MF_ERROR_VERSION or MF_ERROR_INVALID. */
MfDocument      *mf_document_load_data (const char *data,
                                        gssize      length,
                                        const char *name,
                                        GPtrArray  *diagnostics,
                                        GError    **error);
/* FALSE, with the error mf_document_load_data() would give, when a
 * document of `size` bytes is too large to read (docs/format.md,
 * "Limits"): for a caller that knows the size before reading. */
gboolean         mf_document_check_size (guint64     size,
                                         const char *name,
                                         GError    **error);
/* The same for a file; a file that cannot be read is MF_ERROR_IO. */
MfDocument      *mf_document_load_file (const char *path,
                                        GPtrArray  *diagnostics,
                                        GError    **error);

void             mf_document_free (MfDocument *document);

const char      *mf_document_get_name (const MfDocument *document);
const MfCircuit *mf_document_get_circuit (const MfDocument *document);
/* The "plots" section (docs/format.md "Plots"), NULL when the document has
 * none. */
const MfPlotList *mf_document_get_plot_list (const MfDocument *document);

/* Where a component's object starts in the text (1-based), for messages
 * that come later (assembly, simulation).  FALSE if unknown. */
gboolean         mf_document_locate_component (const MfDocument *document,
                                               const char       *id,
                                               guint            *line,
                                               guint            *column);
/* Where the value at `path` (mf-json-locate.h: "modes/1/name") starts in
 * the text.  FALSE if the document has no such value. */
gboolean         mf_document_locate (const MfDocument *document,
                                     const char       *path,
                                     guint            *line,
                                     guint            *column);

/* The document's circuit assembled, as mf_model_new() does it.  When it
 * cannot be, NULL: the error goes into `diagnostics` (if not NULL), placed
 * at what it is about (a component, the list of components, an initial
 * value), and into `error` as "NAME:LINE:COL: message". */
MfModel         *mf_document_new_model (const MfDocument *document,
                                        GPtrArray        *diagnostics,
                                        GError          **error);

/* The document as pretty-printed JSON: every field it was loaded with, in
 * its order, unknown ones included. */
char            *mf_document_to_data (const MfDocument *document,
                                      gsize            *length);
/* Writes to_data() to `path` atomically (a temporary file renamed over it). */
gboolean         mf_document_save (const MfDocument *document,
                                   const char       *path,
                                   GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfDocument, mf_document_free)

G_END_DECLS
