/*
 * stack.c -- a deep stack for the command's work (see stack.h).
 *
 * The stack is mmap'd (MAP_NORESERVE: address space, not memory) with a
 * PROT_NONE guard of GUARD bytes below it. A SIGSEGV whose address lies in
 * the guard is the recursion running out of stack: the handler, on an
 * alternate signal stack (the overflowed one cannot run it), reports it and
 * exits. Any other SIGSEGV is left to the default action (a crash is a bug,
 * and must stay visible as one). Sanitizer builds keep their own handlers.
 */
#include "stack.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* GCC says __SANITIZE_ADDRESS__; clang says __has_feature(address_sanitizer)
 * (the fuzzing build). Our handler would take a crash away from ASan. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define A2S_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(A2S_ASAN)
#define A2S_OWN_SEGV_HANDLER 0
#else
#define A2S_OWN_SEGV_HANDLER 1
#endif

/* Below the stack: frames of up to this size land in it, not past it. */
#define GUARD (1u << 20)

static char *guard_lo, *guard_hi;
static const char *overflow_what;

typedef struct Job {
  int (*fn)(void *);
  void *arg;
  int result;
} Job;

#if A2S_OWN_SEGV_HANDLER
static void write_str(const char *s) {
  size_t n = strlen(s);
  while (n) {
    ssize_t k = write(STDERR_FILENO, s, n);
    if (k <= 0)
      return;
    s += k, n -= (size_t)k;
  }
}

static void on_segv(int sig, siginfo_t *si, void *ctx) {
  (void)ctx;
  char *addr = si->si_addr;
  if (addr >= guard_lo && addr < guard_hi) {
    write_str(overflow_what ? overflow_what : "arr2scalar");
    write_str(": error: the program is nested too deeply to translate (an expression or "
              "statement deeper than the translator's stack allows)\n");
    _exit(EXIT_USAGE);
  }
  /* not ours: the default action, as if no handler had been there */
  signal(sig, SIG_DFL);
}
#endif

static void *thread_main(void *p) {
  Job *job = p;
#if A2S_OWN_SEGV_HANDLER
  /* the handler must run on a stack of its own: the thread's is exhausted */
  static char alt[64 * 1024];
  stack_t ss = {.ss_sp = alt, .ss_size = sizeof alt};
  sigaltstack(&ss, NULL);
#endif
  job->result = job->fn(job->arg);
  return NULL;
}

int stack_run(int (*fn)(void *), void *arg, size_t stack_mb, const char *what) {
  Job job = {fn, arg, 0};
  size_t size = stack_mb << 20;
  char *mem = mmap(NULL, size + GUARD, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (mem == MAP_FAILED)
    return fn(arg);
  mprotect(mem, GUARD, PROT_NONE);
  guard_lo = mem, guard_hi = mem + GUARD;
  overflow_what = what;
#if A2S_OWN_SEGV_HANDLER
  struct sigaction sa = {.sa_sigaction = on_segv, .sa_flags = SA_SIGINFO | SA_ONSTACK};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, NULL);
#endif
  pthread_attr_t attr;
  pthread_t t;
  pthread_attr_init(&attr);
  pthread_attr_setstack(&attr, mem + GUARD, size);
  bool started = pthread_create(&t, &attr, thread_main, &job) == 0;
  pthread_attr_destroy(&attr);
  if (started)
    pthread_join(t, NULL);
  else
    job.result = fn(arg);
  munmap(mem, size + GUARD);
  guard_lo = guard_hi = NULL;
  return job.result;
}
