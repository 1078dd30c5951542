/*
 * yaml_doc.h -- YAML documents read with libyaml into a small tree in the
 * arena: scalars, lists and maps, walked by key and index.
 */
#ifndef A2S_YAML_DOC_H
#define A2S_YAML_DOC_H

#include "base.h"

typedef enum { YDOC_SCALAR, YDOC_LIST, YDOC_MAP } YdocKind;

typedef struct YdocNode YdocNode;
struct YdocNode {
  YdocKind kind;
  int line;             /* 1-based line where the node starts */
  const char *text;     /* SCALAR: the value, quotes and escapes resolved */
  int len;              /* LIST: items; MAP: pairs */
  YdocNode **items;     /* LIST: the items; MAP: the value of keys[i] */
  const char **keys;    /* MAP: the keys (scalars) */
};

/* Read the first document of text. Returns false with *why = "line L,
 * column C: problem" when libyaml finds it malformed, or when a map has a
 * key that is not a scalar or a key twice. *root is NULL for a text without
 * a document (empty, only comments). Aliases share the node of their
 * anchor (the tree may be a graph, even a cyclic one). */
bool ydoc_read(const char *text, YdocNode **root, const char **why);

/* The value of key in map, or NULL (also when map is NULL or not a map). */
YdocNode *ydoc_get(const YdocNode *map, const char *key);
/* The text of n if it is a scalar, else NULL (also for NULL). */
const char *ydoc_text(const YdocNode *n);
/* The text of the scalar at key in map, or NULL. */
const char *ydoc_get_text(const YdocNode *map, const char *key);

#endif /* A2S_YAML_DOC_H */
