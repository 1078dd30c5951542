/*
 * files.c -- files and directories (see files.h).
 */
#include "files.h"

#include "signals.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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
  signals_add_path(path, true);
  return path;
}

/* Remove name (relative to dirfd) and, if it is a directory, everything
 * below it, without following symbolic links. System calls only (no malloc,
 * no stdio): the signal handler uses it too. Entries removed while a
 * directory is read may make getdents skip others: a second pass takes
 * them. */
static void remove_at(int dirfd, const char *name, int depth) {
  if (unlinkat(dirfd, name, 0) == 0 || (errno != EISDIR && errno != EPERM))
    return;
  int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return;
  for (int pass = 0; pass < 2 && depth < 32; pass++) {
    char buf[1024] __attribute__((aligned(8)));
    ssize_t n;
    lseek(fd, 0, SEEK_SET);
    while ((n = getdents64(fd, buf, sizeof buf)) > 0)
      for (ssize_t off = 0; off < n;) {
        struct dirent64 *d = (struct dirent64 *)(buf + off);
        if (strcmp(d->d_name, ".") && strcmp(d->d_name, ".."))
          remove_at(fd, d->d_name, depth + 1);
        off += d->d_reclen;
      }
    if (unlinkat(dirfd, name, AT_REMOVEDIR) == 0)
      break;
  }
  close(fd);
}

void tmpdir_remove(const char *dir) {
  if (!dir || !*dir)
    return;
  remove_at(AT_FDCWD, dir, 0);
  signals_drop_path(dir);
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

bool file_same(const char *a, const char *b) {
  struct stat sa, sb;
  return a && b && stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

static bool output_error(const char *path, const char *what) {
  fprintf(stderr, "%s: error: cannot write the output file: %s\n", path, what);
  return false;
}

/* Where the temporary goes: beside the file a symbolic link names (the
 * link stays a link), else beside path. */
static char *output_target(const char *path) {
  struct stat st;
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
    char *real = realpath(path, NULL);
    if (real) {
      char *r = xstrdup(real);
      free(real);
      return r;
    }
  }
  return xstrdup(path);
}

bool output_open(Output *o, const char *path) {
  *o = (Output){.f = stdout};
  if (!path || !strcmp(path, "-"))
    return true;
  o->path = path;
  struct stat st;
  bool exists = stat(path, &st) == 0;
  if (exists && S_ISDIR(st.st_mode))
    return output_error(path, "it is a directory");
  if ((exists && !S_ISREG(st.st_mode)) || (!exists && errno != ENOENT) ||
      (!exists && lstat(path, &st) == 0)) {
    /* a FIFO, a device (/dev/null), a dangling link: written in place, never
     * replaced by a regular file */
    o->f = fopen(path, "we");
    return o->f ? true : output_error(path, strerror(errno));
  }
  o->target = output_target(path);
  o->tmp = xformat("%s.a2s-XXXXXX", o->target);
  int fd = mkstemp(o->tmp);
  if (fd < 0) {
    o->tmp = NULL;
    return output_error(path, strerror(errno));
  }
  signals_add_path(o->tmp, false);
  /* mkstemp creates the file 0600: an existing file keeps its mode, a new
   * one gets the mode of a file made by the compiler (0666 less the umask) */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~mask);
  o->copy = exists && st.st_nlink > 1; /* renaming would break the hard links */
  o->f = fdopen(fd, "w");
  if (!o->f) {
    close(fd);
    unlink(o->tmp);
    signals_drop_path(o->tmp);
    return output_error(path, strerror(errno));
  }
  return true;
}

/* output_limit's stream: counts what goes through, fails past the budget
 * (without writing any of the write that crosses it). */
static ssize_t limited_write(void *cookie, const char *buf, size_t n) {
  Output *o = cookie;
  if (o->over || n > o->limit - o->written) {
    o->over = true;
    errno = EFBIG;
    return -1;
  }
  size_t w = fwrite(buf, 1, n, o->inner);
  o->written += w;
  return w < n ? -1 : (ssize_t)w;
}

bool output_limit(Output *o, size_t max_bytes) {
  cookie_io_functions_t io = {.write = limited_write};
  FILE *f = fopencookie(o, "w", io);
  if (!f)
    return false;
  o->inner = o->f;
  o->limit = max_bytes;
  o->f = f;
  return true;
}

/* Copy the finished temporary into the destination, which keeps its inode
 * (and so its other names). */
static bool copy_into(const char *tmp, const char *dest) {
  FILE *in = fopen(tmp, "re"), *out = in ? fopen(dest, "we") : NULL;
  bool ok = in && out;
  char buf[65536];
  size_t n;
  while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
    ok = fwrite(buf, 1, n, out) == n;
  ok = ok && !ferror(in);
  if (in)
    fclose(in);
  if (out && fclose(out) != 0)
    ok = false;
  return ok;
}

bool output_close(Output *o, bool ok) {
  int err = 0;
  if (o->inner) { /* the budget's stream first: what it holds goes through */
    if (fclose(o->f) != 0)
      ok = false;
    o->f = o->inner;
    o->inner = NULL;
    if (o->over) {
      fprintf(stderr, "arr2scalar: error: the output is larger than its size budget of %.3g MB "
                      "(--max-output=MB); %s\n", (double)o->limit / (1 << 20),
              o->tmp ? "no output file written" : "the output is cut short");
      ok = false;
    }
  }
  if (fflush(o->f) != 0 || ferror(o->f))
    err = errno ? errno : EIO, ok = false;
  if (o->f != stdout && fclose(o->f) != 0 && !err)
    err = errno, ok = false;
  o->f = NULL;
  if (ok && o->tmp) {
    if (o->copy ? !copy_into(o->tmp, o->target) : rename(o->tmp, o->target) != 0)
      err = errno ? errno : EIO, ok = false;
  }
  if (o->tmp) {
    unlink(o->tmp); /* gone after a rename; else what a failure left */
    signals_drop_path(o->tmp);
  }
  o->tmp = NULL;
  if (err && o->path) /* standard output: the command reports it (main.c) */
    output_error(o->path, strerror(err));
  return ok;
}
