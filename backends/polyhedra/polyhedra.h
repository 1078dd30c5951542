/*
 * polyhedra.h -- statistics of the polyhedral back-end (backend_polyhedra,
 * declared in backend.h), for -v output, tests and benchmarks.
 */
#ifndef A2S_POLYHEDRA_H
#define A2S_POLYHEDRA_H

typedef struct PolyStats {
  int functions;       /* functions analysed */
  int analyses;        /* intraprocedural fixpoint computations (summaries) */
  int components;      /* partition components, all functions */
  int max_parts;       /* most partitions (polyhedra) at one control point */
  int loop_head_parts; /* partitions at loop heads, summed over loop heads */
  int exit_parts;      /* partitions at function exits, summed */
  int coarsened;       /* (point, component) pairs merged to bound partitions */
  long long steps;     /* PPL calls (its work, work.h: WORK_PER_POLY_STEP each) */
  double seconds;
} PolyStats;

/* Statistics of the last run of backend_polyhedra (zero before any). */
const PolyStats *polyhedra_last_stats(void);

#endif
