/* mf-sim-panel-layout.c: the simulation pane's plots as the document lays
 * them out (its "plots" section, docs/format.md "Plots") — a row of plots,
 * time plots bound by MfRunPlots and XY plots by MfXyPlots, each with a
 * menu to add a time or XY plot beside it, remove it, move it, turn its
 * axes logarithmic, and add or remove quantities; a quantity dropped on a
 * plot (a name as text) is added to it.  The quantities to add are the
 * circuit's, listed in a searchable popover (mf-quantity-picker.c) from
 * its model's outputs, so they are there before the first run.  Every change is an undoable edit
 * of the document; the plots follow the document's "changed".  Without
 * the section the pane shows its default views, and the first change of
 * the layout writes them out as the section.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-sim-panel-private.h"

#include <glib/gi18n.h>

#include "mf-menu-label.h"
#include "mf-quantity-names.h"
#include "mf-quantity-picker.h"
#include "mf-xy-plots.h"

/* One plot of the layout as shown. */
typedef struct
{
  MfSimPanel *panel;
  guint       index;
  GtkWidget  *row;
  MfPlotView *view;
  GtkWidget  *menu_button;
  GtkWidget  *add_button;
  MfQuantityPicker *picker;
  GCancellable *names_cancellable; /* the names the picker waits for */
  MfRunPlots *time;
  MfXyPlots  *xy;
} LayoutPlot;

static void
layout_plot_free (gpointer data)
{
  LayoutPlot *plot = data;

  g_cancellable_cancel (plot->names_cancellable);
  g_clear_object (&plot->names_cancellable);
  g_clear_pointer (&plot->time, mf_run_plots_free);
  g_clear_pointer (&plot->xy, mf_xy_plots_free);
  g_free (plot);
}

/* The default views as a layout: the states, the pressures and, on a log
 * axis, the singular values, with the quantities they show now. */
static MfPlotList *
default_layout (MfSimPanel *self)
{
  static const MfSimPanelView views[] = { MF_SIM_PANEL_STATES, MF_SIM_PANEL_PRESSURES,
                                          MF_SIM_PANEL_SIGMA };
  MfPlotList *layout = mf_plot_list_new ();

  for (guint v = 0; v < G_N_ELEMENTS (views); v++)
    {
      g_auto (GStrv) names = mf_run_plots_get_quantities (self->plots[views[v]]);
      MfPlotSpec *spec = mf_plot_spec_new (MF_PLOT_KIND_TIME);

      for (guint i = 0; names != NULL && names[i] != NULL; i++)
        g_ptr_array_add (spec->y, g_strdup (names[i]));
      spec->log_y = views[v] == MF_SIM_PANEL_SIGMA;
      g_ptr_array_add (layout, spec);
    }
  return layout;
}

MfPlotList *
mf_sim_panel_get_layout (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);

  return self->layout != NULL ? mf_plot_list_copy (self->layout) : default_layout (self);
}

gboolean
mf_sim_panel_set_layout (MfSimPanel *self, const MfPlotList *layout, const char *label,
                         GError **error)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), FALSE);

  if (self->document == NULL)
    return TRUE;
  return mf_edit_document_set_plot_list (self->document, layout, label, error);
}

/* Shows the edit's refusal in the pane's problem row. */
static void
apply (MfSimPanel *self, MfPlotList *layout, const char *label)
{
  g_autoptr (GError) error = NULL;

  if (!mf_sim_panel_set_layout (self, layout, label, &error))
    mf_sim_panel_show_problem (self, "dialog-warning-symbolic", error->message, TRUE);
}

gboolean
mf_sim_panel_drop_quantity (MfSimPanel *self, guint plot, const char *name, GError **error)
{
  g_autoptr (MfPlotList) layout = NULL;
  g_autofree char *label = NULL;
  MfPlotSpec *spec;

  g_return_val_if_fail (MF_IS_SIM_PANEL (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  layout = mf_sim_panel_get_layout (self);
  if (plot >= layout->len)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("there is no plot %u"),
                   plot + 1);
      return FALSE;
    }
  spec = layout->pdata[plot];
  if (mf_plot_spec_has (spec, name))
    return TRUE;
  /* an XY plot takes its x first */
  if (spec->kind == MF_PLOT_KIND_XY && spec->x == NULL)
    spec->x = g_strdup (name);
  else
    g_ptr_array_add (spec->y, g_strdup (name));
  /* Translators: an undo label; %s is a quantity ("P1.v") */
  label = g_strdup_printf (_("Plot %s"), name);
  return mf_sim_panel_set_layout (self, layout, label, error);
}

/* --- the menu of a plot ------------------------------------------------ */

/* plot.add("time" | "xy"): a new plot right of this one */
static void
action_add (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  LayoutPlot *plot = data;
  g_autoptr (MfPlotList) layout = mf_sim_panel_get_layout (plot->panel);
  MfPlotKind kind = MF_PLOT_KIND_TIME;

  mf_plot_kind_from_string (g_variant_get_string (parameter, NULL), &kind);
  g_ptr_array_insert (layout, (int) plot->index + 1, mf_plot_spec_new (kind));
  apply (plot->panel, layout, kind == MF_PLOT_KIND_XY ? _("Add XY plot") : _("Add plot"));
}

static void
action_remove (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  LayoutPlot *plot = data;
  g_autoptr (MfPlotList) layout = mf_sim_panel_get_layout (plot->panel);

  /* the last plot stays: a pane without one has no menu to add one */
  if (layout->len <= 1)
    return;
  g_ptr_array_remove_index (layout, plot->index);
  apply (plot->panel, layout, _("Remove plot"));
}

/* plot.move(-1 | 1): changes place with the neighbour left or right */
static void
action_move (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  LayoutPlot *plot = data;
  g_autoptr (MfPlotList) layout = mf_sim_panel_get_layout (plot->panel);
  int to = (int) plot->index + g_variant_get_int32 (parameter);
  gpointer moved;

  if (to < 0 || to >= (int) layout->len)
    return;
  moved = layout->pdata[plot->index];
  layout->pdata[plot->index] = layout->pdata[to];
  layout->pdata[to] = moved;
  apply (plot->panel, layout, _("Move plot"));
}

/* plot.log("x" | "y"): the axis logarithmic, or linear again */
static void
action_log (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  LayoutPlot *plot = data;
  g_autoptr (MfPlotList) layout = mf_sim_panel_get_layout (plot->panel);
  MfPlotSpec *spec = layout->pdata[plot->index];
  gboolean x_axis = g_strcmp0 (g_variant_get_string (parameter, NULL), "x") == 0;

  if (x_axis)
    spec->log_x = !spec->log_x;
  else
    spec->log_y = !spec->log_y;
  apply (plot->panel, layout, x_axis ? _("Log x axis") : _("Log y axis"));
}

static void
action_remove_quantity (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  LayoutPlot *plot = data;
  g_autoptr (MfPlotList) layout = mf_sim_panel_get_layout (plot->panel);
  MfPlotSpec *spec = layout->pdata[plot->index];
  const char *name = g_variant_get_string (parameter, NULL);
  g_autofree char *label = NULL;

  if (g_strcmp0 (spec->x, name) == 0)
    g_clear_pointer (&spec->x, g_free);
  for (guint i = spec->y->len; i-- > 0;)
    if (g_strcmp0 (spec->y->pdata[i], name) == 0)
      g_ptr_array_remove_index (spec->y, i);
  /* Translators: an undo label; %s is a quantity ("P1.v") */
  label = g_strdup_printf (_("Remove %s from plot"), name);
  apply (plot->panel, layout, label);
}

/* plot.pick-quantity: opens the list of quantities to add */
static void
action_pick_quantity (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  LayoutPlot *plot = data;

  gtk_menu_button_popup (GTK_MENU_BUTTON (plot->add_button));
}

static GMenuModel *
plot_menu (MfSimPanel *self, const MfPlotSpec *spec)
{
  GMenu *menu = g_menu_new ();
  g_autoptr (GMenu) plots = g_menu_new ();
  g_autoptr (GMenu) axes = g_menu_new ();
  g_autoptr (GMenu) add = g_menu_new ();
  g_autoptr (GMenu) remove = g_menu_new ();

  g_menu_append (plots, _("Add _Time Plot"), "plot.add::time");
  g_menu_append (plots, _("Add _XY Plot"), "plot.add::xy");
  g_menu_append (plots, _("Move _Left"), "plot.move(-1)");
  g_menu_append (plots, _("Move _Right"), "plot.move(1)");
  g_menu_append (plots, _("Re_move Plot"), "plot.remove");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (plots));
  if (spec->kind == MF_PLOT_KIND_XY)
    g_menu_append (axes, spec->log_x ? _("Linear x Axis") : _("Log x Axis"), "plot.log::x");
  g_menu_append (axes, spec->log_y ? _("Linear y Axis") : _("Log y Axis"), "plot.log::y");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (axes));
  g_menu_append (add, spec->kind == MF_PLOT_KIND_XY && spec->x == NULL
                        ? _("Set x _Quantity…") : _("_Add Quantity…"),
                 "plot.pick-quantity");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (add));
  for (guint i = 0; i <= spec->y->len; i++)
    {
      const char *name = i < spec->y->len ? spec->y->pdata[i] : spec->x;
      g_autoptr (GMenuItem) item = NULL;
      g_autofree char *label = NULL;

      if (name == NULL)
        continue;
      label = mf_menu_label_literal (name);
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target (item, "plot.remove-quantity", "s", name);
      g_menu_append_item (remove, item);
    }
  g_menu_append_submenu (menu, _("R_emove Quantity"), G_MENU_MODEL (remove));
  return G_MENU_MODEL (menu);
}

/* --- building the row ------------------------------------------------- */

static gboolean
view_drop (GtkDropTarget *target, const GValue *value, double x, double y, gpointer data)
{
  LayoutPlot *plot = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_strstrip (g_value_dup_string (value));

  if (name[0] == '\0')
    return FALSE;
  if (mf_sim_panel_drop_quantity (plot->panel, plot->index, name, &error))
    return TRUE;
  mf_sim_panel_show_problem (plot->panel, "dialog-warning-symbolic", error->message, TRUE);
  return FALSE;
}

/* The menu again: the quantities to remove are those the plot has. */
static void
update_menu (LayoutPlot *plot)
{
  g_autoptr (GMenuModel) menu = plot_menu (plot->panel, plot->panel->layout->pdata[plot->index]);

  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (plot->menu_button), menu);
}

/* --- the quantities to add ------------------------------------------- */

static void
picker_picked (MfQuantityPicker *picker, const char *name, gpointer data)
{
  LayoutPlot *plot = data;
  g_autoptr (GError) error = NULL;

  if (!mf_sim_panel_drop_quantity (plot->panel, plot->index, name, &error))
    mf_sim_panel_show_problem (plot->panel, "dialog-warning-symbolic", error->message, TRUE);
}

/* Lists the circuit's quantities the plot does not show yet. */
static void
names_ready (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = mf_quantity_names_finish (result, &error);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) missing = NULL;
  LayoutPlot *plot = data;
  const MfPlotSpec *spec;

  /* cancelled: the plot may be gone */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (names == NULL)
    {
      mf_quantity_picker_set_names (plot->picker, NULL, error->message);
      return;
    }
  spec = plot->panel->layout->pdata[plot->index];
  for (guint i = 0; names[i] != NULL; i++)
    if (!mf_plot_spec_has (spec, names[i]))
      g_strv_builder_add (builder, names[i]);
  missing = g_strv_builder_end (builder);
  mf_quantity_picker_set_names (plot->picker, (const char *const *) missing,
                                _("The plot shows every quantity"));
}

/* The circuit's quantities, worked out afresh each time the list opens
 * (on a thread: a large circuit takes a while to assemble). */
static void
picker_shown (MfQuantityPicker *picker, gpointer data)
{
  LayoutPlot *plot = data;
  g_autofree char *text = NULL;
  gsize length = 0;

  g_cancellable_cancel (plot->names_cancellable);
  g_clear_object (&plot->names_cancellable);
  mf_quantity_picker_set_names (picker, NULL, _("Finding the circuit's quantities…"));
  if (plot->panel->document == NULL)
    {
      mf_quantity_picker_set_names (picker, NULL, NULL);
      return;
    }
  text = mf_edit_document_to_data (plot->panel->document, &length);
  plot->names_cancellable = g_cancellable_new ();
  mf_quantity_names_async (text, (gssize) length, plot->names_cancellable, names_ready,
                           plot);
}

static LayoutPlot *
layout_plot_new (MfSimPanel *self, const MfPlotSpec *spec, guint index)
{
  static const GActionEntry entries[] = {
    { "add", action_add, "s" }, { "remove", action_remove }, { "move", action_move, "i" },
    { "log", action_log, "s" },
    { "pick-quantity", action_pick_quantity },
    { "remove-quantity", action_remove_quantity, "s" },
  };
  LayoutPlot *plot = g_new0 (LayoutPlot, 1);
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);
  MfPlot *drawn;
  g_auto (GStrv) y = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  plot->panel = self;
  plot->index = index;
  plot->row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  plot->view = MF_PLOT_VIEW (mf_plot_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (plot->view), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (plot->view), TRUE);
  drawn = mf_plot_view_get_plot (plot->view);
  mf_plot_set_title (drawn, spec->title);
  for (guint i = 0; i < spec->y->len; i++)
    g_strv_builder_add (builder, spec->y->pdata[i]);
  y = g_strv_builder_end (builder);
  mf_plot_set_min_margins (drawn, MF_PLOT_VIEW_LEFT_MARGIN, MF_PLOT_VIEW_RIGHT_MARGIN);
  if (spec->kind == MF_PLOT_KIND_XY)
    {
      plot->xy = mf_xy_plots_new (drawn);
      mf_xy_plots_set_quantities (plot->xy, spec->x, (const char *const *) y);
      mf_plot_set_axis_scale (drawn, MF_PLOT_AXIS_X,
                              spec->log_x ? MF_PLOT_SCALE_LOG : MF_PLOT_SCALE_LINEAR);
    }
  else
    {
      plot->time = mf_run_plots_new (drawn);
      mf_run_plots_set_quantities (plot->time, (const char *const *) y);
      mf_plot_set_axis_title (drawn, MF_PLOT_AXIS_X, _("time"), "s");
      mf_plot_view_set_x_range (plot->view, self->x_range);
    }
  mf_plot_view_set_log_y (plot->view, spec->log_y);

  plot->menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (plot->menu_button), "view-more-symbolic");
  gtk_widget_set_tooltip_text (plot->menu_button, _("Plot menu"));
  gtk_widget_add_css_class (plot->menu_button, "flat");
  plot->add_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (plot->add_button), "list-add-symbolic");
  gtk_widget_set_tooltip_text (plot->add_button,
                               spec->kind == MF_PLOT_KIND_XY && spec->x == NULL
                                 ? _("Set x quantity") : _("Add quantity"));
  gtk_widget_add_css_class (plot->add_button, "flat");
  plot->picker = MF_QUANTITY_PICKER (mf_quantity_picker_new ());
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (plot->add_button), GTK_WIDGET (plot->picker));
  g_signal_connect (plot->picker, "show", G_CALLBACK (picker_shown), plot);
  g_signal_connect (plot->picker, "picked", G_CALLBACK (picker_picked), plot);
  gtk_widget_set_halign (header, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (header), plot->add_button);
  gtk_box_append (GTK_BOX (header), plot->menu_button);
  gtk_box_append (GTK_BOX (plot->row), header);
  gtk_box_append (GTK_BOX (plot->row), GTK_WIDGET (plot->view));

  g_action_map_add_action_entries (G_ACTION_MAP (group), entries, G_N_ELEMENTS (entries), plot);
  gtk_widget_insert_action_group (plot->row, "plot", G_ACTION_GROUP (group));
  g_signal_connect (drop, "drop", G_CALLBACK (view_drop), plot);
  gtk_widget_add_controller (GTK_WIDGET (plot->view), GTK_EVENT_CONTROLLER (drop));
  return plot;
}

void
mf_sim_panel_sync_layout (MfSimPanel *self)
{
  g_autoptr (MfPlotList) layout = NULL;

  layout = self->document != NULL ? mf_edit_document_get_plot_list (self->document) : NULL;
  if (mf_plot_list_equal (layout, self->layout))
    return;
  g_clear_pointer (&self->layout, g_ptr_array_unref);
  self->layout = g_steal_pointer (&layout);
  for (guint i = 0; i < self->layout_plots->len; i++)
    gtk_box_remove (GTK_BOX (self->layout_box),
                    ((LayoutPlot *) self->layout_plots->pdata[i])->row);
  g_ptr_array_set_size (self->layout_plots, 0);
  for (guint i = 0; self->layout != NULL && i < self->layout->len; i++)
    {
      LayoutPlot *plot = layout_plot_new (self, self->layout->pdata[i], i);

      g_ptr_array_add (self->layout_plots, plot);
      gtk_box_append (GTK_BOX (self->layout_box), plot->row);
      update_menu (plot);
    }
  gtk_widget_set_visible (self->default_box, self->layout == NULL);
  gtk_widget_set_visible (self->layout_box, self->layout != NULL);
  mf_sim_panel_refresh_runs (self);
  mf_sim_panel_update_plots (self, TRUE);
}

void
mf_sim_panel_layout_set_runs (MfSimPanel *self, GPtrArray *overlaid)
{
  for (guint i = 0; i < self->layout_plots->len; i++)
    {
      LayoutPlot *plot = self->layout_plots->pdata[i];

      if (plot->time != NULL)
        mf_run_plots_set_runs (plot->time, self->current, overlaid);
      else
        mf_xy_plots_set_runs (plot->xy, self->current, overlaid);
      update_menu (plot);
    }
}

/* The layout's plots draw as the default views do, which the preferences
 * set (mf_sim_panel_set_plot_options() and the others). */
static void
follow_settings (MfSimPanel *self, LayoutPlot *plot)
{
  MfPlot *model = mf_plot_view_get_plot (self->views[MF_SIM_PANEL_STATES]);
  MfPlot *drawn = mf_plot_view_get_plot (plot->view);
  MfUnitSystem units = mf_run_plots_get_unit_system (self->plots[MF_SIM_PANEL_STATES]);
  MfRunStyle style = mf_run_plots_get_run_style (self->plots[MF_SIM_PANEL_STATES]);

  mf_plot_set_line_width (drawn, mf_plot_get_line_width (model));
  mf_plot_set_grid (drawn, mf_plot_get_grid (model));
  mf_plot_set_sample_marks (drawn, mf_plot_get_sample_marks (model));
  mf_plot_set_text_scale (drawn, mf_plot_get_text_scale (model));
  if (plot->time != NULL && mf_run_plots_get_unit_system (plot->time) != units)
    mf_run_plots_set_unit_system (plot->time, units);
  if (plot->xy != NULL)
    mf_xy_plots_set_unit_system (plot->xy, units);
  if (plot->time != NULL && mf_run_plots_get_run_style (plot->time) != style)
    mf_run_plots_set_run_style (plot->time, style);
}

void
mf_sim_panel_layout_update (MfSimPanel *self)
{
  for (guint i = 0; i < self->layout_plots->len; i++)
    {
      LayoutPlot *plot = self->layout_plots->pdata[i];

      follow_settings (self, plot);
      if (plot->time != NULL ? mf_run_plots_update (plot->time) : mf_xy_plots_update (plot->xy))
        mf_plot_view_data_changed (plot->view);
    }
}

guint
mf_sim_panel_get_n_layout_views (MfSimPanel *self)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), 0);

  return self->layout_plots->len;
}

MfPlotView *
mf_sim_panel_get_layout_view (MfSimPanel *self, guint index)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);
  g_return_val_if_fail (index < self->layout_plots->len, NULL);

  return ((LayoutPlot *) self->layout_plots->pdata[index])->view;
}

GtkMenuButton *
mf_sim_panel_get_layout_add_button (MfSimPanel *self, guint index)
{
  g_return_val_if_fail (MF_IS_SIM_PANEL (self), NULL);
  g_return_val_if_fail (index < self->layout_plots->len, NULL);

  return GTK_MENU_BUTTON (((LayoutPlot *) self->layout_plots->pdata[index])->add_button);
}

static void
action_customize (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  MfSimPanel *self = data;
  g_autoptr (MfPlotList) layout = mf_sim_panel_get_layout (self);

  apply (self, layout, _("Lay out plots"));
}

static void
action_defaults (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  apply (data, NULL, _("Default plots"));
}

void
mf_sim_panel_init_layout (MfSimPanel *self)
{
  static const GActionEntry entries[] = {
    { "customize", action_customize }, { "defaults", action_defaults },
  };
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr (GMenu) menu = g_menu_new ();
  GtkWidget *button = gtk_menu_button_new ();

  self->layout_plots = g_ptr_array_new_with_free_func (layout_plot_free);
  self->default_box = gtk_widget_get_first_child (self->plots_box);
  self->layout_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_box_set_homogeneous (GTK_BOX (self->layout_box), TRUE);
  gtk_widget_set_hexpand (self->layout_box, TRUE);
  gtk_widget_set_visible (self->layout_box, FALSE);
  gtk_box_append (GTK_BOX (self->plots_box), self->layout_box);

  g_action_map_add_action_entries (G_ACTION_MAP (group), entries, G_N_ELEMENTS (entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "layout", G_ACTION_GROUP (group));
  g_menu_append (menu, _("_Lay Out Plots"), "layout.customize");
  g_menu_append (menu, _("_Default Plots"), "layout.defaults");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-grid-symbolic");
  gtk_widget_set_tooltip_text (button, _("Plot layout"));
  gtk_box_append (self->extra_buttons, button);
}

void
mf_sim_panel_dispose_layout (MfSimPanel *self)
{
  g_clear_pointer (&self->layout_plots, g_ptr_array_unref);
  g_clear_pointer (&self->layout, g_ptr_array_unref);
}
