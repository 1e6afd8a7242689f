/* mf-structure-panel-private.h: what the files of MfStructurePanel share —
 * the instance, and the showing of a structure (mf-structure-panel-show.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-structure-panel.h"

G_BEGIN_DECLS

struct _MfStructurePanel
{
  GtkWidget           parent_instance;

  MfEditDocument     *document;
  gulong              changed_handler;
  char               *mode;
  MfStructure        *structure;
  char               *error;
  char              **selection;
  gboolean            reveal_pending; /* scroll to the selection once it can be shown */

  guint               debounce_id;
  GCancellable       *cancellable;
  gboolean            running;
  gboolean            pending;
  gboolean            busy;
  gboolean            syncing;   /* filling lists: their signals are not the user's */

  /* template children */
  GtkDropDown        *mode_dropdown;
  GtkStringList      *mode_list;
  GtkSpinner         *spinner;
  GtkLabel           *rank_label;
  GtkLabel           *index_label;
  GtkLabel           *mass_label;
  GtkLabel           *independent_label;
  GtkLabel           *dependent_label;
  GtkLabel           *integrated_label;
  GtkLabel           *algebraic_label;
  GtkWidget          *error_box;
  GtkLabel           *error_label;
  GtkWidget          *problems_box;
  GtkWidget          *problems_scroller;
  GtkLabel           *w_caption;
  MfMatrixView       *w_view;
  GtkLabel           *sigma_label;
  GtkLabel           *m_caption;
  MfMatrixView       *m_view;
  GtkLabel           *mass_reduced_caption;
  MfMatrixView       *mass_reduced_view;
  GtkLabel           *alpha_caption;
  MfMatrixView       *alpha_view;
  GtkSingleSelection *states_selection;
  GtkStringList      *states_list;
  GtkLabel           *index_steps_label;
  GtkStack           *pages;
  GPtrArray          *bound_states; /* GtkListItem*: the rows of the states page bound */
  gboolean            states_stale;  /* those rows show an older structure */
};

/* mf-structure-panel-show.c */
/* Shows `structure`, taking it, or when it is NULL, `error` and empty grids.
 * Keeps both for the accessors. */
void mf_structure_panel_show (MfStructurePanel *self,
                              MfStructure      *structure,
                              const char       *error);
/* The states page's rows: a name, its role and a pin. */
void mf_structure_panel_state_setup (MfStructurePanel *self,
                                     GtkListItem      *item);
void mf_structure_panel_state_bind (MfStructurePanel *self,
                                    GtkListItem      *item);
void mf_structure_panel_state_unbind (MfStructurePanel *self,
                                      GtkListItem      *item);
/* Brings the bound rows up to the structure shown. */
void mf_structure_panel_refresh_states (MfStructurePanel *self);
/* Whether `list` holds exactly `names`, in order. */
gboolean mf_structure_panel_list_equals (GtkStringList      *list,
                                         const char * const *names);

G_END_DECLS
