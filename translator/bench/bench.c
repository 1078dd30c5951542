/*
 * bench.c -- arr2scalar bench DIR...: run `verify` on every SV-COMP task.
 *
 *   1. find every *.yml under the directories whose properties include
 *      unreach-call.prp (SV-COMP task definition format 2.0);
 *   2. run `arr2scalar verify FILE` (this very binary) on each, several at a
 *      time, each child in its own session so that the whole tree it starts
 *      (the Spacer child, Node.js, clang) can be measured and killed;
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

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
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
    "                     it and is killed at 1.1*S + 2 s wall-clock\n"
    "  --memory=MB        memory limit per task (default 4096); verify gets it\n"
    "                     (solver limit) and the task's processes are killed when\n"
    "                     their memory (sum of PSS, sampled) exceeds it\n"
    "  --jobs=N           tasks run at the same time (default: online CPUs)\n"
    "  --format=F         text (default), csv or json; csv and json go to -o FILE\n"
    "                     (the table still goes to stdout) or replace the table\n"
    "  -o FILE            output file (format from a .csv/.json extension unless\n"
    "                     --format is given)\n"
    "  -v                 each task's outcome and reason on stderr\n"
    "  verify options (--solver, --backend, --no-cells, --cells, --focus, -I, -D,\n"
    "  ...) are given to every verify run.\n"
    "\n"
    "Verdicts: true, false, unknown; timeout and memout (an unknown at the time or\n"
    "memory limit, whether verify gave up or was killed); rejected (exit code 2:\n"
    "not translatable); error (crash, internal error). Correct: the verdict is\n"
    "the expected one. Wrong: a true/false verdict that is not (marked WRONG).\n"
    "The totals' classes add up to the number of tasks. Seconds are wall-clock;\n"
    "the median and the total are over all tasks. Peak MB is the larger of the\n"
    "largest process's maximum RSS and the sampled sum of the PSS of the task's\n"
    "processes. CSV has one row per task; JSON has the tasks, the totals and\n"
    "the settings.\n"
    "\n"
    "The tasks' data_model (ILP32, LP64) is ignored: verify treats integers as\n"
    "mathematical integers, and -m32 needs 32-bit C library headers\n"
    "(libc6-dev-i386) that are usually not installed.\n"
    "\n"
    "Exit codes: 0 no wrong verdict, 1 some verdict is wrong, 2 usage error or no\n"
    "task found, 130 interrupted.\n";

#define DEFAULT_TIMEOUT 60.0
#define DEFAULT_MEMORY_MB 4096L
/* Output kept per stream of a child (verify prints a few lines). */
#define MAX_CAPTURE (1 << 20)
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
  /* result */
  BenchOutcome outcome;
  const char *reason;
  double seconds;
  long peak_kb;
  int status; /* exit code, -1 when ended by a signal */
  int inv_lifted, inv_checked; /* invariants of a proof (-1: none reported) */
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
            .expected = bt.expected};
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

typedef struct Buf {
  char *data;
  size_t len;
} Buf;

typedef struct Slot {
  Task *task;       /* NULL: free */
  pid_t pid;        /* also the session and process group of the task */
  int fd[2];        /* stdout, stderr of the child; -1 once closed */
  Buf buf[2];
  double start, deadline;
  long polled_kb;   /* largest resident memory of the session seen */
  bool killed_time, killed_memory;
} Slot;

typedef struct Runner {
  const char **argv;  /* verify's argument vector; argv[2] is the file */
  Slot *slots;
  int nslots, running;
  Task *tasks;
  int ntasks, next, done;
  double hard_limit;  /* seconds */
  long memory_kb;
  bool progress, verbose;
  double last_sample;
} Runner;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig) {
  (void)sig;
  interrupted = 1;
}

/* Append what a child wrote, up to MAX_CAPTURE (the rest is read and
 * dropped, so that the child never blocks on a full pipe). */
static void buf_append(Buf *b, const char *data, size_t n) {
  if (b->len + n > MAX_CAPTURE)
    n = b->len < MAX_CAPTURE ? MAX_CAPTURE - b->len : 0;
  if (!n)
    return;
  char *d = realloc(b->data, b->len + n + 1);
  if (!d)
    return;
  memcpy(d + b->len, data, n);
  b->len += n;
  d[b->len] = 0;
  b->data = d;
}

/* Read what is available; close the descriptor at end of file. */
static void slot_read(Slot *s, int i) {
  char chunk[65536];
  for (;;) {
    ssize_t k = read(s->fd[i], chunk, sizeof chunk);
    if (k > 0) {
      buf_append(&s->buf[i], chunk, (size_t)k);
      continue;
    }
    if (k < 0 && errno == EINTR)
      continue;
    if (k == 0 || errno != EAGAIN) {
      close(s->fd[i]);
      s->fd[i] = -1;
    }
    return;
  }
}

/* ---- /proc: the processes of a task's session ---------------------------- */

typedef struct ProcInfo {
  pid_t pid, sid;
  long rss_kb;
} ProcInfo;

typedef VEC(ProcInfo) ProcVec;

/* Session and resident memory of one process, from /proc/PID/stat (fields
 * 6 and 24, counted after the parenthesised command name, which may hold
 * blanks). */
static bool proc_info(pid_t pid, ProcInfo *pi) {
  char path[64], text[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n <= 0)
    return false;
  text[n] = 0;
  char *p = strrchr(text, ')');
  if (!p)
    return false;
  long field[22] = {0}; /* fields 3..24 */
  char *save = NULL, *tok = strtok_r(p + 1, " ", &save);
  for (int i = 0; tok && i < 22; i++, tok = strtok_r(NULL, " ", &save))
    field[i] = i == 0 ? 0 : strtol(tok, NULL, 10);
  pi->pid = pid;
  pi->sid = (pid_t)field[6 - 3];
  pi->rss_kb = field[24 - 3] * (sysconf(_SC_PAGESIZE) / 1024);
  return true;
}

/* Proportional set size of a process (pages shared between the processes
 * of a task count once in the sum over the task; RSS would count the shared
 * LLVM and Z3 libraries of every process again). Falls back to the RSS. */
/* Is sid the session of a running task? */
static bool in_a_task(const Runner *r, pid_t sid) {
  for (int i = 0; i < r->nslots; i++)
    if (r->slots[i].task && r->slots[i].pid == sid)
      return true;
  return false;
}

static long proc_pss_kb(const ProcInfo *pi) {
  char path[64], line[256];
  snprintf(path, sizeof path, "/proc/%d/smaps_rollup", (int)pi->pid);
  FILE *f = fopen(path, "re");
  if (!f)
    return pi->rss_kb;
  long kb = pi->rss_kb;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "Pss: %ld kB", &kb) == 1)
      break;
  fclose(f);
  return kb;
}

/* Every process in a session of one of the running tasks, with its PSS when
 * measure is set. The array is the caller's (free it). */
static ProcVec scan_sessions(const Runner *r, bool measure) {
  ProcVec v = {0};
  DIR *d = opendir("/proc");
  if (!d)
    return v;
  for (struct dirent *e; (e = readdir(d));) {
    char *end;
    long pid = strtol(e->d_name, &end, 10);
    ProcInfo pi;
    if (*end || pid <= 0 || !proc_info((pid_t)pid, &pi) || !in_a_task(r, pi.sid))
      continue;
    if (measure)
      pi.rss_kb = proc_pss_kb(&pi);
    if (v.len == v.cap) {
      ProcInfo *bigger = realloc(v.data, (size_t)(v.cap ? 2 * v.cap : 64) * sizeof *v.data);
      if (!bigger)
        break;
      v.data = bigger;
      v.cap = v.cap ? 2 * v.cap : 64;
    }
    v.data[v.len++] = pi;
  }
  closedir(d);
  return v;
}

/* Kill everything the task started: its process group, and processes that
 * moved to their own group (proc_run does that) but stay in its session.
 * The session leader is not reaped yet, so its pid cannot have been reused. */
static void kill_session(const Runner *r, const Slot *s) {
  kill(s->pid, SIGKILL); /* in case it has not called setsid yet */
  kill(-s->pid, SIGKILL);
  ProcVec v = scan_sessions(r, false);
  for (int i = 0; i < v.len; i++)
    if (v.data[i].sid == s->pid)
      kill(v.data[i].pid, SIGKILL);
  free(v.data);
}

/* Sample the memory of every running task (the sum of its processes'
 * PSS); kill those above the limit. */
static void sample_memory(Runner *r) {
  ProcVec v = scan_sessions(r, true);
  for (int i = 0; i < r->nslots; i++) {
    Slot *s = &r->slots[i];
    if (!s->task)
      continue;
    long kb = 0;
    for (int j = 0; j < v.len; j++)
      if (v.data[j].sid == s->pid)
        kb += v.data[j].rss_kb;
    if (kb > s->polled_kb)
      s->polled_kb = kb;
    if (kb > r->memory_kb && !s->killed_memory && !s->killed_time) {
      s->killed_memory = true;
      kill_session(r, s);
    }
  }
  free(v.data);
  r->last_sample = clock_now();
}

/* ---- Starting and finishing tasks ----------------------------------------- */

/* In the child: own session (the harness measures and kills it as a whole),
 * no stdin, stdout and stderr to the pipes, then this binary again. */
static void exec_child(const char **argv, int out, int err) {
  setsid();
  int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null >= 0)
    dup2(null, 0);
  dup2(out, 1);
  dup2(err, 2);
  execv("/proc/self/exe", (char *const *)argv);
  fprintf(stderr, "arr2scalar bench: cannot run /proc/self/exe: %s\n", strerror(errno));
  _exit(127);
}

/* Pipes for a child's stdout and stderr, closed on exec so that no other
 * child inherits them (a pipe held by another task would never see EOF). */
static bool open_pipes(int out[2], int err[2]) {
  if (pipe2(out, O_CLOEXEC))
    return false;
  if (pipe2(err, O_CLOEXEC)) {
    close(out[0]);
    close(out[1]);
    return false;
  }
  return true;
}

static void start_task(Runner *r, Slot *s, Task *t) {
  int out[2], err[2];
  *s = (Slot){.task = t, .fd = {-1, -1}};
  r->argv[2] = t->file;
  if (!open_pipes(out, err)) {
    t->outcome = OUT_ERROR;
    t->reason = xformat("cannot create a pipe: %s", strerror(errno));
    s->task = NULL;
    r->done++;
    return;
  }
  s->start = clock_now();
  s->deadline = s->start + r->hard_limit;
  pid_t pid = fork();
  if (pid == 0)
    exec_child(r->argv, out[1], err[1]);
  close(out[1]);
  close(err[1]);
  if (pid < 0) {
    close(out[0]);
    close(err[0]);
    t->outcome = OUT_ERROR;
    t->reason = xformat("cannot fork: %s", strerror(errno));
    s->task = NULL;
    r->done++;
    return;
  }
  s->pid = pid;
  s->fd[0] = out[0];
  s->fd[1] = err[0];
  fcntl(out[0], F_SETFL, O_NONBLOCK);
  fcntl(err[0], F_SETFL, O_NONBLOCK);
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

/* The child has exited (not yet reaped): collect its output and measures,
 * classify, free the slot. */
static void finish_task(Runner *r, Slot *s) {
  kill_session(r, s); /* leftovers that would hold the pipes open */
  for (int i = 0; i < 2; i++)
    if (s->fd[i] >= 0) {
      slot_read(s, i);
      if (s->fd[i] >= 0)
        close(s->fd[i]);
    }
  int status = 0;
  struct rusage ru = {0};
  while (wait4(s->pid, &status, 0, &ru) < 0 && errno == EINTR)
    ;
  Task *t = s->task;
  t->seconds = clock_now() - s->start;
  t->peak_kb = ru.ru_maxrss > s->polled_kb ? ru.ru_maxrss : s->polled_kb;
  BenchExit e = {s->buf[0].data, s->buf[1].data, WIFEXITED(status) ? WEXITSTATUS(status) : -1,
                 WIFSIGNALED(status) ? WTERMSIG(status) : 0, s->killed_time, s->killed_memory};
  t->status = e.status;
  t->outcome = bench_classify(&e, &t->reason);
  /* the quantified invariants that come with a proof, and how many of them
   * were re-checked on the original program */
  const char *inv = e.out ? strstr(e.out, "\ninvariants: ") : NULL;
  t->inv_lifted = t->inv_checked = -1;
  if (inv && sscanf(inv, "\ninvariants: %d lifted, %d re-checked", &t->inv_lifted,
                    &t->inv_checked) != 2)
    t->inv_lifted = t->inv_checked = -1;
  free(s->buf[0].data);
  free(s->buf[1].data);
  s->task = NULL;
  r->running--;
  r->done++;
  show_progress(r, t);
}

/* Has the child exited? (WNOWAIT: it stays a zombie until finish_task, so
 * that its pid, which names its session, is not reused meanwhile.) */
static bool has_exited(const Slot *s) {
  siginfo_t info = {0};
  return waitid(P_PID, (id_t)s->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == s->pid;
}

/* Wait for output or for the next check (deadline, memory sample). */
static void wait_for_events(Runner *r) {
  struct pollfd fds[2 * r->nslots];
  Slot *owner[2 * r->nslots];
  int which[2 * r->nslots], n = 0;
  double until = clock_now() + SAMPLE_SECONDS / 2;
  for (int i = 0; i < r->nslots; i++) {
    Slot *s = &r->slots[i];
    if (!s->task)
      continue;
    if (s->deadline < until)
      until = s->deadline;
    for (int k = 0; k < 2; k++)
      if (s->fd[k] >= 0) {
        fds[n] = (struct pollfd){s->fd[k], POLLIN, 0};
        owner[n] = s;
        which[n++] = k;
      }
  }
  /* Both pipes closed but not exited yet: the exit is imminent. */
  int ms = n ? (int)((until - clock_now()) * 1000) + 1 : 5;
  if (poll(fds, (nfds_t)n, ms > 0 ? ms : 0) <= 0)
    return;
  for (int i = 0; i < n; i++)
    if (fds[i].revents)
      slot_read(owner[i], which[i]);
}

/* Deadlines, memory, exits. */
static void check_slots(Runner *r) {
  if (clock_now() - r->last_sample >= SAMPLE_SECONDS)
    sample_memory(r);
  for (int i = 0; i < r->nslots; i++) {
    Slot *s = &r->slots[i];
    if (!s->task)
      continue;
    if (has_exited(s)) {
      finish_task(r, s);
    } else if (clock_now() > s->deadline && !s->killed_time && !s->killed_memory) {
      s->killed_time = true;
      kill_session(r, s);
    }
  }
}

static void stop_all(Runner *r) {
  for (int i = 0; i < r->nslots; i++)
    if (r->slots[i].task)
      kill_session(r, &r->slots[i]);
  for (int i = 0; i < r->nslots; i++)
    if (r->slots[i].task)
      finish_task(r, &r->slots[i]);
}

/* Run every task; false if interrupted. */
static bool run_all(Runner *r) {
  struct sigaction sa = {0}, old_int, old_term;
  sa.sa_handler = on_signal;
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  /* a background job keeps ignoring Ctrl-C, as the shell asked */
  if (old_int.sa_handler == SIG_IGN)
    sigaction(SIGINT, &old_int, NULL);
  r->slots = xalloc((size_t)r->nslots * sizeof *r->slots);
  while (!interrupted && (r->next < r->ntasks || r->running)) {
    for (int i = 0; i < r->nslots && r->next < r->ntasks; i++)
      if (!r->slots[i].task)
        start_task(r, &r->slots[i], &r->tasks[r->next++]);
    wait_for_events(r);
    check_slots(r);
  }
  if (interrupted)
    stop_all(r);
  if (r->progress && !r->verbose)
    fprintf(stderr, "\r\033[K");
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
  return !interrupted;
}

/* verify's argument vector: the file goes to argv[2]. The options given to
 * bench for verify come last. */
static const char **verify_argv(const BenchConfig *o, double timeout, long memory_mb) {
  VEC(const char *) a = {0};
  vec_push(&a, "arr2scalar");
  vec_push(&a, "verify");
  vec_push(&a, NULL);
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

static Totals totals_of(const Task *tasks, int n) {
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
  fprintf(f, "time: median %.2f s, total %.2f s; memory: max peak %ld MB\n", s->median_seconds,
          s->total_seconds, mb(s->max_peak_kb));
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
  return j;
}

static json_t *json_totals(const Totals *s) {
  return json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:f, s:f, s:I}", "tasks",
                   s->tasks, "correct_true", s->correct_true, "correct_false", s->correct_false,
                   "wrong", s->wrong, "unknown", s->unknown, "timeouts", s->timeouts, "memouts",
                   s->memouts, "rejected", s->rejected, "errors", s->errors, "median_seconds",
                   s->median_seconds, "total_seconds", s->total_seconds, "max_peak_mb",
                   (json_int_t)mb(s->max_peak_kb));
}

static json_t *json_settings(const Runner *r, double timeout, long memory_mb) {
  json_t *opts = json_array();
  for (int i = 1; r->argv[i]; i++)
    if (i != 2) /* the file */
      json_array_append_new(opts, json_string(r->argv[i]));
  return json_pack("{s:f, s:I, s:i, s:o}", "timeout", timeout, "memory_mb",
                   (json_int_t)memory_mb, "jobs", r->nslots, "verify_arguments", opts);
}

static bool write_json(FILE *f, const Runner *r, const Totals *s, double timeout,
                       long memory_mb) {
  json_t *tasks = json_array(), *wrong = json_array();
  for (int i = 0; i < r->ntasks; i++) {
    json_array_append_new(tasks, json_task(&r->tasks[i]));
    if (is_wrong(&r->tasks[i]))
      json_array_append_new(wrong, json_string(r->tasks[i].name));
  }
  json_t *doc = json_pack("{s:o, s:o, s:o, s:o}", "settings", json_settings(r, timeout, memory_mb),
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
 * the chosen format to -o FILE or stdout. */
static bool report(const BenchConfig *o, const char *format, const Runner *r, const Totals *s,
                   double timeout, long memory_mb) {
  bool to_file = o->output && strcmp(o->output, "-");
  bool text = !strcmp(format, "text");
  if (!text && to_file) {
    print_table(stdout, r->tasks, r->ntasks, o->verbose, isatty(STDOUT_FILENO));
    print_totals(stdout, r->tasks, r->ntasks, s);
    fflush(stdout);
  }
  Output out;
  if (!output_open(&out, o->output))
    return false;
  FILE *f = out.f;
  bool ok = true;
  if (text) {
    print_table(f, r->tasks, r->ntasks, o->verbose, f == stdout && isatty(STDOUT_FILENO));
    print_totals(f, r->tasks, r->ntasks, s);
  } else if (!strcmp(format, "csv")) {
    write_csv(f, r->tasks, r->ntasks);
  } else {
    ok = write_json(f, r, s, timeout, memory_mb);
  }
  return output_close(&out, ok);
}

static int online_cpus(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

int bench_run(const BenchConfig *o) {
  if (!o->ndirs) {
    fprintf(stderr, "arr2scalar bench: give one or more directories\n"
                    "Try 'arr2scalar bench --help'.\n");
    return EXIT_USAGE;
  }
  const char *format = output_format(o);
  if (!format)
    return EXIT_USAGE;
  TaskVec tasks = {0};
  if (!find_tasks(o, &tasks))
    return EXIT_USAGE;
  if (!tasks.len) {
    fprintf(stderr, "arr2scalar bench: no task with unreach-call.prp found\n");
    return EXIT_USAGE;
  }
  double timeout = o->timeout > 0 ? o->timeout : DEFAULT_TIMEOUT;
  long memory_mb = o->memory_mb > 0 ? o->memory_mb : DEFAULT_MEMORY_MB;
  int jobs = o->jobs > 0 ? o->jobs : online_cpus();
  Runner r = {.argv = verify_argv(o, timeout, memory_mb),
              .nslots = jobs < tasks.len ? jobs : tasks.len,
              .tasks = tasks.data,
              .ntasks = tasks.len,
              .hard_limit = 1.1 * timeout + 2,
              .memory_kb = memory_mb * 1024,
              .progress = isatty(STDERR_FILENO),
              .verbose = o->verbose};
  if (!run_all(&r)) {
    fprintf(stderr, "arr2scalar bench: interrupted\n");
    return 130;
  }
  Totals s = totals_of(r.tasks, r.ntasks);
  if (!report(o, format, &r, &s, timeout, memory_mb))
    return EXIT_USAGE;
  return s.wrong ? 1 : 0;
}
