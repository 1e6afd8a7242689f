/* mf-bench-ida.h: what the benchmarks against SUNDIALS IDA with KLU share
 * (bench-ida-ladder.c, bench-ida-mesh.c; docs/performance.md, "Scale").
 * Each bench writes its circuit's full, unreduced index-1 DAE by hand (an
 * MfBenchDae); the protocol is the same for every circuit:
 *
 *  - Manifold end to end, as a user gets it: the document's text loaded,
 *    the model built and reduced, the document's method and sample count
 *    (or --samples K), and per sample the values the document's "outputs"
 *    name written as CSV (to /dev/null), every value when it names none;
 *  - IDA + KLU on the full DAE, with an analytic sparse Jacobian, asked
 *    for the same samples as a user of IDA asks (IDASolve to each output
 *    time in IDA_NORMAL mode: IDA steps past it and interpolates) and
 *    writing them with the same CSV writer: every unknown when Manifold
 *    writes every value, else those of Manifold's values it has;
 *  - both at the document's rtol and Manifold's atol (for IDA: m/s, and
 *    atol times the supply's pressure for its pressures), both measured at
 *    t_end against IDA at rtol 1e-12: the largest error of the pipe
 *    velocities and of the junction pressures, each relative to its
 *    largest reference value;
 *  - every run in a process of its own, which gives its peak memory (the
 *    resident memory it added: VmHWM at its end less VmRSS at its start)
 *    and lets a run longer than --max-seconds be stopped and reported as
 *    skipped instead of hanging the bench;
 *  - the setup (Manifold: loading, the model, the reduction, up to its
 *    first sample; IDA: its vectors, matrix, solver and options) timed
 *    apart from the run, in CPU time of the run's process (both solvers
 *    use one thread; on a shared machine wall time measures the others'
 *    work too), best of --repeats (a single run when the first takes more
 *    than 10 s).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <errno.h>
#include <fcntl.h>
#include <gio/gunixoutputstream.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include "mf-csv.h"
#include "mf-document.h"
#include "mf-error.h"
#include "mf-model.h"
#include "mf-simulation.h"

/* ---- the command line ---- */

typedef struct
{
  int     samples;     /* 0: the document's */
  char   *series;      /* NULL: the bench's choice, a few values above N = 1000 */
  double  max_seconds; /* a run longer than this is stopped */
  int     repeats;
} MfBenchOptions;

/* Parses the options out of argv, leaving the sizes; FALSE after a
 * message. */
static inline gboolean
mf_bench_options_parse (MfBenchOptions *o, int *argc, char ***argv, const char *summary)
{
  const GOptionEntry entries[] = {
    { "samples", 0, 0, G_OPTION_ARG_INT, &o->samples,
      "Samples per run, t = 0 and t_end included (default: the document's)", "K" },
    { "series", 0, 0, G_OPTION_ARG_STRING, &o->series,
      "The values Manifold writes per sample, as the document's \"outputs\" (default: every "
      "value up to N = 1000, a few above)", "NAMES" },
    { "max-seconds", 0, 0, G_OPTION_ARG_DOUBLE, &o->max_seconds,
      "Stop a run that takes longer, and skip it (default 300)", "S" },
    { "repeats", 0, 0, G_OPTION_ARG_INT, &o->repeats, "Runs of each, the best counts (default 3)",
      "R" },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("[N ...]");
  g_autoptr (GError) error = NULL;

  o->samples = 0;
  o->series = NULL;
  o->max_seconds = 300.0;
  o->repeats = 3;
  g_option_context_set_summary (context, summary);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  if (o->samples == 1 || o->samples < 0 || o->repeats < 1 || !(o->max_seconds > 0))
    {
      g_printerr ("--samples needs at least 2, --repeats at least 1, --max-seconds more than 0\n");
      return FALSE;
    }
  return TRUE;
}

/* The document's text with "outputs": NAMES (comma-separated) first in its
 * "simulation" object, which the generators write last.  Inserted into the
 * text: json-glib writes 1e-8 as "1e-08.0", which no reader takes. */
static inline char *
mf_bench_document_with_outputs (const char *text, const char *names)
{
  static const char simulation[] = "\"simulation\": {";
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) node = json_node_new (JSON_NODE_ARRAY);
  g_autofree char *list = NULL;
  g_auto (GStrv) each = g_strsplit (names, ",", -1);
  JsonArray *outputs = json_array_new ();
  const char *at = g_strrstr (text, simulation);

  if (at == NULL)
    g_error ("the generated document has no \"simulation\"");
  at += strlen (simulation);
  for (guint i = 0; each[i] != NULL; i++)
    json_array_add_string_element (outputs, g_strstrip (each[i]));
  json_node_take_array (node, outputs);
  json_generator_set_root (generator, node);
  list = json_generator_to_data (generator, NULL);
  return g_strdup_printf ("%.*s \"outputs\": %s,%s", (int) (at - text), text, list, at);
}

/* The document a bench runs: `plain` as generated, with "outputs" from
 * --series, else `few` for circuits of more than 1000 pipes, else none;
 * its text in *text.  A document that does not load is a bug of the
 * bench. */
static inline MfDocument *
mf_bench_load (const char *plain, guint64 pipes, const char *few, const MfBenchOptions *o,
               char **text)
{
  g_autoptr (GError) error = NULL;
  MfDocument *document;

  if (o->series != NULL || pipes > 1000)
    *text = mf_bench_document_with_outputs (plain, o->series != NULL ? o->series : few);
  else
    *text = g_strdup (plain);
  document = mf_document_load_data (*text, -1, "<bench>", NULL, &error);
  if (document == NULL)
    g_error ("%s", error->message);
  return document;
}

/* ---- a run in a process of its own ---- */

/* CPU time of this process, s. */
static inline double
mf_bench_cpu_seconds (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return (double) now.tv_sec + 1e-9 * (double) now.tv_nsec;
}

typedef struct
{
  double   setup;   /* s */
  double   run;     /* s */
  guint64  steps;
  double   peak_mb; /* resident memory the run added at its peak */
  double  *y;       /* the unknowns of the DAE at t_end */
} MfBenchResult;

typedef enum
{
  MF_BENCH_DONE,
  MF_BENCH_FAILED,
  MF_BENCH_TOO_SLOW,
} MfBenchOutcome;

/* Fills the result but for peak_mb; FALSE after a message. */
typedef gboolean (*MfBenchWork) (gpointer data, MfBenchResult *result);

/* A line of /proc/self/status ("VmHWM:"), kB; 0 if there is none. */
static inline double
mf_bench_status_kb (const char *key)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (line = strstr (status, key)) == NULL)
    return 0.0;
  return g_ascii_strtod (line + strlen (key), NULL);
}

/* The peak resident size so far becomes the size now (Linux 4.0 and
 * later); else the peak stays what the parent's was at the fork. */
static inline void
mf_bench_reset_peak (void)
{
  int fd = open ("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);

  if (fd >= 0 && write (fd, "5", 1) != 1)
    g_printerr ("the peak memory of a run includes its parent's\n");
  if (fd >= 0)
    close (fd);
}

static inline gboolean
mf_bench_write_all (int fd, const void *data, gsize size)
{
  const char *p = data;

  while (size > 0)
    {
      ssize_t n = write (fd, p, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      p += n, size -= (gsize) n;
    }
  return TRUE;
}

/* Reads `size` bytes before `deadline` (monotonic µs): 1 done, 0 the
 * writer ended first, -1 the deadline passed. */
static inline int
mf_bench_read_until (int fd, void *data, gsize size, gint64 deadline)
{
  char *p = data;

  while (size > 0)
    {
      gint64 left = deadline - g_get_monotonic_time ();
      struct pollfd poll_fd = { fd, POLLIN, 0 };
      ssize_t n;

      if (left <= 0)
        return -1;
      if (poll (&poll_fd, 1, (int) MIN (left / 1000 + 1, G_MAXINT)) <= 0)
        continue;
      n = read (fd, p, size);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return 0;
      p += n, size -= (gsize) n;
    }
  return 1;
}

/* Runs `work` in a child process, which hands back its result and the
 * n_y values of its y through a pipe. */
static inline MfBenchOutcome
mf_bench_isolated (MfBenchWork work, gpointer data, guint n_y, double max_seconds,
                   MfBenchResult *result)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (max_seconds * 1e6);
  int fds[2], got, status = 0;
  pid_t pid;

  fflush (stdout);
  fflush (stderr);
  if (pipe (fds) != 0 || (pid = fork ()) < 0)
    g_error ("cannot start a run: %s", g_strerror (errno));
  if (pid == 0)
    {
      double start_kb;
      gboolean ok;

      close (fds[0]);
      mf_bench_reset_peak ();
      start_kb = mf_bench_status_kb ("VmRSS:");
      ok = work (data, result);
      result->peak_mb = (mf_bench_status_kb ("VmHWM:") - start_kb) / 1024.0;
      ok = ok && mf_bench_write_all (fds[1], result, sizeof *result)
           && mf_bench_write_all (fds[1], result->y, n_y * sizeof (double));
      _exit (ok ? 0 : 1);
    }
  close (fds[1]);
  got = mf_bench_read_until (fds[0], result, sizeof *result, deadline);
  if (got > 0)
    {
      result->y = g_new (double, n_y);
      got = mf_bench_read_until (fds[0], result->y, n_y * sizeof (double), deadline);
      if (got <= 0)
        g_clear_pointer (&result->y, g_free);
    }
  close (fds[0]);
  if (got < 0)
    kill (pid, SIGKILL);
  waitpid (pid, &status, 0);
  if (got < 0)
    return MF_BENCH_TOO_SLOW;
  return got > 0 && WIFEXITED (status) && WEXITSTATUS (status) == 0 ? MF_BENCH_DONE
                                                                     : MF_BENCH_FAILED;
}

/* ---- the DAE for IDA ---- */

typedef enum
{
  MF_BENCH_PIPE,     /* a pipe's velocity: differential */
  MF_BENCH_ORIFICE,  /* an orifice's velocity: algebraic */
  MF_BENCH_PRESSURE, /* a junction's pressure: algebraic */
} MfBenchUnknown;

typedef struct
{
  guint               n;        /* unknowns */
  guint8             *kind;     /* MfBenchUnknown, per unknown */
  char              **names;    /* per unknown, its name among Manifold's outputs ("P1.v") */
  sunindextype        nnz;      /* nonzeros of the Jacobian */
  IDAResFn            residual;
  IDALsJacFn          jacobian; /* ∂F/∂y + cj ∂F/∂y', CSC */
  void               *data;
  guint               start;    /* from rest: every unknown 0, and the rate of this one… */
  double              start_rate; /* …this (the pipe from the supply) */
  double              supply;   /* Pa, the scale of the pressures' atol */
} MfBenchDae;

/* Writing a Jacobian column by column, rows ascending in each (CSC). */
typedef struct
{
  sunindextype *columns;
  sunindextype *rows;
  realtype     *values;
  sunindextype  n;
} MfBenchCsc;

static inline MfBenchCsc
mf_bench_csc (SUNMatrix jacobian)
{
  MfBenchCsc csc = { SUNSparseMatrix_IndexPointers (jacobian),
                     SUNSparseMatrix_IndexValues (jacobian), SUNSparseMatrix_Data (jacobian), 0 };

  return csc;
}

/* Starts column `column` (or, one past the last, ends the matrix). */
static inline void
mf_bench_csc_column (MfBenchCsc *csc, sunindextype column)
{
  csc->columns[column] = csc->n;
}

static inline void
mf_bench_csc_put (MfBenchCsc *csc, sunindextype row, double value)
{
  csc->rows[csc->n] = row;
  csc->values[csc->n++] = value;
}

static inline void
mf_bench_dae_init (MfBenchDae *dae, guint n)
{
  memset (dae, 0, sizeof *dae);
  dae->n = n;
  dae->kind = g_new0 (guint8, n);
  dae->names = g_new0 (char *, n + 1);
}

static inline void
mf_bench_dae_clear (MfBenchDae *dae)
{
  g_free (dae->kind);
  g_strfreev (dae->names);
}

typedef struct
{
  const MfBenchDae *dae;
  double            t_end, rtol, atol_v, atol_p;
  guint             samples; /* written per run, t = 0 and t_end included; 0: none */
  const char       *written; /* comma-separated names of the unknowns written, NULL: all */
} MfBenchIda;

/* The writer of IDA's samples, to /dev/null: the unknowns named in `written`
 * (NULL: all of them), their indices in *columns. */
static inline MfCsvWriter *
mf_bench_ida_writer (const MfBenchIda *ida, GOutputStream *stream, GArray *columns)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GPtrArray) units = g_ptr_array_new ();
  g_auto (GStrv) written = ida->written != NULL ? g_strsplit (ida->written, ",", -1) : NULL;
  g_autoptr (GError) error = NULL;
  MfCsvWriter *writer;

  for (guint i = 0; i < ida->dae->n; i++)
    if (written == NULL || g_strv_contains ((const char *const *) written, ida->dae->names[i]))
      {
        g_array_append_val (columns, i);
        g_ptr_array_add (names, ida->dae->names[i]);
        g_ptr_array_add (units, ida->dae->kind[i] == MF_BENCH_PRESSURE ? "Pa" : "m/s");
      }
  writer = mf_csv_writer_new_for_columns (stream, names->len, (const char *const *) names->pdata,
                                          (const char *const *) units->pdata, &error);
  if (writer == NULL)
    g_error ("%s", error->message);
  return writer;
}

/* The solution: to t_end stepping freely, or sample by sample, each
 * written. */
static inline int
mf_bench_ida_solve (const MfBenchIda *ida, void *mem, N_Vector y, N_Vector yp, double *reached)
{
  g_autoptr (GOutputStream) stream = NULL;
  g_autoptr (GArray) columns = NULL;
  g_autoptr (MfCsvWriter) writer = NULL;
  g_autofree double *row = NULL;
  g_autoptr (GError) error = NULL;
  int flag = 0;

  if (ida->samples < 2)
    return IDASolve (mem, ida->t_end, reached, y, yp, IDA_NORMAL);
  stream = g_unix_output_stream_new (open ("/dev/null", O_WRONLY | O_CLOEXEC), TRUE);
  columns = g_array_new (FALSE, FALSE, sizeof (guint));
  writer = mf_bench_ida_writer (ida, stream, columns);
  row = g_new0 (double, MAX (columns->len, 1));
  for (guint k = 0; k < ida->samples && flag >= 0; k++)
    {
      double t = k + 1 == ida->samples ? ida->t_end : ida->t_end * k / (ida->samples - 1);

      if (k > 0)
        flag = IDASolve (mem, t, reached, y, yp, IDA_NORMAL);
      for (guint c = 0; c < columns->len; c++)
        row[c] = N_VGetArrayPointer (y)[g_array_index (columns, guint, c)];
      if (flag >= 0 && !mf_csv_writer_add (writer, t, 0, row, &error))
        g_error ("%s", error->message);
    }
  if (!mf_csv_writer_close (writer, &error))
    g_error ("%s", error->message);
  return flag;
}

static inline gboolean
mf_bench_ida_work (gpointer data, MfBenchResult *out)
{
  const MfBenchIda *ida = data;
  const MfBenchDae *dae = ida->dae;
  double start = mf_bench_cpu_seconds (), solving;
  SUNContext ctx;
  N_Vector y, yp, id, atol;
  SUNMatrix a;
  SUNLinearSolver ls;
  void *mem;
  double reached = 0.0;
  long steps = 0;
  int flag;

  SUNContext_Create (NULL, &ctx);
  y = N_VNew_Serial (dae->n, ctx);
  yp = N_VNew_Serial (dae->n, ctx);
  id = N_VNew_Serial (dae->n, ctx);
  atol = N_VNew_Serial (dae->n, ctx);
  N_VConst (0.0, y);
  N_VConst (0.0, yp);
  N_VGetArrayPointer (yp)[dae->start] = dae->start_rate;
  for (guint i = 0; i < dae->n; i++)
    {
      N_VGetArrayPointer (id)[i] = dae->kind[i] == MF_BENCH_PIPE ? 1.0 : 0.0;
      N_VGetArrayPointer (atol)[i] = dae->kind[i] == MF_BENCH_PRESSURE ? ida->atol_p : ida->atol_v;
    }
  mem = IDACreate (ctx);
  IDAInit (mem, dae->residual, 0.0, y, yp);
  IDASVtolerances (mem, ida->rtol, atol);
  IDASetUserData (mem, dae->data);
  IDASetId (mem, id);
  IDASetSuppressAlg (mem, SUNTRUE);
  IDASetMaxNumSteps (mem, 10000000);
  a = SUNSparseMatrix (dae->n, dae->n, dae->nnz, CSC_MAT, ctx);
  ls = SUNLinSol_KLU (y, a, ctx);
  IDASetLinearSolver (mem, ls, a);
  IDASetJacFn (mem, dae->jacobian);
  IDASetStopTime (mem, ida->t_end);
  solving = mf_bench_cpu_seconds ();
  flag = mf_bench_ida_solve (ida, mem, y, yp, &reached);
  out->setup = solving - start;
  out->run = mf_bench_cpu_seconds () - solving;
  IDAGetNumSteps (mem, &steps);
  out->steps = (guint64) steps;
  out->y = g_memdup2 (N_VGetArrayPointer (y), dae->n * sizeof (double));
  IDAFree (&mem);
  SUNLinSolFree (ls);
  SUNMatDestroy (a);
  N_VDestroy (y);
  N_VDestroy (yp);
  N_VDestroy (id);
  N_VDestroy (atol);
  SUNContext_Free (&ctx);
  if (flag < 0)
    {
      char *name = IDAGetReturnFlagName (flag); /* SUNDIALS allocates it */

      g_printerr ("IDA failed at t = %g: %s\n", reached, name);
      free (name);
    }
  return flag >= 0;
}

/* ---- Manifold, end to end: the document's text to the last sample ---- */

typedef struct
{
  const char       *text;
  guint             samples; /* 0: the document's */
  const MfBenchDae *dae;     /* only for the names of its unknowns */
} MfBenchManifold;

typedef struct
{
  const MfModel *model;
  GOutputStream *stream;
  MfCsvWriter   *writer;
  GArray        *chosen;  /* guint: the values written, or NULL: every one */
  double        *row;
  guint          n_values;
  double         t_end;
  double        *last;    /* every value of the sample at t_end */
  double         first;   /* when the first sample came: CPU time, s */
  GError        *error;
} MfBenchSink;

static inline MfCsvWriter *
mf_bench_sink_writer (MfBenchSink *sink)
{
  guint n_outputs = mf_model_n_outputs (sink->model);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) units = g_ptr_array_new ();

  if (sink->chosen == NULL)
    return mf_csv_writer_new (sink->stream, sink->model, &sink->error);
  for (guint i = 0; i < sink->chosen->len; i++)
    {
      guint value = g_array_index (sink->chosen, guint, i);

      g_ptr_array_add (names, value < n_outputs
                                ? g_strdup (mf_model_output_name (sink->model, value))
                                : mf_simulation_switch_name (sink->model, value - n_outputs));
      g_ptr_array_add (units, value < n_outputs
                                ? (gpointer) mf_model_output_unit (sink->model, value) : NULL);
    }
  return mf_csv_writer_new_for_columns (sink->stream, names->len,
                                        (const char *const *) names->pdata,
                                        (const char *const *) units->pdata, &sink->error);
}

static inline gboolean
mf_bench_sink_sample (double t, guint mode, const double *values, gpointer data)
{
  MfBenchSink *sink = data;
  const double *written = values;

  if (sink->writer == NULL)
    {
      sink->first = mf_bench_cpu_seconds ();
      if ((sink->writer = mf_bench_sink_writer (sink)) == NULL)
        return FALSE;
    }
  if (sink->chosen != NULL)
    {
      for (guint i = 0; i < sink->chosen->len; i++)
        sink->row[i] = values[g_array_index (sink->chosen, guint, i)];
      written = sink->row;
    }
  if (t >= sink->t_end)
    memcpy (sink->last, values, sink->n_values * sizeof (double));
  return mf_csv_writer_add (sink->writer, t, mode, written, &sink->error);
}

/* The values of `names`, by the table of mf_simulation_value_names(). */
static inline GArray *
mf_bench_values_named (GHashTable *known, char **names, guint n)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < n; i++)
    {
      guint value = GPOINTER_TO_UINT (g_hash_table_lookup (known, names[i]));

      if (value == 0)
        g_error ("Manifold has no output '%s'", names[i]);
      value--;
      g_array_append_val (values, value);
    }
  return values;
}

static inline gboolean
mf_bench_manifold_work (gpointer data, MfBenchResult *out)
{
  const MfBenchManifold *run = data;
  double start = mf_bench_cpu_seconds ();
  g_autoptr (GError) error = NULL;
  g_autoptr (MfDocument) document = mf_document_load_data (run->text, -1, "<bench>", NULL,
                                                           &error);
  g_autoptr (MfModel) model = NULL;
  g_autoptr (GHashTable) known = NULL;
  g_autoptr (GArray) unknowns = NULL;
  const MfCircuit *circuit;
  MfSimulationOptions options;
  MfSimulationStats stats = { 0 };
  MfBenchSink sink = { 0 };
  int null_fd;
  gboolean ok;

  if (document != NULL)
    model = mf_model_new (mf_document_get_circuit (document), &error);
  if (model == NULL)
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  circuit = mf_document_get_circuit (document);
  mf_simulation_options_from_circuit (&options, circuit);
  if (run->samples > 0)
    options.output_interval = options.t_end / (run->samples - 1);
  else if (!(circuit->simulation.output_interval > 0))
    options.output_interval = options.t_end / 1000.0;
  null_fd = open ("/dev/null", O_WRONLY | O_CLOEXEC);
  sink.model = model;
  sink.stream = g_unix_output_stream_new (null_fd, TRUE);
  sink.n_values = mf_model_n_outputs (model) + mf_simulation_n_switches (model);
  sink.t_end = options.t_end;
  sink.last = g_new0 (double, sink.n_values);
  known = mf_simulation_value_names (model);
  if (circuit->simulation.outputs != NULL)
    {
      sink.chosen = mf_bench_values_named (known, (char **) circuit->simulation.outputs->pdata,
                                           circuit->simulation.outputs->len);
      sink.row = g_new0 (double, sink.chosen->len);
    }
  ok = mf_simulate (model, &options, mf_bench_sink_sample, &sink, &stats, NULL, &error);
  ok = ok && sink.writer != NULL && mf_csv_writer_close (sink.writer, &error);
  out->setup = sink.first - start;
  out->run = mf_bench_cpu_seconds () - sink.first;
  out->steps = stats.steps;
  unknowns = mf_bench_values_named (known, run->dae->names, run->dae->n);
  out->y = g_new0 (double, run->dae->n);
  for (guint i = 0; i < run->dae->n; i++)
    out->y[i] = sink.last[g_array_index (unknowns, guint, i)];
  if (!ok)
    g_printerr ("%s\n", error != NULL ? error->message : sink.error->message);
  g_clear_pointer (&sink.writer, mf_csv_writer_free);
  g_clear_object (&sink.stream);
  g_clear_pointer (&sink.chosen, g_array_unref);
  g_clear_error (&sink.error);
  g_free (sink.row);
  g_free (sink.last);
  return ok;
}

/* ---- the comparison ---- */

/* The largest error of the pipe velocities and of the junction pressures,
 * each relative to its largest reference value. */
static inline void
mf_bench_errors (const MfBenchDae *dae, const double *y, const double *ref, double *e_v,
                 double *e_p)
{
  double max_v = 0.0, max_p = 0.0, dv = 0.0, dp = 0.0;

  for (guint i = 0; i < dae->n; i++)
    if (dae->kind[i] == MF_BENCH_PIPE)
      {
        max_v = MAX (max_v, fabs (ref[i]));
        dv = MAX (dv, fabs (y[i] - ref[i]));
      }
    else if (dae->kind[i] == MF_BENCH_PRESSURE)
      {
        max_p = MAX (max_p, fabs (ref[i]));
        dp = MAX (dp, fabs (y[i] - ref[i]));
      }
  *e_v = dv / max_v;
  *e_p = dp / max_p;
}

/* The best of o->repeats runs of `work` (one when the first takes more than
 * 10 s), each in its own process. */
static inline MfBenchOutcome
mf_bench_best (MfBenchWork work, gpointer data, guint n_y, const MfBenchOptions *o,
               MfBenchResult *best)
{
  MfBenchOutcome outcome = MF_BENCH_DONE;

  memset (best, 0, sizeof *best);
  best->setup = best->run = INFINITY;
  for (int r = 0; r < o->repeats && outcome == MF_BENCH_DONE; r++)
    {
      MfBenchResult result = { 0 };

      outcome = mf_bench_isolated (work, data, n_y, o->max_seconds, &result);
      if (outcome != MF_BENCH_DONE)
        break;
      if (result.setup + result.run < best->setup + best->run)
        {
          g_free (best->y);
          *best = result;
        }
      else
        g_free (result.y);
      if (result.setup + result.run > 10.0)
        break;
    }
  if (outcome != MF_BENCH_DONE)
    g_clear_pointer (&best->y, g_free);
  return outcome;
}

static inline void
mf_bench_print_header (const char *circuit, const MfBenchOptions *o)
{
  g_print ("%s, t_end 0.5 s, rtol 1e-8, from rest; errors at t_end (pipe velocities / junction\n"
           "pressures) against IDA at rtol 1e-12; CPU time, best of %d; memory: the resident\n"
           "memory a run added at its peak\n\n"
           "| N | unknowns | Manifold setup | run | steps | per step | memory | error (v / p)"
           " | IDA + KLU setup | run | steps | per step | memory | error (v / p)"
           " | Manifold / IDA |\n"
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n", circuit, o->repeats);
}

static inline void
mf_bench_append_result (GString *row, MfBenchOutcome outcome, const MfBenchResult *r,
                        const MfBenchDae *dae, const double *ref, const MfBenchOptions *o)
{
  double e_v, e_p;

  if (outcome == MF_BENCH_TOO_SLOW)
    {
      g_string_append_printf (row, " > %g s | skipped | | | | |", o->max_seconds);
      return;
    }
  if (outcome == MF_BENCH_FAILED)
    {
      g_string_append (row, " failed | | | | | |");
      return;
    }
  mf_bench_errors (dae, r->y, ref, &e_v, &e_p);
  g_string_append_printf (row, " %.3g s | %.3g s | %" G_GUINT64_FORMAT " | %.3g ms | %.0f MB |"
                               " %.1e / %.1e |", r->setup, r->run, r->steps,
                          1e3 * r->run / (double) MAX (r->steps, 1), r->peak_mb, e_v, e_p);
}

/* Runs the protocol on one circuit (its document `text`, outputs
 * included) and prints its row of the table. */
static inline void
mf_bench_compare (guint64 pipes, const char *text, const MfBenchDae *dae, const MfCircuit *circuit,
                  const MfBenchOptions *o)
{
  double t_end = circuit->simulation.t_end, rtol = circuit->simulation.rtol;
  double atol = circuit->simulation.atol;
  MfBenchManifold manifold = { text, (guint) o->samples, dae };
  GPtrArray *outputs = circuit->simulation.outputs;
  g_autoptr (GString) listed = outputs != NULL ? g_string_new (NULL) : NULL;
  double interval = circuit->simulation.output_interval;
  guint samples = o->samples > 0 ? (guint) o->samples
                  : interval > 0 ? (guint) round (t_end / interval) + 1 : 1001;
  MfBenchIda reference = { dae, t_end, 1e-12, 1e-14, 1e-6, 0, NULL }; /* pressures to 1e-6 Pa */
  MfBenchIda ida = { dae, t_end, rtol, atol, atol * dae->supply, samples, NULL };
  MfBenchResult ref = { 0 }, m = { 0 }, i = { 0 };
  MfBenchOutcome ref_outcome, m_outcome, i_outcome;
  g_autoptr (GString) row = g_string_new (NULL);

  for (guint k = 0; outputs != NULL && k < outputs->len; k++)
    g_string_append_printf (listed, "%s%s", k > 0 ? "," : "", (char *) outputs->pdata[k]);
  if (listed != NULL)
    ida.written = listed->str;
  g_string_append_printf (row, "| %" G_GUINT64_FORMAT " | %u |", pipes, dae->n);
  ref_outcome = mf_bench_isolated (mf_bench_ida_work, &reference, dae->n, o->max_seconds, &ref);
  if (ref_outcome != MF_BENCH_DONE)
    {
      g_print ("%s the reference run %s |\n", row->str,
               ref_outcome == MF_BENCH_TOO_SLOW ? "took too long" : "failed");
      return;
    }
  m_outcome = mf_bench_best (mf_bench_manifold_work, &manifold, dae->n, o, &m);
  i_outcome = mf_bench_best (mf_bench_ida_work, &ida, dae->n, o, &i);
  mf_bench_append_result (row, m_outcome, &m, dae, ref.y, o);
  mf_bench_append_result (row, i_outcome, &i, dae, ref.y, o);
  if (m_outcome == MF_BENCH_DONE && i_outcome == MF_BENCH_DONE)
    g_string_append_printf (row, " %.3g (run %.3g) |", (m.setup + m.run) / (i.setup + i.run),
                            m.run / i.run);
  else if (m_outcome == MF_BENCH_TOO_SLOW && i_outcome == MF_BENCH_DONE)
    g_string_append_printf (row, " > %.3g |", o->max_seconds / (i.setup + i.run));
  else
    g_string_append (row, " |");
  g_print ("%s\n", row->str);
  g_free (ref.y);
  g_free (m.y);
  g_free (i.y);
}
