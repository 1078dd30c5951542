/*
 * proc.c -- the runner of child processes (see proc.h).
 *
 * A child is started with fork: in the child, before exec (or before the
 * function), it leaves our signal handlers and registry, takes its own
 * process group or session, asks for a signal when we die, redirects its
 * streams, changes directory and sets its address-space limit; a failing
 * step is reported to the parent through a close-on-exec pipe (end of file
 * there means the exec, or the function, has begun). Between fork and exec
 * only system calls are used: libclang and Z3 have threads, and another
 * thread may have held the allocator's lock at the fork.
 *
 * The parent polls the child's pipes and a pidfd (readable when the child
 * exits) with the next deadline as timeout. When the child has exited it is
 * left a zombie until proc_finish reaps it, so that its pid -- which names
 * its process group and session -- cannot be reused while we may still
 * send signals to them.
 */
#include "proc.h"

#include "base.h"
#include "signals.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/pidfd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct Proc {
  ProcSpec spec;
  pid_t pid;              /* 0: not started */
  int pidfd;              /* readable once the child has exited; -1: none */
  int in, out, err;       /* our ends of its stdin, stdout, stderr; -1: closed */
  char *buf[2];           /* what came from out and err */
  size_t len[2], cap;
  size_t in_len, in_off;
  double start, deadline, grace;
  double term_at;         /* when SIGTERM was sent (0: not yet) */
  bool killed;            /* SIGKILL sent */
  bool exited;            /* the child has exited (not reaped yet) */
  ProcEnd end;            /* PROC_EXITED unless we ended it or it never began */
  int error;
  const char *step;
};

static void *must(void *p) {
  if (!p)
    out_of_memory();
  return p;
}

/* ---- In the child ------------------------------------------------------------- */

/* The steps between fork and exec that can fail, as reported to the parent. */
static const char *const steps[] = {"fork", "pipe", "prctl", "dup2", "chdir", "setrlimit", "exec"};
enum { STEP_FORK, STEP_PIPE, STEP_PRCTL, STEP_DUP2, STEP_CHDIR, STEP_RLIMIT, STEP_EXEC };

typedef struct ChildError {
  int error, step;
} ChildError;

static _Noreturn void child_fail(int report, int step) {
  ChildError e = {errno, step};
  if (write(report, &e, sizeof e) < 0) {
    /* nothing left to tell it with: the parent sees end of file */
  }
  _exit(127);
}

typedef struct ChildFds {
  int in, out, err, report; /* child ends: stdin (-1: /dev/null), stdout, stderr (-1: ours) */
} ChildFds;

static void child_redirect(const ProcSpec *s, ChildFds f) {
  int in = f.in >= 0 ? f.in : open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (in < 0 || dup2(in, 0) < 0)
    child_fail(f.report, STEP_DUP2);
  /* a function's stray prints must not mix with our answers on stdout */
  if (dup2(s->argv ? f.out : 2, 1) < 0)
    child_fail(f.report, STEP_DUP2);
  if (f.err >= 0 && dup2(f.err, 2) < 0)
    child_fail(f.report, STEP_DUP2);
}

/* Field `field` of /proc/self/statm (0: the address space, 1: resident) in
 * MB, 0 if unknown. Safe in a forked child (open, read, close). */
static long statm_mb(int field) {
  char buf[128];
  int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
  if (fd >= 0)
    close(fd);
  if (n <= 0)
    return 0;
  buf[n] = 0;
  char *p = buf;
  for (int i = 0; i < field && p; i++)
    p = strchr(p + 1, ' ');
  if (!p)
    return 0;
  return (long)((unsigned long long)atoll(p) * (unsigned long long)getpagesize() >> 20);
}

/* The address space a forked child starts with, in MB (0 if unknown): our
 * libraries, heap, and the command's deep stack (reserved, not memory). */
static long inherited_mb(void) { return statm_mb(0); }

long proc_resident_mb(void) { return statm_mb(1); }

static _Noreturn void in_child(const ProcSpec *s, const char *path, pid_t parent,
                               const sigset_t *mask, ChildFds f) {
  signals_in_child(mask);
  if (s->session)
    setsid();
  else
    setpgid(0, 0);
  if (prctl(PR_SET_PDEATHSIG, s->death_signal ? s->death_signal : SIGKILL) != 0)
    child_fail(f.report, STEP_PRCTL);
  if (getppid() != parent) /* we died before it could ask */
    _exit(127);
  child_redirect(s, f);
  if (s->dir && chdir(s->dir) != 0)
    child_fail(f.report, STEP_CHDIR);
  bool limit = s->memory_mb > 0;
#ifdef __SANITIZE_ADDRESS__
  limit = limit && s->argv; /* an exec'd program is not instrumented */
#endif
  if (limit) {
    long mb = s->memory_mb + (s->argv ? 0 : inherited_mb());
    struct rlimit rl = {(rlim_t)mb << 20, (rlim_t)mb << 20};
    if (setrlimit(RLIMIT_AS, &rl) != 0)
      child_fail(f.report, STEP_RLIMIT);
  }
  if (s->argv) {
    execv(path, (char *const *)s->argv);
    child_fail(f.report, STEP_EXEC);
  }
  close(f.report); /* the function has begun */
  FILE *out = fdopen(f.out, "w");
  if (!out)
    _exit(127);
  s->fn(s->arg, out);
  bool ok = fclose(out) == 0;
  fflush(NULL); /* its stray prints */
  _exit(ok ? 0 : 127);
}

/* ---- Starting ------------------------------------------------------------------- */

/* A close-on-exec pipe whose ends are not 0, 1 or 2 (which the child's
 * dup2 would overwrite when we run with a standard stream closed). */
static bool make_pipe(int fds[2]) {
  if (pipe2(fds, O_CLOEXEC) != 0)
    return false;
  for (int i = 0; i < 2; i++)
    if (fds[i] < 3) {
      int hi = fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
      close(fds[i]);
      fds[i] = hi;
    }
  return fds[0] >= 0 && fds[1] >= 0;
}

static void close_fd(int *fd) {
  if (*fd >= 0)
    close(*fd);
  *fd = -1;
}

/* A program that cannot be run may be the caller's business (a tool not
 * installed); any other step failing is ours. */
static Proc *not_started(Proc *p, int error, int step) {
  p->end = PROC_NOT_STARTED;
  p->error = error;
  p->step = steps[step];
  if (step != STEP_EXEC)
    internal_error_at((Loc){0}, "cannot start a process (%s: %s)", p->step, strerror(error));
  return p;
}

/* argv[0] as an absolute path (the child may change directory first). */
static bool resolve(const char *name, char *path, size_t size) {
  char found[4096];
  if (!find_in_path(name, found, sizeof found))
    return false;
  if (found[0] == '/') {
    snprintf(path, size, "%s", found);
    return true;
  }
  char *cwd = getcwd(NULL, 0);
  if (!cwd)
    return false;
  int n = snprintf(path, size, "%s/%s", cwd, found);
  free(cwd);
  return n > 0 && (size_t)n < size;
}

/* The child's report: false when a step failed (then it is reaped, and p
 * says which step). */
static bool started(Proc *p, int report) {
  ChildError e;
  ssize_t n;
  while ((n = read(report, &e, sizeof e)) < 0 && errno == EINTR)
    ;
  if (n != (ssize_t)sizeof e)
    return true;
  signals_drop_child(p->pid);
  while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
    ;
  p->pid = 0;
  not_started(p, e.error, e.step >= 0 && e.step <= STEP_EXEC ? e.step : STEP_EXEC);
  return false;
}

/* The pipes of a child: its stdin (given input only), stdout (a function's
 * output), stderr (programs only), and the report of its start. */
typedef struct Pipes {
  int in[2], out[2], err[2], report[2];
} Pipes;

static void close_pipes(Pipes *q) {
  for (int i = 0; i < 2; i++) {
    close_fd(&q->in[i]);
    close_fd(&q->out[i]);
    close_fd(&q->err[i]);
    close_fd(&q->report[i]);
  }
}

static bool open_pipes(const ProcSpec *s, Pipes *q) {
  *q = (Pipes){{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}};
  if (make_pipe(q->out) && (!s->argv || make_pipe(q->err)) && (!s->input || make_pipe(q->in)) &&
      make_pipe(q->report))
    return true;
  int e = errno;
  close_pipes(q);
  errno = e;
  return false;
}

/* Fork (registered before any signal can be handled, see signals.h); in
 * the parent, keep our ends of the pipes. */
static pid_t spawn(Proc *p, const char *path, Pipes *q) {
  fflush(NULL); /* else buffered output would be written twice */
  sigset_t mask;
  signals_block(&mask);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid == 0)
    in_child(&p->spec, path, parent, &mask,
             (ChildFds){q->in[0], q->out[1], q->err[1], q->report[1]});
  int e = errno;
  if (pid > 0)
    signals_add_child(pid, p->grace);
  signals_unblock(&mask);
  close_fd(&q->in[0]); /* the child's ends */
  close_fd(&q->out[1]);
  close_fd(&q->err[1]);
  close_fd(&q->report[1]);
  p->in = q->in[1];
  p->out = q->out[0];
  p->err = q->err[0];
  errno = e;
  return pid;
}

Proc *proc_start(const ProcSpec *s) {
  /* children of a process that ignores SIGCHLD are reaped by the kernel:
   * we could not wait for them */
  struct sigaction chld;
  if (sigaction(SIGCHLD, NULL, &chld) == 0 && chld.sa_handler == SIG_IGN)
    signal(SIGCHLD, SIG_DFL);
  Proc *p = must(calloc(1, sizeof *p));
  p->spec = *s;
  p->in = p->out = p->err = p->pidfd = -1;
  p->start = clock_now();
  p->deadline = s->timeout > 0 ? p->start + s->timeout : 0;
  p->grace = s->grace > 0 ? s->grace : 1;
  p->cap = s->max_output ? s->max_output : PROC_MAX_OUTPUT;
  char path[4096] = "";
  errno = ENOENT;
  if (s->argv && !resolve(s->program ? s->program : s->argv[0], path, sizeof path))
    return not_started(p, errno, STEP_EXEC);
  Pipes q;
  if (!open_pipes(s, &q))
    return not_started(p, errno, STEP_PIPE);
  pid_t pid = spawn(p, path, &q);
  if (pid > 0) {
    p->pid = pid;
    started(p, q.report[0]);
  } else {
    not_started(p, errno, STEP_FORK);
  }
  close_fd(&q.report[0]);
  if (!p->pid) {
    close_fd(&p->in);
    close_fd(&p->out);
    close_fd(&p->err);
    return p;
  }
  p->in_len = s->input ? strlen(s->input) : 0;
  if (!p->in_len)
    close_fd(&p->in);
  int fds[3] = {p->in, p->out, p->err};
  for (int i = 0; i < 3; i++)
    if (fds[i] >= 0)
      fcntl(fds[i], F_SETFL, O_NONBLOCK);
  p->pidfd = pidfd_open(pid, 0);
  return p;
}

/* ---- Its processes (/proc) ------------------------------------------------------- */

/* Process group and session of a process, from /proc/PID/stat (fields 5
 * and 6, counted after the parenthesised command name, which may hold
 * blanks), and its resident size in kB (field 24). */
static bool stat_of(pid_t pid, pid_t *pgrp, pid_t *sid, long *rss_kb) {
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
  *pgrp = (pid_t)field[5 - 3];
  *sid = (pid_t)field[6 - 3];
  *rss_kb = field[24 - 3] * (sysconf(_SC_PAGESIZE) / 1024);
  return true;
}

/* Proportional set size: pages shared between the processes of a child
 * (the LLVM and Z3 libraries of a verify run and its Spacer child) count
 * once in the sum; RSS would count them in every process. */
static long pss_kb(pid_t pid, long rss_kb) {
  char path[64], line[256];
  snprintf(path, sizeof path, "/proc/%d/smaps_rollup", (int)pid);
  FILE *f = fopen(path, "re");
  if (!f)
    return rss_kb;
  long kb = rss_kb;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "Pss: %ld kB", &kb) == 1)
      break;
  fclose(f);
  return kb;
}

/* fn on every process of p's session (session mode) or process group. */
static void each_member(const Proc *p, void (*fn)(pid_t pid, long rss_kb, void *arg),
                        void *arg) {
  DIR *d = opendir("/proc");
  if (!d)
    return;
  for (struct dirent *e; (e = readdir(d));) {
    char *end;
    long pid = strtol(e->d_name, &end, 10);
    pid_t pgrp, sid;
    long rss;
    if (*end || pid <= 0 || !stat_of((pid_t)pid, &pgrp, &sid, &rss))
      continue;
    if ((p->spec.session ? sid : pgrp) == p->pid)
      fn((pid_t)pid, rss, arg);
  }
  closedir(d);
}

static void add_pss(pid_t pid, long rss_kb, void *arg) { *(long *)arg += pss_kb(pid, rss_kb); }

long proc_memory_kb(const Proc *p) {
  long kb = 0;
  if (p->pid && !p->exited)
    each_member(p, add_pss, &kb);
  return kb;
}

static void kill_member(pid_t pid, long rss_kb, void *arg) {
  (void)rss_kb;
  kill(pid, *(int *)arg);
}

/* sig to its process group; SIGKILL also to the rest of its session
 * (processes that took a group of their own). The child itself is not
 * reaped yet, so its pid still names them. */
static void signal_all(Proc *p, int sig) {
  kill(-p->pid, sig);
  kill(p->pid, sig);
  if (sig == SIGKILL && p->spec.session)
    each_member(p, kill_member, &sig);
}

/* ---- Waiting --------------------------------------------------------------------- */

static void stop_with(Proc *p, ProcEnd why) {
  if (p->exited || !p->pid)
    return;
  if (p->end == PROC_EXITED)
    p->end = why;
  if (!p->term_at) {
    p->term_at = clock_now();
    signal_all(p, SIGTERM);
  }
}

void proc_stop(Proc *p) { stop_with(p, PROC_STOPPED); }

static void append(Proc *p, int i, const char *data, size_t n) {
  if (p->len[i] + n > p->cap) {
    n = p->len[i] < p->cap ? p->cap - p->len[i] : 0;
    stop_with(p, PROC_OUTPUT_CAP);
  }
  if (!n)
    return;
  p->buf[i] = must(realloc(p->buf[i], p->len[i] + n + 1));
  memcpy(p->buf[i] + p->len[i], data, n);
  p->len[i] += n;
  p->buf[i][p->len[i]] = 0;
}

/* Read what is there (a bounded amount, so that a child writing without
 * end cannot keep us from its deadline); close at end of file. */
static void read_stream(Proc *p, int i) {
  int *fd = i == 0 ? &p->out : &p->err;
  char chunk[65536];
  for (int round = 0; *fd >= 0 && round < 16; round++) {
    ssize_t k = read(*fd, chunk, sizeof chunk);
    if (k > 0)
      append(p, i, chunk, (size_t)k);
    else if (k == 0 || (errno != EINTR && errno != EAGAIN))
      close_fd(fd);
    else if (errno == EAGAIN)
      return;
  }
}

/* Write what the pipe takes of the input. SIGPIPE is held back: a child
 * that stops reading its input must not kill us. */
static void write_input(Proc *p) {
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  ssize_t k = write(p->in, p->spec.input + p->in_off, p->in_len - p->in_off);
  if (k < 0 && errno == EPIPE && !sigismember(&old, SIGPIPE)) {
    struct timespec zero = {0, 0};
    sigtimedwait(&pipe_set, NULL, &zero);
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (k > 0)
    p->in_off += (size_t)k;
  if ((k < 0 && errno != EAGAIN && errno != EINTR) || p->in_off >= p->in_len)
    close_fd(&p->in);
}

/* Has the child exited? Then whatever it left in its group (or session)
 * is killed, and the rest of its output read. */
static void check_exit(Proc *p) {
  siginfo_t info;
  memset(&info, 0, sizeof info);
  if (p->exited)
    return;
  /* (ECHILD: reaped by someone else; it has exited all the same) */
  if (waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0
          ? info.si_pid != p->pid
          : errno != ECHILD)
    return;
  p->exited = true;
  signal_all(p, SIGKILL);
  while (p->out >= 0 || p->err >= 0) {
    size_t before = p->len[0] + p->len[1];
    for (int i = 0; i < 2; i++)
      read_stream(p, i);
    /* a descendant in another group may hold a pipe: no end of file then */
    if (p->len[0] + p->len[1] == before)
      break;
  }
  close_fd(&p->out);
  close_fd(&p->err);
  close_fd(&p->in);
  close_fd(&p->pidfd);
}

/* Deadline, then SIGKILL after the grace; when the next of them is due. */
static double enforce(Proc *p, double now) {
  if (p->deadline && !p->term_at && now >= p->deadline)
    stop_with(p, PROC_TIMED_OUT);
  if (p->term_at && !p->killed && now >= p->term_at + p->grace) {
    signal_all(p, SIGKILL);
    p->killed = true;
  }
  if (p->term_at)
    return p->killed ? 0 : p->term_at + p->grace;
  return p->deadline;
}

bool proc_finished(const Proc *p) { return !p->pid || p->exited; }

bool proc_wait(Proc *const *ps, int n, double seconds) {
  double until = clock_now() + seconds;
  struct pollfd *fds = must(calloc((size_t)(4 * n + 1), sizeof *fds));
  Proc **owner = must(calloc((size_t)(4 * n + 1), sizeof *owner));
  bool finished = false;
  for (;;) {
    double now = clock_now(), wake = until;
    int k = 0;
    for (int i = 0; i < n; i++) {
      Proc *p = ps[i];
      if (!proc_finished(p))
        check_exit(p);
      if (proc_finished(p)) {
        finished = true;
        continue;
      }
      double next = enforce(p, now);
      if (next && next < wake)
        wake = next;
      if (p->pidfd < 0 && now + 0.05 < wake) /* no pidfd: look again soon */
        wake = now + 0.05;
      int mine[4] = {p->pidfd, p->out, p->err, p->in};
      for (int j = 0; j < 4; j++)
        if (mine[j] >= 0) {
          fds[k] = (struct pollfd){mine[j], j == 3 ? POLLOUT : POLLIN, 0};
          owner[k++] = p;
        }
    }
    if (finished || now >= until)
      break;
    int ms = (int)((wake - now) * 1000) + 1;
    if (poll(fds, (nfds_t)k, ms) <= 0)
      continue;
    for (int j = 0; j < k; j++) {
      Proc *p = owner[j];
      if (!fds[j].revents || p->exited)
        continue;
      if (fds[j].fd == p->out)
        read_stream(p, 0);
      else if (fds[j].fd == p->err)
        read_stream(p, 1);
      else if (fds[j].fd == p->in)
        write_input(p);
    }
  }
  free(fds);
  free(owner);
  return finished;
}

/* ---- Finishing -------------------------------------------------------------------- */

void proc_finish(Proc *p, ProcResult *r) {
  memset(r, 0, sizeof *r);
  while (!proc_finished(p))
    proc_wait(&p, 1, 3600);
  int status = 0;
  struct rusage ru;
  memset(&ru, 0, sizeof ru);
  bool reaped = false;
  if (p->pid) {
    signals_drop_child(p->pid); /* before its pid can be reused */
    pid_t w;
    while ((w = wait4(p->pid, &status, 0, &ru)) < 0 && errno == EINTR)
      ;
    reaped = w == p->pid;
  }
  r->end = p->end;
  if (r->end == PROC_EXITED && reaped && WIFSIGNALED(status))
    r->end = PROC_SIGNALED;
  r->status = reaped && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r->signal = reaped && WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  r->error = p->error;
  r->step = p->step;
  r->out = p->buf[0] ? p->buf[0] : must(calloc(1, 1));
  r->err = p->buf[1] ? p->buf[1] : must(calloc(1, 1));
  r->out_len = p->len[0];
  r->err_len = p->len[1];
  r->seconds = clock_now() - p->start;
  r->timeout = p->spec.timeout;
  r->max_output = p->cap;
  r->peak_kb = ru.ru_maxrss;
  free(p);
}

bool proc_run(const ProcSpec *s, ProcResult *r) {
  proc_finish(proc_start(s), r);
  return r->end != PROC_NOT_STARTED;
}

void proc_free(ProcResult *r) {
  free(r->out);
  free(r->err);
  r->out = r->err = NULL;
}

const char *proc_failure(const ProcResult *r, const char *what) {
  switch (r->end) {
  case PROC_EXITED:
    return NULL;
  case PROC_SIGNALED:
    return xformat("%s was killed by signal %d (%s)", what, r->signal, strsignal(r->signal));
  case PROC_TIMED_OUT:
    return xformat("%s timed out after %.0f s", what, r->timeout);
  case PROC_OUTPUT_CAP:
    return xformat("%s wrote more than %zu MB of output: stopped", what, r->max_output >> 20);
  case PROC_STOPPED:
    return xformat("%s was stopped", what);
  case PROC_NOT_STARTED:
    break;
  }
  if (r->step && !strcmp(r->step, "exec"))
    return xformat("cannot run %s: %s", what, strerror(r->error));
  return xformat("cannot run %s (%s: %s)", what, r->step ? r->step : "?", strerror(r->error));
}

bool find_in_path(const char *name, char *buf, size_t size) {
  if (strchr(name, '/')) {
    if (access(name, X_OK) == 0) {
      snprintf(buf, size, "%s", name);
      return true;
    }
    return false;
  }
  const char *path = getenv("PATH");
  if (!path)
    return false;
  const char *p = path;
  while (*p) {
    const char *colon = strchr(p, ':');
    size_t n = colon ? (size_t)(colon - p) : strlen(p);
    snprintf(buf, size, "%.*s/%s", (int)n, p, name);
    if (n && access(buf, X_OK) == 0)
      return true;
    p += n + (colon ? 1 : 0);
  }
  return false;
}
