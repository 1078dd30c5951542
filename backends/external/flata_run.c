/*
 * flata_run.c -- the Flata back-end: Flata (F. Konecny et al.) on the
 * numerical transition system that flata_write.c makes of the scalar
 * program; flata_read.c reads its verdict and the input/output relation of
 * main.
 *
 * Running: `java [-Xmx<M>m] -cp flata.jar:nts.jar:antlr.jar
 * verimag.flata.Main -t-fullincl -t-merge-prec -acc-outgoing [CONFIG]
 * program.nts` (the options of Flata's flata-reachability.sh; --config adds
 * options such as -ce-no), or a wrapper script run as `flata [CONFIG]
 * program.nts`.
 */
#include "external.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const tool_names[] = {"flata", NULL};

/* The directory with flata.jar: dir itself, dir/lib or dir/flataArchived/lib. */
static char *jar_dir(const char *dir) {
  static const char *const subdirs[] = {"", "/lib", "/flataArchived/lib", NULL};
  for (int i = 0; subdirs[i]; i++) {
    char *d = xformat("%s%s", dir, subdirs[i]);
    if (file_in_dir(d, "flata.jar", false))
      return d;
  }
  return NULL;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every jar of the directory (flata.jar, nts.jar, antlr-3.3-complete.jar, ...). */
static char *classpath(const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return NULL;
  StrVec jars = {0};
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n > 4 && !strcmp(e->d_name + n - 4, ".jar"))
      vec_push(&jars, xformat("%s/%s", dir, e->d_name));
  }
  closedir(d);
  qsort(jars.data, (size_t)jars.len, sizeof *jars.data, cmp_str);
  StrBuf t = {0};
  for (int i = 0; i < jars.len; i++)
    sb_printf(&t, "%s%s", i ? ":" : "", jars.data[i]);
  return xstrdup(sb_str(&t));
}

typedef struct Command {
  const char *exe;     /* a wrapper script, or NULL: java with the jars */
  const char *jars;    /* directory of the jars */
} Command;

static bool command(const BackendOptions *o, Command *c, char *why, size_t size) {
  char path[4096];
  if (!ext_locate(o, "FLATA", tool_names, "Flata", path, sizeof path, why, size))
    return false;
  memset(c, 0, sizeof *c);
  size_t n = strlen(path);
  if (file_is_dir(path) || (n > 4 && !strcmp(path + n - 4, ".jar"))) {
    char *dir = xstrdup(path);
    if (!file_is_dir(dir)) {
      char *slash = strrchr(dir, '/');
      dir = slash ? xstrndup(dir, (size_t)(slash - dir)) : xstrdup(".");
    }
    c->jars = jar_dir(dir);
    if (!c->jars) {
      format_cut(why, size, "Flata not found: no flata.jar in %s (nor in its lib/)", dir);
      return false;
    }
    char java[4096];
    if (!find_in_path("java", java, sizeof java)) {
      snprintf(why, size, "Flata needs java, which is not in PATH");
      return false;
    }
    return true;
  }
  if (access(path, X_OK) != 0) {
    format_cut(why, size, "Flata not found: %s is not executable", path);
    return false;
  }
  c->exe = xstrdup(path);
  return true;
}

static bool available(const BackendOptions *o, char *why, size_t size) {
  Command c;
  return command(o, &c, why, size);
}

static Answer run(Program *p, const BackendOptions *o, bool want_invariants) {
  char why[512];
  Command c;
  if (!command(o, &c, why, sizeof why))
    return ext_unknown(xstrdup(why));
  int before = error_count();
  NtsText *nts = flata_write(p);
  if (!nts || error_count() != before)
    return ext_unknown("the program cannot be written as a numerical transition system");
  char *dir = tmpdir_make("flata", why, sizeof why);
  if (!dir)
    return ext_unknown(xstrdup(why));
  char *file = xformat("%s/program.nts", dir);
  if (!file_write(file, nts->text)) {
    tmpdir_remove(dir);
    return ext_unknown(xformat("cannot write %s", file));
  }
  StrVec argv = {0};
  if (c.exe) {
    vec_push(&argv, c.exe);
  } else {
    vec_push(&argv, "java");
    if (o->memory_mb > 0)
      vec_push(&argv, xformat("-Xmx%ldm", o->memory_mb));
    vec_push(&argv, "-cp");
    vec_push(&argv, classpath(c.jars));
    vec_push(&argv, "verimag.flata.Main");
    vec_push(&argv, "-t-fullincl");
    vec_push(&argv, "-t-merge-prec");
    vec_push(&argv, "-acc-outgoing");
  }
  /* --config: more options of Flata, e.g. -ce-no (no counterexample trace) */
  if (o->config && *o->config) {
    char *c = xstrdup(o->config);
    for (char *tok = strtok(c, " ,"); tok; tok = strtok(NULL, " ,"))
      vec_push(&argv, tok);
  }
  vec_push(&argv, file);
  vec_push(&argv, NULL);
  ProcResult r;
  const char *fail = ext_run(dir, argv.data, o->timeout, 0, o->verbose, &r);
  tmpdir_remove(dir);
  Answer a = {0};
  a.seconds = r.seconds;
  if (fail) {
    a.reason = fail;
    proc_free(&r);
    return a;
  }
  char *all = xformat("%s\n%s", r.out, r.err);
  proc_free(&r);
  FlataOutput fo = flata_read_output(all);
  a.verdict = fo.verdict;
  a.reason = fo.reason;
  a.trace = fo.trace;
  if (a.verdict == VERDICT_FALSE && nts->partial) {
    a.verdict = VERDICT_UNKNOWN;
    a.reason = xformat("Flata reaches the error in %s without all that its caller assumes",
                       nts->main->func->name);
  }
  if (want_invariants && fo.relation)
    vec_push(&a.invariants, flata_invariant(nts, fo.relation));
  return a;
}

static Answer verify(Program *p, const BackendOptions *o) { return run(p, o, o->want_invariants); }

static Answer invariants(Program *p, const BackendOptions *o) { return run(p, o, true); }

static bool emit(FILE *out, Program *p) {
  NtsText *nts = flata_write(p);
  return nts && fputs(nts->text, out) >= 0;
}

const Backend backend_flata = {"flata", available, verify, invariants, emit};
