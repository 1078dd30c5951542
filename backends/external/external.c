/*
 * external.c -- helpers shared by the external back-ends (see external.h).
 *
 * The back-ends never leave files behind: every run works in a private
 * directory made by tmpdir_make and removed by tmpdir_remove on every path, and
 * the tool itself runs with that directory as its working directory.
 */
#include "external.h"

#include <errno.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- Finding a tool ------------------------------------------------------- */

/* An explicit location must exist: a directory or an executable/readable file. */
static bool usable(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && (S_ISDIR(st.st_mode) || access(path, R_OK) == 0);
}

/* A location given by the user into path: one too long for it is refused, as
 * a cut path would name another file. */
static bool copy_path(const char *given, char *path, size_t size, const char *what, char *why,
                      size_t whysize) {
  if (snprintf(path, size, "%s", given) < (int)size)
    return true;
  format_cut(why, whysize, "%s: the path %s is too long (at most %zu bytes)", what, given,
             size - 1);
  return false;
}

bool ext_locate(const BackendOptions *o, const char *env, const char *const *names,
                const char *what, char *path, size_t size, char *why, size_t whysize) {
  if (o && o->tool && *o->tool) {
    if (usable(o->tool))
      return copy_path(o->tool, path, size, what, why, whysize);
    format_cut(why, whysize, "%s not found at %s (given as the tool's path)", what, o->tool);
    return false;
  }
  const char *e = env ? getenv(env) : NULL;
  if (e && *e) {
    if (usable(e))
      return copy_path(e, path, size, what, why, whysize);
    format_cut(why, whysize, "%s not found at %s (environment variable %s)", what, e, env);
    return false;
  }
  for (int i = 0; names[i]; i++)
    if (find_in_path(names[i], path, size))
      return true;
  /* the command-line option is the variable's name in lower case */
  char *opt = xstrdup(env ? env : "tool");
  for (char *c = opt; *c; c++)
    *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
  format_cut(why, whysize, "%s not found: put %s in PATH, set %s, or give --%s=PATH", what,
             names[0], env ? env : "the tool's variable", opt);
  return false;
}

/* ---- Running ---------------------------------------------------------------------- */

const char *ext_run(const char *dir, const char *const *argv, double timeout, long memory_mb,
                    bool verbose, ProcResult *r) {
  int n = 0;
  while (argv[n])
    n++;
  const char **full = xalloc(sizeof(char *) * (size_t)(n + 8));
  int k = 0;
  char prlimit[4096];
  if (memory_mb > 0 && find_in_path("prlimit", prlimit, sizeof prlimit)) {
    full[k++] = "prlimit";
    full[k++] = xformat("--as=%lld", (long long)memory_mb * 1024 * 1024);
    full[k++] = "--";
  }
  if (dir) {
    full[k++] = "env";
    full[k++] = "-C";
    full[k++] = dir;
  }
  for (int i = 0; i < n; i++)
    full[k++] = argv[i];
  full[k] = NULL;
  if (verbose) {
    fprintf(stderr, "arr2scalar: running");
    for (int i = 0; i < n; i++)
      fprintf(stderr, " %s", argv[i]);
    if (dir)
      fprintf(stderr, "   (in %s)", dir);
    fprintf(stderr, "\n");
  }
  if (!proc_run(full, NULL, timeout, r)) {
    memset(r, 0, sizeof *r);
    return xformat("cannot run %s: %s", argv[0], strerror(errno));
  }
  if (verbose && (r->out_len || r->err_len))
    fprintf(stderr, "---- %s output ----\n%s%s---- end of %s output ----\n", argv[0], r->out,
            r->err, argv[0]);
  if (r->timed_out)
    return xformat("%s timed out after %.0f s", argv[0], timeout);
  if (r->signal)
    return xformat("%s was killed by signal %d (%s)", argv[0], r->signal, strsignal(r->signal));
  if (r->status == 127 && strstr(r->err, "cannot run"))
    return xformat("cannot run %s: %s", argv[0], r->err);
  return NULL;
}

char *ext_line_with(const char *s, const char *needle) {
  const char *p = s ? strstr(s, needle) : NULL;
  if (!p)
    return NULL;
  const char *b = p, *e = p;
  while (b > s && b[-1] != '\n')
    b--;
  while (*e && *e != '\n')
    e++;
  while (b < e && (*b == ' ' || *b == '\t'))
    b++;
  while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
    e--;
  return xstrndup(b, (size_t)(e - b));
}

Answer ext_unknown(const char *reason) {
  Answer a = {0};
  a.verdict = VERDICT_UNKNOWN;
  a.reason = reason;
  return a;
}

/* ---- Text -------------------------------------------------------------------------- */

void text_printf(Text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if (t->len + (size_t)n + 1 > t->cap) {
    size_t cap = (t->cap + (size_t)n + 1) * 2;
    char *s = xalloc(cap);
    if (t->s)
      memcpy(s, t->s, t->len);
    t->s = s;
    t->cap = cap;
  }
  va_start(ap, fmt);
  vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  if (!t->line)
    t->line = 1;
  for (int i = 0; i < n; i++) {
    if (t->s[t->len + (size_t)i] == '\n') {
      t->line++;
      t->col = 0;
    } else {
      t->col++;
    }
  }
  t->len += (size_t)n;
}

const char *text_str(const Text *t) { return t->s ? t->s : ""; }

/* ---- Names ---------------------------------------------------------------------------- */

bool names_has(const NameSet *ns, const char *name) {
  for (int i = 0; i < ns->names.len; i++)
    if (!strcmp(ns->names.data[i], name))
      return true;
  return false;
}

static bool reserved(const NameSet *ns, const char *name) {
  for (int i = 0; ns->reserved && ns->reserved[i]; i++)
    if (!strcmp(ns->reserved[i], name))
      return true;
  return false;
}

const char *names_take(NameSet *ns, const char *base) {
  const char *name = base;
  for (int i = 1; names_has(ns, name) || reserved(ns, name); i++)
    name = xformat("%s_%d", base, i);
  vec_push(&ns->names, name);
  return name;
}

/* ---- Program facts ------------------------------------------------------------------- */

bool ext_translated(const Func *f) { return f->body && !f->wrapper; }

/* The calls at the top level of a body (not inside branches or loops). */
static Stmt *single_top_call(Stmt *body) {
  Stmt *call = NULL;
  for (int i = 0; i < body->stmts.len; i++) {
    Stmt *s = body->stmts.data[i];
    if (s->kind == S_CALL) {
      if (call)
        return NULL;
      call = s;
    } else if (s->kind == S_LOOP || s->kind == S_SWITCH) {
      return NULL;
    }
  }
  return call;
}

Func *ext_harness_target(Program *p) {
  Func *e = p->entry;
  if (!e || !e->body || e->body->kind != S_BLOCK)
    return NULL;
  Stmt *call = single_top_call(e->body);
  if (!call || !call->func || !ext_translated(call->func))
    return NULL;
  /* make_harness gives the harness the location of the function it calls */
  Loc a = e->loc, b = call->func->loc;
  if (a.line != b.line || a.col != b.col || !a.file || !b.file || strcmp(a.file, b.file))
    return NULL;
  return call->func;
}

bool ext_stmt_assigns(const Stmt *s, const Var *v) {
  if (!s)
    return false;
  if ((s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_CALL || s->kind == S_DECL) &&
      s->var == v)
    return true;
  if (s->kind == S_CALL)
    for (int i = 0; i < s->args.len && i < s->func->params.len; i++) {
      Expr *a = s->args.data[i];
      if (s->func->params.data[i]->byref && a->kind == E_VAR && a->var == v)
        return true;
    }
  for (int i = 0; i < s->stmts.len; i++)
    if (ext_stmt_assigns(s->stmts.data[i], v))
      return true;
  for (int i = 0; i < s->cases.len; i++)
    if (ext_stmt_assigns(s->cases.data[i]->body, v))
      return true;
  return ext_stmt_assigns(s->then, v) || ext_stmt_assigns(s->els, v) ||
         ext_stmt_assigns(s->body, v) || ext_stmt_assigns(s->step, v);
}

typedef VEC(Func *) FuncVec;

static void calls_in(const Stmt *s, FuncVec *out) {
  if (!s)
    return;
  if (s->kind == S_CALL && s->func) {
    bool seen = false;
    for (int i = 0; i < out->len; i++)
      seen |= out->data[i] == s->func;
    if (!seen)
      vec_push(out, s->func);
  }
  for (int i = 0; i < s->stmts.len; i++)
    calls_in(s->stmts.data[i], out);
  for (int i = 0; i < s->cases.len; i++)
    calls_in(s->cases.data[i]->body, out);
  calls_in(s->then, out);
  calls_in(s->els, out);
  calls_in(s->body, out);
  calls_in(s->step, out);
}

/* Does f assign global g, itself or through a callee? (the call graph may be
 * cyclic: seen stops the search) */
static bool writes_global(Func *f, Var *g, FuncVec *seen) {
  for (int i = 0; i < seen->len; i++)
    if (seen->data[i] == f)
      return false;
  vec_push(seen, f);
  if (!f->body)
    return false;
  if (ext_stmt_assigns(f->body, g))
    return true;
  FuncVec callees = {0};
  calls_in(f->body, &callees);
  for (int i = 0; i < callees.len; i++)
    if (writes_global(callees.data[i], g, seen))
      return true;
  return false;
}

void ext_written_globals(Program *p, Func *f, VarVec *out) {
  VarVec used = {0};
  func_globals(p, f, &used);
  for (int i = 0; i < used.len; i++) {
    FuncVec seen = {0};
    if (is_scalar(used.data[i]->type) && writes_global(f, used.data[i], &seen))
      vec_push(out, used.data[i]);
  }
}

const char *ext_ret_name(Program *p, const Func *f) {
  const char *name = "ret";
  for (int i = 1; find_local((Func *)f, name) || find_global(p, name); i++)
    name = xformat("ret_%d", i);
  return name;
}

void ext_each_loop(Stmt *s, void (*fn)(Stmt *loop, void *arg), void *arg) {
  if (!s)
    return;
  if (s->kind == S_LOOP)
    fn(s, arg);
  for (int i = 0; i < s->stmts.len; i++)
    ext_each_loop(s->stmts.data[i], fn, arg);
  ext_each_loop(s->then, fn, arg);
  ext_each_loop(s->els, fn, arg);
  ext_each_loop(s->body, fn, arg);
  ext_each_loop(s->step, fn, arg);
  for (int i = 0; i < s->cases.len; i++)
    ext_each_loop(s->cases.data[i]->body, fn, arg);
}

/* ---- Formulas ------------------------------------------------------------------------- */

typedef VEC(unsigned) IdVec;

static bool seen_id(IdVec *seen, unsigned id) {
  for (int i = 0; i < seen->len; i++)
    if (seen->data[i] == id)
      return true;
  vec_push(seen, id);
  return false;
}

static void collect(Z3_context z, Z3_ast a, IdVec *seen, StrVec *out) {
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST || seen_id(seen, Z3_get_ast_id(z, a)))
    return;
  Z3_app app = Z3_to_app(z, a);
  unsigned n = Z3_get_app_num_args(z, app);
  Z3_func_decl d = Z3_get_app_decl(z, app);
  if (n == 0 && Z3_get_decl_kind(z, d) == Z3_OP_UNINTERPRETED) {
    const char *name = Z3_get_symbol_string(z, Z3_get_decl_name(z, d));
    for (int i = 0; i < out->len; i++)
      if (!strcmp(out->data[i], name))
        return;
    vec_push(out, xstrdup(name));
    return;
  }
  for (unsigned i = 0; i < n; i++)
    collect(z, Z3_get_app_arg(z, app, i), seen, out);
}

void ext_constants(Z3_ast f, StrVec *out) {
  IdVec seen = {0};
  collect(smt_ctx(), f, &seen, out);
}

Z3_ast ext_project(Z3_ast f, bool (*keep)(const char *name, void *arg), void *arg) {
  StrVec names = {0};
  ext_constants(f, &names);
  VEC(Z3_ast) drop = {0};
  for (int i = 0; i < names.len; i++)
    if (!keep(names.data[i], arg))
      vec_push(&drop, smt_int_const(names.data[i]));
  if (!drop.len)
    return f;
  Z3_ast r = smt_exists_qe(drop.data, drop.len, f);
  return r ? r : smt_true();
}

Z3_ast ext_rename(Z3_ast f, const char *(*rename)(const char *name, void *arg), void *arg) {
  StrVec names = {0};
  ext_constants(f, &names);
  VEC(Z3_ast) from = {0};
  VEC(Z3_ast) to = {0};
  for (int i = 0; i < names.len; i++) {
    const char *n = rename(names.data[i], arg);
    if (n && strcmp(n, names.data[i])) {
      vec_push(&from, smt_int_const(names.data[i]));
      vec_push(&to, smt_int_const(n));
    }
  }
  if (!from.len)
    return f;
  return Z3_substitute(smt_ctx(), f, (unsigned)from.len, from.data, to.data);
}

const char *ext_in_name(const char *var_name) { return xformat("%s__in", var_name); }
