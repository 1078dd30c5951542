/* The command's time limit is enforced (translator/base/deadline.c): a
 * phase that never returns is ended by the watchdog at the deadline plus
 * its grace, with the last words naming the phase, or silently with the
 * answer's code once the answer is out. Each case runs in a child process
 * (the watchdog ends the process it watches). */
#include "helpers.h"

#include "deadline.h"
#include "proc.h"

#include <string.h>
#include <unistd.h>

static void words(int fd, const char *phase) {
  char buf[128];
  int n = snprintf(buf, sizeof buf, "verdict: unknown\nreason: stuck in %s\n", phase);
  if (write(fd, buf, (size_t)n) < 0)
    return;
}

/* A phase that never ends. */
static void stuck(void *arg, FILE *out) {
  (void)out;
  bool answered = arg != NULL;
  deadline_watch(clock_now() + 0.2, 0.2, words, EXIT_UNKNOWN);
  deadline_phase("a phase that never returns");
  if (answered)
    deadline_answered(EXIT_TRUE);
  for (;;)
    pause();
}

static void ends_a_stuck_phase(void **state) {
  (void)state;
  ProcSpec s = {.fn = stuck, .timeout = 10};
  ProcResult r;
  double t0 = clock_now();
  assert_true(proc_run(&s, &r));
  double took = clock_now() - t0;
  assert_int_equal(r.end, PROC_EXITED);
  assert_int_equal(r.status, EXIT_UNKNOWN);
  /* the last words go to the child's standard output: our stderr (proc.h),
   * so they are checked through the code and the time here */
  assert_true(took < 3);
  proc_free(&r);
}

static void answered_run_exits_with_its_code(void **state) {
  (void)state;
  ProcSpec s = {.fn = stuck, .arg = (void *)1, .timeout = 10};
  ProcResult r;
  assert_true(proc_run(&s, &r));
  assert_int_equal(r.end, PROC_EXITED);
  assert_int_equal(r.status, EXIT_TRUE);
  proc_free(&r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(ends_a_stuck_phase),
      cmocka_unit_test(answered_run_exits_with_its_code),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
