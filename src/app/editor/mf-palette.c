/* mf-palette.c: the component palette.
 *
 * Built from a table rather than a template: the groups and their types
 * are data, and each button needs the symbol of its type.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-palette.h"

#include <glib/gi18n.h>

#include "mf-canvas.h"
#include "mf-symbol.h"

#define ICON_WIDTH 56
#define ICON_HEIGHT 40

typedef struct
{
  const char     *title;
  MfComponentType types[7];
  guint           n_types;
} MfPaletteGroup;

static const MfPaletteGroup groups[] = {
  { N_("Sources"), { MF_COMPONENT_TANK, MF_COMPONENT_FLOW_SOURCE, MF_COMPONENT_VOLUME,
                     MF_COMPONENT_ACCUMULATOR }, 4 },
  { N_("Pipework"), { MF_COMPONENT_PIPE, MF_COMPONENT_JUNCTION, MF_COMPONENT_ORIFICE }, 3 },
  { N_("Valves"), { MF_COMPONENT_VALVE, MF_COMPONENT_CHECK_VALVE, MF_COMPONENT_RELIEF_VALVE,
                    MF_COMPONENT_FLOW_CONTROL_VALVE, MF_COMPONENT_REDUCING_VALVE,
                    MF_COMPONENT_VALVE_4_3, MF_COMPONENT_VALVE_4_2 }, 7 },
  { N_("Pumps"), { MF_COMPONENT_PUMP, MF_COMPONENT_VARIABLE_PUMP }, 2 },
  { N_("Actuators"), { MF_COMPONENT_PISTON, MF_COMPONENT_MOTOR }, 2 },
  { N_("Mechanical"), { MF_COMPONENT_MASS, MF_COMPONENT_SPRING, MF_COMPONENT_DAMPER,
                        MF_COMPONENT_FORCE, MF_COMPONENT_FIXED }, 5 },
  { N_("Rotary"), { MF_COMPONENT_INERTIA, MF_COMPONENT_ROTARY_SPRING, MF_COMPONENT_ROTARY_DAMPER,
                    MF_COMPONENT_TORQUE, MF_COMPONENT_FIXED_SHAFT }, 5 },
};

struct _MfPalette
{
  GtkWidget   parent_instance;

  GtkWidget  *scroller;
  GHashTable *buttons; /* type name -> GtkButton */
  char       *action_name;
};

enum
{
  PROP_0,
  PROP_ACTION_NAME,
  N_PROPS
};

enum
{
  SIGNAL_TYPE_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MfPalette, mf_palette, GTK_TYPE_WIDGET)

static void
draw_icon (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  MfComponentType type = GPOINTER_TO_UINT (user_data);
  cairo_rectangle_t b;
  MfSymbolStyle style;
  GdkRGBA fg;
  double scale;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  mf_symbol_get_rest_bounds (type, 0, &b);
  /* small symbols keep a common size, large ones shrink to fit */
  scale = MIN (MIN ((width - 4) / b.width, (height - 4) / b.height), 1.0);
  style.ink = (MfRgba) { fg.red, fg.green, fg.blue, fg.alpha };
  style.paper = (MfRgba) { 0, 0, 0, 0 };
  style.accent = style.ink;
  style.line_width = 1.3 / scale;
  style.pose = (MfSymbolPose) { 0 };
  cairo_translate (cr, width / 2.0, height / 2.0);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -(b.x + b.width / 2), -(b.y + b.height / 2));
  mf_symbol_draw (cr, type, 0, &style);
}

static void
on_button_clicked (GtkButton *button,
                   MfPalette *self)
{
  const char *name = g_object_get_data (G_OBJECT (button), "mf-type-name");

  g_signal_emit (self, signals[SIGNAL_TYPE_ACTIVATED], 0, name);
  if (self->action_name != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), self->action_name, "s", name);
}

static GdkContentProvider *
on_drag_prepare (GtkDragSource *source,
                 double         x,
                 double         y,
                 GtkWidget     *button)
{
  const char *name = g_object_get_data (G_OBJECT (button), "mf-type-name");
  g_autofree char *text = g_strconcat (MF_CANVAS_DRAG_PREFIX, name, NULL);

  return gdk_content_provider_new_typed (G_TYPE_STRING, text);
}

static void
on_drag_begin (GtkDragSource *source,
               GdkDrag       *drag,
               GtkWidget     *icon)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (icon);

  gtk_drag_source_set_icon (source, paintable, ICON_WIDTH / 2, ICON_HEIGHT / 2);
}

static GtkWidget *
type_button (MfPalette       *self,
             MfComponentType  type)
{
  const MfComponentTypeInfo *info = mf_component_type_info (type);
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (_(info->label));
  GtkDragSource *source = gtk_drag_source_new ();
  /* Translators: %s is a kind of component: "Check valve" */
  g_autofree char *tooltip = g_strdup_printf (_("%s: click to add one, or drag it onto the "
                                                "circuit"), _(info->label));

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (icon), ICON_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (icon), ICON_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (icon), draw_icon,
                                  GUINT_TO_POINTER (type), NULL);
  /* a narrow sidebar: "Relief valve" takes two lines rather than "Relief v…".
   * A long word breaks where its translation puts a soft hyphen (U+00AD,
   * "Druck\u00adbegrenzungs\u00adventil"), shown as a hyphen at the break, and
   * only a word without one at any letter.  Four lines of eight characters
   * hold such a word and keep the sidebar narrow enough for the canvas */
  gtk_widget_add_css_class (label, "caption");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (label), 4);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_label_set_width_chars (GTK_LABEL (label), 8);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 8);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _(info->label), -1);
  g_object_set_data (G_OBJECT (button), "mf-type-name", (gpointer) info->name);
  g_signal_connect (button, "clicked", G_CALLBACK (on_button_clicked), self);

  gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
  g_signal_connect (source, "prepare", G_CALLBACK (on_drag_prepare), button);
  g_signal_connect (source, "drag-begin", G_CALLBACK (on_drag_begin), icon);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));

  g_hash_table_insert (self->buttons, (gpointer) info->name, button);
  return button;
}

static void
mf_palette_dispose (GObject *object)
{
  MfPalette *self = MF_PALETTE (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);

  G_OBJECT_CLASS (mf_palette_parent_class)->dispose (object);
}

static void
mf_palette_finalize (GObject *object)
{
  MfPalette *self = MF_PALETTE (object);

  g_hash_table_unref (self->buttons);
  g_free (self->action_name);

  G_OBJECT_CLASS (mf_palette_parent_class)->finalize (object);
}

static void
mf_palette_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  MfPalette *self = MF_PALETTE (object);

  switch (prop_id)
    {
    case PROP_ACTION_NAME:
      g_value_set_string (value, self->action_name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_palette_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  MfPalette *self = MF_PALETTE (object);

  switch (prop_id)
    {
    case PROP_ACTION_NAME:
      mf_palette_set_action_name (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_palette_class_init (MfPaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_palette_dispose;
  object_class->finalize = mf_palette_finalize;
  object_class->get_property = mf_palette_get_property;
  object_class->set_property = mf_palette_set_property;

  properties[PROP_ACTION_NAME] =
    g_param_spec_string ("action-name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_TYPE_ACTIVATED] =
    g_signal_new ("type-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "mfpalette");
}

static void
mf_palette_init (MfPalette *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  self->buttons = g_hash_table_new (g_str_hash, g_str_equal);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), box);

  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      GtkWidget *heading = gtk_label_new (_(groups[g].title));
      GtkWidget *flow = gtk_flow_box_new ();

      gtk_label_set_xalign (GTK_LABEL (heading), 0);
      gtk_widget_add_css_class (heading, "heading");
      gtk_widget_set_margin_top (heading, g == 0 ? 0 : 8);
      gtk_widget_set_margin_start (heading, 4);
      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
      gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
      gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 2);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 3);
      gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 2);
      gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 2);
      for (guint t = 0; t < groups[g].n_types; t++)
        gtk_flow_box_append (GTK_FLOW_BOX (flow), type_button (self, groups[g].types[t]));
      gtk_box_append (GTK_BOX (box), heading);
      gtk_box_append (GTK_BOX (box), flow);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Components"), -1);
}

GtkWidget *
mf_palette_new (void)
{
  return g_object_new (MF_TYPE_PALETTE, NULL);
}

void
mf_palette_set_action_name (MfPalette  *self,
                            const char *action_name)
{
  g_return_if_fail (MF_IS_PALETTE (self));

  if (g_strcmp0 (self->action_name, action_name) == 0)
    return;
  g_free (self->action_name);
  self->action_name = g_strdup (action_name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTION_NAME]);
}

const char *
mf_palette_get_action_name (MfPalette *self)
{
  g_return_val_if_fail (MF_IS_PALETTE (self), NULL);

  return self->action_name;
}

GtkWidget *
mf_palette_get_button (MfPalette  *self,
                       const char *type_name)
{
  g_return_val_if_fail (MF_IS_PALETTE (self), NULL);

  return g_hash_table_lookup (self->buttons, type_name);
}
