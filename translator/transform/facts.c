/*
 * facts.c -- proven invariants assumed where the program goes on (see
 * facts.h).
 *
 * A fact F = forall k. B(k, a[k], x...) is instantiated at its point P:
 *   - the scalars it names get ghost copies at P (their values there, kept
 *     while the program goes on changing them); an input's value at entry
 *     (x__in) gets its copy at the function's entry, or before the call;
 *   - on the cells: `for (k = 0; k < len(a); k++) assume(B(k))`, a loop of
 *     assumptions that the cells turn into one assumption per cell (like
 *     an assertion loop: cells_check_loops.c), the reads of B kept for the
 *     cells;
 *   - at a read r = a[e] after P, with no write to the arrays of F in
 *     between: assume(B(e)) with a[e] read as r.
 * Which facts reach a read is a forward must-analysis on the structured
 * IR, as for shared reads (share_reads.c): a write to an array of a fact,
 * a declaration of it or a call ends it; after an if, what both branches
 * keep; a loop keeps what nothing in it ends.
 *
 * Soundness rests on the facts being invariants of the original program
 * (the re-check proved them); every assumption made here is an instance of
 * one at a point where it holds: at P (a head invariant holds when the loop
 * exits by its test -- so only loops whose one exit is that test; a
 * function's exit relation after a call), or later with the same array
 * contents and the ghost copies of P's scalars.
 */
#include "facts.h"

#include "dataflow.h"
#include "names.h"

#include <string.h>

/* A name of the formula and what it is at the point. */
typedef struct Binding {
  const char *name;
  Var *var;            /* a ghost scalar, or an array of the program */
} Binding;

typedef struct Inst {
  const Fact *fact;
  Z3_ast body;         /* the formula, bound variables replaced by bound[] */
  Z3_ast bound[MAX_DIMS];
  int nbound;
  Var *anchor;         /* the array the bound variables index, or NULL */
  VEC(Binding) names;
  VarVec arrays;       /* the arrays it reads */
} Inst;

typedef VEC(Inst *) InstVec;

typedef struct Facts {
  Program *p;
  Func *f;
  const FactVec *facts;
  Stmt *entry_copies;  /* ghost copies of inputs at f's entry */
  VEC(Binding) entry_ghosts;
  int added;
} Facts;

/* ---- Formulas --------------------------------------------------------------- */

static bool is_array_sort(Z3_ast a) {
  Z3_context z = smt_ctx();
  return Z3_get_sort_kind(z, Z3_get_sort(z, a)) == Z3_ARRAY_SORT;
}

static Var *binding(const Inst *in, const char *name) {
  for (int i = 0; i < in->names.len; i++)
    if (!strcmp(in->names.data[i].name, name))
      return in->names.data[i].var;
  return NULL;
}

static int bound_no(const Inst *in, Z3_ast a) {
  for (int i = 0; i < in->nbound; i++)
    if (Z3_is_eq_ast(smt_ctx(), in->bound[i], a))
      return i;
  return -1;
}

/* The array and index terms of a (possibly nested) select. */
static Z3_ast select_parts(Z3_ast a, Z3_ast *idx, int *n) {
  Z3_context z = smt_ctx();
  *n = 0;
  Z3_ast rev[MAX_DIMS];
  while (Z3_get_ast_kind(z, a) == Z3_APP_AST &&
         Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a))) == Z3_OP_SELECT && *n < MAX_DIMS) {
    rev[(*n)++] = Z3_get_app_arg(z, Z3_to_app(z, a), 1);
    a = Z3_get_app_arg(z, Z3_to_app(z, a), 0);
  }
  for (int i = 0; i < *n; i++)
    idx[i] = rev[*n - 1 - i];
  return a;
}

/* Is a the anchor's element at the bound variables, in order? */
static bool anchor_select(const Inst *in, Z3_ast a) {
  Z3_ast idx[MAX_DIMS];
  int n;
  Z3_ast arr = select_parts(a, idx, &n);
  if (!in->anchor || n != in->nbound || Z3_get_ast_kind(smt_ctx(), arr) != Z3_APP_AST ||
      binding(in, smt_const_name(arr)) != in->anchor)
    return false;
  for (int i = 0; i < n; i++)
    if (bound_no(in, idx[i]) != i)
      return false;
  return true;
}

/* How a formula becomes an expression at one place: the bound variables
 * are idx[] (NULL: not allowed), the anchor's element there is `element`
 * (NULL: read it as any other element). */
typedef struct Place {
  const Inst *in;
  Expr **idx;
  Expr *element;
  Loc loc;
} Place;

static Expr *leaf(Z3_ast a, void *arg);

static Expr *convert(Place *pl, Z3_ast a) { return smt_to_ir(a, leaf, pl, pl->loc); }

static Expr *leaf(Z3_ast a, void *arg) {
  Place *pl = arg;
  Z3_context z = smt_ctx();
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a))) == Z3_OP_SELECT) {
    if (pl->element && anchor_select(pl->in, a))
      return pl->element;
    Z3_ast idx[MAX_DIMS];
    int n;
    Z3_ast arr = select_parts(a, idx, &n);
    Var *v = Z3_get_ast_kind(z, arr) == Z3_APP_AST ? binding(pl->in, smt_const_name(arr)) : NULL;
    if (!v || v->type->kind != TY_ARRAY || array_dims(v->type, NULL, 0, NULL) != n)
      return NULL;
    Type *elem;
    array_dims(v->type, NULL, 0, &elem);
    Expr *e = new_index(v, elem, pl->loc);
    for (int i = 0; i < n; i++) {
      Expr *x = convert(pl, idx[i]);
      if (!x)
        return NULL;
      vec_push(&e->args, x);
    }
    return e;
  }
  int b = bound_no(pl->in, a);
  if (b >= 0)
    return pl->idx ? pl->idx[b] : NULL;
  Var *v = binding(pl->in, smt_const_name(a));
  return v && is_scalar(v->type) ? new_var_ref(v, pl->loc) : NULL;
}

/* ---- Instances ------------------------------------------------------------------ */

static void bind(Inst *in, const char *name, Var *v) {
  Binding b = {name, v};
  vec_push(&in->names, b);
  if (v->type->kind == TY_ARRAY && !var_in(&in->arrays, v))
    vec_push(&in->arrays, v);
}

/* A ghost holding v's value, assigned at the end of block out. */
static Var *ghost(Facts *fx, Var *v, Expr *value, Stmt *out, Loc loc) {
  Var *g = new_temp(fx->p, fx->f, xformat("%s_fact", v->name), v->type, ROLE_TEMP, loc);
  block_add(out, new_assign(g, value, loc));
  return g;
}

/* The ghost copy of input v at the entry of the function. */
static Var *entry_ghost(Facts *fx, Var *v, Loc loc) {
  for (int i = 0; i < fx->entry_ghosts.len; i++)
    if (fx->entry_ghosts.data[i].name == v->name)
      return fx->entry_ghosts.data[i].var;
  Var *g = ghost(fx, v, new_var_ref(v, loc), fx->entry_copies, loc);
  Binding b = {v->name, g};
  vec_push(&fx->entry_ghosts, b);
  return g;
}

static Var *local_or_global(Facts *fx, Func *f, const char *name) {
  Var *v = f ? find_local(f, name) : NULL;
  return v ? v : find_global(fx->p, name);
}

/* The constants of a fact's formula bound at a loop's exit in fx->f, ghosts
 * assigned into out; false when one cannot be had there. */
static bool bind_at_loop(Facts *fx, Inst *in, SmtAsts *consts, Stmt *out, Loc loc) {
  for (int i = 0; i < consts->len; i++) {
    Z3_ast c = consts->data[i];
    if (bound_no(in, c) >= 0)
      continue;
    const char *base, *name = smt_const_name(c);
    NameRole r = name_role(name, &base);
    Var *v = local_or_global(fx, fx->f, base);
    if (!v || (v->type->kind == TY_ARRAY) != is_array_sort(c))
      return false;
    if (v->type->kind == TY_ARRAY && r == NAME_NOW)
      bind(in, name, v);
    else if (is_scalar(v->type) && r == NAME_NOW)
      bind(in, name, ghost(fx, v, new_var_ref(v, loc), out, loc));
    else if (is_scalar(v->type) && r == NAME_IN && v->kind != VAR_LOCAL)
      bind(in, name, entry_ghost(fx, v, loc));
    else
      return false; /* contents at entry: no array keeps them */
  }
  return true;
}

/* The constants of callee g's exit relation bound after the call s: inputs
 * at entry copied into before, outputs after the call into after. */
static bool bind_at_call(Facts *fx, Inst *in, SmtAsts *consts, Stmt *s, Stmt *before,
                         Stmt *after) {
  Func *g = s->func;
  Loc loc = s->loc;
  const char *ret = cfg_ret_name(fx->p, g);
  for (int i = 0; i < consts->len; i++) {
    Z3_ast c = consts->data[i];
    if (bound_no(in, c) >= 0)
      continue;
    const char *base, *name = smt_const_name(c);
    NameRole r = name_role(name, &base);
    int pno = -1;
    for (int k = 0; k < g->params.len; k++)
      if (!strcmp(g->params.data[k]->name, base))
        pno = k;
    Var *glob = pno < 0 ? find_global(fx->p, base) : NULL;
    Var *v = NULL;
    if (is_array_sort(c)) {
      /* only the contents at exit: the caller's array after the call */
      if (r != NAME_AFTER)
        return false;
      if (pno >= 0 && s->args.data[pno]->kind == E_VAR)
        v = s->args.data[pno]->var;
      else if (glob && glob->type->kind == TY_ARRAY)
        v = glob;
      if (!v || v->type->kind != TY_ARRAY)
        return false;
      bind(in, name, v);
      continue;
    }
    bool unchanged = pno >= 0 && !stmt_assigns(g->body, g->params.data[pno]);
    if (pno >= 0 && (r == NAME_IN || (r == NAME_NOW && unchanged)) &&
        is_scalar(g->params.data[pno]->type))
      v = ghost(fx, g->params.data[pno], s->args.data[pno], before, loc);
    else if (glob && is_scalar(glob->type) && r == NAME_IN)
      v = ghost(fx, glob, new_var_ref(glob, loc), before, loc);
    else if (glob && is_scalar(glob->type) && r == NAME_NOW)
      v = ghost(fx, glob, new_var_ref(glob, loc), after, loc);
    else if (r == NAME_NOW && !strcmp(base, ret) && s->var)
      v = ghost(fx, s->var, new_var_ref(s->var, loc), after, loc);
    if (!v)
      return false;
    bind(in, name, v);
  }
  return true;
}

/* The anchor: the array whose element at the bound variables, in order,
 * the formula reads (the element a read of that array gives). */
static void find_anchor(Inst *in, Z3_ast a, SmtMemo *seen) {
  Z3_context z = smt_ctx();
  if (in->anchor || Z3_get_ast_kind(z, a) != Z3_APP_AST)
    return;
  Z3_ast *mark = smt_memo_at(seen, Z3_get_ast_id(z, a), true);
  if (*mark)
    return;
  *mark = a;
  Z3_app app = Z3_to_app(z, a);
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, app)) == Z3_OP_SELECT) {
    Z3_ast idx[MAX_DIMS];
    int n;
    Z3_ast arr = select_parts(a, idx, &n);
    bool ok = n == in->nbound && Z3_get_ast_kind(z, arr) == Z3_APP_AST;
    for (int i = 0; ok && i < n; i++)
      ok = bound_no(in, idx[i]) == i;
    Var *v = ok ? binding(in, smt_const_name(arr)) : NULL;
    if (v && v->type->kind == TY_ARRAY) {
      in->anchor = v;
      return;
    }
  }
  for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
    find_anchor(in, Z3_get_app_arg(z, app, i), seen);
}

/* The fact with its quantified variables made constants; NULL when its
 * shape is not one we instantiate (nested quantifiers). */
static Inst *open_fact(const Fact *fact) {
  Z3_context z = smt_ctx();
  Inst *in = xalloc(sizeof *in);
  in->fact = fact;
  Z3_ast f = fact->formula;
  if (Z3_get_ast_kind(z, f) == Z3_QUANTIFIER_AST) {
    if (!Z3_is_quantifier_forall(z, f))
      return NULL;
    unsigned n = Z3_get_quantifier_num_bound(z, f);
    if (n > MAX_DIMS)
      return NULL;
    Z3_ast subst[MAX_DIMS];
    for (unsigned i = 0; i < n; i++) {
      /* de Bruijn index i is the i-th bound variable from the last */
      Z3_symbol s = Z3_get_quantifier_bound_name(z, f, n - 1 - i);
      const char *name = name_own(xformat("fact_%s", Z3_get_symbol_string(z, s)));
      subst[i] = Z3_mk_const(z, Z3_mk_string_symbol(z, name),
                             Z3_get_quantifier_bound_sort(z, f, n - 1 - i));
      in->bound[n - 1 - i] = subst[i];
    }
    in->nbound = (int)n;
    f = Z3_substitute_vars(z, Z3_get_quantifier_body(z, f), n, subst);
  }
  in->body = f;
  return in;
}

/* ---- Placing ------------------------------------------------------------------------- */

/* assume(e) into out, if e could be made. */
static void assume(Facts *fx, Expr *e, Stmt *out, Loc loc) {
  if (!e)
    return;
  block_add(out, new_assume(e, loc));
  fx->added++;
}

/* The fact on the cells at its point: a loop of assumptions over the
 * anchor's first dimension (the cells keep one per cell), or the
 * assumption itself for a formula without quantified variables. */
static void assume_at_point(Facts *fx, Inst *in, Stmt *out, Loc loc) {
  if (!in->nbound) {
    Place pl = {in, NULL, NULL, loc};
    assume(fx, convert(&pl, in->body), out, loc);
    return;
  }
  Expr *lens[MAX_DIMS];
  if (!in->anchor || in->nbound != 1 || array_dims(in->anchor->type, lens, MAX_DIMS, NULL) != 1 ||
      !lens[0] || (lens[0]->kind != E_NUM && lens[0]->kind != E_VAR))
    return;
  Var *k = new_temp(fx->p, fx->f, "k_fact", ty_int, ROLE_TEMP, loc);
  Expr *kref = new_var_ref(k, loc);
  Place pl = {in, &kref, NULL, loc};
  Expr *body = convert(&pl, in->body);
  if (!body)
    return;
  Stmt *loop = new_stmt(S_LOOP, loc);
  loop->body = new_block(loc);
  Stmt *exit = new_stmt(S_BREAK, loc);
  exit->target = loop;
  block_add(loop->body,
            new_if(new_unary(E_NOT, new_binary(E_LT, new_var_ref(k, loc), lens[0], loc), loc), exit,
                   NULL, loc));
  block_add(loop->body, new_assume(body, loc));
  loop->step = new_block(loc);
  block_add(loop->step,
            new_assign(k, new_binary(E_ADD, new_var_ref(k, loc), new_num(1, loc), loc), loc));
  block_add(out, new_assign(k, new_num(0, loc), loc));
  block_add(out, loop);
  fx->added++;
}

/* The instance of fact at a point, ghosts assigned into before / after
 * (before == after for a loop); NULL when it cannot be had there. */
static Inst *instance(Facts *fx, const Fact *fact, Stmt *call, Stmt *before, Stmt *after,
                      Loc loc) {
  Inst *in = open_fact(fact);
  if (!in)
    return NULL;
  SmtAsts consts = {0};
  smt_constants(in->body, &consts);
  /* ghosts go to scratch blocks first: a fact that fails leaves none */
  Stmt *b = new_block(loc), *a = new_block(loc);
  bool ok = call ? bind_at_call(fx, in, &consts, call, b, a) : bind_at_loop(fx, in, &consts, a, loc);
  if (!ok)
    return NULL;
  SmtMemo seen = {0};
  find_anchor(in, in->body, &seen);
  smt_memo_free(&seen);
  for (int i = 0; i < b->stmts.len; i++)
    block_add(before, b->stmts.data[i]);
  for (int i = 0; i < a->stmts.len; i++)
    block_add(after, a->stmts.data[i]);
  return in;
}

/* At a read r = a[e]: every fact anchored at a, with a[e] as r. */
static void assume_at_read(Facts *fx, InstVec *live, Stmt *s, Stmt *out) {
  for (int i = 0; i < live->len; i++) {
    Inst *in = live->data[i];
    if (in->anchor != s->array || in->nbound != s->idx.len)
      continue;
    Place pl = {in, s->idx.data, new_var_ref(s->var, s->loc), s->loc};
    assume(fx, convert(&pl, in->body), out, s->loc);
  }
}

/* ---- What reaches where --------------------------------------------------------------- */

static void kill_array(InstVec *live, const Var *a) {
  int k = 0;
  for (int i = 0; i < live->len; i++)
    if (!var_in(&live->data[i]->arrays, a))
      live->data[k++] = live->data[i];
  live->len = k;
}

static bool reads_var(const Inst *in, const Var *v) {
  for (int i = 0; i < in->names.len; i++)
    if (in->names.data[i].var == v)
      return true;
  return false;
}

static void kill_var(InstVec *live, const Var *v) {
  int k = 0;
  for (int i = 0; i < live->len; i++)
    if (!reads_var(live->data[i], v))
      live->data[k++] = live->data[i];
  live->len = k;
}

static void kills_of(Stmt *s, void *arg) {
  InstVec *live = arg;
  switch (s->kind) {
  case S_WRITE:
    kill_array(live, s->array);
    break;
  case S_DECL:
    if (s->var->type->kind == TY_ARRAY)
      kill_array(live, s->var);
    else
      kill_var(live, s->var);
    break;
  case S_ASSIGN:
  case S_READ:
    kill_var(live, s->var);
    break;
  case S_CALL:
  case S_SWITCH:
    live->len = 0;
    break;
  default:
    break;
  }
}

static InstVec copy(const InstVec *v) {
  InstVec c = {0};
  for (int i = 0; i < v->len; i++)
    vec_push(&c, v->data[i]);
  return c;
}

static void meet(InstVec *live, const InstVec *other) {
  int k = 0;
  for (int i = 0; i < live->len; i++) {
    bool in = false;
    for (int j = 0; j < other->len && !in; j++)
      in = other->data[j] == live->data[i];
    if (in)
      live->data[k++] = live->data[i];
  }
  live->len = k;
}

/* Does s (or a statement in it) break out of loop? */
typedef struct Breaks {
  Stmt *loop;
  bool found;
} Breaks;

static void break_of(Stmt *s, void *arg) {
  Breaks *b = arg;
  b->found |= s->kind == S_BREAK && s->target == b->loop;
}

static bool stmt_breaks(Stmt *s, Stmt *loop) {
  Breaks b = {loop, false};
  stmt_walk(s, break_of, &b);
  return b.found;
}

/* Does the loop leave only by its test (the first statement of its body,
 * with nothing before it that changes what the fact reads)? A head
 * invariant holds where the test fails; another break leaves elsewhere. */
static bool leaves_by_test(Stmt *loop) {
  Stmt *b = loop->body;
  if (!b || b->kind != S_BLOCK || !b->stmts.len)
    return false;
  int t = 0;
  /* the test's reads come first (temporaries only) */
  while (t < b->stmts.len && (b->stmts.data[t]->kind == S_READ || b->stmts.data[t]->kind == S_ASSIGN) &&
         b->stmts.data[t]->var->role == ROLE_TEMP)
    t++;
  if (t >= b->stmts.len)
    return false;
  Stmt *test = b->stmts.data[t];
  if (test->kind != S_IF || test->els || test->then->kind != S_BREAK || test->then->target != loop)
    return false;
  /* no other exit: a break of this loop anywhere else */
  for (int i = t + 1; i < b->stmts.len; i++)
    if (stmt_breaks(b->stmts.data[i], loop))
      return false;
  return !stmt_breaks(loop->step, loop);
}

static void facts_block(Facts *fx, Stmt *b, InstVec *live);
static void facts_stmt(Facts *fx, Stmt *s, InstVec *live, Stmt *out);

/* *sp with the facts placed in it (a block when it became several). */
static void facts_stmt_in_place(Facts *fx, Stmt **sp, InstVec *live) {
  Stmt *out = new_block((*sp)->loc);
  facts_stmt(fx, *sp, live, out);
  *sp = out->stmts.len == 1 ? out->stmts.data[0] : out;
}

static void facts_stmt(Facts *fx, Stmt *s, InstVec *live, Stmt *out) {
  switch (s->kind) {
  case S_BLOCK:
    facts_block(fx, s, live);
    block_add(out, s);
    return;
  case S_READ:
    block_add(out, s);
    kill_var(live, s->var);
    assume_at_read(fx, live, s, out);
    return;
  case S_IF: {
    InstVec a = copy(live), b = copy(live);
    if (s->then)
      facts_stmt_in_place(fx, &s->then, &a);
    if (s->els)
      facts_stmt_in_place(fx, &s->els, &b);
    meet(live, &a);
    meet(live, &b);
    block_add(out, s);
    return;
  }
  case S_LOOP: {
    stmt_walk(s->body, kills_of, live);
    stmt_walk(s->step, kills_of, live);
    InstVec in = copy(live);
    facts_block(fx, s->body, &in);
    in = copy(live);
    if (s->step)
      facts_block(fx, s->step, &in);
    block_add(out, s);
    if (!leaves_by_test(s))
      return;
    for (int i = 0; i < fx->facts->len; i++) {
      const Fact *fact = &fx->facts->data[i];
      if (fact->point != FACT_AFTER_LOOP || strcmp(fact->func, fx->f->name) ||
          fact->loc.line != s->loc.line || fact->loc.col != s->loc.col)
        continue;
      Inst *inst = instance(fx, fact, NULL, out, out, s->loc);
      if (!inst)
        continue;
      assume_at_point(fx, inst, out, s->loc);
      vec_push(live, inst);
    }
    return;
  }
  case S_SWITCH:
    live->len = 0;
    for (int i = 0; i < s->cases.len; i++) {
      InstVec none = {0};
      facts_block(fx, s->cases.data[i]->body, &none);
    }
    block_add(out, s);
    return;
  case S_CALL: {
    live->len = 0;
    Stmt *after = new_block(s->loc);
    VEC(Inst *) made = {0};
    for (int i = 0; i < fx->facts->len; i++) {
      const Fact *fact = &fx->facts->data[i];
      if (fact->point != FACT_AFTER_CALLS || strcmp(fact->func, s->func->name))
        continue;
      Inst *inst = instance(fx, fact, s, out, after, s->loc);
      if (inst)
        vec_push(&made, inst);
    }
    block_add(out, s);
    for (int i = 0; i < after->stmts.len; i++)
      block_add(out, after->stmts.data[i]);
    for (int i = 0; i < made.len; i++) {
      assume_at_point(fx, made.data[i], out, s->loc);
      vec_push(live, made.data[i]);
    }
    return;
  }
  default:
    kills_of(s, live);
    block_add(out, s);
    return;
  }
}

static void facts_block(Facts *fx, Stmt *b, InstVec *live) {
  Stmt *out = new_block(b->loc);
  for (int i = 0; i < b->stmts.len; i++)
    facts_stmt(fx, b->stmts.data[i], live, out);
  b->stmts = out->stmts;
}

int facts_assume(Program *p, const FactVec *facts) {
  int added = 0;
  for (int i = 0; i < p->funcs.len && facts->len; i++) {
    Func *f = p->funcs.data[i];
    if (!f->body || f->body->kind != S_BLOCK)
      continue;
    Facts fx = {.p = p, .f = f, .facts = facts, .entry_copies = new_block(f->loc)};
    InstVec live = {0};
    facts_block(&fx, f->body, &live);
    if (fx.entry_copies->stmts.len) {
      /* the inputs' values at entry, before anything changes them */
      for (int k = 0; k < f->body->stmts.len; k++)
        block_add(fx.entry_copies, f->body->stmts.data[k]);
      f->body->stmts = fx.entry_copies->stmts;
    }
    added += fx.added;
  }
  return added;
}
