/*
 * names.h -- the names of formula constants that say more than which
 * variable they stand for (names.c). Every stage that builds such a name or
 * takes one apart calls these.
 *
 * Roles of a variable's (or array's) name x:
 *   x          its value at the point (an array: its contents there; at a
 *              function exit, an array's contents at entry)
 *   x__in      its value at the entry of its function (invariants of every
 *              engine: Spacer's through chc_invariant, the polyhedra's,
 *              Flata's and Interproc's; scalars only). At the exit of a
 *              function other than the entry, an input (parameter, global)
 *              appears as x__in and an output (by-reference cell value,
 *              global, the return value "ret") as x, locals projected out;
 *              at loop heads and the entry's exit x is the current value
 *              and inputs may also appear as x__in
 *   x'         its value after: at a function exit in lifted invariants (an
 *              array's contents there), at main's exit in Flata's relation,
 *              after a transition in the NTS
 *   x@entry    an array's contents at the entry of its function, seen from
 *              a loop head in lifted invariants
 *   x!in       in Horn clauses, the predicate argument holding x at entry
 * and the constants of the tools themselves:
 *   x!N        in Horn clauses, the N-th fresh value of x
 *   aN         the N-th argument of a predicate, in interpretations
 *   what!      a constant of an analysis, never a program variable
 *   \x01drop.. a name an external tool's reader projects away
 * '!', '@' and '\'' never occur in C identifiers, so those names never
 * clash with the program's; "__in" could (a variable named x__in is legal
 * C, and would be read as x at entry).
 */
#ifndef A2S_NAMES_H
#define A2S_NAMES_H

#include <stdbool.h>

typedef enum {
  NAME_NOW,            /* x */
  NAME_IN,             /* x__in */
  NAME_AFTER,          /* x' */
  NAME_ENTRY_CONTENTS, /* x@entry */
  NAME_CLAUSE_IN,      /* x!in */
} NameRole;

/* The name of base in role r (arena string; NAME_NOW: base itself). */
const char *name_with(const char *base, NameRole r);
/* The role of name, and (base not NULL) the name it was made from (arena);
 * NAME_NOW, and name itself, when it carries none (a suffix alone is no
 * role: "__in" is NAME_NOW). */
NameRole name_role(const char *name, const char **base);

/* Horn clauses: the n-th fresh constant made for base ("x!3"). */
const char *name_fresh(const char *base, int n);
/* The constant standing for argument i of a predicate ("a0"). */
const char *name_pred_arg(int i);
/* A constant of an analysis itself ("what!"), never a program variable. */
const char *name_own(const char *what);
/* name marked to be projected away by a reader, and the test for it. */
const char *name_dropped(const char *name);
bool name_is_dropped(const char *name);

#endif /* A2S_NAMES_H */
