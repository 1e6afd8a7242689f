/* mf-output-file.c: output files written beside and renamed into place; see
 * mf-output-file.h for what is promised and docs/cli.md, "Output files", for
 * what users are told.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "mf-output-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Links followed before giving up with ELOOP, as the kernel does. */
#define MAX_LINKS 40
/* Bytes of the destination's name kept in the temporary file's, so that
 * ".NAME.XXXXXX" stays within the 255 bytes of a name. */
#define TEMP_NAME_MAX 200

struct _MfOutputFile
{
  char          *name;      /* as given, for messages */
  gboolean       to_stdout;
  /* a pipe or a character device (">(gzip)", /dev/stdout, /dev/null):
   * written straight into, as there is no file to replace */
  gboolean       direct;
  GFile         *file;      /* a location GIO writes (no local path), else NULL */
  char          *target;    /* the file that gets the contents, links followed */
  char          *canonical; /* its directory resolved, for comparing new files */
  gboolean       exists;
  dev_t          dev;
  ino_t          ino;
  char          *temp;      /* the temporary file while it exists */
  int            fd;        /* open on it, or -1 */
  int            slot;      /* its entry in the signal handler's table, or -1 */
  GOutputStream *stream;
  gboolean       committed;
};

/* ---- errors ------------------------------------------------------------ */

static void
set_errno_error (GError **error, const char *name, int saved_errno)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), _("cannot write %s: %s"),
               name, g_strerror (saved_errno));
}

/* What `name` leads to when it is not a regular file, in words. */
static void
set_kind_error (GError **error, const char *name, mode_t mode)
{
  if (S_ISDIR (mode))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                 _("cannot write %s: it is a directory"), name);
  else if (S_ISCHR (mode) || S_ISBLK (mode))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                 _("cannot write %s: it is a device"), name);
  else if (S_ISFIFO (mode))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                 _("cannot write %s: it is a FIFO"), name);
  else if (S_ISSOCK (mode))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                 _("cannot write %s: it is a socket"), name);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                 _("cannot write %s: it is not a regular file"), name);
}

/* ---- the stream -------------------------------------------------------- */

/* Writes to a file descriptor it does not own; a failed write names the
 * destination, not the temporary file. */
#define MF_TYPE_FD_STREAM (mf_fd_stream_get_type ())
G_DECLARE_FINAL_TYPE (MfFdStream, mf_fd_stream, MF, FD_STREAM, GOutputStream)

struct _MfFdStream
{
  GOutputStream parent_instance;
  int           fd;
  char         *name;
};

G_DEFINE_FINAL_TYPE (MfFdStream, mf_fd_stream, G_TYPE_OUTPUT_STREAM)

static gssize
mf_fd_stream_write (GOutputStream *stream,
                    const void    *buffer,
                    gsize          count,
                    GCancellable  *cancellable,
                    GError       **error)
{
  MfFdStream *self = MF_FD_STREAM (stream);
  gssize written;

  do
    written = write (self->fd, buffer, MIN (count, (gsize) G_MAXSSIZE));
  while (written < 0 && errno == EINTR);
  if (written < 0)
    set_errno_error (error, self->name, errno);
  return written;
}

static void
mf_fd_stream_finalize (GObject *object)
{
  g_free (MF_FD_STREAM (object)->name);
  G_OBJECT_CLASS (mf_fd_stream_parent_class)->finalize (object);
}

static void
mf_fd_stream_class_init (MfFdStreamClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mf_fd_stream_finalize;
  G_OUTPUT_STREAM_CLASS (klass)->write_fn = mf_fd_stream_write;
}

static void
mf_fd_stream_init (MfFdStream *self)
{
  self->fd = -1;
}

static GOutputStream *
fd_stream_new (int fd, const char *name)
{
  MfFdStream *stream = g_object_new (MF_TYPE_FD_STREAM, NULL);

  stream->fd = fd;
  stream->name = g_strdup (name);
  return G_OUTPUT_STREAM (stream);
}

/* ---- the temporary files a signal removes ------------------------------ */

/* The handler reads only these static arrays: a slot's path is complete
 * before its state says TEMP_MADE, and the handler calls nothing but
 * unlink(), sigaction() and raise(), which may be called in a handler. */
enum
{
  TEMP_FREE,
  TEMP_RESERVED, /* the path is being made; no file of ours yet */
  TEMP_MADE,
};

#define MAX_TEMPS 8

static const int cleanup_signals[] = { SIGINT, SIGTERM, SIGHUP };

static char             temp_paths[MAX_TEMPS][PATH_MAX];
static gint             temp_states[MAX_TEMPS];
static GMutex           temps_lock;
static guint            n_temps;
static struct sigaction saved_actions[G_N_ELEMENTS (cleanup_signals)];
static gboolean         handling[G_N_ELEMENTS (cleanup_signals)];

static void
on_fatal_signal (int signum)
{
  struct sigaction fallback;

  for (guint i = 0; i < MAX_TEMPS; i++)
    if (g_atomic_int_get (&temp_states[i]) == TEMP_MADE)
      unlink (temp_paths[i]);
  /* die of the signal, as the process would have without us */
  memset (&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset (&fallback.sa_mask);
  sigaction (signum, &fallback, NULL);
  raise (signum);
}

/* Called with temps_lock held, when the first temporary file is about to
 * exist: only signals that would end the process (default action) are
 * caught; one the program handles or ignores does not end it, and the
 * temporary file goes the ordinary way. */
static void
handlers_install (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cleanup_signals); i++)
    {
      struct sigaction action;

      handling[i] = FALSE;
      if (sigaction (cleanup_signals[i], NULL, &saved_actions[i]) != 0
          || (saved_actions[i].sa_flags & SA_SIGINFO) != 0
          || saved_actions[i].sa_handler != SIG_DFL)
        continue;
      memset (&action, 0, sizeof action);
      action.sa_handler = on_fatal_signal;
      sigemptyset (&action.sa_mask);
      for (guint j = 0; j < G_N_ELEMENTS (cleanup_signals); j++)
        sigaddset (&action.sa_mask, cleanup_signals[j]);
      handling[i] = sigaction (cleanup_signals[i], &action, NULL) == 0;
    }
}

/* With temps_lock held, when the last temporary file is gone. */
static void
handlers_restore (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cleanup_signals); i++)
    if (handling[i])
      {
        sigaction (cleanup_signals[i], &saved_actions[i], NULL);
        handling[i] = FALSE;
      }
}

/* A slot holding `template`, or -1 when all are taken. */
static int
temps_reserve (const char *template)
{
  int slot = -1;

  g_mutex_lock (&temps_lock);
  for (int i = 0; i < MAX_TEMPS && slot < 0; i++)
    if (g_atomic_int_get (&temp_states[i]) == TEMP_FREE)
      slot = i;
  if (slot >= 0)
    {
      g_strlcpy (temp_paths[slot], template, PATH_MAX);
      g_atomic_int_set (&temp_states[slot], TEMP_RESERVED);
      if (n_temps++ == 0)
        handlers_install ();
    }
  g_mutex_unlock (&temps_lock);
  return slot;
}

static void
temps_release (int slot)
{
  g_mutex_lock (&temps_lock);
  g_atomic_int_set (&temp_states[slot], TEMP_FREE);
  if (--n_temps == 0)
    handlers_restore ();
  g_mutex_unlock (&temps_lock);
}

/* ---- resolving the destination ----------------------------------------- */

static char *
absolute_path (const char *path)
{
  g_autofree char *cwd = NULL;

  if (g_path_is_absolute (path))
    return g_strdup (path);
  cwd = g_get_current_dir ();
  return g_build_filename (cwd, path, NULL);
}

/* The file `path` finally names: each symbolic link replaced by what it
 * points to (a relative target is relative to the link's directory), up to
 * the first name that is not a link or does not exist. */
static char *
follow_links (const MfOutputFile *self, const char *path, GError **error)
{
  g_autofree char *current = absolute_path (path);

  for (guint depth = 0;; depth++)
    {
      char link[PATH_MAX];
      g_autofree char *dir = NULL;
      struct stat st;
      gssize length;

      if (lstat (current, &st) != 0)
        {
          if (errno == ENOENT)
            return g_steal_pointer (&current);
          set_errno_error (error, self->name, errno);
          return NULL;
        }
      if (!S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      length = depth < MAX_LINKS ? readlink (current, link, sizeof link) : -1;
      if (length < 0 || (gsize) length >= sizeof link)
        {
          set_errno_error (error, self->name,
                           depth >= MAX_LINKS ? ELOOP : length < 0 ? errno : ENAMETOOLONG);
          return NULL;
        }
      link[length] = '\0';
      dir = g_path_get_dirname (current);
      g_free (current);
      current = g_path_is_absolute (link) ? g_strdup (link) : g_build_filename (dir, link, NULL);
    }
}

/* A pipe is opened when it is checked: a pipe that no process reads would
 * block the open (and the run) for ever, so it is refused; one that is read
 * stays open for the writing, as a second open and close would tell its
 * reader the data had ended. */
static gboolean
open_pipe (MfOutputFile *self, GError **error)
{
  int flags;

  self->fd = open (self->target, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (self->fd < 0 && errno == ENXIO)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                   _("cannot write %s: it is a pipe that no process reads"), self->name);
      return FALSE;
    }
  if (self->fd < 0)
    {
      set_errno_error (error, self->name, errno);
      return FALSE;
    }
  /* from here on a full pipe makes the writer wait, as any pipe does */
  flags = fcntl (self->fd, F_GETFL);
  if (flags >= 0)
    fcntl (self->fd, F_SETFL, flags & ~O_NONBLOCK);
  return TRUE;
}

static gboolean
output_resolve (MfOutputFile *self, const char *path, GError **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *real_dir = NULL;
  struct stat st;

  if (*path == '\0')
    {
      set_errno_error (error, self->name, ENOENT);
      return FALSE;
    }
  /* what writing to `path` would reach, links and all (also the kernel's own
   * links, such as /dev/stdout, which name a pipe or a terminal) */
  if (stat (path, &st) == 0)
    {
      if (S_ISFIFO (st.st_mode) || S_ISCHR (st.st_mode))
        {
          self->direct = TRUE;
          self->target = g_strdup (path);
          return S_ISFIFO (st.st_mode) ? open_pipe (self, error) : TRUE;
        }
      if (!S_ISREG (st.st_mode))
        {
          set_kind_error (error, self->name, st.st_mode);
          return FALSE;
        }
      self->exists = TRUE;
      self->dev = st.st_dev;
      self->ino = st.st_ino;
    }
  else if (errno != ENOENT)
    {
      set_errno_error (error, self->name, errno);
      return FALSE;
    }
  self->target = follow_links (self, path, error);
  if (self->target == NULL)
    return FALSE;
  dir = g_path_get_dirname (self->target);
  base = g_path_get_basename (self->target);
  if (stat (dir, &st) != 0 || access (dir, W_OK) != 0)
    {
      set_errno_error (error, self->name, errno);
      return FALSE;
    }
  real_dir = realpath (dir, NULL);
  self->canonical = g_build_filename (real_dir != NULL ? real_dir : dir, base, NULL);
  return TRUE;
}

MfOutputFile *
mf_output_file_new (const char *path, GError **error)
{
  g_autoptr (MfOutputFile) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (MfOutputFile, 1);
  self->fd = -1;
  self->slot = -1;
  self->to_stdout = strcmp (path, "-") == 0;
  self->name = g_strdup (self->to_stdout ? _("standard output") : path);
  if (!self->to_stdout && !output_resolve (self, path, error))
    return NULL;
  return g_steal_pointer (&self);
}

MfOutputFile *
mf_output_file_new_for_file (GFile *file, GError **error)
{
  g_autofree char *path = NULL;
  MfOutputFile *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = g_file_get_path (file);
  if (path != NULL)
    return mf_output_file_new (path, error);
  self = g_new0 (MfOutputFile, 1);
  self->fd = -1;
  self->slot = -1;
  self->file = g_object_ref (file);
  self->name = g_file_get_parse_name (file);
  return self;
}

const char *
mf_output_file_get_name (const MfOutputFile *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->name;
}

gboolean
mf_output_file_is_stdout (const MfOutputFile *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->to_stdout;
}

gboolean
mf_output_file_same (const MfOutputFile *a, const MfOutputFile *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->to_stdout || b->to_stdout)
    return a->to_stdout && b->to_stdout;
  if (a->file != NULL || b->file != NULL)
    return a->file != NULL && b->file != NULL && g_file_equal (a->file, b->file);
  if (a->exists && b->exists)
    return a->dev == b->dev && a->ino == b->ino;
  return !a->exists && !b->exists && strcmp (a->canonical, b->canonical) == 0;
}

gboolean
mf_output_file_is_path (const MfOutputFile *self, const char *path)
{
  struct stat st;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->to_stdout || !self->exists || path == NULL || strcmp (path, "-") == 0)
    return FALSE;
  return stat (path, &st) == 0 && st.st_dev == self->dev && st.st_ino == self->ino;
}

/* ---- writing ----------------------------------------------------------- */

/* The process's umask, read without changing it where the system says it
 * (Linux), since another thread may be creating a file meanwhile. */
static mode_t
current_umask (void)
{
  g_autofree char *status = NULL;
  const char *line;
  mode_t mask;

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      && (line = strstr (status, "\nUmask:")) != NULL)
    return (mode_t) (g_ascii_strtoull (line + strlen ("\nUmask:"), NULL, 8) & 0777);
  mask = umask (022);
  umask (mask);
  return mask;
}

/* Drops the temporary file: on an error, or freed without a commit. */
static void
output_abandon (MfOutputFile *self)
{
  if (self->fd >= 0)
    close (self->fd);
  self->fd = -1;
  if (self->temp != NULL)
    unlink (self->temp);
  if (self->slot >= 0)
    temps_release (self->slot);
  self->slot = -1;
  g_clear_pointer (&self->temp, g_free);
}

GOutputStream *
mf_output_file_open (MfOutputFile *self, GError **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *template = NULL;
  sigset_t blocked, before;
  int saved_errno = 0;

  g_return_val_if_fail (self != NULL && self->stream == NULL && !self->committed, NULL);

  if (self->to_stdout)
    {
      self->stream = fd_stream_new (STDOUT_FILENO, self->name);
      return self->stream;
    }
  if (self->file != NULL)
    {
      self->stream = G_OUTPUT_STREAM (g_file_replace (self->file, NULL, FALSE,
                                                      G_FILE_CREATE_NONE, NULL, error));
      return self->stream;
    }
  if (self->direct)
    {
      if (self->fd < 0)
        self->fd = open (self->target, O_WRONLY | O_CLOEXEC);
      if (self->fd < 0)
        {
          set_errno_error (error, self->name, errno);
          return NULL;
        }
      self->stream = fd_stream_new (self->fd, self->name);
      return self->stream;
    }

  dir = g_path_get_dirname (self->target);
  base = g_path_get_basename (self->target);
  if (strlen (base) > TEMP_NAME_MAX)
    base[TEMP_NAME_MAX] = '\0';
  template = g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);
  if (strlen (template) >= PATH_MAX)
    {
      set_errno_error (error, self->name, ENAMETOOLONG);
      return NULL;
    }
  self->slot = temps_reserve (template);
  if (self->slot < 0)
    {
      set_errno_error (error, self->name, EMFILE);
      return NULL;
    }
  /* No signal between the file's creation and its slot saying so: this
   * thread holds them back until the slot is marked. */
  sigemptyset (&blocked);
  for (guint i = 0; i < G_N_ELEMENTS (cleanup_signals); i++)
    sigaddset (&blocked, cleanup_signals[i]);
  pthread_sigmask (SIG_BLOCK, &blocked, &before);
  self->fd = g_mkstemp_full (temp_paths[self->slot], O_WRONLY | O_CLOEXEC, 0600);
  saved_errno = errno;
  if (self->fd >= 0)
    {
      self->temp = g_strdup (temp_paths[self->slot]);
      g_atomic_int_set (&temp_states[self->slot], TEMP_MADE);
    }
  pthread_sigmask (SIG_SETMASK, &before, NULL);
  if (self->fd < 0)
    {
      output_abandon (self);
      set_errno_error (error, self->name, saved_errno);
      return NULL;
    }
  self->stream = fd_stream_new (self->fd, self->name);
  return self->stream;
}

const char *
mf_output_file_open_path (MfOutputFile *self, GError **error)
{
  g_return_val_if_fail (self != NULL && self->stream == NULL && !self->committed, NULL);

  if (self->to_stdout || self->file != NULL || self->direct)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("cannot write %s: this format needs a file on this computer"), self->name);
      return NULL;
    }
  /* the stream stays open beside the library's own descriptor: the commit
   * syncs and closes it, and the inode is the one the library wrote */
  if (mf_output_file_open (self, error) == NULL)
    return NULL;
  return self->temp;
}

/* The temporary file takes the mode and owner of the file it replaces, as it
 * is now (the run may have been long), or a new file's mode. */
static gboolean
take_mode (MfOutputFile *self, GError **error)
{
  struct stat target, temp;
  mode_t mode;

  if (stat (self->target, &target) == 0)
    {
      if (!S_ISREG (target.st_mode))
        {
          set_kind_error (error, self->name, target.st_mode);
          return FALSE;
        }
      /* the owner where we may (as root, or a group of ours); else the file
       * becomes ours, as any file we create */
      if (fstat (self->fd, &temp) == 0
          && (temp.st_uid != target.st_uid || temp.st_gid != target.st_gid)
          && fchown (self->fd, target.st_uid, target.st_gid) != 0
          && temp.st_gid != target.st_gid && fchown (self->fd, (uid_t) -1, target.st_gid) != 0)
        g_debug ("%s: keeping the owner of %s failed", G_STRFUNC, self->name);
      mode = target.st_mode & 07777;
    }
  else if (errno == ENOENT)
    mode = 0666 & ~current_umask ();
  else
    {
      set_errno_error (error, self->name, errno);
      return FALSE;
    }
  /* a file system without modes (FAT, some FUSE ones) may refuse: the file
   * then stays private, as it was made, rather than not be written */
  if (fchmod (self->fd, mode) != 0)
    g_debug ("%s: setting the mode of %s failed: %s", G_STRFUNC, self->name, g_strerror (errno));
  return TRUE;
}

/* The rename is in the directory's data: synced too, or a crash may undo it.
 * Failing that leaves the file in place all the same. */
static void
sync_directory (const char *target)
{
  g_autofree char *dir = g_path_get_dirname (target);
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd >= 0)
    {
      if (fsync (fd) != 0)
        g_debug ("%s: fsync of %s failed: %s", G_STRFUNC, dir, g_strerror (errno));
      close (fd);
    }
}

gboolean
mf_output_file_commit (MfOutputFile *self, GError **error)
{
  int fd;

  g_return_val_if_fail (self != NULL && self->stream != NULL && !self->committed, FALSE);

  if (self->to_stdout)
    return self->committed = g_output_stream_flush (self->stream, NULL, error);
  if (self->file != NULL)
    return self->committed = g_output_stream_close (self->stream, NULL, error);
  if (self->direct)
    {
      if (!g_output_stream_flush (self->stream, NULL, error))
        return FALSE;
      fd = self->fd;
      self->fd = -1;
      if (close (fd) != 0)
        {
          set_errno_error (error, self->name, errno);
          return FALSE;
        }
      return self->committed = TRUE;
    }

  if (fsync (self->fd) != 0)
    {
      set_errno_error (error, self->name, errno);
      output_abandon (self);
      return FALSE;
    }
  if (!take_mode (self, error))
    {
      output_abandon (self);
      return FALSE;
    }
  fd = self->fd;
  self->fd = -1;
  if (close (fd) != 0 || rename (self->temp, self->target) != 0)
    {
      set_errno_error (error, self->name, errno);
      output_abandon (self);
      return FALSE;
    }
  /* renamed: the temporary file's name is no longer ours to remove */
  g_clear_pointer (&self->temp, g_free);
  temps_release (self->slot);
  self->slot = -1;
  sync_directory (self->target);
  self->committed = TRUE;
  return TRUE;
}

void
mf_output_file_free (MfOutputFile *self)
{
  if (self == NULL)
    return;
  if (self->file != NULL && self->stream != NULL && !self->committed
      && !g_output_stream_is_closed (self->stream))
    {
      /* GIO drops its temporary file when the close is cancelled */
      g_autoptr (GCancellable) abandon = g_cancellable_new ();

      g_cancellable_cancel (abandon);
      g_output_stream_close (self->stream, abandon, NULL);
    }
  g_clear_object (&self->stream);
  output_abandon (self);
  g_clear_object (&self->file);
  g_free (self->name);
  g_free (self->target);
  g_free (self->canonical);
  g_free (self);
}
