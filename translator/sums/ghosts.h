/*
 * ghosts.h -- the ghost totals and the fused scans (ghosts.c, fuse_scans.c):
 * sums over arrays written into the program itself, for the cells and
 * Spacer (sums_api.h, sums_ghost_program, puts them together).
 */
#ifndef A2S_GHOSTS_H
#define A2S_GHOSTS_H

#include "ir.h"

/* fuse_scans.c: two top-level scans of f (loops.h) over the same box,
 * with only independent assignments and checks between them, become one loop
 * running both bodies (the assignments that depend on the first moved
 * after it, the others before). In place; the program means the same
 * (fuse_scans.c argues it). For the engines: a comparison of the two
 * results is an invariant of the fused loop. Returns the number of
 * fusions. */
int fuse_scans(Program *p, Func *f);

/* ghosts.c: ghost totals. Each scan of p (loops.h) that sums whole arrays
 * filled before it is replaced by the sum of ghost variables (ROLE_GHOST)
 * kept equal to the arrays' totals at every write; where the conditions of
 * ghosts.c do not hold the scan is left alone. p is changed in place and
 * means the same for every defined run (ghosts.c argues it); give a copy
 * if the original is still needed. Returns the number of scans replaced. */
int ghost_totals(Program *p);

#endif /* A2S_GHOSTS_H */
