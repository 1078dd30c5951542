/*
 * frontend_internal.h -- shared by the files of the front end: libclang
 * cursors (cursors.c), operators read from the preprocessed twin (twin.c),
 * the translation state, and the conversions each file offers the others.
 */
#ifndef A2S_FRONTEND_INTERNAL_H
#define A2S_FRONTEND_INTERNAL_H

#include "frontend.h"

#include <clang-c/Index.h>

/* ---- Cursors (cursors.c) ---------------------------------------------------- */

/* A hash map keyed by cursor. */
typedef struct {
  CXCursor key;
  void *val;
  bool used;
} CursorSlot;

typedef struct {
  CursorSlot *slots;
  unsigned cap, len;
} CursorMap;

void cmap_put(CursorMap *m, CXCursor k, void *v);
void *cmap_get(CursorMap *m, CXCursor k);   /* NULL when absent */
void cmap_free(CursorMap *m);

typedef VEC(CXCursor) CursorVec;
typedef VEC(const char *) StrList;

/* The children of c, in order. */
CursorVec cx_children(CXCursor c);
/* Presumed location (#line directives respected) of c. */
Loc cx_loc(CXCursor c);
/* The presumed location of l (#line directives applied). */
Loc cx_loc_of(CXSourceLocation l);
/* Spellings (arena strings): of a cursor, its kind, a type. */
char *cx_spelling(CXCursor c);
char *cx_kind_spelling(CXCursor c);
char *cx_type_spelling(CXType t);
bool cx_is_expr(CXCursor c);
/* c without parentheses and implicit conversions that do not change the
 * value (single-child ParenExpr and UnexposedExpr). */
CXCursor cx_strip(CXCursor c);
/* File offset of a location. */
unsigned cx_offset(CXSourceLocation l);
/* A state the conversion should never reach: an internal error (exit 3),
 * unless an input error came first (then it is a consequence of it). */
void fe_internal_error(Loc loc, const char *msg);
/* Types: canonical; equal but for qualifiers (const); array (of any
 * kind); the element under every array layer. */
CXType cx_canon(CXType t);
bool cx_same_type(CXType a, CXType b);
bool cx_is_array(CXType t);
CXType cx_innermost(CXType t);

typedef struct FE FE;

/* ---- Pointer classes (pointer_classes.c) ---------------------------------------- */

typedef struct Obj Obj;
typedef struct PtrAnalysis PtrAnalysis;

/* What the pointers of a class become (pointer_classes.c says when). */
typedef enum {
  PK_FLAG,     /* never dereferenced: a _Bool "non-null" per location */
  PK_OBJECT,   /* owners of fresh objects held in arrays of pointers: flag and
                  object inline in each location */
  PK_ARRAY,    /* into one block: (block, offset) */
} PtrKind;

typedef enum { B_DECL, B_PARAM, B_STRING, B_HEAP } BlockKind;

typedef struct PClass {
  PtrKind kind;
  CXType pointee;      /* canonical */
  bool content;        /* PK_OBJECT: the objects are read or written */
  bool moves;          /* PK_ARRAY: offsets other than 0 */
  bool nullable;       /* PK_ARRAY: a member may be null */
  bool realloc;        /* PK_ARRAY: the heap block is reallocated */
  bool based;          /* PK_ARRAY of parameters: each parameter's offset comes with
                          the call (an argument may point past its array's start, or
                          several parameters point into the block of the first) */
  BlockKind bkind;     /* PK_ARRAY: */
  CXCursor block;      /* the array or address-taken variable, the parameter,
                          the string literal, an allocation (B_HEAP) */
  CXCursor func;       /* PK_ARRAY: the function of the members */
  const char *name;    /* PK_ARRAY: a member's name, for the block's variables */
} PClass;

/* Library functions understood when the program does not define them. */
typedef enum {
  LIB_NONE, LIB_MALLOC, LIB_CALLOC, LIB_REALLOC, LIB_ALLOCA, LIB_FREE,
  LIB_MEMSET, LIB_MEMCPY, LIB_MEMMOVE, LIB_STRLEN, LIB_STRCPY, LIB_STRNCPY, LIB_STRCMP,
  LIB_NONDET_POINTER,
} LibFunc;

/* Classify every pointer of the program (fe->tu, fe->ops ready); rejects
 * what no class can model. */
PtrAnalysis *pa_analyze(FE *fe);
void pa_free(PtrAnalysis *a);
/* The class of the pointers held by a declaration (pointer variable,
 * parameter or field, array of pointers); NULL if it holds none. */
PClass *pa_class(PtrAnalysis *a, CXCursor decl);
/* A function returning a pointer into the block of one of its parameters:
 * that parameter's index, -1 for any other function. The class of its
 * results is pa_class(a, func). */
int pa_returned_parameter(PtrAnalysis *a, CXCursor func);
/* The class an allocation's result is stored in; NULL when it is only
 * tested or freed. */
PClass *pa_site_class(PtrAnalysis *a, CXCursor call);
/* The class whose block is the string literal lit, NULL if none. */
PClass *pa_string_class(PtrAnalysis *a, CXCursor lit);
/* A struct local initialized by an array's element that stands for it
 * (pointer_classes.c says when). */
bool pa_snapshot(PtrAnalysis *a, CXCursor decl);
/* A variable whose address is used: it becomes a 1-element array. */
bool pa_promoted(PtrAnalysis *a, CXCursor decl);
/* The array of pointers a local "reference" was read from, else null. */
CXCursor pa_reference_table(PtrAnalysis *a, CXCursor decl);
/* The library function a call calls (LIB_NONE: another, or one the
 * program defines). */
LibFunc pa_library_call(CXCursor call);
CursorVec pa_call_args(CXCursor call);
bool pa_is_null(CXCursor c);        /* a null pointer constant */
bool pa_is_pointer(CXType t);        /* a pointer to data (not to a function) */
/* A pointer to a function: only parameters of this type are translated,
 * as the tag of the function they receive (frontend.c, calls). */
bool pa_is_function_pointer(CXType t);

/* ---- Objects in IR variables (layout.c) ------------------------------------------- */

/* How a C object is laid out in IR variables. A scalar, or an array of
 * scalars, is one variable; a struct is its fields; a pointer held in
 * memory (a field, an element, a variable of a PK_FLAG or PK_OBJECT class)
 * is its non-null flag and, for PK_OBJECT, the object it owns. An array of
 * structs or of pointers puts its dimensions in front of every variable of
 * its element: one array per field. */
typedef enum { OBJ_SCALAR, OBJ_STRUCT, OBJ_POINTER } ObjKind;

typedef struct ObjField {
  CXCursor decl;
  Obj *obj;
} ObjField;

struct Obj {
  ObjKind kind;
  CXType type;          /* C type of one element (scalar, struct, pointer) */
  Var *var;             /* OBJ_SCALAR: the variable; OBJ_POINTER: the flag */
  VEC(ObjField) fields; /* OBJ_STRUCT */
  PClass *cls;          /* OBJ_POINTER */
  Obj *target;          /* OBJ_POINTER of a PK_OBJECT class: the object */
  bool single;          /* an address-taken variable made a 1-element array */
};

/* An lvalue: an object and the indices applied so far (its dimensions,
 * then those of an array of scalars); guard: an assumption to make before
 * the access (a dereferenced pointer is not null). */
typedef struct Place {
  Obj *obj;
  ExprVec idx;
  Expr *pre;           /* effects to evaluate first (of the pointer reaching it) */
  Expr *guard;         /* then this assumption (the pointer is not null) */
  Loc loc;
} Place;

/* The layout of a declaration needing one (struct, array of structs or of
 * pointers, pointer of a PK_FLAG or PK_OBJECT class, address-taken
 * variable), NULL for a plain variable (fe->vars). */
bool layout_needed(FE *fe, CXCursor decl);
/* Declare the variables of such a local (S_DECLs and initialization into
 * out), global, or parameter. */
void layout_local(FE *fe, CXCursor decl, Stmt *out);
void layout_global(FE *fe, CXCursor decl);
Obj *layout_param(FE *fe, CXCursor decl);
/* The object of a declaration (plain variables too). */
Obj *obj_of_decl(FE *fe, CXCursor decl);
/* A new object of type t with leading dimensions lens[0..n). */
Obj *obj_new(FE *fe, CXCursor at, CXType t, Expr **lens, int n, const char *name,
             VarKind kind, bool heap);
/* Every variable of an object, in field order. */
void obj_vars(Obj *o, VarVec *out);
/* The place of an lvalue expression of struct, array, scalar or pointer
 * type reached through variables, subscripts, members, dereferences. */
Place conv_place(FE *fe, CXCursor c);
/* A function returning a struct of scalars by value leaves its result in
 * a global object of that struct, which the caller copies from right
 * after the call: the object, or NULL after a diagnostic. */
Obj *layout_result(FE *fe, CXCursor func, const char *name);
/* return e; in a function returning a struct: e copied into its result. */
Expr *store_result(FE *fe, Obj *result, CXCursor e);
/* The field of a struct place. */
Place place_field(Place p, CXCursor field);
/* The value of a scalar place (its guard first). */
Expr *place_value(Place p);
/* The scalar lvalue of a place (E_VAR or E_INDEX), its guard apart. */
Expr *place_lvalue(Place p);
/* Copy the object at src to dst (same type), as one expression. */
Expr *copy_place(FE *fe, Place dst, Place src, Loc loc);
/* Struct-typed assignment, declaration initialized by a struct value. */
Expr *conv_struct_assign(FE *fe, CXCursor c);
/* Evaluate the indices of a place with effects or reads once: assignments
 * to temporaries go to *pre (a comma chain). */
void place_stable(FE *fe, Place *p, Expr **pre);

/* ---- Pointer values (pointers.c) ---------------------------------------------------- */

typedef enum {
  PV_NULL,     /* a null pointer constant */
  PV_FLAG,     /* only its nullness: nn */
  PV_ARRAY,    /* into blk at off */
  PV_OBJECT,   /* the pointer held at loc, with its object */
  PV_FRESH,    /* a new object (malloc(sizeof(T))); zeroed by calloc */
} PvKind;

typedef struct PtrVal {
  PvKind kind;
  Expr *pre;           /* effects to evaluate first, or NULL */
  Expr *nn;            /* PV_FLAG; PV_ARRAY: NULL when never null */
  Obj *blk;            /* PV_ARRAY: the block (its first index is the offset) */
  Expr *off;           /* PV_ARRAY: offset in elements, NULL for 0 */
  Place loc;           /* PV_OBJECT */
  bool zeroed;         /* PV_FRESH */
  Loc at;
} PtrVal;

/* The value of a pointer expression. */
PtrVal conv_ptr(FE *fe, CXCursor c);
/* A function returning a pointer into one of its parameters' blocks
 * returns the offset: its IR result type, or NULL after a diagnostic. A
 * result that may be null is NULL_OFFSET when it is: no offset of a
 * pointer into an array is negative (C keeps p + i inside p's object),
 * and the caller's pointer is null exactly when the offset is that. */
Type *ptr_result_type(FE *fe, CXCursor func);
#define NULL_OFFSET (-1)
/* return e; in such a function: the offset of e (its effects first). */
Expr *ptr_result(FE *fe, CXCursor e);
/* The call of a function of the program (its arguments converted). */
Expr *conv_call(FE *fe, CXCursor c);
/* Whether it is not null, as an int expression (its effects first). */
Expr *ptr_truth(FE *fe, PtrVal v);
/* Only its effects (an expression, maybe the number 0). */
Expr *ptr_effects(PtrVal v);
/* The place *v, v[index] (index NULL: 0). */
Place ptr_deref(FE *fe, PtrVal v, Expr *index, Loc loc);
/* Store v into the pointer held at dst (a flag, an owned object). */
Expr *ptr_store(FE *fe, Place dst, PtrVal v, Loc loc);
/* A comparison or difference of pointers (c: a binary operator). */
Expr *conv_ptr_binary(FE *fe, CXCursor c, const char *op);
/* A local pointer variable: its variables, its initialization into out. */
void ptr_local(FE *fe, CXCursor decl, Stmt *out);
/* The statements a function with pointer parameters starts with. */
void ptr_param_prologue(FE *fe, CXCursor func, Stmt *out);
/* Declare the offset and null flag of a parameter of an array class. */
void ptr_param(FE *fe, CXCursor decl);
/* Whether a parameter of an array class brings the block (its array
 * variables): false for the second and later parameters of one class,
 * which point into the first one's block and bring only their offset. */
bool ptr_param_has_block(FE *fe, CXCursor decl);
/* The parameter carrying a based parameter's offset at entry (declared
 * after its block's variables; nothing for a class that is not based). */
void ptr_param_offset(FE *fe, CXCursor decl);
/* The IR arguments for one C argument given for parameter `param` of a
 * function of the program. */
void conv_argument(FE *fe, CXCursor arg, CXCursor param, ExprVec *out);
/* Does the declaration's variable stand for a pointer (ptrs, refs)? */
bool is_pointer_decl(FE *fe, CXCursor decl);
/* The block of an array class (made on first use). */
Obj *class_block(FE *fe, PClass *cls, Loc loc);

/* ---- Library functions (library_calls.c) -------------------------------------------- */

/* A call of memset, memcpy, memmove, strlen, strcpy, strncpy, strcmp, free:
 * the loop it is; pointer results (memset ...) as PtrVal in *ptr. */
Expr *conv_library_call(FE *fe, CXCursor c, LibFunc lib, PtrVal *ptr);
/* The IR of an allocation stored in an array class (a new block). */
PtrVal alloc_block(FE *fe, CXCursor call, PClass *cls);
/* __VERIFIER_nondet_X(): the type X names (SV-COMP), NULL if unknown. */
Type *nondet_type(FE *fe, const char *name);
/* for (t = 0; t < n; t++) body, t a new temporary named base. */
Stmt *counted_loop(FE *fe, const char *base, Expr *n, Stmt *(*body)(FE *, Var *t,
                   void *arg), void *arg, Loc loc);

/* ---- Translation state -------------------------------------------------------- */

typedef struct BlockObj {
  PClass *cls;
  Obj *obj;            /* the block */
  Var *len;            /* B_HEAP: its length */
  Obj *old;            /* B_HEAP: its contents while reallocated */
  Var *old_len;
} BlockObj;

/* The block an argument of a call points into, for a parameter of a based
 * class: all parameters of one class must receive the same block. */
typedef struct CallBlock {
  PClass *cls;         /* the parameter's class in the callee */
  Obj *blk;
  CXCursor arg, param;
} CallBlock;

struct FE {
  CXTranslationUnit tu;
  Program *prog;
  Func *func;              /* function being translated */
  CursorMap vars;          /* declaration cursor -> Var */
  CursorMap ops;           /* operator cursor -> spelling; for-stmt -> part mask */
  CursorMap starts;        /* binary operator cursor -> its Loc (binary_loc) */
  VEC(Stmt *) breakable;   /* loops and switches, innermost last */
  VEC(Stmt *) loops;       /* loops only */
  VEC(const char *) error_labels;
  bool allow_array;        /* an array name may appear here (subscript, argument) */
  Var *main_argc;          /* main's first parameter, made a local (main_args) */
  Var **extra_vars;        /* parse_expression: variables by name */
  int nextra;
  PtrAnalysis *pa;         /* the pointer classes (NULL in parse_expression) */
  CursorMap objs;          /* declaration -> Obj (layout.c; plain variables once asked) */
  CursorMap ptrs;          /* pointer variable of an array class -> PtrVar (pointers.c) */
  CursorMap refs;          /* reference into an array of pointers -> its index Var */
  CursorMap snaps;         /* struct local standing for an array's element -> its Place */
  VEC(BlockObj) blocks;    /* blocks of heap and string classes */
  VEC(CallBlock) call_blocks; /* the call being converted: blocks of based arguments */
  CursorMap results;       /* function returning a struct -> the global object its
                              result is left in (one scalar per field) */
  Obj *result;             /* that object of the function being translated */
  VEC(CXCursor) defs;      /* the definition of each function of prog->funcs (or null) */
  Type *size_t_type, *ptrdiff_type; /* of the target */
};

/* A pointer variable of an array class: its offset and null flag
 * (NULL when the class never moves / is never null). */
typedef struct PtrVar {
  PClass *cls;
  Var *off, *nn;
  Var *at;             /* a parameter of a based class: its offset at entry */
} PtrVar;

/* ---- Operators from the preprocessed twin (twin.c) --------------------------- */

/* Preprocess path with the clang driver, parse the result and walk both
 * ASTs together: fe->ops maps each operator cursor of fe->tu to its
 * spelling, each for statement to the parts of its header present. */
bool read_token_facts(FE *fe, const char *path, int nargs, const char *const *args,
                      CXIndex index);
/* The same for a translation unit without macros: its own tokens. */
void read_own_operators(CursorMap *ops, CXTranslationUnit tu);
/* The spelling of the operator of c (an error when it is unknown). */
const char *op_of(FE *fe, CXCursor c);

/* ---- Conversions (frontend.c) -------------------------------------------------- */

/* C expression at c to IR. */
Expr *conv_expr(FE *fe, CXCursor c);
/* ... an operand (no array name allowed as a value). */
Expr *conv_operand(FE *fe, CXCursor c);
/* A scalar (integer, _Bool, enum, char) type, or void. */
Type *conv_scalar_type(CXCursor at, CXType t);
/* The dimensions of a declaration's array type, outermost first (a
 * parameter's pointer or [] is a dimension of unknown length), with the
 * sizes written in its declarator; *elem: the type under them. */
int decl_dims(FE *fe, CXCursor decl, bool is_param, Expr **lens, CXType *elem);
/* A name not taken in f (or among the globals). */
const char *unique_name(FE *fe, Func *f, const char *name);
Expr *bad_expr(FE *fe, CXCursor c, const char *what);
Expr *mk(ExprKind k, Type *t, Loc loc);
/* lhs = rhs, of lhs's type. */
Expr *mk_assign(Expr *lhs, Expr *rhs, Loc loc);
/* e converted to t (implicitly: as C would), or e when it has type t. */
Expr *mk_cast(Expr *e, Type *t);
/* The characters of a string literal as spelled (quotes and escapes
 * included) up to len, its zeros after: E_NUMs appended to out->args. */
bool string_chars(const char *lit, long long len, Loc loc, Expr *out);
/* The value of a constant expression (sizeof, literals). */
Expr *eval_constant(FE *fe, CXCursor c);
/* assume(c) as an expression (a call of the builtin). */
Expr *assume_expr(Expr *c, Loc loc);
/* A comma chain a, b (either may be NULL). */
Expr *comma(Expr *a, Expr *b);
/* An expression running statement s (value: last, or 0). */
Expr *stmt_value(Stmt *s, Expr *last, Type *t, Loc loc);
/* The size type (size_t) and the pointer difference type of the target. */
Type *size_type(FE *fe);
Type *diff_type(FE *fe);

#endif /* A2S_FRONTEND_INTERNAL_H */
