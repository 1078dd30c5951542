/*
 * signals.c -- stopping children and removing temporary paths when we are
 * told to stop or exit (see signals.h).
 */
#include "signals.h"

#include "files.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MAX_CHILDREN = 256, MAX_PATHS = 64, PATH_BYTES = 4096 };

/* A slot is in use while its pid (path_state) is non-zero; a slot is filled
 * before it is published and unpublished before it is reused. */
static struct {
  atomic_int pid;
  double grace;
} children[MAX_CHILDREN];

enum { PATH_FREE, PATH_FILE, PATH_DIR };

static struct {
  atomic_int state;
  char path[PATH_BYTES];
} paths[MAX_PATHS];

static const int handled[] = {SIGINT, SIGTERM, SIGHUP};
enum { NHANDLED = sizeof handled / sizeof *handled };

/* ---- The registry ------------------------------------------------------- */

/* The thread that registers children and paths: the one doing the work
 * (main.c runs the command on a thread of its own, stack.h). */
static atomic_int worker;

bool signals_add_child(pid_t pid, double grace) {
  atomic_store(&worker, (int)gettid());
  for (int i = 0; i < MAX_CHILDREN; i++) {
    int expected = 0;
    if (atomic_load(&children[i].pid) == 0) {
      children[i].grace = grace;
      if (atomic_compare_exchange_strong(&children[i].pid, &expected, (int)pid))
        return true;
    }
  }
  return false;
}

void signals_drop_child(pid_t pid) {
  for (int i = 0; i < MAX_CHILDREN; i++) {
    int expected = (int)pid;
    if (atomic_compare_exchange_strong(&children[i].pid, &expected, 0))
      return;
  }
}

bool signals_add_path(const char *path, bool dir) {
  atomic_store(&worker, (int)gettid());
  if (strlen(path) >= PATH_BYTES)
    return false;
  for (int i = 0; i < MAX_PATHS; i++) {
    if (atomic_load(&paths[i].state) != PATH_FREE)
      continue;
    /* single writer (the registry is changed by the main flow of the
     * program only), so the slot stays free while it is filled */
    strcpy(paths[i].path, path);
    atomic_store(&paths[i].state, dir ? PATH_DIR : PATH_FILE);
    return true;
  }
  return false;
}

void signals_drop_path(const char *path) {
  for (int i = 0; i < MAX_PATHS; i++)
    if (atomic_load(&paths[i].state) != PATH_FREE && !strcmp(paths[i].path, path)) {
      atomic_store(&paths[i].state, PATH_FREE);
      return;
    }
}

/* ---- Cleaning up (async-signal-safe) ---------------------------------------------- */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Has the child exited? (it is not reaped: its pid and process group stay
 * ours until the kill below) */
static bool exited(pid_t pid) {
  siginfo_t info;
  memset(&info, 0, sizeof info);
  return waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid == pid;
}

/* SIGTERM to every registered process group; SIGKILL to each once it has
 * exited or its grace is over (whatever is left in its group). */
static void stop_children(void) {
  double start = now();
  bool pending[MAX_CHILDREN];
  int left = 0;
  for (int i = 0; i < MAX_CHILDREN; i++) {
    pid_t pid = atomic_load(&children[i].pid);
    pending[i] = pid != 0;
    if (pending[i]) {
      kill(-pid, SIGTERM);
      left++;
    }
  }
  while (left > 0) {
    for (int i = 0; i < MAX_CHILDREN; i++) {
      pid_t pid = atomic_load(&children[i].pid);
      if (!pending[i])
        continue;
      if (!pid) { /* reaped meanwhile (the handler ran on another thread) */
        pending[i] = false;
        left--;
      } else if (exited(pid) || now() - start >= children[i].grace) {
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        pending[i] = false;
        left--;
      }
    }
    struct timespec ts = {0, 10 * 1000 * 1000};
    if (left > 0)
      nanosleep(&ts, NULL);
  }
}

static void remove_paths(void) {
  for (int i = 0; i < MAX_PATHS; i++) {
    int state = atomic_load(&paths[i].state);
    if (state == PATH_DIR)
      tmpdir_remove(paths[i].path);
    else if (state == PATH_FILE)
      unlink(paths[i].path);
    atomic_store(&paths[i].state, PATH_FREE);
  }
}

static atomic_flag cleaning = ATOMIC_FLAG_INIT;

static void clean_up(void) {
  stop_children();
  remove_paths();
}

static void on_signal(int sig) {
  /* The worker stops while we clean up: it would otherwise go on, see its
   * child die, start the next one or print an answer. So the signal goes
   * to it (pending while it forks, when it blocks them). */
  pid_t w = atomic_load(&worker);
  if (w && w != gettid() && tgkill(getpid(), w, sig) == 0)
    return;
  /* a second signal (on another thread) waits for the first to end us */
  if (atomic_flag_test_and_set(&cleaning))
    for (;;)
      pause();
  clean_up();
  signal(sig, SIG_DFL);
  raise(sig); /* delivered when the handler returns (sig is blocked here) */
}

static void at_exit(void) {
  if (!atomic_flag_test_and_set(&cleaning))
    clean_up();
}

void signals_clean_up(void) {
  if (!atomic_flag_test_and_set(&cleaning))
    clean_up();
}

/* ---- Installing, forking ------------------------------------------------------------ */

static bool installed;

void signals_install(void) {
  if (installed)
    return;
  installed = true;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < NHANDLED; i++)
    sigaddset(&sa.sa_mask, handled[i]);
  for (int i = 0; i < NHANDLED; i++) {
    struct sigaction old;
    if (sigaction(handled[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
      continue;
    sigaction(handled[i], &sa, NULL);
  }
  atexit(at_exit);
}

void signals_block(sigset_t *old) {
  sigset_t set;
  sigemptyset(&set);
  for (int i = 0; i < NHANDLED; i++)
    sigaddset(&set, handled[i]);
  pthread_sigmask(SIG_BLOCK, &set, old);
}

void signals_unblock(const sigset_t *old) { pthread_sigmask(SIG_SETMASK, old, NULL); }

void signals_in_child(const sigset_t *old) {
  for (int i = 0; i < NHANDLED; i++) {
    struct sigaction cur;
    if (sigaction(handled[i], NULL, &cur) == 0 && cur.sa_handler == on_signal)
      signal(handled[i], SIG_DFL);
  }
  for (int i = 0; i < MAX_CHILDREN; i++)
    atomic_store(&children[i].pid, 0);
  for (int i = 0; i < MAX_PATHS; i++)
    atomic_store(&paths[i].state, PATH_FREE);
  atomic_store(&worker, 0);
  atomic_flag_clear(&cleaning);
  installed = false;
  signals_unblock(old);
}
