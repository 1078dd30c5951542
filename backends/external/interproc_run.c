/*
 * interproc_run.c -- the Interproc back-end: Interproc (B. Jeannet, APRON
 * domains) on the SPL program that interproc_write.c makes of the scalar
 * program, run as `interproc -domain D -display text prog.spl`;
 * interproc_read.c reads the invariants it prints.
 */
#include "external.h"

#include <string.h>

static const char *const tool_names[] = {"interproc", NULL};

/* The interproc executable: found as given, or in a directory (its bin/). */
static const char *executable(const BackendOptions *o, char *why, size_t size) {
  char path[4096];
  if (!ext_locate(o, "INTERPROC", tool_names, "Interproc", path, sizeof path, why, size))
    return NULL;
  if (!file_is_dir(path))
    return xstrdup(path);
  char *exe = file_in_dir(path, "interproc", true);
  if (!exe)
    exe = file_in_dir(path, "bin/interproc", true);
  if (!exe)
    format_cut(why, size, "Interproc not found: no interproc executable in %s", path);
  return exe;
}

static bool available(const BackendOptions *o, char *why, size_t size) {
  return executable(o, why, size) != NULL;
}

static const char *const domains[] = {"box", "octagon", "polka", "polkastrict", "polkaeq",
                                      "ppl", "pplstrict", "pplgrid", "polkagrid", "boxpolicy",
                                      "taylor1plus", NULL};

/* Other names of domains. */
static const struct {
  const char *name, *domain;
} aliases[] = {
    {"polyhedra", "polka"}, {"boxes", "box"}, {"intervals", "box"}, {"octagons", "octagon"}};

/* --config: a domain and/or "bool", comma-separated (default polka). */
static bool read_config(const char *config, const char **domain, bool *bools, const char **why) {
  *domain = "polka";
  *bools = false;
  if (!config || !*config)
    return true;
  char *c = xstrdup(config);
  for (char *tok = strtok(c, ","); tok; tok = strtok(NULL, ",")) {
    if (!strcmp(tok, "bool")) {
      *bools = true;
      continue;
    }
    const char *d = tok;
    for (size_t i = 0; i < sizeof aliases / sizeof *aliases; i++)
      if (!strcmp(tok, aliases[i].name))
        d = aliases[i].domain;
    bool known = d != tok;
    for (int i = 0; domains[i] && !known; i++)
      known = !strcmp(domains[i], tok);
    if (!known) {
      *why = xformat("unknown Interproc configuration '%s' (expected a domain: box, octagon, "
                     "polka, ppl, ...; and/or bool)",
                     tok);
      return false;
    }
    *domain = d;
  }
  return true;
}

static Answer run(Program *p, const BackendOptions *o, bool want_invariants) {
  char why[512];
  const char *exe = executable(o, why, sizeof why);
  if (!exe)
    return ext_unknown(xstrdup(why));
  const char *domain, *bad = NULL;
  bool bools;
  if (!read_config(o->config, &domain, &bools, &bad))
    return ext_unknown(bad);
  int before = error_count();
  SplText *spl = interproc_write(p, bools);
  if (!spl || error_count() != before)
    return ext_unknown("the program cannot be written in SPL");
  char *dir = tmpdir_make("interproc", why, sizeof why);
  if (!dir)
    return ext_unknown(xstrdup(why));
  Answer a = {0};
  char *file = xformat("%s/program.spl", dir);
  if (!file_write(file, spl->text)) {
    tmpdir_remove(dir);
    return ext_unknown(xformat("cannot write %s", file));
  }
  const char *argv[] = {exe, "-domain", domain, "-display", "text", file, NULL};
  ProcResult r;
  const char *fail = ext_run(dir, argv, o->timeout, o->memory_mb, o->verbose, &r);
  tmpdir_remove(dir);
  a.seconds = r.seconds;
  if (fail) {
    a.reason = fail;
  } else if (r.status != 0) {
    char *line = ext_line_with(r.err, "Fatal error");
    if (!line)
      line = ext_line_with(r.out, "Fatal error");
    a.reason = xformat("Interproc failed (exit status %d): %s", r.status,
                       line ? line : "no message");
  } else {
    SplAnnotations ann = {0};
    const char *bad_output = NULL;
    if (interproc_read_output(r.out, &ann, &bad_output))
      interproc_answer(spl, &ann, want_invariants, &a);
    else
      a.reason = bad_output;
  }
  proc_free(&r);
  return a;
}

static Answer verify(Program *p, const BackendOptions *o) { return run(p, o, o->want_invariants); }

static Answer invariants(Program *p, const BackendOptions *o) { return run(p, o, true); }

static bool emit(FILE *out, Program *p) {
  SplText *spl = interproc_write(p, false);
  if (!spl)
    return false;
  return fputs(spl->text, out) >= 0;
}

const Backend backend_interproc = {"interproc", available, verify, invariants, emit};
