#!/usr/bin/env python3
"""soundness.py -- verify's verdicts against concrete runs, on random programs.

    soundness.py N SEED TIMEOUT [--build DIR] [--jobs J] [--runs R] [--keep DIR]
                 [--max-seconds S] [--progress K] [-v]

For each of N programs of tests/fuzz/gen_programs.py (seeds SEED ...):

 (a) `arr2scalar prog.c -o prog.scalar.c` must end within a budget (no
     hang), with exit code 0 (2 would mean the generator wrote something the
     translator does not take: counted as rejected);
 (b) the scalar C must compile with gcc and runtime/verifier.c;
 (c) the original program, compiled by gcc with the sanitizers and linked
     with tests/fuzz/harness.c, runs on R random inputs: does a run reach
     reach_error? (runs with undefined behaviour prove nothing and are not
     counted); the first runs are also run in arr2scalar's interpreter
     (interp_run) on the same inputs, which must end the same way: the
     interpreter is what every `false` of verify comes from;
 (d) `arr2scalar verify --timeout=TIMEOUT` gives a verdict:
     WRONG TRUE   verify says true and a concrete run reached the error;
     WRONG FALSE  verify says false and the run it found, replayed in the
                  program compiled by gcc, does not reach the error (when
                  no run of (c) reached it: verify_inputs, which is
                  arr2scalar printing the inputs of its run, gives them);
     CRASH        any exit code other than 0, 10, 20 (or 2: rejected);
     HANG         verify still running 30 s after its time limit.
An unknown because the time limit was reached counts as a timeout.

Prints a line per program with -v (else only the problems), the totals so
far every --progress programs, and at the end (also when stopped by SIGTERM
or ^C: then the exit code is 1) the totals:
programs, true, false, unknown, timeouts, hangs, crashes, wrong, and the
largest overrun (verify's wall time minus TIMEOUT). --max-seconds S starts
no program after S seconds (CI's bound): the totals then cover the programs
checked, and the run fails only if fewer than a quarter of N were. Exits 1 if any
program was wrong, crashed, hung, was rejected, did not compile, or if the
interpreter and gcc disagreed.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen_programs  # noqa: E402

SAN_ENV = {"ASAN_OPTIONS": "exitcode=77:detect_leaks=0:abort_on_error=0",
           "UBSAN_OPTIONS": "exitcode=77:halt_on_error=1:print_stacktrace=0"}
INTERP_SAMPLE = 40        # runs compared with the interpreter per program
TRANSLATE_BUDGET = 30     # seconds for `arr2scalar prog.c`


def run(argv, timeout, env=None, cwd=None):
    """(exit code or None on timeout, stdout, stderr, seconds)"""
    start = time.monotonic()
    e = dict(os.environ)
    e.update(env or {})
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env=e, cwd=cwd)
        return p.returncode, p.stdout, p.stderr, time.monotonic() - start
    except subprocess.TimeoutExpired as x:
        out = x.stdout.decode() if isinstance(x.stdout, bytes) else (x.stdout or "")
        return None, out, "", time.monotonic() - start


def concrete(binary, runs, seed, logged, lo, hi, cwd):
    """Counts of outcomes and the logged runs [(outcome, values)]."""
    rc, out, err, _ = run([binary, str(runs), str(seed), str(logged), str(lo), str(hi)],
                          runs * 2 + 60, SAN_ENV, cwd)
    if rc != 0:
        raise RuntimeError("harness failed (%s): %s" % (rc, err[-500:]))
    counts, logs = {}, []
    for line in out.splitlines():
        w = line.split()
        if w[0] == "run":
            logs.append((w[1], " ".join(w[2:])))
        else:
            counts[w[0]] = int(w[1])
    return counts, logs


class Result:
    def __init__(self, seed):
        self.seed = seed
        self.kind = None        # true, false, unknown, timeout, crash, rejected, ...
        self.problems = []      # what is wrong, one line each
        self.reached = False    # a concrete run reached the error
        self.note = ""
        self.seconds = 0.0
        self.verify_seconds = None  # verify's wall time


def check(seed, a, harness_obj, work):
    r = Result(seed)
    d = os.path.join(work, "p%d" % seed)
    os.makedirs(d, exist_ok=True)
    prog = os.path.join(d, "prog.c")
    text = gen_programs.Gen(seed).program()
    with open(prog, "w") as f:
        f.write(text)
    lo, hi = map(int, re.match(r"// inputs: (-?\d+)\.\.(-?\d+)", text).groups())
    a2s = os.path.join(a.build, "arr2scalar")
    start = time.monotonic()

    # (a) translation within a budget
    rc, _, err, _ = run([a2s, prog, "-o", os.path.join(d, "prog.scalar.c")], TRANSLATE_BUDGET)
    if rc is None:
        r.kind, r.problems = "crash", ["translation hangs (> %d s)" % TRANSLATE_BUDGET]
        return r
    if rc == 2:
        r.kind, r.problems = "rejected", ["translation rejected the program: " + err.strip()[:300]]
        return r
    if rc != 0:
        r.kind, r.problems = "crash", ["translation exit %d: %s" % (rc, err.strip()[-300:])]
        return r
    # (b) the scalar C compiles
    rc, _, err, _ = run(["gcc", "-w", "-o", os.path.join(d, "scalar"), os.path.join(d, "prog.scalar.c"),
                         os.path.join(SRC, "runtime", "verifier.c")], 120)
    if rc != 0:
        r.kind, r.problems = "compile", ["scalar C does not compile: " + err.strip()[:300]]
        return r
    # (c) concrete runs of the original
    binary = os.path.join(d, "orig")
    rc, _, err, _ = run(["gcc", "-g", "-O0", "-w", "-fsanitize=address,undefined",
                         "-fno-sanitize-recover=all", "-Dmain=a2s_program_main", prog,
                         harness_obj, "-o", binary], 120)
    if rc != 0:
        r.kind, r.problems = "compile", ["gcc rejects the program: " + err.strip()[:300]]
        return r
    counts, logs = concrete(binary, a.runs, seed, INTERP_SAMPLE, lo, hi, d)
    r.reached = counts.get("error", 0) > 0
    mismatch = compare_interp(a, prog, logs, d)
    if mismatch:
        r.problems.append("interpreter and gcc disagree: " + mismatch)
    # (d) the verdict
    rc, out, err, secs = run([a2s, "verify", "--timeout=%g" % a.timeout, prog], a.timeout + 30)
    r.seconds = time.monotonic() - start
    r.verify_seconds = secs
    verdict = {0: "true", 10: "false", 20: "unknown"}.get(rc)
    if rc is None:
        r.kind = "hang"
        r.problems.append("verify ran past its --timeout=%g by 30 s" % a.timeout)
    elif rc == 2:
        r.kind = "rejected"
        r.problems.append("verify rejected the program: " + err.strip()[:300])
    elif verdict is None:
        r.kind = "crash"
        r.problems.append("verify exit %s: %s" % (rc, err.strip()[-300:]))
    else:
        # unknown because the time ran out ("reason: timeout after 3 s")
        r.kind = "timeout" if verdict == "unknown" and "reason: timeout" in out else verdict
        r.note = "%.1f s" % secs
    if r.kind == "true" and r.reached:
        vals = next(v for o, v in logs if o == "error")
        r.problems.append("WRONG TRUE: a run of the original reaches the error on inputs: " + vals)
    if r.kind == "false" and not r.reached:
        confirm_false(r, a, prog, binary, d)
    return r


def confirm_false(r, a, prog, binary, d):
    """A false no random run reproduced: the inputs of verify's own run
    (verify_inputs), run in the program compiled by gcc."""
    # more time than the first verify: a false found near its limit
    rc, out, err, _ = run([os.path.join(a.build, "tests", "fuzz", "verify_inputs"), "verify",
                           "--timeout=%g" % (3 * a.timeout), prog], 3 * a.timeout + 30)
    m = re.search(r"inputs of the run reaching the error:([-\d ]*)(.*)", err)
    if rc != 10 or not m:
        r.kind = "false?"
        r.note += ", not reproduced (verify_inputs: exit %s)" % rc
        return
    values = m.group(1).strip()
    rc, got, err, _ = run([binary, "--values", values], 60, SAN_ENV, d)
    got = got.strip()
    if got == "error":
        r.reached = True
        r.note += ", reproduced from verify's inputs"
    elif m.group(2):
        r.kind = "false?"
        r.note += ", verify's run took array contents from its oracle"
    else:
        r.problems.append("WRONG FALSE: verify's run on inputs '%s' reaches the error in the "
                          "interpreter; compiled by gcc: %s" % (values, got or err.strip()[-200:]))


def compare_interp(a, prog, logs, d):
    """Run the logged inputs in the interpreter; the first disagreement."""
    logs = [(o, v) for o, v in logs if o in ("ok", "error", "blocked")]
    if not logs:
        return None
    values = os.path.join(d, "values.txt")
    with open(values, "w") as f:
        f.write("".join(v + "\n" for _, v in logs))
    rc, out, err, _ = run([os.path.join(a.build, "tests", "fuzz", "interp_run"), prog, values], 120)
    if rc != 0:
        return "interp_run exit %s: %s" % (rc, err.strip()[-300:])
    got = out.split()
    for (o, v), g in zip(logs, got):
        if g != o:
            return "gcc: %s, interpreter: %s, inputs: %s" % (o, g, v)
    if len(got) != len(logs):
        return "interp_run printed %d outcomes for %d runs" % (len(got), len(logs))
    return None


def summary(n, totals, seconds):
    g = lambda k: totals.get(k, 0)
    return ("soundness: %d programs in %.0f s: true %d, false %d (%d not reproduced by gcc), "
            "unknown %d, timeouts %d, hangs %d, crashes %d, rejected %d, not compiled %d; wrong %d; "
            "interpreter/gcc disagreements %d; error reached concretely in %d; "
            "largest overrun of verify %.2f s"
            % (n, seconds, g("true"), g("false") + g("false?"), g("false?"), g("unknown"),
               g("timeout"), g("hang"), g("crash"), g("rejected"), g("compile"), g("wrong"),
               g("mismatch"), g("reached"), max(0.0, totals.get("overrun", 0.0))))


def stop(signum, frame):
    raise KeyboardInterrupt


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("n", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("timeout", type=float)
    ap.add_argument("--build", default=os.path.join(SRC, "build"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--runs", type=int, default=500, help="concrete runs per program")
    ap.add_argument("--keep", help="copy the programs with a problem (or an unconfirmed false) here")
    ap.add_argument("--progress", type=int, default=0, help="the totals every this many programs")
    ap.add_argument("--max-seconds", type=float, default=0,
                    help="start no program after this many seconds")
    ap.add_argument("-v", action="store_true", help="a line per program")
    a = ap.parse_args()
    a.build = os.path.abspath(a.build)
    # a long campaign stopped (SIGTERM, ^C) still prints what it found
    signal.signal(signal.SIGTERM, stop)

    work = tempfile.mkdtemp(prefix="a2s-soundness.")
    start = time.monotonic()
    totals = {}
    bad = []
    done = 0
    stopped = False
    pool = concurrent.futures.ThreadPoolExecutor(a.jobs)
    try:
        harness_obj = os.path.join(work, "harness.o")
        subprocess.run(["gcc", "-c", "-O1", "-o", harness_obj, os.path.join(HERE, "harness.c")],
                       check=True)
        def bounded(s):
            if a.max_seconds and time.monotonic() - start > a.max_seconds:
                return None  # past the budget: not started
            return check(s, a, harness_obj, work)
        futures = [pool.submit(bounded, s) for s in range(a.seed, a.seed + a.n)]
        for fu in futures:
            r = fu.result()
            if r is None:
                continue
            done += 1
            totals[r.kind] = totals.get(r.kind, 0) + 1
            totals["reached"] = totals.get("reached", 0) + r.reached
            if r.verify_seconds is not None:
                totals["overrun"] = max(totals.get("overrun", 0.0), r.verify_seconds - a.timeout)
            for p in r.problems:
                totals["wrong"] = totals.get("wrong", 0) + p.startswith("WRONG")
                totals["mismatch"] = totals.get("mismatch", 0) + p.startswith("interpreter")
            late = r.verify_seconds is not None and r.verify_seconds > a.timeout + 1
            if late and r.kind != "hang":
                r.note += "%sverify past its limit by %.1f s" % (", " if r.note else "",
                                                                 r.verify_seconds - a.timeout)
            if a.v or r.problems or r.kind == "false?" or late:
                print("seed %d: %s%s%s" % (r.seed, r.kind, " (%s)" % r.note if r.note else "",
                                           "".join("\n  " + p for p in r.problems)), flush=True)
            if (r.problems or r.kind == "false?") and a.keep:
                os.makedirs(a.keep, exist_ok=True)
                shutil.copy(os.path.join(work, "p%d" % r.seed, "prog.c"),
                            os.path.join(a.keep, "prog_%d.c" % r.seed))
            if r.problems:
                bad.append(r.seed)
            shutil.rmtree(os.path.join(work, "p%d" % r.seed), ignore_errors=True)
            if a.progress and done % a.progress == 0 and done < a.n:
                print(summary(done, totals, time.monotonic() - start), flush=True)
    except KeyboardInterrupt:
        stopped = True
        print("soundness: stopped after %d of %d programs" % (done, a.n))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        shutil.rmtree(work, ignore_errors=True)
    print(summary(done, totals, time.monotonic() - start))
    budget_hit = a.max_seconds and done < a.n and not stopped
    if budget_hit:
        print("soundness: stopped at --max-seconds=%g after %d of %d programs" % (a.max_seconds, done, a.n))
    if bad:
        print("soundness: FAILED: seeds %s" % " ".join(map(str, bad)))
    too_few = done < (a.n + 3) // 4 if budget_hit else done < a.n
    if too_few and not bad:
        print("soundness: FAILED: only %d of %d programs checked" % (done, a.n))
    return 1 if bad or too_few else 0


if __name__ == "__main__":
    sys.exit(main())
