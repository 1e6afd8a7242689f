/* mf-application.h: the Manifold desktop application.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "mf-recovery.h"

G_BEGIN_DECLS

#define MF_APPLICATION_ID "io.github.manifold.Manifold"
/* The example a window shows when it is opened without a file. */
#define MF_DEFAULT_EXAMPLE "pump-cylinder-spring"

#define MF_TYPE_APPLICATION (mf_application_get_type ())
G_DECLARE_FINAL_TYPE (MfApplication, mf_application, MF, APPLICATION, AdwApplication)

/* `flags` are added to G_APPLICATION_HANDLES_OPEN; the tests pass
 * G_APPLICATION_NON_UNIQUE so that they never talk to a running Manifold. */
MfApplication *mf_application_new (GApplicationFlags flags);

/* The preferences (schema io.github.manifold.Manifold), from startup on;
 * NULL when the schema is neither installed nor in the build tree. */
GSettings     *mf_application_get_settings (MfApplication *self);

/* Where the windows keep copies of unsaved work (mf-recovery.h), from
 * startup on; NULL when the state directory cannot be written. */
MfRecovery    *mf_application_get_recovery (MfApplication *self);

G_END_DECLS
