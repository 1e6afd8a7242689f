/* mf-plot-list.h: the plot layout, the plots a document asks for (its "plots" section,
 * docs/format.md "Plots") — an ordered list of time plots and XY plots,
 * each with the quantities it shows, named as in "outputs", optional log
 * axes and an optional title.  Read by the loader (which checks it), kept
 * by MfDocument, edited by the application and written back in one order.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* the members of a plot of "plots" */
#define MF_KEY_PLOTS       "plots"
#define MF_KEY_PLOT_KIND   "kind"
#define MF_KEY_PLOT_TITLE  "title"
#define MF_KEY_PLOT_X      "x"
#define MF_KEY_PLOT_Y      "y"
#define MF_KEY_PLOT_LOG_X  "log_x"
#define MF_KEY_PLOT_LOG_Y  "log_y"

/* The members a plot may have, in the order the writer writes them. */
extern const char *const mf_plot_list_keys[];

typedef enum
{
  MF_PLOT_KIND_TIME, /* the quantities over time */
  MF_PLOT_KIND_XY,   /* the quantities over the x quantity, in sample order */
} MfPlotKind;

typedef struct
{
  MfPlotKind kind;
  char      *title; /* NULL: none */
  char      *x;     /* an xy plot's x quantity; NULL until chosen, and for a time plot */
  GPtrArray *y;     /* char*: the quantities on the y axes, in order, each once */
  gboolean   log_x; /* only an xy plot has a log x axis */
  gboolean   log_y;
} MfPlotSpec;

/* A GPtrArray of MfPlotSpec*, in the order they are shown, which frees
 * them. */
typedef GPtrArray MfPlotList;

MfPlotSpec   *mf_plot_spec_new (MfPlotKind kind);
MfPlotSpec   *mf_plot_spec_copy (const MfPlotSpec *spec);
void          mf_plot_spec_free (MfPlotSpec *spec);
/* Whether the spec shows `name`, as x or on y. */
gboolean      mf_plot_spec_has (const MfPlotSpec *spec,
                                const char       *name);

MfPlotList *mf_plot_list_new (void);
MfPlotList *mf_plot_list_copy (const MfPlotList *layout);
gboolean      mf_plot_list_equal (const MfPlotList *a,
                                    const MfPlotList *b);

/* "time" / "xy" and back; FALSE for another word. */
const char   *mf_plot_kind_to_string (MfPlotKind kind);
gboolean      mf_plot_kind_from_string (const char *text,
                                        MfPlotKind *kind);

/* The layout as the "plots" array of a document: each plot's members in
 * the order of mf_plot_list_keys, "kind" always, the others only when
 * they say something (a title, an x, log axes that are on). */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfPlotSpec, mf_plot_spec_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfPlotList, g_ptr_array_unref)

JsonNode     *mf_plot_list_to_json (const MfPlotList *layout);
/* The layout of a "plots" array that loads (mf_document_load_data() took
 * it), or NULL when it does not. */
MfPlotList *mf_plot_list_from_json (JsonNode *plots);

G_END_DECLS
