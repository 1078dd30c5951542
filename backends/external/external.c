/*
 * external.c -- helpers shared by the external back-ends (see external.h).
 *
 * The back-ends never leave files behind: every run works in a private
 * directory made by tmpdir_make and removed by tmpdir_remove on every path, and
 * the tool itself runs with that directory as its working directory.
 */
#include "external.h"

#include <stdint.h>
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
  if (verbose) {
    fprintf(stderr, "arr2scalar: running");
    for (int i = 0; argv[i]; i++)
      fprintf(stderr, " %s", argv[i]);
    if (dir)
      fprintf(stderr, "   (in %s)", dir);
    fprintf(stderr, "\n");
  }
  ProcSpec ps = {.argv = argv, .dir = dir, .timeout = timeout, .memory_mb = memory_mb};
  proc_run(&ps, r);
  if (verbose && (r->out_len || r->err_len))
    fprintf(stderr, "---- %s output ----\n%s%s---- end of %s output ----\n", argv[0], r->out,
            r->err, argv[0]);
  return proc_failure(r, argv[0]);
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

/* ---- Names ---------------------------------------------------------------------------- */

/* The index of ns's names, brought up to date with names pushed since. */
static StrMap *names_index(NameSet *ns) {
  if (!ns->taken)
    ns->taken = strmap_new();
  for (; ns->ntaken < ns->names.len; ns->ntaken++)
    strmap_at(ns->taken, ns->names.data[ns->ntaken], true);
  return ns->taken;
}

bool names_has(NameSet *ns, const char *name) {
  return strmap_at(names_index(ns), name, false) != NULL;
}

static bool reserved(const NameSet *ns, const char *name) {
  for (int i = 0; ns->reserved && ns->reserved[i]; i++)
    if (!strcmp(ns->reserved[i], name))
      return true;
  return false;
}

/* Names are never given back, so once base_1 .. base_(k-1) were all taken
 * they stay taken: the search for base's next free suffix resumes at k
 * (kept under base) rather than at 1. */
const char *names_take(NameSet *ns, const char *base) {
  long *next = strmap_at(names_index(ns), base, false);
  long i = next && *next > 1 ? *next : 1;
  const char *name = base;
  while (names_has(ns, name) || reserved(ns, name))
    name = xformat("%s_%ld", base, i++);
  if (next)
    *next = i;
  vec_push(&ns->names, name);
  return name;
}

/* ---- Names of variables ---------------------------------------------------------------- */

static int varnames_home(const VarNames *m, const Var *v) {
  size_t h = (size_t)(uintptr_t)v / sizeof(void *);
  return (int)((h * 2654435761u) & (size_t)(m->cap - 1));
}

/* The slot holding v, or the free slot where it would go. */
static int *varnames_find(const VarNames *m, const Var *v) {
  int i = varnames_home(m, v);
  while (m->slot[i] && m->vars.data[m->slot[i] - 1] != v)
    i = (i + 1) & (m->cap - 1);
  return &m->slot[i];
}

static void varnames_grow(VarNames *m) {
  m->cap = m->cap ? 2 * m->cap : 16;
  m->slot = xalloc(sizeof(int) * (size_t)m->cap); /* the old table stays in the arena */
  for (int i = 0; i < m->vars.len; i++) {
    int *s = varnames_find(m, m->vars.data[i]);
    if (!*s)
      *s = i + 1;
  }
}

void varnames_set(VarNames *m, Var *v, const char *name) {
  vec_push(&m->vars, v);
  vec_push(&m->names, name);
  if (2 * m->vars.len > m->cap) {
    varnames_grow(m);
    return;
  }
  int *s = varnames_find(m, v);
  if (!*s)
    *s = m->vars.len;
}

const char *varnames_get(const VarNames *m, const Var *v) {
  if (!m->cap)
    return NULL;
  int s = *varnames_find(m, v);
  return s ? m->names.data[s - 1] : NULL;
}

void varnames_clear(VarNames *m) {
  m->vars.len = m->names.len = 0;
  m->slot = NULL;
  m->cap = 0;
}

/* ---- Procedures of the tools' programs ------------------------------------------------- */

ExtProc *ext_proc(Program *p, Func *f) {
  ExtProc *c = xalloc(sizeof *c);
  c->func = f;
  VarVec used = {0};
  func_globals(p, f, &used);
  for (int j = 0; j < used.len; j++)
    if (is_scalar(used.data[j]->type))
      vec_push(&c->globals, used.data[j]);
  func_written_globals(p, f, &c->written);
  c->has_ret = f->ret->kind != TY_VOID;
  return c;
}

void ext_procs(Program *p, const Func *except, ExtProcs *out) {
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (ext_translated(f) && f != except)
      vec_push(out, ext_proc(p, f));
  }
}

ExtProc *ext_proc_find(const ExtProcs *procs, const Func *f) {
  for (int i = 0; i < procs->len; i++)
    if (procs->data[i]->func == f)
      return procs->data[i];
  return NULL;
}

void ext_call_outputs(const ExtProc *c, const Stmt *s, const char *(*name)(Var *v, void *arg),
                      void *arg, StrVec *out) {
  VarVec to = {0};
  for (int i = 0; i < s->args.len && i < s->func->params.len; i++)
    if (s->func->params.data[i]->byref && s->args.data[i]->kind == E_VAR)
      vec_push(&to, s->args.data[i]->var);
  if (c->has_ret)
    vec_push(&to, s->var);
  for (int i = 0; i < c->written.len; i++)
    vec_push(&to, c->written.data[i]);
  for (int i = 0; i < to.len; i++)
    for (int j = 0; j < i && to.data[i]; j++)
      if (to.data[j] == to.data[i])
        to.data[i] = NULL;
  for (int i = 0; i < to.len; i++)
    vec_push(out, name(to.data[i], arg));
}

/* ---- Program facts ------------------------------------------------------------------- */

bool ext_translated(const Func *f) { return f->body && !f->wrapper; }

/* ---- Formulas ------------------------------------------------------------------------- */

/* The Int constants of f and their names. */
static void int_constants(Z3_ast f, SmtAsts *consts, StrVec *names) {
  Z3_context z = smt_ctx();
  SmtAsts all = {0};
  smt_constants(f, &all);
  for (int i = 0; i < all.len; i++) {
    if (Z3_get_sort_kind(z, Z3_get_sort(z, all.data[i])) != Z3_INT_SORT)
      continue;
    Z3_func_decl d = Z3_get_app_decl(z, Z3_to_app(z, all.data[i]));
    vec_push(consts, all.data[i]);
    vec_push(names, xstrdup(Z3_get_symbol_string(z, Z3_get_decl_name(z, d))));
  }
}

Z3_ast ext_project(Z3_ast f, bool (*keep)(const char *name, void *arg), void *arg) {
  SmtAsts consts = {0};
  StrVec names = {0};
  int_constants(f, &consts, &names);
  SmtAsts drop = {0};
  for (int i = 0; i < names.len; i++)
    if (!keep(names.data[i], arg))
      vec_push(&drop, consts.data[i]);
  if (!drop.len)
    return f;
  Z3_ast r = smt_exists_qe(drop.data, drop.len, f);
  return r ? r : smt_true();
}

Z3_ast ext_rename(Z3_ast f, const char *(*rename)(const char *name, void *arg), void *arg) {
  SmtAsts consts = {0};
  StrVec names = {0};
  int_constants(f, &consts, &names);
  SmtAsts from = {0}, to = {0};
  for (int i = 0; i < names.len; i++) {
    const char *n = rename(names.data[i], arg);
    if (n && strcmp(n, names.data[i])) {
      vec_push(&from, consts.data[i]);
      vec_push(&to, smt_int_const(n));
    }
  }
  if (!from.len)
    return f;
  return Z3_substitute(smt_ctx(), f, (unsigned)from.len, from.data, to.data);
}

