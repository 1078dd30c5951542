/*
 * proc.c -- run an external program with a time limit and capture its output.
 *
 * Used by the front end (clang -E) and by every external back-end. No shell
 * is involved: arguments are passed as they are.
 */
#include "proc.h"

#include "base.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void append(char **buf, size_t *len, const char *data, size_t n) {
  char *b = realloc(*buf, *len + n + 1);
  if (!b)
    return;
  memcpy(b + *len, data, n);
  *len += n;
  b[*len] = 0;
  *buf = b;
}

bool proc_run(const char *const *argv, const char *input, double timeout, ProcResult *r) {
  memset(r, 0, sizeof *r);
  r->status = -1;
  int in[2], out[2], err[2];
  if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC))
    return false;
  double start = clock_now();
  pid_t pid = fork();
  if (pid < 0)
    return false;
  if (pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    setpgid(0, 0); /* so that a timeout kills the whole process group */
    execvp(argv[0], (char *const *)argv);
    fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid);
  close(in[0]);
  close(out[1]);
  close(err[1]);
  /* Feed stdin without blocking on a full pipe. */
  size_t in_len = input ? strlen(input) : 0, in_off = 0;
  fcntl(in[1], F_SETFL, O_NONBLOCK);
  if (!in_len) {
    close(in[1]);
    in[1] = -1;
  }
  int open_fds = 2;
  while (open_fds > 0) {
    struct pollfd fds[3] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}, {in[1], POLLOUT, 0}};
    int nfds = in[1] >= 0 ? 3 : 2;
    int wait_ms = -1;
    if (timeout > 0) {
      double left = timeout - (clock_now() - start);
      if (left <= 0) {
        r->timed_out = true;
        kill(-pid, SIGKILL);
        break;
      }
      wait_ms = (int)(left * 1000) + 1;
    }
    int n = poll(fds, nfds, wait_ms);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      break;
    char buf[65536];
    for (int i = 0; i < 2; i++) {
      if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) {
        ssize_t k = read(fds[i].fd, buf, sizeof buf);
        if (k > 0) {
          if (i == 0)
            append(&r->out, &r->out_len, buf, (size_t)k);
          else
            append(&r->err, &r->err_len, buf, (size_t)k);
        } else if (k == 0 || (k < 0 && errno != EINTR && errno != EAGAIN)) {
          close(fds[i].fd);
          if (i == 0)
            out[0] = -1;
          else
            err[0] = -1;
          open_fds--;
        }
      }
    }
    if (nfds == 3 && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t k = write(in[1], input + in_off, in_len - in_off);
      if (k > 0)
        in_off += (size_t)k;
      if (k < 0 && errno != EAGAIN && errno != EINTR)
        in_off = in_len;
      if (in_off >= in_len) {
        close(in[1]);
        in[1] = -1;
      }
    }
    /* A closed descriptor is skipped from now on by poll (fd < 0). */
    if (out[0] < 0 && err[0] < 0)
      break;
  }
  if (in[1] >= 0)
    close(in[1]);
  if (out[0] >= 0)
    close(out[0]);
  if (err[0] >= 0)
    close(err[0]);
  int status = 0;
  struct rusage ru;
  while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
    ;
  /* Children of the tool that outlived it would otherwise linger. */
  kill(-pid, SIGKILL);
  r->seconds = clock_now() - start;
  r->peak_kb = ru.ru_maxrss;
  if (WIFEXITED(status))
    r->status = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    r->signal = WTERMSIG(status);
  if (!r->out)
    r->out = calloc(1, 1);
  if (!r->err)
    r->err = calloc(1, 1);
  return true;
}

void proc_free(ProcResult *r) {
  free(r->out);
  free(r->err);
  r->out = r->err = NULL;
}

bool find_in_path(const char *name, char *buf, size_t size) {
  if (strchr(name, '/')) {
    if (access(name, X_OK) == 0) {
      snprintf(buf, size, "%s", name);
      return true;
    }
    return false;
  }
  const char *path = getenv("PATH");
  if (!path)
    return false;
  const char *p = path;
  while (*p) {
    const char *colon = strchr(p, ':');
    size_t n = colon ? (size_t)(colon - p) : strlen(p);
    snprintf(buf, size, "%.*s/%s", (int)n, p, name);
    if (n && access(buf, X_OK) == 0)
      return true;
    p += n + (colon ? 1 : 0);
  }
  return false;
}
