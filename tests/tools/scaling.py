#!/usr/bin/env python3
"""How the translation's cost grows with the input (issue 24).

Generates programs of growing size in /tmp (or --dir), translates each with
every emit kind, and runs `clang -fsyntax-only` on the same file as the
yardstick. Prints a Markdown table: per shape and size, the median time of
--repeat runs (and its ratio to clang's) and the peak memory of the
largest run, per emit kind; `-` where the translation failed (its exit
status and first line are printed after the table).

Shapes (each at --sizes, default 1000 4000 16000 64000):
  stmts   N statements `a[k1] = a[k2] + c; s = s + a[k3];` over int a[100]
  terms   one expression `s = a[0] + a[1] + ...` of N terms
  loops   N statements over variable indices in one loop (i a counter)
  ifs     an if / else-if chain of N/8 branches, each with a statement
  nest    loops nested N/1000 deep (at most 64: clang's bracket depth)

Usage: scaling.py [--bin build/arr2scalar] [--clang clang-14] [--repeat 5]
                  [--shapes stmts,terms,...] [--sizes 1000,4000] [--kinds c,chc]
"""
import argparse, os, random, shutil, statistics, subprocess, sys, tempfile, threading, time

KINDS = ["c", "chc", "nts", "spl", "json"]


def gen_stmts(n, rnd):
    body = [f"  a[{rnd.randrange(100)}] = a[{rnd.randrange(100)}] + {rnd.randrange(10)}; "
            f"s = s + a[{rnd.randrange(100)}];" for _ in range(n)]
    return "int a[100];\nint main(void) {\n  int s = 0;\n" + "\n".join(body) + "\n  return s;\n}\n"


def gen_terms(n, rnd):
    terms = " + ".join(f"a[{i % 100}]" for i in range(n))
    return f"int a[100];\nint main(void) {{\n  int s = {terms};\n  return s;\n}}\n"


def gen_loops(n, rnd):
    body = [f"    a[(i + {rnd.randrange(50)}) % 100] = a[(i + {rnd.randrange(50)}) % 100] + "
            f"{rnd.randrange(10)}; s = s + a[i % 100];" for _ in range(n)]
    return ("extern int __VERIFIER_nondet_int(void);\nint a[100];\nint main(void) {\n"
            "  int s = 0;\n  int m = __VERIFIER_nondet_int();\n"
            "  for (int i = 0; i < m; i++) {\n" + "\n".join(body) + "\n  }\n  return s;\n}\n")


def gen_ifs(n, rnd):
    k = max(1, n // 8)
    out = ["extern int __VERIFIER_nondet_int(void);", "int a[100];", "int main(void) {",
           "  int s = 0;", "  int x = __VERIFIER_nondet_int();"]
    for b in range(k):
        head = "  if" if b == 0 else "  else if"
        out.append(f"{head} (x == {b}) {{ a[{b % 100}] = s + {b}; s = s + a[{rnd.randrange(100)}]; }}")
    out += ["  else { s = 0; }", "  return s;", "}"]
    return "\n".join(out) + "\n"


def gen_nest(n, rnd):
    d = min(64, max(1, n // 1000))
    out = ["extern int __VERIFIER_nondet_int(void);", "int a[100];", "int main(void) {",
           "  int s = 0;", "  int m = __VERIFIER_nondet_int();"]
    for i in range(d):
        out.append("  " * (i + 1) + f"for (int i{i} = 0; i{i} < m; i{i}++) {{")
    out.append("  " * (d + 1) + f"a[i{d - 1} % 100] = a[i0 % 100] + 1; s = s + a[i{d - 1} % 100];")
    for i in reversed(range(d)):
        out.append("  " * (i + 1) + "}")
    out += ["  return s;", "}"]
    return "\n".join(out) + "\n"


SHAPES = {"stmts": gen_stmts, "terms": gen_terms, "loops": gen_loops, "ifs": gen_ifs,
          "nest": gen_nest}


def run(cmd, timeout):
    """(seconds, peak MB, exit status, first line of stderr) of one run."""
    with tempfile.TemporaryFile() as err:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
        timer = threading.Timer(timeout, p.kill)
        timer.start()
        _, status, usage = os.wait4(p.pid, 0)  # this child's own peak, not the largest so far
        secs = time.monotonic() - t0
        timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        first = err.read().decode(errors="replace").strip().splitlines()[:1]
    return secs, usage.ru_maxrss / 1024.0, p.returncode, first[0] if first else ""


def measure(cmd, repeat, timeout):
    times, peak, status, why = [], 0.0, 0, ""
    for _ in range(repeat):
        secs, mb, rc, first = run(cmd, timeout)
        times.append(secs)
        peak = max(peak, mb)
        if rc != 0:
            status, why = rc, first
            break
    return statistics.median(times), peak, status, why


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bin", default="build/arr2scalar")
    ap.add_argument("--clang", default=shutil.which("clang-14") or "clang")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--sizes", default="1000,4000,16000,64000")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--dir", default=None)
    a = ap.parse_args()
    work = a.dir or tempfile.mkdtemp(prefix="a2s-scaling-")
    kinds = a.kinds.split(",")
    sizes = [int(s) for s in a.sizes.split(",")]
    failures = []
    print("| shape | size | lines | clang s | " + " | ".join(f"{k} s (x clang)" for k in kinds) +
          " | peak MB |")
    print("|---|---:|---:|---:|" + "---:|" * len(kinds) + "---:|")
    for shape in a.shapes.split(","):
        for n in sizes:
            src = os.path.join(work, f"{shape}_{n}.c")
            with open(src, "w") as f:
                f.write(SHAPES[shape](n, random.Random(n)))
            lines = sum(1 for _ in open(src))
            ct, _, crc, cwhy = measure([a.clang, "-fsyntax-only", "-w", src], a.repeat, a.timeout)
            cells, peak = [], 0.0
            for k in kinds:
                out = os.path.join(work, f"{shape}_{n}.out.{k}")
                t, mb, rc, why = measure([a.bin, "--emit=" + k, "--timeout=%d" % a.timeout, src,
                                          "-o", out], a.repeat, a.timeout + 10)
                peak = max(peak, mb)
                if rc != 0:
                    cells.append("-")
                    failures.append(f"{shape} {n} {k}: exit {rc}: {why}")
                else:
                    cells.append(f"{t:.2f} ({t / ct:.1f})" if ct > 0 else f"{t:.2f}")
            print(f"| {shape} | {n} | {lines} | {ct:.2f} | " + " | ".join(cells) +
                  f" | {peak:.0f} |", flush=True)
    for f in failures:
        print("failed:", f)
    if not a.dir:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
