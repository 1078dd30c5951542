/* YAML documents (base/yaml_doc.c): the tree libyaml's loader gives, walked
 * by key and index; malformed text gives a reason with its line, never a
 * crash. */
#include "helpers.h"

#include "yaml_doc.h"

#include <string.h>

static YdocNode *read_ok(const char *text) {
  YdocNode *root;
  const char *why;
  if (!ydoc_read(text, &root, &why))
    fail_msg("rejected: %s", why);
  assert_null(why);
  return root;
}

static const char *read_bad(const char *text) {
  YdocNode *root;
  const char *why;
  assert_false(ydoc_read(text, &root, &why));
  assert_null(root);
  assert_non_null(why);
  return why;
}

static void scalars_and_maps(void **state) {
  (void)state;
  YdocNode *r = read_ok("# comment\r\n"
                        "plain: it's a value # not this\r\n"
                        "single: 'it''s'\r\n"
                        "double: \"tab\\there\"\r\n"
                        "number: 42\r\n"
                        "empty:\r\n"
                        "folded: >\r\n  one\r\n  two\r\n");
  assert_int_equal(r->kind, YDOC_MAP);
  assert_int_equal(r->len, 6);
  assert_string_equal(ydoc_get_text(r, "plain"), "it's a value");
  assert_string_equal(ydoc_get_text(r, "single"), "it's");
  assert_string_equal(ydoc_get_text(r, "double"), "tab\there");
  assert_string_equal(ydoc_get_text(r, "number"), "42");
  assert_string_equal(ydoc_get_text(r, "empty"), "");
  assert_string_equal(ydoc_get_text(r, "folded"), "one two\n");
  assert_int_equal(ydoc_get(r, "number")->line, 5);
  assert_null(ydoc_get(r, "missing"));
  /* walking past the shape gives NULL, never a crash */
  assert_null(ydoc_get(ydoc_get(r, "plain"), "x"));
  assert_null(ydoc_get(NULL, "x"));
  assert_null(ydoc_text(NULL));
  assert_null(ydoc_text(r));
}

static void nested_lists(void **state) {
  (void)state;
  YdocNode *r = read_ok("- entry_type: invariant_set\n"
                        "  content:\n"
                        "    - invariant:\n"
                        "        location: {line: 7, function: main}\n"
                        "        value: \"i <= n\"\n"
                        "    - [a, [b, c], []]\n"
                        "- second\n");
  assert_int_equal(r->kind, YDOC_LIST);
  assert_int_equal(r->len, 2);
  YdocNode *content = ydoc_get(r->items[0], "content");
  assert_int_equal(content->kind, YDOC_LIST);
  assert_int_equal(content->len, 2);
  YdocNode *inv = ydoc_get(content->items[0], "invariant");
  assert_string_equal(ydoc_get_text(ydoc_get(inv, "location"), "line"), "7");
  assert_string_equal(ydoc_get_text(inv, "value"), "i <= n");
  YdocNode *flow = content->items[1];
  assert_int_equal(flow->len, 3);
  assert_string_equal(ydoc_text(flow->items[1]->items[1]), "c");
  assert_int_equal(flow->items[2]->kind, YDOC_LIST);
  assert_int_equal(flow->items[2]->len, 0);
  assert_string_equal(ydoc_text(r->items[1]), "second");
  assert_int_equal(r->items[1]->line, 7);
}

/* An alias is its anchor's node; one that points back makes a cycle. */
static void anchors_and_aliases(void **state) {
  (void)state;
  YdocNode *r = read_ok("base: &loc {file_name: task.c, line: 3}\n"
                        "again: *loc\n"
                        "list: &l [1, *l]\n");
  assert_ptr_equal(ydoc_get(r, "base"), ydoc_get(r, "again"));
  assert_string_equal(ydoc_get_text(ydoc_get(r, "again"), "line"), "3");
  YdocNode *l = ydoc_get(r, "list");
  assert_ptr_equal(l->items[1], l);
  assert_string_equal(read_bad("a: *nowhere\n"), "line 1, column 4: found undefined alias");
  assert_contains(read_bad("a: &x 1\nb: &x 2\n"), "line 2, column 4: second occurrence");
}

static void empty_documents(void **state) {
  (void)state;
  assert_null(read_ok(""));
  assert_null(read_ok("# only a comment\n\n"));
  /* the first document is read */
  assert_string_equal(ydoc_text(read_ok("--- one\n--- two\n")), "one");
}

static void malformed(void **state) {
  (void)state;
  assert_string_equal(read_bad("a: 'open\nb: c\n"),
                      "line 3, column 1: found unexpected end of stream (while scanning a quoted "
                      "scalar at line 1)");
  assert_contains(read_bad("a: b\n- c\n"), "line 2, column 1: ");
  assert_contains(read_bad("a:\n\t- b\n"), "line 2, column 1: found character that cannot start "
                                           "any token");
  assert_contains(read_bad("[a, b\n"), "line 2, column 1: ");
  assert_string_equal(read_bad("x: 1\ny: 2\nx: 3\n"), "line 3, column 1: key 'x' given twice");
  assert_string_equal(read_bad("? [a]\n: b\n"), "line 1, column 3: a key that is not a scalar");
  assert_contains(read_bad("a: \"\\q\"\n"), "line 1");
  /* deep nesting is refused before the copy runs out of stack */
  char *deep = xalloc(20001);
  memset(deep, '[', 10000);
  memset(deep + 10000, ']', 10000);
  assert_contains(read_bad(deep), "nested deeper than 1000 levels");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(scalars_and_maps, teardown_all),
      cmocka_unit_test_teardown(nested_lists, teardown_all),
      cmocka_unit_test_teardown(anchors_and_aliases, teardown_all),
      cmocka_unit_test_teardown(empty_documents, teardown_all),
      cmocka_unit_test_teardown(malformed, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
