/*
 * interproc_read.c -- Interproc's answer (see interproc_write.c for what it
 * was given).
 *
 * `interproc -domain D -display text prog.spl` prints the program
 * again with a comment "(L<l> C<c>) VALUE" after each point; VALUE is bottom,
 * top or [|c1; ...; cn|] with linear constraints (see the README of the
 * recorded runs). The error is unreachable when every point before a `fail`
 * is bottom; otherwise the answer is unknown (abstract interpretation gives
 * no counterexamples).
 */
#include "external.h"

#include <stdlib.h>
#include <string.h>

/* Whitespace collapsed to single spaces, trimmed. */
static char *squeeze(const char *s, size_t n) {
  char *r = xalloc(n + 1);
  size_t k = 0;
  bool space = false;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = k > 0;
      continue;
    }
    if (space)
      r[k++] = ' ';
    space = false;
    r[k++] = c;
  }
  r[k] = 0;
  return r;
}

typedef struct Lin {
  VEC(const char *) vars;
  VEC(long long) num, den;   /* coefficient num/den of vars[i] */
  long long cnum, cden;      /* constant */
} Lin;

/* A divisor to reduce by: the gcd, 1 when both are 0. */
static long long gcd(long long a, long long b) {
  long long g = gcd_ll(a, b);
  return g ? g : 1;
}

static bool read_uint(const char **s, long long *v) {
  if (**s < '0' || **s > '9')
    return false;
  long long x = 0;
  while (**s >= '0' && **s <= '9') {
    if (__builtin_mul_overflow(x, 10, &x) || __builtin_add_overflow(x, **s - '0', &x))
      return false;
    (*s)++;
  }
  *v = x;
  return true;
}

static bool ident_char(char c, bool first) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         (!first && c >= '0' && c <= '9');
}

/* A linear form as APRON prints it: -3a+b+4, 1/2x-y, x-998. */
static bool read_lin(const char **s, Lin *l) {
  l->cnum = 0;
  l->cden = 1;
  bool any = false;
  for (;;) {
    while (**s == ' ')
      (*s)++;
    int sign = 1;
    if (**s == '+' || **s == '-') {
      sign = **s == '-' ? -1 : 1;
      (*s)++;
    } else if (any) {
      break;
    }
    while (**s == ' ')
      (*s)++;
    long long n = 1, d = 1;
    bool has_num = read_uint(s, &n);
    if (has_num && **s == '/') {
      (*s)++;
      if (!read_uint(s, &d) || d == 0)
        return false;
    }
    if (ident_char(**s, true)) {
      const char *b = *s;
      while (ident_char(**s, false))
        (*s)++;
      vec_push(&l->vars, xstrndup(b, (size_t)(*s - b)));
      vec_push(&l->num, sign * n);
      vec_push(&l->den, d);
    } else if (has_num) {
      /* constant: cnum/cden += sign*n/d */
      long long g = gcd(l->cden, d);
      long long nd, a, b;
      if (__builtin_mul_overflow(l->cden / g, d, &nd) ||
          __builtin_mul_overflow(l->cnum, d / g, &a) ||
          __builtin_mul_overflow(sign * n, l->cden / g, &b) || __builtin_add_overflow(a, b, &a))
        return false;
      l->cnum = a;
      l->cden = nd;
    } else {
      return false;
    }
    any = true;
  }
  return any;
}

/* sum (num_i/den_i) x_i + c, scaled by the denominators' lcm (> 0, so the
 * relation to 0 is unchanged). */
static Z3_ast lin_term(Lin *l) {
  long long m = l->cden;
  for (int i = 0; i < l->vars.len; i++) {
    long long g = gcd(m, l->den.data[i]);
    if (__builtin_mul_overflow(m / g, l->den.data[i], &m))
      return NULL;
  }
  Z3_context z = smt_ctx();
  VEC(Z3_ast) terms = {0};
  for (int i = 0; i < l->vars.len; i++) {
    long long c;
    if (__builtin_mul_overflow(l->num.data[i], m / l->den.data[i], &c))
      return NULL;
    Z3_ast args[2] = {smt_num(c), smt_int_const(l->vars.data[i])};
    vec_push(&terms, Z3_mk_mul(z, 2, args));
  }
  long long c;
  if (__builtin_mul_overflow(l->cnum, m / l->cden, &c))
    return NULL;
  vec_push(&terms, smt_num(c));
  return terms.len == 1 ? terms.data[0] : Z3_mk_add(z, (unsigned)terms.len, terms.data);
}

/* Box form "x in [lo;hi]" with OCaml floats and -oo/+oo. */
static Z3_ast box_constraint(const char *c) {
  const char *in = strstr(c, " in [");
  if (!in)
    return NULL;
  char *var = xstrndup(c, (size_t)(in - c));
  const char *lo = in + 5;
  const char *semi = strchr(lo, ';');
  const char *close = semi ? strchr(semi, ']') : NULL;
  if (!close)
    return NULL;
  Z3_context z = smt_ctx();
  Z3_ast x = smt_int_const(var);
  Z3_ast r = smt_true();
  char *l = xstrndup(lo, (size_t)(semi - lo)), *h = xstrndup(semi + 1, (size_t)(close - semi - 1));
  char *end;
  if (strcmp(l, "-oo")) {
    double v = strtod(l, &end);
    if (end == l)
      return NULL;
    r = smt_and2(r, Z3_mk_ge(z, x, smt_num((long long)__builtin_ceil(v))));
  }
  if (strcmp(h, "+oo")) {
    double v = strtod(h, &end);
    if (end == h)
      return NULL;
    r = smt_and2(r, Z3_mk_le(z, x, smt_num((long long)__builtin_floor(v))));
  }
  return r;
}

/* One constraint: linear form then >=0, >0, =0, <>0 or =0 mod k. */
static Z3_ast constraint(const char *c) {
  if (strstr(c, " in ["))
    return box_constraint(c);
  Lin l = {0};
  const char *s = c;
  if (!read_lin(&s, &l))
    return NULL;
  Z3_ast t = lin_term(&l);
  if (!t)
    return NULL;
  Z3_context z = smt_ctx();
  while (*s == ' ')
    s++;
  Z3_ast zero = smt_num(0);
  if (!strcmp(s, ">=0"))
    return Z3_mk_ge(z, t, zero);
  if (!strcmp(s, ">0"))
    return Z3_mk_gt(z, t, zero);
  if (!strcmp(s, "=0"))
    return Z3_mk_eq(z, t, zero);
  if (!strcmp(s, "<>0"))
    return smt_not(Z3_mk_eq(z, t, zero));
  long long k;
  if (!strncmp(s, "=0 mod ", 7)) {
    s += 7;
    if (read_uint(&s, &k) && k > 0 && !*s)
      return Z3_mk_eq(z, Z3_mk_mod(z, t, smt_num(k)), zero);
  }
  return NULL;
}

Z3_ast interproc_parse_value(const char *text) {
  char *v = squeeze(text, strlen(text));
  if (!strcmp(v, "bottom"))
    return smt_false();
  if (!strcmp(v, "top"))
    return smt_true();
  size_t n = strlen(v);
  if (n < 4 || strncmp(v, "[|", 2) || strcmp(v + n - 2, "|]"))
    return NULL;
  char *inner = xstrndup(v + 2, n - 4);
  Z3_ast r = smt_true();
  /* split on ';' outside brackets (box bounds are "[lo;hi]") */
  int depth = 0;
  char *start = inner;
  for (char *p = inner;; p++) {
    if (*p == '[')
      depth++;
    else if (*p == ']')
      depth--;
    if ((*p == ';' && depth == 0) || !*p) {
      char *c = squeeze(start, (size_t)(p - start));
      if (*c) {
        Z3_ast a = constraint(c);
        /* an unreadable constraint is dropped: a weaker value, still sound */
        if (a)
          r = smt_and2(r, a);
      }
      if (!*p)
        break;
      start = p + 1;
    }
  }
  return r;
}

bool interproc_read_output(const char *out, SplAnnotations *a, const char **why) {
  const char *sec = strstr(out, "Annotated program after forward analysis");
  if (!sec) {
    *why = "no annotated program in Interproc's output";
    return false;
  }
  const char *end = strstr(sec + 1, "Annotated program after");
  if (!end)
    end = sec + strlen(sec);
  for (const char *p = strstr(sec, "/*"); p && p < end; p = strstr(p + 2, "/*")) {
    const char *close = strstr(p + 2, "*/");
    if (!close || close > end)
      break;
    const char *s = p + 2;
    while (*s == ' ' || *s == '\n' || *s == '\t')
      s++;
    int line, col, used = 0;
    if (sscanf(s, "(L%d C%d)%n", &line, &col, &used) != 2 || !used)
      continue;
    s += used;
    Z3_ast value = interproc_parse_value(xstrndup(s, (size_t)(close - s)));
    if (!value) {
      *why = xformat("cannot read Interproc's value at (L%d C%d): %.80s", line, col, s);
      return false;
    }
    SplAnnotation an = {line, col, value};
    vec_push(a, an);
    p = close;
  }
  if (!a->len) {
    *why = "no annotations in Interproc's output";
    return false;
  }
  return true;
}

static Z3_ast value_at(const SplAnnotations *a, int line, int col) {
  for (int i = 0; i < a->len; i++)
    if (a->data[i].line == line && a->data[i].col == col)
      return a->data[i].value;
  return NULL;
}

/* ---- From annotations to invariants ----------------------------------------------------- */

typedef struct Renaming {
  ExtProc *proc;
  bool exit;
} Renaming;

static const char *rename_spl(const char *name, void *arg) {
  Renaming *r = arg;
  for (int i = 0; i < r->proc->names.len; i++) {
    ExtName *n = &r->proc->names.data[i];
    if (!strcmp(n->tool, name)) {
      const char *to = r->exit ? n->at_exit : n->at_loop;
      return to ? to : name_dropped(name);
    }
  }
  return name_dropped(name); /* not a variable of this procedure */
}

static bool keep_name(const char *name, void *arg) {
  (void)arg;
  return !name_is_dropped(name);
}

static void add_invariant(SplText *spl, SplPoint *pt, Z3_ast value, Answer *out) {
  ExtProc *proc = ext_proc_find(&spl->procs, pt->func);
  if (!proc)
    return;
  Renaming r = {proc, pt->kind == SPL_EXIT};
  Z3_ast f = ext_project(ext_rename(value, rename_spl, &r), keep_name, NULL);
  f = Z3_simplify(smt_ctx(), f);
  if (Z3_is_eq_ast(smt_ctx(), f, smt_true()))
    return;
  Invariant inv = {0};
  inv.func = pt->func;
  inv.kind = pt->kind == SPL_EXIT ? POINT_EXIT : POINT_LOOP_HEAD;
  inv.loop = pt->loop;
  inv.loc = pt->loop ? pt->loop->loc : pt->func->loc;
  inv.formula = f;
  inv.source = "interproc";
  vec_push(&out->invariants, inv);
}

void interproc_answer(SplText *spl, const SplAnnotations *a, bool want_invariants, Answer *out) {
  const char *missing = NULL;
  bool all_bottom = true;
  for (int i = 0; i < spl->points.len; i++) {
    SplPoint *pt = &spl->points.data[i];
    Z3_ast v = value_at(a, pt->line, pt->col);
    if (!v) {
      missing = xformat("no annotation at (L%d C%d) in Interproc's output", pt->line, pt->col);
      if (pt->kind == SPL_FAIL)
        all_bottom = false;
      continue;
    }
    if (pt->kind == SPL_FAIL) {
      if (smt_check(v, 5) != Z3_L_FALSE)
        all_bottom = false;
    } else if (want_invariants) {
      add_invariant(spl, pt, v, out);
    }
  }
  if (all_bottom) {
    out->verdict = VERDICT_TRUE;
  } else {
    out->verdict = VERDICT_UNKNOWN;
    out->reason = missing ? missing
                          : "Interproc's invariants do not exclude the error (abstract "
                            "interpretation gives no counterexamples)";
  }
}
