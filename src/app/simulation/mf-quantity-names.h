/* mf-quantity-names.h: the quantities a circuit has — the names of its
 * model's outputs (docs/cli.md, "CSV": states, flows, pressures, …), known
 * before any run — worked out on a thread from the document's text, and
 * the search a list of them is filtered by.  No GTK here.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The output names of the document `data` (`name` is used in messages),
 * in the model's order; NULL with the loader's or the assembly's error. */
char   **mf_quantity_names_compute (const char  *data,
                                    gssize       length,
                                    const char  *name,
                                    GError     **error);
/* The same on a worker thread; the text is copied first, and messages
 * call it "<document>". */
void     mf_quantity_names_async (const char          *data,
                                  gssize               length,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data);
char   **mf_quantity_names_finish (GAsyncResult  *result,
                                   GError       **error);

/* Does quantity `name` answer search `search`: every word of it found in
 * the name, case ignored ("c1 x" finds "C1.x"; an empty search finds
 * every name)? */
gboolean mf_quantity_names_match (const char *name,
                                  const char *search);

G_END_DECLS
