/*
 * cfg.c -- control-flow graph of a function of core IR.
 *
 * Structured statements become nodes and edges; break and continue jump to
 * the nodes their target loop or switch provides; an assertion splits into
 * an edge to the error node (condition false) and one onward (true); abort()
 * ends the path (no successor).
 */
#include "cfg.h"

#include <string.h>

typedef struct Build {
  Program *p;
  Cfg *g;
  VEC(Stmt *) targets;   /* loops and switches being built */
  VEC(int) brk, cont;    /* their break and continue nodes */
} Build;

static int node(Build *b, Loc loc) {
  Node n = {.id = b->g->nodes.len, .loc = loc};
  vec_push(&b->g->nodes, n);
  return n.id;
}

static Edge *edge(Build *b, EdgeKind k, int from, int to, Stmt *s) {
  Edge e = {.kind = k, .from = from, .to = to, .stmt = s};
  vec_push(&b->g->edges, e);
  return &b->g->edges.data[b->g->edges.len - 1];
}

static void assume_edge(Build *b, int from, int to, Expr *c, Stmt *s) {
  edge(b, ED_ASSUME, from, to, s)->expr = c;
}

/* !c, without double negations */
static Expr *negation(Expr *c) {
  if (c->kind == E_NOT)
    return c->lhs;
  return new_unary(E_NOT, c, c->loc);
}

Expr *type_constraint(Type *t, Expr *v) {
  if (!is_scalar(t))
    return NULL;
  long long lo;
  unsigned long long hi;
  type_range(t, &lo, &hi);
  Loc loc = v->loc;
  if (t->kind == TY_BOOL || t->size < 4 || (t->is_unsigned && t->size == 4))
    return new_and(new_binary(E_LE, new_num(lo, loc), v, loc),
                   new_binary(E_LE, v, new_num((long long)hi, loc), loc));
  if (t->is_unsigned) /* 64 bits: the bound is no long long */
    return new_binary(E_LE, new_num(0, loc), v, loc);
  return NULL; /* signed: mathematical integers */
}

/* var := nondet, within the range of its type */
static int havoc(Build *b, int at, Var *v, Type *t, Stmt *s) {
  int n = node(b, s ? s->loc : v->loc);
  edge(b, ED_HAVOC, at, n, s)->var = v;
  Expr *c = type_constraint(t, new_var_ref(v, v->loc));
  if (!c)
    return n;
  int m = node(b, n >= 0 ? b->g->nodes.data[n].loc : v->loc);
  assume_edge(b, n, m, c, s);
  return m;
}

static int target_index(Build *b, Stmt *t) {
  for (int i = b->targets.len - 1; i >= 0; i--)
    if (b->targets.data[i] == t)
      return i;
  return -1;
}

/* Edges for s starting at node `at`; returns the node where control is
 * afterwards (-1 if it never gets there). */
static int stmt(Build *b, Stmt *s, int at);

static int block(Build *b, Stmt *s, int at) {
  if (!s)
    return at;
  if (s->kind != S_BLOCK)
    return stmt(b, s, at);
  for (int i = 0; i < s->stmts.len && at >= 0; i++)
    at = stmt(b, s->stmts.data[i], at);
  return at;
}

static int join(Build *b, int x, int y, Loc loc) {
  if (x < 0)
    return y;
  if (y < 0)
    return x;
  int n = node(b, loc);
  assume_edge(b, x, n, new_num(1, loc), NULL);
  assume_edge(b, y, n, new_num(1, loc), NULL);
  return n;
}

static int stmt(Build *b, Stmt *s, int at) {
  Cfg *g = b->g;
  Loc loc = s->loc;
  int n;
  switch (s->kind) {
  case S_BLOCK:
    return block(b, s, at);
  case S_DECL:
    if (s->var->type->kind == TY_ARRAY && s->expr) {
      /* an array of an uncut program comes into being: its initializer
       * (an E_INIT: zero but for its elements) */
      n = node(b, loc);
      Edge *e = edge(b, ED_ASSIGN, at, n, s);
      e->var = s->var;
      e->expr = s->expr;
      return n;
    }
    /* a fresh local (or array: declared again in a loop, a heap block
     * allocated again) holds anything */
    return havoc(b, at, s->var, s->var->type, s);
  case S_ASSIGN:
    if (s->expr->kind == E_NONDET)
      return havoc(b, at, s->var, s->expr->type, s);
    n = node(b, loc);
    edge(b, ED_ASSIGN, at, n, s)->var = s->var;
    g->edges.data[g->edges.len - 1].expr = s->expr;
    return n;
  case S_READ: {
    n = node(b, loc);
    Edge *e = edge(b, ED_READ, at, n, s);
    e->var = s->var;
    e->array = s->array;
    e->idx = s->idx;
    return n;
  }
  case S_WRITE: {
    n = node(b, loc);
    Edge *e = edge(b, ED_WRITE, at, n, s);
    e->array = s->array;
    e->idx = s->idx;
    e->expr = s->expr;
    return n;
  }
  case S_CALL:
    n = node(b, loc);
    g->nodes.data[n].after_call = true;
    edge(b, ED_CALL, at, n, s)->call = s;
    g->edges.data[g->edges.len - 1].var = s->var;
    return n;
  case S_ASSUME:
    n = node(b, loc);
    assume_edge(b, at, n, s->expr, s);
    return n;
  case S_ASSERT:
    assume_edge(b, at, g->error, negation(s->expr), s);
    n = node(b, loc);
    assume_edge(b, at, n, s->expr, s);
    return n;
  case S_ERROR:
    assume_edge(b, at, g->error, new_num(1, loc), s);
    return -1;
  case S_HALT:
    return -1;
  case S_IF: {
    int t = node(b, loc), e = node(b, loc);
    assume_edge(b, at, t, s->expr, s);
    assume_edge(b, at, e, negation(s->expr), s);
    t = block(b, s->then, t);
    e = block(b, s->els, e);
    return join(b, t, e, loc);
  }
  case S_LOOP: {
    int head = node(b, loc);
    g->nodes.data[head].loop_head = true;
    g->nodes.data[head].loop = s;
    assume_edge(b, at, head, new_num(1, loc), s);
    int brk = node(b, loc), cont = node(b, loc);
    vec_push(&b->targets, s);
    vec_push(&b->brk, brk);
    vec_push(&b->cont, cont);
    int end = block(b, s->body, head);
    if (end >= 0)
      assume_edge(b, end, cont, new_num(1, loc), NULL);
    b->cont.data[b->cont.len - 1] = -1; /* continue is not allowed in the step */
    end = block(b, s->step, cont);
    if (end >= 0)
      assume_edge(b, end, head, new_num(1, loc), NULL);
    b->targets.len--;
    b->brk.len--;
    b->cont.len--;
    return brk;
  }
  case S_SWITCH: {
    /* each case starts at a node entered when a value matches, or (default)
     * when none does, or by falling through from the case before */
    int brk = node(b, loc);
    int cont = b->cont.len ? b->cont.data[b->cont.len - 1] : -1;
    vec_push(&b->targets, s);
    vec_push(&b->brk, brk);
    vec_push(&b->cont, cont);
    Expr *none = NULL;
    int *start = xalloc(sizeof(int) * (size_t)(s->cases.len + 1));
    int dflt = -1;
    for (int i = 0; i < s->cases.len; i++) {
      SwitchCase *c = s->cases.data[i];
      start[i] = node(b, c->body->loc);
      Expr *match = NULL;
      for (int j = 0; j < c->values.len; j++) {
        Expr *eq = new_binary(E_EQ, s->expr, new_num(c->values.data[j], loc), loc);
        match = new_or(match, eq);
        none = new_and(none, new_binary(E_NE, s->expr, new_num(c->values.data[j], loc), loc));
      }
      if (match)
        assume_edge(b, at, start[i], match, s);
      if (c->is_default)
        dflt = start[i];
    }
    assume_edge(b, at, dflt >= 0 ? dflt : brk, none ? none : new_num(1, loc), s);
    for (int i = 0; i < s->cases.len; i++) {
      int end = block(b, s->cases.data[i]->body, start[i]);
      if (end >= 0)
        assume_edge(b, end, i + 1 < s->cases.len ? start[i + 1] : brk, new_num(1, loc), NULL);
    }
    b->targets.len--;
    b->brk.len--;
    b->cont.len--;
    return brk;
  }
  case S_BREAK:
  case S_CONTINUE: {
    int i = target_index(b, s->target);
    int to = i < 0 ? -1 : s->kind == S_BREAK ? b->brk.data[i] : b->cont.data[i];
    if (to < 0) {
      internal_error_at(loc, "%s without its loop", s->kind == S_BREAK ? "break" : "continue");
      return -1;
    }
    assume_edge(b, at, to, new_num(1, loc), s);
    return -1;
  }
  case S_RETURN:
    if (s->expr && g->ret) {
      n = node(b, loc);
      edge(b, ED_ASSIGN, at, n, s)->var = g->ret;
      g->edges.data[g->edges.len - 1].expr = s->expr;
      at = n;
    }
    assume_edge(b, at, g->exit, new_num(1, loc), s);
    return -1;
  case S_EXPR:
    internal_error_at(loc, "expression statement in core IR");
    return -1;
  }
  return at;
}

static void collect_vars(Cfg *g, Func *f) {
  for (int i = 0; i < f->params.len; i++) {
    Var *v = f->params.data[i];
    vec_push(v->type->kind == TY_ARRAY ? &g->arrays : &g->vars, v);
  }
  for (int i = 0; i < f->locals.len; i++) {
    Var *v = f->locals.data[i];
    vec_push(v->type->kind == TY_ARRAY ? &g->arrays : &g->vars, v);
  }
  if (g->ret)
    vec_push(&g->vars, g->ret);
}

const char *cfg_ret_name(Program *p, const Func *f) {
  const char *name = "ret";
  for (int i = 1; find_local((Func *)f, name) || find_global(p, name); i++)
    name = xformat("ret_%d", i);
  return name;
}

Cfg *build_cfg(Program *p, Func *f) {
  Cfg *g = xalloc(sizeof *g);
  g->func = f;
  Build b = {p, g, {0}, {0}, {0}};
  if (f->ret->kind != TY_VOID) {
    Var *r = xalloc(sizeof *r);
    r->name = cfg_ret_name(p, f);
    r->type = f->ret;
    r->kind = VAR_LOCAL;
    r->owner = f;
    r->id = p->nvars++;
    g->ret = r;
  }
  g->entry = node(&b, f->loc);
  g->exit = node(&b, f->loc);
  g->error = node(&b, f->loc);
  int end = block(&b, f->body, g->entry);
  if (end >= 0) {
    /* falling off the end: main returns 0, others an unknown value */
    if (g->ret) {
      int n = node(&b, f->loc);
      Edge *e = edge(&b, strcmp(f->name, "main") ? ED_HAVOC : ED_ASSIGN, end, n, NULL);
      e->var = g->ret;
      if (e->kind == ED_ASSIGN)
        e->expr = new_num(0, f->loc);
      end = n;
    }
    assume_edge(&b, end, g->exit, new_num(1, f->loc), NULL);
  }
  collect_vars(g, f);
  return g;
}

/* The edges by endpoint (their source, or with to their target):
 * list[start[n] .. start[n + 1]) are node n's, in the order of g->edges. */
static void index_edges(Cfg *g, bool to, int **start_out, int **list_out) {
  int nn = g->nodes.len;
  int *start = xalloc(sizeof(int) * (size_t)(nn + 1));
  int *list = xalloc(sizeof(int) * (size_t)(g->edges.len + 1));
  int *fill = xalloc(sizeof(int) * (size_t)(nn + 1));
  for (int i = 0; i < g->edges.len; i++)
    start[(to ? g->edges.data[i].to : g->edges.data[i].from) + 1]++;
  for (int i = 0; i < nn; i++)
    start[i + 1] += start[i];
  for (int i = 0; i < g->edges.len; i++) {
    int n = to ? g->edges.data[i].to : g->edges.data[i].from;
    list[start[n] + fill[n]++] = i;
  }
  *start_out = start;
  *list_out = list;
}

int cfg_out(Cfg *g, int n, const int **edges) {
  if (!g->out_start)
    index_edges(g, false, &g->out_start, &g->out_list);
  *edges = g->out_list + g->out_start[n];
  return g->out_start[n + 1] - g->out_start[n];
}

int cfg_in(Cfg *g, int n, const int **edges) {
  if (!g->in_start)
    index_edges(g, true, &g->in_start, &g->in_list);
  *edges = g->in_list + g->in_start[n];
  return g->in_start[n + 1] - g->in_start[n];
}
