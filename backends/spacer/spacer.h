/*
 * spacer.h -- what the two Spacer back-ends share: solving Horn clauses and
 * reading their answer.
 */
#ifndef A2S_SPACER_H
#define A2S_SPACER_H

#include "backend.h"
#include "chc.h"
#include "names.h"
#include "proc.h"
#include "work.h"

/* Spacer of the linked libz3 on the clauses, in a child process killed after
 * timeout seconds (0: none) or above memory_mb (0: no limit). Every run
 * below has the work budget's limit (work_left(), work.h) as Z3's resource
 * limit, and charges the work it did to the budget. */
ChcAnswer spacer_solve_libz3(Chc *c, double timeout, long memory_mb);
/* Spacer of the npm z3-solver release, through the Node.js runner. */
ChcAnswer spacer_solve_node(Chc *c, double timeout, long memory_mb);
/* Both at once, on the two cores: the first proof wins, and libz3's
 * counterexample (the one replay can follow; a false of Node's is taken
 * only when libz3 has none); the other is stopped. The answer's solver
 * names the one that gave it. */
ChcAnswer spacer_race(Chc *c, double timeout, long memory_mb);

/* The three as solvers of the search (chc.h): libz3's Spacer, Node's, and
 * both at once. */
extern const ChcSolver chc_solver_libz3, chc_solver_node, chc_solver_race;

/* A Spacer run under way (the pieces of the above): start, wait with
 * proc_wait on spacer_proc, finish (reaps it). */
typedef struct SpacerRun SpacerRun;
SpacerRun *spacer_start_libz3(Chc *c, double timeout, long memory_mb);
SpacerRun *spacer_start_node(Chc *c, double timeout, long memory_mb);
Proc *spacer_proc(SpacerRun *s);     /* NULL: it did not start */
void spacer_stop(SpacerRun *s);
ChcAnswer spacer_finish(SpacerRun *s);
/* For the two runners (spacer.c, spacer_node.c). */
SpacerRun *spacer_run_new(Chc *c, bool node, double timeout, long memory_mb);
void spacer_run_started(SpacerRun *s, Proc *p);
void spacer_run_failed(SpacerRun *s, const char *why);
ChcAnswer spacer_node_result(Chc *c, ProcResult *pr, double timeout);
/* The work of one of Spacer's steps (Z3's resource count, work.h): libz3
 * makes 4 to 14 million a second on the reference machine, depending on
 * the clauses (the examples, 30 tasks of the bench), and the slow end is
 * the measure, so that a budget's time on the clock is at most what
 * work.h promises. The z3-solver of Node.js (WebAssembly) counts about 1.2
 * million a second, and runs to twice the limit it is given: its limit is
 * the same work, converted. */
#define SPACER_STEP_WORK 3
#define NODE_STEP_WORK 10

/* The resource limit a run was given, in libz3's steps (0: none). */
Work spacer_run_rlimit(SpacerRun *s);
/* Is the Node.js runner installed (node on PATH, z3-solver installed)? */
bool spacer_node_available(char *why, size_t size);
/* Read the runner's/child's output format into r (shared by both). */
void spacer_read_output(Chc *c, const char *text, ChcAnswer *r);

#endif
