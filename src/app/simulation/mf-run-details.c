/* mf-run-details.c: a run's solver statistics in a popover.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-run-details.h"

#include <glib/gi18n.h>

#include "mf-run-outcome.h"

struct _MfRunDetails
{
  GtkPopover   parent_instance;

  MfRunRecord *record;
  GPtrArray   *values; /* GtkLabel*: the value of each row */

  /* template children */
  GtkLabel    *title_label;
  GtkLabel    *status_label;
  GtkGrid     *grid;
};

G_DEFINE_FINAL_TYPE (MfRunDetails, mf_run_details, GTK_TYPE_POPOVER)

enum
{
  PROP_0,
  PROP_RECORD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
row_label (const char *text, const char *css_class, gboolean value)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), value ? 1.0 : 0.0);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* A row per count: its name and value, its meaning under the name. */
static void
build_rows (MfRunDetails *self)
{
  MfSimulationStats none = { 0 };
  const char *name, *meaning;
  char *value;

  for (guint i = 0; (value = mf_run_stats_row (&none, i, &name, &meaning)) != NULL; i++)
    {
      GtkWidget *value_label = row_label (value, "numeric", TRUE);
      GtkWidget *meaning_label = row_label (meaning, "dim-label", FALSE);

      gtk_widget_add_css_class (meaning_label, "caption");
      gtk_label_set_wrap (GTK_LABEL (meaning_label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (meaning_label), 44);
      gtk_widget_set_margin_bottom (meaning_label, 4);
      gtk_grid_attach (self->grid, row_label (name, NULL, FALSE), 0, 2 * i, 1, 1);
      gtk_grid_attach (self->grid, value_label, 1, 2 * i, 1, 1);
      gtk_grid_attach (self->grid, meaning_label, 0, 2 * i + 1, 2, 1);
      g_ptr_array_add (self->values, value_label);
      g_free (value);
    }
}

static void
update (MfRunDetails *self)
{
  const MfSimulationStats *stats = mf_run_record_get_stats (self->record);
  const char *method = mf_run_record_get_method (self->record);
  g_autofree char *title = NULL;

  if (method != NULL)
    /* Translators: a run's name and its integration method, "Run 2 · rkf45" */
    title = g_strdup_printf (_("%s · %s"), mf_run_record_get_label (self->record), method);
  gtk_label_set_text (self->title_label,
                      title != NULL ? title : mf_run_record_get_label (self->record));
  gtk_label_set_text (self->status_label,
                      stats == NULL ? _("No statistics yet: the run has not started.")
                      : mf_run_record_get_status (self->record) == MF_SIM_STATUS_RUNNING
                        ? _("So far; the Newton counts come at the end of the run.")
                        : _("The whole run, over every live edit."));
  for (guint i = 0; i < self->values->len; i++)
    {
      g_autofree char *value = stats != NULL ? mf_run_stats_row (stats, i, NULL, NULL)
                                             : g_strdup ("–");

      gtk_label_set_text (g_ptr_array_index (self->values, i), value);
    }
}

static void
mf_run_details_constructed (GObject *object)
{
  MfRunDetails *self = MF_RUN_DETAILS (object);

  G_OBJECT_CLASS (mf_run_details_parent_class)->constructed (object);
  g_return_if_fail (self->record != NULL);
  build_rows (self);
  g_signal_connect_object (self->record, "notify::summary", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->record, "notify::label", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->record, "notify::status", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  update (self);
}

static void
mf_run_details_dispose (GObject *object)
{
  MfRunDetails *self = MF_RUN_DETAILS (object);

  g_clear_object (&self->record);
  gtk_widget_dispose_template (GTK_WIDGET (self), MF_TYPE_RUN_DETAILS);
  G_OBJECT_CLASS (mf_run_details_parent_class)->dispose (object);
}

static void
mf_run_details_finalize (GObject *object)
{
  MfRunDetails *self = MF_RUN_DETAILS (object);

  g_ptr_array_unref (self->values);
  G_OBJECT_CLASS (mf_run_details_parent_class)->finalize (object);
}

static void
mf_run_details_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MfRunDetails *self = MF_RUN_DETAILS (object);

  switch (prop_id)
    {
    case PROP_RECORD:
      g_value_set_object (value, self->record);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_run_details_set_property (GObject *object, guint prop_id, const GValue *value,
                             GParamSpec *pspec)
{
  MfRunDetails *self = MF_RUN_DETAILS (object);

  switch (prop_id)
    {
    case PROP_RECORD:
      self->record = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_run_details_class_init (MfRunDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = mf_run_details_constructed;
  object_class->dispose = mf_run_details_dispose;
  object_class->finalize = mf_run_details_finalize;
  object_class->get_property = mf_run_details_get_property;
  object_class->set_property = mf_run_details_set_property;

  properties[PROP_RECORD] =
    g_param_spec_object ("record", NULL, NULL, MF_TYPE_RUN_RECORD,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/"
                                               "mf-run-details.ui");
  gtk_widget_class_bind_template_child (widget_class, MfRunDetails, title_label);
  gtk_widget_class_bind_template_child (widget_class, MfRunDetails, status_label);
  gtk_widget_class_bind_template_child (widget_class, MfRunDetails, grid);
}

static void
mf_run_details_init (MfRunDetails *self)
{
  self->values = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
mf_run_details_new (MfRunRecord *record)
{
  g_return_val_if_fail (MF_IS_RUN_RECORD (record), NULL);
  return g_object_new (MF_TYPE_RUN_DETAILS, "record", record, NULL);
}

MfRunRecord *
mf_run_details_get_record (MfRunDetails *self)
{
  g_return_val_if_fail (MF_IS_RUN_DETAILS (self), NULL);
  return self->record;
}

const char *
mf_run_details_get_value (MfRunDetails *self, guint i)
{
  g_return_val_if_fail (MF_IS_RUN_DETAILS (self), NULL);
  if (i >= self->values->len)
    return NULL;
  return gtk_label_get_text (g_ptr_array_index (self->values, i));
}
