/*
 * webs.c -- a local reused for unrelated purposes becomes one variable per
 * purpose (see transform.h).
 *
 * C programmers declare `int i;` once and count every loop of a function
 * with it; a harness keeps `c` for the result and reuses it. To the passes
 * that move loops (fuse_scans.c) such a variable ties loops together that
 * have nothing to do with each other: the check loop between a count and
 * its recount assigns `i`, which the recount counts with, so the two
 * cannot run side by side.
 *
 * The compilers' answer is the web: the definitions of v and the uses
 * they reach, joined whenever one use is reached by several definitions.
 * Reaching definitions are computed on the function's CFG (cfg.h), one
 * variable at a time, with a definition standing for v's value at entry;
 * a union-find joins the definitions that reach each use (and the uses of
 * one statement, which read v at one point). Each web with a use then gets
 * a variable of its own -- the one holding the entry's value keeps v, or
 * else the first -- and its statements are rewritten to it.
 *
 * Why the program means the same: on every path to a use, the last
 * definition of v belongs to the use's web (that is what reaching means,
 * and every definition reaching the use was joined to it). Renaming keeps
 * that definition on the path, under the web's name, and only removes
 * definitions of that name (those of other webs, now of other names), so
 * the last definition of the name before the use is the same statement
 * writing the same value: every use reads what it read. A web with no use
 * keeps v: its definitions reach no use, so they cannot become the last
 * definition of any use's name either. Nothing reads a local from outside
 * its function (the core IR has no address-of: pointers are offsets into
 * arrays), so the statements are all there is to rewrite -- but for the
 * lengths of arrays, which the array's declaration reads and the CFG does
 * not show: a variable in a length is left alone, as is one in --focus.
 */
#include "transform.h"

#include "dataflow.h"

#include <string.h>

/* Past this many bits of reaching definitions (nodes times definitions)
 * the variable is left alone: a generated function of thousands of
 * definitions of one variable gains nothing from the engines' point of
 * view and would cost quadratic time. */
#define MAX_BITS (1 << 24)

typedef unsigned long long Word;
#define WORD_BITS 64

static bool bit(const Word *s, int i) { return s[i / WORD_BITS] >> (i % WORD_BITS) & 1; }
static void set_bit(Word *s, int i) { s[i / WORD_BITS] |= 1ULL << (i % WORD_BITS); }

static int find(int *parent, int x) {
  while (parent[x] != x)
    x = parent[x] = parent[parent[x]];
  return x;
}

static void unite(int *parent, int x, int y) {
  x = find(parent, x);
  y = find(parent, y);
  if (x != y)
    parent[x > y ? x : y] = x < y ? x : y; /* the smaller stands for both */
}

/* Does edge e define v? */
static bool defines(const Edge *e, const Var *v) {
  return e->var == v &&
         (e->kind == ED_ASSIGN || e->kind == ED_HAVOC || e->kind == ED_READ || e->kind == ED_CALL);
}

/* Does edge e read v? The range a declaration or a nondeterministic
 * value gives v (cfg.c's type constraint) is not a read: it belongs to the
 * definition, whatever v is called. */
static bool reads(const Edge *e, const Var *v) {
  if (e->kind == ED_ASSUME && e->stmt &&
      (e->stmt->kind == S_DECL || (e->stmt->kind == S_ASSIGN && e->stmt->var == v)))
    return false;
  if (expr_mentions(e->expr, v))
    return true;
  for (int i = 0; i < e->idx.len; i++)
    if (expr_mentions(e->idx.data[i], v))
      return true;
  for (int i = 0; e->kind == ED_CALL && i < e->call->args.len; i++)
    if (expr_mentions(e->call->args.data[i], v))
      return true;
  return false;
}

/* Is v read where the CFG does not show it: in the length of an array
 * type (evaluated by the array's declaration) or in the --focus
 * expression? */
static bool read_unseen(Program *p, Func *f, const Var *v) {
  if (p->focus && expr_mentions(p->focus, v))
    return true;
  const VarVec *scopes[3] = {&p->globals, &f->params, &f->locals};
  for (int s = 0; s < 3; s++)
    for (int i = 0; i < scopes[s]->len; i++)
      for (Type *t = scopes[s]->data[i]->type; t && t->kind == TY_ARRAY; t = t->elem)
        if (expr_mentions(t->len, v))
          return true;
  return false;
}

/* Reaching definitions of v over g: in[n] (nwords words per node) gets
 * the definitions reaching node n, definition 0 being v's value at entry
 * and definition k > 0 the edge def_edge[k]. */
static void reaching(Cfg *g, const Var *v, const int *def_of_edge, int nwords, Word *in) {
  set_bit(&in[(size_t)g->entry * nwords], 0);
  Word *out = xalloc(sizeof(Word) * (size_t)nwords);
  for (bool changed = true; changed;) {
    changed = false;
    for (int n = 0; n < g->nodes.len; n++) {
      const int *edges;
      int k = cfg_in(g, n, &edges);
      Word *into = &in[(size_t)n * nwords];
      for (int j = 0; j < k; j++) {
        const Edge *e = &g->edges.data[edges[j]];
        if (defines(e, v)) {
          memset(out, 0, sizeof(Word) * (size_t)nwords);
          set_bit(out, def_of_edge[edges[j]]);
        } else
          memcpy(out, &in[(size_t)e->from * nwords], sizeof(Word) * (size_t)nwords);
        for (int w = 0; w < nwords; w++)
          if (out[w] & ~into[w]) {
            into[w] |= out[w];
            changed = true;
          }
      }
    }
  }
}

/* The first definition in the set, or -1. */
static int first_bit(const Word *s, int nwords) {
  for (int w = 0; w < nwords; w++)
    if (s[w])
      return w * WORD_BITS + __builtin_ctzll(s[w]);
  return -1;
}

/* s's own expressions (not those of the statements nested in it) read
 * `by` where they read v. */
static void rename_reads(Stmt *s, Var *v, Var *by) {
  Expr *ref = new_var_ref(by, s->loc);
  s->expr = expr_subst(s->expr, v, ref);
  for (int i = 0; i < s->idx.len; i++)
    s->idx.data[i] = expr_subst(s->idx.data[i], v, ref);
  for (int i = 0; i < s->args.len; i++)
    s->args.data[i] = expr_subst(s->args.data[i], v, ref);
}

/* Splits v's webs in g's function; true if it did. */
static bool split_var(Program *p, Cfg *g, Var *v) {
  int nedges = g->edges.len, ndefs = 1;
  int *def_of_edge = xalloc(sizeof(int) * (size_t)(nedges + 1));
  for (int i = 0; i < nedges; i++)
    def_of_edge[i] = defines(&g->edges.data[i], v) ? ndefs++ : 0;
  if (ndefs < 3) /* the entry's value and one definition: one web with uses */
    return false;
  int nwords = (ndefs + WORD_BITS - 1) / WORD_BITS;
  if ((size_t)g->nodes.len * (size_t)nwords * WORD_BITS > MAX_BITS)
    return false;
  Word *in = xalloc(sizeof(Word) * (size_t)nwords * (size_t)g->nodes.len);
  reaching(g, v, def_of_edge, nwords, in);

  /* join the definitions reaching each use, and the uses of a statement */
  int *parent = xalloc(sizeof(int) * (size_t)ndefs);
  for (int d = 0; d < ndefs; d++)
    parent[d] = d;
  bool *used = xalloc(sizeof(bool) * (size_t)ndefs);
  VEC(Stmt *) stmts = {0};
  VEC(int) anchors = {0}; /* a definition reaching the statement's uses */
  for (int i = 0; i < nedges; i++) {
    const Edge *e = &g->edges.data[i];
    if (!e->stmt || !reads(e, v))
      continue;
    const Word *r = &in[(size_t)e->from * nwords];
    int first = first_bit(r, nwords);
    if (first < 0) /* the use is unreachable */
      continue;
    int k = 0;
    while (k < stmts.len && stmts.data[k] != e->stmt)
      k++;
    if (k == stmts.len) {
      vec_push(&stmts, e->stmt);
      vec_push(&anchors, first);
    }
    for (int d = 0; d < ndefs; d++)
      if (bit(r, d))
        unite(parent, anchors.data[k], d);
  }
  for (int k = 0; k < anchors.len; k++)
    used[find(parent, anchors.data[k])] = true;

  /* the webs with uses: the entry's keeps v, or else the first */
  int webs = 0, keeper = -1;
  for (int d = 0; d < ndefs; d++)
    if (find(parent, d) == d && used[d]) {
      webs++;
      if (keeper < 0)
        keeper = d; /* the entry's (0) when it has uses: it comes first */
    }
  if (webs < 2)
    return false;
  Var **name = xalloc(sizeof(Var *) * (size_t)ndefs);
  for (int d = 0; d < ndefs; d++)
    if (find(parent, d) == d)
      name[d] = used[d] && d != keeper
                    ? new_temp(p, g->func, v->name, v->type, v->role, v->loc)
                    : v;
  for (int k = 0; k < stmts.len; k++)
    rename_reads(stmts.data[k], v, name[find(parent, anchors.data[k])]);
  for (int i = 0; i < nedges; i++)
    if (def_of_edge[i] && g->edges.data[i].stmt && g->edges.data[i].stmt->var == v)
      g->edges.data[i].stmt->var = name[find(parent, def_of_edge[i])];
  return true;
}

int split_webs(Program *p, Func *f) {
  if (!f || !f->body)
    return 0;
  Cfg *g = build_cfg(p, f);
  int n = 0, nlocals = f->locals.len; /* not the variables made here */
  for (int i = 0; i < nlocals; i++) {
    Var *v = f->locals.data[i];
    if (is_scalar(v->type) && !v->byref && (v->role == ROLE_USER || v->role == ROLE_TEMP) &&
        !read_unseen(p, f, v))
      n += split_var(p, g, v);
  }
  return n;
}
