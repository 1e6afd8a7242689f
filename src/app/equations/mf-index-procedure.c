/* mf-index-procedure.c: the index procedure a round at a time
 * (mf-index-procedure.h).  Each page is built anew when it is shown.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-index-procedure.h"

#include <glib/gi18n.h>

#include "mf-math-view.h"
#include "mf-matrix-view.h"

struct _MfIndexProcedure
{
  GtkWidget     parent_instance;

  MfIndexSteps *steps;
  guint         page;

  GtkWidget    *box;
  GtkWidget    *previous;
  GtkWidget    *next;
  GtkWidget    *title;
  GtkWidget    *scroller;
  GtkWidget    *content;
};

G_DEFINE_FINAL_TYPE (MfIndexProcedure, mf_index_procedure, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_HIGHLIGHT_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const no_components[] = { NULL };

static void
math (GtkWidget *content, const MfMath *m)
{
  GtkWidget *view = mf_math_view_new (m);

  gtk_widget_set_halign (view, GTK_ALIGN_START);
  gtk_widget_set_margin_start (view, 12);
  gtk_box_append (GTK_BOX (content), view);
}

/* E as a grid, its zero rows marked. */
static void
show_e (GtkWidget *content, const MfIndexSteps *steps, const MfIndexRound *r, guint round)
{
  GtkWidget *grid = mf_matrix_view_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  g_autoptr (GStrvBuilder) rows = g_strv_builder_new ();
  g_auto (GStrv) row_labels = NULL;
  g_autofree guint8 *marks = g_new0 (guint8, MAX (r->n, 1));
  g_autofree char *heading = NULL;

  for (guint i = 0; i < r->n; i++)
    {
      g_autofree char *number = g_strdup_printf ("%u", i + 1);

      /* the first E is diag(M̄, I, I): row i is the equation of state i */
      g_strv_builder_add (rows, round == 0 ? steps->names[i] : number);
      if (r->zero_row[i])
        marks[i] = MF_MATRIX_MARK_WARNING;
    }
  row_labels = g_strv_builder_end (rows);
  heading = mf_index_round_describe_e (r);
  mf_math_view_add_words (content, heading, "heading");
  mf_matrix_view_set_dense (MF_MATRIX_VIEW (grid), r->n, r->n,
                            (const char *const *) row_labels, (const char *const *) steps->names,
                            r->e);
  mf_matrix_view_set_row_marks (MF_MATRIX_VIEW (grid), marks);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller),
                                              MIN (40 + 26 * (int) r->n, 260));
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_widget_set_halign (scroller, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (content), scroller);
}

static void
show_round (MfIndexProcedure *self, guint round)
{
  const MfIndexRound *r = self->steps->rounds->pdata[round];
  GtkWidget *content = self->content;

  show_e (content, self->steps, r, round);
  if (r->beta->len > 0)
    {
      mf_math_view_add_words (content, _("The null space of M̄, over the independent states"),
                              "heading");
      for (guint i = 0; i < r->beta->len; i++)
        math (content, r->beta->pdata[i]);
    }
  if (r->constraints->len > 0)
    mf_math_view_add_words (content,
                            ngettext ("The hidden constraint", "The hidden constraints",
                                      r->constraints->len),
                            "heading");
  for (guint i = 0; i < r->constraints->len; i++)
    {
      math (content, r->constraints->pdata[i]);
      if (i < r->derivatives->len && r->derivatives->pdata[i] != NULL)
        {
          mf_math_view_add_words (content,
                                  _("Its time derivative, by the product and chain rules:"),
                                  "dim-label");
          math (content, r->derivatives->pdata[i]);
          mf_math_view_add_words (content, _("With x′ = v and C·p′ = inflow put in:"),
                                  "dim-label");
          math (content, r->substituted->pdata[i]);
        }
    }
  if (r->constraints->len == 0 && r->involved->len > 0)
    {
      mf_math_view_add_words (content, _("The hidden constraints hold"), "heading");
      for (guint i = 0; i < r->involved->len; i++)
        mf_math_view_add_words (content, r->involved->pdata[i], NULL);
    }
  mf_math_view_add_words (content, _("What the round shows"), "heading");
  for (guint i = 0; i < r->notes->len; i++)
    mf_math_view_add_words (content, r->notes->pdata[i], NULL);
  if (r->components[0] != NULL)
    {
      g_autofree char *ids = g_strjoinv (", ", r->components);
      g_autofree char *lit = g_strdup_printf (_("Lit on the canvas: %s"), ids);

      mf_math_view_add_words (content, lit, "dim-label");
    }
}

static void
show_final_state (const char *heading, const char *line, const MfMath *equation, gpointer content)
{
  if (heading != NULL)
    mf_math_view_add_words (content, heading, "heading");
  mf_math_view_add_words (content, line, NULL);
  math (content, equation);
}

static void
show_final (MfIndexProcedure *self)
{
  mf_index_steps_foreach_final (self->steps, show_final_state, self->content);
}

static void
clear_content (MfIndexProcedure *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->content)) != NULL)
    gtk_box_remove (GTK_BOX (self->content), child);
}

static void
show_page (MfIndexProcedure *self)
{
  guint n = mf_index_procedure_get_n_pages (self);
  g_autofree char *title = NULL;

  clear_content (self);
  gtk_widget_set_sensitive (self->previous, self->page > 0);
  gtk_widget_set_sensitive (self->next, self->page + 1 < n);
  if (self->steps == NULL)
    {
      gtk_label_set_label (GTK_LABEL (self->title), "");
      return;
    }
  if (self->page + 1 < n)
    {
      title = g_strdup_printf (_("Round %u of %u"), self->page + 1, n - 1);
      show_round (self, self->page);
    }
  else
    {
      title = g_strdup_printf (_("The minimal-order system (index %d)"), self->steps->index);
      show_final (self);
    }
  gtk_label_set_label (GTK_LABEL (self->title), title);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)),
                            0.0);
}

static void
emit_highlight (MfIndexProcedure *self)
{
  const char *const no_ports[] = { NULL };

  g_signal_emit (self, signals[SIGNAL_HIGHLIGHT_REQUESTED], 0,
                 mf_index_procedure_get_components (self), no_ports);
}

static void
on_previous (MfIndexProcedure *self)
{
  if (self->page > 0)
    mf_index_procedure_set_page (self, self->page - 1);
}

static void
on_next (MfIndexProcedure *self)
{
  mf_index_procedure_set_page (self, self->page + 1);
}

static void
mf_index_procedure_dispose (GObject *object)
{
  MfIndexProcedure *self = MF_INDEX_PROCEDURE (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (mf_index_procedure_parent_class)->dispose (object);
}

static void
mf_index_procedure_finalize (GObject *object)
{
  MfIndexProcedure *self = MF_INDEX_PROCEDURE (object);

  g_clear_pointer (&self->steps, mf_index_steps_free);
  G_OBJECT_CLASS (mf_index_procedure_parent_class)->finalize (object);
}

static void
mf_index_procedure_class_init (MfIndexProcedureClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_index_procedure_dispose;
  object_class->finalize = mf_index_procedure_finalize;
  signals[SIGNAL_HIGHLIGHT_REQUESTED] =
    g_signal_new ("highlight-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRV, G_TYPE_STRV);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
mf_index_procedure_init (MfIndexProcedure *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  self->previous = gtk_button_new_from_icon_name ("go-previous-symbolic");
  gtk_widget_set_tooltip_text (self->previous, _("The round before"));
  self->next = gtk_button_new_from_icon_name ("go-next-symbolic");
  gtk_widget_set_tooltip_text (self->next, _("The next round"));
  self->title = gtk_label_new (NULL);
  gtk_widget_set_hexpand (self->title, TRUE);
  gtk_widget_add_css_class (self->title, "title-4");
  g_signal_connect_swapped (self->previous, "clicked", G_CALLBACK (on_previous), self);
  g_signal_connect_swapped (self->next, "clicked", G_CALLBACK (on_next), self);
  gtk_widget_set_margin_top (bar, 6);
  gtk_widget_set_margin_bottom (bar, 6);
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_box_append (GTK_BOX (bar), self->previous);
  gtk_box_append (GTK_BOX (bar), self->title);
  gtk_box_append (GTK_BOX (bar), self->next);
  gtk_box_append (GTK_BOX (self->box), bar);
  gtk_box_append (GTK_BOX (self->box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  self->content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_top (self->content, 12);
  gtk_widget_set_margin_bottom (self->content, 18);
  gtk_widget_set_margin_start (self->content, 12);
  gtk_widget_set_margin_end (self->content, 12);
  self->scroller = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->content);
  gtk_box_append (GTK_BOX (self->box), self->scroller);
  show_page (self);
}

GtkWidget *
mf_index_procedure_new (void)
{
  return g_object_new (MF_TYPE_INDEX_PROCEDURE, NULL);
}

void
mf_index_procedure_set_steps (MfIndexProcedure *self, MfIndexSteps *steps, gboolean keep_page)
{
  guint before = mf_index_procedure_get_n_pages (self);

  g_return_if_fail (MF_IS_INDEX_PROCEDURE (self));

  g_clear_pointer (&self->steps, mf_index_steps_free);
  self->steps = steps;
  if (!keep_page || mf_index_procedure_get_n_pages (self) != before)
    self->page = 0;
  show_page (self);
}

const MfIndexSteps *
mf_index_procedure_get_steps (MfIndexProcedure *self)
{
  g_return_val_if_fail (MF_IS_INDEX_PROCEDURE (self), NULL);
  return self->steps;
}

guint
mf_index_procedure_get_n_pages (MfIndexProcedure *self)
{
  g_return_val_if_fail (MF_IS_INDEX_PROCEDURE (self), 0);
  return self->steps != NULL ? self->steps->rounds->len + 1 : 0;
}

guint
mf_index_procedure_get_page (MfIndexProcedure *self)
{
  g_return_val_if_fail (MF_IS_INDEX_PROCEDURE (self), 0);
  return self->page;
}

void
mf_index_procedure_set_page (MfIndexProcedure *self, guint page)
{
  guint n;

  g_return_if_fail (MF_IS_INDEX_PROCEDURE (self));

  n = mf_index_procedure_get_n_pages (self);
  self->page = n == 0 ? 0 : MIN (page, n - 1);
  show_page (self);
  emit_highlight (self);
}

const char *const *
mf_index_procedure_get_components (MfIndexProcedure *self)
{
  g_return_val_if_fail (MF_IS_INDEX_PROCEDURE (self), no_components);
  if (self->steps == NULL || self->page >= self->steps->rounds->len)
    return no_components;
  return (const char *const *) ((const MfIndexRound *) self->steps->rounds->pdata[self->page])
    ->components;
}
