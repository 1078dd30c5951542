/*
 * report_acsl.c -- the lifted invariants as ACSL for Frama-C: the original
 * source with annotations in comments.
 *
 * Before each function: `requires` (its entry invariants: the context of
 * its calls, proved at each), `ensures` (its exit invariants) and the
 * contract the analysis assumed, so that WP can re-prove them: `requires \valid`
 * (`\valid_read` for arrays only read) of each array parameter with a size,
 * `\separated` between an array parameter that is written and the others,
 * and `assigns` (the arrays and globals it writes). Before each loop: its
 * `loop invariant`s and `loop assigns` (the variables and arrays written in
 * it, through calls too). A frame clause whose extent is unknown (an array
 * without a size, a name the source does not have) is left out rather than
 * guessed: WP then assumes anything may change, which costs proofs, never
 * soundness. Only invariants that were re-checked are written.
 */
#include "emit.h"
#include "loops.h"
#include "report.h"
#include "strbuf.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- What a statement writes ------------------------------------------------------ */

typedef struct Writes {
  VarVec scalars;      /* program variables assigned (globals included) */
  VarVec arrays;       /* arrays written */
  VarVec declared;     /* declared inside: out of scope before it */
  bool unknown;        /* a write whose target cannot be named */
  int depth;           /* calls followed */
} Writes;

static void writes_in(Stmt *s, Writes *w);

/* A call: what the callee writes of the caller's arrays and of the
 * globals. */
static void call_writes(Stmt *s, Writes *w) {
  Func *g = s->func;
  if (!g || !g->body)
    return; /* a builtin or a declaration: assigns nothing (svspec) */
  if (w->depth > 8) {
    w->unknown = true; /* recursion */
    return;
  }
  Writes inner = {.depth = w->depth + 1};
  writes_in(g->body, &inner);
  w->unknown |= inner.unknown;
  for (int i = 0; i < inner.scalars.len; i++)
    if (inner.scalars.data[i]->kind == VAR_GLOBAL && !var_in(&w->scalars, inner.scalars.data[i]))
      vec_push(&w->scalars, inner.scalars.data[i]);
  for (int i = 0; i < inner.arrays.len; i++) {
    Var *a = inner.arrays.data[i];
    if (a->kind == VAR_GLOBAL) {
      if (!var_in(&w->arrays, a))
        vec_push(&w->arrays, a);
      continue;
    }
    /* a parameter: the caller's array passed for it */
    int k = -1;
    for (int j = 0; j < g->params.len; j++)
      if (g->params.data[j] == a)
        k = j;
    if (k < 0 || k >= s->args.len || s->args.data[k]->kind != E_VAR) {
      w->unknown |= k >= 0; /* a local array of the callee is its own business */
      continue;
    }
    if (!var_in(&w->arrays, s->args.data[k]->var))
      vec_push(&w->arrays, s->args.data[k]->var);
  }
}

static void write_of(Stmt *s, void *arg) {
  Writes *w = arg;
  switch (s->kind) {
  case S_DECL:
    vec_push(&w->declared, s->var);
    break;
  case S_ASSIGN:
  case S_READ:
  case S_CALL:
    if (s->var && !var_in(&w->scalars, s->var))
      vec_push(&w->scalars, s->var);
    if (s->kind == S_CALL)
      call_writes(s, w);
    break;
  case S_WRITE:
    if (!var_in(&w->arrays, s->array))
      vec_push(&w->arrays, s->array);
    break;
  default:
    break;
  }
}

static void writes_in(Stmt *s, Writes *w) { stmt_walk(s, write_of, w); }

/* ---- Names and ranges as the source spells them ------------------------------------- */

typedef VEC(char *) Lines;

/* Does word occur in the source as a whole identifier? */
static bool in_source(const Lines *src, const char *word) {
  size_t n = strlen(word);
  for (int i = 0; i < src->len; i++)
    for (const char *p = strstr(src->data[i], word); p; p = strstr(p + 1, word)) {
      bool left = p == src->data[i] || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
      bool right = !(isalnum((unsigned char)p[n]) || p[n] == '_');
      if (left && right)
        return true;
    }
  return false;
}

/* v's name in the source: the front end renames a shadowing variable x to
 * x_N; NULL when neither name is there (a temporary). */
static const char *source_name(const Lines *src, const Var *v) {
  if (v->role != ROLE_USER)
    return NULL;
  if (in_source(src, v->name))
    return v->name;
  const char *u = strrchr(v->name, '_');
  if (u && u > v->name && u[1] && strspn(u + 1, "0123456789") == strlen(u + 1)) {
    char *base = xstrndup(v->name, (size_t)(u - v->name));
    if (in_source(src, base))
      return base;
  }
  return NULL;
}

static const char *minus_one(const Expr *len) {
  const char *t = expr_to_c(len);
  return len->kind == E_VAR || len->kind == E_NUM ? xformat("%s-1", t) : xformat("(%s)-1", t);
}

/* All of array a, "a[0 .. n-1][0 .. m-1]"; NULL if a size is unknown. */
static const char *whole_array(const Lines *src, Var *a) {
  Expr *lens[MAX_DIMS];
  int nd = array_dims(a->type, lens, MAX_DIMS, NULL);
  const char *name = source_name(src, a);
  if (!name || nd < 1)
    return NULL;
  const char *t = name;
  for (int i = 0; i < nd; i++) {
    if (!lens[i])
      return NULL;
    t = xformat("%s[0 .. %s]", t, minus_one(lens[i]));
  }
  return t;
}

/* "a + (0 .. n-1)" for \valid and \separated; NULL if unknown. */
static const char *array_extent(const Lines *src, Var *a) {
  Expr *lens[MAX_DIMS];
  int nd = array_dims(a->type, lens, MAX_DIMS, NULL);
  const char *name = source_name(src, a);
  if (!name || nd < 1 || !lens[0])
    return NULL;
  return xformat("%s + (0 .. %s)", name, minus_one(lens[0]));
}

/* The frame of w in fn as the list of an assigns clause ("i, b[0 .. n-1]"; with
 * globals_only, a function's: its globals and its parameters' arrays); an
 * array with a range in ranges (by its index in w->arrays; NULL: none)
 * is given that range, the others all of their extent. NULL if some target
 * cannot be named. */
static const char *frame(const Lines *src, Func *fn, Writes *w, bool globals_only,
                         const char **ranges) {
  if (w->unknown)
    return NULL;
  StrBuf sb = {0};
  for (int i = 0; i < w->scalars.len; i++) {
    Var *v = w->scalars.data[i];
    if (var_in(&w->declared, v) || (globals_only && v->kind != VAR_GLOBAL))
      continue;
    if (v->role == ROLE_TEMP)
      continue; /* not in the source */
    /* (a moved pointer's offset: the pointer) */
    const char *moved = !globals_only && fn ? lift_offset_of(fn, v->name, NULL) : NULL;
    const char *name = moved ? moved : source_name(src, v);
    if (!name)
      return NULL;
    sb_printf(&sb, "%s%s", sb.s ? ", " : "", name);
  }
  for (int i = 0; i < w->arrays.len; i++) {
    Var *a = w->arrays.data[i];
    if (var_in(&w->declared, a) || (globals_only && a->kind == VAR_LOCAL))
      continue;
    const char *t = ranges && ranges[i] ? ranges[i] : whole_array(src, a);
    if (!t)
      return NULL;
    sb_printf(&sb, "%s%s", sb.s ? ", " : "", t);
  }
  return sb.s ? sb.s : "\\nothing";
}

/* ---- Annotations -------------------------------------------------------------------- */

typedef struct Insert {
  int line;            /* insert before this source line */
  const char *first;   /* requires (ACSL wants them before the rest) ... */
  const char *text;    /* ... and the other clauses, each "kw ...;\n" */
} Insert;

typedef VEC(Insert) Inserts;

static void add_clause(Inserts *ins, int line, const char *clause) {
  bool first = !strncmp(clause, "requires ", 9);
  for (int j = 0; j < ins->len; j++)
    if (ins->data[j].line == line) {
      const char **t = first ? &ins->data[j].first : &ins->data[j].text;
      *t = xformat("%s%s", *t, clause);
      return;
    }
  Insert x = {line, first ? clause : "", first ? "" : clause};
  vec_push(ins, x);
}

typedef struct SourceNames {
  const Lines *src;
  bool ok;
} SourceNames;

static void spelled_as_is(Var *v, void *arg) {
  SourceNames *sn = arg;
  const char *name = source_name(sn->src, v);
  sn->ok = sn->ok && name && !strcmp(name, v->name);
}

/* e in C, when every variable in it is spelled so in the source. */
static const char *source_expr(const Lines *src, Expr *e) {
  SourceNames sn = {src, true};
  expr_vars(e, spelled_as_is, &sn);
  return sn.ok ? expr_to_c(e) : NULL;
}

/* Does every variable formula f names stand in the source under that
 * name? A shadowing x renamed x_N, or the element of an array made scalar
 * (sum_0), is no name the user's file has there: Frama-C would reject the
 * annotation. Names of no variable (the return value) are lift_acsl's. */
static bool formula_spelled(const Lines *src, Program *p, Func *fn, Z3_ast f, PointKind kind) {
  SmtAsts cs = {0};
  smt_constants(f, &cs);
  for (int i = 0; i < cs.len; i++) {
    const char *base;
    name_role(smt_const_name(cs.data[i]), &base);
    /* a moved pointer's offset, p - \at(p, Pre), in a loop; the elements
     * of a view into the caller's block have no name in ACSL */
    if (kind == POINT_LOOP_HEAD && fn && lift_offset_of(fn, base, NULL))
      continue;
    if (fn && lift_pointer_param(fn, base) == LIFT_PTR_VIEW)
      return false;
    Var *v = fn ? find_local(fn, base) : NULL;
    if (!v)
      v = find_global(p, base);
    if (!v)
      continue;
    const char *name = source_name(src, v);
    if (!name || strcmp(name, v->name))
      return false;
  }
  return true;
}

/* The function of p named as at, a function of the abstracted program
 * (whose arrays are cells); NULL if p has none. */
static Func *same_func(Program *p, const Func *at) {
  for (int i = 0; at && at->name && i < p->funcs.len; i++)
    if (p->funcs.data[i]->name && !strcmp(p->funcs.data[i]->name, at->name))
      return p->funcs.data[i];
  return NULL;
}

/* Is f a frame fact of arrays fn never writes (a[k] as at entry, and no
 * array fn writes): WP has it from the loop assigns, and that it cannot
 * prove beyond the ranges the contract separates (the analysis gives each
 * array its own memory)? The few invariants a contract needs are wanted. */
static bool only_frame_of_read_arrays(Program *p, Func *at, Z3_ast f) {
  Func *fn = same_func(p, at);
  if (!fn || !fn->body)
    return false;
  Writes w = {0};
  writes_in(fn->body, &w);
  SmtAsts cs = {0};
  smt_constants(f, &cs);
  bool at_entry = false;
  for (int i = 0; i < cs.len; i++) {
    const char *base;
    NameRole role = name_role(smt_const_name(cs.data[i]), &base);
    Var *v = find_local(fn, base);
    if (!v)
      v = find_global(p, base);
    if (!v || v->type->kind != TY_ARRAY)
      continue;
    if (var_in(&w.arrays, v))
      return false;
    at_entry |= role == NAME_ENTRY_CONTENTS;
  }
  return at_entry;
}

/* Does f follow from the ranges of its variables' C types alone
 * (`i >= 0 && i <= 18446744073709551615` of a size_t counter, `n >= 0` of
 * an unsigned size)? WP assumes every variable in its type's range: such
 * an invariant is one more goal and says nothing the contract needs. (The
 * analysis wants them: its unsigned arithmetic wraps.) */
static bool implied_by_types(Program *p, Func *at, Z3_ast f) {
  Func *fn = same_func(p, at);
  if (!fn)
    return false;
  SmtAsts cs = {0};
  smt_constants(f, &cs);
  Z3_ast ranges = NULL;
  for (int i = 0; i < cs.len; i++) {
    const char *base;
    name_role(smt_const_name(cs.data[i]), &base);
    Var *v = find_local(fn, base);
    if (!v)
      v = find_global(p, base);
    if (!v || !is_scalar(v->type))
      return false; /* (an element, a bound variable: more than a type) */
    long long lo;
    unsigned long long hi;
    type_range(v->type, &lo, &hi);
    if (!v->type->is_unsigned && hi >= (unsigned long long)LLONG_MAX)
      return false; /* (signed long: as mathematical integers here) */
    ranges = smt_and2(ranges, smt_in_type(v->type, cs.data[i]));
  }
  return ranges && smt_implies(ranges, f, 1.0);
}

typedef struct CounterWrites {
  Var *array, *counter;
  bool only;           /* every write of the array is at the counter */
} CounterWrites;

static void counter_write(Stmt *s, void *arg) {
  CounterWrites *cw = arg;
  if (s->kind == S_WRITE && s->array == cw->array)
    cw->only = cw->only && s->idx.len == 1 && s->idx.data[0]->kind == E_VAR &&
               s->idx.data[0]->var == cw->counter;
}

static void call_write(Stmt *s, void *arg) {
  if (s->kind == S_CALL)
    call_writes(s, arg);
}

/* May a call under s write a (or something that cannot be named)? */
static bool callees_write(Stmt *s, Var *a) {
  Writes w = {0};
  stmt_walk(s, call_write, &w);
  return w.unknown || var_in(&w.arrays, a);
}

/* "a[lo .. hi-1]" when the loop is counted (loops.h: its counter runs over
 * [lo, hi), bounds the loop does not change) and writes the 1-D array a
 * only at its counter, itself, not through calls; NULL otherwise. WP then
 * needs no bound on the arguments (slice_init writes a[low .. high-1],
 * which is in a only when the caller says so). */
static const char *counter_range(const Lines *src, const LoopNest *n, Var *a) {
  if (!n || n->depth != 1 || n->counters[0].until_equal || array_dims(a->type, NULL, 0, NULL) != 1)
    return NULL;
  CounterWrites cw = {.array = a, .counter = n->counters[0].var, .only = true};
  stmt_walk(n->loop->body, counter_write, &cw);
  const char *name = source_name(src, a);
  const char *lo = source_expr(src, n->counters[0].lo);
  const char *hi = source_expr(src, n->counters[0].hi);
  if (!cw.only || callees_write(n->loop->body, a) || !name || !lo || !hi)
    return NULL;
  return xformat("%s[%s .. %s]", name, lo, minus_one(n->counters[0].hi));
}

typedef struct Count {
  Var *array;
  int n;
} Count;

static void count_writes(Stmt *s, void *arg) {
  Count *c = arg;
  c->n += s->kind == S_WRITE && s->array == c->array;
}

typedef struct Unassigned {
  Stmt *body;
  bool ok;
} Unassigned;

static void unassigned(Var *v, void *arg) {
  Unassigned *u = arg;
  u->ok = u->ok && !stmt_assigns(u->body, v);
}

/* The range of a that f writes, when one top-level counted loop does all
 * its writes (counter_range) with bounds f never assigns: in the contract
 * they have their values at entry. NULL otherwise (all of a). */
static const char *function_range(const Lines *src, Func *f, const NestVec *nests, Var *a) {
  Count all = {a, 0};
  stmt_walk(f->body, count_writes, &all);
  if (callees_write(f->body, a))
    return NULL;
  for (int i = 0; i < nests->len; i++) {
    LoopNest *n = nests->data[i];
    Count in = {a, 0};
    stmt_walk(n->loop, count_writes, &in);
    if (!in.n)
      continue;
    const char *r = in.n == all.n ? counter_range(src, n, a) : NULL;
    Unassigned u = {f->body, r != NULL};
    if (r) {
      expr_vars(n->counters[0].lo, unassigned, &u);
      expr_vars(n->counters[0].hi, unassigned, &u);
    }
    return u.ok ? r : NULL;
  }
  return NULL;
}

/* The contract of f, before its first line. */
static void contract(Inserts *ins, const Lines *src, Func *f, const NestVec *nests) {
  Writes w = {0};
  writes_in(f->body, &w);
  VarVec arrays = {0};
  for (int i = 0; i < f->params.len; i++)
    if (f->params.data[i]->type->kind == TY_ARRAY)
      vec_push(&arrays, f->params.data[i]);
  for (int i = 0; i < arrays.len; i++) {
    Var *a = arrays.data[i];
    const char *ext = array_extent(src, a);
    if (!ext)
      continue;
    bool written = var_in(&w.arrays, a);
    add_clause(ins, f->loc.line, xformat("requires %s(%s);\n", written ? "\\valid" : "\\valid_read", ext));
    for (int j = 0; j < arrays.len; j++) {
      Var *b = arrays.data[j];
      const char *ext2 = array_extent(src, b);
      /* each pair once: written before read, else in order */
      bool wb = var_in(&w.arrays, b);
      if (ext2 && j != i && (written || wb) && (written != wb ? written : i < j))
        add_clause(ins, f->loc.line, xformat("requires \\separated(%s, %s);\n", ext, ext2));
    }
  }
  const char **ranges = xalloc(sizeof(char *) * (size_t)(w.arrays.len + 1));
  for (int i = 0; i < w.arrays.len; i++)
    ranges[i] = function_range(src, f, nests, w.arrays.data[i]);
  const char *fr = frame(src, f, &w, true, ranges);
  if (fr)
    add_clause(ins, f->loc.line, xformat("assigns %s;\n", fr));
}

typedef struct LoopScan {
  Inserts *ins;
  const Lines *src;
  const char *file;
  NestVec nests;       /* the function's top-level loops (loops.h) */
  bool variants;       /* also a loop variant where a counter gives one */
  Func *func;          /* the function (the IR after the cells: its names) */
  const char **solved; /* by source line: the offsets an invariant there gives
                          as the pointer itself (p == \at(p, Pre) + ...), each
                          followed by a space */
} LoopScan;

static const LoopNest *nest_of(LoopScan *ls, Stmt *loop) {
  for (int i = 0; i < ls->nests.len; i++)
    if (ls->nests.data[i]->loop == loop)
      return ls->nests.data[i];
  return NULL;
}

/* What decreases at each iteration of a counted loop and stays >= 0 while
 * it runs: hi - v going up, v - lo going down, over [lo, hi) (NULL when
 * the source does not spell it, or the test is v != bound). */
static const char *counter_variant(const Lines *src, const Counter *c) {
  if (c->until_equal || c->stepped_first || !source_name(src, c->var))
    return NULL;
  const char *v = source_name(src, c->var);
  const char *lo = source_expr(src, c->lo), *hi = source_expr(src, c->hi);
  if (c->step > 0)
    return hi ? xformat("%s - %s", hi, v) : NULL;
  return lo ? xformat("%s - %s", v, lo) : NULL;
}

/* The lines [*first, *last] (0-based) of the ACSL comment -- at sign
 * after the opening, or //@ lines -- ending just before f's first line,
 * the user's contract of f; false if there is none. */
static bool contract_lines(const Lines *src, Func *f, int *first, int *last) {
  int i = f->loc.line - 2;
  while (i >= 0 && !src->data[i][strspn(src->data[i], " \t\n")])
    i--;
  if (i < 0)
    return false;
  *last = *first = i;
  const char *l = src->data[i] + strspn(src->data[i], " \t");
  if (!strncmp(l, "//@", 3)) {
    while (*first > 0 &&
           !strncmp(src->data[*first - 1] + strspn(src->data[*first - 1], " \t"), "//@", 3))
      (*first)--;
    return true;
  }
  if (!strstr(l, "*/"))
    return false;
  for (; *first >= 0; (*first)--) {
    const char *open = strstr(src->data[*first], "/*");
    if (open)
      return open[2] == '@';
  }
  return false;
}

/* Does the user's text give f a contract? */
static bool has_contract(const Lines *src, Func *f) {
  int first, last;
  return contract_lines(src, f, &first, &last);
}

/* text[from, to) with each parameter x of f as \at(x, Pre): a location
 * of the contract's assigns, named in a loop. */
static const char *at_entry(Func *f, const char *from, const char *to) {
  StrBuf sb = {0};
  for (const char *k = from; k < to;) {
    if (!isalpha((unsigned char)*k) && *k != '_') {
      sb_printf(&sb, "%c", *k == '\n' ? ' ' : *k);
      k++;
      continue;
    }
    const char *w = k;
    while (k < to && (isalnum((unsigned char)*k) || *k == '_'))
      k++;
    char *word = xstrndup(w, (size_t)(k - w));
    Var *v = find_local(f, word);
    bool param = v && v->kind == VAR_PARAM && (w == from || w[-1] != '\\');
    sb_printf(&sb, param ? "\\at(%s, Pre)" : "%s", word);
  }
  return sb.s;
}

/* The location of array parameter a (moved by f: LIFT_PTR_MOVED) in the
 * assigns of f's contract ("a[0 .. n - 1]"), in the state at entry
 * (at_entry) for a loop assigns; NULL if none. */
static const char *contract_range(const Lines *src, Func *f, const char *a) {
  int first, last;
  if (!contract_lines(src, f, &first, &last))
    return NULL;
  StrBuf sb = {0};
  for (int i = first; i <= last; i++)
    sb_printf(&sb, "%s", src->data[i]);
  const char *text = sb.s;
  size_t n = strlen(a);
  for (const char *c = strstr(text, "assigns"); c; c = strstr(c + 7, "assigns")) {
    if ((c > text && (isalnum((unsigned char)c[-1]) || c[-1] == '_')) || isalnum((unsigned char)c[7]))
      continue;
    const char *end = strchr(c, ';');
    for (const char *l = c + 7; end && l < end;) { /* each location, up to , at depth 0 */
      l += strspn(l, " \t\n@");
      const char *e = l;
      for (int depth = 0; e < end && (depth || *e != ','); e++)
        depth += (*e == '(' || *e == '[') - (*e == ')' || *e == ']');
      if (!strncmp(l, a, n) && l[n] == '[')
        return at_entry(f, l, e);
      l = e + 1;
    }
  }
  return NULL;
}

/* loop assigns before each loop of the source */
static void loop_frame(Stmt *s, void *arg) {
  LoopScan *ls = arg;
  if (s->kind != S_LOOP || s->loc.line <= 0 || s->loc.line > ls->src->len ||
      (s->loc.file && strcmp(s->loc.file, ls->file)))
    return;
  Writes w = {0};
  writes_in(s->body, &w);
  writes_in(s->step, &w);
  const char **ranges = xalloc(sizeof(char *) * (size_t)(w.arrays.len + 1));
  for (int i = 0; i < w.arrays.len; i++) {
    ranges[i] = counter_range(ls->src, nest_of(ls, s), w.arrays.data[i]);
    if (!ranges[i] && lift_pointer_param(ls->func, w.arrays.data[i]->name) == LIFT_PTR_MOVED)
      ranges[i] = contract_range(ls->src, ls->func, w.arrays.data[i]->name);
  }
  /* each pointer the loop moves stays in its block (its class says so):
   * WP needs that to read a difference of pointers as a distance, unless
   * an invariant gives the pointer as its block's start plus a distance */
  for (int i = 0; i < w.scalars.len; i++) {
    Var *off = w.scalars.data[i];
    const char *start = NULL, *ptr = var_in(&w.declared, off) ? NULL
                              : lift_offset_of(ls->func, off->name, &start);
    const char *solved = ls->solved[s->loc.line];
    if (ptr && !(solved && strstr(solved, xformat("%s ", off->name))))
      add_clause(ls->ins, s->loc.line,
                 xformat("loop invariant \\base_addr(%s) == \\base_addr(%s);\n", ptr, start));
  }
  const char *fr = frame(ls->src, ls->func, &w, false, ranges);
  if (fr)
    add_clause(ls->ins, s->loc.line, xformat("loop assigns %s;\n", fr));
  const LoopNest *n = nest_of(ls, s);
  const char *variant = ls->variants && n && n->depth ? counter_variant(ls->src, &n->counters[0])
                                                       : NULL;
  if (variant)
    add_clause(ls->ins, s->loc.line, xformat("loop variant %s;\n", variant));
}

/* annotate: the functions whose loops get annotations -- those with a
 * contract of the user's, and the entry (named by --entry). */
static bool annotated(const Lines *src, Program *orig, Func *f) {
  if (!f || !orig)
    return false;
  for (int i = 0; i < orig->funcs.len; i++)
    if (orig->funcs.data[i]->name && f->name && !strcmp(orig->funcs.data[i]->name, f->name)) {
      Func *o = orig->funcs.data[i];
      return o->is_entry || has_contract(src, o);
    }
  return false;
}

static int cmp_insert(const void *a, const void *b) {
  const Insert *x = a, *y = b;
  return x->line - y->line;
}

static char *indent_of(const char *line) { return xstrndup(line, strspn(line, " \t")); }

static bool read_lines(const char *path, Lines *lines) {
  FILE *in = fopen(path, "r");
  if (!in)
    return false;
  char *buf = NULL;
  size_t cap = 0;
  while (getline(&buf, &cap, in) >= 0)
    vec_push(lines, xstrdup(buf));
  free(buf);
  fclose(in);
  return true;
}

bool report_acsl(FILE *out, Program *orig, Program *abs, LiftedVec *v, bool annotate) {
  Lines lines = {0};
  if (!read_lines(abs->file, &lines)) {
    fprintf(stderr, "%s: error: cannot read the source again\n", abs->file);
    return false;
  }
  Inserts ins = {0};
  /* a moved pointer's offset that an invariant of a loop fixes (n + p_off
   * == n__in): its value, put for it in the loop's other invariants, so
   * that each names the pointer rather than a difference of pointers */
  Z3_ast *offset = xalloc(sizeof(Z3_ast) * (size_t)(v->len + 1));
  Z3_ast *value = xalloc(sizeof(Z3_ast) * (size_t)(v->len + 1));
  const char **solved = xalloc(sizeof(char *) * (size_t)(lines.len + 1));
  for (int i = 0; i < v->len; i++) {
    Lifted *l = &v->data[i];
    if (l->checked > 0 && l->kind == POINT_LOOP_HEAD)
      value[i] = lift_offset_solution(l->func, l->formula, &offset[i]);
  }
  /* the invariants: loop invariants, ensures at function exits, each before
   * the frame clauses (which add_clause appends later) */
  for (int i = 0; i < v->len; i++) {
    Lifted *l = &v->data[i];
    Z3_ast formula = l->formula;
    for (int j = 0; j < v->len && l->kind == POINT_LOOP_HEAD; j++) {
      Lifted *d = &v->data[j];
      if (j != i && value[j] && d->func == l->func && d->loc.line == l->loc.line &&
          !(value[i] && Z3_is_eq_ast(smt_ctx(), offset[i], offset[j])))
        formula = Z3_substitute(smt_ctx(), formula, 1, &offset[j], &value[j]);
    }
    if (l->checked <= 0 || l->loc.line <= 0 || l->loc.line > lines.len ||
        (l->kind != POINT_LOOP_HEAD && (annotate || (l->kind != POINT_EXIT && l->kind != POINT_ENTRY))) ||
        (annotate && (!annotated(&lines, orig, l->func) ||
                      only_frame_of_read_arrays(orig, l->func, formula) ||
                      implied_by_types(orig, l->func, formula))) ||
        (l->loc.file && strcmp(l->loc.file, abs->file)) ||
        !formula_spelled(&lines, abs, l->func, formula, l->kind))
      continue;
    Z3_ast off;
    if (l->kind == POINT_LOOP_HEAD && lift_offset_solution(l->func, formula, &off))
      solved[l->loc.line] = xformat("%s%s ", solved[l->loc.line] ? solved[l->loc.line] : "",
                                    smt_const_name(off));
    bool at_func = l->kind == POINT_EXIT || l->kind == POINT_ENTRY;
    int line = at_func && l->func ? l->func->loc.line : l->loc.line;
    /* a precondition: proved at every call of the program (recheck.h) */
    const char *kw = l->kind == POINT_ENTRY  ? "requires"
                     : l->kind == POINT_EXIT ? "ensures"
                                             : "loop invariant";
    add_clause(&ins, line, xformat("%s %s;\n", kw, lift_acsl(formula, l->kind, abs, l->func)));
  }
  /* the contracts and frames, from the program as written (orig) */
  for (int i = 0; orig && i < orig->funcs.len; i++) {
    Func *f = orig->funcs.data[i];
    if (!f->body || f->generated || f->loc.line <= 0 || f->loc.line > lines.len ||
        (f->loc.file && strcmp(f->loc.file, abs->file)))
      continue;
    if (annotate && !annotated(&lines, orig, f))
      continue;
    LoopScan ls = {&ins, &lines, abs->file, {0}, annotate, f, solved};
    loop_nests(orig, f, &ls.nests);
    forget_stepped_first(&ls.nests);
    if (!annotate) /* (annotate: the user's contract, or none) */
      contract(&ins, &lines, f, &ls.nests);
    stmt_walk(f->body, loop_frame, &ls);
  }
  if (ins.len)
    qsort(ins.data, (size_t)ins.len, sizeof *ins.data, cmp_insert);
  int next = 0;
  for (int i = 0; i < lines.len; i++) {
    while (next < ins.len && ins.data[next].line == i + 1) {
      const char *ind = indent_of(lines.data[i]);
      fprintf(out, "%s/*@\n", ind);
      for (char *c = xformat("%s%s", ins.data[next].first, ins.data[next].text), *nl; *c;
           c = nl + 1) {
        nl = strchr(c, '\n');
        *nl = 0;
        fprintf(out, "%s  %s\n", ind, c);
      }
      fprintf(out, "%s*/\n", ind);
      next++;
    }
    fputs(lines.data[i], out);
  }
  return !ferror(out);
}
