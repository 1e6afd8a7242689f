/* mf-quantity-picker.h: the popover a plot's quantities are added from —
 * a search entry over the circuit's quantities, each row added to the
 * plot by a click (signal "picked", const char *name) or dragged onto any
 * plot (mf-quantity-drag.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MF_TYPE_QUANTITY_PICKER (mf_quantity_picker_get_type ())
G_DECLARE_FINAL_TYPE (MfQuantityPicker, mf_quantity_picker, MF, QUANTITY_PICKER, GtkPopover)

GtkWidget  *mf_quantity_picker_new (void);
/* The quantities listed (NULL-terminated), replacing those before; NULL
 * lists none and shows `message` (NULL: "No quantities") instead. */
void        mf_quantity_picker_set_names (MfQuantityPicker   *self,
                                          const char *const  *names,
                                          const char         *message);
/* The search typed, as if typed in its entry. */
void        mf_quantity_picker_set_search (MfQuantityPicker *self,
                                           const char       *search);
/* The names the search leaves in the list, in order (g_strfreev). */
char      **mf_quantity_picker_get_shown (MfQuantityPicker *self);
/* The row of `name`, for tests: NULL when it is not listed. */
GtkWidget  *mf_quantity_picker_get_row (MfQuantityPicker *self,
                                        const char       *name);

G_END_DECLS
