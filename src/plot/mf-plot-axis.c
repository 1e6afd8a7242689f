/* mf-plot-axis.c: axis ranges, titles and the value-to-pixel map.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-axis.h"

#include <math.h>

void
mf_plot_axis_init (MfPlotAxis *axis)
{
  *axis = (MfPlotAxis) { NULL, NULL, MF_PLOT_SCALE_LINEAR, NAN, NAN };
  mf_plot_ticks_linear (&axis->ticks, 0, 1, TRUE);
  axis->pixel_lo = 0;
  axis->pixel_hi = 1;
}

void
mf_plot_axis_clear (MfPlotAxis *axis)
{
  g_clear_pointer (&axis->title, g_free);
  g_clear_pointer (&axis->unit, g_free);
}

char *
mf_plot_axis_title_text (const MfPlotAxis *axis)
{
  gboolean has_title = axis->title != NULL && axis->title[0] != '\0';
  gboolean has_unit = axis->unit != NULL && axis->unit[0] != '\0';

  if (has_title && has_unit)
    return g_strdup_printf ("%s [%s]", axis->title, axis->unit);
  if (has_unit)
    return g_strdup_printf ("[%s]", axis->unit);
  return g_strdup (has_title ? axis->title : "");
}

void
mf_plot_axis_fit (MfPlotAxis *axis, double data_lo, double data_hi)
{
  gboolean fixed = isfinite (axis->min) && isfinite (axis->max) && axis->min != axis->max;
  gboolean log = axis->scale == MF_PLOT_SCALE_LOG;
  double lo = fixed ? axis->min : data_lo;
  double hi = fixed ? axis->max : data_hi;

  if (log && fixed && (lo <= 0 || hi <= 0))
    fixed = FALSE, lo = data_lo, hi = data_hi;
  if (!isfinite (lo) || !isfinite (hi))
    lo = hi = NAN;
  if (log)
    mf_plot_ticks_log (&axis->ticks, lo, hi, !fixed && !axis->tight);
  else if (axis->integer)
    mf_plot_ticks_integer (&axis->ticks, lo, hi);
  else
    mf_plot_ticks_linear (&axis->ticks, isnan (lo) ? 0 : lo, isnan (hi) ? 1 : hi,
                          !fixed && !axis->tight);
}

void
mf_plot_axis_place (MfPlotAxis *axis, double pixel_lo, double pixel_hi)
{
  axis->pixel_lo = pixel_lo;
  axis->pixel_hi = pixel_hi;
}

static double
fraction_of (const MfPlotAxis *axis, double value)
{
  if (axis->ticks.log)
    {
      if (!(value > 0))
        return NAN;
      return log10 (value / axis->ticks.lo) / log10 (axis->ticks.hi / axis->ticks.lo);
    }
  return (value - axis->ticks.lo) / (axis->ticks.hi - axis->ticks.lo);
}

double
mf_plot_axis_to_pixel (const MfPlotAxis *axis, double value)
{
  return axis->pixel_lo + fraction_of (axis, value) * (axis->pixel_hi - axis->pixel_lo);
}

double
mf_plot_axis_from_pixel (const MfPlotAxis *axis, double pixel)
{
  double f = (pixel - axis->pixel_lo) / (axis->pixel_hi - axis->pixel_lo);

  if (axis->ticks.log)
    return axis->ticks.lo * pow (axis->ticks.hi / axis->ticks.lo, f);
  return axis->ticks.lo + f * (axis->ticks.hi - axis->ticks.lo);
}
