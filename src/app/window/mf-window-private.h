/* mf-window-private.h: what the files of MfWindow share — the instance,
 * the actions (mf-window-actions.c) and the file handling
 * (mf-window-files.c).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "mf-canvas.h"
#include "mf-lesson-panel.h"
#include "mf-modes-panel.h"
#include "mf-palette.h"
#include "mf-properties-panel.h"
#include "mf-sim-panel.h"
#include "mf-structure-panel.h"
#include "mf-window.h"

G_BEGIN_DECLS

struct _MfWindow
{
  AdwApplicationWindow parent_instance;

  MfEditDocument   *document;
  /* The copy of the document's unsaved changes (mf-recovery.h), kept in
   * the application's session; NULL without one. */
  MfRecovery       *recovery;
  MfAutosave       *autosave;
  /* The example the untitled document is a copy of, so that Save As can
   * suggest its name; NULL otherwise. */
  char             *example_name;
  /* The runs file beside the document that could not be read when it
   * was opened: left alone (mf-window-runs-file.c); NULL otherwise. */
  GFile            *unread_runs_file;
  /* The message shown about it, or about runs not written. */
  char             *runs_problem;
  /* The document whose runs file is being read, on the runs files'
   * worker (mf-run-sidecar-queue.h); NULL when none is.  The read that
   * ends is taken only when it is of the read now asked (the number
   * counts the reads; a new document or the window's end moves it on). */
  GFile            *runs_reading;
  guint             runs_read_number;
  /* The Save / Discard / Cancel question being shown, if any. */
  GtkWindow        *question;
  /* The Stiffness window of this document, if open. */
  GtkWindow        *stiffness_window;
  GtkWindow        *equations_window;
  /* The user already chose to close despite unsaved changes. */
  gboolean          close_confirmed;
  /* The canvas's tick that shows it the live run's time; 0 without a
   * live run. */
  guint             run_tick;
  /* The simulation pane's height before it was folded to its toolbar. */
  int               sim_pane_height;
  /* The view of presentation mode shown ("window", "canvas", "plots"),
   * or NULL out of it. */
  char             *presenting;

  GtkRecentManager *recent_manager;
  GSettings        *settings; /* the application's; NULL without the schema */
  GMenu            *recent_menu;

  /* template children */
  AdwToastOverlay   *toast_overlay;
  AdwWindowTitle    *window_title;
  AdwSplitButton    *open_button;
  GtkButton         *undo_button;
  GtkButton         *redo_button;
  GtkButton         *run_button;
  GtkPaned          *sim_paned;
  MfSimPanel        *sim_panel;
  GtkPaned          *inner_paned;
  MfPalette         *palette;
  MfCanvas          *canvas;
  MfPropertiesPanel *properties_panel;
  MfModesPanel      *modes_panel;
  MfStructurePanel  *structure_panel;
  GtkStack          *left_stack;   /* the palette, or the lesson open */
  MfLessonPanel     *lesson_panel;

  /* The document the open lesson loaded, only ever compared with the
   * window's (it is the window's until another replaces it, and the lesson
   * closes then); NULL while no lesson is open. */
  MfEditDocument    *lesson_document;
};

/* Enables or disables every action of the window from the document's state
 * and updates what the buttons say. */
void mf_window_update_actions (MfWindow *self);
/* The Stiffness window's what-if bar, when it is open, follows the one
 * component selected on the canvas. */
void mf_window_what_if_follow (MfWindow *self);

/* mf-window-actions.c */
void mf_window_class_install_actions (GtkWidgetClass *widget_class);
/* The shortcut controller, named MF_WINDOW_SHORTCUTS, with the window's
 * keys that work whatever has the focus (the capture phase). */
#define MF_WINDOW_SHORTCUTS "mf-window-shortcuts"
void mf_window_add_shortcuts (MfWindow *self);
/* mf-window-settings.c: size, units and new circuits from the preferences */
void mf_window_bind_settings (MfWindow  *self,
                              GSettings *settings);
MfEditDocument *mf_window_new_document (MfWindow *self);
/* mf-window-results.c: kept runs, sweeps, exports */
void mf_window_class_install_result_actions (GtkWidgetClass *widget_class);
void mf_window_init_results (MfWindow *self);
/* mf-window-runs-file.c: the runs kept beside the saved document — written
 * (mf_window_save_runs() in mf-window.h; an error: a message), and read
 * after a document is taken (a file that cannot be read: a message naming
 * it, and it is left alone), both off the main thread; a read still under
 * way is given up by mf_window_forget_runs_read() (the window's end) */
void mf_window_load_runs (MfWindow *self);
void mf_window_forget_runs_read (MfWindow *self);
/* mf-window-presentation.c: win.presentation, win.leave-presentation */
void mf_window_class_install_presentation_actions (GtkWidgetClass *widget_class);
void mf_window_init_presentation (MfWindow *self);
/* mf-window-lessons.c: win.open-lesson and win.close-lesson; the lesson
 * panel in the palette's place while a lesson is open */
void mf_window_class_install_lesson_actions (GtkWidgetClass *widget_class);
void mf_window_init_lessons (MfWindow *self);
/* The gallery's "lesson-activated": opens the lesson `name`. */
void mf_window_lesson_chosen (MfWindow   *self,
                              const char *name);
void mf_window_init_recent (MfWindow *self);
void mf_window_rebuild_recent (MfWindow *self);
void mf_window_add_recent (MfWindow *self,
                           GFile    *file);

/* mf-window-files.c */
/* A dialog that shows the whole of `error`'s message under `heading`. */
void mf_window_show_error (MfWindow     *self,
                           const char   *heading,
                           const GError *error);
/* Replaces the document by `document` once the user agreed to drop unsaved
 * changes; `example_name` is the example it copies, or NULL. */
void mf_window_replace_document (MfWindow       *self,
                                 MfEditDocument *document,
                                 const char     *example_name);
/* The file chooser for Open: the chosen file is loaded (if it loads) and
 * replaces the document once unsaved changes are dealt with. */
void mf_window_choose_and_open (MfWindow *self);
/* Saves to the document's file, or asks where when it has none. */
void mf_window_save_async (MfWindow            *self,
                           gboolean             choose_file,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data);
gboolean mf_window_save_finish (MfWindow     *self,
                                GAsyncResult *result);
/* Lights `component_ids` and the nodes of `node_ports` on the canvas: what
 * the structure panel or the Equations window points at. */
void mf_window_highlight_requested (MfWindow *self,
                                    GStrv     component_ids,
                                    GStrv     node_ports);
/* Reads `file` into a new document; NULL with the loader's error. */
MfEditDocument *mf_window_read_file (GFile   *file,
                                     GError **error);
/* An untitled document holding the built-in example `name`. */
MfEditDocument *mf_window_read_example (const char *name,
                                        GError    **error);

G_END_DECLS
