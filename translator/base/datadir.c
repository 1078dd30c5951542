/*
 * datadir.c -- where arr2scalar's own files are at run time (datadir.h).
 */
#include "datadir.h"

#include "files.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The build tree's fallback (CMakeLists.txt defines it for this file only):
 * an installed binary never reads it, its own directory comes first. */
#ifndef A2S_SOURCE_DIR
#define A2S_SOURCE_DIR "."
#endif

static char datadir_path[PATH_MAX];
static DatadirKind datadir_kind;
static bool datadir_found;

/* <directory of the executable>/../share/arr2scalar, normalized, into buf if
 * it is a directory. /proc/self/exe, not argv[0]: argv[0] may be a bare name
 * found in PATH, a relative path or anything the caller chose. */
static bool datadir_installed(char *buf, size_t size) {
  char *exe = realpath("/proc/self/exe", NULL);
  if (!exe)
    return false;
  char *slash = strrchr(exe, '/');
  char *candidate = slash ? xformat("%.*s/../share/arr2scalar", (int)(slash - exe), exe) : NULL;
  free(exe);
  char *real = candidate ? realpath(candidate, NULL) : NULL;
  bool found = real && file_is_dir(real) && strlen(real) < size;
  if (found)
    strcpy(buf, real);
  free(real);
  return found;
}

/* Once per process (the executable does not move). */
static void datadir_find(void) {
  datadir_found = true;
  if (datadir_installed(datadir_path, sizeof datadir_path)) {
    datadir_kind = DATADIR_INSTALLED;
    return;
  }
  datadir_kind = DATADIR_SOURCE;
  format_cut(datadir_path, sizeof datadir_path, "%s", A2S_SOURCE_DIR);
}

const char *datadir_root(DatadirKind *kind) {
  if (!datadir_found)
    datadir_find();
  if (kind)
    *kind = datadir_kind;
  return datadir_path;
}

char *datadir_file(const char *installed, const char *source) {
  DatadirKind kind;
  const char *root = datadir_root(&kind);
  return xformat("%s/%s", root, kind == DATADIR_INSTALLED ? installed : source);
}
