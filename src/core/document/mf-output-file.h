/* mf-output-file.h: a file that a command or an export writes, replaced in
 * one step and never clobbering what it should not (docs/cli.md, "Output
 * files").
 *
 * A destination is checked when it is made: "-" stands for standard output;
 * a pipe or a character device (a shell's ">(gzip)", /dev/stdout,
 * /dev/null) is written straight into, as standard output is; any other
 * path is followed through its symbolic links to the file that gets the
 * contents (a dangling link: the file it names is created), which must be a
 * regular file or not exist yet in a directory that does.  Writing goes to a
 * temporary file beside that file, created private (0600); the commit gives
 * it the mode (and, where the system lets us, the owner) of the file it
 * replaces, or the mode a new file gets under the umask (a file system
 * without modes leaves it private), syncs it and renames it over the file.  Until then the old file is untouched, and the temporary
 * file is removed on every way out: an error, mf_output_file_free() without a
 * commit, and SIGINT, SIGTERM or SIGHUP while it exists (when the process
 * would die of them: a signal handled or ignored by someone else is left
 * alone).  Every message names the path the user gave, never the temporary
 * file.
 *
 * Errors are G_IO_ERRORs: G_IO_ERROR_IS_DIRECTORY and
 * G_IO_ERROR_NOT_REGULAR_FILE for a destination that is not a file, else the
 * code of the system's error.
 *
 * Copyright 2026 The Manifold authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _MfOutputFile MfOutputFile;

/* `path` as a destination: "-" is standard output.  NULL with an error
 * naming `path` when it is not one (a directory, a block device, a socket,
 * a missing directory, a loop of links). */
MfOutputFile  *mf_output_file_new (const char *path,
                                   GError    **error);
/* The same for a GFile.  A location without a local path (a remote mount)
 * is left to GIO's g_file_replace(): written beside and renamed where the
 * backend can, the old contents kept on an error. */
MfOutputFile  *mf_output_file_new_for_file (GFile   *file,
                                            GError **error);

/* The destination as the user named it, for messages: the path, or
 * "standard output" (translated) for "-". */
const char    *mf_output_file_get_name (const MfOutputFile *self);
gboolean       mf_output_file_is_stdout (const MfOutputFile *self);

/* Whether `a` and `b` write the same file: the same file when it exists
 * (device and inode, links followed), else the same path once the links of
 * its directory are resolved; both "-". */
gboolean       mf_output_file_same (const MfOutputFile *a,
                                    const MfOutputFile *b);

/* Whether the destination is the file at `path` as it exists now (device
 * and inode, links followed): an output that would replace the input it
 * was made from.  FALSE for standard output, "-" and a path that does not
 * exist. */
gboolean       mf_output_file_is_path (const MfOutputFile *self,
                                       const char         *path);

/* Creates the temporary file (standard output: nothing) and returns the
 * stream that writes it, owned by `self`.  Its write errors name the
 * destination.  NULL with an error. */
GOutputStream *mf_output_file_open (MfOutputFile *self,
                                    GError      **error);

/* For a library that writes a file by its name (matio, HDF5): creates the
 * temporary file as mf_output_file_open() does and returns its path, owned
 * by `self`.  The library may truncate and rewrite it; mf_output_file_commit()
 * then puts it in place as it would a stream's.  NULL with an error
 * (G_IO_ERROR_NOT_SUPPORTED) for standard output and a location without a
 * local path. */
const char    *mf_output_file_open_path (MfOutputFile *self,
                                         GError      **error);

/* Puts what was written in place of the destination: flushed to disk, the
 * mode and owner of the file it replaces, renamed over it.  On an error the
 * temporary file is removed and the destination left as it was. */
gboolean       mf_output_file_commit (MfOutputFile *self,
                                      GError      **error);

/* Frees `self`; without a commit the temporary file is removed. */
void           mf_output_file_free (MfOutputFile *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MfOutputFile, mf_output_file_free)

G_END_DECLS
