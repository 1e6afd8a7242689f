/* mf-csv.h: results as CSV (docs/cli.md, "CSV") — a header
 *
 *   t [s],P1.v [m/s],J1.p [Pa],…,solver.sigma_max,CV1.open,…,solver.mode
 *
 * then one row per sample, numbers in C-locale "%.10g" whatever the user's
 * locale: the outputs, the switches (mf_simulation_n_switches(): 1 or 0),
 * and the scheduled mode as its 0-based index.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-model.h"

G_BEGIN_DECLS

typedef struct _MfCsvWriter MfCsvWriter;

/* Writes the header for the outputs of `model` (mf_model_n_outputs()) to
 * `out`, which the writer keeps a reference to but never closes.  NULL with
 * the stream's error if writing fails. */
MfCsvWriter *mf_csv_writer_new (GOutputStream *out,
                                const MfModel *model,
                                GError       **error);
/* The same for any columns: `n_columns` named `names` with `units` (NULL,
 * or an entry NULL or "", for none); mf_csv_writer_add() then takes
 * n_columns values per row. */
MfCsvWriter *mf_csv_writer_new_for_columns (GOutputStream      *out,
                                            guint               n_columns,
                                            const char *const  *names,
                                            const char *const  *units,
                                            GError            **error);
/* One row: t, the sample's values as mf_simulate() hands them (the
 * outputs, then the switches), the mode.  Rows are buffered; an error is
 * the stream's. */
gboolean     mf_csv_writer_add (MfCsvWriter  *writer,
                                double        t,
                                guint         mode,
                                const double *outputs,
                                GError      **error);
/* Writes what is buffered and flushes the stream (the caller closes it).
 * Rows added afterwards are an error of the caller. */
gboolean     mf_csv_writer_close (MfCsvWriter *writer,
                                  GError     **error);
/* Frees the writer; rows not yet written by mf_csv_writer_close() are
 * dropped. */
void         mf_csv_writer_free (MfCsvWriter *writer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfCsvWriter, mf_csv_writer_free)

G_END_DECLS
