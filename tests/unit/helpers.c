#include "helpers.h"

#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef A2S_SOURCE_DIR
#define A2S_SOURCE_DIR "."
#endif

const char *const dutch_flag_partition =
    "int p, q;\n"
    "void threeWayPartition(int data[], int size, int low, int high) {\n"
    "  p = -1;\n"
    "  q = size;\n"
    "  for (int i = 0; i < q;) {\n"
    "    int d = data[i];\n"
    "    if (d < low) { ++p; data[i] = data[p]; data[p] = d; ++i; }\n"
    "    else if (d >= high) { --q; data[i] = data[q]; data[q] = d; }\n"
    "    else { ++i; }\n"
    "  }\n"
    "}\n";

/* ---- Temporary sources ------------------------------------------------------ */

/* A ring of temporary files: a slot is unlinked before it is reused, so a
 * test writing many programs leaves nothing behind. */
#define NSLOTS 64
static char paths[NSLOTS][64];
static int npaths;
static const char *last_path;

const char *temp_source(const char *src) {
  char *path = paths[npaths % NSLOTS];
  if (npaths >= NSLOTS)
    unlink(path);
  npaths++;
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
  last_path = path;
  return path;
}

const char *last_source(void) { return last_path ? last_path : ""; }

Program *parse_text_opts(const char *src, int nargs, const char *const *args, const char *entry) {
  const char *path = temp_source(src);
  if (!path)
    return NULL;
  diag_capture(true);
  Program *p = parse_program(path, nargs, args, entry);
  diag_capture(false);
  return p;
}

Program *parse_text(const char *src) { return parse_text_opts(src, 0, NULL, NULL); }

Program *normalize_text_opts(const char *src, int nargs, const char *const *args,
                             const char *entry) {
  Program *p = parse_text_opts(src, nargs, args, entry);
  if (!p)
    return NULL;
  diag_capture(true);
  p = normalize_program(p);
  diag_capture(false);
  return p;
}

Program *normalize_text(const char *src) { return normalize_text_opts(src, 0, NULL, NULL); }

Program *abstract_program(Program *p, const CellOptions *opt) {
  CellOptions none = {0};
  diag_capture(true);
  Program *q = abstract_cells(p, opt ? opt : &none);
  diag_capture(false);
  return q;
}

Program *abstract_text(const char *src, const CellOptions *opt) {
  Program *p = normalize_text(src);
  return p ? abstract_program(p, opt) : NULL;
}

void add_spec(CellOptions *o, const char *array, int count, bool ordered, bool initial) {
  CellSpec s = {array, count, ordered, initial};
  vec_push(&o->specs, s);
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

bool contains_quiet(const char *hay, const char *needle) { return hay && strstr(hay, needle); }

bool contains_(const char *hay, const char *needle) {
  if (contains_quiet(hay, needle))
    return true;
  fprintf(stderr, "---- expected to find:\n%s\n---- in:\n%s\n----\n", needle, hay ? hay : "(null)");
  return false;
}

void locate(const char *src, const char *at, int *line, int *col) {
  const char *p = strstr(src, at);
  *line = 1;
  *col = 1;
  if (!p)
    return;
  for (const char *c = src; c < p; c++) {
    if (*c == '\n') {
      (*line)++;
      *col = 1;
    } else {
      (*col)++;
    }
  }
}

bool diag_at_(const char *src, const char *at, const char *what) {
  int line, col;
  locate(src, at, &line, &col);
  return contains_(diag_captured(), xformat("%s:%d:%d: error: %s", last_source(), line, col, what));
}

char *capture_stderr(void (*fn)(void *), void *arg) {
  char path[] = "/tmp/a2s-stderr-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return xstrdup("");
  fflush(stderr);
  int saved = dup(2);
  dup2(fd, 2);
  fn(arg);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  off_t n = lseek(fd, 0, SEEK_END);
  char *text = xalloc((size_t)n + 1);
  if (n > 0 && pread(fd, text, (size_t)n, 0) != n)
    text[0] = 0;
  close(fd);
  unlink(path);
  return text;
}

/* ---- Walking the IR ------------------------------------------------------------ */

static void walk_stmts(Stmt *s, void (*fn)(Stmt *, void *), void *arg) {
  if (!s)
    return;
  fn(s, arg);
  for (int i = 0; i < s->stmts.len; i++)
    walk_stmts(s->stmts.data[i], fn, arg);
  walk_stmts(s->then, fn, arg);
  walk_stmts(s->els, fn, arg);
  walk_stmts(s->body, fn, arg);
  walk_stmts(s->step, fn, arg);
  for (int i = 0; i < s->cases.len; i++)
    walk_stmts(s->cases.data[i]->body, fn, arg);
}

typedef struct {
  StmtKind kind;
  StmtVec *out;
} Collect;

static void collect_one(Stmt *s, void *arg) {
  Collect *c = arg;
  if (s->kind == c->kind)
    vec_push(c->out, s);
}

void collect_stmts(Stmt *s, StmtKind k, StmtVec *out) {
  Collect c = {k, out};
  walk_stmts(s, collect_one, &c);
}

int count_stmts(Func *f, StmtKind k) {
  StmtVec v = {0};
  collect_stmts(f->body, k, &v);
  return v.len;
}

static void visit_expr(Expr *e, Stmt *owner, bool top, ExprVisitor fn, void *arg) {
  if (!e)
    return;
  fn(e, owner, top, arg);
  visit_expr(e->lhs, owner, false, fn, arg);
  visit_expr(e->rhs, owner, false, fn, arg);
  visit_expr(e->cond, owner, false, fn, arg);
  for (int i = 0; i < e->args.len; i++)
    visit_expr(e->args.data[i], owner, false, fn, arg);
}

typedef struct {
  ExprVisitor fn;
  void *arg;
} Visit;

static void visit_stmt(Stmt *s, void *arg) {
  Visit *v = arg;
  visit_expr(s->expr, s, true, v->fn, v->arg);
  for (int i = 0; i < s->idx.len; i++)
    visit_expr(s->idx.data[i], s, true, v->fn, v->arg);
  for (int i = 0; i < s->args.len; i++)
    visit_expr(s->args.data[i], s, true, v->fn, v->arg);
}

void visit_exprs(Stmt *s, ExprVisitor fn, void *arg) {
  Visit v = {fn, arg};
  walk_stmts(s, visit_stmt, &v);
}

Var *var_named(Program *p, Func *f, const char *name) {
  Var *v = f ? find_local(f, name) : NULL;
  return v ? v : find_global(p, name);
}

int count_index(const Expr *e) {
  if (!e)
    return 0;
  int n = e->kind == E_INDEX;
  n += count_index(e->lhs) + count_index(e->rhs) + count_index(e->cond);
  for (int i = 0; i < e->args.len; i++)
    n += count_index(e->args.data[i]);
  return n;
}

ArrayCells *cells_named(Program *p, const char *owner, const char *array) {
  for (int i = 0; i < p->arrays.len; i++) {
    ArrayCells *ac = p->arrays.data[i];
    bool same_owner = owner ? ac->owner && !strcmp(ac->owner->name, owner) : !ac->owner;
    if (same_owner && !strcmp(ac->array->name, array))
      return ac;
  }
  return NULL;
}

/* ---- The interpreter ---------------------------------------------------------------- */

static bool lookup(TestOracle *t, const char *name, long long *v) {
  for (int i = 0; i < t->nnamed; i++)
    if (!strcmp(t->names[i], name)) {
      *v = t->named[i];
      return true;
    }
  return false;
}

/* Flat index of the cell whose value is v, from the named index values
 * (row-major over the constant dimensions, 1000 per unknown one). */
static long long cell_flat(TestOracle *t, Var *v) {
  ArrayCells *ac = v->cells;
  for (int j = 0; j < ac->cells.len; j++) {
    if (ac->cells.data[j].value != v)
      continue;
    long long flat = 0;
    for (int d = 0; d < ac->ndims; d++) {
      long long len = 1000, x = 0;
      if (d > 0 && ac->dims[d])
        expr_is_const(ac->dims[d], &len);
      lookup(t, ac->cells.data[j].index[d]->name, &x);
      flat = (d ? flat * len : 0) + x;
    }
    return flat;
  }
  return 0;
}

static long long t_nondet(Oracle *o, Var *dst, Type *type) {
  (void)type;
  TestOracle *t = (TestOracle *)o;
  long long v;
  if (lookup(t, dst->name, &v))
    return v;
  if (dst->role == ROLE_CELL_VALUE && dst->cells)
    return t->contents ? t->contents(dst->cells->array, cell_flat(t, dst)) : 0;
  return t->next < t->nvalues ? t->values[t->next++] : 0;
}

static long long t_array_init(Oracle *o, Var *array, long long flat, Type *elem) {
  (void)elem;
  TestOracle *t = (TestOracle *)o;
  return t->contents ? t->contents(array, flat) : 0;
}

void test_oracle_init(TestOracle *t) {
  t->base.nondet = t_nondet;
  t->base.array_init = t_array_init;
  t->base.on_read = NULL;
  t->base.state = t;
  t->next = 0;
}

RunInfo run_oracle(Program *p, TestOracle *t) {
  test_oracle_init(t);
  return run_program(p, &t->base, 100000);
}

bool final_of(const RunInfo *r, const char *name, long long *value) {
  for (int i = r->final_vars.len - 1; i >= 0; i--)
    if (!strcmp(r->final_vars.data[i]->name, name)) {
      *value = r->final_values.data[i];
      return true;
    }
  return false;
}

const char *run_result_name(RunResult r) {
  static const char *names[] = {"OK", "ERROR", "BLOCKED", "UNDEFINED", "LIMIT"};
  return r <= RUN_LIMIT ? names[r] : "?";
}

/* ---- The C compiler ------------------------------------------------------------- */

bool have_cc(void) { return system("gcc --version >/dev/null 2>&1") == 0; }

static char dir[64];

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb;
  (void)flag;
  (void)ftw;
  return remove(path);
}

static void remove_dir(void) {
  if (dir[0])
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

const char *test_dir(void) {
  if (!dir[0]) {
    snprintf(dir, sizeof dir, "/tmp/a2s-test-XXXXXX");
    if (!mkdtemp(dir))
      return "/tmp";
    atexit(remove_dir);
  }
  return dir;
}

bool write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f)
    return false;
  bool ok = fputs(text, f) >= 0;
  return fclose(f) == 0 && ok;
}

bool compile_with_runtime(const char *c_file, const char *exe) {
  char *cmd = xformat("gcc -std=c11 -w -o '%s' '%s' '%s/runtime/verifier.c' 2>&1", exe, c_file,
                      A2S_SOURCE_DIR);
  FILE *p = popen(cmd, "r");
  if (!p)
    return false;
  char buf[512];
  while (fgets(buf, sizeof buf, p))
    fputs(buf, stderr);
  return pclose(p) == 0;
}

int run_exe(const char *exe, const char *values, int assume_exit) {
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    setenv("A2S_VALUES", values, 1);
    setenv("A2S_ASSUME_EXIT", xformat("%d", assume_exit), 1);
    setenv("A2S_SEED", "1", 1);
    int devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0)
      dup2(devnull, 2);
    alarm(10); /* a runaway program must not hang the suite */
    execl(exe, exe, (char *)NULL);
    _exit(127);
  }
  int status;
  if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
    return -1;
  return WEXITSTATUS(status);
}

int teardown_all(void **state) {
  (void)state;
  for (int i = 0; i < npaths && i < NSLOTS; i++)
    unlink(paths[i]);
  npaths = 0;
  last_path = NULL;
  error_reset();
  arena_free_all();
  return 0;
}
