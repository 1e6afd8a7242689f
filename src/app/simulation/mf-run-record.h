/* mf-run-record.h: one simulation run's data, kept after the run ends —
 * its samples (time, mode and one column per named value), the modes' names,
 * the event log, how the run ended, and what its solver did: the method,
 * the statistics and every step (mf-step-record.h).
 *
 * A run hands its samples in segments: one at its start and one more after
 * each live update of the document, each with its own list of values.  The
 * record's columns are the union over the segments, matched by name, in the
 * order they first appear; a column that a segment lacks holds NaN for that
 * segment's samples.  Columns grow by doubling, so appending a sample
 * allocates nothing most of the time.  No GTK here.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-run-provenance.h"
#include "mf-sim-worker.h"

G_BEGIN_DECLS

#define MF_TYPE_RUN_RECORD (mf_run_record_get_type ())
G_DECLARE_FINAL_TYPE (MfRunRecord, mf_run_record, MF, RUN_RECORD, GObject)

/* Properties (all notify):
 *   "label" (string): "Run 2", "C1.mass = 2 kg"; names its overlaid series.
 *   "note" (string, ""): what the run ran with that differs from the
 *   document as it is now ("O1.area = 4 mm²"), kept up to date by the
 *   pane (mf_run_provenance_differences()); its series' names and its row
 *   show it after the label.
 *   "summary" (string, read-only, NULL until the run has statistics): the
 *   method and statistics in a line, "rkf45 · 1 478 steps · 12 rejected ·
 *   0.21 s"; notified whenever the method or a count changes (the wall
 *   time: when it reads differently).
 *   "shown" (gboolean, FALSE): overlaid on the plots when it is not the
 *   current run.
 *   "status" (MfSimStatus, IDLE): RUNNING while samples come in, then how
 *   the run ended (mf_run_record_set_outcome()). */

MfRunRecord   *mf_run_record_new (const char *label);

const char    *mf_run_record_get_label (MfRunRecord *self);
void           mf_run_record_set_label (MfRunRecord *self,
                                        const char  *label);
const char    *mf_run_record_get_note (MfRunRecord *self);
void           mf_run_record_set_note (MfRunRecord *self,
                                       const char  *note);
/* The run's name with its note, for a legend ("Run 3 · O1.area = 4 mm²"),
 * or with `full` its settings too, for its row and tooltip ("Run 3 ·
 * msbdf, rtol 1e-6 · O1.area = 4 mm²") (mf_run_title_short(),
 * mf_run_title_long()).  A new string. */
char          *mf_run_record_dup_title (MfRunRecord *self,
                                        gboolean     full);
/* What the run ran with (taken; may be NULL), set when it starts; NULL
 * until then. */
void           mf_run_record_set_provenance (MfRunRecord     *self,
                                             MfRunProvenance *provenance);
const MfRunProvenance *mf_run_record_get_provenance (MfRunRecord *self);
gboolean       mf_run_record_get_shown (MfRunRecord *self);
void           mf_run_record_set_shown (MfRunRecord *self,
                                        gboolean     shown);
MfSimStatus    mf_run_record_get_status (MfRunRecord *self);
void           mf_run_record_set_status (MfRunRecord *self,
                                         MfSimStatus  status);

/* ---- samples ---- */

/* The samples that follow carry `n` values named `names` ("P1.v") with
 * `units` ("m/s"; NULL, or an entry NULL, for none).  A name not seen before
 * becomes a new column, NaN for the samples before; a name seen twice in one
 * segment is two columns. */
void           mf_run_record_begin_segment (MfRunRecord       *self,
                                            guint              n,
                                            const char *const *names,
                                            const char *const *units);
/* One sample: t (not below the last one's), the mode index that holds, and
 * the segment's n values in its order.  Before any segment, only t and the
 * mode are kept. */
void           mf_run_record_append (MfRunRecord  *self,
                                     double        t,
                                     guint         mode,
                                     const double *values);

/* Makes room for `n_samples` samples in every column, present and to come,
 * so that appends up to that count move no data (the pointers returned by
 * the getters stay the same).  Beyond it, growth is amortised as before.
 * For a run whose length is known when it starts. */
void           mf_run_record_reserve (MfRunRecord *self,
                                      guint        n_samples);
/* The samples reserved, or the samples held when that is more: what a
 * copy of the record's columns should make room for. */
guint          mf_run_record_get_capacity (MfRunRecord *self);

guint          mf_run_record_get_n_samples (MfRunRecord *self);
/* n_samples values each; valid until the next append. */
const double  *mf_run_record_get_times (MfRunRecord *self);
const guint   *mf_run_record_get_modes (MfRunRecord *self);

guint          mf_run_record_get_n_columns (MfRunRecord *self);
const char    *mf_run_record_get_column_name (MfRunRecord *self,
                                              guint        column);
/* "" for none. */
const char    *mf_run_record_get_column_unit (MfRunRecord *self,
                                              guint        column);
/* The first column named `name`, or -1. */
int            mf_run_record_find_column (MfRunRecord *self,
                                          const char  *name);
/* n_samples values; valid until the next append or begin_segment. */
const double  *mf_run_record_get_column (MfRunRecord *self,
                                         guint        column);

/* A column's value at time `t`: linear between the samples either side;
 * at a time held twice (an event), the later sample's side; NaN outside
 * the times or when `n` is 0. */
double         mf_run_interpolate (const double *times,
                                   const double *values,
                                   guint         n,
                                   double        t);
/* The value of the first column named `name` at time `t`, interpolated
 * so (the canvas's spools during a run); NaN when there is no such column
 * or the run does not reach t. */
double         mf_run_record_value_at (MfRunRecord *self,
                                       const char  *name,
                                       double       t);

/* How many segments have begun, and the index of the first sample of each
 * (a live update, or a restart, happened there). */
guint          mf_run_record_get_n_segments (MfRunRecord *self);
guint          mf_run_record_get_segment_start (MfRunRecord *self,
                                                guint        segment);

/* ---- modes, log and outcome ---- */

/* The names of the document's modes by index (copied); NULL for none. */
void           mf_run_record_set_mode_names (MfRunRecord       *self,
                                             const char *const *names);
/* The name of mode `mode`, or NULL when the record has no such name. */
const char    *mf_run_record_get_mode_name (MfRunRecord *self,
                                            guint        mode);

/* Keeps a copy of `entry` (its strings included). */
void           mf_run_record_add_log (MfRunRecord         *self,
                                      const MfSimLogEntry *entry);
guint          mf_run_record_get_n_log (MfRunRecord *self);
const MfSimLogEntry *mf_run_record_get_log (MfRunRecord *self,
                                            guint        i);

/* How the run ended: sets "status", and keeps a copy of `error` (may be
 * NULL; dropped unless the status is FAILED). */
void           mf_run_record_set_outcome (MfRunRecord  *self,
                                          MfSimStatus   status,
                                          const GError *error);
/* Why the run failed, or NULL. */
const GError  *mf_run_record_get_error (MfRunRecord *self);

/* Appends `n_rows` samples from `rows`, each `stride` doubles: the time,
 * the mode, then the segment's values in its order (what a worker's drain
 * hands over). */
void           mf_run_record_append_rows (MfRunRecord  *self,
                                          const double *rows,
                                          guint         n_rows,
                                          guint         stride);

/* Takes every sample, log row and step that `worker` has for its current
 * run (mf_sim_worker_drain_full(), mf_sim_worker_drain_log() and
 * mf_sim_worker_drain_steps()), each layout beginning a segment, and its
 * method and statistics as they are now.  Returns the number of samples
 * taken.  For the main thread, once per frame while the run is live, and
 * once after it ends.  Implemented in mf-run-record-drain.c, with
 * mf_sim_log_entry_label(). */
guint          mf_run_record_drain (MfRunRecord *self,
                                    MfSimWorker *worker);

/* ---- the solver ---- */

/* The integration method ("rkf45"; copied), NULL until known. */
void           mf_run_record_set_method (MfRunRecord *self,
                                         const char  *method);
const char    *mf_run_record_get_method (MfRunRecord *self);
/* The run's statistics (copied): so far while it is live, the whole run's
 * once it has ended. */
void           mf_run_record_set_stats (MfRunRecord             *self,
                                        const MfSimulationStats *stats);
/* NULL until set. */
const MfSimulationStats *mf_run_record_get_stats (MfRunRecord *self);
const char    *mf_run_record_get_summary (MfRunRecord *self);
/* Appends `n` entries to the run's steps. */
void           mf_run_record_add_steps (MfRunRecord       *self,
                                        const MfStepEntry *entries,
                                        guint              n);
/* Every step the run took and every try refused, oldest first; owned by
 * the record. */
const MfStepRecord *mf_run_record_get_steps (MfRunRecord *self);

/* ---- export ---- */

/* Writes the samples in the format the file's name asks for
 * (mf-results.h: .mat MAT, .h5 or .hdf5 HDF5, else CSV) as
 * `manifold-cli simulate -o` writes them (docs/cli.md, "Result files"):
 * the time, the columns, the mode; MAT and HDF5 add the event log and the
 * run's method.  A MAT file is v5, or v7.3 when the data would not fit in
 * v5's 2 GiB.  `columns` names the columns to write, in the order given
 * (NULL: all, in the record's order); an unknown name is an MF_ERROR_USAGE
 * error and nothing is written.  The file is replaced atomically
 * (mf-output-file.h: a link is written through, the file's mode kept,
 * anything but a regular file refused): on any error it is left as it
 * was.  Implemented in mf-run-record-write.c.  Blocks on the file system;
 * a big record is best written from a thread (the record must then not
 * change meanwhile). */
gboolean       mf_run_record_write_data (MfRunRecord       *self,
                                         const char *const *columns,
                                         GFile             *file,
                                         GError           **error);

/* An event of the log in words, translated: "CV1 closed", "C1 at stop";
 * a scheduled mode change is the new mode's name.  A new string. */
char          *mf_sim_log_entry_label (const MfSimLogEntry *entry);

G_END_DECLS
