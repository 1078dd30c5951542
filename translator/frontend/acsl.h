/*
 * acsl.h -- ACSL function contracts as the property to verify.
 *
 * A function analysed alone (--entry f) whose declaration is preceded by an
 * ACSL contract (a comment opening with the at sign) is checked against
 * it: a harness function, written as C after the user's text, assumes the
 * `requires`, gives every pointer that a `\valid` range names an array of
 * its own with unknown contents, calls f, and asserts each `ensures` (of
 * each behavior whose `assumes` held), the `assigns` of the arrays and
 * `complete`/`disjoint behaviors`. Each assertion carries a #line of the
 * clause it checks, so that a counterexample names the clause. The subset
 * read is the one array code needs (acsl.c); anything else is an error at
 * its place, never a clause left out.
 */
#ifndef A2S_ACSL_H
#define A2S_ACSL_H

#include <clang-c/Index.h>
#include <stdbool.h>

/* The name of the harness of function entry ("__a2s_contract_<entry>"). */
const char *acsl_harness_name(const char *entry);

/* The C text of the harness checking the contract of function entry of tu
 * (parsed from path, whose text is source), to append to source; NULL
 * when entry has no contract, or after reporting errors (error_count()
 * says which). A contract's checks come in parts -- the default
 * behavior's ensures and assigns, each named behavior's, each complete
 * and each disjoint set -- proved one at a time more easily than
 * together: part 0 checks all, part i (1-based) the i-th alone; *parts
 * (when not NULL) is set to their number. */
char *acsl_contract_harness(CXTranslationUnit tu, const char *path, const char *source,
                            const char *entry, int part, int *parts);

/* src (the text of path) with each `assert P;` (or `check P;`) annotation
 * of a function's body, in a comment opening with the at sign, replaced
 * by C checking P there (__VERIFIER_assert, declared by the caller), on
 * the annotation's first line and keeping the lines after it; src itself
 * when there is none; NULL after reporting errors. */
char *acsl_with_assertions(const char *path, const char *src);

/* Does src hold an ACSL annotation other than a body's assertion (a
 * contract, a loop annotation, a definition)? *at: where the first is. */
bool acsl_other_annotation(const char *src, int *at);

#endif /* A2S_ACSL_H */
