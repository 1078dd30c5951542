/*
 * arr2scalar.h -- the one shared header: IR types and the pipeline stages.
 *
 * The pipeline reads like this (one file per stage):
 *
 *   frontend.c   C source --libclang--> IR (Program), rejects what it cannot model
 *   normalize.c  IR -> core IR: elementary array reads/writes, no side effects
 *                inside expressions, assertions recognised
 *   cells.c      core IR with arrays -> core IR without arrays (the cell
 *                abstraction of Monniaux & Alberti)
 *   emit_c.c     core IR -> scalar C in SV-COMP conventions
 *   emit_json.c  the cell map as JSON
 *   interp.c     runs core IR concretely (C integer semantics): replay, tests
 *
 * Memory: every IR node lives in one arena (util.c) that is released at once
 * by arena_free_all(); nothing in the IR is freed individually.
 */
#ifndef ARR2SCALAR_H
#define ARR2SCALAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ======================================================================
 * util.c -- arena, growable vectors, strings, diagnostics, the clock
 * ====================================================================== */

/* Zeroed memory from the arena; aborts on exhaustion. */
void *xalloc(size_t size);
/* Copy of s (or of its first n bytes) in the arena. */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* printf into a fresh arena string. */
char *xformat(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Release every arena allocation made so far. */
void arena_free_all(void);
/* Seconds on the monotonic clock (CLOCK_MONOTONIC): for time limits and
 * durations, never the time of day. */
double clock_now(void);

/* A growable array of T in the arena: VEC(Stmt *) body; vec_push(&body, s); */
#define VEC(T) struct { T *data; int len, cap; }
void vec_reserve_(void **data, int *cap, int need, size_t elem_size);
#define vec_push(v, x)                                                        \
  (vec_reserve_((void **)&(v)->data, &(v)->cap, (v)->len + 1,                 \
                sizeof *(v)->data),                                           \
   (v)->data[(v)->len++] = (x))

/* Source location of a construct, for diagnostics. */
typedef struct Loc {
  const char *file;
  int line, col;
} Loc;

/* Compiler-style diagnostics on stderr: "file:line:col: error: ...".
 * error_at() counts errors; stages keep going where they can so that one run
 * reports every problem, and the driver exits with code 2 if any occurred. */
void error_at(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void warn_at(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void note_at(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int error_count(void);
void error_reset(void);
/* When set, diagnostics are collected silently (unit tests inspect them). */
void diag_capture(bool on);
const char *diag_captured(void);

/* ======================================================================
 * IR: types, variables, expressions, statements, functions, programs
 * ====================================================================== */

typedef struct Type Type;
typedef struct Var Var;
typedef struct Expr Expr;
typedef struct Stmt Stmt;
typedef struct Func Func;
typedef struct Program Program;
typedef struct ArrayCells ArrayCells;

typedef VEC(Var *) VarVec;
typedef VEC(Expr *) ExprVec;
typedef VEC(Stmt *) StmtVec;

typedef enum { TY_VOID, TY_BOOL, TY_INT, TY_ARRAY } TypeKind;

struct Type {
  TypeKind kind;
  int size;            /* TY_INT/TY_BOOL: bytes (1, 2, 4, 8) */
  bool is_unsigned;
  const char *cname;   /* C spelling of a scalar type: "unsigned char" */
  Type *elem;          /* TY_ARRAY: element type (an array for 2-D) */
  Expr *len;           /* TY_ARRAY: element count; NULL if unknown (a[], *a) */
};

extern Type *ty_void, *ty_bool, *ty_int, *ty_uint, *ty_long, *ty_char;
Type *int_type(int size, bool is_unsigned);
Type *array_of(Type *elem, Expr *len);
bool is_scalar(const Type *t);          /* TY_INT or TY_BOOL */
/* Number of dimensions of an array type; fills lens[] (outermost first) and
 * returns the scalar element type in *elem when not NULL. */
int array_dims(const Type *t, Expr **lens, int max, Type **elem);
/* Smallest and largest value of a scalar type. */
void type_range(const Type *t, long long *lo, unsigned long long *hi);
/* Call fn on s and every statement nested in it, outer first (NULL: none). */
void stmt_walk(Stmt *s, void (*fn)(Stmt *s, void *arg), void *arg);
/* Does s (or a statement nested in it) call f? */
bool stmt_calls(Stmt *s, Func *f);
/* Does C reduce the value of e modulo 2^bits of its type where mathematical
 * integers would not? Unsigned arithmetic (+ - * unary - ~ <<) in a type of
 * int's rank or more, and conversions to an integer type that does not hold
 * every value of the operand's type (a constant that fits needs none).
 * Signed overflow is undefined behaviour: not modelled (mathematical). */
bool expr_wraps(const Expr *e);

#define MAX_DIMS 8

typedef enum { VAR_GLOBAL, VAR_LOCAL, VAR_PARAM } VarKind;

/* What a variable stands for (scalar program variables introduced by the
 * translation carry their role, for emission comments and lifting). */
typedef enum {
  ROLE_USER,           /* declared in the source */
  ROLE_TEMP,           /* temporary of normalization */
  ROLE_CELL_INDEX,     /* index of a cell (one per dimension) */
  ROLE_CELL_VALUE,     /* value of a cell */
  ROLE_OBSERVER,       /* observer flag: written, never read */
} VarRole;

struct Var {
  const char *name;    /* unique among the globals and the variables of its function */
  Type *type;
  VarKind kind;
  VarRole role;
  Loc loc;
  int id;              /* unique in the program */
  bool byref;          /* parameter passed by reference (cell values) */
  Expr *init;          /* globals: initializer (E_INIT for arrays) */
  Func *owner;         /* function of a local or parameter */
  /* Cells: for an array, its cells once abstracted; for a cell variable,
   * the cells it belongs to. */
  ArrayCells *cells;
  int cell_no, cell_dim;  /* which cell (0 = initial-value cell) and dimension */
};

typedef enum {
  E_NUM, E_VAR, E_NONDET, E_INDEX, E_INIT,
  /* unary */
  E_NEG, E_NOT, E_BITNOT, E_CAST,
  /* binary */
  E_ADD, E_SUB, E_MUL, E_DIV, E_MOD, E_SHL, E_SHR,
  E_BITAND, E_BITOR, E_BITXOR,
  E_LT, E_LE, E_GT, E_GE, E_EQ, E_NE, E_LAND, E_LOR,
  E_COND,
  /* only before normalization */
  E_ASSIGN, E_PREINC, E_PREDEC, E_POSTINC, E_POSTDEC, E_COMMA, E_CALL,
  E_STMT,
} ExprKind;

/* Calls to these are understood; everything else must have a body. */
typedef enum {
  B_NONE, B_NONDET, B_ASSUME, B_ASSERT, B_ERROR, B_HALT,
} Builtin;

struct Expr {
  ExprKind kind;
  Type *type;
  Loc loc;
  long long num;       /* E_NUM */
  Var *var;            /* E_VAR; E_INDEX: the array */
  Expr *lhs, *rhs;     /* operands; E_COND: cond ? lhs : rhs */
  Expr *cond;
  ExprKind op;         /* E_ASSIGN: operator of a compound assignment, or 0 */
  ExprVec args;        /* E_INDEX: indices (outermost first); E_CALL: arguments;
                          E_INIT: element initializers (NULL = zero) */
  Func *func;          /* E_CALL to a function with a body */
  Builtin builtin;     /* E_CALL to a builtin */
  const char *name;    /* E_CALL: callee name */
  Stmt *body;          /* E_STMT: GNU statement expression */
  bool implicit;       /* E_CAST: an implicit conversion (not printed) */
};

typedef enum {
  S_BLOCK,             /* stmts */
  S_DECL,              /* var comes into scope; for arrays the size is evaluated */
  S_EXPR,              /* expr (only before normalization) */
  S_ASSIGN,            /* var = expr (expr pure, or E_NONDET) */
  S_READ,              /* var = array[idx...] */
  S_WRITE,             /* array[idx...] = expr */
  S_CALL,              /* [var =] func(args) */
  S_ASSUME,            /* assume(expr) */
  S_ASSERT,            /* assert(expr); expr is pure but may read arrays (E_INDEX) */
  S_ERROR,             /* the error function is reached */
  S_HALT,              /* abort()/exit(): the run ends, no error */
  S_IF,                /* if (expr) then else els */
  S_LOOP,              /* L: body; C: step; goto L;  break -> out, continue -> C */
  S_SWITCH,            /* switch (expr) cases */
  S_BREAK,
  S_CONTINUE,
  S_RETURN,            /* return [expr] */
} StmtKind;

typedef struct SwitchCase {
  VEC(long long) values;
  bool is_default;
  Stmt *body;          /* S_BLOCK; falls through into the next case */
} SwitchCase;

struct Stmt {
  StmtKind kind;
  Loc loc;
  StmtVec stmts;       /* S_BLOCK */
  Var *var;            /* S_DECL, S_ASSIGN, S_READ, S_CALL (NULL if discarded) */
  Expr *expr;          /* S_EXPR, S_ASSIGN, S_WRITE (value), S_ASSUME, S_ASSERT,
                          S_IF, S_SWITCH, S_RETURN */
  Var *array;          /* S_READ, S_WRITE */
  ExprVec idx;         /* S_READ, S_WRITE: indices, outermost first */
  Func *func;          /* S_CALL */
  ExprVec args;        /* S_CALL: scalar expressions or E_VAR of arrays */
  Stmt *then, *els;    /* S_IF (els may be NULL) */
  Stmt *body, *step;   /* S_LOOP (step may be NULL) */
  VEC(SwitchCase *) cases; /* S_SWITCH */
  Stmt *target;        /* S_BREAK, S_CONTINUE: the loop or switch left */
  int site;            /* S_READ/S_WRITE: access site number (observers) */
  bool from_check_loop;    /* S_ASSERT produced by a quantified-assertion loop */
  Stmt *origin;        /* statement of the source program this one stands for
                          (the S_READ behind the nondet of an abstracted read) */
};

struct Func {
  const char *name;
  Loc loc;
  Type *ret;
  VarVec params;
  VarVec locals;       /* every local, temporaries included */
  Stmt *body;          /* NULL for a declaration */
  Builtin wrapper;     /* B_ASSERT/B_ASSUME: recognised wrapper, calls inlined */
  bool is_entry;
  bool generated;      /* the harness made for --entry: not in the source */
};

struct Program {
  const char *file;    /* the input file */
  VarVec globals;
  VEC(Func *) funcs;
  Func *entry;         /* main, or the function chosen with --entry */
  int nvars;           /* ids handed out */
  int nsites;          /* array access sites numbered */
  /* Set by the cell abstraction: */
  bool abstracted;
  VEC(ArrayCells *) arrays;   /* one per abstracted array */
  const char *focus_text;     /* the --focus expression, as given */
  Expr *focus;                /* ... and as parsed */
  VarVec observers;
};

/* ---- IR construction helpers (ir.c) -------------------------------------- */
Expr *new_num(long long v, Loc loc);
Expr *new_var_ref(Var *v, Loc loc);
Expr *new_unary(ExprKind k, Expr *e, Loc loc);
Expr *new_binary(ExprKind k, Expr *l, Expr *r, Loc loc);
Expr *new_cond(Expr *c, Expr *t, Expr *f, Loc loc);
Expr *new_nondet(Type *t, Loc loc);
Expr *new_and(Expr *a, Expr *b);          /* a && b, dropping "true" operands */
Expr *new_or(Expr *a, Expr *b);
Stmt *new_stmt(StmtKind k, Loc loc);
Stmt *new_block(Loc loc);
Stmt *new_assign(Var *v, Expr *e, Loc loc);
Stmt *new_if(Expr *c, Stmt *then, Stmt *els, Loc loc);
Stmt *new_assume(Expr *c, Loc loc);
void block_add(Stmt *block, Stmt *s);
Var *new_var(Program *p, Func *owner, const char *name, Type *t, VarKind kind, Loc loc);
/* A fresh variable whose name starts with base and is unique in f (or among
 * the globals when f is NULL). */
Var *new_temp(Program *p, Func *f, const char *base, Type *t, VarRole role, Loc loc);
bool name_in_use(Program *p, Func *f, const char *name);
bool expr_is_const(const Expr *e, long long *value);
bool expr_has_index(const Expr *e);       /* reads an array */
bool expr_equal(const Expr *a, const Expr *b);
/* Visit every variable an expression mentions. */
void expr_vars(const Expr *e, void (*fn)(Var *, void *), void *arg);
Expr *expr_subst(Expr *e, Var *v, Expr *by);   /* copy with v := by */
Func *find_func(Program *p, const char *name);
Var *find_global(Program *p, const char *name);
Var *find_local(Func *f, const char *name);
const char *expr_kind_name(ExprKind k);
/* reach[i]: is p->funcs.data[i] called, directly or not, from p->entry? */
bool *reachable_funcs(Program *p);

/* ======================================================================
 * Pipeline stages
 * ====================================================================== */

/* frontend.c: parse path with libclang (clang_args are passed through: -I,
 * -D, -std=...). Returns NULL after reporting errors. entry_name selects the
 * entry function (NULL: main, else the unique function nobody calls). */
Program *parse_program(const char *path, int nclang_args, const char *const *clang_args,
                       const char *entry_name);
/* Parse a C expression over the given variables (used for --focus). */
Expr *parse_expression(const char *text, Var **vars, int nvars, Loc loc);

/* normalize.c: side-effect-free expressions, elementary reads and writes,
 * assertion recognition (wrappers, `if (c) error`, assert macro). The input is
 * consumed. */
Program *normalize_program(Program *p);

/* cells.c */
typedef struct CellSpec {
  const char *array;   /* "a" (every array named a) or "f:a" */
  int count;           /* number of cells, 0 = automatic */
  bool ordered;        /* x1 < x2 < ... */
  bool initial;        /* plus one cell keeping the contents at entry */
} CellSpec;

typedef struct CellOptions {
  VEC(CellSpec) specs;
  const char *focus;   /* C expression over cell indices and variables */
  bool observers;      /* flag per access and cell (paper 5.4) */
  bool no_check_loops; /* keep quantified-assertion loops as loops */
} CellOptions;

/* One cell: a symbolic index tuple and the scalar holding the element. */
typedef struct Cell {
  Var *index[MAX_DIMS];
  Var *value;
  bool initial;        /* keeps the contents at entry; never written */
} Cell;

/* The cells of one array of the source program. */
struct ArrayCells {
  Var *array;          /* the source array (global, local or parameter) */
  Func *owner;         /* function where the array lives; NULL for globals */
  int ndims;
  Expr *dims[MAX_DIMS];    /* sizes as in the source (NULL if unknown) */
  Type *elem;
  VEC(Cell) cells;     /* current cells first, then the initial-value cell */
  bool ordered;
  int nshared;         /* > 0: cells passed in by callers (parameters) */
  Expr *constraint;    /* range (and order) constraint on the indices */
};

/* Abstract every array of p by cells. Returns a new program sharing p's
 * scalar variables; p itself is left intact (it is still needed for replay).
 * Returns NULL after reporting errors. */
Program *abstract_cells(Program *p, const CellOptions *opt);
/* Number of cells chosen automatically for each array (reads per assertion). */
int auto_cell_count(Program *p, Var *array);

/* coverage.c: assertions (of orig) that a proof on the cells of abs may
 * not cover because --cells/--ordered/--focus leave some read indices
 * unobserved; each gets a warning unless quiet. 0 means every assertion is
 * covered (always the case with automatic cell counts). */
int uncovered_assertions(Program *orig, Program *abs, const CellOptions *opt, bool quiet);

/* focus.c: a --focus equating the cell indices of arrays accessed at the
 * same indices (orig normalized, abs its cells without focus), or NULL. */
const char *auto_focus(Program *orig, Program *abs);

/* emit_c.c */
void emit_c(FILE *out, Program *p);
/* Expression as C text (arena string). */
char *expr_to_c(const Expr *e);
void print_expr(FILE *out, const Expr *e);

/* emit_json.c: the cell map; returns false on I/O error. */
bool emit_cellmap_json(FILE *out, Program *p);

/* interp.c: concrete execution of core IR with C integer semantics. */
typedef enum {
  RUN_OK,              /* returned from the entry function */
  RUN_ERROR,           /* reached the error function / failed assertion */
  RUN_BLOCKED,         /* an assumption was false (or abort/exit) */
  RUN_UNDEFINED,       /* undefined behaviour: out-of-bounds, overflow, /0 */
  RUN_LIMIT,           /* step limit exhausted */
} RunResult;

typedef struct Oracle Oracle;
/* Where nondeterministic values come from. */
struct Oracle {
  /* Value for E_NONDET of type t assigned to dst (dst may be a temporary);
   * purpose says why the value is needed. */
  long long (*nondet)(Oracle *o, Var *dst, Type *t);
  /* Initial contents of element `flat` of an uninitialized array. */
  long long (*array_init)(Oracle *o, Var *array, long long flat, Type *elem);
  /* Told of every element read (S_READ) with its value; may be NULL. */
  void (*on_read)(Oracle *o, Stmt *read, long long flat, long long value);
  void *state;
  Stmt *at;            /* set by the interpreter: the statement being run */
};

typedef struct RunInfo {
  RunResult result;
  Loc where;           /* of the error, blocking assume, or undefined behaviour */
  long long steps;
  const char *why;     /* for RUN_UNDEFINED */
  long long ret;       /* main's return value */
  /* Final values of the entry function's scalar variables (by Var id), for
   * tests comparing programs. */
  VEC(long long) final_values;
  VEC(Var *) final_vars;
} RunInfo;

RunInfo run_program(Program *p, Oracle *o, long long max_steps);

/* ======================================================================
 * cfg.c -- control-flow graphs of core IR, one per function
 *
 * Nodes are program points; edges are elementary actions. Back-ends choose
 * their own block encoding on top (the Horn clauses merge edges between cut
 * points; the NTS writer prints one transition per edge).
 * ====================================================================== */

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
} Cfg;

/* The CFG of f (f must have a body). Nondeterministic values get the range of
 * their type for types narrower than int, and >= 0 when unsigned. */
Cfg *build_cfg(Program *p, Func *f);
/* Out-edges of node n (indices into cfg->edges), built on demand. */
int cfg_out(Cfg *g, int n, const int **edges);
/* Globals a function reads or writes, itself or through its callees. */
void func_globals(Program *p, Func *f, VarVec *out);
/* Constraint on a value of type t read as a mathematical integer (NULL if
 * none is added), over the expression v. */
Expr *type_constraint(Type *t, Expr *v);

#endif /* ARR2SCALAR_H */
