/* mf-edit-document.h: the circuit document as the editor edits it.
 *
 * The document is its JSON tree (docs/format.md), so that every field a file
 * had, unknown ones included, survives editing.  Every change goes through
 * one undo history: each edit is one command that can be undone and redone to
 * the identical document.  No GTK here: the model is tested without a
 * display.
 *
 * Component and wire access is by index in document order; indices change
 * after an edit, ids do not (except by mf_edit_document_rename_component).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "mf-component-type.h"
#include "mf-document.h"

G_BEGIN_DECLS

#define MF_TYPE_EDIT_DOCUMENT (mf_edit_document_get_type ())
G_DECLARE_FINAL_TYPE (MfEditDocument, mf_edit_document, MF, EDIT_DOCUMENT, GObject)

/* Signals:
 *   "changed" (void): after every edit, undo, redo and load; the canvas redraws
 *   and the structure panel recomputes on it.
 * Properties (all notify):
 *   "file" (GFile, NULL when never saved), "display-name" ("pump.manifold",
 *   or "Untitled circuit"), "modified" (differs from what was last loaded or
 *   saved), "can-undo", "can-redo", "undo-label", "redo-label" ("Move P1"). */

/* An empty circuit: {"manifold": 1, "title": "Untitled circuit",
 * "components": [], "wires": []}, not modified, empty history. */
MfEditDocument *mf_edit_document_new (void);

/* Replaces the whole document with what `data` holds, after checking it with
 * mf_document_load_data(): on any error the document is unchanged and `error`
 * is the loader's "NAME:LINE:COL: message".  Clears the history; "file"
 * becomes NULL (an example opened from memory is saved under a new name). */
gboolean        mf_edit_document_load_data (MfEditDocument *self,
                                            const char     *data,
                                            gssize          length,
                                            const char     *name,
                                            GError        **error);
/* The same from a file; on success "file" is set and "modified" is FALSE. */
gboolean        mf_edit_document_load_file (MfEditDocument *self,
                                            GFile          *file,
                                            GError        **error);
/* The same, reading the file without blocking; the document changes only
 * when the text has been read and checked. */
void            mf_edit_document_load_file_async (MfEditDocument      *self,
                                                  GFile               *file,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
gboolean        mf_edit_document_load_file_finish (MfEditDocument *self,
                                                   GAsyncResult   *result,
                                                   GError        **error);
/* The same for the copy of a document whose changes were not saved
 * (mf-recovery.h): "file" becomes `file`, where the user's document is (or
 * NULL for one never saved), and the document is modified until it is
 * saved. */
gboolean        mf_edit_document_load_recovered (MfEditDocument *self,
                                                 const char     *data,
                                                 gssize          length,
                                                 const char     *name,
                                                 GFile          *file,
                                                 GError        **error);
/* Writes the document atomically to `file` (or to "file" when NULL), then
 * sets "file" and clears "modified".  The history is kept. */
gboolean        mf_edit_document_save (MfEditDocument *self,
                                       GFile          *file,
                                       GError        **error);

/* The same without blocking: the text is taken at once, written by GIO in
 * the background, and "file"/"modified" change when it is done (edits made
 * meanwhile stay unsaved). */
void            mf_edit_document_save_async (MfEditDocument      *self,
                                             GFile               *file,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
gboolean        mf_edit_document_save_finish (MfEditDocument *self,
                                              GAsyncResult   *result,
                                              GError        **error);

/* The document as text, exactly as it would be saved. */
char           *mf_edit_document_to_data (MfEditDocument *self,
                                          gsize          *length);
/* Checks the current text with the core loader; NULL with the first problem
 * (line and column in the to_data() text) when it does not load — e.g. a
 * pipe whose length is still missing.  The app analyses what this returns. */
MfDocument     *mf_edit_document_check (MfEditDocument *self,
                                        GPtrArray      *diagnostics,
                                        GError        **error);

GFile          *mf_edit_document_get_file (MfEditDocument *self);
const char     *mf_edit_document_get_display_name (MfEditDocument *self);
gboolean        mf_edit_document_get_modified (MfEditDocument *self);
const char     *mf_edit_document_get_title (MfEditDocument *self);
const char     *mf_edit_document_get_description (MfEditDocument *self);

/* ---- reading components and wires ---- */

guint           mf_edit_document_get_n_components (MfEditDocument *self);
int             mf_edit_document_find_component (MfEditDocument *self,
                                                 const char     *id);
const char     *mf_edit_document_get_component_id (MfEditDocument *self,
                                                   guint           index);
const MfComponentTypeInfo *
                mf_edit_document_get_component_info (MfEditDocument *self,
                                                     guint           index);
/* Canvas position ("at"; 0, 0 when absent) and rotation (0, 90, 180, 270). */
void            mf_edit_document_get_component_position (MfEditDocument *self,
                                                         guint           index,
                                                         double         *x,
                                                         double         *y);
int             mf_edit_document_get_component_rotation (MfEditDocument *self,
                                                         guint           index);
/* A parameter as the user wrote it: "12 mm", "2e-5*ramp(t, 0.1, 0.3)", a
 * number printed shortest-exact ("0.61"), or a choice word.  NULL when the
 * document leaves it out (the default applies).  Free with g_free(). */
char           *mf_edit_document_get_param_text (MfEditDocument *self,
                                                 guint           index,
                                                 const char     *param);

guint           mf_edit_document_get_n_wires (MfEditDocument *self);
/* The two ends of a wire, "ID.PORT". */
void            mf_edit_document_get_wire (MfEditDocument *self,
                                           guint           index,
                                           const char    **end_a,
                                           const char    **end_b);

/* ---- reading modes, schedule and settings ---- */

/* The modes the document lists: 0 when it lists none, and then the format's
 * single mode "default" (everything open) applies; the mode edits accept
 * that name. */
guint           mf_edit_document_get_n_modes (MfEditDocument *self);
const char     *mf_edit_document_get_mode_name (MfEditDocument *self,
                                                guint           mode);
gboolean        mf_edit_document_mode_closes (MfEditDocument *self,
                                              guint           mode,
                                              const char     *component_id);
guint           mf_edit_document_get_n_schedule_entries (MfEditDocument *self);
/* A schedule entry: its time in seconds and the mode's name. */
void            mf_edit_document_get_schedule_entry (MfEditDocument *self,
                                                     guint           entry,
                                                     double         *t,
                                                     const char    **mode);
/* A "fluid" field as text ("870", "46 cSt"); NULL when absent (the
 * default applies). */
char           *mf_edit_document_get_fluid_text (MfEditDocument *self,
                                                 const char     *field);
/* A "simulation" field as text ("2", "msbdf", "1e-06"); NULL when absent. */
char           *mf_edit_document_get_simulation_text (MfEditDocument *self,
                                                      const char     *field);
/* The states "initial" gives values, in its order (NULL-terminated), and
 * the value of one as text ("0.5"; NULL when it has none: it starts at 0). */
char          **mf_edit_document_get_initial_states (MfEditDocument *self);
char           *mf_edit_document_get_initial_text (MfEditDocument *self,
                                                   const char     *state);
/* TRUE when `state` ("P1.v") is in "prefer_states". */
gboolean        mf_edit_document_get_state_preferred (MfEditDocument *self,
                                                      const char     *state);

/* ---- edits: each is one undoable command ----
 * Each returns FALSE with MF_ERROR_INVALID (and leaves the document as it
 * was, history included) when the edit is impossible: an unknown id, an id
 * already used, ports of different domains, a mode name already used.  The
 * message is in words, without a place ("component 'P1': '100 bar' is a
 * pressure, but 'length' is a length").  An edit that would leave the text
 * as it was succeeds and records nothing.  Strings passed in may point into
 * the document (an id from get_component_id()). */

/* Adds a component of `type` at (x, y) with an id that is new: the type's
 * letter prefix and the first free number ("P3" for a pipe).  Required
 * parameters get a sensible value so the circuit keeps loading.  Returns the
 * new id (owned by the document until the next edit). */
const char     *mf_edit_document_add_component (MfEditDocument  *self,
                                                MfComponentType  type,
                                                double           x,
                                                double           y,
                                                GError         **error);
/* Removes components with the wires at their ports and their entries in the
 * modes' closed lists, "initial" and "prefer_states". */
gboolean        mf_edit_document_remove_components (MfEditDocument     *self,
                                                    const char * const *ids,
                                                    GError            **error);
/* Moves components by (dx, dy).  Consecutive moves of the same set with the
 * same `merge_key` (non-zero, e.g. one per drag gesture) make one command. */
gboolean        mf_edit_document_move_components (MfEditDocument     *self,
                                                  const char * const *ids,
                                                  double              dx,
                                                  double              dy,
                                                  guint               merge_key,
                                                  GError            **error);
/* Turns each component a quarter turn clockwise (rotation += 90 mod 360). */
gboolean        mf_edit_document_rotate_components (MfEditDocument     *self,
                                                    const char * const *ids,
                                                    GError            **error);
/* Sets a parameter from what the user typed.  A number stays a JSON number
 * (an integer when written as one, so get_param_text() gives the same text
 * back), anything else a string; NULL or "" removes it (the default applies, and a
 * required parameter cannot be removed).  The text is checked as the loader
 * checks that parameter (its unit's dimension, an expression in t where the
 * parameter may vary, a choice word): text that would not load is refused
 * with the loader's message in words, so a saved document always reopens. */
gboolean        mf_edit_document_set_param (MfEditDocument *self,
                                            const char     *id,
                                            const char     *param,
                                            const char     *text,
                                            GError        **error);
/* The same for a value dragged along a slider: consecutive settings of the
 * same parameter with the same non-zero `merge_key` (one per drag) make one
 * command, which undo takes back to the value before the drag. */
gboolean        mf_edit_document_drag_param (MfEditDocument *self,
                                             const char     *id,
                                             const char     *param,
                                             const char     *text,
                                             guint           merge_key,
                                             GError        **error);
/* Sets the value `state` ("P1.v", a name of the CSV header) starts at:
 * a plain number in SI units; NULL or "" removes it (it starts at 0).  A
 * name that is no state of the circuit is refused with the loader's words
 * (and the state meant). */
gboolean        mf_edit_document_set_initial (MfEditDocument *self,
                                              const char     *state,
                                              const char     *text,
                                              GError        **error);
/* Renames a component everywhere it is named: wires, modes, initial,
 * prefer_states. */
gboolean        mf_edit_document_rename_component (MfEditDocument *self,
                                                   const char     *id,
                                                   const char     *new_id,
                                                   GError        **error);
/* Joins two ports "ID.PORT"; FALSE when either does not exist, when they are
 * the same port or already joined (by a wire or through a node), or when
 * their domains differ. */
gboolean        mf_edit_document_connect (MfEditDocument *self,
                                          const char     *end_a,
                                          const char     *end_b,
                                          GError        **error);
gboolean        mf_edit_document_remove_wire (MfEditDocument *self,
                                              guint           index,
                                              GError        **error);

/* The components `ids` and the wires between them as a document fragment
 * ({"manifold": 1, "components": [...], "wires": [...]}) for the clipboard. */
char           *mf_edit_document_copy (MfEditDocument     *self,
                                       const char * const *ids);
/* Adds a copy() fragment shifted by (dx, dy); clashing ids get new ones (and
 * the fragment's wires follow).  Returns the new ids (free with g_strfreev). */
char          **mf_edit_document_paste (MfEditDocument *self,
                                        const char     *fragment,
                                        double          dx,
                                        double          dy,
                                        GError        **error);

/* NULL removes the title; an empty description removes the description. */
gboolean        mf_edit_document_set_title (MfEditDocument *self,
                                            const char     *title,
                                            GError        **error);
gboolean        mf_edit_document_set_description (MfEditDocument *self,
                                                  const char     *description,
                                                  GError        **error);

/* Modes.  Renaming follows into the schedule; removing a mode removes its
 * schedule entries.  In a document without modes, the first edit writes out
 * the implicit "default" first, so adding a mode keeps "default" as the
 * first mode (the one that holds without a schedule). */
gboolean        mf_edit_document_add_mode (MfEditDocument *self,
                                           const char     *name,
                                           GError        **error);
gboolean        mf_edit_document_rename_mode (MfEditDocument *self,
                                              const char     *name,
                                              const char     *new_name,
                                              GError        **error);
gboolean        mf_edit_document_remove_mode (MfEditDocument *self,
                                              const char     *name,
                                              GError        **error);
/* `component_id` must be a switchable component (valve, check or relief).
 * Setting what is already so records nothing. */
gboolean        mf_edit_document_set_valve_closed (MfEditDocument *self,
                                                   const char     *mode,
                                                   const char     *component_id,
                                                   gboolean        closed,
                                                   GError        **error);
/* Replaces the schedule; `times` in seconds, not decreasing, `modes`
 * existing mode names.  No entries: the "schedule" field goes. */
gboolean        mf_edit_document_set_schedule (MfEditDocument     *self,
                                               guint               n_entries,
                                               const double       *times,
                                               const char * const *modes,
                                               GError            **error);
/* A "fluid" field (density, kinematic_viscosity, bulk_modulus) from text,
 * checked as the loader checks it: a positive constant of the field's
 * dimension, in SI or with a unit ("870", "0.87 g/cm^3", "46 cSt",
 * "1.5 GPa").  NULL or "" removes it, and the default applies; the
 * "fluid" object goes when nothing is left in it. */
gboolean        mf_edit_document_set_fluid_text (MfEditDocument *self,
                                                 const char     *field,
                                                 const char     *text,
                                                 GError        **error);
/* A "simulation" field (t_end, method, rtol, atol, output_interval, step)
 * from text, checked as the loader checks it; NULL or "" removes it. */
gboolean        mf_edit_document_set_simulation_text (MfEditDocument *self,
                                                      const char     *field,
                                                      const char     *text,
                                                      GError        **error);
gboolean        mf_edit_document_set_state_preferred (MfEditDocument *self,
                                                      const char     *state,
                                                      gboolean        preferred,
                                                      GError        **error);

/* ---- the plot layout (docs/format.md "Plots") ---- */

/* The document's "plots" section, a new copy; NULL when it has none (the
 * application then shows its default views). */
MfPlotList     *mf_edit_document_get_plot_list (MfEditDocument *self);
/* Replaces the section (NULL removes it) as one undoable edit named
 * `label`; refused when a plot names what the circuit does not have. */
gboolean        mf_edit_document_set_plot_list (MfEditDocument   *self,
                                                const MfPlotList *plots,
                                                const char       *label,
                                                GError          **error);

/* Groups the edits made until end_group() into one command named `label`
 * (pasting a group and moving it, a drag that connects).  Groups nest; the
 * outermost names the command.  "changed" is still emitted after each edit;
 * undo and redo wait until the group ends. */
void            mf_edit_document_begin_group (MfEditDocument *self,
                                              const char     *label);
void            mf_edit_document_end_group (MfEditDocument *self);

/* What the last "changed" changed, for a view that follows only that (the
 * canvas's geometry, the panels); ask while "changed" is being emitted.
 * TRUE when it changed components in place — parameters, places,
 * rotations; no id, type or order — and perhaps other members than the
 * components and wires (modes, settings, the title: then `others`, when
 * not NULL, is TRUE), with the indices of those components in `components`
 * (guint; each once, none when no component changed); FALSE (and `others`
 * TRUE) when anything may have changed: a load, or components or wires
 * added, removed or reordered. */
gboolean        mf_edit_document_get_changed_components (MfEditDocument *self,
                                                         GArray         *components,
                                                         gboolean       *others);

/* ---- history ---- */

gboolean        mf_edit_document_get_can_undo (MfEditDocument *self);
gboolean        mf_edit_document_get_can_redo (MfEditDocument *self);
/* "Move P1", "Connect P1.b to J1.p"; NULL when nothing to undo/redo. */
const char     *mf_edit_document_get_undo_label (MfEditDocument *self);
const char     *mf_edit_document_get_redo_label (MfEditDocument *self);
gboolean        mf_edit_document_undo (MfEditDocument *self);
gboolean        mf_edit_document_redo (MfEditDocument *self);

G_END_DECLS
