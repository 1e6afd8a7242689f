/* mf-reducing.c: the opening of a pressure-reducing valve (mf-reducing.h).
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-reducing.h"

#include <glib/gi18n.h>

#include "mf-error.h"

MfExpr *
mf_reducing_opening (const MfComponent *valve,
                     const char        *name,
                     MfNodeKind         kind,
                     const MfExpr      *pressure,
                     double             pressure_value,
                     GError           **error)
{
  const MfParam *p = valve->params;
  double set = p[MF_REDUCING_SET_PRESSURE].value, drop = p[MF_REDUCING_FULL_OPEN_DROP].value;
  g_autoptr (MfExpr) sensed = NULL;
  g_autofree char *state = NULL;

  switch (kind)
    {
    case MF_NODE_COMPLIANT:
      state = g_strconcat (name, ".p", NULL);
      sensed = mf_expr_new_name (state);
      break;
    case MF_NODE_BOUNDARY:
      sensed = pressure != NULL ? mf_expr_copy (pressure) : mf_expr_new_constant (pressure_value);
      break;
    default:
      g_set_error (error, MF_ERROR, MF_ERROR_STRUCTURE,
                   /* Translators: the valve's id, then the node at its outlet, twice */
                   _("component '%s': a pressure-reducing valve holds the pressure at its "
                     "outlet, node %s, which has no volume: its pressure is fixed by the "
                     "constraints alone, and the valve's law cannot use it. Put a volume (a "
                     "hose) or a compliant chamber on %s"),
                   valve->id, name, name);
      return NULL;
    }
  /* full · clamp(set/drop − p_b/drop, 0, 1) */
  return mf_expr_new_clamped (sensed, FALSE, -1.0 / drop, set / drop,
                              p[MF_REDUCING_FULL_AREA].value);
}
