/* SHA-256 (base/sha256.c), the input_file_hashes of witnesses: the FIPS
 * 180-4 test vectors, the padding at the block boundaries, and a file. */
#include "helpers.h"

#include "sha256.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *hex_of(const char *s, size_t n) {
  static char hex[65];
  sha256_hex(s, n, hex);
  return hex;
}

static void vectors(void **state) {
  (void)state;
  assert_string_equal(hex_of("", 0),
                      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assert_string_equal(hex_of("abc", 3),
                      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"; /* 56 bytes */
  assert_string_equal(hex_of(two, strlen(two)),
                      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

/* One million 'a's: many blocks. */
static void million(void **state) {
  (void)state;
  char *a = malloc(1000000);
  memset(a, 'a', 1000000);
  assert_string_equal(hex_of(a, 1000000),
                      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  free(a);
}

/* Lengths around the block size give the padding's two cases. */
static void boundaries(void **state) {
  (void)state;
  char buf[130];
  memset(buf, 'x', sizeof buf);
  /* each length differs from its neighbours (no two equal hashes) */
  char prev[65] = "";
  for (size_t n = 50; n <= 130; n++) {
    char hex[65];
    sha256_hex(buf, n, hex);
    assert_int_equal(strlen(hex), 64);
    assert_string_not_equal(hex, prev);
    strcpy(prev, hex);
  }
  /* 55, 56 and 64 bytes of 'a' (padding in one or two blocks) */
  memset(buf, 'a', sizeof buf);
  assert_string_equal(hex_of(buf, 55),
                      "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  assert_string_equal(hex_of(buf, 56),
                      "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  assert_string_equal(hex_of(buf, 64),
                      "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

static void file(void **state) {
  (void)state;
  char path[] = "/tmp/a2s-sha256-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  fputs("abc", f);
  fclose(f);
  assert_string_equal(sha256_file(path),
                      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  unlink(path);
  assert_null(sha256_file(path));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(vectors),
      cmocka_unit_test(million),
      cmocka_unit_test(boundaries),
      cmocka_unit_test_teardown(file, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
