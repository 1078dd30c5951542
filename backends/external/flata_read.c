/*
 * flata_read.c -- Flata's answer (see flata_write.c for what it was given).
 *
 * The last verdict line decides ("No error state reachable." true,
 * "Error state is reachable." false, "Spurious ..."/"not successful"
 * unknown); the relation after "Final-state reachability relation:" (or the
 * "Summary relation:" of a recursive run, names p<N>_i1_x / p<N>_o1_x) is a
 * disjunction of conjunctions of linear constraints (`0-1` constants, `k|t`
 * divisibility), read into a formula over x (entry) and x' (exit), then
 * renamed into the invariant of main's exit (POINT_EXIT).
 */
#include "external.h"

#include <string.h>

/* Recursive descent over Flata's constraint syntax:
 *   conj := constraint (',' constraint)*
 *   constraint := term rel term | number '|' term
 *   term := ['-'] prod (('+' | '-') prod)*
 *   prod := number ['*' atom] | atom;  atom := name ["'"] | '(' term ')'  */
typedef struct Rd {
  const char *s;
  bool summary;        /* p<N>_i1_x is x, p<N>_o1_x is x' */
  bool bad;
} Rd;

static void skip_ws(Rd *r) {
  while (*r->s == ' ' || *r->s == '\t' || *r->s == '\n' || *r->s == '\r')
    r->s++;
}

static bool peek(Rd *r, const char *tok) {
  skip_ws(r);
  return !strncmp(r->s, tok, strlen(tok));
}

static bool eat(Rd *r, const char *tok) {
  if (!peek(r, tok))
    return false;
  r->s += strlen(tok);
  return true;
}

static bool name_char(char c, bool first) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
         (!first && c >= '0' && c <= '9');
}

/* p<digits>_i<digits>_x -> x, p<digits>_o<digits>_x -> x' */
static const char *summary_name(const char *n) {
  const char *s = n;
  if (*s++ != 'p' || *s < '0' || *s > '9')
    return NULL;
  while (*s >= '0' && *s <= '9')
    s++;
  if (*s++ != '_' || (*s != 'i' && *s != 'o'))
    return NULL;
  bool out = *s++ == 'o';
  if (*s < '0' || *s > '9')
    return NULL;
  while (*s >= '0' && *s <= '9')
    s++;
  if (*s++ != '_' || !*s)
    return NULL;
  return out ? name_with(s, NAME_AFTER) : xstrdup(s);
}

static Z3_ast term(Rd *r);

static Z3_ast number(Rd *r) {
  skip_ws(r);
  const char *b = r->s;
  while (*r->s >= '0' && *r->s <= '9')
    r->s++;
  if (r->s == b)
    return NULL;
  char *digits = xstrndup(b, (size_t)(r->s - b));
  return Z3_mk_numeral(smt_ctx(), digits, Z3_mk_int_sort(smt_ctx()));
}

static Z3_ast atom(Rd *r) {
  skip_ws(r);
  if (eat(r, "(")) {
    Z3_ast t = term(r);
    if (!t || !eat(r, ")"))
      return NULL;
    return t;
  }
  if (!name_char(*r->s, true))
    return NULL;
  const char *b = r->s;
  while (name_char(*r->s, false))
    r->s++;
  if (*r->s == '\'')
    r->s++;
  const char *n = xstrndup(b, (size_t)(r->s - b));
  if (r->summary) {
    const char *m = summary_name(n);
    if (m)
      n = m;
  }
  return smt_int_const(n);
}

static Z3_ast prod(Rd *r) {
  skip_ws(r);
  if (*r->s >= '0' && *r->s <= '9') {
    Z3_ast k = number(r);
    if (!eat(r, "*"))
      return k;
    Z3_ast a = atom(r);
    if (!a)
      return NULL;
    Z3_ast args[2] = {k, a};
    return Z3_mk_mul(smt_ctx(), 2, args);
  }
  return atom(r);
}

static Z3_ast term(Rd *r) {
  Z3_context z = smt_ctx();
  bool neg = eat(r, "-");
  Z3_ast t = prod(r);
  if (!t)
    return NULL;
  if (neg)
    t = Z3_mk_unary_minus(z, t);
  for (;;) {
    /* "-" but not the start of "->" (never inside a relation anyway) */
    bool plus = peek(r, "+");
    bool minus = peek(r, "-") && r->s[1] != '>';
    if (!plus && !minus)
      return t;
    r->s++;
    Z3_ast u = prod(r);
    if (!u)
      return NULL;
    Z3_ast args[2] = {t, u};
    t = plus ? Z3_mk_add(z, 2, args) : Z3_mk_sub(z, 2, args);
  }
}

static Z3_ast constraint(Rd *r) {
  Z3_context z = smt_ctx();
  const char *save = r->s;
  skip_ws(r);
  if (*r->s >= '0' && *r->s <= '9') { /* k|t: k divides t */
    Z3_ast k = number(r);
    if (eat(r, "|")) {
      Z3_ast t = term(r);
      return t ? Z3_mk_eq(z, Z3_mk_mod(z, t, k), smt_num(0)) : NULL;
    }
    r->s = save;
  }
  Z3_ast l = term(r);
  if (!l)
    return NULL;
  static const char *const ops[] = {"<=", ">=", "!=", "=", "<", ">"};
  int op = -1;
  for (int i = 0; i < 6 && op < 0; i++)
    if (eat(r, ops[i]))
      op = i;
  Z3_ast rt = op >= 0 ? term(r) : NULL;
  if (!rt)
    return NULL;
  switch (op) {
  case 0: return Z3_mk_le(z, l, rt);
  case 1: return Z3_mk_ge(z, l, rt);
  case 2: return smt_not(Z3_mk_eq(z, l, rt));
  case 3: return Z3_mk_eq(z, l, rt);
  case 4: return Z3_mk_lt(z, l, rt);
  default: return Z3_mk_gt(z, l, rt);
  }
}

/* c1, c2, ... up to (not including) the closing token */
static Z3_ast conjunction(Rd *r, const char *close) {
  Z3_ast f = smt_true();
  if (peek(r, close))
    return f;
  for (;;) {
    if (eat(r, "true")) {
    } else if (eat(r, "false")) {
      f = smt_false();
    } else {
      Z3_ast c = constraint(r);
      if (!c)
        return NULL;
      f = smt_and2(f, c);
    }
    if (!eat(r, ","))
      return f;
  }
}

/* "src -> dst {conj}" lines, or "false" */
static Z3_ast final_disjuncts(Rd *r) {
  Z3_ast f = smt_false();
  for (;;) {
    skip_ws(r);
    if (!*r->s)
      return f;
    if (eat(r, "false"))
      continue;
    if (!name_char(*r->s, true))
      return NULL;
    while (*r->s && *r->s != '{' && *r->s != '\n')
      r->s++;
    if (!eat(r, "{"))
      return NULL;
    Z3_ast c = conjunction(r, "}");
    if (!c || !eat(r, "}"))
      return NULL;
    f = smt_or2(f, c);
  }
}

/* "(conj) ||\n (conj)" */
static Z3_ast summary_disjuncts(Rd *r) {
  Z3_ast f = smt_false();
  if (eat(r, "false"))
    return f;
  do {
    if (!eat(r, "("))
      return NULL;
    Z3_ast c = conjunction(r, ")");
    if (!c || !eat(r, ")"))
      return NULL;
    f = smt_or2(f, c);
  } while (eat(r, "||"));
  skip_ws(r);
  return *r->s ? NULL : f;
}

Z3_ast flata_parse_relation(const char *text) {
  Rd r = {text, false, false};
  skip_ws(&r);
  if (*r.s == '(') {
    r.summary = true;
    return summary_disjuncts(&r);
  }
  return final_disjuncts(&r);
}

/* The last occurrence of needle in s, or NULL. */
static const char *last(const char *s, const char *needle) {
  const char *found = NULL;
  for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
    found = p;
  return found;
}

static const char *later(const char *a, const char *b) { return !a ? b : !b ? a : a > b ? a : b; }

/* The relation printed after the verdict: between "final:" and "error:". */
static Z3_ast final_relation(const char *after) {
  const char *block = strstr(after, "Final-state reachability relation:");
  const char *fin = block ? strstr(block, "final:") : NULL;
  const char *err = fin ? strstr(fin, "error:") : NULL;
  if (!err)
    return NULL;
  fin += strlen("final:");
  return flata_parse_relation(xstrndup(fin, (size_t)(err - fin)));
}

/* The summary of a recursive run: from "Summary relation:" to the end. */
static Z3_ast summary_relation(const char *out) {
  const char *s = last(out, "Summary relation:");
  if (!s)
    return NULL;
  s += strlen("Summary relation:");
  const char *e = s;
  /* the disjuncts, up to the first line that is not part of them */
  for (const char *line = s;;) {
    const char *nl = strchr(line, '\n');
    const char *b = line;
    while (*b == ' ' || *b == '\t')
      b++;
    bool part = *b == '(' || !strncmp(b, "false", 5) || (line == s);
    if (!part && b != (nl ? nl : b + strlen(b)))
      break;
    e = nl ? nl : line + strlen(line);
    if (!nl)
      break;
    line = nl + 1;
  }
  return flata_parse_relation(xstrndup(s, (size_t)(e - s)));
}

FlataOutput flata_read_output(const char *out) {
  FlataOutput r = {0};
  r.verdict = VERDICT_UNKNOWN;
  if (strstr(out, "Problem when launching Yices")) {
    r.reason = "Flata could not start its solver: it needs the yices (Yices 1) executable in PATH";
    return r;
  }
  r.recursive = strstr(out, "Recursive input.") != NULL;
  const char *safe = last(out, "No error state reachable.");
  const char *unsafe = last(out, "Error state is reachable");
  const char *dunno = later(later(last(out, "Spurious counter-example"), last(out, "Spurious CE")),
                            last(out, "Analysis was not successful"));
  if (r.recursive) {
    /* the rounds under-approximate: an error is real, safety needs the fixpoint */
    if (unsafe) {
      r.verdict = VERDICT_FALSE;
    } else if (strstr(out, "Fixpoint reached") && safe) {
      r.verdict = VERDICT_TRUE;
      r.relation = summary_relation(out);
    } else {
      r.reason = dunno ? ext_line_with(dunno, dunno[0] == 'S' ? "Spurious" : "Analysis")
                       : "Flata's k-bounded analysis of the recursive program reached no fixpoint";
    }
    return r;
  }
  const char *v = later(later(safe, unsafe), dunno);
  if (!v) {
    char *exc = ext_line_with(out, "Exception");
    if (!exc)
      exc = ext_line_with(out, "rror:");
    r.reason = exc ? xformat("Flata failed: %s", exc) : "Flata gave no verdict";
    return r;
  }
  if (v == safe) {
    r.verdict = VERDICT_TRUE;
    r.relation = final_relation(safe);
  } else if (v == unsafe) {
    r.verdict = VERDICT_FALSE;
    const char *trace = strstr(unsafe, "Counter-example trace:");
    if (trace) {
      trace += strlen("Counter-example trace:");
      const char *end = strstr(trace, "running time");
      r.trace = end ? xstrndup(trace, (size_t)(end - trace)) : xstrdup(trace);
    }
    char *exc = ext_line_with(unsafe, "Exception");
    if (exc)
      r.reason = xformat("Flata crashed while printing the counterexample: %s", exc);
  } else {
    r.reason = xformat("Flata: %s", ext_line_with(v, v[0] == 'S' ? "Spurious" : "Analysis"));
  }
  return r;
}

/* ---- From the relation to main's exit invariant ---------------------------------------- */

static const char *rename_nts(const char *name, void *arg) {
  const NtsText *nts = arg;
  const char *base;
  bool primed = name_role(name, &base) == NAME_AFTER;
  if (!primed)
    base = name;
  for (int i = 0; i < nts->main->names.len; i++) {
    const ExtName *m = &nts->main->names.data[i];
    if (strcmp(m->tool, base))
      continue;
    const char *to = primed ? m->at_exit : m->at_entry;
    return to ? to : name_dropped(name);
  }
  return name_dropped(name);
}

static bool keep_name(const char *name, void *arg) {
  (void)arg;
  return !name_is_dropped(name);
}

Invariant flata_invariant(const NtsText *nts, Z3_ast relation) {
  Invariant inv = {0};
  inv.func = nts->main->func;
  inv.kind = POINT_EXIT;
  inv.loc = nts->main->func->loc;
  inv.source = "flata";
  Z3_ast f = ext_rename(relation, rename_nts, (void *)nts);
  inv.formula = Z3_simplify(smt_ctx(), ext_project(f, keep_name, NULL));
  return inv;
}
