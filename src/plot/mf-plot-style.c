/* mf-plot-style.c: the light and dark styles.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-plot-style.h"

#include <math.h>

/* Okabe and Ito's palette, told apart with the common colour-vision
 * deficiencies; on white the orange, sky blue and purple are darkened and
 * on the dark background every hue lightened, so that each curve keeps a
 * contrast of at least 3:1 (WCAG's figure for graphics) against the page. */
static const MfPlotStyle light_style = {
  .background = { 1.0, 1.0, 1.0 },
  .foreground = { 0.10, 0.10, 0.10 },
  .frame = { 0.20, 0.20, 0.20 },
  .grid_major = { 0.88, 0.88, 0.88 },
  .grid_minor = { 0.95, 0.95, 0.95 },
  .legend_background = { 1.0, 1.0, 1.0 },
  .legend_alpha = 0.88,
  .legend_border = { 0.75, 0.75, 0.75 },
  .hidden_series = { 0.62, 0.62, 0.62 },
  .band = { { 0.20, 0.45, 0.85 }, { 0.95, 0.60, 0.10 } },
  .band_alpha = 0.09,
  .band_row_alpha = 0.30,
  .marker = { 0.30, 0.30, 0.30 },
  .span = { 0.80, 0.10, 0.10 },
  .palette = {
    { 0.000, 0.447, 0.698 }, /* blue */
    { 0.835, 0.369, 0.000 }, /* vermillion */
    { 0.000, 0.580, 0.420 }, /* bluish green */
    { 0.720, 0.360, 0.580 }, /* reddish purple */
    { 0.730, 0.470, 0.000 }, /* orange */
    { 0.160, 0.520, 0.780 }, /* sky blue */
    { 0.250, 0.250, 0.250 }, /* dark grey */
  },
};

/* The background is libadwaita's dark view colour (#1e1e1e). */
static const MfPlotStyle dark_style = {
  .background = { 0.118, 0.118, 0.118 },
  .foreground = { 0.92, 0.92, 0.92 },
  .frame = { 0.70, 0.70, 0.70 },
  .grid_major = { 0.26, 0.26, 0.26 },
  .grid_minor = { 0.18, 0.18, 0.18 },
  .legend_background = { 0.16, 0.16, 0.16 },
  .legend_alpha = 0.90,
  .legend_border = { 0.40, 0.40, 0.40 },
  .hidden_series = { 0.45, 0.45, 0.45 },
  .band = { { 0.35, 0.60, 1.00 }, { 1.00, 0.70, 0.25 } },
  .band_alpha = 0.12,
  .band_row_alpha = 0.35,
  .marker = { 0.75, 0.75, 0.75 },
  .span = { 1.00, 0.40, 0.40 },
  .palette = {
    { 0.35, 0.65, 0.95 }, /* blue */
    { 1.00, 0.50, 0.25 }, /* vermillion */
    { 0.20, 0.80, 0.60 }, /* bluish green */
    { 0.90, 0.60, 0.80 }, /* reddish purple */
    { 0.95, 0.75, 0.20 }, /* orange */
    { 0.55, 0.80, 1.00 }, /* sky blue */
    { 0.80, 0.80, 0.80 }, /* light grey */
  },
};

const MfPlotStyle *
mf_plot_style_light (void)
{
  return &light_style;
}

const MfPlotStyle *
mf_plot_style_dark (void)
{
  return &dark_style;
}

static double
channel_luminance (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
relative_luminance (MfPlotColor c)
{
  return 0.2126 * channel_luminance (c.red) + 0.7152 * channel_luminance (c.green)
         + 0.0722 * channel_luminance (c.blue);
}

double
mf_plot_color_contrast (MfPlotColor a, MfPlotColor b)
{
  double la = relative_luminance (a), lb = relative_luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/* Dots are 2 units long, since the curves' caps are butt ones; every
 * pattern repeats within 24 units, so that a legend's swatch of 22 shows
 * the whole of it but for a last gap. */
static const double dashed[] = { 6, 4 };
static const double dotted[] = { 2, 3 };
static const double dash_dot[] = { 8, 3, 2, 3 };
static const double long_dash[] = { 14, 5 };
static const double dash_dot_dot[] = { 7, 3, 2, 3, 2, 3 };

const double *
mf_plot_dash_pattern (MfPlotDash dash, int *n)
{
  static const struct
  {
    const double *lengths;
    int           n;
  } patterns[MF_PLOT_N_DASHES] = {
    [MF_PLOT_DASH_SOLID] = { NULL, 0 },
    [MF_PLOT_DASH_DASHED] = { dashed, G_N_ELEMENTS (dashed) },
    [MF_PLOT_DASH_DOTTED] = { dotted, G_N_ELEMENTS (dotted) },
    [MF_PLOT_DASH_DASH_DOT] = { dash_dot, G_N_ELEMENTS (dash_dot) },
    [MF_PLOT_DASH_LONG] = { long_dash, G_N_ELEMENTS (long_dash) },
    [MF_PLOT_DASH_DASH_DOT_DOT] = { dash_dot_dot, G_N_ELEMENTS (dash_dot_dot) },
  };

  if (dash >= MF_PLOT_N_DASHES)
    dash = MF_PLOT_DASH_SOLID;
  *n = patterns[dash].n;
  return patterns[dash].lengths;
}

gboolean
mf_plot_dash_is_on (MfPlotDash dash, double offset)
{
  int n;
  const double *lengths = mf_plot_dash_pattern (dash, &n);
  double period = 0;

  for (int i = 0; i < n; i++)
    period += lengths[i];
  if (n == 0 || !isfinite (offset))
    return TRUE;
  offset = fmod (fabs (offset), period);
  for (int i = 0; i < n; i++)
    {
      if (offset < lengths[i])
        return i % 2 == 0;
      offset -= lengths[i];
    }
  return TRUE;
}
