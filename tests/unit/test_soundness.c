/* Soundness by execution (paper, Theorem 1 and its proof in appendix A).
 *
 * Random programs are generated (seeded, deterministic), normalized and
 * abstracted; then the original and the scalar program are run in the
 * interpreter on the same inputs:
 *
 *  - loop-free programs, with as many cells per array as accesses and the
 *    cells set to the indices the original accessed: the runs must agree
 *    exactly (outcome, return value, final scalars) -- Theorem 1;
 *  - programs with loops, fewer cells than accesses: every concrete run must
 *    be reproduced when the reads that miss the cells are fed the concrete
 *    contents -- for any choice of cells if the run succeeds, for some
 *    choice if it fails (an assertion is checked only where a cell is);
 *  - through the compiler: the nondet values the scalar program consumed in
 *    the interpreter are replayed (A2S_VALUES) into the compiled scalar C,
 *    the original's inputs into the compiled original, and the exit codes
 *    must agree.
 *
 * The oracle of the scalar run answers by purpose: a cell index gets the
 * chosen index (Var.role), a cell value the initial contents there, and
 * every other nondet -- user inputs and the results of reads -- the value
 * the original run produced for the same variable at the same point (the
 * original's nondets and reads, reported by Oracle.on_read, are logged in
 * order).
 *
 * A2S_SOUNDNESS_SEED=N changes the seed (to explore; failures print it).
 */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Random numbers ---------------------------------------------------------------- */

typedef struct Rng {
  unsigned long long s;
} Rng;

static unsigned long long rnd(Rng *r) {
  r->s ^= r->s >> 12;
  r->s ^= r->s << 25;
  r->s ^= r->s >> 27;
  return r->s * 2685821657736338717ULL;
}

/* uniform in [lo, hi] */
static int pick(Rng *r, int lo, int hi) { return lo + (int)(rnd(r) % (unsigned)(hi - lo + 1)); }

static unsigned long long base_seed(void) {
  const char *s = getenv("A2S_SOUNDNESS_SEED");
  return s && *s ? strtoull(s, NULL, 10) : 20240611ULL;
}

/* The coverage checks below (enough failing runs, ...) hold for the default
 * seed; another seed is for exploring and only checks soundness. */
static bool default_seed(void) { return !getenv("A2S_SOUNDNESS_SEED"); }

static Rng rng_for(unsigned long long seed) {
  Rng r = {seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL};
  rnd(&r);
  return r;
}

/* ---- Generated programs ------------------------------------------------------------ */

enum { ARR_GLOBAL, ARR_INIT, ARR_UNKNOWN };
#define MAX_ACCESS 12

typedef struct GenArray {
  const char *name;
  int dims;                      /* 1 or 2 */
  int size[2];
  const char *elem;              /* C element type */
  int kind;                      /* ARR_* */
  const char *ix[MAX_ACCESS * 2][2]; /* index variables of each access, in order */
  int naccess;
} GenArray;

typedef struct Gen {
  Rng *rng;
  bool compile;                  /* the compiled original must be deterministic */
  GenArray arr[2];
  int narr;
  int nix;
  int nstmts;
} Gen;

static char *cat(char *a, const char *b) { return xformat("%s%s", a ? a : "", b); }

static const char *scalar(Gen *g) { return xformat("s%d", pick(g->rng, 0, 2)); }

static const char *small_expr(Gen *g) {
  switch (pick(g->rng, 0, 5)) {
  case 0: return xformat("in%d", pick(g->rng, 0, 2));
  case 1: return scalar(g);
  case 2: return xformat("in%d + %d", pick(g->rng, 0, 2), pick(g->rng, -4, 4));
  case 3: return xformat("%s - %d", scalar(g), pick(g->rng, -4, 4));
  case 4: return xformat("%d", pick(g->rng, -5, 5));
  default: return xformat("in%d * 2 - %s", pick(g->rng, 0, 2), scalar(g));
  }
}

static const char *index_expr(Gen *g, int size) {
  if (pick(g->rng, 0, 3) == 0)
    return xformat("%d", pick(g->rng, 0, size - 1));
  return xformat("((%s) %% %d + %d) %% %d", small_expr(g), size, size, size);
}

/* An access to a: assigns fresh index variables (statements into *pre) and
 * returns the subscript expression. `twice`: the access is a read and a
 * write at the same index (a[i]++), two accesses for the cell count. */
static const char *access_to(Gen *g, GenArray *a, char **pre, bool twice) {
  const char *ix[2] = {NULL, NULL}; /* a->dims is 1 or 2 */
  for (int d = 0; d < a->dims; d++) {
    ix[d] = xformat("ix%d", g->nix++);
    *pre = cat(*pre, xformat("%s = %s; ", ix[d], index_expr(g, a->size[d])));
  }
  for (int t = 0; t < (twice ? 2 : 1); t++) {
    a->ix[a->naccess][0] = ix[0];
    a->ix[a->naccess][1] = a->dims > 1 ? ix[1] : NULL;
    a->naccess++;
  }
  return a->dims > 1 ? xformat("%s[%s][%s]", a->name, ix[0], ix[1]) : xformat("%s[%s]", a->name, ix[0]);
}

/* An array that can take `n` more accesses (NULL if none). */
static GenArray *some_array(Gen *g, int n, bool one_dim) {
  int first = pick(g->rng, 0, g->narr - 1);
  for (int k = 0; k < g->narr; k++) {
    GenArray *a = &g->arr[(first + k) % g->narr];
    if (a->naccess + n <= MAX_ACCESS && (!one_dim || a->dims == 1))
      return a;
  }
  return NULL;
}

static char *gen_block(Gen *g, int n, int depth);

static char *gen_stmt(Gen *g, int depth) {
  char *pre = NULL;
  const char *s = NULL;
  GenArray *a, *b;
  int c = pick(g->rng, -4, 4);
  /* assertions a little more often: failing runs are the interesting ones */
  switch (pick(g->rng, 0, 7) == 0 ? 5 : pick(g->rng, 0, 13)) {
  case 0: /* write */
    if (!(a = some_array(g, 1, false)))
      break;
    s = xformat("%s = %s;", access_to(g, a, &pre, false), small_expr(g));
    break;
  case 1: /* read into a scalar, directly or in an expression */
    if (!(a = some_array(g, 1, false)))
      break;
    switch (pick(g->rng, 0, 2)) {
    case 0: s = xformat("%s = %s;", scalar(g), access_to(g, a, &pre, false)); break;
    case 1: { const char *v = scalar(g); s = xformat("%s = %s + %s;", v, v, access_to(g, a, &pre, false)); break; }
    default: s = xformat("%s -= %s;", scalar(g), access_to(g, a, &pre, false)); break;
    }
    break;
  case 2: /* increment or compound assignment of an element */
    if (!(a = some_array(g, 2, false)))
      break;
    s = pick(g->rng, 0, 1) ? xformat("%s++;", access_to(g, a, &pre, true))
                           : xformat("%s += %s;", access_to(g, a, &pre, true), small_expr(g));
    break;
  case 3: /* if on an element */
    if (depth > 1 || !(a = some_array(g, 1, false)))
      break;
    s = xformat("if (%s > %d) {\n%s} else {\n%s}", access_to(g, a, &pre, false), c,
                gen_block(g, pick(g->rng, 1, 2), depth + 1), gen_block(g, pick(g->rng, 0, 2), depth + 1));
    break;
  case 4: /* short-circuit condition reading an element */
    if (depth > 1 || !(a = some_array(g, 1, false)))
      break;
    s = xformat("if (%s > %d && %s != %d) {\n%s}", scalar(g), c, access_to(g, a, &pre, false),
                pick(g->rng, -3, 3), gen_block(g, pick(g->rng, 1, 2), depth + 1));
    break;
  case 5: /* assertion with one or two reads */
    if (!(a = some_array(g, 1, false)) || !(b = some_array(g, 1, false)) ||
        (a == b && a->naccess + 2 > MAX_ACCESS))
      break;
    switch (pick(g->rng, 0, 3)) {
    case 0: s = xformat("__VERIFIER_assert(%s < %d);", access_to(g, a, &pre, false), pick(g->rng, 0, 5)); break;
    case 1: s = xformat("__VERIFIER_assert(%s <= %s + %d);", access_to(g, a, &pre, false),
                        access_to(g, b, &pre, false), pick(g->rng, 0, 6)); break;
    case 2: s = xformat("__VERIFIER_assert(%s > %d || %s != %d);", scalar(g), c,
                        access_to(g, a, &pre, false), pick(g->rng, -2, 2)); break;
    default: s = xformat("__VERIFIER_assert(%s + %s != %d);", access_to(g, a, &pre, false),
                         access_to(g, b, &pre, false), c); break;
    }
    break;
  case 6: /* if (...) reach_error(); */
    if (!(a = some_array(g, 1, false)))
      break;
    s = xformat("if (%s == %d && %s >= %d) reach_error();", access_to(g, a, &pre, false), c,
                scalar(g), pick(g->rng, -6, 2));
    break;
  case 7: /* a user assumption */
    s = xformat("__VERIFIER_assume(%s != %d);", scalar(g), c);
    break;
  case 8: /* calls: the callee works on the caller's cells */
    if (!(a = some_array(g, 1, true)))
      break;
    access_to(g, a, &pre, false); /* the callee's access, at index ixK */
    if (pick(g->rng, 0, 1))
      s = xformat("%s = get_%s(%s, %s);", scalar(g), a->name, a->name, a->ix[a->naccess - 1][0]);
    else
      s = xformat("put_%s(%s, %s, %s);", a->name, a->name, a->ix[a->naccess - 1][0],
                  small_expr(g));
    break;
  case 9: { /* the read's target is in its index: v = A[v] */
    if (!(a = some_array(g, 1, true)))
      break;
    const char *v = scalar(g);
    access_to(g, a, &pre, false); /* records the access at index ixK */
    const char *ix = a->ix[a->naccess - 1][0];
    s = xformat("%s = %s; %s = %s[%s];", v, ix, v, a->name, v);
    break;
  }
  case 10: /* an index read from the array */
    if (!(a = some_array(g, 1, true)) || !(b = some_array(g, 1, false)) ||
        (a == b && a->naccess + 2 > MAX_ACCESS))
      break;
    {
      const char *first = access_to(g, a, &pre, false);
      const char *ix = xformat("ix%d", g->nix++);
      pre = cat(pre, xformat("%s = (%s %% %d + %d) %% %d; ", ix, first, b->size[0], b->size[0],
                             b->size[0]));
      if (b->dims > 1) {
        const char *ix2 = xformat("ix%d", g->nix++);
        pre = cat(pre, xformat("%s = %s; ", ix2, index_expr(g, b->size[1])));
        b->ix[b->naccess][0] = ix;
        b->ix[b->naccess][1] = ix2;
        b->naccess++;
        s = xformat("%s = %s[%s][%s];", scalar(g), b->name, ix, ix2);
      } else {
        b->ix[b->naccess][0] = ix;
        b->ix[b->naccess][1] = NULL;
        b->naccess++;
        s = xformat("%s = %s[%s];", scalar(g), b->name, ix);
      }
    }
    break;
  default: /* scalars only */
    s = xformat("%s = %s;", scalar(g), small_expr(g));
    break;
  }
  if (!s)
    s = xformat("%s = %s;", scalar(g), small_expr(g));
  g->nstmts++;
  return xformat("  %s%s\n", pre ? pre : "", s);
}

static char *gen_block(Gen *g, int n, int depth) {
  char *b = xstrdup("");
  for (int i = 0; i < n; i++)
    b = cat(b, gen_stmt(g, depth));
  return b;
}

static const char prelude[] = "extern int __VERIFIER_nondet_int(void);\n"
                              "extern void __VERIFIER_assume(int);\n"
                              "extern void __VERIFIER_assert(int);\n"
                              "extern void reach_error(void);\n";

/* A loop-free program over one or two arrays. */
static char *gen_loop_free(Gen *g) {
  const char *elems[] = {"int", "int", "int", "short", "unsigned char"};
  g->narr = pick(g->rng, 1, 2);
  char *globals = xstrdup(""), *locals = xstrdup(""), *helpers = xstrdup("");
  for (int k = 0; k < g->narr; k++) {
    GenArray *a = &g->arr[k];
    a->name = k ? "B" : "A";
    a->dims = pick(g->rng, 0, 4) == 0 ? 2 : 1;
    a->size[0] = pick(g->rng, 3, 6);
    a->size[1] = pick(g->rng, 2, 3);
    a->elem = elems[pick(g->rng, 0, 4)];
    a->kind = pick(g->rng, ARR_GLOBAL, g->compile ? ARR_INIT : ARR_UNKNOWN);
    if (a->dims > 1)
      a->kind = ARR_GLOBAL;
    const char *decl = a->dims > 1 ? xformat("%s %s[%d][%d]", a->elem, a->name, a->size[0], a->size[1])
                                   : xformat("%s %s[%d]", a->elem, a->name, a->size[0]);
    if (a->kind == ARR_GLOBAL) {
      globals = cat(globals, xformat("%s;\n", decl));
    } else if (a->kind == ARR_UNKNOWN) {
      locals = cat(locals, xformat("  %s;\n", decl));
    } else {
      char *init = xstrdup("");
      for (int i = 0; i < a->size[0]; i++)
        init = cat(init, xformat("%s%s", i ? ", " : "",
                                 pick(g->rng, 0, 1) ? xformat("in%d", pick(g->rng, 0, 2))
                                                    : xformat("%d", pick(g->rng, -3, 3))));
      locals = cat(locals, xformat("  %s = {%s};\n", decl, init));
    }
    if (a->dims == 1)
      helpers = cat(helpers, xformat("int get_%s(%s b[], int i) { return b[i]; }\n"
                                     "void put_%s(%s b[], int i, int v) { b[i] = v; }\n",
                                     a->name, a->elem, a->name, a->elem));
  }
  char *body = gen_block(g, pick(g->rng, 4, 9), 0);
  char *ixdecl = xstrdup("");
  for (int i = 0; i < g->nix; i++)
    ixdecl = cat(ixdecl, xformat("  int ix%d = 0;\n", i));
  return xformat("%s%s%s"
                 "int main(void) {\n"
                 "  int in0 = __VERIFIER_nondet_int(), in1 = __VERIFIER_nondet_int();\n"
                 "  int in2 = __VERIFIER_nondet_int();\n"
                 "  __VERIFIER_assume(in0 > -10 && in0 < 10 && in1 > -10 && in1 < 10);\n"
                 "  int s0 = 0, s1 = in2, s2 = 1;\n"
                 "%s%s%s"
                 "  return ((s0 + s1 + s2) %% 50 + 50) %% 50 + 2;\n"
                 "}\n",
                 prelude, globals, helpers, ixdecl, locals, body);
}

/* Loop templates over A (and B), n, x, y and the result r. */
static const struct {
  const char *code;
  bool needs_b;
} templates[] = {
    {"for (int i = 0; i < n; i++) A[i] = x + i;", false},
    {"for (int i = 0; i < n; i++) B[i] = A[i];", true},
    {"{ int i = 0; while (i < n && A[i] != x) i++; r += i; }", false},
    {"{ int i = 0, j = n - 1; while (i < j) { int t1 = A[i], t2 = A[j]; A[i] = t2; A[j] = t1; i++; j--; } }", false},
    {"for (int i = 0; i < n; i++) r += A[i];", false},
    {"for (int i = 0; i < n; i++) __VERIFIER_assert(A[i] != x);", false},
    {"for (int i = 1; i < n; i++) __VERIFIER_assert(A[i - 1] <= A[i] + y);", false},
    {"for (int i = 0; i < n; i++) if (A[i] > y) A[i] = y;", false},
    {"for (int i = 0; i + 1 < n; i++) A[i] = A[i + 1];", false},
    {"{ int m = A[0]; for (int i = 1; i < n; i++) if (A[i] > m) m = A[i]; r += m; }", false},
    {"if (A[n / 2] == x) reach_error();", false},
    {"for (int i = 0; i + 1 < n; i += 2) swp(A, i, i + 1);", false},
    {"for (int i = 0; i < n; i++) if (A[i] == x) r++;", false},
    {"__VERIFIER_assert(r != y + 3);", false},
    {"for (int i = 0; i < n; i++) __VERIFIER_assert(A[i] == B[i] || A[i] > x);", true},
    {"{ int i = n - 1; while (i >= 0 && A[i] >= 0) i--; r += i; }", false},
    {"for (int i = n - 1; i >= 0; i--) __VERIFIER_assert(A[i] >= y - 3);", false},
    {"{ int i = 0; while (i < n) { if (A[i] < 0) break; i++; } r += i; }", false},
    {"for (int i = 0; i < n; i++) A[i] = A[i] * 2 - x;", false},
    {"{ int p = -1; for (int i = 0; i < n; i++) if (A[i] < x) { p++; swp(A, i, p); } r += p; }", false},
    {"for (int i = 0; i < n; i++) { int t = B[i]; B[i] = A[i]; A[i] = t; }", true},
    /* reads shared by normalization (share_reads.c), and what must stop it:
     * a write to the array, an assignment to the index or to the holder,
     * a call, a write on one branch only */
    {"for (int i = 0; i < n; i++) { r += A[i]; A[i] = x; r += A[i] * 3; }", false},
    {"for (int i = 0; i + 1 < n; i++) { r += A[i]; i++; r += A[i] * 5; }", false},
    {"{ int k = (x % n + n) % n; r = A[k]; r += A[k] * 2; swp(A, k, 0); r += A[k] * 7; }", false},
    {"for (int i = 0; i < n; i++) { int t = A[i]; if (t > y) A[i] = t - 1; r = r * 2 + A[i] + t; }", false},
    {"for (int i = 0; i < n; i++) { int t = A[i]; t = t + x; r += A[i] - t; }", false},
    {"for (int i = 0; i < n; i++) { if (A[i] > y) { B[i] = A[i]; } else { A[i] = B[i]; } r += A[i] - B[i]; }", true},
};

/* A program with loops over arrays A (and B) of size n. */
static char *gen_loops(Gen *g, bool two) {
  int nt = sizeof templates / sizeof *templates;
  char *body = xstrdup("");
  int count = pick(g->rng, 2, 4);
  for (int k = 0; k < count; k++) {
    int t;
    do
      t = pick(g->rng, 0, nt - 1);
    while (templates[t].needs_b && !two);
    body = cat(body, xformat("  %s\n", templates[t].code));
  }
  /* contents: unknown (interpreter only) or filled from nondets */
  bool fill = g->compile || pick(g->rng, 0, 1);
  const char *arrays = two ? "  int A[n], B[n];\n" : "  int A[n];\n";
  const char *init = !fill ? ""
                     : two ? "  for (int k = 0; k < n; k++) { A[k] = __VERIFIER_nondet_int(); "
                             "B[k] = __VERIFIER_nondet_int(); }\n"
                           : "  for (int k = 0; k < n; k++) A[k] = __VERIFIER_nondet_int();\n";
  return xformat("%s"
                 "void swp(int b[], int i, int j) { int t = b[i]; b[i] = b[j]; b[j] = t; }\n"
                 "int main(void) {\n"
                 "  int n = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int();\n"
                 "  int y = __VERIFIER_nondet_int(), r = 0;\n"
                 "  __VERIFIER_assume(n >= 1 && n <= 5);\n"
                 "%s%s%s"
                 "  return (r %% 50 + 50) %% 50 + 2;\n"
                 "}\n",
                 prelude, arrays, init, body);
}

/* ---- Running the original and the scalar program ---------------------------------- */

/* What the original did, in order: every nondet value and every element read,
 * with the variable that received it. */
typedef struct Event {
  Var *var;
  long long value;
} Event;

typedef VEC(Event) EventVec;
typedef VEC(long long) Values;

/* Initial contents of unknown arrays: a hash of (run seed, array, flat). */
static long long contents_of(unsigned long long seed, Var *array, long long flat, int lo, int hi) {
  Rng r = rng_for(seed ^ ((unsigned long long)array->id * 7919ULL) ^ ((unsigned long long)flat << 20));
  return pick(&r, lo, hi);
}

typedef struct SrcOracle {
  Oracle base;
  unsigned long long seed;
  Rng rng;
  const char *const *names;      /* inputs */
  const long long *named;
  int nnamed;
  int lo, hi;                    /* range of other nondets and contents */
  EventVec log;
  Values consumed;               /* nondet values returned, in order */
} SrcOracle;

static long long src_nondet(Oracle *o, Var *dst, Type *t) {
  (void)t;
  SrcOracle *s = o->state;
  long long v = 0;
  bool found = false;
  for (int i = 0; i < s->nnamed && !found; i++)
    if (!strcmp(s->names[i], dst->name)) {
      v = s->named[i];
      found = true;
    }
  if (!found)
    v = pick(&s->rng, s->lo, s->hi);
  Event e = {dst, v};
  vec_push(&s->log, e);
  vec_push(&s->consumed, v);
  return v;
}

static long long src_array_init(Oracle *o, Var *array, long long flat, Type *elem) {
  (void)elem;
  SrcOracle *s = o->state;
  return contents_of(s->seed, array, flat, s->lo, s->hi);
}

static void src_on_read(Oracle *o, Stmt *read, long long flat, long long value) {
  (void)flat;
  SrcOracle *s = o->state;
  Event e = {read->var, value};
  vec_push(&s->log, e);
}

/* Cell indices chosen for the arrays of the original (by array Var). */
typedef struct Choice {
  Var *array[4];
  long long index[4][MAX_ACCESS * 2 + 1][2];  /* [array][cell_no][dim] */
  int narrays;
} Choice;

typedef struct DstOracle {
  Oracle base;
  unsigned long long seed;
  const Choice *choice;
  const EventVec *log;
  const RunInfo *src_run;        /* the original's run (sizes of VLAs) */
  int next;
  int lo, hi;
  bool mismatch, exhausted;
  const char *why;
  Values consumed;
} DstOracle;

static const long long *chosen(const DstOracle *d, Var *array, int cell_no) {
  for (int i = 0; i < d->choice->narrays; i++)
    if (d->choice->array[i] == array)
      return d->choice->index[i][cell_no];
  return NULL;
}

/* Flat index in the original's row-major layout (dims from the array type). */
static long long flat_of(Var *array, const long long *idx, const RunInfo *src_run) {
  Expr *lens[MAX_DIMS];
  int nd = array_dims(array->type, lens, MAX_DIMS, NULL);
  long long flat = idx[0];
  for (int d = 1; d < nd; d++) {
    long long len = 0;
    if (!expr_is_const(lens[d], &len) && lens[d]->kind == E_VAR)
      final_of(src_run, lens[d]->var->name, &len);
    flat = flat * len + idx[d];
  }
  return flat;
}

static long long dst_nondet(Oracle *o, Var *dst, Type *t) {
  (void)t;
  DstOracle *d = o->state;
  long long v = 0;
  if (dst->role == ROLE_CELL_INDEX || dst->role == ROLE_CELL_VALUE) {
    const long long *idx = chosen(d, dst->cells->array, dst->cell_no);
    if (!idx) {
      /* cells of a callee's parameter (its initial-value cell): far away,
       * equal to no index the program uses */
      v = dst->role == ROLE_CELL_INDEX ? 1000000 + dst->cell_no : 0;
    } else if (dst->role == ROLE_CELL_INDEX) {
      v = idx[dst->cell_dim];
    } else {
      v = contents_of(d->seed, dst->cells->array, flat_of(dst->cells->array, idx, d->src_run),
                      d->lo, d->hi);
    }
  } else if (d->next >= d->log->len) {
    d->exhausted = true;
  } else if (d->log->data[d->next].var != dst) {
    if (!d->mismatch)
      d->why = xformat("the scalar program asks a value for '%s' where the original gave one "
                       "to '%s'", dst->name, d->log->data[d->next].var->name);
    d->mismatch = true;
  } else {
    v = d->log->data[d->next++].value;
  }
  vec_push(&d->consumed, v);
  return v;
}

static long long dst_array_init(Oracle *o, Var *array, long long flat, Type *elem) {
  (void)o;
  (void)elem;
  fail_msg("the scalar program has an array '%s' (%lld)", array->name, flat);
  return 0;
}

/* Run the original with the given inputs; its run and oracle (log). */
static RunInfo run_src(Program *p, SrcOracle *s) {
  s->base = (Oracle){.nondet = src_nondet, .array_init = src_array_init, .on_read = src_on_read,
                     .state = s};
  s->rng = rng_for(s->seed);
  return run_program(p, &s->base, 200000);
}

static RunInfo run_dst(Program *q, DstOracle *d, const RunInfo *src_run) {
  d->base = (Oracle){.nondet = dst_nondet, .array_init = dst_array_init, .state = d};
  d->src_run = src_run;
  return run_program(q, &d->base, 200000);
}

/* Is the scalar run a faithful replay of the original? NULL if so, else why.
 * `loose`: variables whose final values may differ when both runs fail --
 * the counters of rewritten check loops: the loop is checked cell by cell,
 * not in iteration order, so at a failure its counter may stand at another
 * failing iteration than the first one the original met. */
static const char *replays_(const RunInfo *s, const RunInfo *t, const DstOracle *d,
                            const VarVec *loose) {
  if (d->mismatch)
    return d->why;
  if (t->result != s->result)
    return xformat("outcome %s instead of %s (at line %d)", run_result_name(t->result),
                   run_result_name(s->result), t->where.line);
  if (d->exhausted || d->next != d->log->len)
    return xformat("the scalar run used %d of the %d values of the original", d->next, d->log->len);
  if (s->result == RUN_OK && s->ret != t->ret)
    return xformat("returned %lld instead of %lld", t->ret, s->ret);
  if (s->result == RUN_ERROR && (t->where.line != s->where.line || t->where.col != s->where.col))
    return xformat("fails at line %d instead of %d", t->where.line, s->where.line);
  for (int i = 0; i < s->final_vars.len; i++) {
    Var *v = s->final_vars.data[i];
    bool skip_it = false;
    for (int j = 0; loose && s->result == RUN_ERROR && j < loose->len; j++)
      skip_it |= loose->data[j] == v;
    for (int j = 0; j < t->final_vars.len && !skip_it; j++)
      if (t->final_vars.data[j] == v && t->final_values.data[j] != s->final_values.data[i])
        return xformat("final %s = %lld instead of %lld", v->name, t->final_values.data[j],
                       s->final_values.data[i]);
  }
  return NULL;
}

static const char *replays(const RunInfo *s, const RunInfo *t, const DstOracle *d) {
  return replays_(s, t, d, NULL);
}

/* Counters of the check loops of q: k where q has `k_entry = k`. */
static void loop_counters(Program *q, VarVec *out) {
  for (int f = 0; f < q->funcs.len; f++) {
    if (!q->funcs.data[f]->body)
      continue;
    StmtVec assigns = {0};
    collect_stmts(q->funcs.data[f]->body, S_ASSIGN, &assigns);
    for (int i = 0; i < assigns.len; i++) {
      Stmt *a = assigns.data[i];
      const char *name = a->var->name;
      size_t n = strlen(name);
      if (a->var->role == ROLE_TEMP && n > 6 && !strcmp(name + n - 6, "_entry") &&
          a->expr->kind == E_VAR)
        vec_push(out, a->expr->var);
    }
  }
}

/* The interpreter asks a nondet for every scalar declaration; compiled C
 * does not (`int x = e;`). The generated programs initialize every scalar,
 * so declarations are made no-ops for the runs that are compared with
 * compiled code (after the C text was emitted). */
static void strip_scalar_decls(Stmt *s) {
  StmtVec decls = {0};
  collect_stmts(s, S_DECL, &decls);
  for (int i = 0; i < decls.len; i++)
    if (is_scalar(decls.data[i]->var->type)) {
      decls.data[i]->kind = S_BLOCK;
      decls.data[i]->stmts.len = 0;
    }
}

static void strip_program(Program *p) {
  for (int i = 0; i < p->funcs.len; i++)
    if (p->funcs.data[i]->body)
      strip_scalar_decls(p->funcs.data[i]->body);
}

static char *values_text(const Values *v) {
  char *s = xstrdup("");
  for (int i = 0; i < v->len; i++)
    s = xformat("%s%s%lld", s, i ? " " : "", v->data[i]);
  return s;
}

/* Expected exit code of a compiled run with outcome r. */
static int exit_code(const RunInfo *r) {
  return r->result == RUN_ERROR ? 1 : r->result == RUN_BLOCKED ? 200 : (int)(r->ret & 255);
}

/* ---- Counters, to make sure the tests exercised what they claim ---------------------- */

typedef struct Stats {
  int programs, runs, ok, error, blocked, searched, compiled_runs;
} Stats;

static void report(const char *what, const Stats *s) {
  print_message("%s: %d programs, %d runs (%d ok, %d error, %d blocked; %d needed a search "
                "over cells; %d compiled runs)\n",
                what, s->programs, s->runs, s->ok, s->error, s->blocked, s->searched,
                s->compiled_runs);
}

static void count_outcome(Stats *st, const RunInfo *r) {
  st->runs++;
  st->ok += r->result == RUN_OK;
  st->error += r->result == RUN_ERROR;
  st->blocked += r->result == RUN_BLOCKED;
}

/* ---- Loop-free programs: Theorem 1 --------------------------------------------------- */

typedef struct Compiled {
  const char *orig, *scalar;     /* executables, NULL if not compiled */
} Compiled;

/* Translate src (already written by the generator) and compile both. */
static Compiled compile_pair(const char *src, Program *q, int id) {
  Compiled c = {0};
  const char *dir = test_dir();
  const char *oc = xformat("%s/orig%d.c", dir, id), *sc = xformat("%s/scalar%d.c", dir, id);
  const char *oe = xformat("%s/orig%d", dir, id), *se = xformat("%s/scalar%d", dir, id);
  assert_true(write_file(oc, src));
  assert_true(write_file(sc, c_text(q)));
  if (!compile_with_runtime(oc, oe))
    fail_msg("the generated program does not compile:\n%s", src);
  if (!compile_with_runtime(sc, se))
    fail_msg("the scalar program does not compile:\n%s", c_text(q));
  c.orig = oe;
  c.scalar = se;
  return c;
}

static void check_compiled(const Compiled *c, const SrcOracle *s, const DstOracle *d,
                           const RunInfo *sr, const char *src, Stats *st) {
  if (!c->orig)
    return;
  int want = exit_code(sr);
  int o = run_exe(c->orig, values_text(&s->consumed), 200);
  int t = run_exe(c->scalar, values_text(&d->consumed), 200);
  if (o != want || t != want)
    fail_msg("compiled runs disagree: original exits %d, scalar exits %d, the interpreter says "
             "%d\noriginal values: %s\nscalar values: %s\n%s",
             o, t, want, values_text(&s->consumed), values_text(&d->consumed), src);
  st->compiled_runs++;
}

static void loop_free_program(unsigned long long seed, bool compile, int nruns, Stats *st) {
  Rng rng = rng_for(seed);
  Gen g = {.rng = &rng, .compile = compile};
  char *src = gen_loop_free(&g);
  Program *p = normalize_text(src);
  if (!p)
    fail_msg("seed %llu: generated program not translated: %s\n%s", seed, diag_captured(), src);
  /* as many cells as accesses (Theorem 1: n_i >= alpha_i) */
  CellOptions o = {.observers = pick(&rng, 0, 3) == 0};
  for (int k = 0; k < g.narr; k++)
    add_spec(&o, g.arr[k].name, g.arr[k].naccess ? g.arr[k].naccess : 1, false, false);
  Program *q = abstract_program(p, &o);
  if (!q)
    fail_msg("seed %llu: not abstracted: %s\n%s", seed, diag_captured(), src);
  Compiled c = compile ? compile_pair(src, q, (int)(seed % 100000)) : (Compiled){0};
  strip_program(p);
  strip_program(q);
  st->programs++;
  for (int run = 0; run < nruns; run++) {
    const char *names[] = {"in0", "in1", "in2"};
    long long in[3];
    for (int i = 0; i < 3; i++)
      in[i] = pick(&rng, 0, 9) ? pick(&rng, -4, 4) : pick(&rng, -11, 11);
    SrcOracle s = {.seed = seed * 31 + (unsigned)run, .names = names, .named = in, .nnamed = 3,
                   .lo = -6, .hi = 6};
    RunInfo sr = run_src(p, &s);
    if (sr.result == RUN_UNDEFINED || sr.result == RUN_LIMIT)
      fail_msg("seed %llu: the generated program misbehaves (%s: %s at line %d)\n%s", seed,
               run_result_name(sr.result), sr.why, sr.where.line, src);
    count_outcome(st, &sr);
    /* cell j of an array: the index of its j-th access in this run */
    Choice ch = {0};
    for (int k = 0; k < g.narr; k++) {
      GenArray *a = &g.arr[k];
      ch.array[k] = var_named(p, find_func(p, "main"), a->name);
      assert_non_null(ch.array[k]);
      for (int j = 0; j < a->naccess; j++)
        for (int dd = 0; dd < a->dims; dd++)
          assert_true(final_of(&sr, a->ix[j][dd], &ch.index[k][j + 1][dd]));
    }
    ch.narrays = g.narr;
    DstOracle d = {.seed = s.seed, .choice = &ch, .log = &s.log, .lo = s.lo, .hi = s.hi};
    RunInfo tr = run_dst(q, &d, &sr);
    const char *why = replays(&sr, &tr, &d);
    if (why)
      fail_msg("seed %llu, inputs %lld %lld %lld: %s\n%s", seed, in[0], in[1], in[2], why, src);
    check_compiled(&c, &s, &d, &sr, src, st);
  }
}

static void loop_free_theorem1(void **state) {
  (void)state;
  Stats st = {0};
  unsigned long long seed = base_seed();
  for (int i = 0; i < 60; i++)
    loop_free_program(seed + (unsigned)i, false, 6, &st);
  report("loop-free", &st);
  /* the random programs must have reached every outcome */
  if (default_seed())
    assert_true(st.ok > 100 && st.error > 20 && st.blocked > 5);
}

/* ---- Programs with loops ------------------------------------------------------------- */

/* Length of dimension d of array in the original run (constant or a
 * variable's final value). */
static long long dim_len(Var *array, int d, const RunInfo *sr) {
  Expr *lens[MAX_DIMS];
  array_dims(array->type, lens, MAX_DIMS, NULL);
  long long len = 1;
  if (lens[d] && !expr_is_const(lens[d], &len) && lens[d]->kind == E_VAR)
    final_of(sr, lens[d]->var->name, &len);
  return len > 0 ? len : 1;
}

/* Choices of cells for the arrays of a program, tried until one replays the
 * original run. */
typedef struct Search {
  Program *q;
  const RunInfo *sr;
  const SrcOracle *s;
  Choice ch;
  VarVec counters;               /* of check loops (see replays_) */
  bool loose_found;              /* a replay up to check-loop counters */
  DstOracle loose_d;
  int ncells[4];                 /* current cells per array */
  int ndims[4];
  bool initial[4], ordered[4];
  long long len[4][2];           /* dimensions in this run */
  DstOracle found;
  int tries;
} Search;

/* The arrays named (of main, or global) and their cells in q. */
static void search_arrays(Search *se, Program *p, const char *const *names, int n) {
  Func *m = find_func(p, "main");
  for (int a = 0; a < n; a++) {
    ArrayCells *ac = cells_named(se->q, "main", names[a]);
    if (!ac)
      ac = cells_named(se->q, NULL, names[a]);
    if (!ac)
      continue; /* declared, never used */
    int k = se->ch.narrays++;
    se->ch.array[k] = var_named(p, m, names[a]);
    se->ndims[k] = ac->ndims;
    se->initial[k] = ac->cells.len && ac->cells.data[ac->cells.len - 1].initial;
    se->ncells[k] = ac->cells.len - se->initial[k];
    se->ordered[k] = ac->ordered;
  }
}

static void search_lengths(Search *se) {
  for (int k = 0; k < se->ch.narrays; k++)
    for (int d = 0; d < se->ndims[k]; d++)
      se->len[k][d] = dim_len(se->ch.array[k], d, se->sr);
}

/* Lexicographic x < y on index tuples. */
static bool lex_less(const long long *x, const long long *y, int ndims) {
  for (int d = 0; d < ndims; d++)
    if (x[d] != y[d])
      return x[d] < y[d];
  return false;
}

/* Ordered cells increase -- unless the array is too small to hold them (then
 * the constraint is not assumed). */
static bool choice_valid(const Search *se) {
  for (int k = 0; k < se->ch.narrays; k++) {
    long long elems = 1;
    for (int d = 0; d < se->ndims[k]; d++)
      elems *= se->len[k][d];
    if (se->ordered[k] && elems >= se->ncells[k])
      for (int j = 1; j < se->ncells[k]; j++)
        if (!lex_less(se->ch.index[k][j], se->ch.index[k][j + 1], se->ndims[k]))
          return false;
  }
  return true;
}

static bool try_choice(Search *se) {
  DstOracle d = {.seed = se->s->seed, .choice = &se->ch, .log = &se->s->log, .lo = se->s->lo,
                 .hi = se->s->hi};
  RunInfo tr = run_dst(se->q, &d, se->sr);
  se->tries++;
  const char *why = replays(se->sr, &tr, &d);
  if (!why) {
    se->found = d;
    return true;
  }
  if (!se->loose_found && !replays_(se->sr, &tr, &d, &se->counters)) {
    se->loose_found = true;
    se->loose_d = d;
  }
  if (getenv("A2S_SOUNDNESS_DEBUG"))
    print_message("  choice %lld %lld %lld: %s\n", se->ch.index[0][1][0], se->ch.index[0][2][0],
                  se->ch.index[1][1][0], why);
  return false;
}

/* Every choice of the current cells' indices (an odometer), until one
 * replays the run; else one that replays it up to check-loop counters. */
static bool search_all(Search *se) {
  int slots = 0;
  long long *slot[32], radix[32];
  for (int k = 0; k < se->ch.narrays; k++)
    for (int j = 1; j <= se->ncells[k]; j++)
      for (int d = 0; d < se->ndims[k] && slots < 32; d++) {
        slot[slots] = &se->ch.index[k][j][d];
        radix[slots++] = se->len[k][d];
      }
  long long total = 1;
  for (int i = 0; i < slots && total <= 100000; i++)
    total *= radix[i];
  assert_true(total <= 100000);
  for (long long c = 0; c < total; c++) {
    long long rest = c;
    for (int i = 0; i < slots; i++) {
      *slot[i] = rest % radix[i];
      rest /= radix[i];
    }
    if (choice_valid(se) && try_choice(se))
      return true;
  }
  if (!se->loose_found)
    return false;
  se->found = se->loose_d;
  return true;
}

/* A random valid choice (the initial-value cell too). */
static void random_choice(Search *se, Rng *rng) {
  do {
    for (int k = 0; k < se->ch.narrays; k++)
      for (int j = 0; j <= se->ncells[k]; j++)
        for (int d = 0; d < se->ndims[k]; d++)
          se->ch.index[k][j][d] = pick(rng, 0, (int)se->len[k][d] - 1);
  } while (!choice_valid(se));
}

/* Run src on random inputs n (1..5, sometimes 0), x, y (-3..3) and check
 * that the scalar program reproduces every run: with a random choice of
 * cells when the run succeeds, with some choice when it fails. */
static void reproduce_runs(const char *src, const CellOptions *o, const char *const *arrays,
                           int narrays, unsigned long long seed, bool compile, int nruns,
                           Stats *st) {
  Rng rng = rng_for(seed * 3 + 1);
  Program *p = normalize_text(src);
  if (!p)
    fail_msg("seed %llu: program not translated: %s\n%s", seed, diag_captured(), src);
  Program *q = abstract_program(p, o);
  if (!q)
    fail_msg("seed %llu: not abstracted: %s\n%s", seed, diag_captured(), src);
  Compiled c = compile ? compile_pair(src, q, 500000 + (int)(seed % 100000)) : (Compiled){0};
  strip_program(p);
  strip_program(q);
  st->programs++;
  Search se = {.q = q};
  loop_counters(q, &se.counters);
  search_arrays(&se, p, arrays, narrays);
  for (int run = 0; run < nruns; run++) {
    const char *names[] = {"n", "x", "y"};
    long long in[3] = {pick(&rng, 0, 19) ? pick(&rng, 1, 5) : 0, pick(&rng, -3, 3), pick(&rng, -3, 3)};
    SrcOracle s = {.seed = seed * 131 + (unsigned)run, .names = names, .named = in, .nnamed = 3,
                   .lo = -3, .hi = 3};
    RunInfo sr = run_src(p, &s);
    if (sr.result == RUN_UNDEFINED || sr.result == RUN_LIMIT)
      fail_msg("seed %llu: the program misbehaves (%s: %s at line %d)\n%s", seed,
               run_result_name(sr.result), sr.why, sr.where.line, src);
    count_outcome(st, &sr);
    se.sr = &sr;
    se.s = &s;
    se.loose_found = false;
    search_lengths(&se);
    random_choice(&se, &rng);
    bool ok = try_choice(&se);
    if (!ok && sr.result == RUN_OK) {
      DstOracle d = {.seed = s.seed, .choice = &se.ch, .log = &s.log, .lo = s.lo, .hi = s.hi};
      RunInfo tr = run_dst(q, &d, &sr);
      fail_msg("seed %llu, n=%lld x=%lld y=%lld: a successful run is not reproduced: %s\n%s", seed,
               in[0], in[1], in[2], replays(&sr, &tr, &d), src);
    }
    if (!ok) {
      /* a failure is seen only by cells where it happens: search */
      st->searched++;
      if (!search_all(&se))
        fail_msg("seed %llu, n=%lld x=%lld y=%lld: the original ends in %s at line %d; no choice "
                 "of cells reproduces it (%d tried)\n%s",
                 seed, in[0], in[1], in[2], run_result_name(sr.result), sr.where.line, se.tries,
                 src);
    }
    check_compiled(&c, &s, &se.found, &sr, src, st);
  }
}

static void loop_program(unsigned long long seed, bool compile, int nruns, Stats *st) {
  Rng rng = rng_for(seed);
  Gen g = {.rng = &rng, .compile = compile};
  bool two = pick(&rng, 0, 2) == 0;
  char *src = gen_loops(&g, two);
  /* few cells: one to three, sometimes ordered, sometimes an initial-value
   * cell; or the automatic count */
  CellOptions o = {.observers = pick(&rng, 0, 3) == 0};
  const char *anames[] = {"A", "B"};
  for (int k = 0; k < (two ? 2 : 1); k++)
    if (pick(&rng, 0, 2))
      add_spec(&o, anames[k], pick(&rng, 1, two ? 2 : 3), pick(&rng, 0, 3) == 0, pick(&rng, 0, 3) == 0);
  reproduce_runs(src, &o, anames, two ? 2 : 1, seed, compile, nruns, st);
}

static void loops_every_run_reproduced(void **state) {
  (void)state;
  Stats st = {0};
  unsigned long long seed = base_seed() + 1000;
  for (int i = 0; i < 30; i++)
    loop_program(seed + (unsigned)i, false, 10, &st);
  report("loops", &st);
  if (default_seed())
    assert_true(st.ok > 40 && st.error > 20 && st.searched > 5);
}

/* Hand-written programs for what the templates do not make: recursion,
 * arrays local to a loop body, a global array written by a callee, a VLA
 * matrix, switch and do-while over elements, break and continue. */
static const char *const handwritten[] = {
    "void fill(int b[], int i, int n, int x) { if (i >= n) return; b[i] = x + i; fill(b, i + 1, n, x); }\n"
    "int sum(int b[], int i, int n) { return i >= n ? 0 : b[i] + sum(b, i + 1, n); }\n"
    "int main(void) { int n = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n >= 1 && n <= 5); int A[n]; fill(A, 0, n, x); int r = sum(A, 0, n);\n"
    "  for (int i = 0; i < n; i++) __VERIFIER_assert(A[i] == x + i);\n"
    "  __VERIFIER_assert(r != y); return (r % 50 + 50) % 50 + 2; }\n",

    "int main(void) { int n = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n >= 1 && n <= 5); int r = 0;\n"
    "  for (int k = 0; k < n; k++) { int A[5] = {x, k, y}; A[4] = A[k % 3] + 1; r += A[4];\n"
    "    if (A[(k + 1) % 3] > 2) reach_error(); }\n"
    "  return (r % 50 + 50) % 50 + 2; }\n",

    "int G[5];\n"
    "void put(int i, int v) { G[i] = v; }\n"
    "int main(void) { int n = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n >= 1 && n <= 5);\n"
    "  for (int k = 0; k < n; k++) put(k, x * k);\n"
    "  for (int k = 0; k < n; k++) __VERIFIER_assert(G[k] != y + 2);\n"
    "  return G[n - 1] + 10; }\n",

    "int main(void) { int n = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n >= 1 && n <= 4); int A[n][n];\n"
    "  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) A[i][j] = i - j + x;\n"
    "  A[n / 2][0] = y;\n"
    "  for (int i = 0; i < n; i++) __VERIFIER_assert(A[i][i] == x);\n"
    "  return A[n - 1][0] + 10; }\n",

    "int main(void) { int n = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n >= 1 && n <= 5); int A[n]; int r = 0, i = 0;\n"
    "  do { switch (A[i]) { case 0: r++; break; case 1: r += 2; default: r += 3; } i++; } while (i < n);\n"
    "  __VERIFIER_assert(r < 3 * n - x); return r + 2; }\n",

    "int main(void) { int n = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n >= 1 && n <= 5); int A[n], B[n]; int i = 0;\n"
    "  for (int k = 0; k < n; k++) B[k] = k;\n"
    "  while (1) { if (i >= n) break; if (A[i] < x) { i++; continue; } A[i] = -A[i]; B[i] = A[i]; i++; }\n"
    "  for (int k = 0; k < n; k++) __VERIFIER_assert(A[k] < x || A[k] <= 0 || B[k] == k);\n"
    "  if (B[0] == y) reach_error(); return i + 2; }\n",
};

static void handwritten_runs_reproduced(void **state) {
  (void)state;
  Stats st = {0};
  const char *arrays[] = {"A", "B", "G"};
  size_t n = sizeof handwritten / sizeof *handwritten;
  for (size_t i = 0; i < n; i++) {
    const char *src = xformat("%s%s", prelude, handwritten[i]);
    CellOptions automatic = {0}, two = {0};
    add_spec(&two, "A", 2, false, true);
    reproduce_runs(src, &automatic, arrays, 3, base_seed() + 9000 + i, false, 12, &st);
    reproduce_runs(src, &two, arrays, 3, base_seed() + 9100 + i, false, 8, &st);
  }
  report("hand-written", &st);
  if (default_seed())
    assert_true(st.ok > 20 && st.error > 10);
}

/* Hand-written programs over the memory constructs of the front end: heap
 * blocks (malloc, calloc, free), memcpy, a pointer walking an array, an
 * array of structs (one array per field), a struct written through a
 * pointer by a callee and copied into the array. */
static const char *const memory_programs[] = {
    "#include <stdlib.h>\n#include <string.h>\n"
    "int main(void) { int n = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n >= 1 && n <= 5); int *A = malloc(n * sizeof(int));\n"
    "  for (int k = 0; k < n; k++) A[k] = x + k;\n"
    "  int *B = calloc(n, sizeof(int)); memcpy(B, A, (n - 1) * sizeof(int));\n"
    "  for (int k = 0; k < n; k++) __VERIFIER_assert(B[k] != y);\n"
    "  free(A); return B[n - 1] + 2; }\n",

    "struct S { int n; short m; };\nstruct S G[5];\n"
    "int main(void) { int n = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n >= 1 && n <= 5); int A[5]; int *p = A;\n"
    "  while (p < A + n) { *p = x; p++; }\n"
    "  for (int k = 0; k < n; k++) { G[k].n = A[k] - k; G[k].m = y; }\n"
    "  for (int k = 0; k < n; k++) __VERIFIER_assert(G[k].n + G[k].m != y + 2);\n"
    "  if (p - A != n) reach_error(); return G[0].n + 10; }\n",

    "struct S { int n; short m; };\nstruct S G[5];\n"
    "void set(struct S *s, int v) { s->n = v; s->m = v + 1; }\n"
    "int main(void) { int n = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n >= 1 && n <= 5);\n"
    "  for (int k = 0; k < n; k++) { G[k].n = x - k; G[k].m = y; }\n"
    "  struct S t; set(&t, y); G[n / 2] = t;\n"
    "  for (int k = 0; k < n; k++) __VERIFIER_assert(G[k].n + G[k].m != x + 1);\n"
    "  return G[0].n + 10; }\n",
};

static void memory_runs_reproduced(void **state) {
  (void)state;
  Stats st = {0};
  /* the arrays whose cells are searched (those the assertions read) */
  const char *const arrays[][4] = {
      {"A", "B", NULL, NULL}, {"A", "G_n", "G_m", NULL}, {"G_n", "G_m", "t_n", "t_m"}};
  const int narrays[] = {2, 3, 4};
  size_t n = sizeof memory_programs / sizeof *memory_programs;
  for (size_t i = 0; i < n; i++) {
    const char *src = xformat("%s%s", prelude, memory_programs[i]);
    CellOptions automatic = {0}, one = {0};
    add_spec(&one, arrays[i][0], 1, false, false);
    reproduce_runs(src, &automatic, arrays[i], narrays[i], base_seed() + 9500 + i, have_cc(), 12,
                   &st);
    reproduce_runs(src, &one, arrays[i], narrays[i], base_seed() + 9600 + i, false, 8, &st);
  }
  report("memory", &st);
  if (default_seed())
    assert_true(st.ok > 5 && st.error > 5);
}

/* ---- Through the compiler -------------------------------------------------------------- */

static void compiled_programs_agree(void **state) {
  (void)state;
  if (!have_cc())
    skip();
  Stats st = {0};
  unsigned long long seed = base_seed() + 5000;
  for (int i = 0; i < 10; i++)
    loop_free_program(seed + (unsigned)i, true, 4, &st);
  for (int i = 0; i < 6; i++)
    loop_program(seed + 100 + (unsigned)i, true, 4, &st);
  report("compiled", &st);
  assert_int_equal(st.compiled_runs, st.runs);
  if (default_seed())
    assert_true(st.error > 1 && st.ok > 5);
}

/* ---- The examples, with their own inputs -------------------------------------------- */

/* The paper's examples (entry main, automatic cells) on random inputs: every
 * run is safe, and a random choice of cells reproduces it. */
static void examples_reproduced(void **state) {
  (void)state;
  const char *names[] = {"array_copy", "dutch_flag", "matrix_init", "reverse", "sentinel",
                         "slice_init"};
  Stats st = {0};
  for (size_t e = 0; e < sizeof names / sizeof *names; e++) {
    const char *path = xformat("%s/examples/%s.c", A2S_SOURCE_DIR, names[e]);
    diag_capture(true);
    Program *p = parse_program(path, 0, NULL, NULL);
    p = p ? normalize_program(p) : NULL;
    diag_capture(false);
    assert_non_null(p);
    Program *q = abstract_program(p, NULL);
    assert_non_null(q);
    strip_program(p);
    strip_program(q);
    st.programs++;
    Rng rng = rng_for(base_seed() + e);
    Search se = {.q = q};
    for (int i = 0; i < q->arrays.len && se.ch.narrays < 4; i++) {
      ArrayCells *ac = q->arrays.data[i];
      if (!ac->owner || strcmp(ac->owner->name, "main"))
        continue;
      int k = se.ch.narrays++;
      se.ch.array[k] = ac->array;
      se.ncells[k] = ac->cells.len;
    }
    bool flag = !strcmp(names[e], "dutch_flag");
    for (int run = 0; run < 8; run++) {
      const char *in_names[] = {"n", "m", "size", "low", "high", "v"};
      long long n = pick(&rng, 1, 4), low = pick(&rng, 0, (int)n), high = pick(&rng, (int)low, (int)n);
      long long in[] = {n, pick(&rng, 1, 3), n, flag ? pick(&rng, -2, 0) : low,
                        flag ? pick(&rng, 0, 2) : high, pick(&rng, -3, 3)};
      SrcOracle s = {.seed = base_seed() * 7 + e * 100 + (unsigned)run, .names = in_names,
                     .named = in, .nnamed = 6, .lo = -3, .hi = 3};
      RunInfo sr = run_src(p, &s);
      if (sr.result != RUN_OK && sr.result != RUN_BLOCKED)
        fail_msg("%s: the example ends in %s at line %d", names[e], run_result_name(sr.result),
                 sr.where.line);
      count_outcome(&st, &sr);
      se.sr = &sr;
      se.s = &s;
      for (int k = 0; k < se.ch.narrays; k++)
        for (int j = 1; j <= se.ncells[k]; j++)
          for (int d = 0; d < array_dims(se.ch.array[k]->type, NULL, 0, NULL); d++)
            se.ch.index[k][j][d] = pick(&rng, 0, (int)dim_len(se.ch.array[k], d, &sr) - 1);
      if (!try_choice(&se)) {
        DstOracle d = {.seed = s.seed, .choice = &se.ch, .log = &s.log, .lo = s.lo, .hi = s.hi};
        RunInfo tr = run_dst(q, &d, &sr);
        fail_msg("%s (run %d): the run is not reproduced: %s", names[e], run,
                 replays(&sr, &tr, &d));
      }
    }
  }
  report("examples", &st);
  if (default_seed())
    assert_true(st.ok > 20);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(loop_free_theorem1, teardown_all),
      cmocka_unit_test_teardown(loops_every_run_reproduced, teardown_all),
      cmocka_unit_test_teardown(handwritten_runs_reproduced, teardown_all),
      cmocka_unit_test_teardown(memory_runs_reproduced, teardown_all),
      cmocka_unit_test_teardown(compiled_programs_agree, teardown_all),
      cmocka_unit_test_teardown(examples_reproduced, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
