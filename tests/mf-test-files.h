/* mf-test-files.h: scratch folders of the tests, removed with all they hold,
 * and a search of a file's bytes.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

/* Removes `folder` and everything in it. */
static inline void
remove_tree (const char *folder)
{
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *entry;

  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, entry, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_tree (path);
      else
        g_remove (path);
    }
  g_rmdir (folder);
}

/* Whether `data` holds `needle`: a PDF holds binary streams, and NUL bytes
 * do not end the search. */
static inline gboolean
contains_bytes (const char *data,
                gsize       length,
                const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= length; i++)
    if (memcmp (data + i, needle, n) == 0)
      return TRUE;
  return FALSE;
}
