/*
 * version.c -- what --version and the witnesses' producer say: the version
 * of CMakeLists.txt and the commit, baked in at build time
 * (cmake/commit.cmake writes commit.h).
 */
#include "driver.h"

#include "commit.h" /* A2S_COMMIT */

const char *arr2scalar_version(void) { return A2S_VERSION " (commit " A2S_COMMIT ")"; }
