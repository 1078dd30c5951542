/*
 * fuzz_translate.c -- libFuzzer target: the translation of one C file.
 *
 * Each input is a C source file. It goes through what `arr2scalar` does
 * before any analysis: the front end (libclang and the preprocessed twin),
 * normalization, the cell abstraction (automatic cells, with observers, with
 * the automatic focus), the coverage check, and every writer of the
 * translation: scalar C, the cell map (JSON), the Horn clauses over the cells
 * and over SMT arrays, NTS (Flata) and SPL (Interproc); then a short run of
 * the original and the scalar program in the interpreter. Inputs that clang
 * or the translator reject are fine: the translator must then report and
 * return cleanly. What libFuzzer finds is a crash, a sanitizer report, a leak
 * or a hang of our code.
 *
 * The front end reads a file, so the input is written to a private
 * temporary file first; the work runs on the deep stack of stack_run, as in
 * the command; the arena and the Z3 context are released after each input.
 * Built by -DA2S_FUZZ=ON with clang-14 (tests/fuzz/CMakeLists.txt); run by
 * tests/fuzz/run.sh.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"
#include "emit.h"
#include "frontend.h"
#include "interp.h"
#include "smt.h"
#include "stack.h"
#include "transform.h"

static char input_path[64]; /* the temporary file of the inputs */
static FILE *sink;          /* /dev/null: the writers' output */

/* Zero for every input, zero contents: runs are deterministic. */
static long long zero_nondet(Oracle *o, Var *dst, Type *t) {
  (void)o, (void)dst, (void)t;
  return 0;
}

static long long zero_array(Oracle *o, Var *a, long long flat, Type *t) {
  (void)o, (void)a, (void)flat, (void)t;
  return 0;
}

static void run_briefly(Program *p) {
  Oracle o = {.nondet = zero_nondet, .array_init = zero_array};
  run_program(p, &o, 10000);
}

/* Every writer of `arr2scalar --emit=...` on the cells abs. */
static void write_all(Program *abs) {
  emit_c(sink, abs);
  emit_cellmap_json(sink, abs);
  backend_spacer.emit(sink, abs);
  backend_flata.emit(sink, abs);
  backend_interproc.emit(sink, abs);
}

/* The cells with other options; errors there are the input's. */
static void abstract_with(Program *orig, CellOptions *co) {
  Program *abs = abstract_cells(orig, co);
  if (abs && !error_count()) {
    uncovered_assertions(orig, abs, co, true);
    emit_c(sink, abs);
    backend_spacer.emit(sink, abs);
  }
}

static int translate(void *arg) {
  (void)arg;
  Program *p = parse_program(input_path, 0, NULL, NULL);
  if (!p)
    return 0;
  Program *orig = normalize_program(p);
  if (!orig || error_count())
    return 0;
  CellOptions co = {0};
  Program *abs = abstract_cells(orig, &co);
  if (!abs || error_count())
    return 0;
  uncovered_assertions(orig, abs, &co, true);
  write_all(abs);
  backend_spacer.emit(sink, orig); /* --emit=chc --no-cells */
  const char *focus = auto_focus(orig, abs);
  run_briefly(orig);
  run_briefly(abs);
  CellOptions with_observers = {.observers = true};
  abstract_with(orig, &with_observers);
  if (focus) {
    CellOptions focused = {.focus = focus};
    abstract_with(orig, &focused);
  }
  return 0;
}

static void remove_input(void) { unlink(input_path); }

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  /* as the command: libclang on the calling thread, no crash recovery of
   * its own (a crash must reach the sanitizer) */
  setenv("LIBCLANG_NOTHREADS", "1", 1);
  setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
  const char *tmp = getenv("TMPDIR");
  snprintf(input_path, sizeof input_path, "%s/a2s-fuzz-XXXXXX.c",
           tmp && strlen(tmp) < 40 ? tmp : "/tmp");
  int fd = mkstemps(input_path, 2);
  if (fd < 0) {
    perror("fuzz_translate: temporary file");
    abort();
  }
  close(fd);
  atexit(remove_input);
  sink = fopen("/dev/null", "w");
  if (!sink)
    abort();
  diag_capture(true);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *f = fopen(input_path, "wb");
  if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
    abort();
  stack_run(translate, NULL, 512, input_path);
  error_reset();
  smt_reset();
  arena_free_all();
  return 0;
}
