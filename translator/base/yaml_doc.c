/*
 * yaml_doc.c -- YAML documents with libyaml (see yaml_doc.h). libyaml's
 * loader builds the document; it is copied into the arena so that callers
 * keep no libyaml state and free nothing.
 */
#include "yaml_doc.h"

#include <string.h>
#include <yaml.h>

/* Deeper nesting is refused: the copy recurses (libyaml itself does not). */
enum { MAX_DEPTH = 1000 };

typedef struct Copy {
  yaml_document_t *doc;
  YdocNode **made; /* by libyaml's node index - 1: aliases share a node */
  const char *why;
} Copy;

static YdocNode *copy_node(Copy *c, int index, int depth);

static bool copy_list(Copy *c, yaml_node_t *n, YdocNode *y, int depth) {
  for (yaml_node_item_t *i = n->data.sequence.items.start; i < n->data.sequence.items.top; i++) {
    YdocNode *item = copy_node(c, *i, depth + 1);
    if (!item)
      return false;
    y->items[y->len++] = item;
  }
  return true;
}

static bool copy_map(Copy *c, yaml_node_t *n, YdocNode *y, int depth) {
  for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t *k = yaml_document_get_node(c->doc, p->key);
    if (k->type != YAML_SCALAR_NODE) {
      c->why = xformat("line %zu, column %zu: a key that is not a scalar", k->start_mark.line + 1,
                       k->start_mark.column + 1);
      return false;
    }
    const char *key = xstrndup((const char *)k->data.scalar.value, k->data.scalar.length);
    if (ydoc_get(y, key)) {
      c->why = xformat("line %zu, column %zu: key '%s' given twice", k->start_mark.line + 1,
                       k->start_mark.column + 1, key);
      return false;
    }
    YdocNode *value = copy_node(c, p->value, depth + 1);
    if (!value)
      return false;
    y->keys[y->len] = key;
    y->items[y->len++] = value;
  }
  return true;
}

static YdocNode *copy_node(Copy *c, int index, int depth) {
  if (c->made[index - 1])
    return c->made[index - 1];
  yaml_node_t *n = yaml_document_get_node(c->doc, index);
  if (depth > MAX_DEPTH) {
    c->why = xformat("line %zu, column %zu: nested deeper than %d levels", n->start_mark.line + 1,
                     n->start_mark.column + 1, MAX_DEPTH);
    return NULL;
  }
  YdocNode *y = xalloc(sizeof *y);
  c->made[index - 1] = y; /* before the children: an alias may point back here */
  y->line = (int)n->start_mark.line + 1;
  switch (n->type) {
  case YAML_SEQUENCE_NODE:
    y->kind = YDOC_LIST;
    y->items = xalloc(sizeof *y->items *
                      (size_t)(n->data.sequence.items.top - n->data.sequence.items.start));
    return copy_list(c, n, y, depth) ? y : NULL;
  case YAML_MAPPING_NODE:
    y->kind = YDOC_MAP;
    y->items = xalloc(sizeof *y->items *
                      (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start));
    y->keys = xalloc(sizeof *y->keys *
                     (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start));
    return copy_map(c, n, y, depth) ? y : NULL;
  default:
    y->kind = YDOC_SCALAR;
    y->text = xstrndup((const char *)n->data.scalar.value, n->data.scalar.length);
    return y;
  }
}

/* libyaml's problem, where it is, and what it was reading. */
static const char *problem(const yaml_parser_t *p) {
  if (!p->problem)
    return "libyaml failed (out of memory?)";
  const char *where = xformat("line %zu, column %zu: %s", p->problem_mark.line + 1,
                              p->problem_mark.column + 1, p->problem);
  if (!p->context)
    return where;
  return xformat("%s (%s at line %zu)", where, p->context, p->context_mark.line + 1);
}

bool ydoc_read(const char *text, YdocNode **root, const char **why) {
  *root = NULL;
  *why = NULL;
  yaml_parser_t parser;
  yaml_document_t doc;
  if (!yaml_parser_initialize(&parser)) {
    *why = "libyaml failed (out of memory?)";
    return false;
  }
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, strlen(text));
  bool ok = yaml_parser_load(&parser, &doc);
  if (!ok) {
    *why = problem(&parser);
    yaml_parser_delete(&parser);
    return false;
  }
  if (yaml_document_get_root_node(&doc)) {
    Copy c = {&doc, NULL, NULL};
    c.made = xalloc(sizeof *c.made * (size_t)(doc.nodes.top - doc.nodes.start));
    *root = copy_node(&c, 1, 0);
    *why = c.why;
    ok = *root != NULL;
  }
  yaml_document_delete(&doc);
  yaml_parser_delete(&parser);
  return ok;
}

YdocNode *ydoc_get(const YdocNode *map, const char *key) {
  if (!map || map->kind != YDOC_MAP)
    return NULL;
  for (int i = 0; i < map->len; i++)
    if (!strcmp(map->keys[i], key))
      return map->items[i];
  return NULL;
}

const char *ydoc_text(const YdocNode *n) { return n && n->kind == YDOC_SCALAR ? n->text : NULL; }

const char *ydoc_get_text(const YdocNode *map, const char *key) {
  return ydoc_text(ydoc_get(map, key));
}
