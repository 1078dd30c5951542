/*
 * harness.c -- concrete runs of a generated program compiled by gcc (the
 * ground truth of tests/fuzz/soundness.py).
 *
 * The program is compiled with -Dmain=a2s_program_main and linked with this
 * file, which gives it the SV-COMP functions: __VERIFIER_nondet_* return
 * values from a seeded generator (or from a given list), a false
 * __VERIFIER_assume ends the run as blocked, reach_error ends it as an
 * error. Each run is a forked child, so that globals start afresh and a run
 * that loops is killed by its alarm.
 *
 *   harness RUNS SEED [LOG [LO HI]]
 *                             RUNS random runs; prints one line per run
 *                             kind (counts), and for the first LOG runs and
 *                             the first error run, "run OUTCOME v1 v2 ...":
 *                             its outcome and the values its nondet calls
 *                             returned, in order. Values come from [LO, HI]
 *                             (default -4..4: the range the program
 *                             assumes), small non-negative numbers, and
 *                             the ends of each type's range
 *   harness --values "v1 v2 ..."   one run on these values (then zeros);
 *                             prints its outcome
 *
 * Outcomes: ok (main returned), error (reach_error), blocked (an assumption
 * failed, abort), undefined (a sanitizer report: the program must be
 * compiled with -fsanitize=address,undefined; such runs prove nothing),
 * hang (more than 2 s), crash (any other end).
 */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

int a2s_program_main(void);

enum { EXIT_ERROR = 42, EXIT_BLOCKED = 43, EXIT_SANITIZER = 77 };

/* ---- Values ------------------------------------------------------------------ */

static unsigned long long state;
static int profile;
static long long small_lo = -4, small_hi = 4; /* profile 0 */
static const char *given; /* rest of --values */
static char *log_buf;     /* shared with the parent: the values of this run */
#define LOG_SIZE (1 << 16)
static size_t log_len;

static unsigned long long next(void) {
  unsigned long long z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* A value of [lo, hi], by the run's profile: bugs hide at small values and
 * at the ends of the range. */
static long long random_value(long long lo, unsigned long long hi) {
  unsigned long long x = next();
  long long v;
  switch (profile) {
  case 0:
    v = small_lo + (long long)(x % (unsigned long long)(small_hi - small_lo + 1));
    break;
  case 1:
    v = (long long)(x % 4 ? x % 12 : x % 1000);
    break;
  default:
    /* each call: mostly the assumed range (so that the other inputs'
     * assumptions can hold), else an end of the type's range or a wide value */
    switch (x % 10) {
    case 0:
      v = lo;
      break;
    case 1:
      v = (long long)hi;
      break;
    case 2:
      v = (long long)(next() % 100001) - 50000;
      break;
    default:
      v = small_lo + (long long)(next() % (unsigned long long)(small_hi - small_lo + 1));
    }
  }
  if (v < lo)
    v = lo;
  if (v >= 0 && (unsigned long long)v > hi)
    v = (long long)hi;
  return v;
}

static long long value(long long lo, unsigned long long hi, int is_unsigned) {
  long long v;
  if (given) {
    char *end;
    v = is_unsigned ? (long long)strtoull(given, &end, 10) : strtoll(given, &end, 10);
    if (end == given) {
      given = NULL;
      v = 0;
    } else {
      given = end;
    }
  } else {
    v = random_value(lo, hi);
  }
  if (log_buf && log_len + 24 < LOG_SIZE)
    log_len += (size_t)(is_unsigned ? snprintf(log_buf + log_len, 24, " %llu", (unsigned long long)v)
                                    : snprintf(log_buf + log_len, 24, " %lld", v));
  return v;
}

#define NONDET(name, type, lo, hi, u)                                                              \
  type __VERIFIER_nondet_##name(void) { return (type)value(lo, hi, u); }
NONDET(bool, _Bool, 0, 1, 0)
NONDET(char, char, -128, 127, 0)
NONDET(uchar, unsigned char, 0, 255, 1)
NONDET(short, short, -32768, 32767, 0)
NONDET(ushort, unsigned short, 0, 65535, 1)
NONDET(int, int, -2147483647 - 1, 2147483647, 0)
NONDET(uint, unsigned int, 0, 4294967295u, 1)
NONDET(long, long, -9223372036854775807LL - 1, 9223372036854775807ULL, 0)
NONDET(ulong, unsigned long, 0, 18446744073709551615ULL, 1)

void __VERIFIER_assume(int cond) {
  if (!cond)
    _exit(EXIT_BLOCKED);
}

void reach_error(void) { _exit(EXIT_ERROR); }

/* ---- Runs ---------------------------------------------------------------------- */

static const char *outcome(int status) {
  if (WIFEXITED(status)) {
    switch (WEXITSTATUS(status)) {
    case 0:
      return "ok";
    case EXIT_ERROR:
      return "error";
    case EXIT_BLOCKED:
      return "blocked";
    case EXIT_SANITIZER:
      return "undefined";
    }
    return "crash";
  }
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT)
    return "blocked";
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
    return "hang";
  return "crash";
}

static const char *run_once(unsigned long long seed) {
  log_len = 0;
  log_buf[0] = 0;
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) {
    perror("harness: fork");
    exit(2);
  }
  if (pid == 0) {
    state = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    profile = (int)(seed % 3);
    alarm(2);
    a2s_program_main();
    _exit(0);
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    ;
  return outcome(status);
}

int main(int argc, char **argv) {
  /* the child writes the values it returned where the parent reads them */
  log_buf = mmap(NULL, LOG_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (log_buf == MAP_FAILED)
    return 2;
  if (argc == 3 && !strcmp(argv[1], "--values")) {
    given = argv[2];
    printf("%s\n", run_once(0));
    return 0;
  }
  if (argc < 3) {
    fprintf(stderr, "usage: harness RUNS SEED [LOG [LO HI]] | harness --values \"v1 v2 ...\"\n");
    return 2;
  }
  long runs = atol(argv[1]), logged = argc > 3 ? atol(argv[3]) : 0;
  if (argc > 5 && atoll(argv[4]) <= atoll(argv[5]))
    small_lo = atoll(argv[4]), small_hi = atoll(argv[5]);
  unsigned long long seed = strtoull(argv[2], NULL, 10);
  const char *kinds[] = {"ok", "error", "blocked", "undefined", "hang", "crash"};
  long counts[6] = {0};
  bool error_logged = false;
  for (long i = 0; i < runs; i++) {
    const char *o = run_once(seed * 1000003ULL + (unsigned long long)i);
    for (int k = 0; k < 6; k++)
      counts[k] += !strcmp(o, kinds[k]);
    bool is_error = !strcmp(o, "error");
    if (i < logged || (is_error && !error_logged)) {
      printf("run %s%s\n", o, log_buf);
      error_logged |= is_error;
    }
  }
  for (int k = 0; k < 6; k++)
    printf("%s %ld\n", kinds[k], counts[k]);
  return 0;
}
