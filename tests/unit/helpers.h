/*
 * helpers.h -- shared by the unit tests: run the pipeline on C text, walk the
 * IR, run programs in the interpreter and compile them with the C compiler.
 */
#ifndef A2S_TEST_HELPERS_H
#define A2S_TEST_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "cfg.h"
#include "emit.h"
#include "frontend.h"
#include "interp.h"
#include "transform.h"

/* ---- Programs several tests read ------------------------------------------- */

/* Section 5.5's three-way partition as examples/dutch_flag.c has it: the
 * value the test read at i is stored at its new place (a swap reading
 * data[i] again would leave the cells an unknown value where i is no cell
 * index: no sound analysis of the translation gives the first segment
 * then). Its loop is at line 5. */
extern const char *const dutch_flag_partition;

/* ---- The pipeline on C text ------------------------------------------------ */

/* Write src to a temporary .c file (deleted at teardown) and return its path. */
const char *temp_source(const char *src);
/* Path of the file written by the last parse_text/normalize_text/abstract_text. */
const char *last_source(void);
/* Front end only; diagnostics are captured (see diag_captured()). */
Program *parse_text(const char *src);
/* ... with clang arguments and an entry function (NULL: main). */
Program *parse_text_opts(const char *src, int nargs, const char *const *args, const char *entry);
/* Front end + normalization. */
Program *normalize_text(const char *src);
Program *normalize_text_opts(const char *src, int nargs, const char *const *args,
                             const char *entry);
/* Front end + normalization + cells with the given options (NULL: defaults). */
Program *abstract_text(const char *src, const CellOptions *opt);
/* Cells of an already normalized program (diagnostics captured). */
Program *abstract_program(Program *normalized, const CellOptions *opt);
/* Add a --cells/--ordered/--initial item to o. */
void add_spec(CellOptions *o, const char *array, int count, bool ordered, bool initial);
/* Scalar C of a program, as a string. */
char *c_text(Program *p);
/* Is needle in haystack? (for messages: shows both on failure) */
#define assert_contains(hay, needle) assert_true(contains_((hay), (needle)))
#define assert_not_contains(hay, needle) assert_false(contains_quiet((hay), (needle)))
bool contains_(const char *hay, const char *needle);
bool contains_quiet(const char *hay, const char *needle);
/* Line and column (1-based) of the first occurrence of `at` in src. */
void locate(const char *src, const char *at, int *line, int *col);
/* The captured diagnostics contain "<last source>:line:col: error: <what>",
 * where line:col is the position of `at` in src. */
#define assert_diag_at(src, at, what) assert_true(diag_at_((src), (at), (what)))
bool diag_at_(const char *src, const char *at, const char *what);
/* Run fn(arg) with stderr redirected; returns what it printed (arena string). */
char *capture_stderr(void (*fn)(void *), void *arg);

/* ---- Walking the IR ------------------------------------------------------------ */

/* Statement count of a kind anywhere in f's body. */
int count_stmts(Func *f, StmtKind k);
/* Every statement of kind k under s (s included), in program order. */
void collect_stmts(Stmt *s, StmtKind k, StmtVec *out);
/* Visit every expression node (subexpressions included) of every statement
 * under s, together with the statement that holds it. `top` is true for the
 * statement's own expressions (not their subexpressions). */
typedef void (*ExprVisitor)(Expr *e, Stmt *owner, bool top, void *arg);
void visit_exprs(Stmt *s, ExprVisitor fn, void *arg);
/* Local (or parameter) of f called name, else the global. */
Var *var_named(Program *p, Func *f, const char *name);
/* Number of E_INDEX nodes in e. */
int count_index(const Expr *e);
/* The cells of `array` (by name) living in function `owner` (NULL: global). */
ArrayCells *cells_named(Program *p, const char *owner, const char *array);

/* ---- Running programs in the interpreter --------------------------------------- */

/* An oracle for unit tests: variables named in `names` get the value given
 * in `named` (cell indices, chosen inputs); cell values get the initial
 * contents at their cell's index; other nondets come from `values` in order
 * (0 once they run out); uninitialized arrays hold contents(array, flat). */
typedef struct TestOracle {
  Oracle base;
  const long long *values;
  int nvalues, next;
  const char *const *names;
  const long long *named;
  int nnamed;
  long long (*contents)(Var *array, long long flat);
} TestOracle;

void test_oracle_init(TestOracle *t);
RunInfo run_oracle(Program *p, TestOracle *t);
/* Final value of the entry function's variable or global called name. */
bool final_of(const RunInfo *r, const char *name, long long *value);
const char *run_result_name(RunResult r);

/* ---- The C compiler ------------------------------------------------------------ */

/* A C compiler (gcc) is available. */
bool have_cc(void);
/* A fresh directory for this test process, removed at exit. */
const char *test_dir(void);
/* Write text to path; false on error. */
bool write_file(const char *path, const char *text);
/* Compile c_file with runtime/verifier.c into exe (gcc -std=c11 -w); false and
 * the compiler's messages on stderr if it fails. */
bool compile_with_runtime(const char *c_file, const char *exe);
/* Run exe with A2S_VALUES=values and A2S_ASSUME_EXIT=assume_exit; its exit
 * code, or -1 if it did not exit normally. */
int run_exe(const char *exe, const char *values, int assume_exit);

/* Reset diagnostics, arena and temp files: use as cmocka teardown. */
int teardown_all(void **state);

#endif
