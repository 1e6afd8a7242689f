/* mf-stability-outline.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-stability-outline.h"

#include <math.h>

/* The extent of a one-step region is found on a grid this far out and
 * this fine. */
#define EXTENT_REACH 24.0
#define EXTENT_STEP 0.5
#define EXTENT_FINE 0.02
/* What shows an unbounded region whose outside is unbounded too. */
#define EXTENT_DEFAULT 4.0
#define LOCUS_SAMPLES 2048

static guint
region_order (const MfStabilityRegion *region)
{
  return CLAMP (region->order, region->method->min_order, region->method->max_order);
}

double
mf_stability_outline_level (double complex z, gconstpointer data)
{
  const MfStabilityRegion *region = data;
  double modulus;

  if (region->method->multistep)
    return mf_stability_region_contains (region, z) ? -1.0 : 1.0;
  modulus = cabs (mf_stability_method_function (region->method, z));
  return isfinite (modulus) ? modulus - 1.0 : INFINITY;
}

double complex
mf_stability_outline_locus (double theta, gconstpointer data)
{
  const MfStabilityRegion *region = data;

  return mf_stability_locus (region->method->family, region_order (region), theta);
}

double complex
mf_stability_outline_iteration_circle (double theta, gconstpointer data)
{
  const MfStabilityRegion *region = data;

  return cexp (I * theta) / mf_stability_implicit_weight (region->method->family,
                                                          region_order (region));
}

double complex
mf_stability_outline_euler_circle (double theta, gconstpointer unused)
{
  return -1.0 + cexp (I * theta);
}

typedef struct
{
  double   re_lo, re_hi, im_lo, im_hi;
  gboolean empty;
  gboolean on_edge; /* a point of the set lies on the grid's edge: unbounded */
} Box;

static void
box_add (Box *box, double complex z)
{
  if (box->empty)
    {
      box->re_lo = box->re_hi = creal (z);
      box->im_lo = box->im_hi = cimag (z);
      box->empty = FALSE;
      return;
    }
  box->re_lo = MIN (box->re_lo, creal (z)), box->re_hi = MAX (box->re_hi, creal (z));
  box->im_lo = MIN (box->im_lo, cimag (z)), box->im_hi = MAX (box->im_hi, cimag (z));
}

static void
multistep_extent (const MfStabilityRegion *region, Box *box)
{
  for (guint k = 0; k < LOCUS_SAMPLES; k++)
    {
      double theta = 2.0 * G_PI * k / LOCUS_SAMPLES;
      double complex z = mf_stability_outline_locus (theta, region);

      if (isfinite (creal (z)) && isfinite (cimag (z)))
        box_add (box, z);
      if (region->method->functional_iteration)
        box_add (box, mf_stability_outline_iteration_circle (theta, region));
    }
}

/* The box of the region's inside (or outside) on a grid of `step` over
 * [re_lo, re_hi] × [im_lo, im_hi]; `in` and `out` receive both. */
static void
grid_boxes (const MfStabilityRegion *region, double re_lo, double re_hi, double im_lo,
            double im_hi, double step, Box *in, Box *out)
{
  guint nx = (guint) ceil ((re_hi - re_lo) / step) + 1;
  guint ny = (guint) ceil ((im_hi - im_lo) / step) + 1;

  *in = (Box) { 0, 0, 0, 0, TRUE, FALSE };
  *out = (Box) { 0, 0, 0, 0, TRUE, FALSE };
  for (guint j = 0; j < ny; j++)
    for (guint i = 0; i < nx; i++)
      {
        double complex z = re_lo + i * step + I * (im_lo + j * step);
        gboolean edge = i == 0 || j == 0 || i == nx - 1 || j == ny - 1;
        Box *set = mf_stability_outline_level (z, region) <= 0.0 ? in : out;

        box_add (set, z);
        set->on_edge |= edge;
      }
}

/* The one-step region on a coarse grid: the box of its inside, or of its
 * outside when the inside reaches the grid's edge; then that box again on
 * a fine grid around it, so that a thin lobe (GSL's rk4 reaching into the
 * right half-plane) is not cut off. */
static void
one_step_extent (const MfStabilityRegion *region, Box *box)
{
  Box in, out, *coarse = NULL;
  gboolean inside;

  grid_boxes (region, -EXTENT_REACH, EXTENT_REACH, -EXTENT_REACH, EXTENT_REACH, EXTENT_STEP,
              &in, &out);
  if (!in.empty && !in.on_edge)
    coarse = &in;
  else if (!out.empty && !out.on_edge)
    coarse = &out;
  if (coarse == NULL)
    return;
  *box = *coarse;
  inside = coarse == &in;
  grid_boxes (region, box->re_lo - EXTENT_STEP, box->re_hi + EXTENT_STEP,
              box->im_lo - EXTENT_STEP, box->im_hi + EXTENT_STEP, EXTENT_FINE, &in, &out);
  if (inside ? !in.empty : !out.empty)
    *box = inside ? in : out;
}

void
mf_stability_outline_extent (const MfStabilityRegion *region, double *re_lo, double *re_hi,
                             double *im_lo, double *im_hi)
{
  Box box = { -EXTENT_DEFAULT, EXTENT_DEFAULT, -EXTENT_DEFAULT, EXTENT_DEFAULT, FALSE, FALSE };

  if (region->method->multistep)
    {
      box.empty = TRUE;
      multistep_extent (region, &box);
    }
  else
    one_step_extent (region, &box);
  box_add (&box, 0.0);
  *re_lo = box.re_lo, *re_hi = box.re_hi;
  *im_lo = box.im_lo, *im_hi = box.im_hi;
}
