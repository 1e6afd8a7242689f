/* mf-example-gallery.h: the example circuits built into the application,
 * and the dialog that lists them with a picture of each.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Where the examples live in the application's GResource. */
#define MF_EXAMPLES_RESOURCE_PATH "/io/github/manifold/Manifold/examples/"

#define MF_TYPE_EXAMPLE_GALLERY (mf_example_gallery_get_type ())
G_DECLARE_FINAL_TYPE (MfExampleGallery, mf_example_gallery, MF, EXAMPLE_GALLERY, AdwWindow)

/* The names of the built-in examples ("pump-cylinder-spring"), sorted. */
char             **mf_example_gallery_list_names (void);
/* The text of the example `name`; NULL with MF_ERROR_IO when there is none. */
GBytes            *mf_example_gallery_lookup (const char *name,
                                              GError    **error);

/* A modal dialog over `parent`.  Signal "example-activated" (const char
 * *name): the user chose an example; "lesson-activated" (const char *name):
 * a lesson (mf-lesson.h); either way the dialog closes itself. */
MfExampleGallery  *mf_example_gallery_new (GtkWindow *parent);
/* How many examples the dialog lists. */
guint              mf_example_gallery_get_n_examples (MfExampleGallery *self);
/* Chooses the example `name` as a click on its row would. */
gboolean           mf_example_gallery_activate (MfExampleGallery *self,
                                                const char       *name);
/* Chooses the lesson `name` as a click on its row would. */
gboolean           mf_example_gallery_activate_lesson (MfExampleGallery *self,
                                                       const char       *name);

G_END_DECLS
