/* mf-results-private.h: what mf-results.c shares with the writers of each
 * format (mf-results-mat.c, mf-results-h5.c): the writer's common part and
 * the functions each format gives.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-csv.h"
#include "mf-results.h"
#include "mf-stored-run.h"

G_BEGIN_DECLS

/* One row of the event log, its strings owned: the stored run's. */
typedef MfStoredEvent MfResultsEvent;

/* The info's strings, copied. */
typedef struct
{
  char  *producer;
  char  *document;
  char  *title;
  char  *method;
  double rtol;
  double atol;
  double t_end;
} MfResultsMeta;

/* One entry of the info, as MAT and HDF5 store it: a string, or a number
 * when `text` is NULL. */
typedef struct
{
  const char *name;
  const char *text;
  double      value;
} MfResultsMetaEntry;

#define MF_RESULTS_META_MAX 7

/* The entries of `meta` the run has (a NULL string and a NAN number are
 * left out), in a fixed order: producer, document, title, method, rtol,
 * atol, t_end.  Returns how many were put in `entries`. */
guint mf_results_meta_entries (const MfResultsMeta *meta,
                               MfResultsMetaEntry   entries[MF_RESULTS_META_MAX]);

typedef struct _MfResultsMat MfResultsMat;
typedef struct _MfResultsH5  MfResultsH5;

struct _MfResultsWriter
{
  MfResultsFormat format;
  MfOutputFile   *out;     /* not owned */
  GOutputStream  *stream;  /* CSV: the output file's (owned by out) */
  const char     *path;    /* MAT, HDF5: the temporary file's (owned by out) */
  MfResultsMeta   meta;
  gboolean        mat73;
  guint           n;       /* values per sample */
  char          **names;   /* n, NULL-terminated */
  char          **units;   /* n, "" for none, NULL-terminated */
  GArray         *events;  /* MfResultsEvent */
  gboolean        begun;
  gboolean        closed;
  MfCsvWriter    *csv;
  MfResultsMat   *mat;
  MfResultsH5    *h5;
};

/* Each format: `begin` once the columns are known (names, units, n set),
 * `add` per sample, `close` with the event log, `free` on every way out. */
MfResultsMat *mf_results_mat_begin (const MfResultsWriter *writer,
                                    GError               **error);
gboolean      mf_results_mat_add (MfResultsMat *mat,
                                  double        t,
                                  guint         mode,
                                  const double *values,
                                  GError      **error);
gboolean      mf_results_mat_close (MfResultsMat          *mat,
                                    const MfResultsWriter *writer,
                                    GError               **error);
void          mf_results_mat_free (MfResultsMat *mat);

MfResultsH5  *mf_results_h5_begin (const MfResultsWriter *writer,
                                   GError               **error);
gboolean      mf_results_h5_add (MfResultsH5  *h5,
                                 double        t,
                                 guint         mode,
                                 const double *values,
                                 GError      **error);
gboolean      mf_results_h5_close (MfResultsH5           *h5,
                                   const MfResultsWriter *writer,
                                   GError               **error);
void          mf_results_h5_free (MfResultsH5 *h5);

/* "cannot write FILE: what" with the name the user gave. */
void          mf_results_set_error (GError               **error,
                                    const MfResultsWriter *writer,
                                    const char            *what);

G_END_DECLS
