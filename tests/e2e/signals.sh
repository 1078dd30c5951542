#!/bin/bash
# What arr2scalar leaves behind when it is stopped: nothing.
#
#  1. SIGTERM to `verify` while Spacer's child runs (a task Spacer takes a
#     minute on): verify ends by SIGTERM without printing a verdict, and no
#     process of its session and no temporary file is left;
#  2. SIGTERM to `verify --backend=interproc` while the (fake) tool runs in
#     its temporary directory with a background process of its own: the
#     tool, its background process and the directory are gone;
#  3. SIGTERM to a translation with -o while it reads an include from a
#     FIFO (blocked, the output's temporary file open): no `out.c.a2s-*`
#     and no out.c;
#  4. SIGKILL of `bench` (no handler runs): its verify run, in a session of
#     its own, gets SIGTERM from the kernel (PR_SET_PDEATHSIG), cleans up
#     and ends with everything it started.
# Each run is started with setsid, so that its session names everything it
# starts (the children take process groups of their own, not sessions).
#
# usage: signals.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
set -u
bin=$1
work=$(mktemp -d /tmp/a2s-e2e-signals-XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
for tool in setsid mkfifo ps; do
  command -v $tool >/dev/null || { echo "SKIP: $tool is not installed"; exit 77; }
done
mkdir tmp
export TMPDIR=$work/tmp

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

# Processes (pid and command) of session $1, and how many.
session() { ps -e -o sid=,pid=,args= | awk -v s="$1" '$1 == s { $1 = ""; print }'; }
count() { session "$1" | wc -l; }
# until COMMAND SECONDS: run COMMAND every 0.1 s until it succeeds (the
# command is evaluated here: it names global variables, not arguments).
until_ok() {
  local i
  for ((i = 0; i < $2 * 10; i++)); do
    eval "$1" && return 0
    sleep 0.1
  done
  return 1
}
alive() { kill -0 "$1" 2>/dev/null; }
# start ARGS...: run ARGS in a new session in the background; sets $pid.
start() {
  setsid "$@" >out.txt 2>err.txt &
  pid=$!
  until_ok '[ "$(ps -o sid= -p $pid | tr -d " ")" = "$pid" ]' 5 ||
    fail "$*: not in a session of its own"
}
# stop NAME SIGNAL: send it to $pid, wait for the end; its exit status.
stop() {
  kill -"$2" "$pid"
  until_ok '! alive $pid' 15 || fail "$1: still running 15 s after SIG$2"
  wait "$pid"
}
# clean NAME SID: no process left in the session, no temporary file, and
# no answer printed after the signal (the work stopped while it cleaned up).
clean() {
  sid=$2
  grep -q "^verdict:" out.txt && fail "$1: an answer after the signal: $(cat out.txt)"
  until_ok '[ "$(count $sid)" = 0 ]' 5 || fail "$1: left processes: $(session $sid)"
  [ -z "$(ls -A tmp)" ] || fail "$1: left temporary files: $(ls -A tmp)"
  rm -rf tmp/*
}

# Spacer does not prove this (the loop's invariant is nonlinear, 6y ==
# (x-1)x(2x-1)): verify goes on refining until its time limit.
cat >slow.c <<'EOF'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[100];
  long long x = 0, y = 0;
  while (__VERIFIER_nondet_int() && x < 1000) { y = y + x * x; x = x + 1; }
  for (int k = 0; k < 100; k++) a[k] = 6 * y == (x - 1) * x * (2 * x - 1) ? 0 : 1;
  for (int k = 0; k < 100; k++) if (a[k] != 0) reach_error();
  return 0;
}
EOF

# ---- 1. verify, Spacer's child running ----------------------------------------
start "$bin" verify -v slow.c --timeout=600
until_ok 'grep -q "solving with Spacer" err.txt && [ "$(count $pid)" -ge 2 ]' 120 ||
  fail "verify: Spacer's child never seen: $(cat err.txt)"
sleep 1
n=$(count $pid)
stop verify TERM
rc=$?
if [ "$rc" = 143 ] && [ "$n" -ge 2 ]; then
  ok "verify: SIGTERM with $n processes in its session ends it by SIGTERM"
else
  fail "verify: exit status $rc (want 143), $n processes before: $(cat out.txt err.txt)"
fi
clean verify $pid

# ---- 2. verify with an external tool in its temporary directory -----------------
cat >true.c <<'EOF'
extern void reach_error(void);
int main(void) {
  int a[4];
  a[1] = 2;
  if (a[1] != 2) reach_error();
  return 0;
}
EOF
cat >fake-interproc <<'EOF'
#!/bin/sh
sleep 300 &
echo running > running.txt
sleep 300
EOF
chmod +x fake-interproc
start "$bin" verify --backend=interproc --interproc="$work/fake-interproc" true.c --timeout=600
until_ok 'ls tmp/a2s-interproc-*/running.txt >/dev/null 2>&1' 60 ||
  fail "interproc: the fake tool never ran: $(cat err.txt)"
n=$(count $pid)
stop interproc TERM
rc=$?
[ "$rc" = 143 ] && [ "$n" -ge 3 ] &&
  ok "interproc: SIGTERM with the tool and its background process running ($n processes)" ||
  fail "interproc: exit status $rc (want 143), $n processes before (want 3 or more)"
clean interproc $pid

# ---- 3. -o, blocked reading an include -------------------------------------------
mkfifo slow.h
printf '#include "slow.h"\nint main(void) { return 0; }\n' >blocked.c
start "$bin" blocked.c -o out.c
until_ok 'ls out.c.a2s-* >/dev/null 2>&1' 30 || fail "-o: no temporary output file seen"
sleep 0.5
alive $pid || fail "-o: did not block on the FIFO: $(cat err.txt)"
stop "-o" TERM
rc=$?
[ "$rc" = 143 ] || fail "-o: exit status $rc (want 143)"
if ls out.c* >/dev/null 2>&1; then
  fail "-o: left $(ls out.c*)"
else
  ok "-o: SIGTERM leaves neither out.c nor its temporary file"
fi
clean "-o" $pid

# ---- 4. SIGKILL of bench -------------------------------------------------------------
mkdir -p tasks
cp slow.c tasks/
printf "format_version: '2.0'\ninput_files: 'slow.c'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\n" \
  >tasks/slow.yml
start "$bin" bench tasks --timeout=600 --jobs=1
until_ok '[ -n "$(ps -o pid= --ppid $pid)" ]' 30 || fail "bench: no verify run seen"
verify=$(ps -o pid= --ppid $pid | tr -d ' ')
verify=${verify:-0}
until_ok '[ "$(count $verify)" -ge 2 ]' 120 || fail "bench: the verify run started nothing"
n=$(count $verify)
stop bench KILL
until_ok '[ "$(count $verify)" = 0 ]' 10 &&
  ok "bench: SIGKILL of the harness ends its verify run and its $((n - 1)) children" ||
  fail "bench: its verify run outlived it: $(session $verify)"
clean bench $verify

echo "$failures failure(s)"
[ "$failures" = 0 ]
