#!/usr/bin/env python3
"""Check an SMT-LIB file against the CHC-COMP benchmark format (chc-comp.github.io/format.html,
revision 2023-03-31). Prints one line per kind of departure with a count and the first example.
Departures marked "(noted)" are allowed by the rules (they only say which track a file belongs
to); any other departure makes the exit status 1.
Usage: chccomp_check.py FILE.smt2 ..."""
import sys, re, collections

def tokenize(s):
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c in ' \t\r\n': i += 1
        elif c == ';':
            while i < n and s[i] != '\n': i += 1
        elif c in '()': yield c; i += 1
        elif c == '|':
            j = s.index('|', i + 1); yield s[i:j+1]; i = j + 1
        elif c == '"':
            j = i + 1
            while s[j] != '"' or (j + 1 < n and s[j+1] == '"'):
                j += 2 if s[j] == '"' else 1
            yield s[i:j+1]; i = j + 1
        else:
            j = i
            while j < n and s[j] not in ' \t\r\n();': j += 1
            yield s[i:j]; i = j

def parse(s):
    stack, out = [[]], None
    for t in tokenize(s):
        if t == '(': stack.append([])
        elif t == ')':
            x = stack.pop(); stack[-1].append(x)
        else: stack[-1].append(t)
    return stack[0]

def show(x, lim=100):
    def r(e):
        return e if isinstance(e, str) else '(' + ' '.join(r(y) for y in e) + ')'
    t = r(x); return t if len(t) <= lim else t[:lim] + '...'

def is_sort(s):
    if isinstance(s, str): return s in ('Int', 'Bool', 'Real')
    return len(s) == 3 and s[0] == 'Array' and is_sort(s[1]) and is_sort(s[2])

def check(path):
    cmds = parse(open(path).read())
    issues = collections.OrderedDict()
    def bad(kind, ex):
        if kind not in issues: issues[kind] = [0, show(ex)]
        issues[kind][0] += 1
    preds = {}
    stage = 0  # 0 set-info/logic, 1 decls, 2 asserts, 3 check-sat, 4 exit
    asserts = []
    for c in cmds:
        if not isinstance(c, list) or not c: bad('non-command at top level', c); continue
        h = c[0]
        if h == 'set-info': continue
        if h == 'set-logic':
            if c[1:] != ['HORN']: bad('logic is not HORN', c)
            continue
        if h == 'declare-fun':
            if stage > 1: bad('declare-fun after an assert', c)
            stage = max(stage, 1)
            if c[3] != 'Bool': bad('declare-fun not returning Bool', c)
            preds[c[1]] = c[2]
            for s in c[2]:
                if not is_sort(s): bad('argument sort that is not a sort: ' + show(s), c)
            continue
        if h == 'assert':
            if stage > 2: bad('assert after check-sat', c)
            stage = 2; asserts.append(c[1]); continue
        if h == 'check-sat': stage = 3; continue
        if h == 'exit': stage = 4; continue
        bad('command not allowed: ' + str(h), c)
    if stage < 3: bad('missing (check-sat)', ['check-sat'])
    def is_papp(e):
        return (isinstance(e, str) and e in preds) or (isinstance(e, list) and e and isinstance(e[0], str) and e[0] in preds)
    def has_pred(e):
        if isinstance(e, str): return e in preds
        return any(has_pred(x) for x in e)
    def uses(e, names):
        if isinstance(e, str): return e in names
        return any(uses(x, names) for x in e)
    def walk_kinds(e, acc):
        if isinstance(e, list) and e:
            if e[0] == 'let': acc.add('let inside a constraint (noted)')
            if e[0] == '!': acc.add('annotation (!) inside a constraint')
            if e[0] in ('forall', 'exists'): acc.add('quantifier inside a constraint')
            if e[0] in ('ite',): acc.add('ite in a constraint (allowed, noted)')
            if e[0] == 'if': acc.add('if, not SMT-LIB (ite): Z3 reads it, other solvers do not')
            if e[0] in ('*',) and sum(1 for x in e[1:] if not re.fullmatch(r'-?\d+|\(- \d+\)', show(x))) > 1: acc.add('non-linear multiplication (noted)')
            if e[0] in ('div', 'mod'): acc.add('div/mod (allowed in LIA with numeral divisor, noted)')
            if e[0] in ('select', 'store'): acc.add('arrays in constraints (noted)')
            for x in e: walk_kinds(x, acc)
    nq = 0
    for i, a in enumerate(asserts):
        last = (i == len(asserts) - 1)
        body = a
        if isinstance(body, list) and body and body[0] == '!': bad('(! ... :weight/:named) annotation around the clause', a); body = body[1]
        if isinstance(body, list) and body and body[0] == 'forall':
            vs = body[1]; names = {v[0] for v in vs}
            if not vs: bad('forall with empty variable list', a)
            for v in vs:
                if not (isinstance(v, list) and len(v) == 2 and isinstance(v[0], str) and is_sort(v[1])):
                    bad('variable declaration that is not (symbol sort)', a)
            m = body[2]
            if isinstance(m, list) and m and m[0] == '!': bad('(! ... :weight/:named) annotation around the clause', a); m = m[1]
        else:
            names = set(); m = body
            if is_papp(m):  # bare nullary/ground fact: allowed only as u_predicate
                if isinstance(m, list): bad('ground fact with arguments and no forall', a)
                continue
            bad('clause without (forall (...) ...)', a)
        if isinstance(m, list) and m and m[0] == 'let':
            bad('top-level let (between forall and =>)', a)
            while isinstance(m, list) and m and m[0] == 'let': m = m[2]
        if isinstance(m, list) and m and m[0] == '=>':
            tail, head = m[1], m[2]
        else:
            tail, head = None, m
        if head == 'false':
            nq += 1
            if not last: bad('query (head false) that is not the last assert', a)
        else:
            if not is_papp(head): bad('head is neither a predicate nor false', a)
            else:
                args = head[1:] if isinstance(head, list) else []
                if any(not isinstance(x, str) or x not in names for x in args):
                    bad('head argument that is not a bound variable (constant or expression)', a)
                vs_ = [x for x in args if isinstance(x, str)]
                if len(set(vs_)) != len(vs_): bad('repeated variable among head arguments', a)
            if last: bad('last assert is not a query (head false)', a)
        if tail is not None:
            conj = tail[1:] if isinstance(tail, list) and tail and tail[0] == 'and' else [tail]
            pa = [x for x in conj if is_papp(x)]
            rest = [x for x in conj if not is_papp(x)]
            if any(has_pred(x) for x in rest): bad('predicate nested inside a constraint (not a top-level conjunct)', a)
            if tail == 'true': bad('tail is literally true (allowed, noted)', a)
            if len(pa) > 1: bad('non-linear clause (>1 predicate in body; LIA-nonlin track) (noted)', a)
            for x in pa:
                if isinstance(x, list) and any(not isinstance(y, str) or y not in names for y in x[1:]):
                    bad('body predicate argument not a variable (u_pred_atom takes var*)', a)
            acc = set();
            for x in rest: walk_kinds(x, acc)
            for k in acc: bad(k, a)
    if nq != 1: bad('number of queries (head false) is %d, grammar wants exactly 1' % nq, ['query'])
    return issues, len(asserts), len(preds)

def main():
  # (a constraint's lets nest as deep as its chain of joins: hundreds)
  sys.setrecursionlimit(20000)
  failed = 0
  for p in sys.argv[1:]:
    issues, na, npred = check(p)
    errors = [k for k in issues if '(noted)' not in k and '(allowed' not in k]
    print('== %s: %d predicates, %d asserts: %s' % (p, npred, na, 'DEPARTS' if errors else 'conforms'))
    for k, (cnt, ex) in issues.items():
        print('  %-70s x%-4d e.g. %s' % (k, cnt, ex))
    failed += bool(errors)
  sys.exit(1 if failed else 0)

if __name__ == '__main__':
    main()
