/*
 * verifier.h -- the SV-COMP functions used by arr2scalar's scalar C output,
 * as implemented by runtime/verifier.c for running that output.
 *
 * Environment variables read by the runtime:
 *   A2S_SEED=N         seed of the generator of nondeterministic values (default 1)
 *   A2S_VALUES="v ..." values returned by the first nondet calls, in order,
 *                      before the generator takes over (replaying a run)
 *   A2S_TRACE=1        print every nondet value returned on stderr
 *   A2S_ASSUME_EXIT=N  exit code when an assumption is false (default 0: the
 *                      run just ends, quietly)
 * reach_error() prints a line on stderr and exits with code 1.
 */
#ifndef A2S_VERIFIER_H
#define A2S_VERIFIER_H

_Bool __VERIFIER_nondet_bool(void);
char __VERIFIER_nondet_char(void);
unsigned char __VERIFIER_nondet_uchar(void);
short __VERIFIER_nondet_short(void);
unsigned short __VERIFIER_nondet_ushort(void);
int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
long __VERIFIER_nondet_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
long long __VERIFIER_nondet_longlong(void);
unsigned long long __VERIFIER_nondet_ulonglong(void);
void __VERIFIER_assume(int cond);
void reach_error(void);
void __VERIFIER_error(void);
void __VERIFIER_assert(int cond);

#endif
