/*
 * replay_main.c -- runs the fuzz target (fuzz_translate.c) on the files
 * given, without libFuzzer: the inputs of tests/fuzz/regressions/ replayed
 * in every build (tests/e2e/fuzz_regressions.sh), and any input by hand.
 *
 *   fuzz_replay FILE...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned char *slurp(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, n = 0;
  unsigned char *buf = malloc(cap);
  for (size_t k; buf && (k = fread(buf + n, 1, cap - n, f)) > 0;) {
    n += k;
    if (n == cap)
      buf = realloc(buf, cap *= 2);
  }
  fclose(f);
  *size = n;
  return buf;
}

int main(int argc, char **argv) {
  LLVMFuzzerInitialize(&argc, &argv);
  for (int i = 1; i < argc; i++) {
    size_t size;
    unsigned char *data = slurp(argv[i], &size);
    if (!data) {
      perror(argv[i]);
      return 2;
    }
    LLVMFuzzerTestOneInput(data, size);
    free(data);
  }
  printf("fuzz_replay: %d inputs\n", argc - 1);
  return 0;
}
