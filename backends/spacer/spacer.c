/*
 * spacer.c -- Z3's Spacer through the linked libz3 (Debian's 4.8.12).
 *
 * The clauses are chc_text's HORN text (the clauses --emit=chc writes in
 * the strict CHC-COMP form, here as Z3 prints them, minus the last clause,
 * Err -> false): the child parses it, adds every clause as a rule of
 * a fixedpoint object with engine=spacer and queries Err. Solving happens in
 * a forked child (proc.h) so that a diverging run can be killed at the time
 * limit (Spacer does not always notice an interrupt) and confined in
 * memory, and a crash of libz3 costs only the answer.
 *
 * The work budget open when a run starts (work.h) is its resource limit
 * (Z3's rlimit, SPACER_STEP_WORK to a step): the answer is the same on a
 * busy machine as on an idle one, and the clock stops a run only at the
 * command's deadline. The work the run did is charged to the budget when
 * it ends.
 *
 * The child writes lines the parent reads (spacer_read_output):
 *   result true|false|unknown [reason]
 *   work N                     (Z3's resource count when it ended)
 *   interp NAME FORMULA        (true: one per predicate, over a0, a1, ...)
 *   fact NAME CLAUSE V1 V2 ... (false: ground facts of the derivation)
 */
#include "spacer.h"

#include "proc.h"
#include "smt.h"
#include "work.h"

#include <stdlib.h>
#include <unistd.h>
#include <string.h>

/* ---- In the child ------------------------------------------------------------ */

typedef struct Child {
  Z3_context z;
  Z3_fixedpoint fp;
  Z3_ast_vector rules;
  FILE *out;
} Child;

typedef VEC(Z3_func_decl) Decls;

/* The predicates (uninterpreted Boolean functions) of a rule, each once,
 * appended to out; a rule is a DAG, walked once per shared subterm (seen
 * holds the terms visited and the predicates found). */
static void relations_in(Z3_context z, Z3_ast a, SmtMemo *seen, Decls *out) {
  if (Z3_get_ast_kind(z, a) == Z3_QUANTIFIER_AST) {
    relations_in(z, Z3_get_quantifier_body(z, a), seen, out);
    return;
  }
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST)
    return;
  Z3_ast *mark = smt_memo_at(seen, Z3_get_ast_id(z, a), true);
  if (*mark)
    return;
  *mark = a;
  Z3_app app = Z3_to_app(z, a);
  Z3_func_decl d = Z3_get_app_decl(z, app);
  if (Z3_get_decl_kind(z, d) == Z3_OP_UNINTERPRETED &&
      Z3_get_sort_kind(z, Z3_get_range(z, d)) == Z3_BOOL_SORT) {
    Z3_ast *found = smt_memo_at(seen, Z3_get_ast_id(z, Z3_func_decl_to_ast(z, d)), true);
    if (!*found) {
      *found = a;
      vec_push(out, d);
    }
  }
  for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
    relations_in(z, Z3_get_app_arg(z, app, i), seen, out);
}

/* The interpretation of a predicate as a formula over a0, a1, ... */
static void print_interp(Child *ch, Z3_func_decl d) {
  Z3_context z = ch->z;
  unsigned n = Z3_get_arity(z, d);
  Z3_ast f = Z3_fixedpoint_get_cover_delta(z, ch->fp, -1, d);
  Z3_ast *consts = calloc(n + 1, sizeof *consts);
  for (unsigned i = 0; i < n; i++) {
    char name[32];
    snprintf(name, sizeof name, "a%u", i);
    consts[i] = Z3_mk_const(z, Z3_mk_string_symbol(z, name), Z3_get_domain(z, d, i));
  }
  /* bound variable i stands for argument i */
  f = Z3_substitute_vars(z, f, n, consts);
  /* Z3 returns both strings in one buffer: copy the first */
  char *text = strdup(Z3_ast_to_string(z, f));
  fprintf(ch->out, "interp %s ", Z3_get_symbol_string(z, Z3_get_decl_name(z, d)));
  for (const char *p = text; *p; p++)
    fputc(*p == '\n' ? ' ' : *p, ch->out);
  fputc('\n', ch->out);
  free(text);
  free(consts);
}

/* Which of our rules a proof step used: its (asserted F) premise. */
static int rule_index(Child *ch, Z3_ast step) {
  Z3_context z = ch->z;
  if (Z3_get_ast_kind(z, step) != Z3_APP_AST)
    return -1;
  Z3_app app = Z3_to_app(z, step);
  unsigned n = Z3_get_app_num_args(z, app);
  for (unsigned i = 0; i < n; i++) {
    Z3_ast a = Z3_get_app_arg(z, app, i);
    if (Z3_get_ast_kind(z, a) != Z3_APP_AST)
      continue;
    Z3_app aa = Z3_to_app(z, a);
    if (Z3_get_decl_kind(z, Z3_get_app_decl(z, aa)) != Z3_OP_PR_ASSERTED)
      continue;
    Z3_ast f = Z3_get_app_arg(z, aa, 0);
    for (unsigned r = 0; r < Z3_ast_vector_size(z, ch->rules); r++)
      if (Z3_is_eq_ast(z, f, Z3_ast_vector_get(z, ch->rules, r)))
        return (int)r + 1; /* clause 0 of Chc is the query */
  }
  return -1;
}

/* Walk the hyper-resolution proof bottom-up and print its conclusions. */
static void print_facts(Child *ch, Z3_ast proof, int depth) {
  Z3_context z = ch->z;
  if (depth > 100000 || Z3_get_ast_kind(z, proof) != Z3_APP_AST)
    return;
  Z3_app app = Z3_to_app(z, proof);
  unsigned n = Z3_get_app_num_args(z, app);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  if (k != Z3_OP_PR_HYPER_RESOLVE && k != Z3_OP_PR_MODUS_PONENS) {
    return;
  }
  for (unsigned i = 0; i + 1 < n; i++)
    print_facts(ch, Z3_get_app_arg(z, app, i), depth + 1);
  if (k != Z3_OP_PR_HYPER_RESOLVE)
    return;
  Z3_ast concl = Z3_get_app_arg(z, app, n - 1);
  if (Z3_get_ast_kind(z, concl) != Z3_APP_AST)
    return;
  Z3_app c = Z3_to_app(z, concl);
  Z3_func_decl d = Z3_get_app_decl(z, c);
  fprintf(ch->out, "fact %s %d", Z3_get_symbol_string(z, Z3_get_decl_name(z, d)),
          rule_index(ch, proof));
  for (unsigned i = 0; i < Z3_get_app_num_args(z, c); i++) {
    Z3_ast v = Z3_get_app_arg(z, c, i);
    int64_t x;
    if (Z3_get_sort_kind(z, Z3_get_sort(z, v)) == Z3_INT_SORT && Z3_get_numeral_int64(z, v, &x))
      fprintf(ch->out, " %lld", (long long)x);
    else
      fprintf(ch->out, " ?");
  }
  fputc('\n', ch->out);
}

/* The resource count of the child's context (a fresh solver carries it). */
static long long resource_count(Z3_context z) {
  Z3_solver s = Z3_mk_solver(z);
  Z3_solver_inc_ref(z, s);
  long long n = smt_resource_count(z, s);
  Z3_solver_dec_ref(z, s);
  return n;
}

/* Z3's errors in the child (the resource limit reached, mostly) are read
 * from the error code where it matters, not reported by exiting. */
static void child_error(Z3_context z, Z3_error_code e) {
  (void)z;
  (void)e;
}

/* What the child is given: the clauses' text and the resource limit. */
typedef struct ChildTask {
  const char *text;
  Work rlimit;             /* 0: none */
} ChildTask;

static void child_query(Child *ch, const char *text);

/* In the child (proc.h): arg is a ChildTask. */
static void child_solve(void *arg, FILE *out) {
  const ChildTask *task = arg;
  Child ch = {0};
  ch.out = out;
  Z3_config cfg = Z3_mk_config();
  if (task->rlimit > 0) {
    char limit[32];
    snprintf(limit, sizeof limit, "%lld", task->rlimit);
    Z3_set_param_value(cfg, "rlimit", limit);
  }
  ch.z = Z3_mk_context(cfg);
  Z3_del_config(cfg);
  Z3_set_error_handler(ch.z, child_error);
  child_query(&ch, task->text);
  fprintf(out, "work %lld\n", resource_count(ch.z));
}

/* Solve the clauses of text; the result lines go to ch->out. */
static void child_query(Child *ch, const char *text) {
  Z3_context z = ch->z;
  ch->rules = Z3_parse_smtlib2_string(z, text, 0, NULL, NULL, 0, NULL, NULL);
  if (Z3_get_error_code(z) != Z3_OK) {
    fprintf(ch->out, "result unknown cannot parse the clauses: %s\n",
            Z3_get_error_msg(z, Z3_get_error_code(z)));
    return;
  }
  Z3_ast_vector_inc_ref(z, ch->rules);
  ch->fp = Z3_mk_fixedpoint(z);
  Z3_fixedpoint_inc_ref(z, ch->fp);
  Z3_params p = Z3_mk_params(z);
  Z3_params_inc_ref(z, p);
  Z3_params_set_symbol(z, p, Z3_mk_string_symbol(z, "engine"), Z3_mk_string_symbol(z, "spacer"));
  /* keep the clauses as written, so that a counterexample names them */
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "xform.slice"), false);
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "xform.inline_linear"), false);
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "xform.inline_eager"), false);
  Z3_fixedpoint_set_params(z, ch->fp, p);
  unsigned nrules = Z3_ast_vector_size(z, ch->rules);
  Decls decls = {0};
  SmtMemo seen = {0};
  for (unsigned i = 0; i < nrules; i++)
    relations_in(z, Z3_ast_vector_get(z, ch->rules, i), &seen, &decls);
  smt_memo_free(&seen);
  for (int i = 0; i < decls.len; i++)
    Z3_fixedpoint_register_relation(z, ch->fp, decls.data[i]);
  for (unsigned i = 0; i < nrules; i++)
    Z3_fixedpoint_add_rule(z, ch->fp, Z3_ast_vector_get(z, ch->rules, i), NULL);
  Z3_func_decl err = Z3_mk_func_decl(z, Z3_mk_string_symbol(z, "Err"), 0, NULL, Z3_mk_bool_sort(z));
  Z3_fixedpoint_register_relation(z, ch->fp, err);
  Z3_lbool r = Z3_fixedpoint_query(z, ch->fp, Z3_mk_app(z, err, 0, NULL));
  if (Z3_get_error_code(z) != Z3_OK) {
    fprintf(ch->out, "result unknown %s\n", Z3_get_error_msg(z, Z3_get_error_code(z)));
  } else if (r == Z3_L_FALSE) {
    fprintf(ch->out, "result true\n");
    for (int i = 0; i < decls.len; i++)
      print_interp(ch, decls.data[i]);
  } else if (r == Z3_L_TRUE) {
    fprintf(ch->out, "result false\n");
    print_facts(ch, Z3_fixedpoint_get_answer(z, ch->fp), 0);
  } else {
    const char *why = Z3_fixedpoint_get_reason_unknown(z, ch->fp);
    fprintf(ch->out, "result unknown %s\n", why && *why ? why : "Spacer gave up");
  }
}

/* ---- In the parent -------------------------------------------------------------- */

static void skip_space(const char **p) {
  while (**p == ' ')
    (*p)++;
}

static char *word(const char **p) {
  skip_space(p);
  const char *s = *p;
  while (**p && **p != ' ' && **p != '\n')
    (*p)++;
  return xstrndup(s, (size_t)(*p - s));
}

void spacer_read_output(Chc *c, const char *text, ChcAnswer *r) {
  r->verdict = VERDICT_UNKNOWN;
  r->reason = "no answer from the solver";
  const char *p = text;
  while (*p) {
    const char *eol = strchr(p, '\n');
    if (!eol)
      eol = p + strlen(p);
    const char *q = p;
    char *kind = word(&q);
    if (!strcmp(kind, "result")) {
      char *v = word(&q);
      skip_space(&q);
      r->verdict = !strcmp(v, "true") ? VERDICT_TRUE : !strcmp(v, "false") ? VERDICT_FALSE
                                                                          : VERDICT_UNKNOWN;
      r->reason = r->verdict == VERDICT_UNKNOWN ? xstrndup(q, (size_t)(eol - q)) : NULL;
    } else if (!strcmp(kind, "interp")) {
      vec_push(&r->interp_names, word(&q));
      skip_space(&q);
      vec_push(&r->interp_texts, xstrndup(q, (size_t)(eol - q)));
    } else if (!strcmp(kind, "fact")) {
      GroundFact f = {0};
      f.pred = chc_pred(c, word(&q));
      f.clause = atoi(word(&q));
      while (q < eol) {
        char *v = word(&q);
        if (*v)
          vec_push(&f.values, strcmp(v, "?") ? atoll(v) : 0);
      }
      if (f.pred)
        vec_push(&r->trace, f);
    } else if (!strcmp(kind, "work")) {
      r->work = atoll(word(&q));
    }
    p = *eol ? eol + 1 : eol;
  }
}

/* A Spacer run under way: libz3's child or Node.js. */
struct SpacerRun {
  Chc *c;
  Proc *proc;
  bool node;
  double timeout;
  long memory_mb;
  const char *reason;      /* it could not start */
  Work rlimit;             /* the work budget's limit (0: none) */
  bool charge;             /* charge its work to the budget when it ends */
};


SpacerRun *spacer_run_new(Chc *c, bool node, double timeout, long memory_mb) {
  SpacerRun *s = xalloc(sizeof *s);
  Work left = work_left();
  Work steps = left >= WORK_UNLIMITED ? 0 : left / SPACER_STEP_WORK;
  if (left < WORK_UNLIMITED && steps < 1)
    steps = 1; /* (0 would be no limit) */
  /* the clock too, at WORK_CLOCK_HEADROOM times the share: on some clauses
   * libz3's steps come much more slowly than measured */
  double clock = work_seconds(left) * WORK_CLOCK_HEADROOM + 1;
  if (left < WORK_UNLIMITED && (timeout <= 0 || clock < timeout))
    timeout = clock;
  *s = (SpacerRun){c, NULL, node, timeout, memory_mb, NULL, steps, true};
  return s;
}

Work spacer_run_rlimit(SpacerRun *s) { return s->rlimit; }

void spacer_run_started(SpacerRun *s, Proc *p) { s->proc = p; }

void spacer_run_failed(SpacerRun *s, const char *why) { s->reason = why; }

SpacerRun *spacer_start_libz3(Chc *c, double timeout, long memory_mb) {
  SpacerRun *s = spacer_run_new(c, false, timeout, memory_mb);
  ChildTask *task = xalloc(sizeof *task);
  *task = (ChildTask){chc_text(c, false, false), s->rlimit};
  ProcSpec ps = {.fn = child_solve, .arg = task, .timeout = timeout, .memory_mb = memory_mb};
  s->proc = proc_start(&ps);
  return s;
}

/* libz3's answer, from how its child ended. */
static ChcAnswer libz3_finish(SpacerRun *s, ProcResult *pr) {
  ChcAnswer r = {0};
  spacer_read_output(s->c, pr->out, &r);
  r.seconds = pr->seconds;
  const char *failure = proc_failure(pr, "the solver");
  if (pr->end == PROC_TIMED_OUT) {
    r.verdict = VERDICT_UNKNOWN;
    r.reason = xformat("timeout after %.0f s", s->timeout);
  } else if (pr->end == PROC_STOPPED) {
    r.verdict = VERDICT_UNKNOWN;
    r.reason = "stopped: the other solver answered first";
  } else if (r.verdict == VERDICT_UNKNOWN && failure) {
    r.reason = failure; /* a crash of libz3, or output without end */
  } else if (r.verdict == VERDICT_UNKNOWN && !strcmp(r.reason, "no answer from the solver") &&
             s->memory_mb > 0) {
    r.reason = xformat("the solver stopped without an answer (memory limit %ld MB?)",
                       s->memory_mb);
  }
  return r;
}

ChcAnswer spacer_finish(SpacerRun *s) {
  const char *solver = s->node ? "z3-solver" : "libz3";
  if (!s->proc)
    return (ChcAnswer){.reason = s->reason, .solver = solver};
  ProcResult pr;
  proc_finish(s->proc, &pr);
  s->proc = NULL;
  ChcAnswer r = s->node ? spacer_node_result(s->c, &pr, s->timeout) : libz3_finish(s, &pr);
  r.solver = solver;
  proc_free(&pr);
  /* a run that did not say (stopped by the clock, or crashed) spent its
   * whole limit */
  if (r.work > 0)
    r.work *= s->node ? NODE_STEP_WORK : SPACER_STEP_WORK;
  else
    r.work = s->rlimit * SPACER_STEP_WORK;
  if (s->charge)
    work_charge(r.work);
  return r;
}

Proc *spacer_proc(SpacerRun *s) { return s->proc; }

void spacer_stop(SpacerRun *s) {
  if (s->proc)
    proc_stop(s->proc);
}

ChcAnswer spacer_solve_libz3(Chc *c, double timeout, long memory_mb) {
  return spacer_finish(spacer_start_libz3(c, timeout, memory_mb));
}

ChcAnswer spacer_race(Chc *c, double timeout, long memory_mb) {
  SpacerRun *run[2] = {spacer_start_libz3(c, timeout, memory_mb),
                       spacer_start_node(c, timeout, memory_mb)};
  /* the two run side by side, with the same limit: the budget pays for
   * one (below) */
  run[0]->charge = run[1]->charge = false;
  ChcAnswer res[2] = {{0}, {0}};
  bool done[2] = {false, false};
  double until = clock_now() + timeout + 2;
  /* libz3's counterexample is the one replay can follow: a false of Node's
   * is kept while libz3 may still give its own */
  int best = -1;
  while ((!done[0] || !done[1]) && clock_now() < until) {
    Proc *ps[2];
    int n = 0, map[2];
    for (int i = 0; i < 2; i++)
      if (!done[i] && run[i]->proc) {
        map[n] = i;
        ps[n++] = run[i]->proc;
      } else if (!done[i]) {
        res[i] = spacer_finish(run[i]);
        done[i] = true;
      }
    if (n && !proc_wait(ps, n, until - clock_now()))
      continue;
    for (int k = 0; k < n; k++) {
      int i = map[k];
      if (!proc_finished(ps[k]))
        continue;
      res[i] = spacer_finish(run[i]);
      done[i] = true;
      if (res[i].verdict == VERDICT_TRUE || (res[i].verdict == VERDICT_FALSE && i == 0)) {
        best = i;
      } else if (res[i].verdict == VERDICT_FALSE && best < 0) {
        best = i;
        continue;
      }
    }
    if (best >= 0 && (res[best].verdict == VERDICT_TRUE || best == 0))
      break;
  }
  bool stopped[2] = {false, false};
  for (int i = 0; i < 2; i++)
    if (!done[i]) {
      spacer_stop(run[i]);
      res[i] = spacer_finish(run[i]);
      stopped[i] = true;
    }
  if (best < 0)
    best = 0; /* no answer: libz3's reason (a timeout, mostly) */
  if (getenv("A2S_DEBUG_RACE"))
    fprintf(stderr, "race: libz3 %d (%s, %.2f s), node %d (%s, %.2f s)\n", res[0].verdict,
            res[0].reason ? res[0].reason : "", res[0].seconds, res[1].verdict,
            res[1].reason ? res[1].reason : "", res[1].seconds);
  /* libz3's work, unless it was stopped because the other proved first */
  work_charge(stopped[0] ? res[best].work : res[0].work);
  return res[best];
}

/* ---- The solvers of the search ------------------------------------------------------- */

static bool libz3_here(char *why, size_t size) {
  (void)why;
  (void)size;
  return true;
}

/* Two solvers at once want two cores (else each runs at half speed and
 * the budget, which pays for one, buys half the steps). */
static bool race_here(char *why, size_t size) {
  if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
    format_cut(why, size, "one core");
    return false;
  }
  return spacer_node_available(why, size);
}

const ChcSolver chc_solver_libz3 = {"libz3", libz3_here, spacer_solve_libz3};
const ChcSolver chc_solver_node = {"z3-solver", spacer_node_available, spacer_solve_node};
const ChcSolver chc_solver_race = {"libz3 and z3-solver at once", race_here, spacer_race};

/* ---- The back-end ------------------------------------------------------------------ */

static bool libz3_available(const BackendOptions *o, char *why, size_t size) {
  (void)o;
  (void)why;
  (void)size;
  return true;
}

static Answer solve_program(Program *p, const BackendOptions *o, bool arrays) {
  Answer a = {0};
  ChcOptions co = {.arrays = arrays};
  Chc *c = chc_build(p, &co);
  if (!c) {
    a.reason = "cannot build the Horn clauses";
    return a;
  }
  ChcAnswer r = spacer_solve_libz3(c, o->timeout, o->memory_mb);
  a.verdict = r.verdict;
  a.reason = r.reason;
  a.seconds = r.seconds;
  if (r.verdict == VERDICT_TRUE && o->want_invariants && !arrays)
    chc_answer_invariants(c, &r, &a, "spacer (libz3)");
  return a;
}

static Answer libz3_verify(Program *p, const BackendOptions *o) {
  return solve_program(p, o, !p->abstracted);
}

static bool emit_chc(FILE *out, Program *p) {
  ChcOptions co = {.arrays = !p->abstracted};
  Chc *c = chc_build(p, &co);
  if (!c)
    return false;
  fputs(chc_text_chccomp(c), out);
  return true;
}

const Backend backend_spacer = {
    .name = "spacer",
    .available = libz3_available,
    .verify = libz3_verify,
    .invariants = NULL,
    .emit = emit_chc,
};
