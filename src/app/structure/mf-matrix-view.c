/* mf-matrix-view.c: a labelled sparse grid drawn with cairo.
 *
 * The entries are kept by rows (compressed sparse rows), cells are of one
 * size, so the visible window of rows and columns is found by division and
 * each visible row's first visible entry by bisection: drawing costs what
 * is on screen, not what is in the matrix.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-matrix-view-private.h"

#include <glib/gi18n.h>

enum
{
  PROP_0,
  PROP_SELECTED_ROW,
  PROP_SELECTED_COLUMN,
  PROP_PLACEHOLDER,
  N_PROPS,
  /* GtkScrollable's */
  PROP_HADJUSTMENT = N_PROPS,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

static GParamSpec *properties[N_PROPS];

enum
{
  SELECTION_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean mf_matrix_view_get_border (GtkScrollable *scrollable,
                                           GtkBorder     *border);

static void
mf_matrix_view_scrollable_init (GtkScrollableInterface *iface)
{
  iface->get_border = mf_matrix_view_get_border;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (MfMatrixView, mf_matrix_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE,
                                                      mf_matrix_view_scrollable_init))

char *
mf_matrix_view_format_value (double value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  if (value == 0.0)
    return g_strdup ("");
  return g_strdup (g_ascii_formatd (text, sizeof text, "%.3g", value));
}

/* ---- geometry ---------------------------------------------------------- */

PangoLayout *
mf_matrix_view_create_layout (MfMatrixView *self, gboolean small)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  PangoAttrList *attrs = pango_attr_list_new ();

  /* digits of one width keep the columns of numbers aligned */
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum"));
  if (small)
    pango_attr_list_insert (attrs, pango_attr_scale_new (PANGO_SCALE_SMALL));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

static int
text_width (PangoLayout *layout, const char *text)
{
  int width;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

/* Measuring a thousand labels with Pango takes milliseconds, and after an
 * edit nearly all of them are the ones measured before: widths are kept
 * per label text for as long as the font stays. */
static void
forget_widths_of_old_font (MfMatrixView *self, PangoLayout *layout)
{
  const PangoFontDescription *font = pango_context_get_font_description (
    pango_layout_get_context (layout));
  g_autofree char *name = font != NULL ? pango_font_description_to_string (font) : g_strdup ("");

  if (g_strcmp0 (name, self->widths_font) == 0)
    return;
  g_hash_table_remove_all (self->label_widths);
  g_free (self->widths_font);
  self->widths_font = g_steal_pointer (&name);
}

static int
label_width (MfMatrixView *self, PangoLayout *layout, const char *label)
{
  gpointer known = g_hash_table_lookup (self->label_widths, label);
  int width;

  if (known != NULL)
    return GPOINTER_TO_INT (known) - 1;
  width = text_width (layout, label);
  g_hash_table_insert (self->label_widths, g_strdup (label), GINT_TO_POINTER (width + 1));
  return width;
}

void
mf_matrix_view_ensure_geometry (MfMatrixView *self)
{
  g_autoptr (PangoLayout) labels = NULL;
  g_autoptr (PangoLayout) numbers = NULL;
  PangoAttrList *attrs;
  int label_height, widest_row = 0, widest_col = 0, widest_number;

  if (self->geometry_valid)
    return;
  labels = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  numbers = mf_matrix_view_create_layout (self, TRUE);
  /* marked and selected labels are bold: measure them so */
  attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (labels, attrs);
  pango_attr_list_unref (attrs);
  pango_layout_set_text (labels, "Ag", -1);
  pango_layout_get_pixel_size (labels, NULL, &label_height);
  /* the widest texts "%.3g" gives, or the mark of a pattern */
  widest_number = self->pattern ? text_width (numbers, "××")
                                : MAX (text_width (numbers, "-8.88e-88"),
                                       text_width (numbers, "-0.000888"));
  forget_widths_of_old_font (self, labels);
  for (guint i = 0; i < self->n_rows; i++)
    widest_row = MAX (widest_row, label_width (self, labels, self->row_labels[i]));
  for (guint j = 0; j < self->n_cols; j++)
    widest_col = MAX (widest_col, label_width (self, labels, self->col_labels[j]));

  self->cell_height = label_height + 2 * (LABEL_PADDING / 2);
  self->cell_width = MAX (MIN (widest_col, MAX_LABEL_WIDTH / 2), widest_number)
                     + 2 * LABEL_PADDING;
  self->header_width = MIN (widest_row, MAX_LABEL_WIDTH) + 2 * LABEL_PADDING + MARK_STRIPE;
  self->header_height = self->cell_height + MARK_STRIPE;
  self->geometry_valid = TRUE;
}

static gboolean
mf_matrix_view_get_border (GtkScrollable *scrollable, GtkBorder *border)
{
  MfMatrixView *self = MF_MATRIX_VIEW (scrollable);

  mf_matrix_view_ensure_geometry (self);
  border->top = (gint16) self->header_height;
  border->left = (gint16) self->header_width;
  border->right = border->bottom = 0;
  return TRUE;
}

double
mf_matrix_view_scroll_x (MfMatrixView *self)
{
  return self->hadjustment != NULL ? gtk_adjustment_get_value (self->hadjustment) : 0.0;
}

double
mf_matrix_view_scroll_y (MfMatrixView *self)
{
  return self->vadjustment != NULL ? gtk_adjustment_get_value (self->vadjustment) : 0.0;
}

static void
configure_adjustment (GtkAdjustment *adjustment, double content, double page, double step)
{
  double value;

  if (adjustment == NULL)
    return;
  page = MAX (page, 0.0);
  value = CLAMP (gtk_adjustment_get_value (adjustment), 0.0, MAX (content - page, 0.0));
  gtk_adjustment_configure (adjustment, value, 0.0, MAX (content, page), step, page * 0.9,
                            page);
}

static void
configure_adjustments (MfMatrixView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  mf_matrix_view_ensure_geometry (self);
  configure_adjustment (self->hadjustment, (double) self->n_cols * self->cell_width,
                        width - self->header_width, self->cell_width);
  configure_adjustment (self->vadjustment, (double) self->n_rows * self->cell_height,
                        height - self->header_height, self->cell_height);
}

static void
scroll_to_show (GtkAdjustment *adjustment, double start, double end)
{
  double value, page;

  if (adjustment == NULL)
    return;
  value = gtk_adjustment_get_value (adjustment);
  page = gtk_adjustment_get_page_size (adjustment);
  if (start < value)
    gtk_adjustment_set_value (adjustment, start);
  else if (end > value + page)
    gtk_adjustment_set_value (adjustment, MIN (start, end - page));
}

/* Shows the highlighted rows (or columns) from the first to the last, or
 * as many from the first as fit, centred when scrolling is needed. */
static void
scroll_to_flags (GtkAdjustment *adjustment, const gboolean *flags, guint n, int size)
{
  int first = -1, last = -1;
  double start, end, page;

  for (guint i = 0; flags != NULL && i < n; i++)
    if (flags[i])
      {
        first = first < 0 ? (int) i : first;
        last = (int) i;
      }
  if (adjustment == NULL || first < 0)
    return;
  start = (double) first * size;
  end = (double) (last + 1) * size;
  page = gtk_adjustment_get_page_size (adjustment);
  if (start >= gtk_adjustment_get_value (adjustment)
      && end <= gtk_adjustment_get_value (adjustment) + page)
    return;
  if (end - start > page)
    end = start + size;
  gtk_adjustment_set_value (adjustment, (start + end) / 2 - page / 2);
}

static void
scroll_to_cell (MfMatrixView *self, int row, int col)
{
  mf_matrix_view_ensure_geometry (self);
  if (row >= 0)
    scroll_to_show (self->vadjustment, (double) row * self->cell_height,
                    (double) (row + 1) * self->cell_height);
  if (col >= 0)
    scroll_to_show (self->hadjustment, (double) col * self->cell_width,
                    (double) (col + 1) * self->cell_width);
}

void
mf_matrix_view_locate (MfMatrixView *self, double x, double y, int *row, int *col)
{
  double gx, gy;

  g_return_if_fail (MF_IS_MATRIX_VIEW (self));

  mf_matrix_view_ensure_geometry (self);
  gx = x - self->header_width + mf_matrix_view_scroll_x (self);
  gy = y - self->header_height + mf_matrix_view_scroll_y (self);
  *row = -1;
  *col = -1;
  if (y >= self->header_height && gy >= 0 && gy < (double) self->n_rows * self->cell_height)
    *row = (int) (gy / self->cell_height);
  if (x >= self->header_width && gx >= 0 && gx < (double) self->n_cols * self->cell_width)
    *col = (int) (gx / self->cell_width);
}

/* ---- contents ---------------------------------------------------------- */

static void
free_contents (MfMatrixView *self)
{
  g_clear_pointer (&self->row_labels, g_strfreev);
  g_clear_pointer (&self->col_labels, g_strfreev);
  g_clear_pointer (&self->row_start, g_free);
  g_clear_pointer (&self->col_index, g_free);
  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->row_marks, g_free);
  g_clear_pointer (&self->col_marks, g_free);
  g_clear_pointer (&self->row_highlight, g_free);
  g_clear_pointer (&self->col_highlight, g_free);
  g_clear_pointer (&self->row_cell, g_free);
  g_clear_pointer (&self->block_start, g_free);
  self->n_blocks = 0;
}

static char **
copy_labels (const char *const *labels, guint n)
{
  char **copy = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    copy[i] = g_strdup (labels != NULL && labels[i] != NULL ? labels[i] : "");
  return copy;
}

static void
set_selection (MfMatrixView *self, int row, int col, gboolean emit)
{
  gboolean changed = FALSE;

  if (self->selected_row != row)
    {
      self->selected_row = row;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ROW]);
      changed = TRUE;
    }
  if (self->selected_col != col)
    {
      self->selected_col = col;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_COLUMN]);
      changed = TRUE;
    }
  if (changed)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  if (changed && emit)
    g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

static gboolean
labels_equal (char **labels, const char *const *given, guint n)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (labels[i], given != NULL && given[i] != NULL ? given[i] : "") != 0)
      return FALSE;
  return TRUE;
}

/* Takes the labels and the entries, already in compressed rows.  When the
 * labels stay the same, as they do while parameters are edited, the sizes
 * and the user's selection stay too. */
static void
take_contents (MfMatrixView *self, guint n_rows, guint n_cols, const char *const *row_labels,
               const char *const *col_labels, guint *row_start, guint *col_index,
               double *values)
{
  gboolean same = n_rows == self->n_rows && n_cols == self->n_cols
                  && labels_equal (self->row_labels, row_labels, n_rows)
                  && labels_equal (self->col_labels, col_labels, n_cols);

  free_contents (self);
  self->n_rows = n_rows;
  self->n_cols = n_cols;
  self->row_labels = copy_labels (row_labels, n_rows);
  self->col_labels = copy_labels (col_labels, n_cols);
  self->row_start = row_start;
  self->col_index = col_index;
  self->values = values;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (same)
    return;
  self->geometry_valid = FALSE;
  set_selection (self, -1, -1, FALSE);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  configure_adjustments (self);
}

void
mf_matrix_view_set_dense (MfMatrixView       *self,
                          guint               n_rows,
                          guint               n_cols,
                          const char * const *row_labels,
                          const char * const *col_labels,
                          const double       *values)
{
  guint *row_start, *col_index, count = 0;
  double *entries;

  g_return_if_fail (MF_IS_MATRIX_VIEW (self));
  g_return_if_fail (values != NULL || n_rows == 0 || n_cols == 0);

  row_start = g_new0 (guint, n_rows + 1);
  for (guint i = 0; i < n_rows; i++)
    for (guint j = 0; j < n_cols; j++)
      if (values[(gsize) j * n_rows + i] != 0.0)
        count++;
  col_index = g_new0 (guint, MAX (count, 1));
  entries = g_new0 (double, MAX (count, 1));
  count = 0;
  for (guint i = 0; i < n_rows; i++)
    {
      row_start[i] = count;
      for (guint j = 0; j < n_cols; j++)
        if (values[(gsize) j * n_rows + i] != 0.0)
          {
            col_index[count] = j;
            entries[count++] = values[(gsize) j * n_rows + i];
          }
    }
  row_start[n_rows] = count;
  take_contents (self, n_rows, n_cols, row_labels, col_labels, row_start, col_index, entries);
}

typedef struct
{
  guint  row;
  guint  col;
  double value;
} MfMatrixEntry;

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  const MfMatrixEntry *x = a, *y = b;

  if (x->row != y->row)
    return x->row < y->row ? -1 : 1;
  return x->col < y->col ? -1 : x->col > y->col ? 1 : 0;
}

void
mf_matrix_view_set_sparse (MfMatrixView       *self,
                           guint               n_rows,
                           guint               n_cols,
                           const char * const *row_labels,
                           const char * const *col_labels,
                           guint               n_entries,
                           const guint        *rows,
                           const guint        *cols,
                           const double       *values)
{
  g_autofree MfMatrixEntry *sorted = g_new0 (MfMatrixEntry, MAX (n_entries, 1));
  guint *row_start = g_new0 (guint, n_rows + 1);
  guint *col_index = g_new0 (guint, MAX (n_entries, 1));
  double *entries = g_new0 (double, MAX (n_entries, 1));
  guint count = 0;

  g_return_if_fail (MF_IS_MATRIX_VIEW (self));

  for (guint k = 0; k < n_entries; k++)
    if (rows[k] < n_rows && cols[k] < n_cols && values[k] != 0.0)
      sorted[count++] = (MfMatrixEntry) { rows[k], cols[k], values[k] };
  qsort (sorted, count, sizeof (MfMatrixEntry), compare_entries);
  for (guint k = 0, i = 0; i <= n_rows; i++)
    {
      row_start[i] = k;
      while (k < count && sorted[k].row == i)
        {
          col_index[k] = sorted[k].col;
          entries[k] = sorted[k].value;
          k++;
        }
    }
  take_contents (self, n_rows, n_cols, row_labels, col_labels, row_start, col_index, entries);
}

void
mf_matrix_view_clear (MfMatrixView *self)
{
  g_return_if_fail (MF_IS_MATRIX_VIEW (self));

  take_contents (self, 0, 0, NULL, NULL, g_new0 (guint, 1), NULL, NULL);
}

guint
mf_matrix_view_get_n_rows (MfMatrixView *self)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), 0);

  return self->n_rows;
}

guint
mf_matrix_view_get_n_cols (MfMatrixView *self)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), 0);

  return self->n_cols;
}

const char *
mf_matrix_view_get_row_label (MfMatrixView *self, guint row)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), NULL);
  g_return_val_if_fail (row < self->n_rows, NULL);

  return self->row_labels[row];
}

const char *
mf_matrix_view_get_col_label (MfMatrixView *self, guint col)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), NULL);
  g_return_val_if_fail (col < self->n_cols, NULL);

  return self->col_labels[col];
}

guint
mf_matrix_view_first_entry (MfMatrixView *self, guint row, guint col)
{
  guint lo = self->row_start[row], hi = self->row_start[row + 1];

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (self->col_index[mid] < col)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

double
mf_matrix_view_get_value (MfMatrixView *self, guint row, guint col)
{
  guint k;

  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), 0.0);
  g_return_val_if_fail (row < self->n_rows && col < self->n_cols, 0.0);

  k = mf_matrix_view_first_entry (self, row, col);
  return k < self->row_start[row + 1] && self->col_index[k] == col ? self->values[k] : 0.0;
}

static void
replace_marks (guint8 **slot, const guint8 *marks, guint n)
{
  g_clear_pointer (slot, g_free);
  if (marks != NULL && n > 0)
    *slot = g_memdup2 (marks, n);
}

void
mf_matrix_view_set_row_marks (MfMatrixView *self, const guint8 *marks)
{
  g_return_if_fail (MF_IS_MATRIX_VIEW (self));

  replace_marks (&self->row_marks, marks, self->n_rows);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
mf_matrix_view_set_col_marks (MfMatrixView *self, const guint8 *marks)
{
  g_return_if_fail (MF_IS_MATRIX_VIEW (self));

  replace_marks (&self->col_marks, marks, self->n_cols);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MfMatrixMark
mf_matrix_view_get_row_mark (MfMatrixView *self, guint row)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), MF_MATRIX_MARK_NONE);
  g_return_val_if_fail (row < self->n_rows, MF_MATRIX_MARK_NONE);

  return self->row_marks != NULL ? self->row_marks[row] : MF_MATRIX_MARK_NONE;
}

MfMatrixMark
mf_matrix_view_get_col_mark (MfMatrixView *self, guint col)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), MF_MATRIX_MARK_NONE);
  g_return_val_if_fail (col < self->n_cols, MF_MATRIX_MARK_NONE);

  return self->col_marks != NULL ? self->col_marks[col] : MF_MATRIX_MARK_NONE;
}

void
mf_matrix_view_set_highlight (MfMatrixView *self, const gboolean *rows, const gboolean *cols)
{
  g_return_if_fail (MF_IS_MATRIX_VIEW (self));

  g_clear_pointer (&self->row_highlight, g_free);
  g_clear_pointer (&self->col_highlight, g_free);
  if (rows != NULL && self->n_rows > 0)
    self->row_highlight = g_memdup2 (rows, self->n_rows * sizeof (gboolean));
  if (cols != NULL && self->n_cols > 0)
    self->col_highlight = g_memdup2 (cols, self->n_cols * sizeof (gboolean));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The scrolling waits for the next allocation: a panel that has just been
 * filled changes the view's size in the same frame. */
void
mf_matrix_view_reveal_highlight (MfMatrixView *self)
{
  g_return_if_fail (MF_IS_MATRIX_VIEW (self));

  self->reveal_pending = TRUE;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

gboolean
mf_matrix_view_get_row_highlighted (MfMatrixView *self, guint row)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), FALSE);

  return row < self->n_rows && self->row_highlight != NULL && self->row_highlight[row];
}

gboolean
mf_matrix_view_get_col_highlighted (MfMatrixView *self, guint col)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), FALSE);

  return col < self->n_cols && self->col_highlight != NULL && self->col_highlight[col];
}

void
mf_matrix_view_select (MfMatrixView *self, int row, int col)
{
  g_return_if_fail (MF_IS_MATRIX_VIEW (self));

  row = row >= 0 && (guint) row < self->n_rows ? row : -1;
  col = col >= 0 && (guint) col < self->n_cols ? col : -1;
  scroll_to_cell (self, row, col);
  set_selection (self, row, col, TRUE);
}

void
mf_matrix_view_unselect (MfMatrixView *self)
{
  g_return_if_fail (MF_IS_MATRIX_VIEW (self));

  set_selection (self, -1, -1, FALSE);
}

int
mf_matrix_view_get_selected_row (MfMatrixView *self)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), -1);

  return self->selected_row;
}

int
mf_matrix_view_get_selected_column (MfMatrixView *self)
{
  g_return_val_if_fail (MF_IS_MATRIX_VIEW (self), -1);

  return self->selected_col;
}

void
mf_matrix_view_set_placeholder (MfMatrixView *self, const char *text)
{
  g_return_if_fail (MF_IS_MATRIX_VIEW (self));

  if (g_strcmp0 (self->placeholder, text) == 0)
    return;
  g_free (self->placeholder);
  self->placeholder = g_strdup (text);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLACEHOLDER]);
}

/* ---- GtkWidget and GObject --------------------------------------------- */

static void
mf_matrix_view_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  MfMatrixView *self = MF_MATRIX_VIEW (widget);

  mf_matrix_view_ensure_geometry (self);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = self->header_width + self->cell_width;
      *natural = self->header_width + (int) MIN (self->n_cols, 100u) * self->cell_width;
    }
  else
    {
      *minimum = self->header_height + self->cell_height;
      *natural = self->header_height + (int) MIN (self->n_rows, 100u) * self->cell_height;
    }
  *natural = MAX (*natural, *minimum);
}

static void
mf_matrix_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MfMatrixView *self = MF_MATRIX_VIEW (widget);

  configure_adjustments (self);
  if (self->reveal_pending)
    {
      self->reveal_pending = FALSE;
      mf_matrix_view_ensure_geometry (self);
      scroll_to_flags (self->vadjustment, self->row_highlight, self->n_rows, self->cell_height);
      scroll_to_flags (self->hadjustment, self->col_highlight, self->n_cols, self->cell_width);
    }
}

static void
mf_matrix_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  MfMatrixView *self = MF_MATRIX_VIEW (widget);

  GTK_WIDGET_CLASS (mf_matrix_view_parent_class)->css_changed (widget, change);
  /* a new font changes every size */
  self->geometry_valid = FALSE;
  gtk_widget_queue_resize (widget);
}

static void
on_adjustment_changed (GtkAdjustment *adjustment, MfMatrixView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
set_adjustment (MfMatrixView *self, GtkAdjustment **slot, GtkAdjustment *adjustment)
{
  if (adjustment == *slot)
    return;
  if (*slot != NULL)
    g_signal_handlers_disconnect_by_func (*slot, on_adjustment_changed, self);
  g_clear_object (slot);
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  *slot = g_object_ref_sink (adjustment);
  g_signal_connect (adjustment, "value-changed", G_CALLBACK (on_adjustment_changed), self);
  configure_adjustments (self);
}

static void
mf_matrix_view_dispose (GObject *object)
{
  MfMatrixView *self = MF_MATRIX_VIEW (object);

  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->hadjustment, on_adjustment_changed, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->vadjustment, on_adjustment_changed, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);
  G_OBJECT_CLASS (mf_matrix_view_parent_class)->dispose (object);
}

static void
mf_matrix_view_finalize (GObject *object)
{
  MfMatrixView *self = MF_MATRIX_VIEW (object);

  free_contents (self);
  g_free (self->placeholder);
  g_hash_table_unref (self->label_widths);
  g_free (self->widths_font);
  G_OBJECT_CLASS (mf_matrix_view_parent_class)->finalize (object);
}

static void
mf_matrix_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MfMatrixView *self = MF_MATRIX_VIEW (object);

  switch (prop_id)
    {
    case PROP_SELECTED_ROW:
      g_value_set_int (value, self->selected_row);
      break;
    case PROP_SELECTED_COLUMN:
      g_value_set_int (value, self->selected_col);
      break;
    case PROP_PLACEHOLDER:
      g_value_set_string (value, self->placeholder);
      break;
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadjustment);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadjustment);
      break;
    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->hscroll_policy);
      break;
    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->vscroll_policy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_matrix_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  MfMatrixView *self = MF_MATRIX_VIEW (object);

  switch (prop_id)
    {
    case PROP_SELECTED_ROW:
      mf_matrix_view_select (self, g_value_get_int (value), self->selected_col);
      break;
    case PROP_SELECTED_COLUMN:
      mf_matrix_view_select (self, self->selected_row, g_value_get_int (value));
      break;
    case PROP_PLACEHOLDER:
      mf_matrix_view_set_placeholder (self, g_value_get_string (value));
      break;
    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value));
      break;
    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value));
      break;
    case PROP_HSCROLL_POLICY:
      self->hscroll_policy = g_value_get_enum (value);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      break;
    case PROP_VSCROLL_POLICY:
      self->vscroll_policy = g_value_get_enum (value);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mf_matrix_view_class_init (MfMatrixViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mf_matrix_view_dispose;
  object_class->finalize = mf_matrix_view_finalize;
  object_class->get_property = mf_matrix_view_get_property;
  object_class->set_property = mf_matrix_view_set_property;
  widget_class->snapshot = mf_matrix_view_snapshot;
  widget_class->measure = mf_matrix_view_measure;
  widget_class->size_allocate = mf_matrix_view_size_allocate;
  widget_class->css_changed = mf_matrix_view_css_changed;
  widget_class->query_tooltip = mf_matrix_view_query_tooltip;

  properties[PROP_SELECTED_ROW] =
    g_param_spec_int ("selected-row", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_COLUMN] =
    g_param_spec_int ("selected-column", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLACEHOLDER] =
    g_param_spec_string ("placeholder", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "mf-matrix-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
mf_matrix_view_init (MfMatrixView *self)
{

  self->selected_row = self->selected_col = -1;
  self->label_widths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->row_start = g_new0 (guint, 1);
  self->row_labels = g_new0 (char *, 1);
  self->col_labels = g_new0 (char *, 1);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_add_css_class (GTK_WIDGET (self), "view");

  mf_matrix_view_add_controllers (self);
}

GtkWidget *
mf_matrix_view_new (void)
{
  return g_object_new (MF_TYPE_MATRIX_VIEW, NULL);
}
