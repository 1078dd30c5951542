/*
 * verify_report.h -- the reports of `arr2scalar verify` (verify_report.c),
 * printed from a search's result (search_api.h): nothing here decides.
 */
#ifndef A2S_VERIFY_REPORT_H
#define A2S_VERIFY_REPORT_H

#include "driver.h"
#include "search_api.h"

/* What a report needs besides the result. */
typedef struct VerifyReport {
  const Options *o;
  double start;            /* when verify began (clock_now) */
  Work budget;             /* the search's work budget */
  bool show_invariants;    /* --invariants */
} VerifyReport;

/* "true", "false", "unknown". */
const char *verdict_name(Verdict v);
/* The exit code of a verdict (base.h). */
int verdict_exit_code(Verdict v);
/* --format=json? */
bool report_as_json(const Options *o);
/* The search's answered hook (arg: a VerifyReport): `verdict:`, `time:`,
 * `work:`, and what decided it, flushed -- or SV-COMP's word; nothing for
 * JSON, which comes whole at the end. */
void report_verdict(const SearchResult *res, void *arg);
/* After the search: the invariants of a proof (--invariants), or the JSON
 * object. */
void report_result(const VerifyReport *v, const SearchResult *res);

#endif /* A2S_VERIFY_REPORT_H */
