/* The runner of child processes (proc.h) and what happens on SIGTERM
 * (signals.h), with small shell commands and fake tools written to a
 * temporary directory, and functions of ours run in a forked child. */
#include "helpers.h"

#include "files.h"
#include "proc.h"
#include "signals.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *scratch;

static int setup_scratch(void **state) {
  (void)state;
  char tmpl[] = "/tmp/a2s-test-proc-XXXXXX";
  scratch = strdup(mkdtemp(tmpl));
  return 0;
}

static int teardown_scratch(void **state) {
  teardown_all(state);
  tmpdir_remove(scratch);
  free(scratch);
  scratch = NULL;
  return 0;
}

/* A shell script in the scratch directory. */
static const char *script(const char *name, const char *body) {
  char *path = xformat("%s/%s", scratch, name);
  assert_true(file_write(path, xformat("#!/bin/sh\n%s", body)));
  chmod(path, 0755);
  return path;
}

static ProcResult run(const ProcSpec *s) {
  ProcResult r;
  proc_run(s, &r);
  return r;
}

static ProcResult run_sh(const char *command, double timeout) {
  const char *argv[] = {"sh", "-c", command, NULL};
  return run(&(ProcSpec){.argv = argv, .timeout = timeout});
}

/* Is the process gone (or a zombie waiting for init)? Waits up to 2 s. */
static bool gone(pid_t pid) {
  for (int i = 0; i < 200; i++) {
    char *stat = file_read(xformat("/proc/%d/stat", (int)pid), 0);
    const char *state = stat ? strrchr(stat, ')') : NULL;
    if (!state || state[2] == 'Z')
      return true;
    usleep(10000);
  }
  return false;
}

/* A pid written to a file by a child: waits up to 10 s for it. */
static pid_t pid_in(const char *path) {
  for (int i = 0; i < 1000; i++) {
    char *text = file_read(path, 0);
    if (text && strchr(text, '\n'))
      return (pid_t)atoi(text);
    usleep(10000);
  }
  fail_msg("no pid in %s", path);
  return 0;
}

/* ---- Programs ------------------------------------------------------------------- */

static void output_and_status(void **state) {
  (void)state;
  ProcResult r = run_sh("echo out; echo err >&2; exit 3", 10);
  assert_int_equal(r.end, PROC_EXITED);
  assert_int_equal(r.status, 3);
  assert_string_equal(r.out, "out\n");
  assert_string_equal(r.err, "err\n");
  assert_null(proc_failure(&r, "sh"));
  proc_free(&r);
}

/* Input larger than a pipe holds goes through while the output is read. */
static void input_text(void **state) {
  (void)state;
  size_t n = 1 << 20;
  char *text = xalloc(n + 1);
  memset(text, 'x', n);
  const char *argv[] = {"cat", NULL};
  ProcResult r = run(&(ProcSpec){.argv = argv, .input = text, .timeout = 20});
  assert_int_equal(r.end, PROC_EXITED);
  assert_int_equal(r.out_len, n);
  assert_string_equal(r.out, text);
  proc_free(&r);
  /* a child that does not read its input does not kill us (SIGPIPE) */
  const char *argv2[] = {"true", NULL};
  r = run(&(ProcSpec){.argv = argv2, .input = text, .timeout = 20});
  assert_int_equal(r.end, PROC_EXITED);
  proc_free(&r);
}

/* The working directory is the one given; a relative program path is the
 * caller's, not the child's. */
static void working_directory(void **state) {
  (void)state;
  char *dir = xformat("%s/work", scratch);
  assert_int_equal(mkdir(dir, 0700), 0);
  script("tool.sh", "pwd; echo made > made.txt\n");
  char *cwd = getcwd(NULL, 0);
  assert_int_equal(chdir(scratch), 0);
  const char *argv[] = {"./tool.sh", NULL};
  ProcResult r = run(&(ProcSpec){.argv = argv, .dir = dir, .timeout = 10});
  assert_int_equal(chdir(cwd), 0);
  free(cwd);
  assert_int_equal(r.end, PROC_EXITED);
  assert_string_equal(r.out, xformat("%s\n", dir));
  assert_non_null(file_read(xformat("%s/made.txt", dir), 0));
  proc_free(&r);
}

static void cannot_run(void **state) {
  (void)state;
  int errors = error_count();
  const char *argv[] = {"/nonexistent/tool", NULL};
  ProcResult r = run(&(ProcSpec){.argv = argv, .timeout = 10});
  assert_int_equal(r.end, PROC_NOT_STARTED);
  assert_contains(proc_failure(&r, "tool"), "cannot run tool");
  /* a missing tool is the caller's business, not an internal error */
  assert_int_equal(error_count(), errors);
  proc_free(&r);
  const char *argv2[] = {"sh", "-c", "true", NULL};
  r = run(&(ProcSpec){.argv = argv2, .dir = "/nonexistent/dir", .timeout = 10});
  assert_int_equal(r.end, PROC_NOT_STARTED);
  assert_contains(proc_failure(&r, "sh"), "chdir");
  proc_free(&r);
}

/* ---- Limits --------------------------------------------------------------------- */

/* The deadline ends the whole process group: the tool and what it started
 * in the background. */
static void timeout_kills_group(void **state) {
  (void)state;
  char *pidfile = xformat("%s/grandchild", scratch);
  double start = clock_now();
  ProcResult r = run_sh(xformat("sleep 100 & echo $! > %s; sleep 100", pidfile), 0.5);
  assert_int_equal(r.end, PROC_TIMED_OUT);
  assert_true(clock_now() - start < 5);
  assert_contains(proc_failure(&r, "sh"), "timed out");
  assert_true(gone(pid_in(pidfile)));
  proc_free(&r);
}

/* A tool that ignores SIGTERM gets SIGKILL after the grace. */
static void timeout_then_kill(void **state) {
  (void)state;
  const char *argv[] = {"sh", "-c", "trap '' TERM; while :; do sleep 1; done", NULL};
  double start = clock_now();
  ProcResult r = run(&(ProcSpec){.argv = argv, .timeout = 0.3, .grace = 0.3});
  assert_int_equal(r.end, PROC_TIMED_OUT);
  assert_int_equal(r.signal, SIGKILL);
  assert_true(clock_now() - start >= 0.6);
  assert_true(clock_now() - start < 5);
  proc_free(&r);
}

/* A tool that closes its output and sleeps is still killed at the deadline
 * (the wait never blocks once the pipes are closed). */
static void closed_pipes_still_timed(void **state) {
  (void)state;
  double start = clock_now();
  ProcResult r = run_sh("echo early; exec >&- 2>&-; sleep 100", 0.5);
  assert_int_equal(r.end, PROC_TIMED_OUT);
  assert_string_equal(r.out, "early\n");
  assert_true(clock_now() - start < 5);
  proc_free(&r);
}

/* Output without end is capped, the tool killed, and the result says so. */
static void endless_output_capped(void **state) {
  (void)state;
  const char *argv[] = {"yes", NULL};
  ProcResult r = run(&(ProcSpec){.argv = argv, .timeout = 30, .max_output = 1 << 20});
  assert_int_equal(r.end, PROC_OUTPUT_CAP);
  assert_int_equal(r.out_len, 1 << 20);
  assert_contains(proc_failure(&r, "yes"), "more than 1 MB");
  proc_free(&r);
  const char *argv2[] = {"sh", "-c", "yes >&2", NULL};
  r = run(&(ProcSpec){.argv = argv2, .timeout = 30, .max_output = 1 << 16});
  assert_int_equal(r.end, PROC_OUTPUT_CAP);
  assert_int_equal(r.err_len, 1 << 16);
  proc_free(&r);
}

/* The address-space limit is set in the child: an allocation past it
 * fails there (dd's 200 MB buffer), not without the limit. */
static void memory_limit(void **state) {
  (void)state;
  const char *argv[] = {"dd", "if=/dev/zero", "of=/dev/null", "bs=200M", "count=1", NULL};
  ProcResult r = run(&(ProcSpec){.argv = argv, .timeout = 30});
  assert_int_equal(r.end, PROC_EXITED);
  assert_int_equal(r.status, 0);
  proc_free(&r);
  r = run(&(ProcSpec){.argv = argv, .timeout = 30, .memory_mb = 64});
  assert_int_equal(r.end, PROC_EXITED);
  assert_int_not_equal(r.status, 0);
  assert_contains(r.err, "memory");
  proc_free(&r);
}

/* ---- Functions in a forked child -------------------------------------------------- */

static void answer_42(void *arg, FILE *out) {
  fprintf(out, "answer %d\n", *(int *)arg);
  printf("a stray print goes to stderr, not to our stdout\n");
}

static void crash(void *arg, FILE *out) {
  (void)arg;
  fputs("partial", out);
  fflush(out);
  signal(SIGSEGV, SIG_DFL); /* not the sanitizers' report */
  raise(SIGSEGV);
}

static void hang(void *arg, FILE *out) {
  (void)arg;
  (void)out;
  for (;;)
    pause();
}

/* Touch arg MB; say whether the memory was there. */
static void allocate(void *arg, FILE *out) {
  size_t n = (size_t)*(int *)arg << 20;
  char *p = malloc(n);
  if (p)
    memset(p, 1, n);
  fputs(p ? "allocated" : "no memory", out);
  free(p);
}

/* A function's memory limit counts from what the child inherits (our
 * libraries, the reserved stacks). */
static void function_memory_limit(void **state) {
  (void)state;
#ifdef __SANITIZE_ADDRESS__
  skip(); /* the limit is not set under AddressSanitizer */
#endif
  int mb = 256;
  ProcResult r = run(&(ProcSpec){.fn = allocate, .arg = &mb, .timeout = 30});
  assert_string_equal(r.out, "allocated");
  proc_free(&r);
  r = run(&(ProcSpec){.fn = allocate, .arg = &mb, .timeout = 30, .memory_mb = 64});
  assert_string_equal(r.out, "no memory");
  proc_free(&r);
  mb = 16;
  r = run(&(ProcSpec){.fn = allocate, .arg = &mb, .timeout = 30, .memory_mb = 64});
  assert_string_equal(r.out, "allocated");
  proc_free(&r);
}

static void function_output(void **state) {
  (void)state;
  int v = 42;
  ProcResult r = run(&(ProcSpec){.fn = answer_42, .arg = &v, .timeout = 10});
  assert_int_equal(r.end, PROC_EXITED);
  assert_int_equal(r.status, 0);
  assert_string_equal(r.out, "answer 42\n");
  proc_free(&r);
}

/* A crash is reported as a crash at once, not as a hang. */
static void function_crash(void **state) {
  (void)state;
  double start = clock_now();
  ProcResult r = run(&(ProcSpec){.fn = crash, .timeout = 60});
  assert_int_equal(r.end, PROC_SIGNALED);
  assert_int_equal(r.signal, SIGSEGV);
  assert_string_equal(r.out, "partial");
  assert_contains(proc_failure(&r, "the engine"), "signal 11");
  assert_true(clock_now() - start < 10);
  proc_free(&r);
  r = run(&(ProcSpec){.fn = hang, .timeout = 0.3});
  assert_int_equal(r.end, PROC_TIMED_OUT);
  proc_free(&r);
}

/* ---- Several at once, sessions ------------------------------------------------------ */

static void wait_for_first(void **state) {
  (void)state;
  const char *slow[] = {"sleep", "100", NULL}, *fast[] = {"sh", "-c", "echo done", NULL};
  Proc *ps[2] = {proc_start(&(ProcSpec){.argv = slow, .session = true}),
                 proc_start(&(ProcSpec){.argv = fast})};
  assert_true(proc_memory_kb(ps[0]) > 0);
  double start = clock_now();
  while (!proc_finished(ps[1]))
    assert_true(proc_wait(ps, 2, 10));
  assert_false(proc_finished(ps[0]));
  assert_true(clock_now() - start < 10);
  proc_stop(ps[0]);
  ProcResult r;
  proc_finish(ps[1], &r);
  assert_string_equal(r.out, "done\n");
  proc_free(&r);
  proc_finish(ps[0], &r);
  assert_int_equal(r.end, PROC_STOPPED);
  assert_int_equal(r.signal, SIGTERM);
  proc_free(&r);
}

/* ---- When we die ---------------------------------------------------------------------- */

/* In a forked child: start `sleep 100` as a child of its own, say its pid,
 * and wait (with the handlers of signals.h when arg is set, and a
 * temporary directory that must go with us). */
static void parent_of_sleep(void *arg, FILE *out) {
  (void)out;
  const char *argv[] = {"sleep", "100", NULL};
  char why[256];
  if (arg)
    signals_install();
  setenv("TMPDIR", scratch, 1);
  const char *dir = arg ? tmpdir_make("proc-test", why, sizeof why) : "-";
  Proc *p = proc_start(&(ProcSpec){.argv = argv});
  (void)p;
  file_write(xformat("%s/dir", scratch), xformat("%s\n", dir ? dir : "?"));
  file_write(xformat("%s/pid", scratch), xformat("%d\n", (int)getpid()));
  for (;;)
    pause();
}

/* A child dies when its parent dies, even by SIGKILL (PR_SET_PDEATHSIG). */
static void dies_with_parent(void **state) {
  (void)state;
  Proc *middle = proc_start(&(ProcSpec){.fn = parent_of_sleep, .timeout = 60});
  pid_t pid = pid_in(xformat("%s/pid", scratch));
  (void)pid;
  /* the sleep is the middle's child, in a process group of its own */
  char *children = NULL;
  for (int i = 0; i < 500 && (!children || !*children); i++) {
    usleep(10000);
    children = file_read(xformat("/proc/%d/task/%d/children", (int)pid, (int)pid), 0);
  }
  assert_non_null(children);
  pid_t sleep_pid = (pid_t)atoi(children);
  assert_true(sleep_pid > 0);
  kill(pid, SIGKILL);
  ProcResult r;
  proc_finish(middle, &r);
  assert_int_equal(r.signal, SIGKILL);
  assert_true(gone(sleep_pid));
  proc_free(&r);
}

/* SIGTERM: the handler stops the children and removes the temporary
 * directory, then the process ends by SIGTERM. */
static void sigterm_cleans_up(void **state) {
  (void)state;
  Proc *middle = proc_start(&(ProcSpec){.fn = parent_of_sleep, .arg = "install", .timeout = 60});
  pid_t pid = pid_in(xformat("%s/pid", scratch));
  char *dir = file_read(xformat("%s/dir", scratch), 0);
  dir[strlen(dir) - 1] = 0;
  assert_true(file_is_dir(dir));
  char *children = file_read(xformat("/proc/%d/task/%d/children", (int)pid, (int)pid), 0);
  pid_t sleep_pid = children ? (pid_t)atoi(children) : 0;
  assert_true(sleep_pid > 0);
  kill(pid, SIGTERM);
  ProcResult r;
  proc_finish(middle, &r);
  assert_int_equal(r.signal, SIGTERM);
  assert_false(file_is_dir(dir));
  assert_true(gone(sleep_pid));
  proc_free(&r);
}

/* The remover used by the handler takes nested directories, not what
 * symbolic links point to. */
static void remove_tree(void **state) {
  (void)state;
  char why[256];
  char *keep = xformat("%s/keep", scratch);
  assert_true(file_write(keep, "kept"));
  setenv("TMPDIR", scratch, 1);
  char *dir = tmpdir_make("tree", why, sizeof why);
  unsetenv("TMPDIR");
  assert_non_null(dir);
  char *sub = xformat("%s/a/b/c", dir);
  assert_int_equal(system(xformat("mkdir -p %s && touch %s/f %s/a/g && ln -s %s %s/link", sub,
                                  sub, dir, scratch, sub)),
                   0);
  for (int i = 0; i < 300; i++)
    assert_true(file_write(xformat("%s/a/file%03d", dir, i), "x"));
  tmpdir_remove(dir);
  assert_false(file_is_dir(dir));
  assert_non_null(file_read(keep, 0));
}

int main(void) {
  const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup_scratch, teardown_scratch)
      T(output_and_status),     T(input_text),          T(working_directory),
      T(cannot_run),            T(timeout_kills_group), T(timeout_then_kill),
      T(closed_pipes_still_timed), T(endless_output_capped), T(memory_limit),
      T(function_output),       T(function_crash),      T(function_memory_limit),
      T(wait_for_first),
      T(dies_with_parent),      T(sigterm_cleans_up),   T(remove_tree),
#undef T
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
