/*
 * files.h -- files and directories: reading and writing whole files,
 * private temporary directories, and output files that appear only when
 * they are complete.
 */
#ifndef A2S_FILES_H
#define A2S_FILES_H

#include "base.h"

/* Is path a directory? */
bool file_is_dir(const char *path);
/* dir/name if it exists and is a regular file (executable if exec); arena
 * string or NULL. */
char *file_in_dir(const char *dir, const char *name, bool exec);
/* The contents of path (arena string, NUL-terminated), or NULL if it cannot
 * be read (errno says why; EFBIG when it is larger than max_bytes, 0: no
 * limit). */
char *file_read(const char *path, size_t max_bytes);
/* Write text to path; false on any I/O error. */
bool file_write(const char *path, const char *text);

/* A fresh private directory under $TMPDIR (or /tmp), named after tag;
 * arena string, or NULL with the reason in why. */
char *tmpdir_make(const char *tag, char *why, size_t size);
/* Remove dir and everything below it (best effort, never follows links). */
void tmpdir_remove(const char *dir);

/* Output that appears only when complete: output_open gives a temporary
 * file next to path (stdout for NULL or "-"); output_close renames it on
 * success, removes it on failure, and returns whether everything was
 * written. */
FILE *output_open(const char *path, char **tmp);
bool output_close(FILE *f, const char *path, const char *tmp, bool ok);

#endif /* A2S_FILES_H */
