/*
 * lift_internal.h -- what the files of the lifting share (see the overview
 * in lift.c): the cells an invariant mentions, the lifting context, linear
 * combinations of terms, and the functions one file gives another.
 * Private to translator/lift/.
 */
#ifndef A2S_LIFT_INTERNAL_H
#define A2S_LIFT_INTERNAL_H

#include "dataflow.h"
#include "lift.h"

/* A formula whose text exceeds MAX_RAW_TEXT characters is left out (a
 * weaker invariant, still sound) rather than printed. */
#define MAX_RAW_TEXT 1500

typedef SmtAsts Asts;

/* A cell mentioned by the invariant. */
typedef struct UsedCell {
  ArrayCells *ac;
  int no;              /* index in ac->cells */
  Z3_ast index[MAX_DIMS];
  Z3_ast value, value_in;  /* constants of its value now / at entry (may be absent) */
  Z3_ast domain;       /* array of unknown length: where the invariant has
                          cells (see lift_cell_domains); NULL: everywhere */
} UsedCell;

typedef struct Ctx {
  Program *abs;
  Invariant *inv;
  VEC(UsedCell) cells;
  Asts consts;         /* all constants of the invariant */
  int conjecture;      /* what is added now is a conjecture (Lifted) ... */
  Z3_ast atom;         /* ... of this atom */
} Ctx;

/* A linear combination: terms (any non-arithmetic term: a constant, an
 * array read) with integer coefficients, plus a constant. */
typedef struct Linear {
  Asts terms;
  VEC(long long) coefs;
  long long k;
  bool ok;
} Linear;

/* ---- lift.c ------------------------------------------------------------------------ */

/* The Var a formula constant stands for in the scope of f (NULL: none);
 * *entry tells whether the constant is its value at entry. */
Var *lift_var_named(Program *p, Func *f, const char *name, bool *entry);

/* ---- lift_terms.c ------------------------------------------------------------------ */

/* The name of a constant (a copy in the arena). */
const char *lift_const_name(Z3_ast c);
/* The number of disjuncts of f. */
int lift_ncases(Z3_ast f);
/* The conjunction of v (true if empty). */
Z3_ast lift_conjoin(Asts *v);
/* Add c * a to l (l->ok becomes false where a is not linear). */
void lift_linear(Linear *l, Z3_ast a, long long c);
/* The term t such that the linear equality eq says x == t, when x has
 * coefficient 1 or -1 in it (NULL otherwise). */
Z3_ast lift_solve_for(Z3_ast eq, Z3_ast x);

/* ---- lift_cells.c ------------------------------------------------------------------ */

/* The cells the invariant of c mentions, into c->cells. */
void lift_find_cells(Ctx *c);
/* Which used cells a formula mentions (bit i for cells.data[i]). */
unsigned lift_cells_in(Ctx *c, Z3_ast f);
/* The constants of a cell: its indices and its values (now, at entry). */
void lift_push_cell_consts(UsedCell *u, Asts *out);
/* Do u's cells range over every index of its array? */
bool lift_range_exact(Ctx *c, UsedCell *u);
/* For the cells of arrays of unknown length: where the invariant has cells. */
void lift_cell_domains(Ctx *c);
/* C for the cells in mask: ranges, order, focus. */
Z3_ast lift_constraint_of(Ctx *c, unsigned mask);

/* ---- lift_cases.c ------------------------------------------------------------------ */

bool lift_is_true(Z3_ast f);
/* Add a lifted invariant of c's point (not twice, not true). */
void lift_add(LiftedVec *out, Ctx *c, Z3_ast formula, bool quantified);
/* forall indices. g -> b, as array reads, with equalities on indices
 * substituted away. */
void lift_emit_quantified(Ctx *c, unsigned mask, Z3_ast g, Z3_ast b, LiftedVec *out);
/* Comparisons of b that mention one of the values. */
void lift_value_atoms(Z3_ast b, Asts *values, Asts *out);
/* s <= t and t <= s among atoms become s == t. */
void lift_merge_opposite(Asts *atoms);
/* The quantified invariants for the conjuncts body that mention the cells
 * of mask. True if they were read off by segments. */
bool lift_group(Ctx *c, unsigned mask, Z3_ast body, Z3_ast scalar, LiftedVec *out);
/* Two cells of one array: what the invariant says of each cell alone. */
void lift_reduce_pair(Ctx *c, unsigned mask, Z3_ast body, Z3_ast scalar, LiftedVec *out);

/* ---- lift_segments.c --------------------------------------------------------------- */

/* The group of mask read by segments, one cell at a time; false if nothing
 * was found. */
bool lift_segment_form(Ctx *c, unsigned mask, Z3_ast body, Z3_ast scalar, LiftedVec *out);

/* A new number for a conjecture (Lifted.conjecture): each segment, each
 * exit conjecture has its own. */
int lift_conjecture_no(void);
/* Append formula f to out as a conjecture of its own at (kind, loc) of
 * like's function, unless out has it there already. */
void lift_propose(LiftedVec *out, const Lifted *like, PointKind kind, Loc loc, Z3_ast f);

#endif
