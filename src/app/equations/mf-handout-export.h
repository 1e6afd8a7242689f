/* mf-handout-export.h: the Equations window's "Export Handout…": a file
 * chooser with PDF, SVG and LaTeX filters, the format told by the name's
 * extension (else by the filter picked, whose extension the name gets),
 * the handout written on a worker thread, and a dialog naming the file
 * when it could not be written (docs/manual.md, "Export for handouts").
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-handout.h"

G_BEGIN_DECLS

/* Asks where to put `handout` (taken), offering `name` (without its
 * extension) beside PDF first, and writes it there. */
void     mf_handout_export_ask (GtkWindow  *parent,
                                MfHandout  *handout,
                                const char *name);

/* Called on the main thread when the handout is written (`error` NULL)
 * or not. */
typedef void (*MfHandoutExportDone) (gpointer      user_data,
                                     const GError *error);

/* Writes `handout` (taken) to `file` on a worker thread; a failure is
 * shown in a dialog over `parent`.  Then `done` (may be NULL). */
void     mf_handout_export_to (GtkWindow           *parent,
                               MfHandout           *handout,
                               GFile               *file,
                               MfHandoutFormat      format,
                               MfHandoutExportDone  done,
                               gpointer             user_data);

G_END_DECLS
