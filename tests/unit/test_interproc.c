/* Interproc back-end: the SPL writer (checked by parsing the SPL back with a
 * recursive-descent checker of Interproc's grammar, which also numbers the
 * control points as Interproc does -- validated on the recorded runs), the
 * reader (on the recorded outputs), the mapping of annotations to loop heads
 * and exits, and running the tool (fake tools; the real one when
 * installed). */
#include "helpers.h"

#include "external.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Real Interproc runs (inputs and outputs), kept in the repository: see
 * tests/data/recorded/README.md. */
#define RECORDED A2S_SOURCE_DIR "/tests/data/recorded/interproc/"

static Program *load(const char *example, const char *entry, const CellOptions *opt) {
  char *path = xformat("%s/examples/%s", A2S_SOURCE_DIR, example);
  diag_capture(true);
  Program *p = parse_program(path, 0, NULL, entry);
  if (p)
    p = normalize_program(p);
  CellOptions none = {0};
  if (p)
    p = abstract_cells(p, opt ? opt : &none);
  diag_capture(false);
  return p;
}

static char *slurp(const char *path) {
  char *s = file_read(path, 0);
  if (!s)
    fail_msg("cannot read %s", path);
  return s;
}

/* ======================================================================
 * An SPL checker (spl_yacc.mly / spl_lex.mll of Interproc)
 * ====================================================================== */

typedef struct Tok {
  const char *text;
  int line, col;       /* col: just after the token, as Interproc's points */
} Tok;

typedef struct Pt {
  int line, col;
} Pt;

typedef VEC(Pt) Pts;

typedef struct SProc {
  const char *name;
  StrVec ins, outs, locals;
} SProc;

typedef struct Call {
  const char *callee;
  int nargs, nouts;
} Call;

typedef struct S {
  VEC(Call) calls;
  VEC(Tok) toks;
  int i;
  const char *err;
  bool bools;          /* accept bool declarations and values */
  VEC(SProc *) procs;
  SProc *proc;
  Pt last;             /* the last point */
  Pts points, before_while, before_fail, exits;
} S;

static bool idc(char c, bool first) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         (!first && c >= '0' && c <= '9');
}

/* Tokens as spl_lex.mll makes them. */
static const char *lex(S *s, const char *src) {
  int line = 1, col = 0;
  const char *p = src;
  while (*p) {
    if (*p == '\n') {
      line++;
      col = 0;
      p++;
      continue;
    }
    if (*p == ' ' || *p == '\t' || *p == '\r') {
      p++;
      col++;
      continue;
    }
    if (p[0] == '/' && p[1] == '*') {
      int depth = 0;
      do {
        if (p[0] == '/' && p[1] == '*') {
          depth++;
          p += 2;
          col += 2;
        } else if (p[0] == '*' && p[1] == '/') {
          depth--;
          p += 2;
          col += 2;
        } else if (*p == '\n') {
          line++;
          col = 0;
          p++;
        } else if (!*p) {
          return "unterminated comment";
        } else {
          p++;
          col++;
        }
      } while (depth);
      continue;
    }
    if (p[0] == '/' && p[1] == '/') {
      while (*p && *p != '\n')
        p++;
      continue;
    }
    const char *b = p;
    if (idc(*p, true)) {
      while (idc(*p, false))
        p++;
    } else if (*p >= '0' && *p <= '9') {
      while (*p >= '0' && *p <= '9')
        p++;
      if (*p == '/' && p[1] >= '0' && p[1] <= '9')
        for (p++; *p >= '0' && *p <= '9'; p++)
          ;
    } else if (strchr("+-*/%", *p)) {
      p++;
      /* optional typing/rounding suffix: _i, _i,0, _i,-oo ... */
      if (*p == '_' && strchr("ifdlq", p[1])) {
        p += 2;
        if (*p == ',') {
          static const char *const rnd[] = {"n", "0", "+oo", "-oo", "?", NULL};
          bool ok = false;
          for (int k = 0; rnd[k] && !ok; k++)
            if (!strncmp(p + 1, rnd[k], strlen(rnd[k]))) {
              p += 1 + strlen(rnd[k]);
              ok = true;
            }
          if (!ok)
            return "bad rounding suffix";
        }
      }
    } else if (!strncmp(p, "<=", 2) || !strncmp(p, ">=", 2) || !strncmp(p, "==", 2) ||
               !strncmp(p, "!=", 2)) {
      p += 2;
    } else if (strchr("<>=(),;:", *p)) {
      p++;
    } else {
      return xformat("lexing: empty token at line %d", line);
    }
    col += (int)(p - b);
    Tok t = {xstrndup(b, (size_t)(p - b)), line, col};
    vec_push(&s->toks, t);
  }
  return NULL;
}

static const char *peek(S *s) { return s->i < s->toks.len ? s->toks.data[s->i].text : ""; }

static void fail_at(S *s, const char *what) {
  if (!s->err)
    s->err = xformat("%s at token %d '%s' (line %d)", what, s->i, peek(s),
                     s->i < s->toks.len ? s->toks.data[s->i].line : -1);
}

static bool is(S *s, const char *t) { return !strcmp(peek(s), t); }

static bool take(S *s, const char *t) {
  if (!is(s, t))
    return false;
  s->i++;
  return true;
}

static bool need(S *s, const char *t) {
  if (take(s, t))
    return true;
  fail_at(s, xformat("expected '%s'", t));
  return false;
}

/* The token just taken defines a point. */
static void point(S *s) {
  Tok *t = &s->toks.data[s->i - 1];
  Pt p = {t->line, t->col};
  s->last = p;
  vec_push(&s->points, p);
}

static bool keyword(const char *t) {
  static const char *const kws[] = {"proc", "var", "true", "false", "assume", "halt", "fail",
                                    "skip", "while", "returns", "done", "end", "endif", "if",
                                    "int", "real", "bool", "not", "and", "or", "brandom",
                                    "random", "do", "then", "else", "begin", NULL};
  for (int i = 0; kws[i]; i++)
    if (!strcmp(kws[i], t))
      return true;
  return false;
}

static const char *id(S *s) {
  const char *t = peek(s);
  if (!idc(t[0], true) || keyword(t)) {
    fail_at(s, "expected an identifier");
    return NULL;
  }
  s->i++;
  return t;
}

static bool has(const StrVec *v, const char *n) {
  for (int i = 0; i < v->len; i++)
    if (!strcmp(v->data[i], n))
      return true;
  return false;
}

static void use_var(S *s, const char *n, bool written) {
  if (!n)
    return;
  SProc *p = s->proc;
  if (!has(&p->ins, n) && !has(&p->outs, n) && !has(&p->locals, n))
    fail_at(s, xformat("undeclared variable '%s'", n));
  else if (written && has(&p->ins, n))
    fail_at(s, xformat("input '%s' assigned", n));
}

static void iexpr(S *s);

static void iexpr3(S *s) {
  const char *t = peek(s);
  if (take(s, "(")) {
    iexpr(s);
    need(s, ")");
  } else if (t[0] >= '0' && t[0] <= '9') {
    s->i++;
  } else {
    use_var(s, id(s), false);
  }
}

static void iexpr2(S *s) {
  if (peek(s)[0] == '-' && strlen(peek(s)) == 1) {
    s->i++;
    iexpr2(s);
  } else {
    iexpr3(s);
  }
}

static bool op_tok(const char *t, const char *ops) { return t[0] && strchr(ops, t[0]) && (t[1] == 0 || t[1] == '_'); }

static void iexpr1(S *s) {
  iexpr2(s);
  while (op_tok(peek(s), "*/%")) {
    s->i++;
    iexpr2(s);
  }
}

static void iexpr(S *s) {
  iexpr1(s);
  while (op_tok(peek(s), "+-")) {
    s->i++;
    iexpr1(s);
  }
}

static bool relop(S *s) {
  static const char *const ops[] = {"==", "!=", "<=", ">=", "<", ">", NULL};
  for (int i = 0; ops[i]; i++)
    if (take(s, ops[i]))
      return true;
  return false;
}

static void bexpr(S *s);

static void batom(S *s) {
  if (take(s, "true") || take(s, "false") || take(s, "brandom"))
    return;
  if (is(s, "(")) { /* ( bexpr ) or an arithmetic expression in parentheses */
    int save = s->i;
    const char *err = s->err;
    s->i++;
    bexpr(s);
    if (!s->err && take(s, ")"))
      return;
    s->i = save;
    s->err = err;
  }
  iexpr(s);
  if (!relop(s))
    fail_at(s, "expected a comparison");
  iexpr(s);
}

static void bnot(S *s) {
  if (take(s, "not"))
    bnot(s);
  else
    batom(s);
}

static void band(S *s) {
  bnot(s);
  while (take(s, "and"))
    bnot(s);
}

static void bexpr(S *s) {
  band(s);
  while (take(s, "or"))
    band(s);
}

static SProc *find(S *s, const char *name) {
  for (int i = 0; i < s->procs.len; i++)
    if (!strcmp(s->procs.data[i]->name, name))
      return s->procs.data[i];
  return NULL;
}

static int var_list(S *s, const char *close, bool written) {
  int n = 0;
  if (is(s, close))
    return 0;
  do {
    use_var(s, id(s), written);
    n++;
  } while (take(s, ","));
  return n;
}

/* Calls are checked once every procedure is known (Interproc looks them up
 * in a table of all procedures: a call may come before the definition). */
static void call_rest(S *s, int nouts) {
  const char *callee = id(s);
  need(s, "(");
  int nargs = var_list(s, ")", false);
  need(s, ")");
  Call c = {callee, nargs, nouts};
  vec_push(&s->calls, c);
}

static void check_calls(S *s) {
  for (int i = 0; i < s->calls.len && !s->err; i++) {
    Call *k = &s->calls.data[i];
    SProc *c = k->callee ? find(s, k->callee) : NULL;
    if (!c)
      s->err = xformat("call of an unknown procedure '%s'", k->callee ? k->callee : "?");
    else if (c->ins.len != k->nargs || c->outs.len != k->nouts)
      s->err = xformat("call of '%s' with %d arguments and %d results", k->callee, k->nargs,
                       k->nouts);
  }
}

static void instr_seq(S *s, const char *end1, const char *end2);

static void instruction(S *s) {
  if (take(s, "skip") || take(s, "halt"))
    return;
  if (take(s, "fail")) {
    vec_push(&s->before_fail, s->last);
    return;
  }
  if (take(s, "assume")) {
    bexpr(s);
    return;
  }
  if (take(s, "if")) {
    bexpr(s);
    need(s, "then");
    point(s);
    instr_seq(s, "else", "endif");
    if (take(s, "else")) {
      point(s);
      instr_seq(s, "endif", NULL);
    }
    need(s, "endif");
    return;
  }
  if (is(s, "while")) {
    vec_push(&s->before_while, s->last);
    s->i++;
    bexpr(s);
    need(s, "do");
    point(s);
    instr_seq(s, "done", NULL);
    need(s, "done");
    return;
  }
  if (take(s, "(")) {
    int n = var_list(s, ")", true);
    need(s, ")");
    need(s, "=");
    call_rest(s, n);
    return;
  }
  const char *v = id(s);
  use_var(s, v, true);
  need(s, "=");
  if (take(s, "random") || (s->bools && (take(s, "true") || take(s, "false") || take(s, "brandom"))))
    return;
  if (s->i + 1 < s->toks.len && idc(peek(s)[0], true) && !keyword(peek(s)) &&
      !strcmp(s->toks.data[s->i + 1].text, "(")) {
    call_rest(s, 1);
    return;
  }
  iexpr(s);
}

/* one or more instructions, each followed by ';' (a point) */
static void instr_seq(S *s, const char *end1, const char *end2) {
  int n = 0;
  while (!s->err && s->i < s->toks.len && !is(s, end1) && !(end2 && is(s, end2)) && !is(s, "end")) {
    instruction(s);
    need(s, ";");
    point(s);
    n++;
  }
  if (!n)
    fail_at(s, "empty instruction sequence");
}

static void decls(S *s, StrVec *out, const char *close) {
  if (is(s, close))
    return;
  do {
    const char *n = id(s);
    need(s, ":");
    if (!take(s, "int") && !take(s, "real") && !(s->bools && take(s, "bool")))
      fail_at(s, "expected a type");
    if (n)
      vec_push(out, n);
  } while (take(s, ","));
}

static void body(S *s) {
  if (take(s, "var")) {
    decls(s, &s->proc->locals, ";");
    need(s, ";");
  }
  need(s, "begin");
  point(s);
  instr_seq(s, "end", NULL);
  need(s, "end");
  vec_push(&s->exits, s->last);
}

typedef struct SplCheck {
  const char *err;
  Pts points, before_while, before_fail, exits;
} SplCheck;

static SplCheck spl_check(const char *text, bool bools) {
  S s = {0};
  s.bools = bools;
  SplCheck r = {0};
  r.err = lex(&s, text);
  if (r.err)
    return r;
  while (!s.err && take(&s, "proc")) {
    SProc *p = xalloc(sizeof *p);
    s.proc = p;
    p->name = id(&s);
    vec_push(&s.procs, p);
    need(&s, "(");
    decls(&s, &p->ins, ")");
    need(&s, ")");
    need(&s, "returns");
    need(&s, "(");
    decls(&s, &p->outs, ")");
    need(&s, ")");
    body(&s);
  }
  if (!s.err) {
    SProc *m = xalloc(sizeof *m);
    m->name = "";
    s.proc = m;
    body(&s);
  }
  if (!s.err && s.i != s.toks.len)
    fail_at(&s, "text after the main program");
  if (!s.err)
    check_calls(&s);
  r.err = s.err;
  r.points = s.points;
  r.before_while = s.before_while;
  r.before_fail = s.before_fail;
  r.exits = s.exits;
  return r;
}

static SplCheck check_spl(const char *text, bool bools) {
  SplCheck c = spl_check(text, bools);
  if (c.err)
    fail_msg("SPL rejected: %s\n%s", c.err, text);
  return c;
}

static bool same_point(Pt a, int line, int col) { return a.line == line && a.col == col; }

/* ======================================================================
 * Tests: the checker against the recorded runs
 * ====================================================================== */

/* Every point the checker finds in a recorded input is annotated in
 * Interproc's output, and nothing else is: the column rule is right. */
static void recorded_points(void **state) {
  (void)state;
  static const struct {
    const char *spl, *out;
  } runs[] = {
      {"slice_init.spl", "slice_init_polka.out"},
      {"slice_init_focused.spl", "slice_init_focused_polka.out"},
      {"sentinel_onecell.spl", "sentinel_onecell_polka.out"},
      {"sentinel_onecell_param.spl", "sentinel_onecell_param_polka.out"},
      {"sentinel_onecell_focused.spl", "sentinel_onecell_focused_polka.out"},
      {"reverse_instrumented.spl", "reverse_instrumented_polka.out"},
      {"reverse_instrumented.spl", "reverse_instrumented_polka_margin1000.out"},
      {"reverse_instrumented.spl", "reverse_instrumented_ppl.out"},
      {"reverse_transformed.spl", "reverse_transformed_polka.out"},
  };
  for (size_t k = 0; k < sizeof runs / sizeof *runs; k++) {
    SplCheck c = check_spl(slurp(xformat(RECORDED "%s", runs[k].spl)), false);
    SplAnnotations a = {0};
    const char *why = NULL;
    if (!interproc_read_output(slurp(xformat(RECORDED "%s", runs[k].out)), &a, &why))
      fail_msg("%s: %s", runs[k].out, why);
    assert_int_equal(a.len, c.points.len);
    for (int i = 0; i < a.len; i++) {
      bool found = false;
      for (int j = 0; j < c.points.len; j++)
        found |= same_point(c.points.data[j], a.data[i].line, a.data[i].col);
      if (!found)
        fail_msg("%s: (L%d C%d) is not a point of the input", runs[k].out, a.data[i].line,
                 a.data[i].col);
    }
  }
  const char *err = spl_check(slurp(RECORDED "syntax_error.spl"), false).err;
  assert_non_null(err);
}

/* ======================================================================
 * Tests: the reader
 * ====================================================================== */

static Z3_ast value_at(SplAnnotations *a, int line, int col) {
  for (int i = 0; i < a->len; i++)
    if (a->data[i].line == line && a->data[i].col == col)
      return a->data[i].value;
  fail_msg("no annotation at (L%d C%d)", line, col);
  return NULL;
}

static SplAnnotations read_recorded(const char *name) {
  SplAnnotations a = {0};
  const char *why = NULL;
  if (!interproc_read_output(slurp(xformat(RECORDED "%s", name)), &a, &why))
    fail_msg("%s: %s", name, why);
  return a;
}

static void equivalent(Z3_ast a, const char *expected, const char *const *names, int n) {
  assert_non_null(a);
  Z3_ast b = smt_parse(expected, names, n);
  assert_non_null(b);
  if (!smt_equivalent(a, b, 10))
    fail_msg("not equivalent:\n  got      %s\n  expected %s", smt_text(a), smt_text(b));
}

static void reads_values(void **state) {
  (void)state;
  const char *sn[] = {"n", "x", "low", "high", "i"};
  SplAnnotations a = read_recorded("slice_init_polka.out");
  /* README: the exit [|-high+i=0; -high+n>=0; x>=0; n-x-1>=0; low>=0; high-low>=0|] */
  equivalent(value_at(&a, 19, 7),
             "(and (= i high) (<= high n) (<= 0 x) (< x n) (<= 0 low) (<= low high))", sn, 5);
  /* the loop head (the point before while), over two lines in the output */
  equivalent(value_at(&a, 13, 10), "(and (<= high n) (<= 0 x) (< x n) (<= 0 low) (<= low i) (<= i high))",
             sn, 5);
  a = read_recorded("example_maccarthy91_polka.out");
  assert_true(smt_equivalent(value_at(&a, 12, 16), smt_false(), 5)); /* bottom */
  assert_true(smt_equivalent(value_at(&a, 6, 5), smt_true(), 5));    /* top */
  const char *mn[] = {"n", "r"};
  equivalent(value_at(&a, 13, 8), "(and (= r (- n 10)) (>= n 101))", mn, 2);
  /* boxes, octagons, and boxes printed as intervals */
  const char *in[] = {"i", "x", "y"};
  a = read_recorded("example_incr_box.out");
  equivalent(value_at(&a, 11, 7), "(= i 11)", in, 3);
  a = read_recorded("example_incr_octagon.out");
  equivalent(value_at(&a, 3, 10),
             "(and (<= 0 x) (<= x 10) (= y (+ x 1)))", in, 3);
  a = read_recorded("example_incr_polka_printbox.out");
  equivalent(value_at(&a, 3, 10), "(and (<= 0 x) (<= x 10) (<= 1 y) (<= y 11))", in, 3);
  assert_true(smt_equivalent(value_at(&a, 7, 5), smt_true(), 5)); /* [||] */
  /* rationals and several lines per value */
  assert_non_null(interproc_parse_value("[|1/2x-y+3/4>=0;\n   x =0 mod 2|]"));
  const char *xy[] = {"x", "y"};
  equivalent(interproc_parse_value("[|1/2x-y+3/4>=0; x-2>=0|]"),
             "(and (>= (+ (* 2 x) (* -4 y) 3) 0) (>= x 2))", xy, 2);
}

/* Line breaks do not change a value: the margin 1000 run prints the same;
 * and ppl agrees with polka on the exit. */
static void reads_layouts(void **state) {
  (void)state;
  SplAnnotations a = read_recorded("reverse_instrumented_polka.out");
  SplAnnotations b = read_recorded("reverse_instrumented_polka_margin1000.out");
  assert_int_equal(a.len, b.len);
  for (int i = 0; i < a.len; i++)
    assert_true(smt_equivalent(a.data[i].value, value_at(&b, a.data[i].line, a.data[i].col), 10));
  SplAnnotations c = read_recorded("reverse_instrumented_ppl.out");
  assert_true(smt_equivalent(value_at(&a, 59, 7), value_at(&c, 59, 7), 10));
  const char *rn[] = {"i", "j", "n", "x", "y", "z"};
  /* README: the exit relates only indices and flags */
  Z3_ast exit = value_at(&a, 59, 7);
  Z3_ast facts = smt_parse("(and (= (+ i j) (+ x y)) (= (+ i j) (- n 1)) (= x z) (>= i j))", rn, 6);
  assert_true(smt_implies(exit, facts, 10));
}

static void reads_failures(void **state) {
  (void)state;
  SplAnnotations a = {0};
  const char *why = NULL;
  assert_false(interproc_read_output(slurp(RECORDED "syntax_error_polka.out"), &a, &why));
  assert_non_null(why);
  assert_null(interproc_parse_value("[|x>=0"));
  assert_null(interproc_parse_value("something"));
}

/* ======================================================================
 * Tests: the writer
 * ====================================================================== */

static void points_match(SplText *spl, SplCheck *c) {
  int nw = 0, ne = 0, nf = 0;
  for (int i = 0; i < spl->points.len; i++) {
    SplPoint *p = &spl->points.data[i];
    Pts *want = p->kind == SPL_LOOP_HEAD ? &c->before_while : p->kind == SPL_EXIT ? &c->exits
                                                                                   : &c->before_fail;
    int *k = p->kind == SPL_LOOP_HEAD ? &nw : p->kind == SPL_EXIT ? &ne : &nf;
    assert_true(*k < want->len);
    if (!same_point(want->data[*k], p->line, p->col))
      fail_msg("point %d: writer (L%d C%d), checker (L%d C%d)", i, p->line, p->col,
               want->data[*k].line, want->data[*k].col);
    (*k)++;
  }
  assert_int_equal(nw, c->before_while.len);
  assert_int_equal(ne, c->exits.len);
  assert_int_equal(nf, c->before_fail.len);
}

static SplText *write_spl(Program *p, bool bools) {
  assert_non_null(p);
  SplText *spl = interproc_write(p, bools);
  assert_non_null(spl);
  SplCheck c = check_spl(spl->text, bools);
  points_match(spl, &c);
  return spl;
}

static void examples_parse(void **state) {
  (void)state;
  const char *files[] = {"slice_init.c", "array_copy.c", "reverse.c", "sentinel.c",
                         "matrix_init.c", "dutch_flag.c"};
  for (size_t i = 0; i < sizeof files / sizeof *files; i++)
    write_spl(load(files[i], NULL, NULL), false);
  write_spl(load("slice_init.c", "slice_init", NULL), false);
  write_spl(load("array_copy.c", "array_copy", NULL), false);
  write_spl(load("matrix_init.c", "array_init_2d", NULL), false);
  CellOptions o = {0};
  CellSpec t = {"t", 2, false, true};
  vec_push(&o.specs, t);
  o.focus = "t_x1 + t_x2 == n - 1";
  o.observers = true;
  SplText *spl = write_spl(load("reverse.c", "array_reverse_inplace", &o), false);
  assert_contains(spl->text, "t_o0_1 = 1;");
  spl = write_spl(load("reverse.c", "array_reverse_inplace", &o), true);
  assert_contains(spl->text, "t_o0_1 : bool");
  assert_contains(spl->text, "t_o0_1 = true;");
}

/* The paper's reversal (Listing 12): three cells, the focus, observers. */
static void reverse_like_paper(void **state) {
  (void)state;
  CellOptions o = {0};
  CellSpec t = {"t", 2, false, true};
  vec_push(&o.specs, t);
  o.focus = "t_x1 + t_x2 == n - 1";
  o.observers = true;
  SplText *spl = write_spl(load("reverse.c", "array_reverse_inplace", &o), false);
  assert_contains(spl->text, "proc array_reverse_inplace (n : int, t_x1 : int, t_v1__in : int, "
                             "t_x2 : int, t_v2__in : int) returns (t_v1 : int, t_v2 : int)");
  assert_contains(spl->text, "  while i < j do\n");
  assert_contains(spl->text, "    if i == t_x1 then\n      t_v1 = tmp2;\n      t_o2_1 = 1;\n");
  assert_contains(spl->text, "  assume t_x1 + t_x2 == n - 1;\n");
  assert_contains(spl->text, "  (t_v1, t_v2) = array_reverse_inplace(n, t_x1, t_v1, t_x2, t_v2);\n");
}

/* Control flow SPL does not have: early returns, break, continue, switch,
 * do-while, through `ctl`. */
static void control_flow(void **state) {
  (void)state;
  Program *p = abstract_text(
      "extern int __VERIFIER_nondet_int(void);\n"
      "extern void __VERIFIER_assert(int);\n"
      "int g;\n"
      "int find(int n, int k) {\n"
      "  for (int i = 0; i < n; i++) { if (i == k) return i; if (i > 100) break; }\n"
      "  return -1; }\n"
      "int main(void) { int n = __VERIFIER_nondet_int(), s = 0, k = 0;\n"
      "  do { k++; if (k == 3) continue; s += k; } while (k < n);\n"
      "  switch (n) { case 1: s = 1; break; case 2: s = 2; default: s = 3; }\n"
      "  g = find(n, 5);\n"
      "  __VERIFIER_assert(s >= 0);\n"
      "  return 0; }\n",
      NULL);
  SplText *spl = write_spl(p, false);
  assert_contains(spl->text, "while ctl == 0 and i < n do");
  assert_contains(spl->text, "ctl = 3;");
  assert_contains(spl->text, "if ctl == 1 then");
  assert_contains(spl->text, "if ctl == 2 then");
  assert_contains(spl->text, "(find_ret) = find(n, arg2);");
  assert_true(strstr(spl->text, "arg1") == NULL);
  assert_contains(spl->text, "fail;");
}

/* ======================================================================
 * Tests: from annotations to invariants
 * ====================================================================== */

/* An output that annotates every point of text with value(point index). */
static char *fake_output(const char *text, const char *(*value)(int line, int col, void *),
                         void *arg) {
  SplCheck c = check_spl(text, false);
  StrBuf t = {0};
  sb_printf(&t, "Annotated program after forward analysis\n");
  for (int i = 0; i < c.points.len; i++)
    sb_printf(&t, "  x = 0; /* (L%d C%d) %s */\n", c.points.data[i].line, c.points.data[i].col,
                value(c.points.data[i].line, c.points.data[i].col, arg));
  return xstrdup(sb_str(&t));
}

static Stmt *first_loop;

static void take_loop(Stmt *s, void *arg) {
  (void)arg;
  if (!first_loop && s->kind == S_LOOP)
    first_loop = s;
}

typedef struct Fake {
  SplText *spl;
  const char *loop_value, *exit_value, *fail_value, *other;
} Fake;

static const char *fake_value(int line, int col, void *arg) {
  Fake *f = arg;
  for (int i = 0; i < f->spl->points.len; i++) {
    SplPoint *p = &f->spl->points.data[i];
    if (p->line != line || p->col != col)
      continue;
    if (p->kind == SPL_LOOP_HEAD && strcmp(p->func->name, "main"))
      return f->loop_value;
    if (p->kind == SPL_EXIT && strcmp(p->func->name, "main"))
      return f->exit_value;
    if (p->kind == SPL_FAIL)
      return f->fail_value;
  }
  return f->other;
}

static void annotations_to_invariants(void **state) {
  (void)state;
  Program *p = load("slice_init.c", "slice_init", NULL);
  SplText *spl = write_spl(p, false);
  Fake f = {spl, "[|i-low>=0; high-i>=0; -a_v1+a_v1__in=0|]",
            "[|-a_v1+v=0; a_x1-low>=0; high-a_x1-1>=0; i-high=0|]", "bottom", "top"};
  SplAnnotations a = {0};
  const char *why = NULL;
  assert_true(interproc_read_output(fake_output(spl->text, fake_value, &f), &a, &why));
  Answer ans = {0};
  interproc_answer(spl, &a, true, &ans);
  assert_int_equal(ans.verdict, VERDICT_TRUE); /* no assertion: nothing can fail */
  Func *si = find_func(p, "slice_init");
  first_loop = NULL;
  stmt_walk(si->body, take_loop, NULL);
  bool loop = false, exit = false;
  for (int i = 0; i < ans.invariants.len; i++) {
    Invariant *inv = &ans.invariants.data[i];
    if (inv->func != si)
      continue;
    if (inv->kind == POINT_LOOP_HEAD) {
      assert_ptr_equal(inv->loop, first_loop);
      const char *names[] = {"i", "low", "high", "a_v1", "a_v1__in"};
      equivalent(inv->formula, "(and (<= low i) (<= i high) (= a_v1 a_v1__in))", names, 5);
      loop = true;
    } else if (inv->kind == POINT_EXIT) {
      /* inputs at entry (x__in), outputs at exit, the local i projected */
      const char *names[] = {"a_v1", "v__in", "a_x1__in", "low__in", "high__in"};
      equivalent(inv->formula,
                 "(and (= a_v1 v__in) (<= low__in a_x1__in) (< a_x1__in high__in) (<= low__in "
                 "high__in))",
                 names, 5);
      exit = true;
    }
  }
  assert_true(loop && exit);
}

/* The verdict: true only when every point before a fail is bottom. */
static void verdicts(void **state) {
  (void)state;
  Program *p = load("array_copy.c", NULL, NULL);
  SplText *spl = write_spl(p, false);
  Fake f = {spl, "top", "top", "bottom", "top"};
  SplAnnotations a = {0};
  const char *why = NULL;
  assert_true(interproc_read_output(fake_output(spl->text, fake_value, &f), &a, &why));
  Answer ans = {0};
  interproc_answer(spl, &a, false, &ans);
  if (ans.verdict != VERDICT_TRUE)
    fail_msg("%s\n%s", ans.reason, spl->text);
  assert_int_equal(ans.invariants.len, 0);
  f.fail_value = "[|a_v1-b_v1-1>=0|]";
  SplAnnotations b = {0};
  assert_true(interproc_read_output(fake_output(spl->text, fake_value, &f), &b, &why));
  Answer ans2 = {0};
  interproc_answer(spl, &b, false, &ans2);
  assert_int_equal(ans2.verdict, VERDICT_UNKNOWN);
  assert_non_null(ans2.reason);
  /* an infeasible conjunction is bottom too */
  f.fail_value = "[|x-1>=0; -x>=0|]";
  SplAnnotations c = {0};
  assert_true(interproc_read_output(fake_output(spl->text, fake_value, &f), &c, &why));
  Answer ans3 = {0};
  interproc_answer(spl, &c, false, &ans3);
  assert_int_equal(ans3.verdict, VERDICT_TRUE);
}

/* ======================================================================
 * Tests: running
 * ====================================================================== */

static char *scratch, *saved_path;

static int setup_scratch(void **state) {
  (void)state;
  saved_path = strdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
  char tmpl[] = "/tmp/a2s-test-interproc-XXXXXX";
  scratch = strdup(mkdtemp(tmpl));
  setenv("TMPDIR", scratch, 1);
  unsetenv("INTERPROC");
  return 0;
}

static int teardown_scratch(void **state) {
  teardown_all(state);
  smt_reset();
  tmpdir_remove(scratch);
  free(scratch);
  scratch = NULL;
  unsetenv("TMPDIR");
  setenv("PATH", saved_path, 1);
  free(saved_path);
  return 0;
}

static const char *script(const char *name, const char *body) {
  char *path = xformat("%s/%s", scratch, name);
  assert_true(file_write(path, xformat("#!/bin/sh\n%s", body)));
  chmod(path, 0755);
  return path;
}

static int leftovers(void) {
  DIR *d = opendir(scratch);
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    n += !strncmp(e->d_name, "a2s-", 4);
  closedir(d);
  return n;
}

static void missing_tool(void **state) {
  (void)state;
  setenv("PATH", "/nonexistent", 1);
  BackendOptions o = {0};
  char why[512];
  assert_false(backend_interproc.available(&o, why, sizeof why));
  assert_contains(why, "Interproc not found");
  assert_contains(why, "INTERPROC");
  assert_contains(why, "--interproc=PATH");
  Answer a = backend_interproc.verify(load("slice_init.c", "slice_init", NULL), &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "Interproc not found");
}

/* A fake interproc answering with annotations at the points of the program
 * it is given; it also records its command line. */
static void fake_interproc_run(void **state) {
  (void)state;
  Program *p = load("slice_init.c", "slice_init", NULL);
  SplText *spl = interproc_write(p, false);
  Fake f = {spl, "[|i-low>=0; high-i>=0|]", "[|-a_v1+v=0|]", "bottom", "top"};
  char *data = xformat("%s/out.txt", scratch);
  assert_true(file_write(data, fake_output(spl->text, fake_value, &f)));
  BackendOptions o = {0};
  o.tool = script("interproc", xformat("echo \"$@\" > %s/args\ncat %s\n", scratch, data));
  o.timeout = 20;
  o.want_invariants = true;
  o.config = "octagon";
  Answer a = backend_interproc.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_TRUE);
  assert_true(a.invariants.len >= 2);
  assert_contains(slurp(xformat("%s/args", scratch)), "-domain octagon -display text ");
  assert_int_equal(leftovers(), 0);
  /* the environment variable works as --interproc */
  setenv("INTERPROC", o.tool, 1);
  o.tool = NULL;
  o.config = NULL;
  a = backend_interproc.invariants(p, &o);
  assert_int_equal(a.verdict, VERDICT_TRUE);
  assert_contains(slurp(xformat("%s/args", scratch)), "-domain polka");
  unsetenv("INTERPROC");
  /* configurations */
  o.tool = script("interproc2", xformat("echo \"$@\" > %s/args\ncat %s\n", scratch, data));
  o.config = "boxes";
  a = backend_interproc.verify(p, &o);
  assert_contains(slurp(xformat("%s/args", scratch)), "-domain box");
  o.config = "trapezoids";
  a = backend_interproc.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "unknown Interproc configuration 'trapezoids'");
}

static void fake_interproc_failures(void **state) {
  (void)state;
  Program *p = load("slice_init.c", "slice_init", NULL);
  BackendOptions o = {0};
  o.timeout = 20;
  o.tool = script("interproc-syntax", xformat("cat %s >&2\nexit 2\n",
                                              RECORDED "syntax_error_polka.out"));
  Answer a = backend_interproc.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "Fatal error: exception Spl_yacc.MenhirBasics.Error");
  o.timeout = 1;
  o.tool = script("interproc-sleeps", "sleep 30\n");
  a = backend_interproc.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "timed out");
  o.timeout = 20;
  o.tool = script("interproc-garbage", "echo hello\n");
  a = backend_interproc.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "no annotated program");
  assert_int_equal(leftovers(), 0);
}

/* The real Interproc, when installed. */
static void live_interproc(void **state) {
  (void)state;
  BackendOptions o = {0};
  char why[512];
  if (!backend_interproc.available(&o, why, sizeof why)) {
    print_message("skipped: %s\n", why);
    skip();
  }
  o.timeout = 60;
  o.want_invariants = true;
  Program *p = load("slice_init.c", "slice_init", NULL);
  Answer a = backend_interproc.verify(p, &o);
  if (a.verdict != VERDICT_TRUE)
    fail_msg("Interproc: %s", a.reason ? a.reason : "false");
  bool loop = false;
  const char *names[] = {"i", "low"};
  for (int i = 0; i < a.invariants.len; i++)
    if (a.invariants.data[i].kind == POINT_LOOP_HEAD) {
      loop = true;
      assert_true(smt_implies(a.invariants.data[i].formula, smt_parse("(<= low i)", names, 2), 10));
    }
  assert_true(loop);
  CellOptions co = {0};
  CellSpec t = {"t", 2, false, true};
  vec_push(&co.specs, t);
  co.focus = "t_x1 + t_x2 == n - 1";
  co.observers = true;
  a = backend_interproc.verify(load("reverse.c", "array_reverse_inplace", &co), &o);
  assert_int_not_equal(a.verdict, VERDICT_FALSE); /* abstract interpretation never says false */
}

static int teardown_z3(void **state) {
  teardown_all(state);
  smt_reset();
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(recorded_points, teardown_z3),
      cmocka_unit_test_teardown(reads_values, teardown_z3),
      cmocka_unit_test_teardown(reads_layouts, teardown_z3),
      cmocka_unit_test_teardown(reads_failures, teardown_z3),
      cmocka_unit_test_teardown(examples_parse, teardown_z3),
      cmocka_unit_test_teardown(reverse_like_paper, teardown_z3),
      cmocka_unit_test_teardown(control_flow, teardown_z3),
      cmocka_unit_test_teardown(annotations_to_invariants, teardown_z3),
      cmocka_unit_test_teardown(verdicts, teardown_z3),
      cmocka_unit_test_setup_teardown(missing_tool, setup_scratch, teardown_scratch),
      cmocka_unit_test_setup_teardown(fake_interproc_run, setup_scratch, teardown_scratch),
      cmocka_unit_test_setup_teardown(fake_interproc_failures, setup_scratch, teardown_scratch),
      cmocka_unit_test_setup_teardown(live_interproc, setup_scratch, teardown_scratch),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
