/*
 * symex.h -- symbolic execution of loop-free core IR (symex.c): the paths
 * through a list of statements, each with its condition, the terms of the
 * variables and arrays at its end, and how it ended.
 *
 * Terms are Z3 terms as in smt.h (C semantics on mathematical integers,
 * conversions that wrap reduced exactly); arrays are SMT arrays (nested for
 * more dimensions). Calls of pure functions (loops.h) are executed in
 * place; loops, switches and other calls stop the execution.
 */
#ifndef A2S_SYMEX_H
#define A2S_SYMEX_H

#include "smt.h"

typedef enum {
  SX_FALL,             /* reached the end of the statements */
  SX_BREAK,            /* break (target in SxPath.at->target) */
  SX_CONTINUE,
  SX_RETURN,
  SX_HALT,             /* abort/exit: the run ends without error */
  SX_ERROR,            /* an assertion failed, or the error function */
} SxExit;

/* One write of a path, in order: array[idx] = value (terms at the write). */
typedef struct SxWrite {
  Var *array;
  Stmt *stmt;
  Z3_ast idx[MAX_DIMS];
  int nidx;
  Z3_ast value;
} SxWrite;

typedef struct SxPath {
  Z3_ast cond;         /* branch conditions and assumptions (NULL: true) */
  Z3_ast *val;         /* per Var id: the term now (NULL: the initial term) */
  SxExit exit;
  Stmt *at;            /* the statement that ended the path */
  Z3_ast ret;          /* SX_RETURN: the value returned */
  VEC(SxWrite) writes;
} SxPath;

typedef VEC(SxPath *) SxPaths;

typedef struct Symex {
  Program *p;
  /* The term of a variable (scalar or array) before the statements; NULL,
   * or a NULL answer: the constant named like the variable (smt_var, or an
   * array constant of its dimensions). */
  Z3_ast (*initial)(Var *v, void *arg);
  void *arg;
  int max_paths;       /* 0: 256 */
  /* The constants made for nondeterministic values and uninitialized
   * declarations, in order; values narrower than int are constrained to
   * their type in the path's condition, as in the control-flow graph. */
  SmtAsts fresh;
  const char *fail;    /* why the last run stopped */
  bool no_wrap;        /* terms as by mathematical integers (SmtEnv.no_wrap) */
  /* Every fresh value within its type, int and wider included (by
   * default only narrower types are constrained; a wider one is as free
   * as an unknown, which is sound but forgets that a size_t is not
   * negative). */
  bool range_all;
  /* A loop met on path p (ss->data[i] an S_LOOP): NULL stops the
   * execution there ("loop statement"); else it puts the loop's whole
   * effect on p (values, writes, condition) and returns true to go on
   * after it, or false with fail set. */
  bool (*loop)(struct Symex *sx, SxPath *p, StmtVec *ss, int i);
} Symex;

/* The path at the start of the statements: condition true, every variable
 * at its initial term. */
SxPath *symex_start(Symex *sx);
/* Execute stmts from index `from` on path start; append the paths to out.
 * False (fail set) for a loop, a switch, a call of a function that is not
 * pure, or more than max_paths paths. */
bool symex_run(Symex *sx, StmtVec *stmts, int from, SxPath *start, SxPaths *out);
/* The term of a scalar (or the array term of an array) at the end of p. */
Z3_ast symex_value(Symex *sx, SxPath *p, Var *v);
/* The integer term of a pure expression at the end of p. */
Z3_ast symex_eval(Symex *sx, SxPath *p, Expr *e);
/* The array constant of a's contents (named like a). */
Z3_ast symex_array_const(Var *a);

#endif /* A2S_SYMEX_H */
