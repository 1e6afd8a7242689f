/* mf-spool-pose.c: a directional valve's centre and spool place from its
 * document fields (mf-spool-pose.h).
 *
 * The spool is read from the text the document holds, as the loader reads
 * it (an expression in t and the run's quantities; mf-expr.h), once per
 * frame of a run and only for the valves drawn: a few parses of a short
 * text and a look-up per name, far cheaper than the frame.  Each name is
 * bound to the value the run recorded at the time shown, so a spool that
 * follows the cylinder it drives stands where it stood in the run.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-spool-pose.h"

#include <math.h>

#include "mf-expr.h"

static MfCentre
read_centre (MfEditDocument            *document,
             guint                      index,
             const MfComponentTypeInfo *info)
{
  int param = mf_component_type_param_index (info, "centre");
  g_autofree char *text = NULL;

  if (param < 0)
    return MF_CENTRE_CLOSED;
  text = mf_edit_document_get_param_text (document, index, "centre");
  if (text != NULL)
    /* the choices are in the order of MfCentre */
    for (guint i = 0; info->params[param].choices[i] != NULL; i++)
      if (g_str_equal (text, info->params[param].choices[i]))
        return (MfCentre) i;
  return MF_CENTRE_CLOSED;
}

static double
read_spool (MfEditDocument *document,
            guint           index,
            double          t,
            MfRunValueFunc  value,
            gpointer        value_data)
{
  g_autofree char *text = NULL;
  g_autoptr (MfExpr) expr = NULL;
  double spool;

  if (isnan (t))
    return 0;
  text = mf_edit_document_get_param_text (document, index, "spool");
  if (text == NULL)
    return 0;
  expr = mf_expr_parse (text, NULL, NULL, NULL);
  if (expr == NULL)
    return 0;
  for (guint name = 0; name < mf_expr_n_names (expr); name++)
    {
      if (value == NULL)
        return 0;
      mf_expr_bind_value (expr, name, value (mf_expr_name (expr, name), t, value_data));
    }
  spool = mf_expr_eval (expr, t);
  /* (a name the run lacks, or a time it did not reach, is NaN) */
  return isfinite (spool) ? spool : 0;
}

void
mf_spool_pose_read (MfEditDocument *document,
                    guint           index,
                    double          t,
                    MfRunValueFunc  value,
                    gpointer        value_data,
                    MfSymbolPose   *pose)
{
  const MfComponentTypeInfo *info;

  g_return_if_fail (MF_IS_EDIT_DOCUMENT (document));
  g_return_if_fail (pose != NULL);

  info = mf_edit_document_get_component_info (document, index);
  if (info == NULL
      || (info->type != MF_COMPONENT_VALVE_4_3 && info->type != MF_COMPONENT_VALVE_4_2))
    return;
  pose->centre = read_centre (document, index, info);
  pose->spool = read_spool (document, index, t, value, value_data);
}
