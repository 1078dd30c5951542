/*
 * smt.c -- formulas as Z3 terms (see smt.h).
 *
 * One context for the whole run, without reference counting: terms live
 * until smt_reset(). Z3 errors are caught by a handler instead of aborting,
 * and reported where the caller can act (a parse error, a timeout).
 */
#include "smt.h"
#include "deadline.h"
#include "names.h"
#include "proc.h"
#include "work.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static Z3_context ctx;
static int nfresh;
/* A solver never checked: its statistics carry the context's resource
 * count (Z3's steps, the measure of the work done: work.h). */
static Z3_solver probe;
/* see smt_set_queries */
static SmtQueries queries = SMT_GENERAL;

static void on_error(Z3_context c, Z3_error_code e) {
  (void)c;
  (void)e; /* callers check Z3_get_error_code where it matters */
}

const char *smt_z3_version(void) {
  unsigned major, minor, build, revision;
  Z3_get_version(&major, &minor, &build, &revision);
  return xformat("%u.%u.%u.%u", major, minor, build, revision);
}

Z3_context smt_ctx(void) {
  if (!ctx) {
    Z3_config cfg = Z3_mk_config();
    Z3_set_param_value(cfg, "model", "true");
    ctx = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    Z3_set_error_handler(ctx, on_error);
    probe = Z3_mk_solver(ctx);
    Z3_solver_inc_ref(ctx, probe);
  }
  return ctx;
}

Work smt_resource_count(Z3_context z, Z3_solver s) {
  Z3_stats st = Z3_solver_get_statistics(z, s);
  Z3_stats_inc_ref(z, st);
  Work n = 0;
  for (unsigned i = 0; i < Z3_stats_size(z, st); i++)
    if (!strcmp(Z3_stats_get_key(z, st, i), "rlimit count"))
      n = Z3_stats_is_uint(z, st, i) ? (Work)Z3_stats_get_uint_value(z, st, i)
                                    : (Work)Z3_stats_get_double_value(z, st, i);
  Z3_stats_dec_ref(z, st);
  return n;
}

/* The resource count of this process's context (Z3 counts the steps of
 * every check, tactic and simplification in it). */
static Work context_count(void) { return ctx ? smt_resource_count(ctx, probe) : 0; }

SmtQueries smt_set_queries(SmtQueries q) {
  SmtQueries old = queries;
  queries = q;
  return old;
}

/* The cost of a check in each kind of query, as time on the reference
 * machine (work.h): a fixed part (making the solver: Z3's simple solver,
 * the SMT core alone, is quick to make; its default one is not) and Z3's
 * steps, in tenths of the reference's work per step (Spacer makes 12
 * million steps a second; the checks of this process 1.9 million
 * (arithmetic) and 2 million (general) a second, besides a millisecond to
 * make a default solver). Fitted to the checks of two examples' searches
 * and a sum over arrays (A2S_WORK_STATS=1, DESIGN.md). */
static const int tenths_per_step[] = {[SMT_ARITHMETIC] = 63, [SMT_GENERAL] = 60};
static const Work overhead_of[] = {[SMT_ARITHMETIC] = WORK_OF_SECONDS(0.00012),
                                   [SMT_GENERAL] = WORK_OF_SECONDS(0.001)};

/* For calibrating the weights (A2S_WORK_STATS=1: on stderr at the end):
 * Z3's steps and the seconds they took, per weight. */
static struct { Work steps; double seconds; long checks; } calibration[2];
static double check_began;

static void print_calibration(void) {
  for (int w = 0; w < 2; w++)
    if (calibration[w].checks)
      fprintf(stderr, "smt: %s: %ld checks, %lld steps, %.2f s, %.2f M steps/s\n",
              w == SMT_GENERAL ? "general" : "arithmetic",
              calibration[w].checks, calibration[w].steps, calibration[w].seconds,
              calibration[w].steps / 1e6 / (calibration[w].seconds + 1e-9));
}

/* The context's count at the start of a check. */
static Work count_start(void) {
  static int stats = -1;
  if (stats < 0) {
    stats = getenv("A2S_WORK_STATS") != NULL;
    if (stats)
      atexit(print_calibration);
  }
  if (stats)
    check_began = clock_now();
  return context_count();
}

/* Z3's work since `from` (count_start), charged to the work budget at the
 * weight of the queries now made. */
static void charge_since(Work from) {
  Work steps = context_count() - from;
  work_charge(steps * tenths_per_step[queries] / 10 + overhead_of[queries]);
  if (check_began > 0) {
    calibration[queries].steps += steps;
    calibration[queries].seconds += clock_now() - check_began;
    calibration[queries].checks++;
  }
}

/* Z3_solver_check (on the assumptions when n > 0), its work charged to
 * the budget: every check of this file goes through here. */
static Z3_lbool metered_check(Z3_solver s, unsigned n, Z3_ast const *assumptions) {
  Z3_context c = smt_ctx();
  Work from = count_start();
  Z3_lbool r = n ? Z3_solver_check_assumptions(c, s, n, assumptions) : Z3_solver_check(c, s);
  charge_since(from);
  return r;
}

void smt_reset(void) {
  if (ctx) {
    Z3_solver_dec_ref(ctx, probe);
    Z3_del_context(ctx);
  }
  ctx = NULL;
  probe = NULL;
  nfresh = 0;
}

static Z3_sort int_sort(void) { return Z3_mk_int_sort(smt_ctx()); }

Z3_ast smt_int_const(const char *name) {
  Z3_context c = smt_ctx();
  return Z3_mk_const(c, Z3_mk_string_symbol(c, name), int_sort());
}

Z3_ast smt_var(Var *v) { return smt_int_const(v->name); }

const char *smt_const_name(Z3_ast a) {
  Z3_context z = smt_ctx();
  return xstrdup(Z3_get_symbol_string(z, Z3_get_decl_name(z, Z3_get_app_decl(z, Z3_to_app(z, a)))));
}

Z3_ast smt_num(long long v) { return Z3_mk_int64(smt_ctx(), v, int_sort()); }
Z3_ast smt_true(void) { return Z3_mk_true(smt_ctx()); }
Z3_ast smt_false(void) { return Z3_mk_false(smt_ctx()); }
Z3_ast smt_not(Z3_ast a) { return Z3_mk_not(smt_ctx(), a); }

Z3_ast smt_in_type(const Type *t, Z3_ast x) {
  Z3_context z = smt_ctx();
  long long lo;
  unsigned long long hi;
  type_range(t, &lo, &hi);
  Z3_ast args[2] = {Z3_mk_le(z, smt_num(lo), x),
                    Z3_mk_le(z, x, Z3_mk_unsigned_int64(z, hi, Z3_mk_int_sort(z)))};
  return Z3_mk_and(z, 2, args);
}

Z3_ast smt_and2(Z3_ast a, Z3_ast b) {
  if (!a)
    return b;
  if (!b)
    return a;
  Z3_ast args[2] = {a, b};
  return Z3_mk_and(smt_ctx(), 2, args);
}

Z3_ast smt_or2(Z3_ast a, Z3_ast b) {
  if (!a)
    return b;
  if (!b)
    return a;
  Z3_ast args[2] = {a, b};
  return Z3_mk_or(smt_ctx(), 2, args);
}

static Z3_ast bin(Z3_ast (*mk)(Z3_context, unsigned, const Z3_ast[]), Z3_ast a, Z3_ast b) {
  Z3_ast args[2] = {a, b};
  return mk(smt_ctx(), 2, args);
}

static Z3_ast to_int(Z3_ast b) { return Z3_mk_ite(smt_ctx(), b, smt_num(1), smt_num(0)); }

static Z3_ast fresh(SmtEnv *env, Z3_ast constraint_of(Z3_ast r, void *), void *arg) {
  Z3_ast r = smt_int_const(name_fresh("nl", nfresh++));
  if (env && constraint_of)
    env->side = smt_and2(env->side, constraint_of(r, arg));
  return r;
}

/* x & c with c >= 0 lies in [0, c]. */
static Z3_ast and_mask_range(Z3_ast r, void *arg) {
  Z3_ast c = arg;
  return smt_and2(Z3_mk_le(smt_ctx(), smt_num(0), r), Z3_mk_le(smt_ctx(), r, c));
}

/* C's truncating division and remainder. */
static Z3_ast c_div(Z3_ast x, Z3_ast y) {
  Z3_context c = smt_ctx();
  Z3_ast nonneg = Z3_mk_ge(c, x, smt_num(0));
  return Z3_mk_ite(c, nonneg, Z3_mk_div(c, x, y),
                   Z3_mk_unary_minus(c, Z3_mk_div(c, Z3_mk_unary_minus(c, x), y)));
}

static Z3_ast c_rem(Z3_ast x, Z3_ast y) {
  return bin(Z3_mk_sub, x, bin(Z3_mk_mul, y, c_div(x, y)));
}

static bool const_value(Expr *e, long long *v) { return expr_is_const(e, v); }

static Z3_ast pow2(long long k) {
  if (k >= 63)
    return Z3_mk_numeral(smt_ctx(), k == 63 ? "9223372036854775808" : "18446744073709551616",
                         Z3_mk_int_sort(smt_ctx()));
  long long v = 1;
  for (long long i = 0; i < k; i++)
    v *= 2;
  return smt_num(v);
}

/* v, the mathematical value of e, reduced as C does into e's type (see
 * expr_wraps). Where the operands lie in their types' ranges, as they do in
 * every real run, a sum or difference is off by at most one modulus: an
 * if-then-else, easier on Spacer than mod; otherwise mod. */
static Z3_ast modular(Expr *e, Z3_ast v) {
  Z3_context c = smt_ctx();
  int bits = e->type->size * 8;
  Z3_ast m = pow2(bits), zero = smt_num(0);
  const Type *from = e->kind == E_CAST ? e->lhs->type : NULL;
  if (e->type->is_unsigned) {
    bool signed_fits = from && from->kind == TY_INT && !from->is_unsigned &&
                       from->size <= e->type->size;
    if (e->kind == E_ADD)
      return Z3_mk_ite(c, Z3_mk_ge(c, v, m), bin(Z3_mk_sub, v, m), v);
    if (e->kind == E_SUB || e->kind == E_NEG || e->kind == E_BITNOT || signed_fits)
      return Z3_mk_ite(c, Z3_mk_lt(c, v, zero), bin(Z3_mk_add, v, m), v);
    return Z3_mk_mod(c, v, m);
  }
  /* a conversion to a signed type: implementation-defined, two's complement */
  Z3_ast half = pow2(bits - 1);
  if (from && from->is_unsigned && from->size == e->type->size)
    return Z3_mk_ite(c, Z3_mk_ge(c, v, half), bin(Z3_mk_sub, v, m), v);
  return bin(Z3_mk_sub, Z3_mk_mod(c, bin(Z3_mk_add, v, half), m), half);
}

static Z3_ast int_value(Expr *e, SmtEnv *env);

static bool no_wrap;

bool smt_set_no_wrap(bool on) {
  bool was = no_wrap;
  no_wrap = on;
  return was;
}

Z3_ast smt_int(Expr *e, SmtEnv *env) {
  Z3_ast v = int_value(e, env);
  return expr_wraps(e) && !no_wrap ? modular(e, v) : v;
}

/* The value of e as by mathematical integers, its operands as C has them. */
static Z3_ast int_value(Expr *e, SmtEnv *env) {
  Z3_context c = smt_ctx();
  long long k;
  switch (e->kind) {
  case E_NUM:
    if (env && env->num) {
      Z3_ast t = env->num(e->num, env->arg);
      if (t)
        return t;
    }
    return smt_num(e->num);
  case E_VAR:
    return env && env->var ? env->var(e->var, env->arg) : smt_var(e->var);
  case E_INDEX: {
    if (!env || !env->array)
      return fresh(env, NULL, NULL);
    Z3_ast a = env->array(e->var, env->arg);
    for (int i = 0; i < e->args.len; i++)
      a = Z3_mk_select(c, a, smt_int(e->args.data[i], env));
    return a;
  }
  case E_NEG:
    return Z3_mk_unary_minus(c, smt_int(e->lhs, env));
  case E_BITNOT: /* ~x == -x - 1 on two's complement */
    return bin(Z3_mk_sub, Z3_mk_unary_minus(c, smt_int(e->lhs, env)), smt_num(1));
  case E_CAST:
    if (e->type->kind == TY_BOOL)
      return to_int(smt_bool(e->lhs, env));
    return smt_int(e->lhs, env);
  case E_ADD:
    return bin(Z3_mk_add, smt_int(e->lhs, env), smt_int(e->rhs, env));
  case E_SUB:
    return bin(Z3_mk_sub, smt_int(e->lhs, env), smt_int(e->rhs, env));
  case E_MUL:
    return bin(Z3_mk_mul, smt_int(e->lhs, env), smt_int(e->rhs, env));
  case E_DIV:
    return c_div(smt_int(e->lhs, env), smt_int(e->rhs, env));
  case E_MOD:
    return c_rem(smt_int(e->lhs, env), smt_int(e->rhs, env));
  case E_SHL:
    if (const_value(e->rhs, &k) && k >= 0 && k < 62)
      return bin(Z3_mk_mul, smt_int(e->lhs, env), pow2(k));
    return fresh(env, NULL, NULL);
  case E_SHR:
    /* arithmetic shift: floor division, which is Z3's div by a positive */
    if (const_value(e->rhs, &k) && k >= 0 && k < 62)
      return Z3_mk_div(c, smt_int(e->lhs, env), pow2(k));
    return fresh(env, NULL, NULL);
  case E_BITAND:
    if (const_value(e->rhs, &k) && k >= 0)
      return fresh(env, and_mask_range, smt_num(k));
    if (const_value(e->lhs, &k) && k >= 0)
      return fresh(env, and_mask_range, smt_num(k));
    return fresh(env, NULL, NULL);
  case E_BITOR:
  case E_BITXOR:
    return fresh(env, NULL, NULL);
  case E_COND:
    return Z3_mk_ite(c, smt_bool(e->cond, env), smt_int(e->lhs, env), smt_int(e->rhs, env));
  case E_LT: case E_LE: case E_GT: case E_GE: case E_EQ: case E_NE:
  case E_LAND: case E_LOR: case E_NOT:
    return to_int(smt_bool(e, env));
  case E_NONDET:
    return fresh(env, NULL, NULL);
  default:
    return fresh(env, NULL, NULL);
  }
}

Z3_ast smt_bool(Expr *e, SmtEnv *env) {
  Z3_context c = smt_ctx();
  switch (e->kind) {
  case E_LT:
    return Z3_mk_lt(c, smt_int(e->lhs, env), smt_int(e->rhs, env));
  case E_LE:
    return Z3_mk_le(c, smt_int(e->lhs, env), smt_int(e->rhs, env));
  case E_GT:
    return Z3_mk_gt(c, smt_int(e->lhs, env), smt_int(e->rhs, env));
  case E_GE:
    return Z3_mk_ge(c, smt_int(e->lhs, env), smt_int(e->rhs, env));
  case E_EQ:
    return Z3_mk_eq(c, smt_int(e->lhs, env), smt_int(e->rhs, env));
  case E_NE:
    return smt_not(Z3_mk_eq(c, smt_int(e->lhs, env), smt_int(e->rhs, env)));
  case E_LAND:
    return bin(Z3_mk_and, smt_bool(e->lhs, env), smt_bool(e->rhs, env));
  case E_LOR:
    return bin(Z3_mk_or, smt_bool(e->lhs, env), smt_bool(e->rhs, env));
  case E_NOT:
    return smt_not(smt_bool(e->lhs, env));
  case E_NUM:
    return e->num ? smt_true() : smt_false();
  case E_CAST:
    return smt_bool(e->lhs, env);
  case E_COND:
    return Z3_mk_ite(c, smt_bool(e->cond, env), smt_bool(e->lhs, env), smt_bool(e->rhs, env));
  default:
    return smt_not(Z3_mk_eq(c, smt_int(e, env), smt_num(0)));
  }
}

char *smt_text(Z3_ast a) {
  Z3_context c = smt_ctx();
  Z3_set_ast_print_mode(c, Z3_PRINT_SMTLIB2_COMPLIANT);
  return xstrdup(Z3_ast_to_string(c, a));
}

/* The conjunction of the assertions of an SMT-LIB script; NULL on a syntax
 * error. */
static Z3_ast parse_assertions(const char *src, unsigned n, const Z3_symbol *syms,
                               const Z3_func_decl *decls) {
  Z3_context c = smt_ctx();
  Z3_ast_vector v = Z3_parse_smtlib2_string(c, src, 0, NULL, NULL, n, syms, decls);
  if (Z3_get_error_code(c) != Z3_OK)
    return NULL;
  /* the vector is reference counted even in this context, and its formulas
   * would go with it */
  Z3_ast_vector_inc_ref(c, v);
  unsigned len = Z3_ast_vector_size(c, v);
  Z3_ast r = NULL;
  for (unsigned i = 0; i < len; i++) {
    Z3_ast f = Z3_ast_vector_get(c, v, i);
    Z3_inc_ref(c, f); /* owned by the context from now on, like other terms */
    r = smt_and2(r, f);
  }
  Z3_ast_vector_dec_ref(c, v);
  return r ? r : smt_true();
}

Z3_ast smt_parse(const char *text, const char *const *names, int nnames) {
  Z3_context c = smt_ctx();
  Z3_symbol *syms = calloc((size_t)nnames + 1, sizeof *syms);
  Z3_func_decl *decls = calloc((size_t)nnames + 1, sizeof *decls);
  for (int i = 0; i < nnames; i++) {
    syms[i] = Z3_mk_string_symbol(c, names[i]);
    decls[i] = Z3_mk_func_decl(c, syms[i], 0, NULL, int_sort());
  }
  Z3_ast r = parse_assertions(xformat("(assert %s)", text), (unsigned)nnames, syms, decls);
  free(syms);
  free(decls);
  return r;
}

char *smt_script(Z3_ast a) {
  return xstrdup(Z3_benchmark_to_smtlib_string(smt_ctx(), "", "", "unknown", "", 0, NULL, a));
}

Z3_ast smt_parse_script(const char *script) { return parse_assertions(script, 0, NULL, NULL); }

/* see smt_set_deadline */
static double deadline;

void smt_set_deadline(double t) { deadline = t; }

double smt_deadline(void) { return deadline; }

/* see smt_set_memory: the resident memory past which nothing starts (MB) */
static long memory_limit_mb;

void smt_set_memory(long mb) { memory_limit_mb = mb > 0 ? proc_resident_mb() + mb : 0; }

/* Past the deadline, the memory budget or the work budget (work.h):
 * nothing starts. */
static bool out_of_budget(void) {
  if (memory_limit_mb && proc_resident_mb() > memory_limit_mb)
    return true;
  if (work_exhausted())
    return true;
  if (deadline <= 0)
    return false;
  return clock_now() >= deadline;
}

/* The resource limit of a check: seconds' worth of work at the reference
 * rate (0: none), within what the work budget has left, in Z3's steps at
 * the weight of the queries now made; 0 for none. */
static unsigned rlimit_for(double seconds) {
  Work w = seconds > 0 ? WORK_OF_SECONDS(seconds) : WORK_UNLIMITED;
  Work left = work_left();
  if (left < w)
    w = left;
  if (w < WORK_UNLIMITED)
    w = w * 10 / tenths_per_step[queries];
  if (w >= WORK_UNLIMITED)
    return 0;
  return w < 1 ? 1 : w > 4000000000LL ? 4000000000U : (unsigned)w;
}

/* A solver whose checks stop after timeout seconds' worth of work (0:
 * only the work budget's limit). */
/* Limit s's next checks: timeout seconds' worth of work (rlimit_for), or
 * with work (Z3's steps, not 0) that much, within what the budget has
 * left; the clock at the
 * work's headroom, but never past the deadline set for the checks or the
 * command's (a check started just before it must not carry the command
 * past it). */
static void set_limits(Z3_solver s, double timeout, unsigned work) {
  Z3_context c = smt_ctx();
  unsigned rlimit = rlimit_for(work ? 0 : timeout);
  if (work && (!rlimit || work < rlimit))
    rlimit = work;
  double clock = timeout * WORK_CLOCK_HEADROOM;
  double until = deadline;
  if (deadline_at() > 0 && (until <= 0 || deadline_at() < until))
    until = deadline_at();
  if (until > 0) {
    double left = until - clock_now();
    if (clock <= 0 || left < clock)
      clock = left > 0.001 ? left : 0.001;
  }
  if (clock > 0 || rlimit) {
    Z3_params p = Z3_mk_params(c);
    Z3_params_inc_ref(c, p);
    if (clock > 0)
      Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "timeout"), (unsigned)(clock * 1000));
    if (rlimit)
      Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "rlimit"), rlimit);
    Z3_solver_set_params(c, s, p);
    Z3_params_dec_ref(c, p);
  }
}

/* A solver whose checks stop after timeout seconds' worth of work (0:
 * only the work budget's limit). */
static Z3_solver solver_with_timeout(double timeout) {
  Z3_context c = smt_ctx();
  Z3_solver s = queries == SMT_GENERAL ? Z3_mk_solver(c) : Z3_mk_simple_solver(c);
  Z3_solver_inc_ref(c, s);
  set_limits(s, timeout, 0);
  return s;
}

Z3_lbool smt_check(Z3_ast f, double timeout) {
  if (out_of_budget())
    return Z3_L_UNDEF;
  Z3_context c = smt_ctx();
  Z3_solver s = solver_with_timeout(timeout);
  Z3_solver_assert(c, s, f);
  Z3_lbool r = metered_check(s, 0, NULL);
  Z3_solver_dec_ref(c, s);
  return r;
}

Z3_lbool smt_check_work(Z3_ast f, unsigned work, double timeout) {
  return smt_check_work_model(f, work, timeout, NULL);
}

Z3_lbool smt_check_work_model(Z3_ast f, unsigned work, double timeout, Z3_model *model) {
  if (model)
    *model = NULL;
  if (out_of_budget())
    return Z3_L_UNDEF;
  Z3_context c = smt_ctx();
  Z3_solver s = queries == SMT_GENERAL ? Z3_mk_solver(c) : Z3_mk_simple_solver(c);
  Z3_solver_inc_ref(c, s);
  set_limits(s, timeout, work);
  Z3_solver_assert(c, s, f);
  Z3_lbool r = metered_check(s, 0, NULL);
  if (r == Z3_L_TRUE && model) {
    *model = Z3_solver_get_model(c, s);
    Z3_model_inc_ref(c, *model);
  }
  Z3_solver_dec_ref(c, s);
  return r;
}

Z3_solver smt_solver_new(Z3_ast base, double timeout) {
  Z3_solver s = solver_with_timeout(timeout);
  if (base)
    Z3_solver_assert(smt_ctx(), s, base);
  return s;
}

Z3_lbool smt_solver_check(Z3_solver s, Z3_ast extra) {
  if (out_of_budget())
    return Z3_L_UNDEF;
  if (!extra)
    return metered_check(s, 0, NULL);
  Z3_context c = smt_ctx();
  Z3_solver_push(c, s);
  Z3_solver_assert(c, s, extra);
  Z3_lbool r = metered_check(s, 0, NULL);
  Z3_solver_pop(c, s, 1);
  return r;
}

Z3_lbool smt_solver_check_work(Z3_solver s, Z3_ast extra, unsigned work, double timeout,
                               Z3_model *model) {
  if (model)
    *model = NULL;
  if (out_of_budget())
    return Z3_L_UNDEF;
  Z3_context c = smt_ctx();
  set_limits(s, timeout, work);
  Z3_solver_push(c, s);
  Z3_solver_assert(c, s, extra);
  Z3_lbool r = metered_check(s, 0, NULL);
  if (r == Z3_L_TRUE && model) {
    *model = Z3_solver_get_model(c, s);
    Z3_model_inc_ref(c, *model);
  }
  Z3_solver_pop(c, s, 1);
  return r;
}

void smt_solver_free(Z3_solver s) { Z3_solver_dec_ref(smt_ctx(), s); }

unsigned long long smt_solver_holding(Z3_solver s, Z3_ast extra, Z3_ast *atoms, int n,
                                      unsigned long long candidates) {
  Z3_context c = smt_ctx();
  if (n > 64)
    n = 64;
  while (candidates) {
    Z3_ast all = NULL;
    for (int i = 0; i < n; i++)
      if (candidates >> i & 1)
        all = smt_and2(all, atoms[i]);
    if (out_of_budget())
      return 0;
    Z3_solver_push(c, s);
    Z3_solver_assert(c, s, smt_and2(extra, smt_not(all)));
    Z3_lbool r = metered_check(s, 0, NULL);
    unsigned long long before = candidates;
    if (r == Z3_L_TRUE) {
      Z3_model m = Z3_solver_get_model(c, s);
      Z3_model_inc_ref(c, m);
      for (int i = 0; i < n; i++) {
        Z3_ast v;
        if ((candidates >> i & 1) && Z3_model_eval(c, m, atoms[i], true, &v) &&
            Z3_get_bool_value(c, v) != Z3_L_TRUE)
          candidates &= ~(1ull << i);
      }
      Z3_model_dec_ref(c, m);
    }
    Z3_solver_pop(c, s, 1);
    if (r == Z3_L_FALSE)
      return candidates;
    if (r != Z3_L_TRUE || candidates == before)
      return 0;
  }
  return 0;
}

bool smt_implies(Z3_ast a, Z3_ast b, double timeout) {
  return smt_check(smt_and2(a, smt_not(b)), timeout) == Z3_L_FALSE;
}

bool smt_equivalent(Z3_ast a, Z3_ast b, double timeout) {
  return smt_implies(a, b, timeout) && smt_implies(b, a, timeout);
}

/* Apply a tactic to one formula and conjoin the resulting goals (NULL if the
 * tactic fails or leaves several subgoals). */
static Z3_ast apply_tactic(const char *name, Z3_ast f) {
  if (out_of_budget())
    return NULL;
  Z3_context c = smt_ctx();
  Z3_tactic base = Z3_mk_tactic(c, name);
  Z3_tactic_inc_ref(c, base);
  /* never wait long: callers fall back to something weaker */
  Z3_tactic t = Z3_tactic_try_for(c, base, 5000);
  Z3_tactic_inc_ref(c, t);
  Z3_tactic_dec_ref(c, base);
  Z3_goal g = Z3_mk_goal(c, false, false, false);
  Z3_goal_inc_ref(c, g);
  Z3_goal_assert(c, g, f);
  Work from = count_start();
  Z3_apply_result r = Z3_tactic_apply(c, t, g);
  Z3_ast out = NULL;
  bool applied = Z3_get_error_code(c) == Z3_OK && r;
  if (applied) /* (before any other call: the result is reference-counted) */
    Z3_apply_result_inc_ref(c, r);
  charge_since(from);
  if (applied) {
    unsigned n = Z3_apply_result_get_num_subgoals(c, r);
    Z3_ast disj = NULL;
    for (unsigned i = 0; i < n; i++) {
      Z3_goal sg = Z3_apply_result_get_subgoal(c, r, i);
      Z3_ast conj = NULL;
      for (unsigned j = 0; j < Z3_goal_size(c, sg); j++)
        conj = smt_and2(conj, Z3_goal_formula(c, sg, j));
      disj = smt_or2(disj, conj ? conj : smt_true());
    }
    out = disj ? disj : smt_false();
    Z3_apply_result_dec_ref(c, r);
  }
  Z3_goal_dec_ref(c, g);
  Z3_tactic_dec_ref(c, t);
  return out;
}

Z3_ast smt_simplify(Z3_ast a, Z3_ast context) {
  Z3_context c = smt_ctx();
  Z3_ast s = Z3_simplify(c, a);
  if (!context)
    return s;
  /* ctx-solver-simplify simplifies each conjunct using the others: put the
   * context first and drop it from the result. */
  Z3_ast marked = smt_and2(context, s);
  Z3_ast r = apply_tactic("ctx-solver-simplify", marked);
  if (!r)
    return s;
  /* r is equivalent to context && s; keep what context does not imply */
  Z3_ast kept = NULL;
  if (Z3_is_app(c, r) && Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, r))) == Z3_OP_AND) {
    Z3_app app = Z3_to_app(c, r);
    for (unsigned i = 0; i < Z3_get_app_num_args(c, app); i++) {
      Z3_ast part = Z3_get_app_arg(c, app, i);
      if (!smt_implies(context, part, 1))
        kept = smt_and2(kept, part);
    }
  } else if (!smt_implies(context, r, 1)) {
    kept = r;
  }
  kept = kept ? kept : smt_true();
  /* never return something weaker than a under the context */
  if (!smt_implies(smt_and2(context, kept), s, 2))
    return s;
  return kept;
}

typedef SmtAsts AtomVec;

static Z3_ast whole_qe(bool forall, Z3_ast *vars, int nvars, Z3_ast f) {
  Z3_context c = smt_ctx();
  Z3_app *apps = calloc((size_t)nvars, sizeof *apps);
  for (int i = 0; i < nvars; i++)
    apps[i] = Z3_to_app(c, vars[i]);
  Z3_ast q = forall ? Z3_mk_forall_const(c, 0, (unsigned)nvars, apps, 0, NULL, f)
                    : Z3_mk_exists_const(c, 0, (unsigned)nvars, apps, 0, NULL, f);
  free(apps);
  Z3_ast r = apply_tactic("qe", q);
  if (!r || Z3_is_quantifier_forall(c, r) || Z3_is_quantifier_exists(c, r))
    return NULL;
  return Z3_simplify(c, r);
}

/* f as a disjunction: its disjuncts, or for a conjunction with a
 * disjunction among its conjuncts, the rest conjoined with each of them. */
static bool split_or(Z3_ast f, AtomVec *out) {
  Z3_context c = smt_ctx();
  if (Z3_get_ast_kind(c, f) != Z3_APP_AST)
    return false;
  Z3_app app = Z3_to_app(c, f);
  Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
  if (k == Z3_OP_OR) {
    smt_disjuncts(f, out);
    return true;
  }
  if (k != Z3_OP_AND)
    return false;
  unsigned n = Z3_get_app_num_args(c, app);
  for (unsigned i = 0; i < n; i++) {
    AtomVec ds = {0};
    if (!split_or(Z3_get_app_arg(c, app, i), &ds))
      continue;
    Z3_ast rest = NULL;
    for (unsigned j = 0; j < n; j++)
      if (j != i)
        rest = smt_and2(rest, Z3_get_app_arg(c, app, j));
    for (int d = 0; d < ds.len; d++)
      vec_push(out, smt_and2(rest, ds.data[d]));
    return true;
  }
  return false;
}

/* exists distributes over or: a disjunction of polyhedra (what the
 * polyhedra engine gives) projects one conjunction at a time, each a quick
 * Fourier-Motzkin, where qe on the whole formula builds a huge one (and
 * with entry copies may not finish). Equal projections are kept once; at
 * most *budget conjunctions. */
static Z3_ast exists_split(Z3_ast *vars, int nvars, Z3_ast f, int *budget) {
  Z3_context c = smt_ctx();
  AtomVec ds = {0};
  if (!split_or(f, &ds) || ds.len < 2) {
    if (--*budget < 0)
      return NULL;
    return whole_qe(false, vars, nvars, f);
  }
  AtomVec seen = {0};
  Z3_ast r = NULL;
  for (int i = 0; i < ds.len; i++) {
    Z3_ast p = exists_split(vars, nvars, ds.data[i], budget);
    if (!p)
      return NULL;
    if (Z3_get_bool_value(c, p) == Z3_L_TRUE)
      return p;
    bool dup = Z3_get_bool_value(c, p) == Z3_L_FALSE;
    for (int j = 0; j < seen.len && !dup; j++)
      dup = Z3_is_eq_ast(c, seen.data[j], p);
    if (dup)
      continue;
    vec_push(&seen, p);
    r = smt_or2(r, p);
  }
  return r ? r : smt_false();
}

static Z3_ast quantified_qe(bool forall, Z3_ast *vars, int nvars, Z3_ast f) {
  if (nvars == 0)
    return f;
  if (!forall) {
    int budget = 1024;
    Z3_ast r = exists_split(vars, nvars, Z3_simplify(smt_ctx(), f), &budget);
    if (r || budget >= 0)
      return r;
  }
  return whole_qe(forall, vars, nvars, f);
}


Z3_ast smt_exists_qe(Z3_ast *vars, int nvars, Z3_ast f) {
  return quantified_qe(false, vars, nvars, f);
}

Z3_ast smt_forall_qe(Z3_ast *vars, int nvars, Z3_ast f) {
  return quantified_qe(true, vars, nvars, f);
}

typedef struct Printed {
  Z3_ast ast;
  char *text;
} Printed;

static int by_text(const void *a, const void *b) {
  return strcmp(((const Printed *)a)->text, ((const Printed *)b)->text);
}

Z3_ast smt_in_text_order(Z3_ast f) {
  Z3_context c = smt_ctx();
  if (!f || Z3_get_ast_kind(c, f) != Z3_APP_AST)
    return f;
  Z3_app app = Z3_to_app(c, f);
  Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
  unsigned n = Z3_get_app_num_args(c, app);
  if ((k != Z3_OP_AND && k != Z3_OP_OR) || n < 2)
    return f;
  Printed *args = xalloc(sizeof(Printed) * n);
  for (unsigned i = 0; i < n; i++) {
    args[i].ast = smt_in_text_order(Z3_get_app_arg(c, app, i));
    args[i].text = xstrdup(Z3_ast_to_string(c, args[i].ast));
  }
  qsort(args, n, sizeof *args, by_text);
  Z3_ast *sorted = xalloc(sizeof(Z3_ast) * n);
  for (unsigned i = 0; i < n; i++)
    sorted[i] = args[i].ast;
  return k == Z3_OP_AND ? Z3_mk_and(c, n, sorted) : Z3_mk_or(c, n, sorted);
}

/* ---- Short DNF ------------------------------------------------------------------- */

static bool is_connective(Z3_ast a) {
  Z3_context c = smt_ctx();
  if (Z3_get_ast_kind(c, a) != Z3_APP_AST)
    return false;
  Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, a)));
  return k == Z3_OP_AND || k == Z3_OP_OR || k == Z3_OP_NOT || k == Z3_OP_IMPLIES ||
         k == Z3_OP_IFF || (k == Z3_OP_EQ && Z3_get_sort_kind(c, Z3_get_sort(c, Z3_get_app_arg(c, Z3_to_app(c, a), 0))) == Z3_BOOL_SORT);
}

static void atoms_of(Z3_ast a, AtomVec *out) {
  Z3_context c = smt_ctx();
  if (Z3_get_sort_kind(c, Z3_get_sort(c, a)) != Z3_BOOL_SORT)
    return;
  if (is_connective(a)) {
    Z3_app app = Z3_to_app(c, a);
    for (unsigned i = 0; i < Z3_get_app_num_args(c, app); i++)
      atoms_of(Z3_get_app_arg(c, app, i), out);
    return;
  }
  if (Z3_get_bool_value(c, a) != Z3_L_UNDEF)
    return;
  for (int i = 0; i < out->len; i++)
    if (Z3_is_eq_ast(c, out->data[i], a))
      return;
  vec_push(out, a);
}

void smt_disjuncts(Z3_ast f, SmtAsts *out) {
  Z3_context c = smt_ctx();
  if (!f)
    return;
  if (Z3_get_ast_kind(c, f) == Z3_APP_AST &&
      Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, f))) == Z3_OP_OR) {
    for (unsigned i = 0; i < Z3_get_app_num_args(c, Z3_to_app(c, f)); i++)
      smt_disjuncts(Z3_get_app_arg(c, Z3_to_app(c, f), i), out);
    return;
  }
  vec_push(out, f);
}

void smt_conjuncts(Z3_ast f, SmtAsts *out) {
  Z3_context c = smt_ctx();
  if (Z3_get_ast_kind(c, f) == Z3_APP_AST) {
    Z3_app app = Z3_to_app(c, f);
    Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
    if (k == Z3_OP_AND) {
      for (unsigned i = 0; i < Z3_get_app_num_args(c, app); i++)
        smt_conjuncts(Z3_get_app_arg(c, app, i), out);
      return;
    }
    if (k == Z3_OP_TRUE)
      return;
  }
  vec_push(out, f);
}

/* ---- Constants ----------------------------------------------------------------- */

/* ---- Terms by id ---------------------------------------------------------------- */

/* The slot of id in m (a new one, zeroed, with create), or -1. */
static long memo_slot(SmtMemo *m, unsigned id, bool create) {
  if (!m->cap && !create)
    return -1;
  if (create && 2 * (m->n + 1) > m->cap) {
    unsigned ncap = m->cap ? 4 * m->cap : 1024;
    unsigned *keys = calloc(ncap, sizeof *keys);
    Z3_ast *vals = calloc(ncap, sizeof *vals);
    long *nums = calloc(ncap, sizeof *nums);
    for (unsigned i = 0; i < m->cap; i++)
      if (m->keys[i]) {
        unsigned h = m->keys[i] * 2654435761u & (ncap - 1);
        while (keys[h])
          h = (h + 1) & (ncap - 1);
        keys[h] = m->keys[i];
        vals[h] = m->vals[i];
        nums[h] = m->nums[i];
      }
    unsigned n = m->n;
    smt_memo_free(m);
    *m = (SmtMemo){keys, vals, nums, ncap, n};
  }
  unsigned key = id + 1, h = key * 2654435761u & (m->cap - 1);
  while (m->keys[h]) {
    if (m->keys[h] == key)
      return h;
    h = (h + 1) & (m->cap - 1);
  }
  if (!create)
    return -1;
  m->keys[h] = key;
  m->n++;
  return h;
}

Z3_ast *smt_memo_at(SmtMemo *m, unsigned id, bool create) {
  long h = memo_slot(m, id, create);
  return h < 0 ? NULL : &m->vals[h];
}

long *smt_memo_num(SmtMemo *m, unsigned id, bool create) {
  long h = memo_slot(m, id, create);
  return h < 0 ? NULL : &m->nums[h];
}

void smt_memo_free(SmtMemo *m) {
  free(m->keys);
  free(m->vals);
  free(m->nums);
  *m = (SmtMemo){0};
}

/* Add id to the set; false if it was there already. */
static bool id_add(SmtMemo *seen, unsigned id) {
  unsigned n = seen->n;
  smt_memo_at(seen, id, true);
  return seen->n > n;
}

static void constants_of(Z3_context c, Z3_ast a, SmtMemo *seen, SmtAsts *out) {
  if (Z3_get_ast_kind(c, a) == Z3_QUANTIFIER_AST) {
    constants_of(c, Z3_get_quantifier_body(c, a), seen, out);
    return;
  }
  if (Z3_get_ast_kind(c, a) != Z3_APP_AST || !id_add(seen, Z3_get_ast_id(c, a)))
    return;
  Z3_app app = Z3_to_app(c, a);
  unsigned n = Z3_get_app_num_args(c, app);
  if (n == 0 && Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_UNINTERPRETED) {
    vec_push(out, a);
    return;
  }
  for (unsigned i = 0; i < n; i++)
    constants_of(c, Z3_get_app_arg(c, app, i), seen, out);
}

void smt_constants(Z3_ast f, SmtAsts *out) {
  SmtMemo seen = {0};
  Z3_context c = smt_ctx();
  /* what out holds already counts as seen */
  for (int i = 0; i < out->len; i++)
    id_add(&seen, Z3_get_ast_id(c, out->data[i]));
  constants_of(c, f, &seen, out);
  smt_memo_free(&seen);
}

static bool mentions(Z3_context c, Z3_ast a, Z3_ast x, SmtMemo *seen) {
  if (Z3_is_eq_ast(c, a, x))
    return true;
  if (Z3_get_ast_kind(c, a) == Z3_QUANTIFIER_AST)
    return mentions(c, Z3_get_quantifier_body(c, a), x, seen);
  if (Z3_get_ast_kind(c, a) != Z3_APP_AST || !id_add(seen, Z3_get_ast_id(c, a)))
    return false;
  Z3_app app = Z3_to_app(c, a);
  for (unsigned i = 0; i < Z3_get_app_num_args(c, app); i++)
    if (mentions(c, Z3_get_app_arg(c, app, i), x, seen))
      return true;
  return false;
}

bool smt_mentions(Z3_ast f, Z3_ast c) {
  SmtMemo seen = {0};
  bool yes = mentions(smt_ctx(), f, c, &seen);
  smt_memo_free(&seen);
  return yes;
}

/* The reads (select terms) of a, each once, appended to out. */
static void reads_of(Z3_context c, Z3_ast a, SmtMemo *seen, SmtAsts *out) {
  if (Z3_get_ast_kind(c, a) != Z3_APP_AST || !id_add(seen, Z3_get_ast_id(c, a)))
    return;
  Z3_app app = Z3_to_app(c, a);
  if (Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_SELECT &&
      Z3_get_app_num_args(c, app) == 2)
    vec_push(out, a);
  for (unsigned i = 0; i < Z3_get_app_num_args(c, app); i++)
    reads_of(c, Z3_get_app_arg(c, app, i), seen, out);
}

/* k's value that puts the read index idx at the bare j (j - t for idx =
 * t + k, t - j for idx = t - k; t a nonzero term free of k); NULL if idx
 * is none of these. Each found t (by id) is recorded in seen. */
static Z3_ast rebasing(Z3_context c, Z3_ast idx, Z3_ast k, SmtMemo *seen) {
  for (int sign = 1; sign >= -1; sign -= 2) {
    Z3_ast t = Z3_simplify(c, sign > 0 ? Z3_mk_sub(c, 2, (Z3_ast[]){idx, k})
                                       : Z3_mk_add(c, 2, (Z3_ast[]){idx, k}));
    if (smt_mentions(t, k))
      continue;
    int64_t zero;
    if ((sign > 0 && Z3_is_numeral_ast(c, t) && Z3_get_numeral_int64(c, t, &zero) && !zero) ||
        !id_add(seen, Z3_get_ast_id(c, t) * 2 + (sign > 0)))
      return NULL;
    return sign > 0 ? Z3_mk_sub(c, 2, (Z3_ast[]){k, t}) : Z3_mk_sub(c, 2, (Z3_ast[]){t, k});
  }
  return NULL;
}

Z3_ast smt_rebased(Z3_ast q, int most) {
  Z3_context c = smt_ctx();
  if (Z3_get_ast_kind(c, q) != Z3_QUANTIFIER_AST || !Z3_is_quantifier_forall(c, q) ||
      Z3_get_quantifier_num_bound(c, q) != 1)
    return NULL;
  Z3_ast body = Z3_get_quantifier_body(c, q);
  Z3_sort sort = Z3_get_quantifier_bound_sort(c, q, 0);
  if (Z3_get_sort_kind(c, sort) != Z3_INT_SORT)
    return NULL;
  Z3_symbol name = Z3_get_quantifier_bound_name(c, q, 0);
  Z3_ast k = Z3_mk_bound(c, 0, sort);
  SmtAsts reads = {0};
  SmtMemo seen = {0}, offsets = {0};
  reads_of(c, body, &seen, &reads);
  Z3_ast all = NULL;
  for (int i = 0, n = 0; i < reads.len && n < most; i++) {
    Z3_ast to = rebasing(c, Z3_get_app_arg(c, Z3_to_app(c, reads.data[i]), 1), k, &offsets);
    if (!to)
      continue;
    Z3_ast moved = Z3_simplify(c, Z3_substitute_vars(c, body, 1, &to));
    all = smt_and2(all, Z3_mk_quantifier(c, true, Z3_get_quantifier_weight(c, q), 0, NULL, 1,
                                         &sort, &name, moved));
    n++;
  }
  smt_memo_free(&seen);
  smt_memo_free(&offsets);
  return all;
}

/* The literals of a cube; an integer equality counts as its two bounds
 * (so that i == 998 and 0 <= i <= 997 can merge into 0 <= i <= 998). */
static void literals_of(Z3_ast cube, AtomVec *out) {
  Z3_context c = smt_ctx();
  if (Z3_get_ast_kind(c, cube) == Z3_APP_AST &&
      Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, cube))) == Z3_OP_AND) {
    for (unsigned i = 0; i < Z3_get_app_num_args(c, Z3_to_app(c, cube)); i++)
      literals_of(Z3_get_app_arg(c, Z3_to_app(c, cube), i), out);
    return;
  }
  if (Z3_get_ast_kind(c, cube) == Z3_APP_AST &&
      Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, cube))) == Z3_OP_EQ &&
      Z3_get_sort_kind(c, Z3_get_sort(c, Z3_get_app_arg(c, Z3_to_app(c, cube), 0))) == Z3_INT_SORT) {
    Z3_ast a = Z3_get_app_arg(c, Z3_to_app(c, cube), 0), b = Z3_get_app_arg(c, Z3_to_app(c, cube), 1);
    vec_push(out, Z3_mk_le(c, a, b));
    vec_push(out, Z3_mk_ge(c, a, b));
    return;
  }
  vec_push(out, cube);
}

/* The operands of a <= or >= literal as lo <= hi; false if it is not one. */
static bool as_le(Z3_ast l, Z3_ast *lo, Z3_ast *hi) {
  Z3_context c = smt_ctx();
  if (Z3_get_ast_kind(c, l) != Z3_APP_AST)
    return false;
  Z3_app app = Z3_to_app(c, l);
  Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
  if ((k != Z3_OP_LE && k != Z3_OP_GE) || Z3_get_app_num_args(c, app) != 2)
    return false;
  *lo = Z3_get_app_arg(c, app, k == Z3_OP_LE ? 0 : 1);
  *hi = Z3_get_app_arg(c, app, k == Z3_OP_LE ? 1 : 0);
  return true;
}

/* A cube's literals once each, a <= b && a >= b as a == b. */
static Z3_ast tidy_cube(Z3_ast cube) {
  Z3_context c = smt_ctx();
  AtomVec lits = {0};
  literals_of(cube, &lits);
  Z3_ast r = NULL;
  for (int i = 0; i < lits.len; i++) {
    Z3_ast l = lits.data[i], lo, hi, lo2, hi2;
    if (!l)
      continue;
    for (int j = i + 1; j < lits.len; j++)
      if (lits.data[j] && Z3_is_eq_ast(c, lits.data[j], l))
        lits.data[j] = NULL;
    if (as_le(l, &lo, &hi))
      for (int j = i + 1; j < lits.len; j++)
        if (lits.data[j] && as_le(lits.data[j], &lo2, &hi2) && Z3_is_eq_ast(c, lo, hi2) &&
            Z3_is_eq_ast(c, hi, lo2)) {
          l = Z3_mk_eq(c, lo, hi);
          lits.data[j] = NULL;
        }
    r = smt_and2(r, l);
  }
  return r ? r : smt_true();
}

/* Two cubes whose union is one cube: the literals of each that the other
 * implies; keep the merge if it says no more than the union. */
static void merge_cubes(AtomVec *cubes, Z3_ast context, double timeout) {
  for (int i = 0; i < cubes->len; i++)
    for (int j = i + 1; j < cubes->len; j++) {
      AtomVec li = {0}, lj = {0};
      literals_of(cubes->data[i], &li);
      literals_of(cubes->data[j], &lj);
      Z3_ast m = NULL;
      for (int k = 0; k < li.len; k++)
        if (smt_implies(smt_and2(context, cubes->data[j]), li.data[k], timeout))
          m = smt_and2(m, li.data[k]);
      for (int k = 0; k < lj.len; k++)
        if (smt_implies(smt_and2(context, cubes->data[i]), lj.data[k], timeout))
          m = smt_and2(m, lj.data[k]);
      m = m ? m : smt_true();
      if (!smt_implies(smt_and2(context, m), smt_or2(cubes->data[i], cubes->data[j]), timeout))
        continue;
      cubes->data[i] = m;
      cubes->data[j] = cubes->data[--cubes->len];
      i = -1; /* start again */
      break;
    }
}

/* Does the solver s (with a timeout) find lits[0..n) unsatisfiable with
 * what it holds? Each literal stands behind a fresh proxy (an assumption);
 * *core, when not NULL, gets which of them the proof used. */
static bool refutes(Z3_solver s, Z3_ast *lits, int n, bool *core) {
  Z3_context c = smt_ctx();
  if (out_of_budget())
    return false;
  Z3_ast *proxies = xalloc(sizeof(Z3_ast) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) {
    proxies[i] = Z3_mk_fresh_const(c, "lit", Z3_mk_bool_sort(c));
    Z3_solver_assert(c, s, Z3_mk_implies(c, proxies[i], lits[i]));
  }
  bool unsat = metered_check(s, (unsigned)n, proxies) == Z3_L_FALSE;
  if (unsat && core) {
    Z3_ast_vector v = Z3_solver_get_unsat_core(c, s);
    Z3_ast_vector_inc_ref(c, v);
    for (int i = 0; i < n; i++) {
      core[i] = false;
      for (unsigned k = 0; k < Z3_ast_vector_size(c, v); k++)
        core[i] |= Z3_is_eq_ast(c, Z3_ast_vector_get(c, v, k), proxies[i]);
    }
    Z3_ast_vector_dec_ref(c, v);
  }
  return unsat;
}

/* A cube's literals t != k that it bounds on one side, as that bound (t <
 * k or t > k): bounds read better. */
static void tighten_cube(AtomVec *cube, Z3_ast context, double timeout) {
  Z3_context c = smt_ctx();
  Z3_solver s = NULL;
  for (int i = 0; i < cube->len; i++) {
    Z3_ast l = cube->data[i];
    if (Z3_get_ast_kind(c, l) != Z3_APP_AST ||
        Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, l))) != Z3_OP_NOT)
      continue;
    Z3_ast eq = Z3_get_app_arg(c, Z3_to_app(c, l), 0);
    if (Z3_get_ast_kind(c, eq) != Z3_APP_AST ||
        Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, eq))) != Z3_OP_EQ ||
        Z3_get_sort_kind(c, Z3_get_sort(c, Z3_get_app_arg(c, Z3_to_app(c, eq), 0))) != Z3_INT_SORT)
      continue;
    if (!s) {
      s = solver_with_timeout(timeout);
      if (context)
        Z3_solver_assert(c, s, context);
      for (int j = 0; j < cube->len; j++)
        Z3_solver_assert(c, s, cube->data[j]);
    }
    Z3_ast t = Z3_get_app_arg(c, Z3_to_app(c, eq), 0), k = Z3_get_app_arg(c, Z3_to_app(c, eq), 1);
    Z3_ast ge = Z3_mk_ge(c, t, k), le = Z3_mk_le(c, t, k);
    if (refutes(s, &ge, 1, NULL))
      cube->data[i] = Z3_mk_lt(c, t, k);
    else if (refutes(s, &le, 1, NULL))
      cube->data[i] = Z3_mk_gt(c, t, k);
  }
  if (s)
    Z3_solver_dec_ref(c, s);
}

/* The cube without the literals it does not need to imply f, on the
 * solver neg holding context && !f: the literals of an unsatisfiable core,
 * then each one that the others refute without. */
static void shorten_cube(AtomVec *cube, Z3_solver neg, double timeout) {
  (void)timeout;
  int n = cube->len;
  bool *keep = xalloc(sizeof(bool) * (size_t)(n + 1));
  if (!refutes(neg, cube->data, n, keep))
    return; /* (unknown: the cube as it is) */
  Z3_ast *lits = xalloc(sizeof(Z3_ast) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) {
    if (!keep[i])
      continue;
    keep[i] = false;
    int m = 0;
    for (int j = 0; j < n; j++)
      if (keep[j])
        lits[m++] = cube->data[j];
    keep[i] = !refutes(neg, lits, m, NULL);
  }
  int m = 0;
  for (int i = 0; i < n; i++)
    if (keep[i])
      cube->data[m++] = cube->data[i];
  cube->len = m;
}

Z3_ast smt_dnf(Z3_ast f, Z3_ast context, int max_cubes, double timeout) {
  if (out_of_budget())
    return NULL;
  Z3_context c = smt_ctx();
  AtomVec atoms = {0};
  atoms_of(f, &atoms);
  Z3_solver s = solver_with_timeout(timeout);
  if (context)
    Z3_solver_assert(c, s, context);
  Z3_solver_assert(c, s, f);
  /* context && !f: a cube's literals imply f when they contradict it */
  Z3_solver neg = solver_with_timeout(timeout);
  if (context)
    Z3_solver_assert(c, neg, context);
  Z3_solver_assert(c, neg, smt_not(f));
  Z3_ast result = NULL;
  bool ok = false;
  for (int n = 0; n <= max_cubes; n++) {
    Z3_lbool r = metered_check(s, 0, NULL);
    if (r == Z3_L_FALSE) {
      ok = true;
      break;
    }
    if (r != Z3_L_TRUE || n == max_cubes)
      break;
    Z3_model m = Z3_solver_get_model(c, s);
    Z3_model_inc_ref(c, m);
    AtomVec cube = {0};
    for (int i = 0; i < atoms.len; i++) {
      Z3_ast v;
      if (!Z3_model_eval(c, m, atoms.data[i], true, &v))
        continue;
      Z3_lbool b = Z3_get_bool_value(c, v);
      if (b == Z3_L_UNDEF)
        continue;
      vec_push(&cube, b == Z3_L_TRUE ? atoms.data[i] : smt_not(atoms.data[i]));
    }
    Z3_model_dec_ref(c, m);
    /* t != c where the cube bounds t at c reads better as a bound */
    tighten_cube(&cube, context, timeout);
    /* drop every literal the cube does not need */
    shorten_cube(&cube, neg, timeout);
    Z3_ast cb = NULL;
    for (int i = 0; i < cube.len; i++)
      cb = smt_and2(cb, cube.data[i]);
    cb = cb ? cb : smt_true();
    result = smt_or2(result, cb);
    Z3_solver_assert(c, s, smt_not(cb));
  }
  Z3_solver_dec_ref(c, s);
  Z3_solver_dec_ref(c, neg);
  if (!ok)
    return NULL;
  /* drop cubes that the others cover */
  AtomVec cubes = {0};
  smt_disjuncts(result, &cubes);
  merge_cubes(&cubes, context, timeout);
  for (int i = 0; i < cubes.len && cubes.len > 1; i++) {
    Z3_ast others = NULL;
    for (int j = 0; j < cubes.len; j++)
      if (j != i)
        others = smt_or2(others, cubes.data[j]);
    if (smt_implies(smt_and2(context, cubes.data[i]), others, timeout)) {
      cubes.data[i] = cubes.data[--cubes.len];
      i = -1;
    }
  }
  Z3_ast r = NULL;
  for (int i = 0; i < cubes.len; i++)
    r = smt_or2(r, tidy_cube(cubes.data[i]));
  return r ? r : smt_false();
}
