/*
 * files.c -- files and directories (see files.h).
 */
#include "files.h"

#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool file_is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

char *file_in_dir(const char *dir, const char *name, bool exec) {
  char *path = xformat("%s/%s", dir, name);
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    return NULL;
  if (exec && access(path, X_OK) != 0)
    return NULL;
  return path;
}

char *tmpdir_make(const char *tag, char *why, size_t size) {
  const char *base = getenv("TMPDIR");
  if (!base || !*base)
    base = "/tmp";
  char *path = xformat("%s/a2s-%s-XXXXXX", base, tag);
  if (!mkdtemp(path)) {
    snprintf(why, size, "cannot create a temporary directory in %s: %s", base, strerror(errno));
    return NULL;
  }
  return path;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st;
  (void)flag;
  (void)ftw;
  remove(path);
  return 0; /* keep going: remove as much as possible */
}

void tmpdir_remove(const char *dir) {
  if (dir && *dir)
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

bool file_write(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f)
    return false;
  bool ok = fputs(text, f) >= 0;
  if (fclose(f) != 0)
    ok = false;
  return ok;
}

char *file_read(const char *path, size_t max_bytes) {
  FILE *f = fopen(path, "re");
  if (!f)
    return NULL;
  char *buf = NULL;
  size_t len = 0, cap = 0;
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (max_bytes && len + n > max_bytes) {
      free(buf);
      fclose(f);
      errno = EFBIG;
      return NULL;
    }
    if (len + n + 1 > cap) {
      cap = (len + n + 1) * 2;
      char *b = realloc(buf, cap);
      if (!b) {
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = b;
    }
    memcpy(buf + len, chunk, n);
    len += n;
  }
  fclose(f);
  char *s = xstrndup(buf ? buf : "", len);
  free(buf);
  return s;
}

/* Output to a temporary file next to the destination, renamed on success, so
 * that a failed run leaves nothing behind. */
FILE *output_open(const char *path, char **tmp) {
  *tmp = NULL;
  if (!path || !strcmp(path, "-"))
    return stdout;
  *tmp = xformat("%s.a2s-XXXXXX", path);
  int fd = mkstemp(*tmp);
  if (fd < 0) {
    fprintf(stderr, "%s: error: cannot write the output file: %s\n", path, strerror(errno));
    *tmp = NULL;
    return NULL;
  }
  /* mkstemp creates the file 0600; give it the mode of a file made by the
   * compiler (0666 less the umask) */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  return fdopen(fd, "w");
}

bool output_close(FILE *f, const char *path, const char *tmp, bool ok) {
  if (f == stdout) {
    fflush(stdout);
    return ok;
  }
  if (fclose(f) != 0)
    ok = false;
  if (ok && rename(tmp, path) != 0) {
    fprintf(stderr, "%s: error: cannot write the output file: %s\n", path, strerror(errno));
    ok = false;
  }
  if (!ok)
    unlink(tmp);
  return ok;
}

