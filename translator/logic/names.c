/*
 * names.c -- names of formula constants with a role (see names.h).
 */
#include "names.h"

#include <string.h>

#include "base.h"

static const char *const suffix[] = {
    [NAME_NOW] = "", [NAME_IN] = "__in", [NAME_AFTER] = "'",
    [NAME_ENTRY_CONTENTS] = "@entry", [NAME_CLAUSE_IN] = "!in",
};

const char *name_with(const char *base, NameRole r) {
  return r == NAME_NOW ? base : xformat("%s%s", base, suffix[r]);
}

NameRole name_role(const char *name, const char **base) {
  size_t n = strlen(name);
  for (int r = NAME_IN; r <= NAME_CLAUSE_IN; r++) {
    size_t k = strlen(suffix[r]);
    if (n > k && !strcmp(name + n - k, suffix[r])) {
      if (base)
        *base = xstrndup(name, n - k);
      return (NameRole)r;
    }
  }
  if (base)
    *base = name;
  return NAME_NOW;
}

const char *name_fresh(const char *base, int n) { return xformat("%s!%d", base, n); }

const char *name_pred_arg(int i) { return xformat("a%d", i); }

const char *name_own(const char *what) { return xformat("%s!", what); }

#define DROPPED "\x01" "drop"

const char *name_dropped(const char *name) { return xformat(DROPPED "%s", name); }

bool name_is_dropped(const char *name) { return !strncmp(name, DROPPED, strlen(DROPPED)); }
