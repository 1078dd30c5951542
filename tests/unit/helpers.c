#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char paths[64][64];
static int npaths;

const char *temp_source(const char *src) {
  char *path = paths[npaths++ % 64];
  snprintf(path, 64, "/tmp/a2s-unit-XXXXXX.c");
  int fd = mkstemps(path, 2);
  if (fd < 0)
    return NULL;
  size_t n = strlen(src);
  if (write(fd, src, n) != (ssize_t)n) {
    close(fd);
    return NULL;
  }
  close(fd);
  return path;
}

Program *parse_text(const char *src) {
  diag_capture(true);
  Program *p = parse_program(temp_source(src), 0, NULL, NULL);
  diag_capture(false);
  return p;
}

Program *normalize_text(const char *src) {
  Program *p = parse_text(src);
  if (!p)
    return NULL;
  diag_capture(true);
  p = normalize_program(p);
  diag_capture(false);
  return p;
}

Program *abstract_text(const char *src, const CellOptions *opt) {
  Program *p = normalize_text(src);
  if (!p)
    return NULL;
  CellOptions none = {0};
  diag_capture(true);
  Program *q = abstract_cells(p, opt ? opt : &none);
  diag_capture(false);
  return q;
}

char *c_text(Program *p) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  emit_c(f, p);
  fclose(f);
  char *s = xstrdup(buf);
  free(buf);
  return s;
}

bool contains_(const char *hay, const char *needle) {
  if (hay && strstr(hay, needle))
    return true;
  fprintf(stderr, "---- expected to find:\n%s\n---- in:\n%s\n----\n", needle, hay ? hay : "(null)");
  return false;
}

static int count_in(Stmt *s, StmtKind k) {
  if (!s)
    return 0;
  int n = s->kind == k;
  for (int i = 0; i < s->stmts.len; i++)
    n += count_in(s->stmts.data[i], k);
  n += count_in(s->then, k) + count_in(s->els, k) + count_in(s->body, k) + count_in(s->step, k);
  for (int i = 0; i < s->cases.len; i++)
    n += count_in(s->cases.data[i]->body, k);
  return n;
}

int count_stmts(Func *f, StmtKind k) { return count_in(f->body, k); }

int teardown_all(void **state) {
  (void)state;
  for (int i = 0; i < npaths && i < 64; i++)
    unlink(paths[i]);
  npaths = 0;
  error_reset();
  arena_free_all();
  return 0;
}
