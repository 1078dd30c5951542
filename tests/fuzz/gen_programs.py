#!/usr/bin/env python3
"""gen_programs.py -- random array programs in the SV-COMP dialect.

    gen_programs.py SEED [COUNT] [-o DIR]

writes COUNT programs (default 1; to standard output when COUNT is 1 and no
DIR is given), prog_SEED.c, prog_SEED+1.c, ... Each program is a function of
its seed alone.

A program has global and local arrays (1-D and 2-D, int and unsigned),
inputs from __VERIFIER_nondet_* bounded by __VERIFIER_assume, helper
functions (taking an array, recursive ones), nested loops, ?:, && and ||
whose right operands have side effects, unsigned arithmetic that wraps, and
assertions (__VERIFIER_assert, `if (c) reach_error();`). Some assertions
come from templates whose plain form holds (an initialization loop and a
read of it, a copy, a maximum, a sum of bounded elements, a recursion) and
are mutated at random into forms that do not; others are random conditions.
Programs are small (arrays of 2 to 5 elements, loops nested twice at most)
so that `arr2scalar verify` answers in seconds.

The generator stays inside what arr2scalar translates and what has a
meaning in C for some inputs: array indices are in bounds by construction
(loop counters over the dimension, inputs assumed in range, unsigned values
modulo the size), divisors are non-zero constants, nondet values are whole
right-hand sides of assignments (C leaves the order of evaluation of
operands unspecified); signed overflow may still happen for some inputs:
the checker compiles with the sanitizers and ignores such runs. The first
line says the range of the bounded inputs (values and indices):
`// inputs: LO..HI`.
"""
import argparse
import os
import random
import re
import sys


class Var:
    def __init__(self, name, ty, role, hi=None):
        self.name, self.ty, self.role, self.hi = name, ty, role, hi
    # role: input (bounded nondet), index (0 <= v < hi), acc (written freely),
    # loop (a loop counter over [0, hi)), wide (unsigned, any value)


class Arr:
    def __init__(self, name, dims, ty, local):
        self.name, self.dims, self.ty, self.local = name, dims, ty, local


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.B = self.r.choice([2, 3, 4])
        self.N = self.r.choice([2, 3, 4, 5])
        self.R, self.C = self.r.choice([2, 3]), self.r.choice([2, 3])
        self.size_macro = self.r.random() < 0.4
        self.names = 0
        self.funcs = []          # C text of helper functions
        self.helpers = []        # (kind, name) callable from main
        self.globals = []        # C text of globals
        self.garrays, self.gscalars = [], []
        self.uses_assert = self.r.random() < 0.7

    # ---- helpers ------------------------------------------------------------
    def chance(self, p):
        return self.r.random() < p

    def fresh(self, base):
        self.names += 1
        return "%s%d" % (base, self.names)

    def size_text(self, n):
        return "N" if self.size_macro and n == self.N else str(n)

    # ---- expressions --------------------------------------------------------
    def index(self, size, scope):
        """An expression in [0, size) for an array dimension of that size."""
        opts = [str(self.r.randrange(size))]
        opts += [v.name for v in scope if v.role in ("loop", "index") and v.hi == size]
        wides = [v.name for v in scope if v.role == "wide"]
        if wides and self.chance(0.3):
            return "%s %% %du" % (self.r.choice(wides), size)
        loops = [v.name for v in scope if v.role == "loop" and v.hi == size]
        if loops and self.chance(0.2):
            return "(%s + 1) %% %d" % (self.r.choice(loops), size)
        return self.r.choice(opts)

    def read(self, arrays, scope):
        a = self.r.choice(arrays)
        return a.name + "".join("[%s]" % self.index(d, scope) for d in a.dims)

    def leaf(self, scope, arrays, ty):
        pool = [v.name for v in scope if v.ty == ty or self.chance(0.2)]
        choices = ["const"] + (["var"] if pool else []) + (["read"] if arrays else [])
        k = self.r.choice(choices)
        if k == "var":
            return self.r.choice(pool)
        if k == "read":
            return self.read(arrays, scope)
        c = self.r.randint(0, self.B + 1) if ty == "unsigned" else self.r.randint(-self.B, self.B + 1)
        return ("%du" % c) if ty == "unsigned" else ("(%d)" % c if c < 0 else str(c))

    def expr(self, scope, arrays, ty="int", depth=2, calls=True):
        if depth <= 0 or self.chance(0.35):
            return self.leaf(scope, arrays, ty)
        k = self.r.random()
        e = lambda: self.expr(scope, arrays, ty, depth - 1, calls)
        if k < 0.35:
            return "%s %s %s" % (e(), self.r.choice(["+", "-"]), e())
        if k < 0.45:
            m = self.r.randint(0, 3)
            return "%s * %s" % (self.leaf(scope, arrays, ty), ("%du" % m) if ty == "unsigned" else m)
        if k < 0.52:
            d = self.r.randint(1, 4)
            return "(%s) %s %s" % (e(), self.r.choice(["/", "%"]), ("%du" % d) if ty == "unsigned" else d)
        if k < 0.68:
            return "(%s ? %s : %s)" % (self.cond(scope, arrays, depth - 1, effects=False), e(), e())
        if k < 0.75 and ty == "unsigned":
            return "(unsigned char)(%s)" % e()
        if k < 0.8 and ty == "unsigned":
            return "%s * %s" % (e(), e())
        if k < 0.9 and calls and self.helpers:
            return self.call(scope, arrays)
        return "(%s)" % e()

    def cond(self, scope, arrays, depth=2, effects=True):
        k = self.r.random()
        if depth <= 0 or k < 0.5:
            ty = "unsigned" if self.chance(0.25) else "int"
            op = self.r.choice(["<", "<=", ">", ">=", "==", "!="])
            return "%s %s %s" % (self.expr(scope, arrays, ty, 1, calls=False), op,
                                 self.expr(scope, arrays, ty, 1, calls=False))
        accs = [v for v in scope if v.role == "acc" and v.ty == "int"]
        if effects and accs and k < 0.7:
            # a right operand with a side effect: evaluated only sometimes
            a = self.r.choice(accs).name
            effect = self.r.choice(["(%s = %s + 1) > %d" % (a, a, self.r.randint(0, 3)),
                                    "(%s++, %s > %d)" % (a, a, self.r.randint(0, 3)),
                                    "%s-- > 0" % a])
            return "(%s) %s (%s)" % (self.cond(scope, arrays, depth - 1, False),
                                     self.r.choice(["&&", "||"]), effect)
        if k < 0.9:
            return "(%s) %s (%s)" % (self.cond(scope, arrays, depth - 1, effects),
                                     self.r.choice(["&&", "||"]),
                                     self.cond(scope, arrays, depth - 1, effects))
        return "!(%s)" % self.cond(scope, arrays, depth - 1, effects)

    def call(self, scope, arrays):
        ones = [a for a in arrays if len(a.dims) == 1 and a.ty == "int"]
        # fill() returns nothing: it is called as a statement (template "fill")
        usable = [(k, n) for k, n in self.helpers if k == "rec" or (ones and k != "fill")]
        if not usable:
            return "0"
        kind, name = self.r.choice(usable)
        if kind == "rec":
            idx = [v.name for v in scope if v.role in ("index", "loop")]
            return "%s(%s)" % (name, self.r.choice(idx + [str(self.r.randint(0, 3))]))
        a = self.r.choice(ones)
        if kind == "rsum":
            return "%s(%s, %d)" % (name, a.name, a.dims[0])
        arg = self.leaf([v for v in scope if v.role != "wide"], [], "int")
        return "%s(%s, %d, %s)" % (name, a.name, a.dims[0], arg)

    def has_rec(self):
        return any(k == "rec" for k, _ in self.helpers)

    def assertion(self, scope, arrays):
        """A random condition to assert, with at most 4 array reads: the
        cells of an assertion are tried in every combination (arr2scalar
        refuses more than 256)."""
        while True:
            c = self.cond(scope, arrays)
            if len(re.findall(r"\w\[", c)) <= 4:
                return c

    # ---- statements ---------------------------------------------------------
    def check(self, c, ind):
        if self.uses_assert and self.chance(0.6):
            return ["%s__VERIFIER_assert(%s);" % (ind, c)]
        return ["%sif (!(%s))" % (ind, c), "%s  reach_error();" % ind]

    def stmts(self, scope, arrays, ind, depth, count, in_loop=False):
        out = []
        for _ in range(count):
            out += self.stmt(scope, arrays, ind, depth, in_loop)
        return out

    def stmt(self, scope, arrays, ind, depth, in_loop):
        k = self.r.random()
        accs = [v for v in scope if v.role in ("acc", "wide")]
        if k < 0.25 and accs:
            v = self.r.choice(accs)
            op = self.r.choice(["=", "+=", "-="] + (["*="] if v.ty == "unsigned" else []))
            rhs = self.expr(scope, arrays, v.ty, 2)
            return ["%s%s %s %s;" % (ind, v.name, op, rhs)]
        if k < 0.45 and arrays:
            a = self.r.choice(arrays)
            lhs = a.name + "".join("[%s]" % self.index(d, scope) for d in a.dims)
            return ["%s%s %s %s;" % (ind, lhs, self.r.choice(["=", "=", "+="]),
                                     self.expr(scope, arrays, a.ty, 2))]
        if k < 0.6 and depth > 0:
            out = ["%sif (%s) {" % (ind, self.cond(scope, arrays))]
            out += self.stmts(scope, arrays, ind + "  ", depth - 1, self.r.randint(1, 2), in_loop)
            if self.chance(0.5):
                out += ["%s} else {" % ind]
                out += self.stmts(scope, arrays, ind + "  ", depth - 1, 1, in_loop)
            return out + ["%s}" % ind]
        if k < 0.78 and depth > 0:
            return self.loop(scope, arrays, ind, depth)
        if k < 0.83 and in_loop:
            return ["%sif (%s)" % (ind, self.cond(scope, arrays, 1, False)),
                    "%s  %s;" % (ind, self.r.choice(["break", "continue"]))]
        if k < 0.87 and self.helpers and accs:
            v = self.r.choice([a for a in accs if a.ty == "int"] or accs)
            return ["%s%s = %s;" % (ind, v.name, self.call(scope, arrays))]
        if k < 0.9:
            return ["%s__VERIFIER_assume(%s);" % (ind, self.cond(scope, arrays, 1, False))]
        if k < 0.93:
            return self.check(self.assertion(scope, arrays), ind)
        return ["%s%s++;" % (ind, self.r.choice(accs).name)] if accs else []

    def loop(self, scope, arrays, ind, depth):
        dims = sorted({d for a in arrays for d in a.dims} | {self.N})
        size = self.r.choice(dims)
        i = self.fresh("i")
        inner = scope + [Var(i, "int", "loop", size)]
        k = self.r.random()
        if k < 0.6:
            head = "%sfor (int %s = 0; %s < %s; %s++) {" % (ind, i, i, self.size_text(size), i)
            out = [head] + self.stmts(inner, arrays, ind + "  ", depth - 1, self.r.randint(1, 3), True)
            return out + ["%s}" % ind]
        if k < 0.8:
            head = "%sfor (int %s = %s - 1; %s >= 0; %s--) {" % (ind, i, self.size_text(size), i, i)
            out = [head] + self.stmts(inner, arrays, ind + "  ", depth - 1, self.r.randint(1, 2), True)
            return out + ["%s}" % ind]
        out = ["%sint %s = 0;" % (ind, i), "%swhile (%s < %s) {" % (ind, i, self.size_text(size))]
        out += self.stmts(inner, arrays, ind + "  ", depth - 1, self.r.randint(1, 2), False)
        return out + ["%s  %s++;" % (ind, i), "%s}" % ind]

    # ---- templates: assertions whose plain form holds -----------------------
    def template(self, scope, arrays, ind):
        ones = [a for a in arrays if len(a.dims) == 1]
        twos = [a for a in arrays if len(a.dims) == 2]
        kinds = ["init", "max", "sum", "unsigned", "count"]
        kinds += ["copy"] if len([a for a in ones if a.local]) >= 2 else []
        kinds += ["matrix"] if twos else []
        kinds += ["rec"] if self.has_rec() else []
        kinds += ["fill"] if any(k == "fill" for k, _ in self.helpers) else []
        kind = self.r.choice(kinds)
        mutate = self.chance(0.35)
        n = lambda a: self.size_text(a.dims[0])
        ks = [v for v in scope if v.role == "index" and v.hi == self.N]
        k = ks[0].name if ks else "0"
        i = self.fresh("i")
        out = []
        if kind == "init" and ones:
            a = self.r.choice(ones)
            k = next((v.name for v in scope if v.role == "index" and v.hi == a.dims[0]), "0")
            f = self.r.choice(["%s", "%s + 1", "2 * %s", "%d" % self.r.randint(0, 3), "%s - 1"])
            bound = "%s - 1" % n(a) if mutate and self.chance(0.5) else n(a)
            out += ["%sfor (int %s = 0; %s < %s; %s++)" % (ind, i, i, bound, i),
                    "%s  %s[%s] = %s;" % (ind, a.name, i, f.replace("%s", i) if "%s" in f else f)]
            rhs = f.replace("%s", k) if "%s" in f else f
            op = self.r.choice(["!=", ">", "<"]) if mutate and bound == n(a) else "=="
            if a.ty == "unsigned":
                rhs = "(unsigned)(%s)" % rhs
            out += self.check("%s[%s] %s %s" % (a.name, k, op, rhs), ind)
        elif kind == "copy":
            src, dst = self.r.sample([a for a in ones if a.local], 2)
            m = min(src.dims[0], dst.dims[0])
            k = next((v.name for v in scope if v.role == "index" and v.hi <= m), "0")
            extra = " + (%s == %d)" % (i, self.r.randrange(m)) if mutate else ""
            out += ["%sfor (int %s = 0; %s < %d; %s++)" % (ind, i, i, m, i),
                    "%s  %s[%s] = %s[%s]%s;" % (ind, dst.name, i, src.name, i, extra)]
            out += self.check("%s[%s] == %s[%s]" % (dst.name, k, src.name, k), ind)
        elif kind == "max" and ones:
            a = self.r.choice(ones)
            k = next((v.name for v in scope if v.role == "index" and v.hi == a.dims[0]), "0")
            m = self.fresh("m")
            out += ["%s%s %s = %s[0];" % (ind, a.ty, m, a.name),
                    "%sfor (int %s = 1; %s < %s; %s++)" % (ind, i, i, n(a), i),
                    "%s  %s = %s[%s] > %s ? %s[%s] : %s;" % (ind, m, a.name, i, m, a.name, i, m)]
            out += self.check("%s %s %s[%s]" % (m, ">" if mutate else ">=", a.name, k), ind)
        elif kind == "sum":
            # the elements of a local array filled with bounded inputs
            filled = [a for a in ones if a.local and a.ty == "int"]
            if not filled:
                return self.template(scope, arrays, ind)
            a = self.r.choice(filled)
            s = self.fresh("s")
            limit = a.dims[0] * self.B - (self.r.choice([1, self.B]) if mutate else 0)
            out += ["%sint %s = 0;" % (ind, s),
                    "%sfor (int %s = 0; %s < %s; %s++)" % (ind, i, i, n(a), i),
                    "%s  %s += %s[%s];" % (ind, s, a.name, i)]
            out += self.check("%s <= %d" % (s, limit), ind)
        elif kind == "count" and ones:
            a = self.r.choice(ones)
            c = self.fresh("c")
            bound = a.dims[0] - 1 if mutate else a.dims[0]
            out += ["%sint %s = 0;" % (ind, c),
                    "%sfor (int %s = 0; %s < %s; %s++)" % (ind, i, i, n(a), i),
                    "%s  if (%s[%s] %s 0 && (%s = %s + 1) > 0)" % (ind, a.name, i,
                                                                self.r.choice([">", "<", "!="]), c, c),
                    "%s    %s[%s] = %s[%s];" % (ind, a.name, i, a.name, i)]
            out += self.check("%s <= %d" % (c, bound), ind)
        elif kind == "unsigned":
            wides = [v for v in scope if v.role == "wide"]
            if not wides:
                return self.template(scope, arrays, ind)
            u = self.r.choice(wides).name
            w = self.fresh("w")
            if self.chance(0.5):
                guard = "%s > 0u" % u if not mutate else "%s >= 0u" % u
                out += ["%sif (%s) {" % (ind, guard),
                        "%s  unsigned %s = %s - 1u;" % (ind, w, u)]
                out += self.check("%s < %s" % (w, u), ind + "  ") + ["%s}" % ind]
            else:
                out += ["%sunsigned %s = %s + 1u;" % (ind, w, u)]
                out += self.check("%s %s %s" % (w, ">" if mutate else "!=", u), ind)
        elif kind == "matrix":
            a = self.r.choice(twos)
            j = self.fresh("j")
            p, q = self.r.randrange(a.dims[0]), self.r.randrange(a.dims[1])
            off = 1 if mutate else 0
            out += ["%sfor (int %s = 0; %s < %d; %s++)" % (ind, i, i, a.dims[0], i),
                    "%s  for (int %s = 0; %s < %d; %s++)" % (ind, j, j, a.dims[1], j),
                    "%s    %s[%s][%s] = %s + %s;" % (ind, a.name, i, j, i, j)]
            out += self.check("%s[%d][%d] == %d" % (a.name, p, q, p + q + off), ind)
        elif kind == "rec":
            name = "rec"
            r = self.fresh("r")
            out += ["%sint %s = %s(%s);" % (ind, r, name, k)]
            # rec(k) == 1 + 2 * k for k >= 0 (see helper_rec)
            out += self.check("%s == %s" % (r, "1 + 2 * %s%s" % (k, " + 1" if mutate else "")), ind)
        elif kind == "fill":
            name = next(n_ for k_, n_ in self.helpers if k_ == "fill")
            locs = [a for a in ones if a.ty == "int"]
            if not locs:
                return self.template(scope, arrays, ind)
            a = self.r.choice(locs)
            k = next((v.name for v in scope if v.role == "index" and v.hi == a.dims[0]), "0")
            v = self.r.randint(-2, 3)
            out += ["%s%s(%s, %d, %d);" % (ind, name, a.name, a.dims[0], v)]
            out += self.check("%s[%s] == %d" % (a.name, k, v + (1 if mutate else 0)), ind)
        else:
            return self.template(scope, arrays, ind)
        return out

    # ---- helpers functions --------------------------------------------------
    def helper_functions(self):
        if self.chance(0.4):
            # rec(k) = 1 + 2k for k >= 0, by recursion
            self.funcs.append("int rec(int k) {\n  if (k <= 0)\n    return 1;\n"
                              "  return rec(k - 1) + 2;\n}\n")
            self.helpers.append(("rec", "rec"))
        if self.chance(0.3):
            self.funcs.append("void fill(int a[], int n, int v) {\n"
                              "  for (int i = 0; i < n; i++)\n    a[i] = v;\n}\n")
            self.helpers.append(("fill", "fill"))
        if self.chance(0.3):
            self.funcs.append("int rsum(int a[], int n) {\n  if (n <= 0)\n    return 0;\n"
                              "  return a[n - 1] + rsum(a, n - 1);\n}\n")
            self.helpers.append(("rsum", "rsum"))
        if self.chance(0.4):
            # a random function of an array and a value; it may write the array
            x = Var("x", "int", "input")
            acc = Var("t", "int", "acc")
            i = self.fresh("i")
            a = Arr("a", [self.N], "int", True)
            inner = [x, acc, Var(i, "int", "loop", self.N)]
            body = ["  int t = x;", "  for (int %s = 0; %s < n; %s++) {" % (i, i, i)]
            body += self.stmts(inner, [a], "    ", 1, self.r.randint(1, 2), True)
            body += ["  }", "  return t;"]
            self.funcs.append("int walk(int a[], int n, int x) {\n%s\n}\n" % "\n".join(body))
            self.helpers.append(("walk", "walk"))

    # ---- the program --------------------------------------------------------
    def program(self):
        self.helper_functions()
        arrays, scope, body = [], [], []
        for _ in range(self.r.randint(0, 2)):
            dims = [self.N] if self.chance(0.7) else [self.R, self.C]
            a = Arr(self.fresh("g"), dims, "unsigned" if self.chance(0.25) else "int", False)
            arrays.append(a)
            self.globals.append("%s %s%s;" % (a.ty, a.name,
                                              "".join("[%s]" % self.size_text(d) for d in dims)))
        if self.chance(0.3):
            self.globals.append("int cnt;")
        ind = "  "
        for _ in range(self.r.randint(1, 3)):
            dims = [self.N] if self.chance(0.75) else [self.R, self.C]
            a = Arr(self.fresh("b"), dims, "unsigned" if self.chance(0.2) else "int", True)
            arrays.append(a)
            decl = "".join("[%s]" % self.size_text(d) for d in dims)
            if len(dims) == 1 and self.chance(0.2):
                lo = 0 if a.ty == "unsigned" else -self.B
                vals = ", ".join(str(self.r.randint(lo, self.B)) for _ in range(dims[0]))
                body.append("%s%s %s%s = {%s};" % (ind, a.ty, a.name, decl, vals))
                continue
            body.append("%s%s %s%s;" % (ind, a.ty, a.name, decl))
            idx = [self.fresh("i") for _ in dims]
            sub = "".join("[%s]" % v for v in idx)
            for d, v in enumerate(idx):
                body.append("%s%sfor (int %s = 0; %s < %s; %s++)%s" % (
                    ind, "  " * d, v, v, self.size_text(dims[d]), v, " {" if d == len(idx) - 1 else ""))
            inner = ind + "  " * len(idx)
            t = self.fresh("t")
            nd = "__VERIFIER_nondet_uint" if a.ty == "unsigned" else "__VERIFIER_nondet_int"
            body.append("%s%s %s = %s();" % (inner, a.ty, t, nd))
            # bounded elements: by an assumption, or (mostly: so that random
            # runs are rarely blocked) by the remainder
            u = "u" if a.ty == "unsigned" else ""
            if self.chance(0.25):
                lo = "" if u else "%s >= %d && " % (t, -self.B)
                body.append("%s__VERIFIER_assume(%s%s <= %d%s);" % (inner, lo, t, self.B, u))
                body.append("%s%s%s = %s;" % (inner, a.name, sub, t))
            else:
                body.append("%s%s%s = %s %% %d%s;" % (inner, a.name, sub, t, self.B + 1, u))
            body.append("%s%s}" % (ind, "  " * (len(idx) - 1)))
        for _ in range(self.r.randint(1, 3)):
            v = Var(self.fresh("x"), "int", "input")
            lo = 0 if self.chance(0.3) else -self.B
            body += ["%sint %s = __VERIFIER_nondet_int();" % (ind, v.name),
                     "%s__VERIFIER_assume(%s >= %d && %s <= %d);" % (ind, v.name, lo, v.name, self.B)]
            scope.append(v)
        sizes = sorted({d for a in arrays for d in a.dims} | {self.N})
        for size in sizes:
            if self.chance(0.8):
                v = Var(self.fresh("k"), "int", "index", size)
                body += ["%sint %s = __VERIFIER_nondet_int();" % (ind, v.name),
                         "%s__VERIFIER_assume(%s >= 0 && %s < %d);" % (ind, v.name, v.name, size)]
                scope.append(v)
        if self.chance(0.5):
            v = Var(self.fresh("u"), "unsigned", "wide")
            body.append("%sunsigned %s = __VERIFIER_nondet_uint();" % (ind, v.name))
            if self.chance(0.3):
                body.append("%sunsigned char %s = __VERIFIER_nondet_uchar();" % (ind, v.name + "c"))
                body.append("%s%s = %s + %sc;" % (ind, v.name, v.name, v.name))
            scope.append(v)
        for _ in range(self.r.randint(1, 2)):
            v = Var(self.fresh("y"), "int", "acc")
            body.append("%sint %s = %s;" % (ind, v.name, self.leaf(scope, [], "int")))
            scope.append(v)
        if "int cnt;" in self.globals:
            scope.append(Var("cnt", "int", "acc"))
        parts = []
        for _ in range(self.r.randint(1, 3)):
            parts.append(self.stmts(scope, arrays, ind, 2, self.r.randint(1, 2)))
        for _ in range(self.r.randint(1, 2)):
            parts.append(self.template(scope, arrays, ind))
        self.r.shuffle(parts)
        for p in parts:
            body += p
        if self.chance(0.25):
            body += self.check(self.assertion(scope, arrays), ind)
        body.append("%sreturn 0;" % ind)

        hi = max([self.B] + [d - 1 for a in arrays for d in a.dims])
        head = ["// inputs: %d..%d (seed %d)" % (-self.B, hi, self.seed),
                "extern void abort(void);",
                "extern void reach_error(void);",
                "extern int __VERIFIER_nondet_int(void);",
                "extern unsigned int __VERIFIER_nondet_uint(void);",
                "extern unsigned char __VERIFIER_nondet_uchar(void);",
                "extern void __VERIFIER_assume(int);"]
        if self.uses_assert:
            head.append("void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }")
        if self.size_macro:
            head.append("#define N %d" % self.N)
        text = "\n".join(head + self.globals) + "\n" + "".join(self.funcs)
        text += "int main(void) {\n%s\n}\n" % "\n".join(body)
        return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("count", type=int, nargs="?", default=1)
    ap.add_argument("-o", dest="dir")
    a = ap.parse_args()
    if a.count == 1 and not a.dir:
        sys.stdout.write(Gen(a.seed).program())
        return
    os.makedirs(a.dir or ".", exist_ok=True)
    for s in range(a.seed, a.seed + a.count):
        with open(os.path.join(a.dir or ".", "prog_%d.c" % s), "w") as f:
            f.write(Gen(s).program())


if __name__ == "__main__":
    main()
