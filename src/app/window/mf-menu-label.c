/* mf-menu-label.c: a name shown as it is in a menu (mf-menu-label.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-menu-label.h"

char *
mf_menu_label_literal (const char *text)
{
  g_auto (GStrv) parts = NULL;

  g_return_val_if_fail (text != NULL, NULL);
  parts = g_strsplit (text, "_", -1);
  return g_strjoinv ("__", parts);
}
