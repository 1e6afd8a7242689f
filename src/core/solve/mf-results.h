/* mf-results.h: a run's samples written to a file in the format its name
 * asks for (docs/cli.md, "Result files") — CSV (mf-csv.h), MAT (MATLAB,
 * Octave; mf-results-mat.c) or HDF5 (mf-results-h5.c).  One interface for
 * the command line and the app, and the one place that maps a file name to
 * a format.
 *
 * The columns are the CSV's: the time, every chosen value with its unit,
 * the scheduled mode.  MAT and HDF5 keep the numbers as the doubles the run
 * computed (the CSV rounds them to ten digits), the event log and what the
 * run was (MfResultsInfo) in the same file; the CSV has the samples only.
 *
 * A writer is opened on an MfOutputFile (mf-output-file.h) before the run,
 * so that a destination that cannot be written is told at once; the columns
 * are named when the first sample comes; closing finishes the file, which
 * the caller then commits (or frees, and nothing is left).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-output-file.h"

G_BEGIN_DECLS

typedef enum
{
  MF_RESULTS_CSV,
  MF_RESULTS_MAT,  /* MAT v5, or v7.3 with MfResultsInfo.mat73 */
  MF_RESULTS_HDF5,
} MfResultsFormat;

/* The format `path` asks for by its extension, in any case: ".mat" MAT,
 * ".h5" and ".hdf5" HDF5, anything else (".csv", ".txt", none, "-") CSV. */
MfResultsFormat mf_results_format_for_path (const char *path);

/* What the run was, stored with the samples by MAT and HDF5 (their
 * attributes); a NULL string or a NAN number is left out. */
typedef struct
{
  const char *producer; /* "Manifold 0.1.0" */
  const char *document; /* the document's path */
  const char *title;    /* the document's title */
  const char *method;   /* "ida", "rkf45" */
  double      rtol;
  double      atol;
  double      t_end;
  gboolean    mat73;    /* MAT: v7.3 (HDF5-based, streamed) rather than v5 */
} MfResultsInfo;

/* The most bytes one MAT v5 variable holds (its size field is 32 bits,
 * less the tags): a run whose data is larger needs v7.3. */
#define MF_RESULTS_MAT_V5_MAX ((guint64) G_MAXINT32 - 1024)

typedef struct _MfResultsWriter MfResultsWriter;

/* Opens `out` (which must outlive the writer) for `format`: its temporary
 * file is created.  `info` is copied.  NULL with an error naming the file;
 * MAT and HDF5 cannot go to standard output. */
MfResultsWriter *mf_results_writer_open (MfOutputFile        *out,
                                         MfResultsFormat      format,
                                         const MfResultsInfo *info,
                                         GError             **error);
/* Names the columns that every mf_results_writer_add() then gives values
 * for: `n` `names` ("P1.v") with `units` ("m/s"; NULL, or an entry NULL or
 * "", for none).  Once, before the first sample. */
gboolean         mf_results_writer_begin (MfResultsWriter    *self,
                                          guint               n,
                                          const char *const  *names,
                                          const char *const  *units,
                                          GError            **error);
/* One sample: its time, the mode that holds (0-based) and n values. */
gboolean         mf_results_writer_add (MfResultsWriter *self,
                                        double           t,
                                        guint            mode,
                                        const double    *values,
                                        GError         **error);
/* One row of the event log (the --events CSV's columns, docs/cli.md), kept
 * until the close: MAT and HDF5 store it, CSV has no place for it. */
void             mf_results_writer_add_event (MfResultsWriter *self,
                                              double           t,
                                              const char      *component,
                                              const char      *from,
                                              const char      *to);
/* Writes what is buffered and the event log, and finishes the file; the
 * caller then commits the MfOutputFile.  Whether or not it succeeds, the
 * writer takes nothing more but mf_results_writer_free(). */
gboolean         mf_results_writer_close (MfResultsWriter *self,
                                          GError         **error);
/* Frees the writer; a file not closed is left unfinished (the MfOutputFile
 * drops it when it is freed without a commit). */
void             mf_results_writer_free (MfResultsWriter *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfResultsWriter, mf_results_writer_free)

G_END_DECLS
