/*
 * helpers.h -- shared by the unit tests: run the pipeline on C text.
 */
#ifndef A2S_TEST_HELPERS_H
#define A2S_TEST_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "arr2scalar.h"

/* Write src to a temporary .c file (deleted at teardown) and return its path. */
const char *temp_source(const char *src);
/* Front end only; diagnostics are captured (see diag_captured()). */
Program *parse_text(const char *src);
/* Front end + normalization. */
Program *normalize_text(const char *src);
/* Front end + normalization + cells with the given options (NULL: defaults). */
Program *abstract_text(const char *src, const CellOptions *opt);
/* Scalar C of a program, as a string. */
char *c_text(Program *p);
/* Is needle in haystack? (for messages: shows both on failure) */
#define assert_contains(hay, needle) assert_true(contains_((hay), (needle)))
bool contains_(const char *hay, const char *needle);
/* Statement count of a kind anywhere in f's body. */
int count_stmts(Func *f, StmtKind k);
/* Reset diagnostics, arena and temp files: use as cmocka teardown. */
int teardown_all(void **state);

#endif
