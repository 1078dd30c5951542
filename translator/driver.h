/*
 * driver.h -- what the command-line driver shares with the subcommands.
 */
#ifndef A2S_DRIVER_H
#define A2S_DRIVER_H

#include "arr2scalar.h"

typedef struct Options {
  VEC(const char *) inputs;
  const char *output;      /* -o */
  const char *emit;        /* --emit */
  const char *entry;       /* --entry */
  VEC(const char *) clang_args;
  CellOptions cells;
  bool help;
} Options;

/* Parse argv[first..] into o; exits with code 2 on a usage error. */
void parse_options(Options *o, int argc, char **argv, int first);

/* Front end, normalization and cell abstraction of one file. *original (if
 * not NULL) receives the normalized program with its arrays. */
Program *load_program(const Options *o, const char *path, Program **original);

/* Write output atomically: open_output gives a temporary file next to path
 * (stdout for NULL or "-"); close_output renames it on success, removes it on
 * failure, and returns whether everything was written. */
FILE *open_output(const char *path, char **tmp);
bool close_output(FILE *f, const char *path, const char *tmp, bool ok);

#endif
