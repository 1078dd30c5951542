/*
 * bench.c -- arr2scalar bench DIR...: run `verify` on every SV-COMP task.
 *
 *   1. find every *.yml under the directories whose properties include
 *      unreach-call.prp (SV-COMP task definition format 2.0);
 *   2. run `arr2scalar verify FILE` (this very binary) on each, several at a
 *      time, with the runner of proc.h, each child in its own session so
 *      that the whole tree it starts (the Spacer child, Node.js, clang) can
 *      be measured and killed;
 *   3. print a table sorted by task and the totals; CSV or JSON for machines.
 *
 * Speed and memory are measured here, never by timed unit tests: seconds are
 * wall-clock from fork to exit as seen by the harness, peak memory is the
 * larger of wait4's ru_maxrss (the largest single process, waited-for
 * descendants included) and the largest sum of the PSS of the session's
 * processes seen by polling (every 0.2 s).
 */
#include "bench.h"
#include "files.h"
#include "proc.h"
#include "strbuf.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char bench_help[] =
    "usage: arr2scalar bench [options] DIR...\n"
    "\n"
    "Runs `arr2scalar verify` on every SV-COMP task under the directories (every\n"
    "*.yml, recursively, whose properties include unreach-call.prp; a DIR may\n"
    "also be one .yml file), in parallel, and prints a table (task, expected,\n"
    "verdict, seconds, peak MB) sorted by task, then the totals.\n"
    "\n"
    "  --timeout=S        time limit per task in seconds (default 60); verify gets\n"
    "                     it and is killed at S + 2 s wall-clock at the latest\n"
    "  --memory=MB        memory limit per task (default 4096); verify gets it\n"
    "                     (solver limit) and the task's processes are killed when\n"
    "                     their memory (sum of PSS, sampled) exceeds it\n"
    "  --jobs=N           tasks run at the same time (default: online CPUs)\n"
    "  --format=F         text (default), csv or json; csv and json go to -o FILE\n"
    "                     (the table still goes to stdout) or replace the table\n"
    "  -o FILE            output file (format from a .csv/.json extension unless\n"
    "                     --format is given)\n"
    "  -v                 each task's outcome and reason on stderr\n"
    "  --list             run nothing: print one command line per task, a bench\n"
    "                     run of that task alone writing its JSON report to\n"
    "                     DIR/NAME.json (DIR: -o, default bench-results, made now;\n"
    "                     absolute paths), for GNU parallel or a Slurm job array\n"
    "  --merge DIR        run nothing: merge the JSON reports in DIR (*.json) into\n"
    "                     one table and totals (--format and -o as above)\n"
    "  verify options (--solver, --backend, --no-cells, --cells, --focus, -I, -D,\n"
    "  ...) are given to every verify run.\n"
    "\n"
    "Verdicts: true, false, unknown; timeout and memout (an unknown at the time or\n"
    "memory limit, whether verify gave up or was killed); rejected (exit code 2:\n"
    "not translatable); error (crash, internal error). Correct: the verdict is\n"
    "the expected one. Wrong: a true/false verdict that is not (marked WRONG).\n"
    "The totals' classes add up to the number of tasks. Seconds are wall-clock;\n"
    "the median and the total are over all tasks; the largest overrun is the\n"
    "most a task's wall time passed --timeout. Peak MB is the larger of the\n"
    "largest process's maximum RSS and the sampled sum of the PSS of the task's\n"
    "processes. CSV has one row per task; JSON has the tasks, the totals and\n"
    "the settings.\n"
    "\n"
    "Each task's data_model (ILP32, LP64) is given to verify as --32 or --64\n"
    "(before the options given to bench: a --32 or --64 given there wins).\n"
    "\n"
    "Exit codes: 0 no wrong verdict, 1 some verdict is wrong, 2 usage error or no\n"
    "task found, 3 internal error. SIGINT or SIGTERM stops every verify run (each\n"
    "removes its temporary files) and ends the harness by that signal (a shell\n"
    "reports 130 or 143); when the harness is killed otherwise (even by SIGKILL),\n"
    "its verify runs get SIGTERM and stop likewise.\n";

/* The JSON report's format_version (docs/json.md); --merge reads this one. */
#define BENCH_FORMAT "arr2scalar-bench-1"
#define BENCH_FORMAT_VERSION 1
#define DEFAULT_TIMEOUT 60.0
/* No task's wall time may pass --timeout by more than 2 s. verify ends
 * itself at the limit (its watchdog at S + 0.5 s); if it has not, it gets
 * SIGTERM at S + HARD_LIMIT_EXTRA (its children and temporary files go,
 * signals.h) and SIGKILL HARD_LIMIT_GRACE later (its children die with it:
 * their death signal). */
#define HARD_LIMIT_EXTRA 1.5
#define HARD_LIMIT_GRACE 0.4
#define DEFAULT_MEMORY_MB 4096L
/* Output kept per stream of a child: verify prints a few lines; one that
 * writes more is a runaway, stopped and counted as an error. */
#define MAX_CAPTURE (16 << 20)
/* Task definitions are small; anything larger is not one. */
#define MAX_YML (1 << 20)
/* How often the resident memory of running tasks is sampled. */
#define SAMPLE_SECONDS 0.2

static long mb(long kb) { return (kb + 512) / 1024; }

/* ======================================================================
 * Finding the tasks
 * ====================================================================== */

typedef struct Task {
  const char *name; /* the .yml's path relative to the directory, less .yml */
  const char *yml;  /* path of the definition */
  const char *file; /* the C file */
  const char *real; /* canonical path of the .yml (duplicates are run once) */
  bool expected;
  const char *data_model; /* ILP32, LP64, or NULL */
  /* result */
  BenchOutcome outcome;
  const char *reason;
  double seconds;
  long peak_kb;
  int status; /* exit code, -1 when ended by a signal */
  int inv_lifted, inv_checked; /* invariants of a proof (-1: none reported) */
  const char *engine;    /* what decided the verdict (verify's `engine:`), or NULL */
  const char *precision; /* the precision that decided it (`precision:`), or NULL */
} Task;

typedef VEC(Task) TaskVec;

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && !strcmp(s + n - k, suffix);
}

/* The input file named by a definition, relative to the definition. */
static const char *beside(const char *yml, const char *input) {
  if (input[0] == '/')
    return input;
  const char *slash = strrchr(yml, '/');
  return slash ? xformat("%.*s/%s", (int)(slash - yml), yml, input) : input;
}

/* Read one definition; add it to tasks if it is an unreach-call task. */
static void add_task(TaskVec *tasks, const char *yml, const char *name, bool verbose) {
  const char *text = file_read(yml, MAX_YML), *why = NULL;
  BenchTask bt;
  BenchTaskStatus st = text ? bench_parse_task(text, &bt, &why) : BENCH_TASK_BAD;
  if (!text)
    why = xformat("cannot read it: %s", strerror(errno));
  if (st == BENCH_TASK_BAD) {
    fprintf(stderr, "%s: warning: task skipped: %s\n", yml, why);
    return;
  }
  if (st == BENCH_TASK_SKIP) {
    if (verbose)
      fprintf(stderr, "%s: note: no unreach-call property; skipped\n", yml);
    return;
  }
  const char *file = beside(yml, bt.input);
  /* a broken benchmark, not a verdict of verify */
  if (access(file, R_OK) != 0) {
    fprintf(stderr, "%s: warning: task skipped: %s: %s\n", yml, file, strerror(errno));
    return;
  }
  char *real = realpath(yml, NULL);
  Task t = {.name = name, .yml = yml, .file = file, .real = xstrdup(real ? real : yml),
            .expected = bt.expected, .data_model = bt.data_model};
  free(real);
  vec_push(tasks, t);
}

/* Every *.yml under dir (path) whose name relative to the root is rel.
 * Hidden entries and symbolic links to directories (cycles) are skipped. */
static void walk(TaskVec *tasks, const char *path, const char *rel, bool verbose) {
  DIR *d = opendir(path);
  if (!d) {
    fprintf(stderr, "%s: warning: cannot read the directory: %s\n", path, strerror(errno));
    return;
  }
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.')
      continue;
    const char *p = xformat("%s/%s", path, e->d_name);
    const char *r = *rel ? xformat("%s/%s", rel, e->d_name) : xstrdup(e->d_name);
    struct stat st;
    if (lstat(p, &st) != 0)
      continue;
    if (S_ISDIR(st.st_mode))
      walk(tasks, p, r, verbose);
    else if (ends_with(e->d_name, ".yml") && stat(p, &st) == 0 && S_ISREG(st.st_mode))
      add_task(tasks, p, xstrndup(r, strlen(r) - 4), verbose);
  }
  closedir(d);
}

static int cmp_real(const void *a, const void *b) {
  return strcmp(((const Task *)a)->real, ((const Task *)b)->real);
}

static int cmp_name(const void *a, const void *b) {
  const Task *x = a, *y = b;
  int c = strcmp(x->name, y->name);
  return c ? c : strcmp(x->real, y->real);
}

/* Remove definitions reached twice (overlapping directories), then order by
 * name. */
static void dedupe_and_sort(TaskVec *tasks) {
  if (!tasks->len)
    return;
  qsort(tasks->data, (size_t)tasks->len, sizeof *tasks->data, cmp_real);
  int k = 1;
  for (int i = 1; i < tasks->len; i++)
    if (strcmp(tasks->data[i].real, tasks->data[k - 1].real))
      tasks->data[k++] = tasks->data[i];
  tasks->len = k;
  qsort(tasks->data, (size_t)tasks->len, sizeof *tasks->data, cmp_name);
}

/* Tasks of every argument; false after a usage error. With several
 * arguments, names keep the argument as a prefix so that they stay apart. */
static bool find_tasks(const BenchConfig *o, TaskVec *tasks) {
  for (int i = 0; i < o->ndirs; i++) {
    char *root = xstrdup(o->dirs[i]);
    for (size_t n = strlen(root); n > 1 && root[n - 1] == '/'; n--)
      root[n - 1] = 0;
    struct stat st;
    if (stat(root, &st) != 0) {
      fprintf(stderr, "arr2scalar bench: %s: %s\n", root, strerror(errno));
      return false;
    }
    const char *prefix = o->ndirs > 1 ? root : "";
    if (S_ISDIR(st.st_mode)) {
      walk(tasks, root, prefix, o->verbose);
    } else if (ends_with(root, ".yml")) {
      add_task(tasks, root, xstrndup(root, strlen(root) - 4), o->verbose);
    } else {
      fprintf(stderr, "arr2scalar bench: %s is neither a directory nor a .yml task\n", root);
      return false;
    }
  }
  dedupe_and_sort(tasks);
  return true;
}

/* ======================================================================
 * Running verify, several at a time
 * ====================================================================== */

typedef struct Slot {
  Task *task;       /* NULL: free */
  Proc *proc;       /* the verify run: its own session, so that the whole
                       tree it starts is measured and killed */
  long polled_kb;   /* largest memory of the session seen */
  bool killed_memory;
} Slot;

typedef struct Runner {
  const char **argv;  /* verify's argument vector, less the file (task_argv) */
  Slot *slots;
  int nslots, running;
  Task *tasks;
  int ntasks, next, done;
  double hard_limit;  /* seconds */
  long memory_kb;
  bool progress, verbose;
  double last_sample;
} Runner;

/* The argument vector of one task: arr2scalar verify FILE [--32|--64]
 * then the rest of argv (after "arr2scalar verify"). The task's data model
 * comes before the options given to bench, which win (the last one does). */
static const char **task_argv(const char **argv, const Task *t) {
  VEC(const char *) a = {0};
  vec_push(&a, argv[0]);
  vec_push(&a, argv[1]);
  vec_push(&a, t->file);
  if (t->data_model && !strcmp(t->data_model, "ILP32"))
    vec_push(&a, "--32");
  else if (t->data_model && !strcmp(t->data_model, "LP64"))
    vec_push(&a, "--64");
  for (int i = 2; argv[i]; i++)
    vec_push(&a, argv[i]);
  vec_push(&a, NULL);
  return a.data;
}

/* Sample the memory of every running task (the sum of its processes'
 * PSS); stop those above the limit. */
static void sample_memory(Runner *r) {
  for (int i = 0; i < r->nslots; i++) {
    Slot *s = &r->slots[i];
    if (!s->task || proc_finished(s->proc))
      continue;
    long kb = proc_memory_kb(s->proc);
    if (kb > s->polled_kb)
      s->polled_kb = kb;
    if (kb > r->memory_kb && !s->killed_memory) {
      s->killed_memory = true;
      proc_stop(s->proc);
    }
  }
  r->last_sample = clock_now();
}

/* ---- Starting and finishing tasks ----------------------------------------- */

/* This very binary (the file we run from, even if it was replaced since),
 * in a session of its own, killed at the hard limit; when the harness dies,
 * it gets SIGTERM and cleans up after itself (signals.h); the grace lets it
 * stop its own children first. */
static void start_task(Runner *r, Slot *s, Task *t) {
  ProcSpec ps = {.program = "/proc/self/exe",
                 .argv = task_argv(r->argv, t),
                 .timeout = r->hard_limit,
                 .max_output = MAX_CAPTURE,
                 .session = true,
                 .death_signal = SIGTERM,
                 .grace = HARD_LIMIT_GRACE};
  *s = (Slot){.task = t, .proc = proc_start(&ps)};
  r->running++;
}

static void show_progress(const Runner *r, const Task *t) {
  if (r->verbose) {
    fprintf(stderr, "[%d/%d] %s: %s (%.2f s, %ld MB)%s%s\n", r->done, r->ntasks, t->name,
            bench_outcome_name(t->outcome), t->seconds, mb(t->peak_kb),
            t->reason ? ": " : "", t->reason ? t->reason : "");
  } else if (r->progress) {
    fprintf(stderr, "\r\033[K[%d/%d] %s: %s", r->done, r->ntasks, t->name,
            bench_outcome_name(t->outcome));
  }
}

/* The rest of the line of out that starts with key (a copy), or NULL. */
static const char *output_line(const char *out, const char *key) {
  size_t n = strlen(key);
  for (const char *l = out; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
    if (!strncmp(l, key, n))
      return xstrndup(l + n, strcspn(l + n, "\n"));
  return NULL;
}

/* The run has ended: collect its output and measures, classify, free the
 * slot. */
static void finish_task(Runner *r, Slot *s) {
  ProcResult pr;
  proc_finish(s->proc, &pr);
  Task *t = s->task;
  t->seconds = pr.seconds;
  t->peak_kb = pr.peak_kb > s->polled_kb ? pr.peak_kb : s->polled_kb;
  BenchExit e = {pr.out, pr.err, pr.status, pr.signal, pr.end == PROC_TIMED_OUT,
                 s->killed_memory};
  t->status = e.status;
  t->outcome = bench_classify(&e, &t->reason);
  /* could not start, or printed without end: not a verdict of verify */
  if (pr.end == PROC_NOT_STARTED || pr.end == PROC_OUTPUT_CAP) {
    t->outcome = OUT_ERROR;
    t->reason = proc_failure(&pr, "verify");
  }
  /* the quantified invariants that come with a proof, and how many of them
   * were re-checked on the original program */
  t->engine = output_line(pr.out, "engine: ");
  t->precision = output_line(pr.out, "precision: ");
  const char *inv = strstr(pr.out, "\ninvariants: ");
  t->inv_lifted = t->inv_checked = -1;
  if (inv && sscanf(inv, "\ninvariants: %d lifted, %d re-checked", &t->inv_lifted,
                    &t->inv_checked) != 2)
    t->inv_lifted = t->inv_checked = -1;
  proc_free(&pr);
  s->task = NULL;
  r->running--;
  r->done++;
  show_progress(r, t);
}

/* Move output until a run ends or the next memory sample is due. */
static void wait_for_events(Runner *r) {
  Proc *running[r->nslots];
  int n = 0;
  for (int i = 0; i < r->nslots; i++)
    if (r->slots[i].task)
      running[n++] = r->slots[i].proc;
  double next = r->last_sample + SAMPLE_SECONDS - clock_now();
  proc_wait(running, n, next > 0 ? next : 0);
}

/* Memory, ends. */
static void check_slots(Runner *r) {
  if (clock_now() - r->last_sample >= SAMPLE_SECONDS)
    sample_memory(r);
  for (int i = 0; i < r->nslots; i++) {
    Slot *s = &r->slots[i];
    if (s->task && proc_finished(s->proc))
      finish_task(r, s);
  }
}

/* Run every task. SIGINT and SIGTERM end the harness through the handler
 * of signals.h, which stops every verify run (each cleans up after
 * itself) before the harness dies of the signal. */
static void run_all(Runner *r) {
  r->slots = xalloc((size_t)r->nslots * sizeof *r->slots);
  while (r->next < r->ntasks || r->running) {
    for (int i = 0; i < r->nslots && r->next < r->ntasks; i++)
      if (!r->slots[i].task)
        start_task(r, &r->slots[i], &r->tasks[r->next++]);
    wait_for_events(r);
    check_slots(r);
  }
  if (r->progress && !r->verbose)
    fprintf(stderr, "\r\033[K");
}

/* verify's argument vector, less the file and the data model: those of
 * each task go in front of the options (task_argv). The options given to
 * bench for verify come last. */
static const char **verify_argv(const BenchConfig *o, double timeout, long memory_mb) {
  VEC(const char *) a = {0};
  vec_push(&a, "arr2scalar");
  vec_push(&a, "verify");
  vec_push(&a, xformat("--timeout=%g", timeout));
  vec_push(&a, xformat("--memory=%ld", memory_mb));
  for (int i = 0; i < o->nverify_args; i++)
    vec_push(&a, o->verify_args[i]);
  vec_push(&a, NULL);
  return a.data;
}

/* ======================================================================
 * Totals and reports
 * ====================================================================== */

typedef struct Totals {
  int tasks, correct_true, correct_false, wrong, unknown, timeouts, memouts, rejected, errors;
  double median_seconds, total_seconds;
  double max_overrun;      /* the largest wall time past --timeout (0: none) */
  const char *overrun_task; /* ... of this task */
  long max_peak_kb;
} Totals;

static bool is_verdict(BenchOutcome o) { return o == OUT_TRUE || o == OUT_FALSE; }

static bool is_wrong(const Task *t) {
  return is_verdict(t->outcome) && (t->outcome == OUT_TRUE) != t->expected;
}

/* "correct", "wrong", or "" (no verdict). */
static const char *judgement(const Task *t) {
  return !is_verdict(t->outcome) ? "" : is_wrong(t) ? "wrong" : "correct";
}

static Totals totals_of(const Task *tasks, int n, double timeout) {
  Totals s = {.tasks = n};
  double *secs = malloc((size_t)(n ? n : 1) * sizeof *secs);
  for (int i = 0; i < n; i++) {
    const Task *t = &tasks[i];
    int *count[OUT_COUNT] = {NULL, NULL, &s.unknown, &s.timeouts, &s.memouts, &s.rejected,
                             &s.errors};
    if (is_wrong(t))
      s.wrong++;
    else if (t->outcome == OUT_TRUE)
      s.correct_true++;
    else if (t->outcome == OUT_FALSE)
      s.correct_false++;
    else
      (*count[t->outcome])++;
    s.total_seconds += t->seconds;
    if (t->seconds - timeout > s.max_overrun) {
      s.max_overrun = t->seconds - timeout;
      s.overrun_task = t->name;
    }
    if (t->peak_kb > s.max_peak_kb)
      s.max_peak_kb = t->peak_kb;
    if (secs)
      secs[i] = t->seconds;
  }
  s.median_seconds = secs ? bench_median(secs, n) : 0;
  free(secs);
  return s;
}

static void print_table(FILE *f, const Task *tasks, int n, bool reasons, bool color) {
  int w = 4;
  for (int i = 0; i < n; i++)
    if ((int)strlen(tasks[i].name) > w)
      w = (int)strlen(tasks[i].name);
  fprintf(f, "%-*s  %-8s  %-8s  %8s  %7s  %s\n", w, "task", "expected", "verdict", "seconds",
          "peak MB", "invariants re-checked");
  for (int i = 0; i < n; i++) {
    const Task *t = &tasks[i];
    bool wrong = is_wrong(t);
    char inv[32] = "";
    if (t->outcome == OUT_TRUE && t->inv_lifted >= 0)
      snprintf(inv, sizeof inv, "%d/%d", t->inv_checked, t->inv_lifted);
    fprintf(f, "%s%-*s  %-8s  %-8s  %8.2f  %7ld  %-8s%s", wrong && color ? "\033[1;31m" : "", w,
            t->name, t->expected ? "true" : "false", bench_outcome_name(t->outcome),
            t->seconds, mb(t->peak_kb), inv, wrong ? "  WRONG" : "");
    if (reasons && t->reason)
      fprintf(f, "  (%s)", t->reason);
    fprintf(f, "%s\n", wrong && color ? "\033[0m" : "");
  }
}

static void print_totals(FILE *f, const Task *tasks, int n, const Totals *s) {
  fprintf(f,
          "\ntotals: %d tasks: %d correct true, %d correct false, %d wrong, %d unknown, "
          "%d timeouts, %d memouts, %d rejected, %d errors\n",
          s->tasks, s->correct_true, s->correct_false, s->wrong, s->unknown, s->timeouts,
          s->memouts, s->rejected, s->errors);
  fprintf(f, "time: median %.2f s, total %.2f s, largest overrun %.2f s%s%s%s; memory: max peak "
             "%ld MB\n",
          s->median_seconds, s->total_seconds, s->max_overrun, s->overrun_task ? " (" : "",
          s->overrun_task ? s->overrun_task : "", s->overrun_task ? ")" : "", mb(s->max_peak_kb));
  int proofs = 0, all_checked = 0, some_checked = 0;
  for (int i = 0; i < n; i++)
    if (tasks[i].outcome == OUT_TRUE && tasks[i].inv_lifted >= 0) {
      proofs++;
      all_checked += tasks[i].inv_lifted > 0 && tasks[i].inv_checked == tasks[i].inv_lifted;
      some_checked += tasks[i].inv_checked > 0;
    }
  fprintf(f, "invariants of proofs: %d proofs with lifted invariants, %d all re-checked, "
             "%d some re-checked\n", proofs, all_checked, some_checked);
  if (!s->wrong)
    return;
  fprintf(f, "WRONG verdicts:\n");
  for (int i = 0; i < n; i++)
    if (is_wrong(&tasks[i]))
      fprintf(f, "  %s: expected %s, verdict %s\n", tasks[i].name,
              tasks[i].expected ? "true" : "false", bench_outcome_name(tasks[i].outcome));
}

/* A CSV field, quoted when it needs to be (RFC 4180). */
static void csv_field(FILE *f, const char *s, const char *sep) {
  if (!s)
    s = "";
  if (strpbrk(s, ",\"\n\r")) {
    fputc('"', f);
    for (; *s; s++) {
      if (*s == '"')
        fputc('"', f);
      fputc(*s, f);
    }
    fputc('"', f);
  } else {
    fputs(s, f);
  }
  fputs(sep, f);
}

static void write_csv(FILE *f, const Task *tasks, int n) {
  fprintf(f, "task,file,expected,verdict,result,seconds,peak_mb,exit_code,invariants_lifted,"
             "invariants_rechecked,reason\n");
  for (int i = 0; i < n; i++) {
    const Task *t = &tasks[i];
    csv_field(f, t->name, ",");
    csv_field(f, t->file, ",");
    fprintf(f, "%s,%s,%s,%.2f,%ld,%d,%d,%d,", t->expected ? "true" : "false",
            bench_outcome_name(t->outcome), judgement(t), t->seconds, mb(t->peak_kb), t->status,
            t->inv_lifted, t->inv_checked);
    csv_field(f, t->reason, "\n");
  }
}

static json_t *json_task(const Task *t) {
  json_t *j = json_object();
  json_object_set_new(j, "task", json_string(t->name));
  json_object_set_new(j, "file", json_string(t->file));
  json_object_set_new(j, "expected", json_string(t->expected ? "true" : "false"));
  json_object_set_new(j, "verdict", json_string(bench_outcome_name(t->outcome)));
  json_object_set_new(j, "result", *judgement(t) ? json_string(judgement(t)) : json_null());
  json_object_set_new(j, "seconds", json_real(t->seconds));
  json_object_set_new(j, "peak_mb", json_integer(mb(t->peak_kb)));
  json_object_set_new(j, "exit_code", json_integer(t->status));
  if (t->inv_lifted >= 0) {
    json_object_set_new(j, "invariants_lifted", json_integer(t->inv_lifted));
    json_object_set_new(j, "invariants_rechecked", json_integer(t->inv_checked));
  }
  json_object_set_new(j, "reason", t->reason ? json_string(t->reason) : json_null());
  if (t->engine)
    json_object_set_new(j, "engine", json_string(t->engine));
  if (t->precision)
    json_object_set_new(j, "precision", json_string(t->precision));
  return j;
}

static json_t *json_totals(const Totals *s) {
  return json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:f, s:f, s:f, s:I}", "tasks",
                   s->tasks, "correct_true", s->correct_true, "correct_false", s->correct_false,
                   "wrong", s->wrong, "unknown", s->unknown, "timeouts", s->timeouts, "memouts",
                   s->memouts, "rejected", s->rejected, "errors", s->errors, "median_seconds",
                   s->median_seconds, "total_seconds", s->total_seconds, "max_overrun_seconds",
                   s->max_overrun, "max_peak_mb",
                   (json_int_t)mb(s->max_peak_kb));
}

static json_t *json_settings(const Runner *r, double timeout, long memory_mb) {
  json_t *opts = json_array();
  for (int i = 1; r->argv[i]; i++)
    json_array_append_new(opts, json_string(r->argv[i]));
  return json_pack("{s:f, s:I, s:i, s:o}", "timeout", timeout, "memory_mb",
                   (json_int_t)memory_mb, "jobs", r->nslots, "verify_arguments", opts);
}

/* The report; settings is taken over. */
static bool write_json(FILE *f, const Task *t, int n, const Totals *s, json_t *settings) {
  json_t *tasks = json_array(), *wrong = json_array();
  for (int i = 0; i < n; i++) {
    json_array_append_new(tasks, json_task(&t[i]));
    if (is_wrong(&t[i]))
      json_array_append_new(wrong, json_string(t[i].name));
  }
  json_t *doc = json_pack("{s:s, s:i, s:o, s:o, s:o, s:o}", "format", BENCH_FORMAT,
                          "format_version", BENCH_FORMAT_VERSION, "settings", settings,
                          "tasks", tasks, "totals", json_totals(s), "wrong", wrong);
  bool ok = doc && json_dumpf(doc, f, JSON_INDENT(2)) == 0;
  fputc('\n', f);
  json_decref(doc);
  return ok;
}

/* ======================================================================
 * The subcommand
 * ====================================================================== */

/* --format, or the extension of -o; NULL after a usage error. */
static const char *output_format(const BenchConfig *o) {
  const char *f = o->format;
  if (!f && o->output && ends_with(o->output, ".csv"))
    f = "csv";
  else if (!f && o->output && ends_with(o->output, ".json"))
    f = "json";
  else if (!f)
    f = "text";
  if (strcmp(f, "text") && strcmp(f, "csv") && strcmp(f, "json")) {
    fprintf(stderr, "arr2scalar bench: unknown --format '%s' (expected text, csv or json)\n", f);
    return NULL;
  }
  return f;
}

/* The table (and totals) to stdout unless the machine format goes there;
 * the chosen format to -o FILE or stdout. settings (JSON) is taken over. */
static bool report(const BenchConfig *o, const char *format, const Task *t, int n,
                   const Totals *s, json_t *settings) {
  bool to_file = o->output && strcmp(o->output, "-");
  bool text = !strcmp(format, "text");
  if (!text && to_file) {
    print_table(stdout, t, n, o->verbose, isatty(STDOUT_FILENO));
    print_totals(stdout, t, n, s);
    fflush(stdout);
  }
  Output out;
  if (!output_open(&out, o->output)) {
    json_decref(settings);
    return false;
  }
  FILE *f = out.f;
  bool ok = true;
  if (text) {
    print_table(f, t, n, o->verbose, f == stdout && isatty(STDOUT_FILENO));
    print_totals(f, t, n, s);
  } else if (!strcmp(format, "csv")) {
    write_csv(f, t, n);
  } else {
    ok = write_json(f, t, n, s, json_incref(settings));
  }
  json_decref(settings);
  return output_close(&out, ok);
}

/* ======================================================================
 * Many machines: --list and --merge
 * ====================================================================== */

/* s as one word of a POSIX shell: as it is when every character is safe,
 * else in single quotes. */
static const char *shell_word(const char *s) {
  bool safe = *s != 0;
  for (const char *c = s; *c && safe; c++)
    safe = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,/:@%", *c);
  if (safe)
    return s;
  StrBuf b = {0};
  sb_printf(&b, "'");
  for (const char *c = s; *c; c++)
    sb_printf(&b, *c == '\'' ? "'\\''" : "%c", *c);
  sb_printf(&b, "'");
  return sb_str(&b);
}

/* path made absolute against the working directory (it may not exist). */
static const char *absolute(const char *path) {
  if (path[0] == '/')
    return path;
  char *cwd = getcwd(NULL, 0);
  const char *a = cwd ? xformat("%s/%s", cwd, path) : path;
  free(cwd);
  return a;
}

/* --list: one command line per task, a bench run of that task alone whose
 * JSON report goes to DIR/NAME.json (DIR: -o, default bench-results, made
 * here); paths are absolute, so that the lines run from any directory of
 * any machine that sees the same files. --merge DIR reads the reports. */
static int list_tasks(const BenchConfig *o, const TaskVec *tasks, double timeout,
                      long memory_mb) {
  const char *dir = absolute(o->output ? o->output : "bench-results");
  if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "arr2scalar bench: cannot make %s: %s\n", dir, strerror(errno));
    return EXIT_USAGE;
  }
  char *self = realpath("/proc/self/exe", NULL);
  const char *bin = shell_word(self ? xstrdup(self) : "arr2scalar");
  free(self);
  StrBuf common = {0};
  sb_printf(&common, "%s bench --timeout=%g --memory=%ld --jobs=1 --format=json", bin, timeout,
            memory_mb);
  for (int i = 0; i < o->nverify_args; i++)
    sb_printf(&common, " %s", shell_word(o->verify_args[i]));
  const char *prefix = sb_str(&common);
  for (int i = 0; i < tasks->len; i++) {
    const Task *t = &tasks->data[i];
    char *flat = xstrdup(t->name);
    for (char *c = flat; *c; c++)
      if (*c == '/')
        *c = '%';
    printf("%s -o %s %s\n", prefix, shell_word(xformat("%s/%s.json", dir, flat)),
           shell_word(t->real));
  }
  return fflush(stdout) == 0 ? 0 : EXIT_USAGE;
}

/* The outcome named name (bench_outcome_name), or OUT_COUNT. */
static BenchOutcome outcome_named(const char *name) {
  for (int o = 0; o < OUT_COUNT; o++)
    if (name && !strcmp(name, bench_outcome_name((BenchOutcome)o)))
      return (BenchOutcome)o;
  return OUT_COUNT;
}

/* One task of a report; false when it is not one of ours. */
static bool task_of_json(json_t *j, Task *t) {
  const char *name = json_string_value(json_object_get(j, "task"));
  const char *expected = json_string_value(json_object_get(j, "expected"));
  BenchOutcome out = outcome_named(json_string_value(json_object_get(j, "verdict")));
  if (!name || !expected || (strcmp(expected, "true") && strcmp(expected, "false")) ||
      out == OUT_COUNT || !json_is_number(json_object_get(j, "seconds")))
    return false;
  json_t *lifted = json_object_get(j, "invariants_lifted");
  const char *file = json_string_value(json_object_get(j, "file"));
  const char *reason = json_string_value(json_object_get(j, "reason"));
  *t = (Task){.name = xstrdup(name),
              .file = xstrdup(file ? file : ""),
              .real = xstrdup(name),
              .expected = !strcmp(expected, "true"),
              .outcome = out,
              .reason = reason ? xstrdup(reason) : NULL,
              .seconds = json_number_value(json_object_get(j, "seconds")),
              .peak_kb = (long)json_integer_value(json_object_get(j, "peak_mb")) * 1024,
              .status = (int)json_integer_value(json_object_get(j, "exit_code")),
              .inv_lifted = lifted ? (int)json_integer_value(lifted) : -1,
              .inv_checked = (int)json_integer_value(json_object_get(j, "invariants_rechecked"))};
  return true;
}

/* The tasks of one report file; its settings into *settings (the first
 * file's). False (with a warning) when it is not a bench report. */
static bool read_report(const char *path, TaskVec *tasks, json_t **settings) {
  json_error_t e;
  json_t *doc = json_load_file(path, 0, &e);
  const char *format = json_string_value(json_object_get(doc, "format"));
  json_t *list = json_object_get(doc, "tasks");
  if (!doc || !format || strcmp(format, BENCH_FORMAT) || !json_is_array(list) ||
      json_integer_value(json_object_get(doc, "format_version")) != BENCH_FORMAT_VERSION) {
    fprintf(stderr, "%s: warning: skipped: %s\n", path,
            !doc ? xformat("not JSON: %s (line %d)", e.text, e.line)
                 : xformat("not a report of arr2scalar bench (format %s, version %d)",
                           BENCH_FORMAT, BENCH_FORMAT_VERSION));
    json_decref(doc);
    return false;
  }
  for (size_t i = 0; i < json_array_size(list); i++) {
    Task t;
    if (task_of_json(json_array_get(list, i), &t))
      vec_push(tasks, t);
    else
      fprintf(stderr, "%s: warning: task %zu skipped: a field is missing or wrong\n", path, i);
  }
  if (!*settings)
    *settings = json_deep_copy(json_object_get(doc, "settings"));
  json_decref(doc);
  return true;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Names without the directories all of them share (the runs of --list
 * name each task by its absolute path). */
static void strip_common_dirs(TaskVec *tasks) {
  if (tasks->len < 1)
    return;
  size_t n = strlen(tasks->data[0].name);
  for (int i = 1; i < tasks->len; i++) {
    size_t k = 0;
    while (k < n && tasks->data[i].name[k] == tasks->data[0].name[k])
      k++;
    n = k;
  }
  while (n > 0 && tasks->data[0].name[n - 1] != '/')
    n--;
  for (int i = 0; i < tasks->len; i++)
    tasks->data[i].name += n;
}

/* --merge DIR: the reports (*.json) of many runs as one report. A task in
 * two reports counts once (the first file's, by name order). */
static int merge_reports(const BenchConfig *o, const char *format) {
  DIR *d = opendir(o->merge);
  if (!d) {
    fprintf(stderr, "arr2scalar bench: --merge %s: %s\n", o->merge, strerror(errno));
    return EXIT_USAGE;
  }
  VEC(const char *) files = {0};
  for (struct dirent *e; (e = readdir(d));)
    if (e->d_name[0] != '.' && ends_with(e->d_name, ".json"))
      vec_push(&files, xformat("%s/%s", o->merge, e->d_name));
  closedir(d);
  if (files.len)
    qsort(files.data, (size_t)files.len, sizeof *files.data, cmp_str);
  TaskVec tasks = {0};
  json_t *settings = NULL;
  int read = 0;
  for (int i = 0; i < files.len; i++)
    read += read_report(files.data[i], &tasks, &settings);
  if (!tasks.len) {
    fprintf(stderr, "arr2scalar bench: --merge %s: no task in %d report(s)\n", o->merge, read);
    json_decref(settings);
    return EXIT_USAGE;
  }
  /* stable: the first file's copy of a task stays first */
  for (int i = 0; i < tasks.len; i++)
    tasks.data[i].real = xformat("%08d", i);
  qsort(tasks.data, (size_t)tasks.len, sizeof *tasks.data, cmp_name);
  int k = 1;
  for (int i = 1; i < tasks.len; i++) {
    if (!strcmp(tasks.data[i].name, tasks.data[k - 1].name)) {
      fprintf(stderr, "arr2scalar bench: warning: %s appears in several reports; counted once\n",
              tasks.data[i].name);
      continue;
    }
    tasks.data[k++] = tasks.data[i];
  }
  tasks.len = k;
  strip_common_dirs(&tasks);
  if (!settings)
    settings = json_object();
  json_object_set_new(settings, "merged_reports", json_integer(read));
  /* the overrun against the time limit of the runs (their settings) */
  json_t *limit = json_object_get(settings, "timeout");
  Totals s = totals_of(tasks.data, tasks.len, json_is_number(limit) ? json_number_value(limit) : 1e300);
  if (!report(o, format, tasks.data, tasks.len, &s, settings))
    return EXIT_USAGE;
  return s.wrong ? 1 : 0;
}

static int online_cpus(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

int bench_run(const BenchConfig *o) {
  if (o->list && o->merge) {
    fprintf(stderr, "arr2scalar bench: --list and --merge are two steps: not both at once\n");
    return EXIT_USAGE;
  }
  if (o->merge && o->ndirs) {
    fprintf(stderr, "arr2scalar bench: --merge DIR reads reports; no task directory with it\n");
    return EXIT_USAGE;
  }
  if (!o->ndirs && !o->merge) {
    fprintf(stderr, "arr2scalar bench: give one or more directories\n"
                    "Try 'arr2scalar bench --help'.\n");
    return EXIT_USAGE;
  }
  const char *format = o->list ? "text" : output_format(o);
  if (!format)
    return EXIT_USAGE;
  if (o->merge)
    return merge_reports(o, format);
  TaskVec tasks = {0};
  if (!find_tasks(o, &tasks))
    return EXIT_USAGE;
  if (!tasks.len) {
    fprintf(stderr, "arr2scalar bench: no task with unreach-call.prp found\n");
    return EXIT_USAGE;
  }
  double timeout = o->timeout > 0 ? o->timeout : DEFAULT_TIMEOUT;
  long memory_mb = o->memory_mb > 0 ? o->memory_mb : DEFAULT_MEMORY_MB;
  if (o->list)
    return list_tasks(o, &tasks, timeout, memory_mb);
  int jobs = o->jobs > 0 ? o->jobs : online_cpus();
  Runner r = {.argv = verify_argv(o, timeout, memory_mb),
              .nslots = jobs < tasks.len ? jobs : tasks.len,
              .tasks = tasks.data,
              .ntasks = tasks.len,
              .hard_limit = timeout + HARD_LIMIT_EXTRA,
              .memory_kb = memory_mb * 1024,
              .progress = isatty(STDERR_FILENO),
              .verbose = o->verbose};
  run_all(&r);
  Totals s = totals_of(r.tasks, r.ntasks, timeout);
  if (!report(o, format, r.tasks, r.ntasks, &s, json_settings(&r, timeout, memory_mb)))
    return EXIT_USAGE;
  return s.wrong ? 1 : 0;
}
