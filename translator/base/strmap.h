/*
 * strmap.h -- a hash map from strings to integers, in the arena: sets of
 * names (is this name taken?) and counters per name.
 */
#ifndef A2S_STRMAP_H
#define A2S_STRMAP_H

#include "base.h"

typedef struct StrMap StrMap;

StrMap *strmap_new(void);
/* The value stored under key, or NULL when there is none and !create; with
 * create, a new key gets the value 0 (the key is not copied: it must live
 * as long as the map). */
long *strmap_at(StrMap *m, const char *key, bool create);
/* Number of keys. */
int strmap_len(const StrMap *m);

#endif /* A2S_STRMAP_H */
