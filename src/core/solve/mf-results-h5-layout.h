/* mf-results-h5-layout.h: the one description of how a run lies in an
 * HDF5 group, shared by the writer of result files (mf-results-h5.c), the
 * writer of runs files (mf-stored-run-h5.c) and the reader of both
 * (mf-results-h5-read.c) (docs/cli.md, "HDF5 files"; docs/format.md,
 * "Runs kept beside the document"):
 *
 *   attributes   what the run was: strings and doubles
 *   t            N doubles, attribute unit = "s"
 *   mode         N unsigned 32-bit integers, the scheduled mode (0-based)
 *   series/NAME  N doubles per value, attribute unit ("" for none), in the
 *                order made (the group tracks it); a '/' in a name is '_'
 *   events/      t (doubles), component, from, to (UTF-8 strings)
 *
 * and the small writing and reading steps they are made of.  Errors of
 * libhdf5 are turned off for the calling thread's stack by
 * mf_h5_quiet() and come back as a detail for our messages.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <hdf5.h>

#include "mf-stored-run.h"

G_BEGIN_DECLS

#define MF_H5_TIME      "t"
#define MF_H5_MODE      "mode"
#define MF_H5_SERIES    "series"
#define MF_H5_EVENTS    "events"
#define MF_H5_UNIT      "unit"
#define MF_H5_COMPONENT "component"
#define MF_H5_FROM      "from"
#define MF_H5_TO        "to"
#define MF_H5_LISTS     "lists"

/* Rows per chunk of a growing dataset: a short run's file stays small. */
#define MF_H5_CHUNK 1024

/* Leaves libhdf5's errors to us instead of standard error. */
void     mf_h5_quiet (void);
/* The innermost message of the error stack (where the error was met), or
 * NULL; clears the stack.  A new string. */
char    *mf_h5_take_error (void);

gboolean mf_h5_put_string (hid_t       where,
                           const char *name,
                           const char *text);
gboolean mf_h5_put_double (hid_t       where,
                           const char *name,
                           double      value);
/* An empty dataset of `type` that grows, in chunks of MF_H5_CHUNK. */
hid_t    mf_h5_growing_new (hid_t       where,
                            const char *name,
                            hid_t       type);
/* Appends `count` values of `type` to `dataset`, after its `n_rows`. */
gboolean mf_h5_append (hid_t       dataset,
                       hsize_t     n_rows,
                       hsize_t     count,
                       hid_t       type,
                       const void *values);
/* A new group `name` that lists its members in the order made. */
hid_t    mf_h5_ordered_group_new (hid_t       where,
                                  const char *name);
/* A column: a dataset of `k` doubles (growing, as a result file's) with
 * its attribute unit (NULL: "").  Returns the dataset, open, or -1. */
hid_t    mf_h5_column_new (hid_t         where,
                           const char   *name,
                           const char   *unit,
                           hsize_t       k,
                           const double *values);
/* The dataset name of series `name`: '/' is '_'.  A new string. */
char    *mf_h5_series_name (const char *name);
/* A dataset of `k` values (k may be 0) stored as `type`, given as
 * `memory_type`. */
gboolean mf_h5_table_put (hid_t       where,
                          const char *name,
                          hid_t       type,
                          hid_t       memory_type,
                          hsize_t     k,
                          const void *values);
/* A dataset of `k` UTF-8 strings of any length. */
gboolean mf_h5_strings_put (hid_t              where,
                            const char        *name,
                            hsize_t            k,
                            const char *const *texts);
/* The group "events" of the log `events` (MfStoredEvent), k rows. */
gboolean mf_h5_events_put (hid_t         where,
                           const GArray *events);

G_END_DECLS
