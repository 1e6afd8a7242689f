/* mf-stiffness-modes.h: the modes of a linearisation as a table — one row
 * per eigenvalue (a complex pair once, as a ± b i), numbered as the
 * stability plot labels their points, with the time constant, frequency,
 * damping ratio and the states taking part with their shares.  A column
 * view, so a circuit of 2000 states costs the rows on screen.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "mf-stiffness.h"

G_BEGIN_DECLS

typedef enum
{
  MF_STIFFNESS_MODES_NUMBER,
  MF_STIFFNESS_MODES_EIGENVALUE,
  MF_STIFFNESS_MODES_TIME_CONSTANT,
  MF_STIFFNESS_MODES_FREQUENCY,
  MF_STIFFNESS_MODES_DAMPING,
  MF_STIFFNESS_MODES_STATES,
  MF_STIFFNESS_MODES_N_COLUMNS,
} MfStiffnessModesColumn;

#define MF_TYPE_STIFFNESS_MODES (mf_stiffness_modes_get_type ())
G_DECLARE_FINAL_TYPE (MfStiffnessModes, mf_stiffness_modes, MF, STIFFNESS_MODES, GtkWidget)

GtkWidget  *mf_stiffness_modes_new (void);

/* Shows the modes of `stiffness` (the text is copied; NULL: none). */
void        mf_stiffness_modes_set_stiffness (MfStiffnessModes  *self,
                                              const MfStiffness *stiffness);

/* The rows shown and what a cell says. */
guint       mf_stiffness_modes_get_n_rows (MfStiffnessModes *self);
const char *mf_stiffness_modes_get_text (MfStiffnessModes       *self,
                                         guint                   row,
                                         MfStiffnessModesColumn  column);

/* The number of the row each eigenvalue of `stiffness` is told in (from
 * 1), 0 for the second member of a pair: n_eigenvalues entries, freed with
 * g_free(). */
guint      *mf_stiffness_modes_numbers (const MfStiffness *stiffness);

G_END_DECLS
