/*
 * smt.h -- formulas: Z3 terms over the program's scalar variables.
 *
 * Every formula exchanged between stages (Horn clause constraints, solver
 * models, invariants read from external tools, lifted array invariants) is a
 * Z3_ast of one process-wide context. Scalar variables are integer constants
 * named like the Var (names are unique within a function and among
 * globals); C truth values are integers, conditions are Booleans.
 */
#ifndef A2S_SMT_H
#define A2S_SMT_H

#include <z3.h>

#include "ir.h"
#include "work.h"

/* The shared context (created on first use; parameters: model on). */
Z3_context smt_ctx(void);
/* The version of the libz3 in use ("4.8.12.0"). */
const char *smt_z3_version(void);
/* Delete the context and everything in it (at exit, or between tests). */
void smt_reset(void);

/* How IR expressions become terms. Defaults (NULL callbacks): a variable is
 * the Int constant of its name; arrays are not allowed. A translation may
 * rename variables (SSA versions, primed copies) and give arrays as SMT
 * arrays (Int -> Int, nested for more dimensions). */
typedef struct SmtEnv {
  Z3_ast (*var)(Var *v, void *arg);
  Z3_ast (*array)(Var *a, void *arg);
  void *arg;
  /* In/out: constraints on the fresh unknowns that stand for operations
   * outside integer arithmetic (bitwise operations, shifts by a variable).
   * NULL means true. Those unknowns are free constants: a Horn clause
   * quantifies them like any other variable. */
  Z3_ast side;
  /* The term of an integer constant, or NULL for the constant itself
   * (Horn clauses may read a large bound as a symbolic parameter). */
  Z3_ast (*num)(long long v, void *arg);
} SmtEnv;

/* An integer term for a pure IR expression, read with C semantics on
 * mathematical integers: / and % truncate toward zero, comparisons and
 * logical operators give 0 or 1, a cast to _Bool gives 0 or 1, other casts
 * are ignored. env may be NULL. */
Z3_ast smt_int(Expr *e, SmtEnv *env);
/* While on (the previous setting is returned), smt_int and smt_bool read
 * every operation as on mathematical integers, conversions that wrap
 * included: for guesses that a check on exact terms decides later, never
 * for a conclusion. */
bool smt_set_no_wrap(bool on);
/* A Boolean term for e read as a condition (e != 0). */
Z3_ast smt_bool(Expr *e, SmtEnv *env);
/* The Int constant of a variable (by name). */
Z3_ast smt_var(Var *v);
Z3_ast smt_int_const(const char *name);
/* The name of constant a (a copy: Z3 gives every symbol string in one
 * buffer, which the next call overwrites). */
const char *smt_const_name(Z3_ast a);
Z3_ast smt_num(long long v);
/* lo <= x && x <= hi for the range of scalar type t (type_range; the
 * 64-bit unsigned bound as a numeral beyond long long). */
Z3_ast smt_in_type(const Type *t, Z3_ast x);
Z3_ast smt_and2(Z3_ast a, Z3_ast b);  /* NULL is true */
Z3_ast smt_or2(Z3_ast a, Z3_ast b);   /* NULL is false */
Z3_ast smt_not(Z3_ast a);
Z3_ast smt_true(void);
Z3_ast smt_false(void);
/* Term as SMT-LIB text (arena string). */
char *smt_text(Z3_ast a);
/* Parse an SMT-LIB formula over Int constants with the given names. NULL on
 * a syntax error. */
Z3_ast smt_parse(const char *text, const char *const *names, int nnames);
/* A formula as a self-contained SMT-LIB script (its constants declared,
 * whatever their sorts; arena string), and back: the conjunction of a
 * script's assertions, NULL on a syntax error. */
char *smt_script(Z3_ast a);
Z3_ast smt_parse_script(const char *script);

/* After smt_set_deadline(t) (CLOCK_MONOTONIC seconds; 0: none), the checks,
 * tactics (simplification under a context, quantifier elimination) and DNFs
 * below that start after t give up at once (unknown, or NULL), so that a long
 * series of them, such as lifting the invariants of a proof, ends soon after
 * t. Their own timeouts are not shortened to fit: when a timer of libz3
 * 4.8.12 fires it can deadlock (Z3 pull request 5371), the more often the
 * shorter the timeouts. */
void smt_set_deadline(double t);
/* The deadline set last (0: none). */
double smt_deadline(void);
/* --memory for the Z3 of this process (lifting, re-checks, coverage,
 * replay): once its resident memory has grown by more than mb from now,
 * the checks, tactics and DNFs give up at once as past a deadline (0: no
 * budget). The engines run in child processes with limits of their own
 * (proc.h: RLIMIT_AS). A check that starts under the budget is not stopped
 * when it passes it. */
void smt_set_memory(long mb);
/* The kind of queries the checks below are now about: any (the default:
 * Z3's default solver, whose preprocessing quantified formulas over
 * arrays need) or quantifier-free arithmetic (its simple solver, a hundred
 * times quicker to make: the lifting makes thousands of small checks). Every
 * check, tactic and DNF charges its work to the work budget (work.h): Z3's
 * steps (its resource count) at the kind's rate, plus the making of the
 * solver (both measured, smt.c). Returns the kind before. */
typedef enum { SMT_GENERAL, SMT_ARITHMETIC } SmtQueries;
SmtQueries smt_set_queries(SmtQueries q);
/* Z3's resource count of context z (the steps of everything done in it
 * so far), read off the statistics of its solver s (any solver of z). */
Work smt_resource_count(Z3_context z, Z3_solver s);
/* Satisfiability within timeout seconds' worth of work (0: none; work.h:
 * WORK_RATE units a second, and never more than the work budget has
 * left; the clock stops a check only at WORK_CLOCK_HEADROOM times that):
 * Z3_L_TRUE/FALSE/UNDEF. Every check below is limited the same way. */
Z3_lbool smt_check(Z3_ast f, double timeout);
/* The same within Z3's resource limit work (rlimit: a count of its steps,
 * the same on a busy machine as on an idle one) as well as the timeout. */
Z3_lbool smt_check_work(Z3_ast f, unsigned work, double timeout);
/* smt_check_work, and when f is satisfiable a model of it in *model (to
 * release with Z3_model_dec_ref; NULL otherwise; model NULL: none). */
Z3_lbool smt_check_work_model(Z3_ast f, unsigned work, double timeout, Z3_model *model);
/* Many checks of one formula, each with one more conjunct: an incremental
 * solver holding base (push, assert, check, pop per check). Each check has
 * the timeout given here and honours the deadline as smt_check does. */
Z3_solver smt_solver_new(Z3_ast base, double timeout);
/* Satisfiability of base && extra (extra NULL: base alone). */
Z3_lbool smt_solver_check(Z3_solver s, Z3_ast extra);
/* Satisfiability of base && extra within Z3's resource limit work as well
 * as timeout (smt_check_work), and when it is satisfiable a model in
 * *model (smt_check_work_model): the checks of many conjectures against
 * one large hypothesis, which the solver takes in once. */
Z3_lbool smt_solver_check_work(Z3_solver s, Z3_ast extra, unsigned work, double timeout,
                               Z3_model *model);
void smt_solver_free(Z3_solver s);
/* Which of the candidate atoms (bit i for atoms[i], at most 64) are true
 * in every model of base && extra: the candidates a model falsifies are
 * dropped until no model falsifies one (a check per round, not per atom).
 * 0 when a check is unknown. */
unsigned long long smt_solver_holding(Z3_solver s, Z3_ast extra, Z3_ast *atoms, int n,
                                      unsigned long long candidates);
/* Is a -> b valid? (false also when unknown) */
bool smt_implies(Z3_ast a, Z3_ast b, double timeout);
bool smt_equivalent(Z3_ast a, Z3_ast b, double timeout);
/* a simplified (Z3 simplify; under a context c, not NULL, also what c
 * implies is dropped: the result r satisfies c -> (r <-> a)). */
Z3_ast smt_simplify(Z3_ast a, Z3_ast c);
/* A short disjunctive normal form of f under a context (NULL: true): cubes
 * over the atoms of f, each made minimal (no literal can be dropped while
 * the cube still implies f under the context), until they cover f. The
 * result r satisfies context -> (r <-> f). NULL if Z3 could not decide
 * within the time limit or more than max_cubes cubes are needed. */
Z3_ast smt_dnf(Z3_ast f, Z3_ast context, int max_cubes, double timeout);

/* Formulas, and a formula's parts: its conjuncts (none for true; f itself
 * if not a conjunction), its disjuncts (none for NULL). */
typedef VEC(Z3_ast) SmtAsts;
void smt_conjuncts(Z3_ast f, SmtAsts *out);
void smt_disjuncts(Z3_ast f, SmtAsts *out);
/* The uninterpreted constants of f (applications of a declared symbol to no
 * argument, of any sort) that out does not hold yet, each once, in the
 * order they first occur (depth first, left to right), appended to out; the
 * bodies of quantifiers are searched too (their bound variables are no
 * constants). A subterm shared in f's DAG is visited once: linear in the
 * number of distinct subterms. */
void smt_constants(Z3_ast f, SmtAsts *out);
/* Does f mention the term c (a constant, mostly), under quantifiers too?
 * Each shared subterm visited once. */
bool smt_mentions(Z3_ast f, Z3_ast c);
/* Forms of the universal formula q (one bound variable k) equivalent to
 * it, one for each array read at `t + k` or `t - k` in its body with t not
 * 0: k renamed so that the read is at the bare variable (`forall j. ...
 * a[j] ...` with k := j - t, or t - j), at most most of them, their
 * conjunction (NULL: none). Quantifier instantiation matches a formula's
 * reads against the reads of a clause by their terms: a proven `to'[at + k]
 * == from[1 + k]` is never instantiated for a read y[k0] of the caller,
 * its variant `to'[at - 1 + j] == from[j]` is. */
Z3_ast smt_rebased(Z3_ast q, int most);

/* A map from terms (by Z3_get_ast_id, in the context they belong to) to
 * terms: the memory of a walk over a formula, which is a DAG -- a walk
 * without one takes time exponential in the depth of the sharing (the
 * Horn clauses of a chain of if-else are such DAGs). Zero-initialize;
 * free with smt_memo_free. smt_memo_at gives the slot of id (a new one,
 * holding NULL, with create), or NULL when absent; smt_memo_num the
 * number kept beside it (0 in a new slot). */
typedef struct SmtMemo {
  unsigned *keys;      /* id + 1; 0: a free slot */
  Z3_ast *vals;
  long *nums;
  unsigned cap, n;
} SmtMemo;
Z3_ast *smt_memo_at(SmtMemo *m, unsigned id, bool create);
long *smt_memo_num(SmtMemo *m, unsigned id, bool create);
void smt_memo_free(SmtMemo *m);

/* f (quantifier-free) as a pure IR expression with the semantics smt_int /
 * smt_bool give IR expressions (smt_to_ir.c), or NULL when it has what C
 * cannot say the same way (div, mod, quantifiers, array stores). Each
 * uninterpreted constant or array select is given to leaf, which returns
 * its expression (or NULL: f is not translated). New nodes get loc. */
Expr *smt_to_ir(Z3_ast f, Expr *(*leaf)(Z3_ast a, void *arg), void *arg, Loc loc);

/* Quantifier elimination: exists vars. f, as a quantifier-free formula
 * (NULL if Z3 cannot eliminate). */
Z3_ast smt_exists_qe(Z3_ast *vars, int nvars, Z3_ast f);
/* f with the arguments of each conjunction and disjunction in the order of
 * their text: Z3 orders them by term ids, which depend on every term made
 * before (by anything), so that a formula made the same way could print
 * differently, and the solver given it search differently. */
Z3_ast smt_in_text_order(Z3_ast f);
Z3_ast smt_forall_qe(Z3_ast *vars, int nvars, Z3_ast f);

#endif
