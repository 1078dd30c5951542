/*
 * spacer_node.c -- Spacer of a newer Z3: the npm z3-solver release pinned in
 * package.json (a WebAssembly build), run by Node.js through
 * backends/spacer/node/spacer-runner.mjs.
 *
 * Chosen by --solver=node; the linked libz3 (spacer.c) is the default: on
 * the benchmark it proves and refutes more, and only its counterexamples
 * carry the values that replay follows (BENCHMARKS.md). This Z3 helps on
 * some programs: on a two-loop "compute the max, then check every cell"
 * program, Debian's libz3 4.8.12 diverges where it answers in about a
 * second. Needs Node.js and the package: installed beside the runner in
 * <prefix>/share/arr2scalar/node/, or in a source tree by `npm ci`
 * (README.md). The clauses are the --emit=chc text, query included; the
 * runner answers like the libz3 child (spacer.c), with the model as text
 * after a `model` line.
 */
#include "spacer.h"

#include "datadir.h"
#include "proc.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A2S_NODE_RUNNER, else the installed runner or the source tree's. */
static const char *runner_path(void) {
  const char *env = getenv("A2S_NODE_RUNNER");
  return env && *env ? env
                     : datadir_file("node/spacer-runner.mjs", "backends/spacer/node/spacer-runner.mjs");
}

static const char *node_binary(void) {
  const char *env = getenv("A2S_NODE");
  return env && *env ? env : "node";
}

/* Is z3-solver where Node will look for the runner's `import 'z3-solver'`:
 * node_modules in the directory of the runner's real path or a parent
 * (installed: beside the runner; in a source tree: at its root)? */
static bool node_package_found(const char *runner) {
  char *real = realpath(runner, NULL);
  if (!real)
    return false;
  char *dir = xstrdup(real);
  free(real);
  for (char *slash = strrchr(dir, '/'); slash; slash = strrchr(dir, '/')) {
    *slash = '\0';
    if (access(xformat("%s/node_modules/z3-solver/package.json", dir), R_OK) == 0)
      return true;
  }
  return false;
}

bool spacer_node_available(char *why, size_t size) {
  char path[4096];
  if (!find_in_path(node_binary(), path, sizeof path)) {
    format_cut(why, size, "Node.js ('%s') is not installed", node_binary());
    return false;
  }
  if (access(runner_path(), R_OK) != 0) {
    format_cut(why, size, "the runner %s is missing", runner_path());
    return false;
  }
  if (!node_package_found(runner_path())) {
    format_cut(why, size,
               "the npm package z3-solver is not installed for the runner %s (in a source "
               "tree: `npm ci`, README.md)",
               runner_path());
    return false;
  }
  return true;
}

/* The model as `interp NAME FORMULA` entries: each predicate applied to
 * constants a0, a1, ... and expanded by Z3's parser. */
static void read_model(Chc *c, const char *model, ChcAnswer *r) {
  Z3_context z = smt_ctx();
  /* the model is "(" define-fun ... ")"; its definitions are commands */
  const char *open = strchr(model, '(');
  const char *close = strrchr(model, ')');
  if (!open || !close || close <= open)
    return;
  char *defs = xstrndup(open + 1, (size_t)(close - open - 1));
  for (int i = 0; i < c->preds.len; i++) {
    ChcPred *pr = c->preds.data[i];
    if (pr->kind == PRED_ERR || !strstr(defs, pr->name))
      continue;
    char *script = xformat("%s\n", defs);
    char *app = xformat("(%s", pr->name);
    for (int j = 0; j < pr->args.len; j++) {
      script = xformat("%s(declare-const %s %s)\n", script, name_pred_arg(j),
                       Z3_sort_to_string(z, pr->args.data[j].sort));
      app = xformat("%s %s", app, name_pred_arg(j));
    }
    script = xformat("%s(assert %s%s)\n", script, pr->args.len ? app : pr->name,
                     pr->args.len ? ")" : "");
    Z3_ast_vector v = Z3_parse_smtlib2_string(z, script, 0, NULL, NULL, 0, NULL, NULL);
    if (Z3_get_error_code(z) != Z3_OK || Z3_ast_vector_size(z, v) != 1)
      continue;
    vec_push(&r->interp_names, pr->name);
    vec_push(&r->interp_texts, smt_text(Z3_ast_vector_get(z, v, 0)));
  }
}

SpacerRun *spacer_start_node(Chc *c, double timeout, long memory_mb) {
  SpacerRun *s = spacer_run_new(c, true, timeout, memory_mb);
  char why[512];
  if (!spacer_node_available(why, sizeof why)) {
    spacer_run_failed(s, xstrdup(why));
    return s;
  }
  char *text = chc_text(c, true, false);
  char *heap = memory_mb > 0 ? xformat("--max-old-space-size=%ld", memory_mb) : NULL;
  const char **argv = xalloc(sizeof(char *) * 5);
  argv[0] = node_binary();
  argv[1] = heap ? heap : "--no-warnings";
  argv[2] = runner_path();
  /* the resource limit (0: none): the same work as libz3's */
  Work steps = spacer_run_rlimit(s) * SPACER_STEP_WORK / (2 * NODE_STEP_WORK);
  argv[3] = xformat("%lld", spacer_run_rlimit(s) && steps < 1 ? 1 : steps);
  spacer_run_started(s, proc_start(&(ProcSpec){.argv = argv, .input = text, .timeout = timeout}));
  return s;
}

ChcAnswer spacer_node_result(Chc *c, ProcResult *pr, double timeout) {
  ChcAnswer r = {0};
  r.seconds = pr->seconds;
  const char *failure = proc_failure(pr, "node");
  if (pr->end == PROC_TIMED_OUT) {
    r.reason = xformat("timeout after %.0f s", timeout);
  } else if (pr->end == PROC_STOPPED) {
    r.reason = "stopped: the other solver answered first";
  } else {
    const char *model = strstr(pr->out, "\nmodel\n");
    char *head = model ? xstrndup(pr->out, (size_t)(model - pr->out + 1)) : xstrdup(pr->out);
    spacer_read_output(c, head, &r);
    if (model && r.verdict == VERDICT_TRUE)
      read_model(c, model + 7, &r);
    if (r.verdict == VERDICT_UNKNOWN && failure)
      r.reason = failure;
    else if (r.verdict == VERDICT_UNKNOWN && pr->status != 0)
      r.reason = xformat("node exited with status %d: %.200s", pr->status, pr->err);
  }
  return r;
}

ChcAnswer spacer_solve_node(Chc *c, double timeout, long memory_mb) {
  return spacer_finish(spacer_start_node(c, timeout, memory_mb));
}

static bool node_available(const BackendOptions *o, char *why, size_t size) {
  (void)o;
  return spacer_node_available(why, size);
}

static Answer node_verify(Program *p, const BackendOptions *o) {
  Answer a = {0};
  ChcOptions co = {.arrays = !p->abstracted};
  Chc *c = chc_build(p, &co);
  if (!c) {
    a.reason = "cannot build the Horn clauses";
    return a;
  }
  ChcAnswer r = spacer_solve_node(c, o->timeout, o->memory_mb);
  a.verdict = r.verdict;
  a.reason = r.reason;
  a.seconds = r.seconds;
  if (r.verdict == VERDICT_TRUE && o->want_invariants && p->abstracted)
    chc_answer_invariants(c, &r, &a, "spacer (z3-solver)");
  return a;
}

const Backend backend_spacer_node = {
    .name = "spacer-node",
    .available = node_available,
    .verify = node_verify,
    .invariants = NULL,
    .emit = NULL,
};
