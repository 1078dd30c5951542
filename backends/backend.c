/*
 * backend.c -- the back-ends by name (see backend.h).
 */
#include "backend.h"

#include <string.h>

static const Backend *const all[] = {
    &backend_spacer,     &backend_spacer_node, &backend_polyhedra,
    &backend_cpachecker, &backend_flata,       &backend_interproc,
};

const Backend *find_backend(const char *name) {
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    if (!strcmp(all[i]->name, name))
      return all[i];
  return NULL;
}
