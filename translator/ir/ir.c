/*
 * ir.c -- constructors and small queries on the IR shared by every stage.
 */
#include "ir.h"
#include "strmap.h"

#include <string.h>

/* ---- Types ---------------------------------------------------------------- */

static Type void_t = {.kind = TY_VOID, .cname = "void"};
static Type bool_t = {.kind = TY_BOOL, .size = 1, .is_unsigned = true, .cname = "_Bool"};
static Type char_t = {.kind = TY_INT, .size = 1, .cname = "char"};
static Type int_types[2][4] = {
    {{.kind = TY_INT, .size = 1, .cname = "signed char"},
     {.kind = TY_INT, .size = 2, .cname = "short"},
     {.kind = TY_INT, .size = 4, .cname = "int"},
     {.kind = TY_INT, .size = 8, .cname = "long long"}},
    {{.kind = TY_INT, .size = 1, .is_unsigned = true, .cname = "unsigned char"},
     {.kind = TY_INT, .size = 2, .is_unsigned = true, .cname = "unsigned short"},
     {.kind = TY_INT, .size = 4, .is_unsigned = true, .cname = "unsigned int"},
     {.kind = TY_INT, .size = 8, .is_unsigned = true, .cname = "unsigned long long"}},
};

Type *ty_void = &void_t, *ty_bool = &bool_t, *ty_char = &char_t;
Type *ty_int = &int_types[0][2], *ty_uint = &int_types[1][2], *ty_long = &int_types[0][3];

Type *int_type(int size, bool is_unsigned) {
  int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
  return &int_types[is_unsigned][i];
}

Type *array_of(Type *elem, Expr *len) {
  Type *t = xalloc(sizeof *t);
  t->kind = TY_ARRAY;
  t->elem = elem;
  t->len = len;
  return t;
}

bool is_scalar(const Type *t) { return t->kind == TY_INT || t->kind == TY_BOOL; }

int array_dims(const Type *t, Expr **lens, int max, Type **elem) {
  int n = 0;
  while (t->kind == TY_ARRAY) {
    if (n < max && lens)
      lens[n] = t->len;
    n++;
    t = t->elem;
  }
  if (elem)
    *elem = (Type *)t;
  return n;
}

void type_range(const Type *t, long long *lo, unsigned long long *hi) {
  if (t->kind == TY_BOOL) {
    *lo = 0;
    *hi = 1;
    return;
  }
  int bits = t->size * 8;
  if (t->is_unsigned) {
    *lo = 0;
    *hi = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
  } else {
    *lo = bits == 64 ? INT64_MIN : -(1LL << (bits - 1));
    *hi = bits == 64 ? (unsigned long long)INT64_MAX : (1ULL << (bits - 1)) - 1;
  }
}

bool expr_wraps(const Expr *e) {
  const Type *t = e->type;
  if (!t || t->kind != TY_INT)
    return false;
  switch (e->kind) {
  case E_ADD: case E_SUB: case E_MUL: case E_NEG: case E_BITNOT: case E_SHL:
    return t->is_unsigned; /* narrower types are promoted to int first */
  case E_CAST: {
    const Type *s = e->lhs->type;
    if (!s || !is_scalar(s) || e->exact)
      return false;
    long long lo, slo;
    unsigned long long hi, shi;
    type_range(t, &lo, &hi);
    if (e->lhs->kind == E_NUM)
      return e->lhs->num < lo || (e->lhs->num > 0 && (unsigned long long)e->lhs->num > hi);
    type_range(s, &slo, &shi);
    return slo < lo || shi > hi;
  }
  default:
    return false;
  }
}

/* ---- Expressions ---------------------------------------------------------- */

static Expr *new_expr(ExprKind k, Type *t, Loc loc) {
  Expr *e = xalloc(sizeof *e);
  e->kind = k;
  e->type = t;
  e->loc = loc;
  return e;
}

Expr *new_num(long long v, Loc loc) {
  Expr *e = new_expr(E_NUM, ty_int, loc);
  e->num = v;
  if (v > INT32_MAX || v < INT32_MIN)
    e->type = ty_long;
  return e;
}

Expr *new_var_ref(Var *v, Loc loc) {
  Expr *e = new_expr(E_VAR, v->type, loc);
  e->var = v;
  return e;
}

static bool is_comparison(ExprKind k) {
  return k == E_LT || k == E_LE || k == E_GT || k == E_GE || k == E_EQ || k == E_NE ||
         k == E_LAND || k == E_LOR || k == E_NOT;
}

Expr *new_unary(ExprKind k, Expr *e, Loc loc) {
  Expr *u = new_expr(k, is_comparison(k) ? ty_int : e->type, loc);
  u->lhs = e;
  return u;
}

Expr *new_binary(ExprKind k, Expr *l, Expr *r, Loc loc) {
  Expr *b = new_expr(k, is_comparison(k) ? ty_int : l->type, loc);
  b->lhs = l;
  b->rhs = r;
  return b;
}

Expr *new_cond(Expr *c, Expr *t, Expr *f, Loc loc) {
  Expr *e = new_expr(E_COND, t->type, loc);
  e->cond = c;
  e->lhs = t;
  e->rhs = f;
  return e;
}

Expr *new_nondet(Type *t, Loc loc) { return new_expr(E_NONDET, t, loc); }

Expr *new_index(Var *array, Type *t, Loc loc) {
  Expr *e = new_expr(E_INDEX, t, loc);
  e->var = array;
  return e;
}

static bool is_true(const Expr *e) {
  long long v;
  return expr_is_const(e, &v) && v != 0;
}

static bool is_false(const Expr *e) {
  long long v;
  return expr_is_const(e, &v) && v == 0;
}

Expr *new_and(Expr *a, Expr *b) {
  if (!a || is_true(a))
    return b;
  if (!b || is_true(b))
    return a;
  return new_binary(E_LAND, a, b, a->loc);
}

Expr *new_or(Expr *a, Expr *b) {
  if (!a || is_false(a))
    return b;
  if (!b || is_false(b))
    return a;
  return new_binary(E_LOR, a, b, a->loc);
}

ExprKind cmp_mirrored(ExprKind k) {
  switch (k) {
  case E_LT: return E_GT;
  case E_LE: return E_GE;
  case E_GT: return E_LT;
  case E_GE: return E_LE;
  default: return k;
  }
}

bool expr_is_const(const Expr *e, long long *value) {
  if (e->kind == E_NUM) {
    *value = e->num;
    return true;
  }
  if (e->kind == E_CAST && e->type->kind != TY_BOOL)
    return expr_is_const(e->lhs, value);
  if (e->kind == E_NEG && expr_is_const(e->lhs, value)) {
    *value = -*value;
    return true;
  }
  return false;
}

bool expr_const_value(const Expr *e, long long *value) {
  while (e->kind == E_CAST && e->type->kind == TY_INT && !expr_wraps(e))
    e = e->lhs;
  if (e->kind != E_NUM || (e->type && e->type->kind == TY_INT && e->type->is_unsigned && e->num < 0))
    return false;
  *value = e->num;
  return true;
}

bool expr_has_index(const Expr *e) {
  if (!e)
    return false;
  if (e->kind == E_INDEX)
    return true;
  if (expr_has_index(e->lhs) || expr_has_index(e->rhs) || expr_has_index(e->cond))
    return true;
  if (e->kind == E_CALL || e->kind == E_INIT)
    for (int i = 0; i < e->args.len; i++)
      if (expr_has_index(e->args.data[i]))
        return true;
  return false;
}

bool expr_mentions(const Expr *e, const Var *v) {
  if (!e)
    return false;
  if ((e->kind == E_VAR || e->kind == E_INDEX) && e->var == v)
    return true;
  if (expr_mentions(e->lhs, v) || expr_mentions(e->rhs, v) || expr_mentions(e->cond, v))
    return true;
  for (int i = 0; i < e->args.len; i++)
    if (expr_mentions(e->args.data[i], v))
      return true;
  return false;
}

bool stmt_uses(const Stmt *s, const Var *v) {
  if (expr_mentions(s->expr, v))
    return true;
  for (int i = 0; i < s->idx.len; i++)
    if (expr_mentions(s->idx.data[i], v))
      return true;
  for (int i = 0; i < s->args.len; i++)
    if (expr_mentions(s->args.data[i], v))
      return true;
  if (s->kind == S_DECL)
    for (const Type *t = s->var->type; t && t->kind == TY_ARRAY; t = t->elem)
      if (expr_mentions(t->len, v))
        return true;
  return false;
}

bool expr_same(const Expr *a, const Expr *b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind || a->type != b->type)
    return false;
  switch (a->kind) {
  case E_NUM:
    return a->num == b->num;
  case E_VAR:
    return a->var == b->var;
  case E_NONDET:
  case E_INDEX:
  case E_CALL:
  case E_STMT:
  case E_INIT:
    return false;
  default:
    break;
  }
  if (a->args.len != b->args.len)
    return false;
  for (int i = 0; i < a->args.len; i++)
    if (!expr_same(a->args.data[i], b->args.data[i]))
      return false;
  return expr_same(a->lhs, b->lhs) && expr_same(a->rhs, b->rhs) && expr_same(a->cond, b->cond);
}

bool expr_equal(const Expr *a, const Expr *b) {
  if (a == b)
    return true;
  if (!a || !b)
    return false;
  if (a->kind == E_CAST && a->implicit)
    return expr_equal(a->lhs, b);
  if (b->kind == E_CAST && b->implicit)
    return expr_equal(a, b->lhs);
  if (a->kind != b->kind)
    return false;
  switch (a->kind) {
  case E_NUM:
    return a->num == b->num;
  case E_VAR:
    return a->var == b->var;
  case E_NONDET:
  case E_CALL:
  case E_STMT:
  case E_INIT:
    return false;
  case E_INDEX:
    if (a->var != b->var || a->args.len != b->args.len)
      return false;
    for (int i = 0; i < a->args.len; i++)
      if (!expr_equal(a->args.data[i], b->args.data[i]))
        return false;
    return true;
  case E_CAST:
    return a->type == b->type && expr_equal(a->lhs, b->lhs);
  default:
    return a->op == b->op && expr_equal(a->lhs, b->lhs) && expr_equal(a->rhs, b->rhs) &&
           expr_equal(a->cond, b->cond);
  }
}

void expr_vars(const Expr *e, void (*fn)(Var *, void *), void *arg) {
  if (!e)
    return;
  if (e->kind == E_VAR || e->kind == E_INDEX)
    fn(e->var, arg);
  expr_vars(e->lhs, fn, arg);
  expr_vars(e->rhs, fn, arg);
  expr_vars(e->cond, fn, arg);
  for (int i = 0; i < e->args.len; i++)
    expr_vars(e->args.data[i], fn, arg);
}

/* e copied with v := by (by itself, or a copy of it at each place: fresh). */
static Expr *subst(Expr *e, Var *v, Expr *by, bool fresh) {
  if (!e)
    return NULL;
  if (e->kind == E_VAR && e->var == v)
    return fresh ? subst(by, NULL, NULL, false) : by;
  Expr *c = xalloc(sizeof *c);
  *c = *e;
  c->lhs = subst(e->lhs, v, by, fresh);
  c->rhs = subst(e->rhs, v, by, fresh);
  c->cond = subst(e->cond, v, by, fresh);
  if (e->args.len) {
    c->args.data = NULL;
    c->args.len = c->args.cap = 0;
    for (int i = 0; i < e->args.len; i++)
      vec_push(&c->args, subst(e->args.data[i], v, by, fresh));
  }
  return c;
}

Expr *expr_subst(Expr *e, Var *v, Expr *by) { return subst(e, v, by, false); }

const char *expr_kind_name(ExprKind k) {
  static const char *names[] = {
      [E_NUM] = "number", [E_VAR] = "variable", [E_NONDET] = "nondet", [E_INDEX] = "a[i]",
      [E_INIT] = "{...}", [E_NEG] = "-", [E_NOT] = "!", [E_BITNOT] = "~", [E_CAST] = "cast",
      [E_ADD] = "+", [E_SUB] = "-", [E_MUL] = "*", [E_DIV] = "/", [E_MOD] = "%",
      [E_SHL] = "<<", [E_SHR] = ">>", [E_BITAND] = "&", [E_BITOR] = "|", [E_BITXOR] = "^",
      [E_LT] = "<", [E_LE] = "<=", [E_GT] = ">", [E_GE] = ">=", [E_EQ] = "==", [E_NE] = "!=",
      [E_LAND] = "&&", [E_LOR] = "||", [E_COND] = "?:", [E_ASSIGN] = "=", [E_PREINC] = "++",
      [E_PREDEC] = "--", [E_POSTINC] = "++", [E_POSTDEC] = "--", [E_COMMA] = ",",
      [E_CALL] = "call", [E_STMT] = "({...})",
  };
  return names[k];
}

/* ---- Statements ------------------------------------------------------------ */

Stmt *new_stmt(StmtKind k, Loc loc) {
  Stmt *s = xalloc(sizeof *s);
  s->kind = k;
  s->loc = loc;
  return s;
}

Stmt *new_block(Loc loc) { return new_stmt(S_BLOCK, loc); }

Stmt *new_assign(Var *v, Expr *e, Loc loc) {
  Stmt *s = new_stmt(S_ASSIGN, loc);
  s->var = v;
  s->expr = e;
  return s;
}

Stmt *new_if(Expr *c, Stmt *then, Stmt *els, Loc loc) {
  Stmt *s = new_stmt(S_IF, loc);
  s->expr = c;
  s->then = then;
  s->els = els;
  return s;
}

Stmt *new_assume(Expr *c, Loc loc) {
  Stmt *s = new_stmt(S_ASSUME, loc);
  s->expr = c;
  return s;
}

void block_add(Stmt *block, Stmt *s) {
  if (s)
    vec_push(&block->stmts, s);
}

/* ---- Variables ------------------------------------------------------------- */

Var *new_var(Program *p, Func *owner, const char *name, Type *t, VarKind kind, Loc loc) {
  Var *v = xalloc(sizeof *v);
  v->name = name;
  v->type = t;
  v->kind = kind;
  v->loc = loc;
  v->owner = owner;
  v->id = p->nvars++;
  if (kind == VAR_GLOBAL)
    vec_push(&p->globals, v);
  else if (kind == VAR_PARAM)
    vec_push(&owner->params, v);
  else
    vec_push(&owner->locals, v);
  return v;
}

Var *find_global(Program *p, const char *name) {
  for (int i = 0; i < p->globals.len; i++)
    if (!strcmp(p->globals.data[i]->name, name))
      return p->globals.data[i];
  return NULL;
}

Var *find_local(Func *f, const char *name) {
  for (int i = 0; i < f->params.len; i++)
    if (!strcmp(f->params.data[i]->name, name))
      return f->params.data[i];
  for (int i = 0; i < f->locals.len; i++)
    if (!strcmp(f->locals.data[i]->name, name))
      return f->locals.data[i];
  return NULL;
}

Func *find_func(Program *p, const char *name) {
  for (int i = 0; i < p->funcs.len; i++)
    if (!strcmp(p->funcs.data[i]->name, name))
      return p->funcs.data[i];
  return NULL;
}

/* The names of one scope, hashed; seen[i] entries of the scope's i-th
 * vector are in it. */
typedef struct NameIndex {
  StrMap *names;
  StrMap *next;        /* base -> the suffix new_temp tries first */
  int seen[2];
} NameIndex;

static NameIndex *index_catch_up(NameIndex **slot, const VarVec *a, const VarVec *b,
                                 const Func *const *funcs, int nfuncs) {
  NameIndex *x = *slot;
  int len[2] = {a->len, b ? b->len : nfuncs};
  if (!x || len[0] < x->seen[0] || len[1] < x->seen[1]) { /* new, or shrunk: rebuild */
    StrMap *next = x ? x->next : strmap_new();
    x = *slot = xalloc(sizeof *x);
    x->names = strmap_new();
    x->next = next;
  }
  for (; x->seen[0] < len[0]; x->seen[0]++)
    strmap_at(x->names, a->data[x->seen[0]]->name, true);
  for (; x->seen[1] < len[1]; x->seen[1]++)
    strmap_at(x->names, b ? b->data[x->seen[1]]->name : funcs[x->seen[1]]->name, true);
  return x;
}

static NameIndex *local_names(Func *f) {
  return index_catch_up(&f->names, &f->params, &f->locals, NULL, 0);
}

static NameIndex *global_names(Program *p) {
  return index_catch_up(&p->names, &p->globals, NULL, (const Func *const *)p->funcs.data,
                        p->funcs.len);
}

bool name_in_use(Program *p, Func *f, const char *name) {
  if (strmap_at(global_names(p)->names, name, false))
    return true;
  if (f)
    return strmap_at(local_names(f)->names, name, false) != NULL;
  /* A new global must not clash with any function's variables either. */
  for (int i = 0; i < p->funcs.len; i++)
    if (strmap_at(local_names(p->funcs.data[i])->names, name, false))
      return true;
  return false;
}

bool var_in(const VarVec *v, const Var *x) {
  for (int i = 0; i < v->len; i++)
    if (v->data[i] == x)
      return true;
  return false;
}

Var *new_temp(Program *p, Func *f, const char *base, Type *t, VarRole role, Loc loc) {
  /* base, base_1, base_2, ...: the count goes on where it stopped last time,
   * so that n temporaries of one base cost n lookups, not n^2 */
  long *next = strmap_at((f ? local_names(f) : global_names(p))->next, base, false);
  long n = next ? *next : 0;
  const char *name = n ? xformat("%s_%ld", base, n) : base;
  while (name_in_use(p, f, name))
    name = xformat("%s_%ld", base, ++n);
  Var *v = new_var(p, f, xstrdup(name), t, f ? VAR_LOCAL : VAR_GLOBAL, loc);
  v->role = role;
  *strmap_at((f ? local_names(f) : global_names(p))->next, xstrdup(base), true) = n + 1;
  return v;
}

typedef struct Subst {
  Var *v;
  Expr *by;
} Subst;

static Expr *subst(Expr *e, Var *v, Expr *by, bool fresh);

/* e with v := a fresh copy of by at each occurrence (no node shared). */
static Expr *subst_copies(Expr *e, Var *v, Expr *by) { return subst(e, v, by, true); }

static void subst_in(Stmt *s, void *arg) {
  Subst *r = arg;
  s->expr = subst_copies(s->expr, r->v, r->by);
  for (int i = 0; i < s->idx.len; i++)
    s->idx.data[i] = subst_copies(s->idx.data[i], r->v, r->by);
  for (int i = 0; i < s->args.len; i++)
    s->args.data[i] = subst_copies(s->args.data[i], r->v, r->by);
}

void stmt_subst(Stmt *s, Var *v, Expr *by) {
  Subst r = {v, by};
  stmt_walk(s, subst_in, &r);
}

void stmt_walk(Stmt *s, void (*fn)(Stmt *s, void *arg), void *arg) {
  if (!s)
    return;
  fn(s, arg);
  for (int i = 0; i < s->stmts.len; i++)
    stmt_walk(s->stmts.data[i], fn, arg);
  stmt_walk(s->then, fn, arg);
  stmt_walk(s->els, fn, arg);
  stmt_walk(s->body, fn, arg);
  stmt_walk(s->step, fn, arg);
  for (int i = 0; i < s->cases.len; i++)
    stmt_walk(s->cases.data[i]->body, fn, arg);
}

static void find_call(Stmt *s, void *arg) {
  Func **f = arg;
  if (s->kind == S_CALL && s->func == *f)
    *f = NULL;
}

bool stmt_calls(Stmt *s, Func *f) {
  stmt_walk(s, find_call, &f);
  return !f;
}

/* ---- Call graph -------------------------------------------------------------- */

static void mark_reachable(Program *p, Func *f, bool *reach);

typedef struct Reach {
  Program *p;
  bool *reach;
} Reach;

static void mark_call(Stmt *s, void *arg) {
  Reach *r = arg;
  if (s->kind == S_CALL)
    mark_reachable(r->p, s->func, r->reach);
}

static void mark_reachable(Program *p, Func *f, bool *reach) {
  for (int i = 0; i < p->funcs.len; i++)
    if (p->funcs.data[i] == f) {
      if (reach[i])
        return;
      reach[i] = true;
      stmt_walk(f->body, mark_call, &(Reach){p, reach});
    }
}

bool *reachable_funcs(Program *p) {
  bool *reach = xalloc(sizeof(bool) * (size_t)(p->funcs.len + 1));
  if (p->entry)
    mark_reachable(p, p->entry, reach);
  return reach;
}
