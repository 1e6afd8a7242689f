/* mf-modes-panel-private.h: the Modes page's parts, shared by the panel
 * (mf-modes-panel.c: modes and valves) and its schedule
 * (mf-modes-schedule.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-modes-panel.h"
#include "mf-unit-entry.h"

G_BEGIN_DECLS

/* What docs/format.md calls the one mode of a document without modes. */
#define IMPLICIT_MODE "default"

struct _MfModesPanel
{
  GtkWidget            parent_instance;

  MfEditDocument      *document;
  gulong               changed_id;
  char                *mode;    /* viewed */
  gboolean             editing; /* "Edit on canvas" is on */
  /* Rows are being set from the document, not by the user. */
  gboolean             updating;
  /* What the valve and schedule rows were made for: rebuilt when it changes. */
  char                *valves_made_for;
  char                *schedule_made_for;
  GPtrArray           *valve_rows;
  GPtrArray           *schedule_rows;

  /* template children */
  AdwPreferencesGroup *mode_group;
  AdwPreferencesGroup *valves_group;
  AdwPreferencesGroup *schedule_group;
  GtkListBox          *modes_list;
  GtkListBox          *schedule_list;
  GtkLabel            *modes_message;
  GtkLabel            *schedule_message;
  GtkButton           *delete_mode_button;
  GtkButton           *add_entry_button;
  MfUnitEntry         *name_entry;
  GtkSwitch           *edit_switch;
  GtkListItemFactory  *mode_button_factory;
  GtkListItemFactory  *mode_list_factory;
};

/* The modes' names, "default" when the document has none. */
GStrv mf_modes_panel_mode_names (MfModesPanel *self);
/* Shows `message` under a group, or hides the label for NULL. */
void  mf_modes_panel_show_message (GtkLabel   *label,
                                   const char *message);
/* Remakes every part from the document. */
void  mf_modes_panel_refresh (MfModesPanel *self);

/* The schedule (mf-modes-schedule.c): its rows for the modes `names`, and
 * the button that adds an entry. */
void  mf_modes_panel_refresh_schedule (MfModesPanel *self,
                                       GStrv         names);
void  mf_modes_panel_on_add_entry_clicked (MfModesPanel *self);

G_END_DECLS
