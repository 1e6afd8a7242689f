/* test-stability-drawing.c: the stability plot without a display
 * (src/app/stiffness/: mf-stability-view.c, mf-stability-contour.c,
 * mf-stability-outline.c, mf-stability-drawing.c) — the symmetric-log
 * scale and the pixel map read back, zoom keeps the point under the
 * pointer, the boundary |R(z)| = 1 found by marching squares lies on the
 * exact curve (explicit Euler's circle, GSL's rk4 reaching −5.5706 on the
 * real axis) on both scales, and a drawing marks points inside with a
 * filled dot and outside with a red cross.  Every method's plot is saved to
 * <builddir>/tests/stability/METHOD.png for a person to look at.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <math.h>

#include "mf-method.h"
#include "mf-stability-contour.h"
#include "mf-stability-drawing.h"
#include "mf-stability-outline.h"

static void
test_view (void)
{
  MfStabilityView view = { TRUE, 1e-6, 0, 0, 0, 0 };
  MfStabilityMap map;
  const double values[] = { 0.0, 1e-9, -3e-6, 0.25, -7.5, 1e6 };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      double back = mf_stability_view_inverse (&view, mf_stability_view_forward (&view, values[i]));

      g_assert_cmpfloat (fabs (back - values[i]), <=, 1e-12 * MAX (fabs (values[i]), 1e-6));
    }
  /* a decade beyond the threshold is one drawn unit */
  g_assert_cmpfloat (fabs (mf_stability_view_forward (&view, 1e-1)
                           - mf_stability_view_forward (&view, 1e-2) - 1.0), <, 1e-4);
  mf_stability_view_fit (&view, -2.0, 0.0, -1e-3, 1e-3, 0.1);
  map = mf_stability_view_map (&view, 50, 20, 700, 500);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      double complex z = values[i] * 1e-3 - I * values[i] * 1e-4, back;
      double px, py;

      mf_stability_map_to_pixel (&map, z, &px, &py);
      back = mf_stability_map_from_pixel (&map, px, py);
      g_assert_cmpfloat (cabs (back - z), <=, 1e-9 * MAX (cabs (z), 1e-9));
    }
  /* the fitted box is in view */
  {
    double px, py;

    mf_stability_map_to_pixel (&map, -2.0 + 1e-3 * I, &px, &py);
    g_assert_cmpfloat (px, >=, 50.0);
    g_assert_cmpfloat (py, >=, 20.0);
    mf_stability_map_to_pixel (&map, -1e-3 * I, &px, &py);
    g_assert_cmpfloat (px, <=, 750.0);
    g_assert_cmpfloat (py, <=, 520.0);
  }
  /* zoom about a pixel keeps its value there */
  {
    double complex before = mf_stability_map_from_pixel (&map, 300, 200), after;

    mf_stability_view_zoom (&view, &map, 3.0, 300, 200);
    map = mf_stability_view_map (&view, 50, 20, 700, 500);
    after = mf_stability_map_from_pixel (&map, 300, 200);
    g_assert_cmpfloat (cabs (after - before), <=, 1e-9 * cabs (before));
  }
}

/* The ends of every contour segment, as points of the plane. */
static GArray *
contour_points (const char *method, const MfStabilityMap *map, MfStabilityRegion *region)
{
  GArray *segments = g_array_new (FALSE, FALSE, sizeof (double));
  GArray *points = g_array_new (FALSE, FALSE, sizeof (double complex));
  g_autoptr (MfStabilityGrid) grid = NULL;

  region->method = mf_stability_for_method (method);
  region->order = 1;
  grid = mf_stability_grid_new (map, mf_stability_outline_level, region, 4.0);
  mf_stability_grid_contour (grid, map, mf_stability_outline_level, region, segments);
  for (guint k = 0; k + 1 < segments->len; k += 2)
    {
      double complex z = mf_stability_map_from_pixel (map, g_array_index (segments, double, k),
                                                      g_array_index (segments, double, k + 1));

      g_array_append_val (points, z);
    }
  g_array_unref (segments);
  return points;
}

static void
test_contour (void)
{
  for (guint scale = 0; scale < 2; scale++)
    {
      MfStabilityView view = { scale == 1, 1e-3, 0, 0, 0, 0 };
      MfStabilityMap map;
      MfStabilityRegion region;
      g_autoptr (GArray) euler = NULL;
      g_autoptr (GArray) rk4 = NULL;
      double leftmost = 0.0;

      mf_stability_view_fit (&view, -6.0, 1.0, -4.0, 4.0, 0.05);
      map = mf_stability_view_map (&view, 0, 0, 800, 700);
      euler = contour_points ("euler", &map, &region);
      g_assert_cmpuint (euler->len, >, 100);
      for (guint k = 0; k < euler->len; k++)
        {
          double complex z = g_array_index (euler, double complex, k);
          /* 1e-3 pixels, as the plane's units at z on this scale */
          double slope = scale == 1 ? M_LN10 * (fabs (creal (z)) + cabs (z) + 1e-3) : 1.0;
          double tolerance = 2e-3 / MIN (map.unit_u, map.unit_v) * slope;

          g_assert_cmpfloat (fabs (cabs (1.0 + z) - 1.0), <=, tolerance);
        }
      /* GSL's rk4 (two steps of h/2) meets the real axis at −2 × 2.785293563 */
      rk4 = contour_points ("rk4", &map, &region);
      for (guint k = 0; k < rk4->len; k++)
        leftmost = MIN (leftmost, creal (g_array_index (rk4, double complex, k)));
      g_test_message ("rk4's boundary reaches %.6f (scale %u)", leftmost, scale);
      g_assert_cmpfloat (fabs (leftmost + 2 * 2.785293563), <, 2e-3 * 5.57 / (scale ? 1 : 5));
    }
}

/* Explicit Euler's circle, sampled: consecutive points close, all on it. */
static void
test_curve (void)
{
  MfStabilityView view = { FALSE, 1.0, -2.2, 0.2, -1.2, 1.2 };
  MfStabilityMap map = mf_stability_view_map (&view, 0, 0, 600, 600);
  g_autoptr (GArray) points = g_array_new (FALSE, FALSE, sizeof (double));

  mf_stability_curve_points (&map, mf_stability_outline_euler_circle, NULL, 0.0, 2 * G_PI, points);
  g_assert_cmpuint (points->len, >=, 2 * 512);
  for (guint k = 0; k + 3 < points->len; k += 2)
    {
      double x0 = g_array_index (points, double, k), y0 = g_array_index (points, double, k + 1);
      double x1 = g_array_index (points, double, k + 2), y1 = g_array_index (points, double, k + 3);
      double complex z = mf_stability_map_from_pixel (&map, x0, y0);

      g_assert_cmpfloat (hypot (x1 - x0, y1 - y0), <=, 1.5);
      g_assert_cmpfloat (fabs (cabs (1.0 + z) - 1.0), <, 1e-9);
    }
}

/* The pixel at (x, y) of an ARGB32 surface. */
static void
pixel_at (cairo_surface_t *surface, int x, int y, double *r, double *g, double *b)
{
  unsigned char *data = cairo_image_surface_get_data (surface);
  guint32 p = *(guint32 *) (data + y * cairo_image_surface_get_stride (surface) + 4 * x);

  *r = ((p >> 16) & 0xff) / 255.0;
  *g = ((p >> 8) & 0xff) / 255.0;
  *b = (p & 0xff) / 255.0;
}

static void
save_drawing (MfStabilityScene *scene, const char *name, int width, int height,
              cairo_surface_t **kept)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  g_autofree char *folder = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL
                                                ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                              "stability", NULL);
  g_autofree char *file = NULL;

  mf_stability_drawing_draw (scene, cr, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_mkdir_with_parents (folder, 0755);
  file = g_strdup_printf ("%s/%s.png", folder, name);
  g_assert_cmpint (cairo_surface_write_to_png (surface, file), ==, CAIRO_STATUS_SUCCESS);
  if (kept != NULL)
    *kept = surface;
  else
    cairo_surface_destroy (surface);
}

/* The stiff two-mass oscillator at explicit Euler's largest stable step
 * and 1.01 times it: the fast pair leaves the disc and is drawn as red
 * crosses, the slow one stays a filled dot. */
static void
test_drawing (void)
{
  const double complex lambda[] = { -4.16675 + 12247.4764 * I, -4.16675 - 12247.4764 * I,
                                    -8.33325 + 39.96518 * I, -8.33325 - 39.96518 * I };
  const guint numbers[] = { 1, 0, 2, 0 };
  double complex points[4];
  gboolean outside[4];
  MfStabilityScene scene = { { mf_stability_for_method ("euler"), 1 }, points, outside, numbers,
                             4, NAN, { TRUE, 1.0, 0, 0, 0, 0 }, mf_plot_style_light () };
  double h = mf_stability_region_largest_step (&scene.region, lambda, 4), x, y, r, g, b;
  cairo_surface_t *surface = NULL;
  MfStabilityMap map;

  for (guint pass = 0; pass < 2; pass++)
    {
      scene.step = (pass == 0 ? 0.99 : 1.01) * h;
      for (guint k = 0; k < 4; k++)
        {
          points[k] = scene.step * lambda[k];
          outside[k] = !mf_stability_region_contains (&scene.region, points[k]);
        }
      g_assert_true (outside[0] == (pass == 1) && outside[1] == (pass == 1));
      g_assert_false (outside[2] || outside[3]);
      mf_stability_drawing_fit (&scene);
      save_drawing (&scene, pass == 0 ? "euler-0.99" : "euler-1.01", 900, 700, &surface);
      {
        cairo_t *cr = cairo_create (surface);

        map = mf_stability_drawing_map (&scene, cr, 900, 700);
        cairo_destroy (cr);
      }
      /* at the fast point's pixel: the cross's red, or the dot's green */
      mf_stability_map_to_pixel (&map, points[0], &x, &y);
      pixel_at (surface, (int) round (x), (int) round (y), &r, &g, &b);
      g_test_message ("pass %u: fast point at (%.0f, %.0f) is %.2f %.2f %.2f", pass, x, y, r, g, b);
      if (pass == 1)
        g_assert_true (r > 0.6 && g < 0.3 && b < 0.3);
      else
        g_assert_true (g > r && g > 0.4);
      cairo_surface_destroy (surface);
    }
}

/* Every method's region draws, fitted to the oscillator's points at its
 * largest stable step (or 1e-3 s when it has none). */
static void
test_every_method (void)
{
  const double complex lambda[] = { -4.16675 + 12247.4764 * I, -4.16675 - 12247.4764 * I,
                                    -8.33325 + 39.96518 * I, -8.33325 - 39.96518 * I };
  const guint numbers[] = { 1, 0, 2, 0 };
  guint n_methods;
  const MfMethod *methods = mf_method_list (&n_methods);

  for (guint m = 0; m < n_methods; m++)
    for (guint dark = 0; dark < 2; dark++)
      {
        double complex points[4];
        gboolean outside[4];
        MfStabilityScene scene = { { mf_stability_for_method (methods[m].name), 3 }, points,
                                   outside, numbers, 4, NAN, { FALSE, 1.0, 0, 0, 0, 0 },
                                   dark ? mf_plot_style_dark () : mf_plot_style_light () };
        g_autofree char *name = g_strdup_printf ("%s%s", methods[m].name, dark ? "-dark" : "");
        double h = mf_stability_region_largest_step (&scene.region, lambda, 4);

        scene.step = isfinite (h) && h > 0.0 ? h : 1e-3;
        for (guint k = 0; k < 4; k++)
          {
            points[k] = scene.step * lambda[k];
            outside[k] = !mf_stability_region_contains (&scene.region, points[k]);
          }
        mf_stability_drawing_fit (&scene);
        save_drawing (&scene, name, 800, 600, NULL);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stiffness/drawing/view", test_view);
  g_test_add_func ("/stiffness/drawing/contour", test_contour);
  g_test_add_func ("/stiffness/drawing/curve", test_curve);
  g_test_add_func ("/stiffness/drawing/points", test_drawing);
  g_test_add_func ("/stiffness/drawing/every-method", test_every_method);
  return g_test_run ();
}
