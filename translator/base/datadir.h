/*
 * datadir.h -- where arr2scalar's own files are at run time: the Node.js
 * runner of the newer Z3 with its npm package, the runtime of the scalar C
 * output.
 *
 * An installed arr2scalar (cmake --install, the .deb of cpack) finds them
 * relative to its executable: <prefix>/bin/arr2scalar reads
 * <prefix>/share/arr2scalar/, so that the installation works wherever the
 * prefix is (/usr, a moved prefix, a .deb unpacked with dpkg-deb -x) and
 * needs no source tree. A binary of the build tree, and the unit tests, have
 * no such directory beside them and use the source tree (DESIGN.md,
 * "Installation").
 */
#ifndef A2S_DATADIR_H
#define A2S_DATADIR_H

#include "base.h"

typedef enum { DATADIR_INSTALLED, DATADIR_SOURCE } DatadirKind;

/* The directory of the files: <prefix>/share/arr2scalar when it exists
 * beside the executable's directory (its real path: a symbolic link to the
 * executable still finds its installation), else the source tree. Found
 * once; a static string. kind (may be NULL) says which. */
const char *datadir_root(DatadirKind *kind);

/* The path of one file: `installed` under the installed directory, or
 * `source` under the source tree (the layouts differ: the installation
 * gathers what the source tree spreads out). Arena string; the file may be
 * missing (the caller says what is missing). */
char *datadir_file(const char *installed, const char *source);

#endif
