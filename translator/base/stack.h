/*
 * stack.h -- running the work of the command on a deep stack.
 *
 * Every stage walks the program recursively, and so does libclang: an
 * expression of 50,000 operands is 50,000 frames deep. The default 8 MB
 * stack overflows there and the process dies of SIGSEGV. The command's work
 * runs instead on a thread whose stack is large (reserved, not used: pages
 * are touched only as deep as the recursion goes), below a guard region; a
 * recursion that still reaches the guard ends the run with a diagnostic and
 * exit code 2 (the input is too deep to translate), never a crash.
 */
#ifndef A2S_STACK_H
#define A2S_STACK_H

#include "base.h"

/* fn(arg) on a thread with a stack of stack_mb megabytes; its result. If
 * the recursion overflows that stack, the process prints
 * "<what>: error: nested too deeply ..." and exits with EXIT_USAGE. Runs
 * fn on the calling thread when no thread can be made. */
int stack_run(int (*fn)(void *), void *arg, size_t stack_mb, const char *what);

#endif /* A2S_STACK_H */
