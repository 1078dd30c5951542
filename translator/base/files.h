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
/* Remove dir and everything below it (best effort, never follows links;
 * async-signal-safe). tmpdir_make's directories are removed on SIGINT,
 * SIGTERM or exit if nobody did (signals.h). */
void tmpdir_remove(const char *dir);

/* Do a and b name the same file (same device and inode)? */
bool file_same(const char *a, const char *b);

/* Output that appears only when complete: the text goes to a temporary
 * file beside the destination, which replaces the destination when
 * output_close is told the run succeeded and is removed otherwise. An
 * existing file keeps its mode and, when it has other hard links, its
 * inode (the text is copied into it); a symbolic link stays a link (its
 * target is replaced); a FIFO or a device (/dev/null) is written in place.
 * NULL or "-" is standard output. The temporary file is removed on SIGINT,
 * SIGTERM or exit too (signals.h). */
typedef struct Output {
  FILE *f;             /* write here */
  const char *path;    /* the destination as given; NULL for stdout */
  char *target;        /* the file replaced (path, or what its link names) */
  char *tmp;           /* the temporary, NULL when written in place */
  bool copy;           /* copy into target instead of renaming */
  FILE *inner;         /* under output_limit: the stream f writes through */
  size_t limit;        /* ... its size budget in bytes */
  size_t written;      /* ... and the bytes written so far */
  bool over;           /* the output went past its budget */
} Output;

/* false after a diagnostic on stderr. */
bool output_open(Output *o, const char *path);
/* A size budget: past max_bytes, writes to o->f fail (EFBIG), o->over is
 * set, and output_close fails with a message naming the budget. o must stay
 * where it is until output_close. false (nothing changed) if the stream
 * cannot be made. */
bool output_limit(Output *o, size_t max_bytes);
/* Finish: with ok, the output takes its place; write errors (a full disk,
 * /dev/full) are reported and make the result false. */
bool output_close(Output *o, bool ok);

#endif /* A2S_FILES_H */
