/* mf-sweep-values.h: the list of values a parameter sweep goes through, as
 * the user types it — "1, 2, 5 kg", or one value per line — split into the
 * document texts of the runs ("1 kg", "2 kg", "5 kg"), each checked as the
 * loader would check that parameter.  No GTK: tested without a display.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "mf-component-type.h"
#include "mf-quantity-text.h"

G_BEGIN_DECLS

/* Splits `text` at commas, semicolons and line ends (not inside
 * parentheses or brackets, so an expression such as "ramp(t, 0, 1)" stays
 * whole).  A bare number borrows the unit of the next value written with a
 * unit ("1, 2, 5 kg"), or, when none follows, of the previous one
 * ("1 bar, 2, 5"); with no unit anywhere, numbers are SI.  Every value is
 * then checked with mf_quantity_text_check() against `rule`.
 *
 * Returns the values (free with g_strfreev), or NULL with an
 * MF_ERROR_INVALID / MF_ERROR_SYNTAX error naming the value at fault
 * ("value 2 ('3 bar'): 'bar' is a pressure, ...") or saying that the list is
 * empty. */
char     **mf_sweep_values_parse (const MfQuantityRule *rule,
                                  const char           *text,
                                  GError              **error);

/* The parameters of a component type that a sweep can vary: the
 * quantities, not the choice words.  Returns indices into info->params;
 * *n_params is how many (0: nothing to sweep). */
guint     *mf_sweep_parameters (const MfComponentTypeInfo *info,
                                guint                     *n_params);

G_END_DECLS
