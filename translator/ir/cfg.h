/*
 * cfg.h -- control-flow graphs of core IR, one per function (cfg.c).
 *
 * Nodes are program points; edges are elementary actions. Back-ends choose
 * their own block encoding on top (the Horn clauses merge edges between cut
 * points; the NTS writer prints one transition per edge).
 */
#ifndef A2S_CFG_H
#define A2S_CFG_H

#include "ir.h"

typedef enum {
  ED_ASSIGN,           /* var := expr (pure) */
  ED_HAVOC,            /* var := any value of its type */
  ED_ASSUME,           /* expr holds (nonzero); otherwise the path is infeasible */
  ED_READ,             /* var := array[idx]   (programs that keep their arrays) */
  ED_WRITE,            /* array[idx] := expr */
  ED_CALL,             /* [var :=] func(args); see Edge.call */
} EdgeKind;

typedef struct Edge {
  EdgeKind kind;
  int from, to;
  Var *var;
  Expr *expr;
  Var *array;
  ExprVec idx;
  Stmt *call;          /* ED_CALL: the S_CALL statement (func, args, var) */
  Stmt *stmt;          /* the statement this edge comes from */
} Edge;

typedef struct Node {
  int id;
  Loc loc;
  bool loop_head;      /* head of a loop: every cycle goes through one */
  Stmt *loop;          /* the S_LOOP of a loop head */
  bool after_call;     /* target of a call edge */
} Node;

typedef struct Cfg {
  Func *func;
  VEC(Node) nodes;
  VEC(Edge) edges;
  int entry, exit, error;
  Var *ret;            /* holds the returned value (NULL for void) */
  VarVec vars;         /* the function's scalar variables: params, locals, ret */
  VarVec arrays;       /* its array parameters and locals (uncut programs) */
  int *out_start, *out_list;  /* out-edge index, see cfg_out() */
  int *in_start, *in_list;    /* in-edge index, see cfg_in() */
} Cfg;

/* The CFG of f (f must have a body). Nondeterministic values get the range of
 * their type for types narrower than int, and >= 0 when unsigned. */
Cfg *build_cfg(Program *p, Func *f);
/* The name of the variable build_cfg makes for f's return value: "ret",
 * or "ret_N" when f or the program has a variable of that name (the
 * invariants of every engine call it so). */
const char *cfg_ret_name(Program *p, const Func *f);
/* Out-edges of node n (indices into cfg->edges), built on demand. */
int cfg_out(Cfg *g, int n, const int **edges);
/* In-edges of node n, the same way. */
int cfg_in(Cfg *g, int n, const int **edges);
/* Constraint on a value of type t read as a mathematical integer (NULL if
 * none is added), over the expression v. */
Expr *type_constraint(Type *t, Expr *v);


#endif /* A2S_CFG_H */
