/* test-cli-plot.c: `manifold-cli plot` on an example, read back — the SVG
 * and PNG have the requested size and the curves' colour, usage errors
 * give 64.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cairo.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

static int
run_cli (const char *const *args, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = -1;

  g_ptr_array_add (argv, (gpointer) g_getenv ("MANIFOLD_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, err, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static char *
example (const char *name)
{
  return g_build_filename (g_getenv ("MANIFOLD_EXAMPLES"), name, NULL);
}

static void
test_svg (void)
{
  g_autofree char *file = example ("valve-closing.manifold");
  g_autofree char *out = g_build_filename (g_get_tmp_dir (), "mf-test-cli-plot.svg", NULL);
  const char *args[] = { "plot", file, "--series", "J1.p,P1.v", "-o", out, "--width", "640",
                         "--height", "400", NULL };
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;

  g_unlink (out);
  g_assert_cmpint (run_cli (args, &err), ==, 0);
  g_assert_true (g_file_get_contents (out, &text, NULL, NULL));
  g_assert_true (g_regex_match_simple ("<svg[^>]*width=\"640(pt)?\"", text, 0, 0));
  g_assert_true (g_regex_match_simple ("<svg[^>]*height=\"400(pt)?\"", text, 0, 0));
  /* the first curve's blue (0, 114, 178), stroked */
  g_assert_true (strstr (text, "stroke:rgb(0%,44.7") != NULL);
  g_unlink (out);
}

static void
test_png (void)
{
  g_autofree char *file = example ("valve-closing.manifold");
  g_autofree char *out = g_build_filename (g_get_tmp_dir (), "mf-test-cli-plot.png", NULL);
  const char *args[] = { "plot", file, "-s", "V1.dp", "-o", out, "--log-y", "--from", "0.4",
                         "--to", "0.8", "-q", NULL };
  g_autofree char *err = NULL;
  cairo_surface_t *s;
  const guint8 *data;
  int stride, blue = 0;

  g_unlink (out);
  g_assert_cmpint (run_cli (args, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  s = cairo_image_surface_create_from_png (out);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 800);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, 500);
  data = cairo_image_surface_get_data (s);
  stride = cairo_image_surface_get_stride (s);
  for (int y = 0; y < 500; y++)
    for (int x = 0; x < 800; x++)
      {
        guint32 p = *(const guint32 *) (data + y * stride + x * 4);

        blue += ((p >> 16) & 0xff) < 40 && ((p >> 8) & 0xff) > 90 && ((p >> 8) & 0xff) < 140
                && (p & 0xff) > 150;
      }
  /* a curve across the plot, not only the legend's swatch */
  g_assert_cmpint (blue, >, 400);
  cairo_surface_destroy (s);
  g_unlink (out);
}

static void
test_usage (void)
{
  g_autofree char *file = example ("valve-closing.manifold");
  const char *no_series[] = { "plot", file, "-o", "/tmp/x.svg", NULL };
  const char *bad_series[] = { "plot", file, "-s", "nope", "-o", "/tmp/x.svg", NULL };
  const char *bad_format[] = { "plot", file, "-s", "J1.p", "-o", "/tmp/x.gif", NULL };
  const char *bad_width[] = { "plot", file, "-s", "J1.p", "-o", "/tmp/x.png", "--width", "-3",
                              NULL };
  const char *const *cases[] = { no_series, bad_series, bad_format, bad_width };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (run_cli (cases[i], &err), ==, 64);
      g_assert_true (g_str_has_prefix (err, "manifold-cli: "));
    }
  g_assert_false (g_file_test ("/tmp/x.svg", G_FILE_TEST_EXISTS));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/plot/svg", test_svg);
  g_test_add_func ("/cli/plot/png", test_png);
  g_test_add_func ("/cli/plot/usage", test_usage);
  return g_test_run ();
}
