/*
 * chc.h -- constrained Horn clauses of a program: the input of Spacer.
 *
 * One predicate per cut point of each function (loop heads, points after a
 * call), one summary predicate per called function
 *   <f>_sum(inputs, outputs, err)
 * (err = 1 when the error is reached inside f, so errors propagate through
 * calls: the clauses of a call are non-linear, as in Komuravelli et al.'s
 * Spacer for recursive programs), and the query predicate Err. Between cut
 * points, paths are merged into one clause (large-block encoding). Scalars
 * are Int; in a program that keeps its arrays (--no-cells) arrays are SMT
 * arrays Int -> Int (nested for more dimensions).
 */
#ifndef A2S_CHC_H
#define A2S_CHC_H

#include "answer.h"
#include "cfg.h"
#include "work.h"

/* An argument of a predicate: the value of var at that point, or (in) at
 * the entry of the function. */
typedef struct ChcArg {
  Var *var;
  bool in;
  const char *name;    /* SMT name: the Var's name, "<name>!in" for in */
  Z3_sort sort;
} ChcArg;

typedef enum { PRED_POINT, PRED_SUMMARY, PRED_ERR } PredKind;

typedef struct ChcPred {
  const char *name;
  PredKind kind;
  Func *func;
  int node;            /* PRED_POINT: the CFG node */
  PointKind point;     /* PRED_POINT: loop head, after call, entry exit */
  Stmt *loop;
  Loc loc;
  VEC(ChcArg) args;    /* PRED_SUMMARY: inputs, outputs, then err */
  int nin, nout;       /* PRED_SUMMARY: how many inputs and outputs */
  Z3_func_decl decl;
} ChcPred;

/* A nondeterministic value chosen inside a clause (for replaying traces). */
typedef struct ChcHavoc {
  Stmt *stmt;          /* the statement that chose it */
  Var *var;
  Z3_ast value;        /* its constant in the clause */
} ChcHavoc;

typedef VEC(Z3_ast) AstVec;

typedef struct ChcClause {
  Z3_ast rule;         /* forall vars. body -> head */
  ChcPred *head;       /* NULL: the query (Err -> false) */
  VEC(ChcPred *) body_preds;
  Func *func;
  int from, to;        /* CFG nodes */
  VEC(ChcHavoc) havocs;
  Z3_ast constraint;   /* the body's constraint (without predicates) */
  AstVec body_args[4]; /* arguments of the body predicates (up to 4) */
  AstVec head_args;
  Z3_ast body_term, head_term; /* the rule before closing: body -> head */
} ChcClause;

typedef struct Chc {
  Program *p;
  bool arrays;         /* SMT arrays (--no-cells) */
  const long long *generalize; /* see ChcOptions */
  int ngeneralize;
  VarVec params;       /* the symbolic parameters standing for constants */
  bool all_vars;       /* see ChcOptions */
  VEC(ChcPred *) preds;
  VEC(ChcClause *) clauses;
  ChcPred *err;
  VEC(Cfg *) cfgs;
} Chc;

typedef struct ChcOptions {
  bool arrays;         /* p keeps its arrays: encode them as SMT arrays */
  /* Read these integer constants as symbolic parameters K_<value> >= 1,
   * fixed for the whole run. Spacer generalizes poorly from large literal
   * bounds (measured: a copy loop over 100000 cells diverges with the
   * literal and is solved in 0.1 s with a parameter); a proof for every
   * value of the parameter is a proof for the actual one. A counterexample
   * under generalization proves nothing by itself. */
  const long long *generalize;
  int ngeneralize;
  /* Give the entry function a summary like any callee (inputs at entry,
   * outputs at exit), e.g. to check its input/output relation. */
  bool entry_as_callee;
  /* Every variable of a function in every predicate, live or not (to check
   * invariants that mention them). */
  bool all_vars;
} ChcOptions;

/* Clauses of p; NULL after an error diagnostic. p is the abstracted
 * program, or (opt->arrays) the normalized program with arrays. */
Chc *chc_build(Program *p, const ChcOptions *opt);
/* SMT-LIB2 (set-logic HORN) text. With query, the last clause is Err ->
 * false, as the z3 CLI and CHC-COMP expect; without, the caller queries Err
 * itself (libz3's fixedpoint API). Arena string. */
char *chc_text(Chc *c, bool query, bool check_sat);
/* The same clauses in the strict CHC-COMP format (variables only as
 * predicate arguments, every clause under forall, the query last as
 * (forall (...) (=> Err false)), no annotations, no let): what --emit=chc
 * writes for other solvers. Arena string. */
char *chc_text_chccomp(Chc *c);
/* Conjoin known invariants of the loop heads and function exits (facts,
 * e.g. from the polyhedra: formulas over Var names as in Invariant) into
 * the bodies of the clauses that start there or call the function, so that
 * Spacer starts from them. The facts are re-checked on the clauses first
 * (Houdini: a fact some clause does not establish within a short check is
 * dropped, until every one left is inductive; check_seconds per check); a
 * fact of a point without a predicate is ignored. Returns the number of
 * predicates that got a fact. */
int chc_add_facts(Chc *c, const Answer *facts, double check_seconds);
/* The predicate named name, or NULL. */
ChcPred *chc_pred(Chc *c, const char *name);

/* ---- Solvers of the clauses (backends/spacer/) ---------------------------- */

/* A ground fact of a counterexample: a predicate applied to values. */
typedef struct GroundFact {
  ChcPred *pred;
  VEC(long long) values;   /* Int arguments (arrays are skipped) */
  int clause;              /* index in Chc.clauses of the clause that derived it, or -1 */
} GroundFact;

/* A derivation of Err, bottom-up: each fact follows from facts before it
 * by its clause. What replay.h follows on the original program. */
typedef VEC(GroundFact) ChcTrace;

/* What a solver of the clauses answers. */
typedef struct ChcAnswer {
  Verdict verdict;         /* TRUE: Err unreachable; FALSE: reachable */
  const char *reason;
  const char *solver;      /* which one answered ("libz3", "z3-solver") */
  double seconds;
  Work work;               /* what it did (work.h) */
  /* TRUE: interpretation of each predicate, over constants a0, a1, ...
   * (SMT-LIB text, read by chc_answer_invariants) */
  VEC(const char *) interp_names;
  VEC(const char *) interp_texts;
  /* FALSE: the counterexample, when the solver gives one (it may not) */
  ChcTrace trace;
} ChcAnswer;

/* A solver of Horn clauses: an engine of the search like the back-ends of
 * backend.h, but on the clauses the search built (its own options: sizes
 * as parameters, facts added). */
typedef struct ChcSolver {
  const char *name;
  /* Can it run here? If not, why (one line) in why. */
  bool (*available)(char *why, size_t size);
  /* Solve within timeout seconds (0: none) and memory_mb (0: no limit),
   * and the work budget's limit (work.h), charged for what it did. */
  ChcAnswer (*solve)(Chc *c, double timeout, long memory_mb);
} ChcSolver;

/* The interpretations of a TRUE answer as invariants (Var names), into
 * out, each with source as where it comes from. */
void chc_answer_invariants(Chc *c, const ChcAnswer *r, Answer *out, const char *source);
/* The invariant a predicate interpretation gives, over Var names (entry
 * values named "<name>__in"); interp is over the constants "a0", "a1", ...
 * standing for the predicate's arguments in order. */
Invariant chc_invariant(Chc *c, ChcPred *pr, Z3_ast interp, const char *source);

#endif
