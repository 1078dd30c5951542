/*
 * sha256.h -- SHA-256 (FIPS 180-4) of a file, as lower-case hex: the
 * input_file_hashes of SV-COMP witnesses.
 */
#ifndef A2S_SHA256_H
#define A2S_SHA256_H

#include "base.h"

/* SHA-256 of len bytes at data into hex (64 digits and a NUL). */
void sha256_hex(const void *data, size_t len, char hex[65]);
/* SHA-256 of the file at path (an arena string), or NULL when it cannot be
 * read (errno says why). */
char *sha256_file(const char *path);

#endif
