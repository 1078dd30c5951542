/*
 * pvec.h -- persistent arrays of pointers in the arena (pvec.c): a copy is
 * the struct itself and shares everything with the original; setting an
 * element copies only the path to it (a tree of fan-out 16). The Horn
 * clause writer's symbolic states are such arrays: each edge of a path
 * changes one variable of thousands, and the states of two paths that
 * join differ only where the paths wrote.
 */
#ifndef A2S_PVEC_H
#define A2S_PVEC_H

#include "base.h"

typedef struct PNode PNode;

typedef struct PVec {
  PNode *root;         /* NULL: every element NULL */
  int depth;           /* levels of inner nodes above the leaves */
} PVec;

/* An array of len elements, all NULL. */
PVec pvec_new(int len);
/* An array holding x[0 .. len). */
PVec pvec_of(void *const *x, int len);
void *pvec_get(PVec v, int i);
/* v becomes a version with element i set to x; copies of v keep theirs. */
void pvec_set(PVec *v, int i, void *x);
/* visit(i, arg) for every i < len, in increasing order, where the n arrays
 * (all made by pvec_new(len) and their copies) may hold different
 * elements: every i where they do, and none inside a part they share. */
void pvec_diff(const PVec *vs, int n, int len, void (*visit)(int i, void *arg), void *arg);

#endif /* A2S_PVEC_H */
