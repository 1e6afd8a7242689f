/* mf-window-results.c: what the window does with the simulation's results —
 * the kept runs (a popover on the simulation pane's toolbar), parameter
 * sweeps, methods compared, exports and measured data laid over the plots
 * (win.sweep, win.compare-methods, win.export, win.measured-data).  The pane owns the runs; the
 * window adds what needs the canvas (the selection a sweep starts from) and
 * a parent for the dialogs.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-window-private.h"

#include <glib/gi18n.h>

#include "mf-compare-dialog.h"
#include "mf-difference-window.h"
#include "mf-export-dialog.h"
#include "mf-measured-dialog.h"
#include "mf-runs-popover.h"
#include "mf-sweep-dialog.h"

static const char *const view_titles[MF_SIM_PANEL_N_VIEWS] = {
  N_("States"), N_("Pressures"), N_("Singular values"), N_("Steps"),
};

static void
mf_window_action_sweep (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  MfWindow *self = MF_WINDOW (widget);
  g_auto (GStrv) selection = mf_canvas_get_selection (self->canvas);
  GtkWidget *dialog = mf_sweep_dialog_new (GTK_WINDOW (self), self->document,
                                           selection != NULL ? selection[0] : NULL);

  g_signal_connect_object (dialog, "run-added", G_CALLBACK (mf_sim_panel_add_run),
                           self->sim_panel, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
mf_window_action_compare (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  MfWindow *self = MF_WINDOW (widget);
  GtkWidget *dialog = mf_compare_dialog_new (GTK_WINDOW (self), self->document);

  g_signal_connect_object (dialog, "run-added", G_CALLBACK (mf_sim_panel_add_run),
                           self->sim_panel, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
mf_window_action_export (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  MfWindow *self = MF_WINDOW (widget);
  MfExportDialog *dialog = MF_EXPORT_DIALOG (mf_export_dialog_new (GTK_WINDOW (self)));

  for (guint i = 0; i < MF_SIM_PANEL_N_VIEWS; i++)
    {
      MfPlotView *view = mf_sim_panel_get_plot_view (self->sim_panel, i);

      mf_export_dialog_add_plot (dialog, _(view_titles[i]), mf_plot_view_get_plot (view),
                                 G_OBJECT (view));
    }
  mf_export_dialog_set_runs (dialog, mf_sim_panel_get_runs (self->sim_panel));
  mf_export_dialog_select_run (dialog, mf_sim_panel_get_current_run (self->sim_panel));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
mf_window_action_measured (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  MfWindow *self = MF_WINDOW (widget);

  gtk_window_present (GTK_WINDOW (mf_measured_dialog_new (GTK_WINDOW (self), self->sim_panel)));
}

/* The popover marks the current run, which changes with every Run. */
static void
mf_window_runs_shown (GtkWidget *popover,
                      MfWindow  *self)
{
  mf_runs_popover_set_current_run (MF_RUNS_POPOVER (popover),
                                   mf_sim_panel_get_current_run (self->sim_panel));
}

/* The Runs popover's Difference…: A − B in a window of its own, of the
 * quantities the plots show, in the units they show them in. */
static void
mf_window_difference (MfWindow    *self,
                      MfRunRecord *a,
                      MfRunRecord *b)
{
  g_auto (GStrv) quantities = mf_sim_panel_get_quantities (self->sim_panel);
  MfUnitSystem units = self->settings != NULL ? g_settings_get_enum (self->settings,
                                                                     "unit-system")
                                              : MF_UNIT_SYSTEM_SI;
  GtkWidget *window = mf_difference_window_new (GTK_WINDOW (self), a, b,
                                                (const char *const *) quantities, units);

  gtk_window_present (GTK_WINDOW (window));
}

static GtkWidget *
mf_window_results_button (const char *label,
                          const char *tooltip)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_tooltip_text (button, tooltip);
  return button;
}

void
mf_window_init_results (MfWindow *self)
{
  GtkBox *box = mf_sim_panel_get_extra_buttons (self->sim_panel);
  GtkWidget *runs_button = gtk_menu_button_new ();
  GtkWidget *popover = mf_runs_popover_new (mf_sim_panel_get_runs (self->sim_panel));
  GtkWidget *sweep = mf_window_results_button (_("S_weep…"),
                                               _("Run one parameter over a list of values "
                                                 "and overlay the runs"));
  GtkWidget *export = mf_window_results_button (_("E_xport…"),
                                                _("Save a plot as PNG, SVG or PDF, or a "
                                                  "run's data as CSV"));

  gtk_menu_button_set_label (GTK_MENU_BUTTON (runs_button), _("R_uns"));
  gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (runs_button), TRUE);
  gtk_widget_set_tooltip_text (runs_button, _("Kept runs: show them on the plots, rename "
                                              "or delete them"));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (runs_button), popover);
  g_signal_connect_object (popover, "changed", G_CALLBACK (mf_sim_panel_refresh_runs),
                           self->sim_panel, G_CONNECT_SWAPPED);
  g_signal_connect_object (popover, "show", G_CALLBACK (mf_window_runs_shown), self, 0);
  g_signal_connect_object (popover, "difference", G_CALLBACK (mf_window_difference), self,
                           G_CONNECT_SWAPPED);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (sweep), "win.sweep");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (export), "win.export");
  gtk_box_append (box, runs_button);
  gtk_box_append (box, sweep);
  gtk_box_append (box, export);
}

void
mf_window_class_install_result_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.sweep", NULL, mf_window_action_sweep);
  gtk_widget_class_install_action (widget_class, "win.compare-methods", NULL,
                                   mf_window_action_compare);
  /* its key is one of the window's (mf_window_add_shortcuts()) */
  gtk_widget_class_install_action (widget_class, "win.export", NULL, mf_window_action_export);
  gtk_widget_class_install_action (widget_class, "win.measured-data", NULL,
                                   mf_window_action_measured);
}
