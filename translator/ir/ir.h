/*
 * ir.h -- the IR floor: types, variables, expressions, statements,
 * functions, programs; their constructors, walkers and small queries
 * (ir.c); control-flow graphs (cfg.h).
 *
 * The pipeline, floor by floor (DESIGN.md has the picture):
 *
 *   frontend/   C source --libclang--> IR (Program), rejects what it cannot model
 *   transform/  IR -> core IR (normalize.c: elementary array reads/writes, no
 *               side effects inside expressions, assertions recognised) ->
 *               core IR without arrays (cells.c: the cell abstraction of
 *               Monniaux & Alberti)
 *   emit/       core IR -> scalar C in SV-COMP conventions, the cell map as JSON
 *   logic/      formulas (Z3 terms), Horn clauses
 *   backends/   the engines: Spacer, polyhedra, external analyzers
 *   lift/       scalar invariants -> quantified array invariants, re-check
 *   run/        concrete runs of core IR (C integer semantics): replay
 *   cli/        the command line: translate, verify, invariants
 *
 * Memory: every IR node lives in one arena (base.h) that is released at once
 * by arena_free_all(); nothing in the IR is freed individually.
 */
#ifndef A2S_IR_H
#define A2S_IR_H

#include "base.h"

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
  ROLE_GHOST,          /* instrumentation (ghost totals, ghosts.c): not the
                          program's, never shown as one of its variables */
} VarRole;

struct Var {
  const char *name;    /* unique among the globals and the variables of its function */
  Type *type;
  VarKind kind;
  VarRole role;
  Loc loc;
  int id;              /* unique in the program */
  bool byref;          /* parameter passed by reference (cell values) */
  bool heap;           /* an allocated block (malloc ...): its length may be 0 */
  Expr *init;          /* globals: initializer (E_INIT for arrays) */
  Func *owner;         /* function of a local or parameter */
  /* Cells: for an array, its cells once abstracted; for a cell variable,
   * the cells it belongs to. */
  ArrayCells *cells;
  int cell_no, cell_dim;  /* which cell (0 = initial-value cell) and dimension */
  const char *note;    /* what a ghost variable stands for, for reports (or NULL) */
  /* An offset variable of the front end (p_off): the C pointer it moves and
   * the variable of the block the pointer points into, for reports that
   * name the pointer (NULL: not an offset, or a block without a name). */
  const char *offset_pointer, *offset_block;
  bool offset_block_param; /* the block's start is that parameter's value at entry */
  /* A view's start (p_at, the offset a based parameter starts at): the
   * array variable its value is a position of (NULL: not a start, or
   * the block has no variable). */
  const char *start_of;
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
  bool exact;          /* E_CAST: the value fits the type in every run whose behaviour is
                          defined (a pointer's offset: C keeps it inside its object), so
                          the analyses read it without reduction (expr_wraps) */
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
  struct NameIndex *names; /* the names taken in the function (ir.c) */
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
  Func *focus_owner;          /* the function where it is assumed */
  VarVec observers;
  struct NameIndex *names;    /* the global names taken (ir.c) */
  /* When the entry is the caller generated for --entry (its Func.generated
   * is set): the function it calls, its call, and what holds at that call
   * as a formula over the harness's variables (NULL when that is not known:
   * the harness assumes more than its prefix of choices and assumptions). */
  Func *harness_target;
  Stmt *harness_call;
  Expr *harness_assumes;
};

/* ---- IR construction helpers (ir.c) -------------------------------------- */
Expr *new_num(long long v, Loc loc);
Expr *new_var_ref(Var *v, Loc loc);
Expr *new_unary(ExprKind k, Expr *e, Loc loc);
Expr *new_binary(ExprKind k, Expr *l, Expr *r, Loc loc);
Expr *new_cond(Expr *c, Expr *t, Expr *f, Loc loc);
Expr *new_nondet(Type *t, Loc loc);
/* array[...] of element type t, its indices pushed onto args by the caller */
Expr *new_index(Var *array, Type *t, Loc loc);
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
 * the globals when f is NULL). Names are looked up in a hash index of each
 * scope, which catches up with the vectors (params, locals, globals, funcs)
 * as they grow: they must only grow, or be copied whole with the index
 * pointer reset. */
Var *new_temp(Program *p, Func *f, const char *base, Type *t, VarRole role, Loc loc);
bool name_in_use(Program *p, Func *f, const char *name);
/* Is x one of v? */
bool var_in(const VarVec *v, const Var *x);
bool expr_is_const(const Expr *e, long long *value);
/* The comparison operator with its operands swapped: a < b is b > a (==,
 * != and other kinds stay). */
ExprKind cmp_mirrored(ExprKind k);
/* e is a constant whose value, as a mathematical integer, is *value: a
 * number, under conversions that keep it (unlike expr_is_const, which
 * looks through every conversion: (unsigned)-1 is not -1 here). */
bool expr_const_value(const Expr *e, long long *value);
bool expr_has_index(const Expr *e);       /* reads an array */
bool expr_equal(const Expr *a, const Expr *b);
/* Structurally equal, types and casts included (an index converted
 * differently may be another element), and pure: false for reads, calls,
 * nondet values and statement expressions. */
bool expr_same(const Expr *a, const Expr *b);
/* Does e use v, as a variable or as the array it reads? */
bool expr_mentions(const Expr *e, const Var *v);
/* Does s itself read v: its expression, indices or arguments (not what it
 * assigns), or for a declaration the sizes of its array type? */
bool stmt_uses(const Stmt *s, const Var *v);
/* Visit every variable an expression mentions. */
void expr_vars(const Expr *e, void (*fn)(Var *, void *), void *arg);
Expr *expr_subst(Expr *e, Var *v, Expr *by);   /* copy with v := by */
/* v := by in the expressions, indices and arguments of s and of every
 * statement nested in it (each replaced by a copy; what they assign stays). */
void stmt_subst(Stmt *s, Var *v, Expr *by);
Func *find_func(Program *p, const char *name);
Var *find_global(Program *p, const char *name);
Var *find_local(Func *f, const char *name);
const char *expr_kind_name(ExprKind k);
/* reach[i]: is p->funcs.data[i] called, directly or not, from p->entry? */
bool *reachable_funcs(Program *p);

/* ---- Copies (copy.c) ----------------------------------------------------- */

/* How a copy of statements and expressions maps what they name. Every hook
 * may be NULL (the same variable, function, type; no replacement). */
typedef struct IrCopy IrCopy;
struct IrCopy {
  Var *(*var)(IrCopy *c, Var *v);       /* the variable standing for v */
  Func *(*func)(IrCopy *c, Func *f);    /* the function called for f */
  Type *(*type)(IrCopy *c, Type *t);    /* the type of a node for t */
  /* An expression whose copy replaces each read of v (NULL: v, mapped). */
  Expr *(*value)(IrCopy *c, Var *v);
  /* Told of each statement copied, after its parts. */
  void (*copied)(IrCopy *c, const Stmt *from, Stmt *to);
  /* Not NULL: the copied reads and writes get new access sites of it. */
  Program *sites;
  void *arg;                            /* for the hooks */
  StmtVec targets_from, targets_to;     /* the loops and switches being copied */
};
/* A copy of e, of s and everything nested in it (a break leaving a loop
 * that is copied leaves its copy). */
Expr *ir_copy_expr(IrCopy *c, const Expr *e);
Stmt *ir_copy_stmt(IrCopy *c, const Stmt *s);
/* A copy of a program that is not abstracted (NULL if it is): new
 * variables, functions, statements and expressions, with the same names,
 * ids and access sites, sharing nothing that a pass changes. */
Program *program_copy(const Program *p);
/* The function name, with a body, becomes p's entry (a program of its
 * own: the cell abstraction calls it from a harness, cells.c); false if
 * there is none. */
bool program_set_entry(Program *p, const char *name);


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
  bool exact;          /* a cell per element: cell j sits at element j - 1 */
  int nshared;         /* > 0: cells passed in by callers (parameters) */
  Expr *constraint;    /* range (and order) constraint on the indices */
};

#endif /* A2S_IR_H */
