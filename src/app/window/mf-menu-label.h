/* mf-menu-label.h: a name shown as it is in a menu.  A menu's labels take
 * "_" as the mark of their access key, so a quantity's or a file's name
 * with underscores ("solver.sigma_min", "my_circuit.manifold") would lose
 * them and underline a letter instead.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* `text` with each "_" doubled, which a menu shows as one underscore and
 * no access key.  Free with g_free(). */
char *mf_menu_label_literal (const char *text);

G_END_DECLS
