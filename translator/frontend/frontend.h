/*
 * frontend.h -- the front-end floor: C source to IR with libclang.
 */
#ifndef A2S_FRONTEND_H
#define A2S_FRONTEND_H

#include "ir.h"

/* Parse path with libclang (clang_args are passed through: -I, -D,
 * -std=...). Returns NULL after reporting errors. entry_name selects the
 * entry function (NULL: main, else the unique function nobody calls). */
/* The version of the libclang in use ("Debian clang version 14.0.6"). */
const char *frontend_clang_version(void);

Program *parse_program(const char *path, int nclang_args, const char *const *clang_args,
                       const char *entry_name);
/* With on, parse_program checks the ACSL contract of the entry function
 * entry_name when it has one (acsl.h): the program's entry becomes a
 * harness calling it (verify sets this; the translation and the reports
 * are of the user's text alone). */
void frontend_check_contracts(bool on);
/* Which part of the contract the harness checks (0: all; acsl.h), and the
 * number of parts the contract of the last program parsed has (0: it had
 * none). */
void frontend_contract_part(int part);
int frontend_contract_parts(void);
/* Parse a C expression over the given variables (used for --focus), with
 * C's types and conversions: each variable has its own type, one passed by
 * reference is a pointer (written *v); true and false are 1 and 0. NULL
 * after reporting errors at loc (also when text is not one expression). */
Expr *parse_expression(const char *text, Var **vars, int nvars, Loc loc);
/* The same, for the variables that resolve() gives for the identifiers of
 * text; a name it gives NULL for is unknown (an error). */
Expr *parse_expression_with(const char *text, Var *(*resolve)(const char *name, void *arg),
                            void *arg, Loc loc);

#endif /* A2S_FRONTEND_H */
