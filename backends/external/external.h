/*
 * external.h -- what the external back-ends (cpachecker.c, flata_*.c,
 * interproc_*.c) share: finding the tool, a private temporary directory,
 * running with a time limit, text and name helpers for the writers, facts
 * about the abstracted program, formula helpers for the readers -- and the
 * readers and writers themselves, declared here so that the unit tests can
 * check them on recorded tool outputs without the tools.
 */
#ifndef A2S_EXTERNAL_H
#define A2S_EXTERNAL_H

#include "backend.h"
#include "dataflow.h"
#include "emit.h"
#include "names.h"
#include "files.h"
#include "proc.h"
#include "strbuf.h"
#include "strmap.h"

typedef VEC(const char *) StrVec;

/* ======================================================================
 * Finding a tool, temporary files, running
 * ====================================================================== */

/* Where a tool is: o->tool when given (--cpachecker=PATH, ...), else the
 * environment variable env, else the first of names found in PATH. The
 * result (a file or a directory) goes to path. On failure, why gets one line
 * saying what was looked for. */
bool ext_locate(const BackendOptions *o, const char *env, const char *const *names,
                const char *what, char *path, size_t size, char *why, size_t whysize);
/* Run argv (argv[0] searched in PATH) in directory dir (so that stray files
 * land in the temporary directory), killed after timeout seconds (0: none),
 * with its address space limited to memory_mb (0: none; not for Java tools,
 * which reserve far more than they use: give them -Xmx instead), by the
 * runner of proc.h. With verbose, the command line and the output go to
 * stderr. Returns NULL when the tool ran and exited by itself, else the
 * reason (could not start, timed out, killed by a signal, output without
 * end) as an arena string; r is filled in either case (free with
 * proc_free). */
const char *ext_run(const char *dir, const char *const *argv, double timeout, long memory_mb,
                    bool verbose, ProcResult *r);
/* The first line of s that contains needle, trimmed (arena), or NULL. */
char *ext_line_with(const char *s, const char *needle);
/* An Answer saying "unknown" for reason. */
Answer ext_unknown(const char *reason);

/* ======================================================================
 * Writers: names (the text is a StrBuf, strbuf.h)
 * ====================================================================== */

/* A set of identifiers already used in one scope of the output language.
 * Callers may push onto names directly; taken indexes them when asked
 * (names_has), so that a lookup does not scan every name of a procedure. */
typedef struct NameSet {
  StrVec names;
  const char *const *reserved;   /* keywords, NULL-terminated */
  StrMap *taken;       /* names[0, ntaken) by name; value: the next suffix
                          to try for that name as a base (names_take) */
  int ntaken;
} NameSet;

/* base if it is free (not taken, not reserved), else base_1, base_2, ...;
 * the result is taken. */
const char *names_take(NameSet *ns, const char *base);

/* The name of each variable in one procedure's output: the first one
 * recorded for it. Hashed by address: a writer looks names up for every
 * operand, and a procedure can have tens of thousands of variables. */
typedef struct VarNames {
  VarVec vars;
  StrVec names;
  int *slot;           /* open addressing: 1 + position in vars, 0: free */
  int cap;             /* a power of two, at least twice vars.len; 0: none */
} VarNames;

void varnames_set(VarNames *m, Var *v, const char *name);
/* v's name, or NULL. */
const char *varnames_get(const VarNames *m, const Var *v);
void varnames_clear(VarNames *m);
bool names_has(NameSet *ns, const char *name);

/* ======================================================================
 * Procedures of the tools' programs (Flata's NTS, Interproc's SPL)
 * ====================================================================== */

/* A variable of a procedure in the tool's program and the invariant names
 * its values have (NULL: projected away). */
typedef struct ExtName {
  const char *tool;      /* its name in the tool's program */
  const char *at_loop;   /* its value at a loop head of the procedure */
  const char *at_entry;  /* at the start of the procedure (NTS: unprimed) */
  const char *at_exit;   /* at its exit (NTS: primed) */
} ExtName;

/* A function as a procedure of the tool's program: what a call passes (the
 * parameters, then the globals it uses) and receives (the by-reference
 * values, the result, then the globals it writes), and the names of its
 * variables. */
typedef struct ExtProc {
  Func *func;
  const char *name;      /* in the tool's program */
  VarVec globals;        /* scalar globals it uses */
  VarVec written;        /* scalar globals it writes */
  bool has_ret;
  VEC(ExtName) names;
} ExtProc;

typedef VEC(ExtProc *) ExtProcs;

/* The interface of f (no name yet, no names of variables). */
ExtProc *ext_proc(Program *p, Func *f);
/* The interfaces of the functions the writers translate (ext_translated)
 * but except, in program order, appended to out. */
void ext_procs(Program *p, const Func *except, ExtProcs *out);
/* The procedure of f in procs, or NULL. */
ExtProc *ext_proc_find(const ExtProcs *procs, const Func *f);
/* The names of the variables receiving the results of the call s of c, in
 * the order of c's outputs: the variables passed by reference, the call's
 * variable (its result), the globals c writes; name(v, arg) gives each
 * name, name(NULL, arg) one for a result that goes nowhere: a result the
 * call discards, and one for a variable that receives an earlier one (no
 * variable receives two). */
void ext_call_outputs(const ExtProc *c, const Stmt *s, const char *(*name)(Var *v, void *arg),
                      void *arg, StrVec *out);

/* ======================================================================
 * Facts about the abstracted program
 * ====================================================================== */

/* Functions the writers translate: with a body and not an inlined
 * assertion/assumption wrapper. */
bool ext_translated(const Func *f);

/* ======================================================================
 * Formulas
 * ====================================================================== */

/* exists (every constant of f that keep() rejects). f, as a quantifier-free
 * formula (true if Z3 cannot eliminate them: weaker, still sound). */
Z3_ast ext_project(Z3_ast f, bool (*keep)(const char *name, void *arg), void *arg);
/* f with every constant renamed by rename() (NULL: kept). */
Z3_ast ext_rename(Z3_ast f, const char *(*rename)(const char *name, void *arg), void *arg);


/* ======================================================================
 * CPAchecker (cpachecker.c)
 * ====================================================================== */

/* The verdict in CPAchecker's output ("Verification result: TRUE|FALSE|
 * UNKNOWN"); *reason says why when it is unknown (arena). */
Verdict cpachecker_read_verdict(const char *out, const char *err, const char **reason);
/* The property file of an unreach-call task starting at entry. */
char *cpachecker_property(const char *entry);
/* Loop invariants of a correctness witness (GraphML 1.0, or YAML: format
 * 2.0 invariant_set entries, format 0.x loop_invariant entries) for the
 * scalar C that emit_c_text wrote for p, its loops where it said (where);
 * appended to a. Returns how many were found. */
int cpachecker_read_witness(Program *p, const EmitLoops *where, const char *witness, Answer *a);
/* A C expression of a witness (over the variables of func and the globals,
 * read by the front end with their C types) as a formula, or NULL if it
 * cannot be read. Names the program does not have (the tool's temporaries)
 * are projected away (exists). */
Z3_ast cpachecker_parse_c(Program *p, Func *func, const char *text);

/* ======================================================================
 * Flata (flata_write.c, flata_run.c, flata_read.c): numerical transition systems
 * ====================================================================== */

typedef struct FlataOutput {
  Verdict verdict;
  const char *reason;  /* unknown: why; false: a note if the trace crashed */
  bool recursive;      /* the k-bounded summary mode ran */
  /* The final-state relation of main (or the summary of a recursive run):
   * over "x" (value at entry, unprimed in the output) and "x'" (value at
   * exit); NULL if none was printed. */
  Z3_ast relation;
  const char *trace;   /* the counterexample table, if printed */
} FlataOutput;

/* Read Flata's stdout+stderr. */
FlataOutput flata_read_output(const char *out);
/* One relation as printed ("{c1, c2}" lines, "false", or a summary
 * "(c1, c2) ||\n (c3)"): the formula over x and x', or NULL on a syntax
 * error. */
Z3_ast flata_parse_relation(const char *text);

typedef struct NtsText {
  const char *text;
  /* The function written as main; for reading the relation back, which NTS
   * name holds which variable's value at main's entry (unprimed) or exit
   * (primed). */
  ExtProc *main;
  bool partial;        /* main's caller assumes more than the NTS says: an
                          error Flata finds may not happen in the program */
} NtsText;

/* The NTS of p: the function analysed (the target of the harness, else the
 * entry) becomes main, its callees procedures. NULL after a diagnostic. */
NtsText *flata_write(Program *p);
/* The exit invariant of the main function from Flata's relation. */
Invariant flata_invariant(const NtsText *nts, Z3_ast relation);

/* ======================================================================
 * Interproc (interproc_write.c, interproc_run.c, interproc_read.c): SPL programs
 * ====================================================================== */

typedef enum { SPL_LOOP_HEAD, SPL_EXIT, SPL_FAIL } SplPointKind;

/* A control point of the written SPL program that the reader needs. */
typedef struct SplPoint {
  SplPointKind kind;
  int line, col;       /* as Interproc prints it: (L<line> C<col>) */
  Func *func;
  Stmt *loop;          /* SPL_LOOP_HEAD */
} SplPoint;

typedef struct SplText {
  const char *text;
  VEC(SplPoint) points;
  ExtProcs procs;      /* with the names of their variables at loop heads and exits */
} SplText;

/* The SPL program of p. bool_observers: observer flags as `bool` variables
 * (BddApron Interproc, ConcurInterproc), else ints 0/1 (the numerical
 * Interproc). NULL after a diagnostic. */
SplText *interproc_write(Program *p, bool bool_observers);

/* One annotation of Interproc's output. */
typedef struct SplAnnotation {
  int line, col;
  Z3_ast value;        /* over the SPL names; false for bottom */
} SplAnnotation;

typedef VEC(SplAnnotation) SplAnnotations;

/* The annotations of the first (forward) section of Interproc's output
 * (-display text). False if there is no annotated program or a value cannot
 * be read (*why says which). */
bool interproc_read_output(const char *out, SplAnnotations *a, const char **why);
/* One VALUE ("bottom", "top", "[|c1; c2|]", box form) as a formula, or NULL. */
Z3_ast interproc_parse_value(const char *text);
/* Verdict and invariants from the annotations of the written program. */
void interproc_answer(SplText *spl, const SplAnnotations *a, bool want_invariants, Answer *out);

#endif
