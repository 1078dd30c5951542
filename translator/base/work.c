/*
 * work.c -- the work meter and its scopes (work.h).
 */
#include "work.h"
#include "base.h"

#include <stdio.h>

static Work charged;
static Work limit = WORK_UNLIMITED;

void work_charge(Work w) {
  if (w > 0)
    charged += w;
}

Work work_spent(void) { return charged; }

WorkScope work_begin(Work w) {
  WorkScope s = {limit, work_spent()};
  Work end = s.start + (w > 0 ? w : 0);
  if (end < limit)
    limit = end;
  return s;
}

Work work_end(WorkScope s) {
  limit = s.limit;
  return work_spent() - s.start;
}

Work work_left(void) {
  if (limit >= WORK_UNLIMITED)
    return WORK_UNLIMITED;
  Work l = limit - work_spent();
  return l > 0 ? l : 0;
}

bool work_exhausted(void) { return work_left() <= 0; }

double work_seconds(Work w) { return (double)w / WORK_RATE; }

void work_vsay(double start, Work from, const char *fmt, va_list ap) {
  fprintf(stderr, "arr2scalar: [%5.2f s, work %6.2f] ", clock_now() - start,
          work_seconds(work_spent() - from));
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
}
