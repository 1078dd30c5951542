/*
 * dataflow.h -- what statements and functions read and write (dataflow.c):
 * the questions every stage asks of the IR, answered once.
 *
 * By reference. Passing a variable to a by-reference parameter (the cell
 * values of an array passed to a callee, written back by it) counts as
 * assigning it: the callee may write it. Every caller wants that answer
 * (does a function change an input, must its entry value be kept, may a
 * loop bound change); only the abstracted program has by-reference
 * parameters, so on the program before the cell abstraction the rule
 * changes nothing.
 */
#ifndef A2S_DATAFLOW_H
#define A2S_DATAFLOW_H

#include "cfg.h"

/* Does s itself (not a statement nested in it) assign v: an assignment,
 * read or declaration of v, a call whose result goes to v, or a call that
 * passes v by reference? */
bool stmt_sets(const Stmt *s, const Var *v);
/* Does s or a statement nested in it assign v (stmt_sets)? */
bool stmt_assigns(const Stmt *s, const Var *v);
/* How the statements under s treat v: how many use it (stmt_uses), how
 * many declare it, how many set it by an assignment, a read or a call's
 * result (the last of those in set). */
typedef struct VarTally {
  int uses, decls, sets;
  Stmt *set;
} VarTally;
VarTally stmt_tally(Stmt *s, const Var *v);
/* stmt_tally of every variable at once, in one walk: an array indexed by
 * Var.id for ids below nvars (the program's count), to be freed by the
 * caller (free). The walks of v after v would make a pass over all
 * variables quadratic in the function's length. */
VarTally *stmt_tallies(Stmt *s, int nvars);
/* Globals a function reads or writes, itself or through its callees, in
 * program order. */
void func_globals(Program *p, Func *f, VarVec *out);
/* The scalar globals that f or its callees assign (stmt_assigns), in
 * program order, appended to out. */
void func_written_globals(Program *p, Func *f, VarVec *out);

/* Slots of variables, in increasing order. */
typedef VEC(int) SlotVec;

/* Backward liveness over g of the variables in slots 0 .. nslots - 1
 * (slot(v, arg); -1: not followed). An edge uses the variables of its
 * expression, indices and array, and a call its arguments and the globals
 * its callee uses (func_globals); an edge defines the variable it
 * assigns, havocs or reads into, and a call its result. What is live
 * regardless: slot i at the exit if at_exit[i], everywhere if kept[i].
 * For each node n with row[n] >= 0, live[row[n]] receives the slots live
 * at n (the least solution), in increasing order. */
void cfg_liveness(Program *p, Cfg *g, int nslots, int (*slot)(Var *v, void *arg), void *arg,
                  const bool *at_exit, const bool *kept, const int *row, SlotVec *live);
/* The same at every node, nothing live regardless: live[n * nslots + i]
 * tells whether slot i is live at node n. */
void cfg_liveness_all(Program *p, Cfg *g, int nslots, int (*slot)(Var *v, void *arg), void *arg,
                      bool *live);

#endif /* A2S_DATAFLOW_H */
