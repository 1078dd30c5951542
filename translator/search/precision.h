/*
 * precision.h -- how precise an abstraction verify tries, and which one it
 * tries next (precision.c).
 *
 * A precision is what the options --cells, --ordered, --initial, --focus
 * and --observers say. verify starts from the automatic one and, when an
 * attempt ends without an answer, tries stronger ones: candidates read off
 * the program text (the indices its accesses use together, the index of a
 * write that a search relies on, assertions comparing two elements), put
 * first when a spurious counterexample points at their array. No
 * candidate can make a verdict wrong: a focus or an order only restricts
 * the cells, which coverage.c checks as it checks a user's.
 */
#ifndef A2S_PRECISION_H
#define A2S_PRECISION_H

#include "facts.h"
#include "replay.h"
#include "transform.h"

/* A relation between cell indices that the program's accesses satisfy:
 * x_a(ca) + sign * x_b(cb) == rhs, or (b NULL) x_a(ca) == rhs; a and b
 * are arrays whose cells are created in one function, rhs an expression
 * over that function's variables; cells numbered from 1. */
typedef struct Relation {
  Var *a, *b;
  int ca, cb, sign;
  Expr *rhs;
} Relation;

typedef struct Precision {
  CellOptions cells;       /* without the focus, which relations give */
  VEC(Relation) relations;
  const char *why;         /* what it adds, for -v and the report */
  int score;               /* the higher, the sooner it is tried */
  Work slice;              /* the work its next attempt gets (0: its share) */
  int attempts;
  bool retired;            /* a spurious counterexample: refined instead */
  bool quick;              /* a short first turn (it decides or fails fast) */
} Precision;

typedef VEC(Precision *) Precisions;

/* The candidates for the normalized program orig, starting from the user's
 * options base (empty: automatic), the first being base itself. */
void precision_candidates(Program *orig, const CellOptions *base, Precisions *out);
/* More candidates, once facts are known: two accesses of one array in a
 * loop whose indices the loop's head invariant (a scalar fact) keeps at a
 * fixed sum or difference (the i and j of a reversal, i + j == n - 1). */
void precision_more(Program *orig, const FactVec *facts, Precisions *out);
/* The options of p with its focus made from its relations over the cells
 * of abs (abstract_cells of the same program with p->cells): the text the
 * cell abstraction parses. NULL when a relation's cells are not there. */
const char *precision_focus(const Precision *p, Program *abs);
/* The precision as options a user could give: "--cells t=2 --focus '...'"
 * ("" for the automatic one). */
char *precision_line(const Precision *p, const char *focus);
/* A spurious counterexample of the cells of orig went wrong at d: the
 * candidates about its array come first. */
void precision_prefer(Program *orig, Precisions *ps, const Divergence *d);
/* The untried (or least tried) candidate with the highest score, or NULL. */
Precision *precision_next(Precisions *ps);

#endif /* A2S_PRECISION_H */
