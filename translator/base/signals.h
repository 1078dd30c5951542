/*
 * signals.h -- what happens when arr2scalar is told to stop (SIGINT,
 * SIGTERM, SIGHUP) or exits: the children still running are stopped and the
 * temporary files and directories still in use are removed, then the
 * process ends by the signal it got.
 *
 * The runner (proc.c) registers every child it starts, tmpdir_make and
 * output_open (files.c) every temporary path; each is dropped again when it
 * is done with. The handler runs on the thread that registers them (the
 * worker: a signal delivered to another thread is passed on to it), so
 * that the work stops while it cleans up; it uses only system calls (no
 * malloc, no stdio), and the registry is a set of slots published with
 * atomic stores.
 */
#ifndef A2S_SIGNALS_H
#define A2S_SIGNALS_H

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

/* Install the handlers (once, at the start of main): SIGINT, SIGTERM and
 * SIGHUP clean up and end the process by the same signal, unless the
 * signal was ignored when we started (a background job keeps ignoring
 * Ctrl-C, nohup keeps ignoring the hangup); exit() cleans up too. */
void signals_install(void);

/* A child whose process group (the child's pid) must be ended if we are:
 * SIGTERM, then SIGKILL after grace seconds. false if the registry is full
 * (the child then relies on its PR_SET_PDEATHSIG alone). */
bool signals_add_child(pid_t pid, double grace);
/* The child has ended (call before reaping it: its pid is still ours). */
void signals_drop_child(pid_t pid);

/* A temporary file (dir false) or directory (removed with everything in
 * it) that must not outlive us; false if the registry is full. */
bool signals_add_path(const char *path, bool dir);
void signals_drop_path(const char *path);

/* Stop the registered children and remove the registered paths now (once:
 * later calls, and the exit handler, do nothing). Async-signal-safe, for
 * the watchdog of deadline.h. */
void signals_clean_up(void);

/* Around fork(): block the three signals, so that a child is registered
 * before the handler can run, and the child can reset them first. */
void signals_block(sigset_t *old);
void signals_unblock(const sigset_t *old);
/* In a forked child, before anything else: default dispositions, an empty
 * registry (the parent's children and files are not the child's to clean
 * up), then the signal mask of before signals_block. */
void signals_in_child(const sigset_t *old);

#endif /* A2S_SIGNALS_H */
