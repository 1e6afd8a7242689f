/* mf-recovery.c
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-recovery.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#define SESSION_PREFIX "session-"
#define LOCK_NAME      "lock"
#define COPY_SUFFIX    ".manifold"
#define INFO_SUFFIX    ".ini"
#define INFO_GROUP     "copy"

/* ---- sessions ---- */

/* A session folder and the lock on it this process holds; shared by the
 * copies found in it (g_rc_box). */
typedef struct
{
  char *path;
  int   lock_fd;
} Session;

/* Takes the lock of the session at `path` when no running Manifold holds
 * it: -1 when one does (or the lock cannot be opened). */
static int
lock_session (const char *path, gboolean create)
{
  g_autofree char *lock = g_build_filename (path, LOCK_NAME, NULL);
  int fd = open (lock, O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0), 0600);

  if (fd < 0)
    return -1;
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      close (fd);
      return -1;
    }
  return fd;
}

static gboolean
has_copies (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, COPY_SUFFIX))
      return TRUE;
  return FALSE;
}

/* Removes the session's folder when no copy is left in it, then lets its
 * lock go. */
static void
session_clear (Session *session)
{
  if (!has_copies (session->path))
    {
      g_autoptr (GDir) dir = g_dir_open (session->path, 0, NULL);
      const char *name;

      /* what is left: the lock, and the information of a copy whose text
       * was never written */
      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *file = g_build_filename (session->path, name, NULL);

          g_unlink (file);
        }
      g_rmdir (session->path);
    }
  if (session->lock_fd >= 0)
    close (session->lock_fd);
  g_free (session->path);
}

static void
session_release (Session *session)
{
  g_rc_box_release_full (session, (GDestroyNotify) session_clear);
}

/* ---- this process's session ---- */

struct _MfRecovery
{
  char    *directory;
  Session *session;
  guint    next_copy;
};

char *
mf_recovery_default_directory (void)
{
  return g_build_filename (g_get_user_state_dir (), "manifold", "recovery", NULL);
}

MfRecovery *
mf_recovery_new (const char *directory, GError **error)
{
  g_autofree char *making = NULL;
  g_autofree char *base = NULL;
  g_autofree char *session = NULL;
  MfRecovery *self;
  int fd;

  g_return_val_if_fail (directory != NULL, NULL);

  if (g_mkdir_with_parents (directory, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", directory,
                   g_strerror (saved));
      return NULL;
    }
  /* The folder is made and locked under a name no one looks at, then
   * renamed: a session folder is never seen without its lock held. */
  making = g_build_filename (directory, ".new-XXXXXX", NULL);
  if (g_mkdtemp_full (making, 0700) == NULL || (fd = lock_session (making, TRUE)) < 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", making,
                   g_strerror (saved));
      g_rmdir (making);
      return NULL;
    }
  base = g_path_get_basename (making);
  session = g_strdup_printf ("%s/" SESSION_PREFIX "%s", directory, base + strlen (".new-"));
  if (g_rename (making, session) != 0)
    {
      int saved = errno;
      g_autofree char *lock = g_build_filename (making, LOCK_NAME, NULL);

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", session,
                   g_strerror (saved));
      close (fd);
      g_unlink (lock);
      g_rmdir (making);
      return NULL;
    }
  self = g_new0 (MfRecovery, 1);
  self->directory = g_strdup (directory);
  self->session = g_rc_box_new0 (Session);
  self->session->path = g_steal_pointer (&session);
  self->session->lock_fd = fd;
  return self;
}

void
mf_recovery_free (MfRecovery *self)
{
  if (self == NULL)
    return;
  session_release (self->session);
  g_free (self->directory);
  g_free (self);
}

const char *
mf_recovery_get_session (MfRecovery *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->session->path;
}

/* ---- copies left by sessions that stopped ---- */

struct _MfRecovered
{
  Session   *session;
  char      *path;      /* the text */
  char      *info_path;
  char      *title;
  GFile     *file;
  GDateTime *time;
  GBytes    *data;
};

/* The copy at `path`, or NULL when its text cannot be read. */
static MfRecovered *
recovered_read (Session *session, const char *path)
{
  g_autoptr (GKeyFile) info = g_key_file_new ();
  g_autofree char *contents = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *stem = g_strndup (path, strlen (path) - strlen (COPY_SUFFIX));
  gsize length;
  GStatBuf st;
  MfRecovered *self;
  gint64 seconds = 0;

  if (!g_file_get_contents (path, &contents, &length, NULL))
    return NULL;
  self = g_new0 (MfRecovered, 1);
  self->session = g_rc_box_acquire (session);
  self->path = g_strdup (path);
  self->info_path = g_strconcat (stem, INFO_SUFFIX, NULL);
  self->data = g_bytes_new_take (g_steal_pointer (&contents), length);
  /* the information is written after the text: a copy may lack it */
  if (g_key_file_load_from_file (info, self->info_path, G_KEY_FILE_NONE, NULL))
    {
      self->title = g_key_file_get_string (info, INFO_GROUP, "title", NULL);
      uri = g_key_file_get_string (info, INFO_GROUP, "file", NULL);
      seconds = g_key_file_get_int64 (info, INFO_GROUP, "time", NULL);
    }
  if (uri != NULL && uri[0] != '\0')
    self->file = g_file_new_for_uri (uri);
  if (seconds <= 0 && g_stat (path, &st) == 0)
    seconds = st.st_mtime;
  self->time = g_date_time_new_from_unix_local (seconds);
  return self;
}

static int
recovered_older (gconstpointer a, gconstpointer b)
{
  const MfRecovered *x = *(MfRecovered *const *) a, *y = *(MfRecovered *const *) b;

  return g_date_time_compare (x->time, y->time);
}

static void
take_session (GPtrArray *found, const char *path)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;
  Session *session;
  int fd = lock_session (path, FALSE);

  if (fd < 0)
    return;
  session = g_rc_box_new0 (Session);
  session->path = g_strdup (path);
  session->lock_fd = fd;
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, COPY_SUFFIX))
      {
        g_autofree char *copy = g_build_filename (path, name, NULL);
        MfRecovered *recovered = recovered_read (session, copy);

        if (recovered != NULL)
          g_ptr_array_add (found, recovered);
      }
  /* a session with no copy goes at once */
  session_release (session);
}

GPtrArray *
mf_recovery_take_orphans (MfRecovery *self)
{
  GPtrArray *found = g_ptr_array_new_with_free_func ((GDestroyNotify) mf_recovered_free);
  g_autoptr (GDir) dir = NULL;
  const char *name;

  g_return_val_if_fail (self != NULL, found);

  dir = g_dir_open (self->directory, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (self->directory, name, NULL);

      if (g_str_has_prefix (name, SESSION_PREFIX) && strcmp (path, self->session->path) != 0
          && g_file_test (path, G_FILE_TEST_IS_DIR))
        take_session (found, path);
    }
  g_ptr_array_sort (found, recovered_older);
  return found;
}

const char *
mf_recovered_get_title (MfRecovered *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->title;
}

GFile *
mf_recovered_get_file (MfRecovered *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->file;
}

GDateTime *
mf_recovered_get_time (MfRecovered *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->time;
}

GBytes *
mf_recovered_get_data (MfRecovered *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->data;
}

void
mf_recovered_discard (MfRecovered *self)
{
  g_return_if_fail (self != NULL);

  g_unlink (self->path);
  g_unlink (self->info_path);
}

void
mf_recovered_free (MfRecovered *self)
{
  if (self == NULL)
    return;
  session_release (self->session);
  g_free (self->path);
  g_free (self->info_path);
  g_free (self->title);
  g_clear_object (&self->file);
  g_date_time_unref (self->time);
  g_bytes_unref (self->data);
  g_free (self);
}

/* ---- a document's copy ---- */

/* A write under way; it outlives the autosave that started it when the
 * document is closed meanwhile, and then removes what it wrote. */
typedef struct
{
  MfAutosave *owner;
  char       *path;
  char       *info_path;
  char       *info;
} Write;

struct _MfAutosave
{
  MfEditDocument *document;
  Session        *session;
  char           *path;
  char           *info_path;
  guint           delay_ms;
  guint           timeout;
  gint64          first_missing; /* monotonic µs of the first edit the copy lacks; 0: none */
  Write          *writing;
  gboolean        again;         /* an edit came while writing */
  gboolean        warned;
};

static void
write_free (Write *write)
{
  g_free (write->path);
  g_free (write->info_path);
  g_free (write->info);
  g_free (write);
}

static void
remove_copy (const char *path, const char *info_path)
{
  g_unlink (path);
  g_unlink (info_path);
}

/* What the question after a crash shows of the document as it is now. */
static char *
info_text (MfAutosave *self)
{
  g_autoptr (GKeyFile) info = g_key_file_new ();
  GFile *file = mf_edit_document_get_file (self->document);

  g_key_file_set_string (info, INFO_GROUP, "title", mf_edit_document_get_title (self->document));
  if (file != NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_key_file_set_string (info, INFO_GROUP, "file", uri);
    }
  g_key_file_set_int64 (info, INFO_GROUP, "time", g_get_real_time () / G_USEC_PER_SEC);
  return g_key_file_to_data (info, NULL, NULL);
}

static gboolean
write_info (const char *path, const char *info, GError **error)
{
  return g_file_set_contents_full (path, info, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

static void
warn_once (MfAutosave *self, const GError *error)
{
  if (self->warned)
    return;
  self->warned = TRUE;
  g_message ("Unsaved changes cannot be kept in %s: %s", self->path, error->message);
}

static void schedule (MfAutosave *self);
static void start_write (MfAutosave *self);

static void
on_written (GObject *source, GAsyncResult *result, gpointer data)
{
  Write *write = data;
  MfAutosave *self = write->owner;
  g_autoptr (GError) error = NULL;
  gboolean ok = g_file_replace_contents_finish (G_FILE (source), result, NULL, &error);

  if (self == NULL)
    {
      /* the document was closed while its copy was being written */
      remove_copy (write->path, write->info_path);
      write_free (write);
      return;
    }
  self->writing = NULL;
  if (ok)
    ok = write_info (write->info_path, write->info, &error);
  if (!ok)
    warn_once (self, error);
  write_free (write);
  if (!mf_edit_document_get_modified (self->document))
    remove_copy (self->path, self->info_path);
  else if (self->again)
    {
      self->again = FALSE;
      start_write (self);
    }
}

static void
start_write (MfAutosave *self)
{
  g_autoptr (GFile) file = g_file_new_for_path (self->path);
  g_autoptr (GBytes) bytes = NULL;
  Write *write = g_new0 (Write, 1);
  gsize length = 0;
  char *text = mf_edit_document_to_data (self->document, &length);

  bytes = g_bytes_new_take (text, length);
  write->owner = self;
  write->path = g_strdup (self->path);
  write->info_path = g_strdup (self->info_path);
  write->info = info_text (self);
  self->writing = write;
  self->first_missing = 0;
  /* GIO writes a temporary beside the copy and renames it over the copy */
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE,
                                       G_FILE_CREATE_PRIVATE | G_FILE_CREATE_REPLACE_DESTINATION,
                                       NULL, on_written, write);
}

static gboolean
on_due (gpointer data)
{
  MfAutosave *self = data;

  self->timeout = 0;
  if (self->writing != NULL)
    self->again = TRUE;
  else
    start_write (self);
  return G_SOURCE_REMOVE;
}

static void
schedule (MfAutosave *self)
{
  gint64 now = g_get_monotonic_time ();
  gint64 left;

  if (self->first_missing == 0)
    self->first_missing = now;
  left = (gint64) MF_AUTOSAVE_MAX_WAIT * self->delay_ms - (now - self->first_missing) / 1000;
  g_clear_handle_id (&self->timeout, g_source_remove);
  self->timeout = g_timeout_add ((guint) CLAMP (left, 0, (gint64) self->delay_ms), on_due, self);
}

static void
on_document_changed (MfAutosave *self)
{
  if (mf_edit_document_get_modified (self->document))
    {
      schedule (self);
      return;
    }
  /* saved, or undone back to what was saved */
  g_clear_handle_id (&self->timeout, g_source_remove);
  self->first_missing = 0;
  self->again = FALSE;
  if (self->writing == NULL)
    remove_copy (self->path, self->info_path);
}

MfAutosave *
mf_autosave_new (MfRecovery *recovery, MfEditDocument *document, guint delay_ms)
{
  MfAutosave *self;
  guint n;

  g_return_val_if_fail (recovery != NULL, NULL);
  g_return_val_if_fail (MF_IS_EDIT_DOCUMENT (document), NULL);

  n = recovery->next_copy++;
  self = g_new0 (MfAutosave, 1);
  self->document = g_object_ref (document);
  self->session = g_rc_box_acquire (recovery->session);
  self->path = g_strdup_printf ("%s/%u%s", recovery->session->path, n, COPY_SUFFIX);
  self->info_path = g_strdup_printf ("%s/%u%s", recovery->session->path, n, INFO_SUFFIX);
  self->delay_ms = delay_ms;
  g_signal_connect_swapped (document, "changed", G_CALLBACK (on_document_changed), self);
  g_signal_connect_swapped (document, "notify::modified", G_CALLBACK (on_document_changed),
                            self);
  if (mf_edit_document_get_modified (document))
    schedule (self);
  return self;
}

gboolean
mf_autosave_write_now (MfAutosave *self, GError **error)
{
  g_autofree char *text = NULL;
  g_autofree char *info = NULL;
  gsize length = 0;

  g_return_val_if_fail (self != NULL, FALSE);

  g_clear_handle_id (&self->timeout, g_source_remove);
  self->first_missing = 0;
  /* a write under way would put an older text back: it writes again */
  if (self->writing != NULL)
    self->again = TRUE;
  text = mf_edit_document_to_data (self->document, &length);
  info = info_text (self);
  return g_file_set_contents_full (self->path, text, (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error)
         && write_info (self->info_path, info, error);
}

const char *
mf_autosave_get_path (MfAutosave *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->path;
}

void
mf_autosave_free (MfAutosave *self)
{
  if (self == NULL)
    return;
  g_clear_handle_id (&self->timeout, g_source_remove);
  g_signal_handlers_disconnect_by_data (self->document, self);
  if (self->writing != NULL)
    self->writing->owner = NULL;
  remove_copy (self->path, self->info_path);
  g_object_unref (self->document);
  session_release (self->session);
  g_free (self->path);
  g_free (self->info_path);
  g_free (self);
}
