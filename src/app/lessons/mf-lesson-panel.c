/* mf-lesson-panel.c: a lesson beside the canvas — the title, a counter
 * ("Step 2 of 6"), the introduction or the step's text, and Previous and
 * Next, each insensitive where there is nowhere to go.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-lesson-panel.h"

#include <glib/gi18n.h>

#include "mf-widget-template.h"

struct _MfLessonPanel
{
  GtkWidget          parent_instance;

  const MfLesson    *lesson;
  guint              page;

  /* template children */
  GtkScrolledWindow *scroller;
  GtkLabel          *title_label;
  GtkLabel          *counter_label;
  GtkLabel          *text_label;
  GtkWidget         *previous_button;
  GtkWidget         *next_button;
};

G_DEFINE_FINAL_TYPE (MfLessonPanel, mf_lesson_panel, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_PAGE,
  N_PROPS
};

enum
{
  SIGNAL_CLOSE_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static guint
last_page (MfLessonPanel *self)
{
  return self->lesson != NULL ? mf_lesson_n_steps (self->lesson) : 0;
}

static void
show_page (MfLessonPanel *self)
{
  guint n_steps = last_page (self);
  g_autofree char *counter = NULL;
  const char *text = "";

  if (self->lesson == NULL)
    counter = g_strdup ("");
  else if (self->page == 0)
    {
      counter = g_strdup (_("Introduction"));
      text = _(self->lesson->introduction);
    }
  else
    {
      /* Translators: where the reader is in a lesson, "Step 2 of 6" */
      counter = g_strdup_printf (_("Step %u of %u"), self->page, n_steps);
      text = _(self->lesson->steps[self->page - 1]);
    }
  gtk_label_set_label (self->title_label, self->lesson != NULL ? _(self->lesson->title) : "");
  gtk_label_set_label (self->counter_label, counter);
  gtk_label_set_label (self->text_label, text);
  gtk_widget_set_sensitive (self->previous_button, self->page > 0);
  gtk_widget_set_sensitive (self->next_button, self->page < n_steps);
  /* each page is read from its top */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

void
mf_lesson_panel_set_page (MfLessonPanel *self,
                          guint          page)
{
  g_return_if_fail (MF_IS_LESSON_PANEL (self));

  page = MIN (page, last_page (self));
  if (page == self->page)
    return;
  self->page = page;
  show_page (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}

guint
mf_lesson_panel_get_page (MfLessonPanel *self)
{
  g_return_val_if_fail (MF_IS_LESSON_PANEL (self), 0);

  return self->page;
}

void
mf_lesson_panel_set_lesson (MfLessonPanel  *self,
                            const MfLesson *lesson)
{
  g_return_if_fail (MF_IS_LESSON_PANEL (self));

  self->lesson = lesson;
  self->page = 0;
  show_page (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}

const MfLesson *
mf_lesson_panel_get_lesson (MfLessonPanel *self)
{
  g_return_val_if_fail (MF_IS_LESSON_PANEL (self), NULL);

  return self->lesson;
}

static void
on_previous_clicked (MfLessonPanel *self)
{
  if (self->page > 0)
    mf_lesson_panel_set_page (self, self->page - 1);
}

static void
on_next_clicked (MfLessonPanel *self)
{
  mf_lesson_panel_set_page (self, self->page + 1);
}

static void
on_close_clicked (MfLessonPanel *self)
{
  g_signal_emit (self, signals[SIGNAL_CLOSE_REQUESTED], 0);
}

static void
mf_lesson_panel_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MfLessonPanel *self = MF_LESSON_PANEL (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      g_value_set_uint (value, self->page);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_lesson_panel_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  MfLessonPanel *self = MF_LESSON_PANEL (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      mf_lesson_panel_set_page (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_lesson_panel_dispose (GObject *object)
{
  mf_widget_dispose_template (GTK_WIDGET (object), MF_TYPE_LESSON_PANEL);

  G_OBJECT_CLASS (mf_lesson_panel_parent_class)->dispose (object);
}

static void
mf_lesson_panel_class_init (MfLessonPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = mf_lesson_panel_get_property;
  object_class->set_property = mf_lesson_panel_set_property;
  object_class->dispose = mf_lesson_panel_dispose;

  properties[PROP_PAGE] =
    g_param_spec_uint ("page", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_CLOSE_REQUESTED] =
    g_signal_new ("close-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/"
                                               "mf-lesson-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MfLessonPanel, scroller);
  gtk_widget_class_bind_template_child (widget_class, MfLessonPanel, title_label);
  gtk_widget_class_bind_template_child (widget_class, MfLessonPanel, counter_label);
  gtk_widget_class_bind_template_child (widget_class, MfLessonPanel, text_label);
  gtk_widget_class_bind_template_child (widget_class, MfLessonPanel, previous_button);
  gtk_widget_class_bind_template_child (widget_class, MfLessonPanel, next_button);
  gtk_widget_class_bind_template_callback (widget_class, on_previous_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_next_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_close_clicked);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
mf_lesson_panel_init (MfLessonPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  show_page (self);
}

GtkWidget *
mf_lesson_panel_new (void)
{
  return g_object_new (MF_TYPE_LESSON_PANEL, NULL);
}
