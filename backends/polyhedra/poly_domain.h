/*
 * poly_domain.h -- convex polyhedra over integer variables, on the Parma
 * Polyhedra Library (C interface), and the linear forms the polyhedral
 * analysis (polyhedra.c) builds from program expressions.
 *
 * Variables are dimensions 0..n-1 of a polyhedron. PPL polyhedra are
 * rational; the analysis keeps them integral in spirit by writing strict
 * inequalities as `e - 1 >= 0`. Every PPL error (memory, overflow, misuse)
 * is recorded: the analysis checks pd_failed() and gives up soundly.
 */
#ifndef A2S_POLY_DOMAIN_H
#define A2S_POLY_DOMAIN_H

#include <stdbool.h>
#include <z3.h>

#include "ir.h"

/* sum_i c[i] * x_i + k; dimensions past n have coefficient 0. ppl caches
 * the library's form of the expression (made on first use, released by
 * pd_end): forms are built once and used in every iteration. */
typedef struct Lin {
  int n;
  long long *c;
  long long k;
  void *ppl;
} Lin;

/* e == 0 (eq) or e >= 0; ppl caches the library's constraint. */
typedef struct Cons {
  Lin e;
  bool eq;
  void *ppl;
} Cons;

typedef VEC(Cons) ConsVec;

/* Linear forms live in the arena (they are built once per edge). */
Lin lin_zero(int n);
Lin lin_const(int n, long long k);
Lin lin_dim(int n, int d);
/* a + s * b; false on 64-bit overflow (the result is then unusable). */
bool lin_addmul(Lin *out, Lin a, long long s, Lin b);
bool lin_scale(Lin *out, Lin a, long long s);
bool lin_is_const(Lin a);
bool lin_equal(Lin a, Lin b);
/* Does the form mention dimension d? */
bool lin_has(Lin a, int d);
/* Constraints a OP b as Cons (strict ones tightened for integers). */
Cons cons_ge(Lin a, Lin b);   /* a >= b */
Cons cons_gt(Lin a, Lin b);   /* a >= b + 1 */
Cons cons_eq(Lin a, Lin b);   /* a == b */
/* Make (and cache) the library's form now, so that copies share it. */
void cons_prepare(const Cons *c);
/* Human-readable form over the given dimension names (for -v output). */
char *lin_text(Lin a, const char *const *names);

/* ---- Program expressions as linear forms (poly_linear.c) ------------------ */

/* One case of an expression's value: val where guard holds. */
typedef struct Alt {
  ConsVec guard;
  Lin val;
} Alt;
typedef VEC(Alt) Alts;
/* A disjunction of conjunctions of constraints (no element: false). */
typedef VEC(ConsVec) Dnf;

enum { LIN_MAX_UNKNOWNS = 12 };

/* Where the variables are: dim(v, arg) is v's dimension, or -1 (then v's
 * value is unknown). Non-linear subterms get unknowns of their own, the
 * dimensions first, first + 1, ... (at most LIN_MAX_UNKNOWNS; beyond, bad
 * is set and the result must not be used). Forms have capacity cap. */
typedef struct LinEnv {
  int (*dim)(Var *v, void *arg);
  void *arg;
  int first;
  int cap;
  int nfresh;          /* out: unknowns used */
  bool bad;            /* out */
} LinEnv;

/* The cases of an integer expression (C semantics on mathematical
 * integers: / and % truncate, comparisons give 0 or 1). */
Alts lin_expr(LinEnv *env, Expr *e);
/* e (pos) or !e as a disjunction of conjunctions. */
Dnf lin_cond(LinEnv *env, Expr *e, bool pos);
/* The single linear form of e, when it has one without cases or unknowns. */
bool lin_plain(LinEnv *env, Expr *e, Lin *out);

/* ---- Polyhedra ----------------------------------------------------------- */

typedef struct ppl_Polyhedron_tag *Poly;

/* Initialise / finalise the library around one analysis (pd_end releases
 * the cached forms of every Lin and Cons used since pd_begin). With a
 * positive timeout (seconds), a library operation still running after it
 * is interrupted and counts as a failure (the double description method is
 * exponential in the worst case, so one operation can take very long);
 * with a positive budget (the analysis's share in PPL calls' cost,
 * pd_steps), so is one whose computational weight -- PPL's deterministic
 * measure -- passes budget * 2^PPL_WEIGHT_SCALE, and every call once the
 * budget is spent fails (pd_failed: the analysis gives up). */
#define PPL_WEIGHT_SCALE 12
void pd_begin(double timeout, long long budget);
void pd_end(void);
/* Has a PPL call failed since pd_begin()? */
bool pd_failed(void);
/* The cost of the PPL calls made so far: the engine's work, counted the
 * same on a busy machine as on an idle one (polyhedra.c converts it,
 * work.h). A call costs 1 + dims^2/100 for the dimensions of the
 * polyhedra now worked on (pd_set_dims: a call in 70 dimensions takes
 * about 25 times as long as one in 14); returns the dimensions before. */
long long pd_steps(void);
int pd_set_dims(int dims);
/* Live polyhedra (for leak checks in tests). */
long pd_live(void);

Poly poly_new(int dim, bool empty);
Poly poly_copy(Poly p);
void poly_free(Poly p);
int poly_dim(Poly p);
void poly_add(Poly p, const Cons *c);
void poly_add_all(Poly p, const ConsVec *cs);
bool poly_is_empty(Poly p);
/* dst := convex hull of dst and src (same dimension). */
void poly_join(Poly dst, Poly src);
/* dst := dst union src when that union is convex (then true; else dst is
 * left as it is). */
bool poly_join_if_exact(Poly dst, Poly src);
void poly_meet(Poly dst, Poly src);
/* a included in b? */
bool poly_leq(Poly a, Poly b);
/* Do a and b have no point in common? */
bool poly_disjoint(Poly a, Poly b);
bool poly_equal(Poly a, Poly b);
/* x_var := lin (an affine image; lin may mention x_var). */
void poly_assign(Poly p, int var, const Lin *lin);
/* Forget everything about x_var. */
void poly_forget(Poly p, int var);
/* bigger := older widen bigger (H79), keeping the constraints of limits that
 * bigger satisfies (PPL's limited extrapolation). older must be included in
 * bigger. */
void poly_widen(Poly bigger, Poly older, const ConsVec *limits);
/* New unconstrained dimensions at the end. */
void poly_add_dims(Poly p, int n);
/* dst := dst x src: src's dimensions appended after dst's. */
void poly_concat(Poly dst, Poly src);
/* Project away every dimension >= first. */
void poly_truncate(Poly p, int first);
/* Rename dimensions: dimension i becomes map[i], or is projected away when
 * map[i] < 0. The images must be distinct; the result has dimension
 * newdim (dimensions that are no image are unconstrained). */
void poly_map(Poly p, const int *map, int newdim);

typedef enum { REL_INSIDE, REL_OUTSIDE, REL_CROSS } Rel;
/* Where p lies with respect to the half-space (or hyperplane) c. An empty p
 * is inside. */
Rel poly_relation(Poly p, const Cons *c);

/* The polyhedron as a conjunction over the names of its dimensions (a
 * dimension whose name is NULL must be unconstrained: project it first). */
Z3_ast poly_formula(Poly p, Z3_ast const *names);

#endif
