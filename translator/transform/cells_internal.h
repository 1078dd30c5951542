/*
 * cells_internal.h -- what the files of the cell abstraction share (see the
 * overview in cells.c): the state of one abstraction, array classes, and
 * the functions one file gives another. Private to translator/transform/.
 */
#ifndef A2S_CELLS_INTERNAL_H
#define A2S_CELLS_INTERNAL_H

#include "dataflow.h"
#include "frontend.h"
#include "transform.h"

typedef struct ArrayInfo {
  Var *array;
  struct ArrayInfo *parent;   /* union-find */
  int count;                  /* cells asked for or needed (0: none yet) */
  bool ordered, initial, used;
  bool exact;                 /* a cell per element, at fixed indices */
} ArrayInfo;

typedef struct Abs {
  Program *src, *dst;
  const CellOptions *opt;
  VEC(ArrayInfo *) infos;
  Func *sf, *df;              /* function being rewritten: source, result */
  VEC(Func *) dfuncs;         /* result function of each source function */
  VEC(Stmt *) loop_old;       /* source loop/switch -> rewritten one */
  VEC(Stmt *) loop_new;
  /* --focus */
  Expr *focus;
  Func *focus_owner;          /* function where it is assumed (NULL: program start) */
  VEC(ArrayCells *) focus_arrays; /* arrays whose cells it mentions */
  bool focus_done;
  VarVec focus_locals;        /* locals of focus_owner it mentions */
  VarVec in_scope;            /* locals declared at this point of rewriting */
  VEC(ArrayCells *) created;  /* arrays whose cells exist at this point of rewriting */
  /* --observers */
  Stmt *observer_init;        /* where observers of the current function start */
  int in_check_loop;
  Func *start;                /* function where global arrays get their cells */
  Func *target;               /* the function the generated harness calls */
} Abs;

typedef void (*StmtFn)(Abs *a, Stmt *s);

/* Distinct array reads of an expression, inner reads first. */
typedef VEC(Expr *) Reads;

/* A loop `for (; k < hi; k++) BODY` (or k <= hi, or decreasing) whose body
 * only reads arrays inside assertions and assigns body-local temporaries
 * states: for all k in [k0, hi), BODY(k). On the cells, BODY needs to run
 * only at the k where the anchor read a[k + c] hits a cell of a. */
typedef struct CheckLoop {
  Var *k;
  int dir;                    /* +1 increasing, -1 decreasing */
  Expr *bound;                /* hi (or lo) */
  bool inclusive;             /* k <= hi / k >= lo */
  Stmt *body;                 /* the statements after the test */
  Var *anchor_array;
  int anchor_dim;
  long long anchor_offset;    /* read index = k + offset */
  VarVec locals;              /* variables the body assigns (havocked after) */
} CheckLoop;

/* When the entry is not main: a generated main calls it with unknown
 * scalars and arrays whose cells are created here. */
typedef struct Harness {
  Func *h;
  Var **copy;                 /* harness variable for each scalar parameter */
  ArrayCells **arrays;        /* cells of each array argument */
} Harness;

/* A reference to v (at its declaration). */
static inline Expr *V(Var *v) { return new_var_ref(v, v->loc); }

/* ---- cells.c: statements and functions --------------------------------------------- */

/* The statements for s (a block or not) into out, its locals in scope only
 * inside it. */
void cells_rewrite_block(Abs *a, Stmt *s, Stmt *out);
/* The cells of the global arrays, created when the program starts. */
void cells_program_start(Abs *a, Stmt *out);
/* body with the initialization of the current function's observers in
 * front. */
Stmt *cells_with_observers(Abs *a, Stmt *body);

/* ---- cells_classes.c: array classes ------------------------------------------------ */

/* The class member of array (made on first use). */
ArrayInfo *cells_info_of(Abs *a, Var *array);
ArrayInfo *cells_find_root(ArrayInfo *i);
void cells_unite(ArrayInfo *x, ArrayInfo *y);
/* Call fn on every statement of s. */
void cells_walk(Abs *a, Stmt *s, StmtFn fn);
/* Distinct array reads of e, inner reads first, appended to r. */
void cells_collect_reads(Expr *e, Reads *r);
/* Classes and cell counts of every array of the source program. */
void cells_setup_classes(Abs *a);

/* ---- cells_create.c: cells of one array instance ---------------------------------- */

/* Make the cells of `array` living in function f (NULL: a global array),
 * with an initial-value cell if its class asks for one and initial is set.
 * Parameters get their cells as parameters of f. */
ArrayCells *cells_make(Abs *a, Var *array, Func *f, bool as_params, bool initial);
/* The number of current cells (the initial-value cell aside). */
int cells_ncurrent(const ArrayCells *ac);
/* idx == index of cell c (all dimensions) */
Expr *cells_hit(const ArrayCells *ac, const Cell *c, ExprVec *idx, Loc loc);
/* Statements creating the cells of an array that comes into existence:
 * zero-initialized, with an initializer, or unknown contents. */
void cells_create(Abs *a, ArrayCells *ac, bool zero, Expr *init, Stmt *out);
/* The initial-value cell of an array received as parameter. */
void cells_create_initial(Abs *a, ArrayCells *ac, Stmt *out);

/* ---- cells_access.c: reads, writes, assertions ------------------------------------ */

/* The cells of array here (an internal error if it has none). */
ArrayCells *cells_of(Abs *a, Var *array, Loc loc);
ExprVec cells_copy_idx(ExprVec *idx);
/* t = a[i]  ==>  t = nondet(); if (i == a_x1) assume(t == a_v1); ... */
void cells_rewrite_read(Abs *a, Stmt *read, Var *t, Var *array, ExprVec *idx, int site, Loc loc,
                        Stmt *out);
/* a[i] = e  ==>  if (i == a_x1) a_v1 = e; ... */
void cells_rewrite_write(Abs *a, Var *array, ExprVec *idx, Expr *e, int site, Loc loc, Stmt *out);
/* An assertion, checked on every assignment of its reads to cells. */
void cells_rewrite_assert(Abs *a, Stmt *s, Stmt *out);

/* ---- cells_check_loops.c: quantified-assertion loops ------------------------------- */

/* Is loop a quantified-assertion loop? Fills cl. */
bool cells_parse_check_loop(Stmt *loop, CheckLoop *cl);
/* The loop as one check per cell of its anchor array. */
void cells_rewrite_check_loop(Abs *a, Stmt *loop, CheckLoop *cl, Stmt *out);

/* ---- cells_focus.c: --focus -------------------------------------------------------- */

/* Parse --focus in the scope of f; false (quietly) if it does not parse
 * over cells created there. */
bool cells_parse_focus(Abs *a, Func *f);
/* Assume the focus here if this is the first point where it can be; again
 * where one of its arrays is made again (made: the array just made, or
 * NULL). */
void cells_focus_if_ready(Abs *a, ArrayCells *made, Stmt *out, Loc loc);

/* ---- cells_harness.c: the caller of --entry's function ---------------------------- */

/* The harness of entry (its variables and the cells it passes). */
Harness cells_make_harness(Abs *a, Func *entry_src, Func *entry_dst);
/* Its body: choose the arguments, create their cells, call the entry; the
 * harness is recorded on the result program (Program.harness_*). */
void cells_harness_body(Abs *a, Harness *hs, Func *entry_src, Func *entry_dst);

#endif
