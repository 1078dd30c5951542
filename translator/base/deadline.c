/*
 * deadline.c -- a watchdog thread for the command's time limit (see
 * deadline.h).
 */
#include "deadline.h"

#include "signals.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

static _Atomic(const char *) phase = "start";
static atomic_int exit_code = EXIT_UNKNOWN;
static atomic_bool answered;
static atomic_bool ending;
static double watched;
static double grace_s;
static void (*words)(int fd, const char *phase);

static void *watch(void *arg) {
  (void)arg;
  struct timespec ts;
  double end = watched + grace_s;
  /* sleep on the monotonic clock until the end, whatever wakes us */
  for (;;) {
    double now = clock_now();
    if (now >= end)
      break;
    double d = end - now;
    ts.tv_sec = (time_t)d;
    ts.tv_nsec = (long)((d - (double)ts.tv_sec) * 1e9);
    nanosleep(&ts, NULL);
  }
  atomic_store(&ending, true);
  signals_clean_up();
  if (!atomic_load(&answered) && words)
    words(STDOUT_FILENO, atomic_load(&phase));
  _exit(atomic_load(&exit_code));
  return NULL;
}

void deadline_watch(double at, double grace, void (*last_words)(int fd, const char *phase),
                    int code) {
  if (watched)
    return;
  watched = at;
  grace_s = grace;
  words = last_words;
  atomic_store(&exit_code, code);
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attr, 64 * 1024);
  if (pthread_create(&t, &attr, watch, NULL) != 0)
    watched = 0;
  pthread_attr_destroy(&attr);
}

void deadline_phase(const char *p) { atomic_store(&phase, p); }

void deadline_answered(int code) {
  atomic_store(&exit_code, code);
  atomic_store(&answered, true);
}

double deadline_at(void) { return watched; }

void deadline_yield(void) {
  if (!atomic_load(&ending))
    return;
  for (;;)
    pause(); /* until the watchdog's _exit */
}
