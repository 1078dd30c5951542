/*
 * emit_json.c -- the cell map as JSON, so that another tool can lift the
 * invariants of the scalar program back to the arrays itself.
 */
#include "emit.h"

#include <jansson.h>

static json_t *cell_json(const ArrayCells *ac, const Cell *c) {
  json_t *idx = json_array();
  for (int d = 0; d < ac->ndims; d++)
    json_array_append_new(idx, json_string(c->index[d]->name));
  return json_pack("{s:o, s:s, s:s}", "index", idx, "value", c->value->name, "kind",
                   c->initial ? "initial" : "current");
}

static json_t *array_json(const ArrayCells *ac) {
  json_t *dims = json_array();
  for (int d = 0; d < ac->ndims; d++)
    json_array_append_new(dims, ac->dims[d] ? json_string(expr_to_c(ac->dims[d])) : json_null());
  json_t *cells = json_array();
  for (int j = 0; j < ac->cells.len; j++)
    json_array_append_new(cells, cell_json(ac, &ac->cells.data[j]));
  json_t *a = json_pack("{s:s, s:o, s:o, s:s, s:o, s:b}", "array", ac->array->name, "function",
                        ac->owner ? json_string(ac->owner->name) : json_null(), "dimensions",
                        dims, "element_type", ac->elem->cname, "cells", cells, "ordered",
                        ac->ordered);
  json_object_set_new(a, "declared_at",
                      json_pack("{s:s, s:i, s:i}", "file", ac->array->loc.file ? ac->array->loc.file : "",
                                "line", ac->array->loc.line, "column", ac->array->loc.col));
  if (ac->constraint)
    json_object_set_new(a, "index_constraint", json_string(expr_to_c(ac->constraint)));
  json_object_set_new(a, "passed_by_caller", json_boolean(ac->nshared > 0));
  return a;
}

bool emit_cellmap_json(FILE *out, Program *p) {
  json_t *arrays = json_array();
  for (int i = 0; i < p->arrays.len; i++)
    json_array_append_new(arrays, array_json(p->arrays.data[i]));
  json_t *obs = json_array();
  for (int i = 0; i < p->observers.len; i++)
    json_array_append_new(obs, json_string(p->observers.data[i]->name));
  json_t *root = json_pack("{s:s, s:i, s:s, s:s, s:o, s:o, s:o}", "format", "arr2scalar-cellmap-1",
                           "format_version", 1,
                           "source", p->file, "integers", "signed mathematical, unsigned modular",
                           "arrays", arrays,
                           "focus", p->focus ? json_string(expr_to_c(p->focus)) : json_null(),
                           "observers", obs);
  int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  fputc('\n', out);
  json_decref(root);
  return rc == 0;
}
