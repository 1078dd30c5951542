/*
 * strmap.c -- string hash map with open addressing (see strmap.h).
 */
#include "strmap.h"

#include <string.h>

typedef struct Slot {
  const char *key;     /* NULL: free */
  long value;
} Slot;

struct StrMap {
  Slot *slots;
  unsigned cap, len;   /* cap is a power of two, at least twice len */
};

StrMap *strmap_new(void) {
  StrMap *m = xalloc(sizeof *m);
  m->cap = 16;
  m->slots = xalloc(sizeof *m->slots * m->cap);
  return m;
}

static unsigned hash(const char *s) {
  unsigned h = 2166136261u; /* FNV-1a */
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static Slot *find(Slot *slots, unsigned cap, const char *key) {
  unsigned i = hash(key) & (cap - 1);
  while (slots[i].key && strcmp(slots[i].key, key))
    i = (i + 1) & (cap - 1);
  return &slots[i];
}

static void grow(StrMap *m) {
  unsigned cap = m->cap * 2;
  Slot *slots = xalloc(sizeof *slots * cap);
  for (unsigned i = 0; i < m->cap; i++)
    if (m->slots[i].key)
      *find(slots, cap, m->slots[i].key) = m->slots[i];
  m->slots = slots; /* the old slots stay in the arena until it is freed */
  m->cap = cap;
}

long *strmap_at(StrMap *m, const char *key, bool create) {
  Slot *s = find(m->slots, m->cap, key);
  if (s->key)
    return &s->value;
  if (!create)
    return NULL;
  if (2 * (m->len + 1) > m->cap) {
    grow(m);
    s = find(m->slots, m->cap, key);
  }
  s->key = key;
  s->value = 0;
  m->len++;
  return &s->value;
}

int strmap_len(const StrMap *m) { return (int)m->len; }
