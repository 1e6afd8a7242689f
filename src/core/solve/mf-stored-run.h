/* mf-stored-run.h: a run as a file holds it — its samples (times, modes,
 * named columns with units), its event log, what it was as named
 * attributes (strings or numbers) and named lists of strings — and the
 * HDF5 files that hold runs: a result file of one run (`manifold-cli
 * simulate -o run.h5`, docs/cli.md) read back whole, and a runs file of
 * many, the runs the app keeps beside a document (docs/format.md, "Runs
 * kept beside the document"), written and read.  Both lay a run out as
 * mf-results-h5-layout.h says.  No GTK.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-output-file.h"

G_BEGIN_DECLS

/* One row of the event log, its strings owned. */
typedef struct
{
  double t;
  char  *component;
  char  *from;
  char  *to;
} MfStoredEvent;

/* Frees the strings of the MfStoredEvent at `data` (a GArray's clear
 * function). */
void               mf_stored_event_clear (gpointer data);

typedef struct
{
  guint    n_samples;
  double  *times;     /* n_samples */
  guint32 *modes;     /* n_samples */
  guint    n_columns;
  char   **names;     /* n_columns, NULL-terminated */
  char   **units;     /* n_columns, "" for none, NULL-terminated */
  double **columns;   /* n_columns arrays of n_samples */
  GArray  *events;    /* MfStoredEvent */
  GPtrArray *attributes; /* private: the named strings and numbers, in order */
  GPtrArray *lists;      /* private: the named lists of strings */
} MfStoredRun;

/* An empty run: no samples, no columns. */
MfStoredRun       *mf_stored_run_new (void);
void               mf_stored_run_free (MfStoredRun *self);

/* The samples: `n` times and modes (copied); once, before the columns. */
void               mf_stored_run_set_samples (MfStoredRun   *self,
                                              guint          n,
                                              const double  *times,
                                              const guint32 *modes);
/* A column of n_samples `values` (copied); `unit` NULL or "" for none. */
void               mf_stored_run_add_column (MfStoredRun  *self,
                                             const char   *name,
                                             const char   *unit,
                                             const double *values);
void               mf_stored_run_add_event (MfStoredRun *self,
                                            double       t,
                                            const char  *component,
                                            const char  *from,
                                            const char  *to);

/* Named attributes: a string, or a number.  Setting a name again replaces
 * it.  A string asked as a number or the reverse is absent: NULL, NAN. */
void               mf_stored_run_set_text (MfStoredRun *self,
                                           const char  *name,
                                           const char  *text);
void               mf_stored_run_set_number (MfStoredRun *self,
                                             const char  *name,
                                             double       value);
const char        *mf_stored_run_get_text (const MfStoredRun *self,
                                           const char        *name);
double             mf_stored_run_get_number (const MfStoredRun *self,
                                             const char        *name);
guint              mf_stored_run_get_n_attributes (const MfStoredRun *self);
/* Attribute `i`: its name, and its text or (text NULL) its number. */
const char        *mf_stored_run_get_attribute (const MfStoredRun *self,
                                                guint              i,
                                                const char       **text,
                                                double            *value);

/* Named lists of strings (copied; an empty list is kept as one). */
void               mf_stored_run_set_list (MfStoredRun       *self,
                                           const char        *name,
                                           const char *const *items);
/* NULL-terminated, or NULL when the run has no such list. */
const char *const *mf_stored_run_get_list (const MfStoredRun *self,
                                           const char        *name);
guint              mf_stored_run_get_n_lists (const MfStoredRun *self);
const char        *mf_stored_run_get_list_name (const MfStoredRun *self,
                                                guint              i);

/* ---- HDF5 files ---- */

/* A result file of one run (mf-results.h's HDF5) read whole: its root's
 * attributes, samples, series and events.  NULL with an error naming the
 * file when it is not one. */
MfStoredRun       *mf_results_h5_read (const char *path,
                                       GError    **error);

/* The runs file's mark, the root's attribute "content". */
#define MF_STORED_RUNS_CONTENT "manifold-runs"
#define MF_STORED_RUNS_VERSION 1

/* Writes `runs` (MfStoredRun *) in order into `out`'s temporary file
 * (mf_output_file_open_path()), one group each under "runs" ("1", "2",
 * …), with the root's attributes content, version, `producer` ("Manifold 0.1.0") and `n_made`
 * (what the runs' owner numbers them by); the caller commits `out`.  A
 * G_IO_ERROR naming the file when it cannot. */
gboolean           mf_stored_runs_write_h5 (MfOutputFile *out,
                                            const char   *producer,
                                            GPtrArray    *runs,
                                            double        n_made,
                                            GError      **error);
/* The runs of a runs file, in order (MfStoredRun *, freeing), and its
 * n_made (NAN when absent).  NULL with an error naming the file:
 * MF_ERROR_IO when it cannot be read, MF_ERROR_INVALID when it is not
 * HDF5, not a runs file or damaged, MF_ERROR_VERSION when it is of a later
 * version. */
GPtrArray         *mf_stored_runs_read_h5 (const char *path,
                                           double     *n_made,
                                           GError    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfStoredRun, mf_stored_run_free)

G_END_DECLS
