/* mf-example-gallery.c: the built-in example circuits and the dialog that
 * lists them, each with its title, its description and a picture of it,
 * under the lessons that open some of them.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-example-gallery.h"

#include <string.h>

#include <glib/gi18n.h>

#include "mf-drawing.h"
#include "mf-edit-document.h"
#include "mf-error.h"
#include "mf-lesson.h"

#define MF_EXAMPLE_SUFFIX ".manifold"
#define MF_THUMBNAIL_WIDTH 240
#define MF_THUMBNAIL_HEIGHT 150

struct _MfExampleGallery
{
  AdwWindow   parent_instance;

  GtkListBox *list;
  GtkListBox *lesson_list;
  guint       n_examples;
};

enum
{
  EXAMPLE_ACTIVATED,
  LESSON_ACTIVATED,
  N_SIGNALS
};

/* What a row of each list holds: the name of its example, or of its lesson. */
#define MF_EXAMPLE_KEY "mf-example-name"
#define MF_LESSON_KEY "mf-lesson-name"

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MfExampleGallery, mf_example_gallery, ADW_TYPE_WINDOW)

static int
mf_example_compare_names (gconstpointer a,
                          gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

char **
mf_example_gallery_list_names (void)
{
  g_auto (GStrv) children = g_resources_enumerate_children (MF_EXAMPLES_RESOURCE_PATH, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; children != NULL && children[i] != NULL; i++)
    if (g_str_has_suffix (children[i], MF_EXAMPLE_SUFFIX))
      g_ptr_array_add (names, g_strndup (children[i],
                                         strlen (children[i]) - strlen (MF_EXAMPLE_SUFFIX)));
  g_ptr_array_sort (names, mf_example_compare_names);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

GBytes *
mf_example_gallery_lookup (const char *name,
                           GError    **error)
{
  g_autofree char *path = g_strconcat (MF_EXAMPLES_RESOURCE_PATH, name, MF_EXAMPLE_SUFFIX, NULL);
  GBytes *bytes = g_resources_lookup_data (path, 0, NULL);

  if (bytes == NULL)
    g_set_error (error, MF_ERROR, MF_ERROR_IO, _("There is no example named “%s”"), name);
  return bytes;
}

static void
mf_example_gallery_draw_thumbnail (GtkDrawingArea *area,
                                   cairo_t        *cr,
                                   int             width,
                                   int             height,
                                   gpointer        user_data)
{
  MfEditDocument *document = user_data;

  /* A sheet of paper, whatever the theme, like the canvas. */
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  mf_drawing_render_to_fit (cr, document, width, height);
}

static GtkWidget *
mf_example_gallery_make_thumbnail (MfEditDocument *document)
{
  GtkWidget *area = gtk_drawing_area_new ();
  GtkWidget *frame = gtk_frame_new (NULL);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), MF_THUMBNAIL_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), MF_THUMBNAIL_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), mf_example_gallery_draw_thumbnail,
                                  g_object_ref (document), g_object_unref);
  gtk_frame_set_child (GTK_FRAME (frame), area);
  gtk_widget_set_valign (frame, GTK_ALIGN_START);
  return frame;
}

static GtkWidget *
mf_example_gallery_make_label (const char *text,
                               const char *style_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, style_class);
  return label;
}

/* The picture with the title beside it, and the description under both
 * across the row: a long paragraph that wraps beside a picture costs GTK
 * many trial layouts (measured: ten times as long to show the dialog). */
static GtkWidget *
mf_example_gallery_make_row (const char     *name,
                             MfEditDocument *document)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
  GtkWidget *title = mf_example_gallery_make_label (mf_edit_document_get_title (document),
                                                    "title-4");
  const char *description = mf_edit_document_get_description (document);

  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_box_append (GTK_BOX (top), mf_example_gallery_make_thumbnail (document));
  gtk_widget_set_hexpand (title, TRUE);
  gtk_widget_set_valign (title, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (top), title);
  gtk_box_append (GTK_BOX (box), top);
  if (description != NULL && description[0] != '\0')
    gtk_box_append (GTK_BOX (box), mf_example_gallery_make_label (description, "body"));

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_name (row, name);
  g_object_set_data_full (G_OBJECT (row), MF_EXAMPLE_KEY, g_strdup (name), g_free);
  return row;
}

/* The user chose the row's example or lesson: the dialog goes, and says
 * which through the signal `which`. */
static void
mf_example_gallery_choose (MfExampleGallery *self,
                           guint             which,
                           const char       *name)
{
  g_autofree char *chosen = g_strdup (name);

  /* Out of the way before the window asks about unsaved changes; destroyed
   * only after the signal, as disposing drops its handlers. */
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_signal_emit (self, signals[which], 0, chosen);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
mf_example_gallery_row_activated (MfExampleGallery *self,
                                  GtkListBoxRow    *row)
{
  mf_example_gallery_choose (self, EXAMPLE_ACTIVATED,
                             g_object_get_data (G_OBJECT (row), MF_EXAMPLE_KEY));
}

static void
mf_example_gallery_lesson_activated (MfExampleGallery *self,
                                     GtkListBoxRow    *row)
{
  mf_example_gallery_choose (self, LESSON_ACTIVATED,
                             g_object_get_data (G_OBJECT (row), MF_LESSON_KEY));
}

/* Activates the row of `list` whose `key` is `name`, as a click would. */
static gboolean
mf_example_gallery_activate_row (GtkListBox *list,
                                 const char *key,
                                 const char *name)
{
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), key), name) == 0)
      {
        g_signal_emit_by_name (list, "row-activated", row);
        return TRUE;
      }
  return FALSE;
}

gboolean
mf_example_gallery_activate (MfExampleGallery *self,
                             const char       *name)
{
  g_return_val_if_fail (MF_IS_EXAMPLE_GALLERY (self), FALSE);

  return mf_example_gallery_activate_row (self->list, MF_EXAMPLE_KEY, name);
}

gboolean
mf_example_gallery_activate_lesson (MfExampleGallery *self,
                                    const char       *name)
{
  g_return_val_if_fail (MF_IS_EXAMPLE_GALLERY (self), FALSE);

  return mf_example_gallery_activate_row (self->lesson_list, MF_LESSON_KEY, name);
}

guint
mf_example_gallery_get_n_examples (MfExampleGallery *self)
{
  g_return_val_if_fail (MF_IS_EXAMPLE_GALLERY (self), 0);

  return self->n_examples;
}

static int
mf_example_gallery_compare_titles (gconstpointer a,
                                   gconstpointer b)
{
  MfEditDocument *document_a = *(MfEditDocument *const *) a;
  MfEditDocument *document_b = *(MfEditDocument *const *) b;

  return g_utf8_collate (mf_edit_document_get_title (document_a),
                         mf_edit_document_get_title (document_b));
}

/* A row per lesson whose example is among `documents`, in the order of
 * mf_lesson_list(). */
static void
mf_example_gallery_fill_lessons (MfExampleGallery *self,
                                 GPtrArray        *documents)
{
  guint n_lessons;
  const MfLesson *const *lessons = mf_lesson_list (&n_lessons);

  for (guint l = 0; l < n_lessons; l++)
    for (guint i = 0; i < documents->len; i++)
      {
        MfEditDocument *document = g_ptr_array_index (documents, i);
        GtkWidget *row;
        g_autofree char *subtitle = NULL;

        if (g_strcmp0 (g_object_get_data (G_OBJECT (document), MF_EXAMPLE_KEY),
                       lessons[l]->example) != 0)
          continue;
        row = adw_action_row_new ();
        /* Translators: under a lesson's title in the gallery: the example it opens */
        subtitle = g_strdup_printf (_("With the example “%s”"),
                                    mf_edit_document_get_title (document));
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(lessons[l]->title));
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                   gtk_image_new_from_icon_name ("go-next-symbolic"));
        gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
        g_object_set_data_full (G_OBJECT (row), MF_LESSON_KEY, g_strdup (lessons[l]->name),
                                g_free);
        gtk_list_box_append (self->lesson_list, row);
      }
}

/* Rows in the order of their titles, which is how people look for them. */
static void
mf_example_gallery_fill (MfExampleGallery *self)
{
  g_auto (GStrv) names = mf_example_gallery_list_names ();
  g_autoptr (GPtrArray) documents = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autoptr (MfEditDocument) document = mf_edit_document_new ();
      g_autoptr (GBytes) bytes = mf_example_gallery_lookup (names[i], NULL);
      g_autofree char *file_name = g_strconcat (names[i], MF_EXAMPLE_SUFFIX, NULL);
      gsize length = 0;
      const char *data = g_bytes_get_data (bytes, &length);
      g_autoptr (GError) error = NULL;

      /* The tests load every example; one that fails here is left out
       * rather than shown broken. */
      if (!mf_edit_document_load_data (document, data, length, file_name, &error))
        {
          g_warning ("example %s does not load: %s", names[i], error->message);
          continue;
        }
      g_object_set_data_full (G_OBJECT (document), MF_EXAMPLE_KEY, g_strdup (names[i]),
                              g_free);
      g_ptr_array_add (documents, g_steal_pointer (&document));
    }
  g_ptr_array_sort (documents, mf_example_gallery_compare_titles);

  for (guint i = 0; i < documents->len; i++)
    {
      MfEditDocument *document = g_ptr_array_index (documents, i);
      const char *name = g_object_get_data (G_OBJECT (document), MF_EXAMPLE_KEY);

      gtk_list_box_append (self->list, mf_example_gallery_make_row (name, document));
    }
  self->n_examples = documents->len;
  mf_example_gallery_fill_lessons (self, documents);
}

static void
mf_example_gallery_class_init (MfExampleGalleryClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  signals[EXAMPLE_ACTIVATED] =
    g_signal_new ("example-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[LESSON_ACTIVATED] =
    g_signal_new ("lesson-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/manifold/Manifold/ui/"
                                               "mf-example-gallery.ui");
  gtk_widget_class_bind_template_child (widget_class, MfExampleGallery, list);
  gtk_widget_class_bind_template_child (widget_class, MfExampleGallery, lesson_list);
  gtk_widget_class_bind_template_callback (widget_class, mf_example_gallery_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, mf_example_gallery_lesson_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
mf_example_gallery_init (MfExampleGallery *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  mf_example_gallery_fill (self);
}

MfExampleGallery *
mf_example_gallery_new (GtkWindow *parent)
{
  return g_object_new (MF_TYPE_EXAMPLE_GALLERY, "transient-for", parent, NULL);
}
