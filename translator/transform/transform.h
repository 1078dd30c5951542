/*
 * transform.h -- the transformation floor: normalization of the IR to core
 * IR, the cell abstraction, the automatic focus and the coverage check.
 */
#ifndef A2S_TRANSFORM_H
#define A2S_TRANSFORM_H

#include "ir.h"

/* normalize.c: side-effect-free expressions, elementary reads and writes,
 * assertion recognition (wrappers, `if (c) error`, assert macro). The input is
 * consumed. */
Program *normalize_program(Program *p);

/* cells.c and cells_*.c */
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
  /* Arrays of at most this many elements (constant sizes) get a cell per
   * element: exact, nothing to refine (0: none; the command line's default
   * is EXACT_ELEMENTS). */
  int exact_elements;
  /* With an entry other than main (--entry): the entry starts from any
   * values of the scalar globals, not the program's initial ones -- as a
   * callee does (verify's facts of callees analysed alone). */
  bool havoc_globals;
} CellOptions;

#define EXACT_ELEMENTS 8


/* Abstract every array of p by cells. Returns a new program sharing p's
 * scalar variables; p itself is left intact (it is still needed for replay).
 * Returns NULL after reporting errors. */
Program *abstract_cells(Program *p, const CellOptions *opt);
/* Does every array named by --cells, --ordered or --initial exist in p (a
 * global, a parameter or a local, in any function)? Reports each that does
 * not as an error (the command line's check: abstract_cells itself ignores
 * such names); false then. */
bool cells_check_specs(Program *p, const CellOptions *opt);
/* Number of cells chosen automatically for each array (reads per assertion). */
int auto_cell_count(Program *p, Var *array);

/* aliasing.c: reject calls that would let a function see one array under
 * two names (a global passed to a function that uses it by name, one array
 * passed twice), which the cells cannot follow. Reports errors. */
void check_array_aliasing(Program *p);

/* share_reads.c: a read of an element read before, with nothing in
 * between that may change it (no write to the array, no assignment to the
 * index's variables or to the variable holding the value, no call),
 * becomes a copy of that value. Core IR in, core IR out; the program means
 * the same. */
void share_reads(Program *p);

/* scalarize.c: an array of constant size that is accessed only at
 * constant indices in range and never passed to a function (an
 * accumulator `int sum[1]`) becomes one scalar per element accessed
 * (`sum_0`), after out_params_as_globals. Core IR in, core IR out; the
 * program means the same. Returns the number of arrays replaced. */
int scalarize_arrays(Program *p);

/* out_params.c: an array parameter of a function that is accessed only at
 * index 0 and is passed a local one-element array at every call (the
 * address of a scalar, `smallest_at(v, n, &at)`), in a function that does
 * not call itself, becomes a global of the function's own: each call
 * copies the element into it before and back after, and passes it no
 * longer. Core IR in, core IR out; the program means the same
 * (out_params.c argues it). Returns the number of parameters replaced. */
int out_params_as_globals(Program *p);

/* constprop.c: a local assigned once, at the top level of its function,
 * by a constant that fits its type, and read only after that assignment,
 * is read as the constant (its reads are replaced). Core IR in, core IR
 * out; the program means the same. */
void propagate_constants(Program *p);

/* inline_calls.c: each call at the top level of into's body to a function
 * with loops whose only return is its last statement, that calls nothing
 * and declares no array, is replaced by the callee's body over fresh
 * copies of its parameters and locals (its array parameters become the
 * arrays passed), then the assignment of what it returns. Core IR in, core
 * IR out, in place; the program means the same. For the passes that see
 * one function's loops (ghost totals, sums): give them a copy. Returns the
 * number of calls replaced. */
int inline_calls_with_loops(Program *p, Func *into);

/* webs.c: each scalar local of f that is reused for unrelated purposes
 * (its definitions and the uses they reach fall into several webs: the
 * counter of every loop of a function, `int i;` declared once) becomes one
 * variable per web with a use, the first keeping its name. In place; the
 * program means the same (webs.c argues it). For the passes that move
 * loops, which such a variable ties together. Returns the number of
 * variables split. */
int split_webs(Program *p, Func *f);

/* one_property.c: the property sites of p (its assertions and errors in
 * the functions the entry reaches, one per place in the source), in the
 * order met; *sites is an arena array. Returns how many. */
int property_sites(Program *p, Loc **sites);
/* ... and p changed in place to check only the site at that place: every
 * other assertion becomes an assumption and every other error a halt.
 * Each site checked alone in a program of its own is a proof of them all,
 * and facts proven on one hold in all (one_property.c argues both). */
void keep_one_property(Program *p, Loc site);

/* coverage.c: assertions (of orig) that a proof on the cells of abs may
 * not cover because --cells/--ordered/--focus leave some read indices
 * unobserved; each gets a warning unless quiet. 0 means every assertion is
 * covered (always the case with automatic cell counts). */
int uncovered_assertions(Program *orig, Program *abs, const CellOptions *opt, bool quiet);

/* focus.c: a --focus equating the cell indices of arrays accessed at the
 * same indices (orig normalized, abs its cells without focus), or NULL. */
const char *auto_focus(Program *orig, Program *abs);


#endif /* A2S_TRANSFORM_H */
