/*
 * poly_results.c -- what the polyhedral analysis (see polyhedra.c) gives: invariants at
 * function entries, loop heads and exits (disjunctions of the partitions,
 * projected on the variables that make sense there), whether the error is
 * reachable, statistics and the -v report.
 */

#include "poly_internal.h"

#include <stdlib.h>
#include <string.h>

/* Polyhedra (projected partitions) made as few as possible without losing
 * anything: those included in others are dropped, pairs whose union is
 * convex are merged (the others are left NULL). */
static void simplify_parts(Poly *proj, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n && proj[i]; j++)
      if (j != i && proj[j] && poly_leq(proj[i], proj[j])) {
        poly_free(proj[i]);
        proj[i] = NULL;
      }
  for (bool merged = true; merged;) {
    merged = false;
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n && proj[i]; j++)
        if (proj[j] && poly_join_if_exact(proj[i], proj[j])) {
          poly_free(proj[j]);
          proj[j] = NULL;
          merged = true;
        }
  }
}

/* Disjunction of the partitions of v over the named dimensions (the others
 * projected away). */
static Z3_ast pval_formula(FA *fa, PVal *v, Z3_ast *names) {
  int *map = malloc(sizeof(int) * (size_t)(fa->ndims + 1));
  Z3_ast *compact = malloc(sizeof(Z3_ast) * (size_t)(fa->ndims + 1));
  int m = 0;
  for (int d = 0; d < fa->ndims; d++) {
    map[d] = names[d] ? m : -1;
    if (names[d])
      compact[m++] = names[d];
  }
  Poly *proj = malloc(sizeof(Poly) * (size_t)(v->n + 1));
  for (int i = 0; i < v->n; i++) {
    proj[i] = poly_copy(v->v[i].p);
    poly_map(proj[i], map, m);
  }
  simplify_parts(proj, v->n);
  Z3_ast *disj = malloc(sizeof(Z3_ast) * (size_t)(v->n + 1));
  int nd = 0;
  for (int i = 0; i < v->n; i++)
    if (proj[i]) {
      disj[nd++] = poly_formula(proj[i], compact);
      poly_free(proj[i]);
    }
  Z3_ast r = nd == 0 ? smt_false() : nd == 1 ? disj[0] : Z3_mk_or(smt_ctx(), (unsigned)nd, disj);
  free(map);
  free(compact);
  free(proj);
  free(disj);
  return r;
}

static Invariant make_inv(FA *fa, PointKind kind, Stmt *loop, Loc loc, Z3_ast f) {
  Invariant inv = {0};
  inv.func = fa->f;
  inv.kind = kind;
  inv.loop = loop;
  inv.loc = loc;
  inv.formula = f;
  inv.source = "polyhedra";
  return inv;
}

/* Names of the dimensions in the invariants: the variables that make sense
 * at the node (observers, flags and dead locals are projected away), and
 * the entry values of the inputs as "<name>__in" (like the Horn clauses'
 * predicates). */
static void point_names(FA *fa, int node, Z3_ast *names) {
  for (int d = 0; d < fa->ndims; d++)
    names[d] = NULL;
  for (int d = 0; d < fa->nvars; d++) {
    Var *v = fa->var[d];
    if (node == fa->g->entry)
      names[d] = pa_entry_defined(fa, d) ? smt_var(v) : NULL;
    else if (node == fa->g->exit)
      names[d] = v->kind != VAR_LOCAL || v == fa->g->ret || pa_is_cell_var(v) ? smt_var(v) : NULL;
    else
      names[d] = v->role != ROLE_OBSERVER && pa_live_at(fa, node, d) ? smt_var(v) : NULL;
  }
  if (node != fa->g->entry)
    for (int k = 0; k < fa->nif; k++)
      if (!pa_aliased(fa, k))
        names[fa->in_dim[k]] = smt_int_const(name_with(fa->var[fa->if_dim[k]]->name, NAME_IN));
}

/* The entry values of inputs that never change, as "x__in == x" (they
 * share a dimension with x in the analysis). */
static Z3_ast alias_formula(FA *fa) {
  Z3_ast r = NULL;
  for (int k = 0; k < fa->nif; k++)
    if (pa_aliased(fa, k)) {
      Var *v = fa->var[fa->if_dim[k]];
      r = smt_and2(r, Z3_mk_eq(smt_ctx(), smt_int_const(name_with(v->name, NAME_IN)), smt_var(v)));
    }
  return r;
}

void pa_collect_invariants(Analysis *an, Answer *a) {
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    Z3_ast *names = xalloc(sizeof(Z3_ast) * (size_t)(fa->ndims + 1));
    point_names(fa, fa->g->entry, names);
    vec_push(&a->invariants, make_inv(fa, POINT_ENTRY, NULL, fa->f->loc,
                                      pval_formula(fa, &fa->ctx, names)));
    for (int n = 0; n < fa->g->nodes.len; n++) {
      Node *nd = &fa->g->nodes.data[n];
      if (!nd->loop_head)
        continue;
      point_names(fa, n, names);
      vec_push(&a->invariants,
               make_inv(fa, POINT_LOOP_HEAD, nd->loop, nd->loc,
                        smt_and2(pval_formula(fa, &fa->val[n], names), alias_formula(fa))));
    }
    point_names(fa, fa->g->exit, names);
    PVal *ex = &fa->val[fa->g->exit];
    vec_push(&a->invariants, make_inv(fa, POINT_EXIT, NULL, fa->f->loc,
                                      smt_and2(pval_formula(fa, ex, names), alias_formula(fa))));
  }
}

void pa_count_parts(Analysis *an) {
  an->stats.functions = an->fas.len;
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    for (int n = 0; n < fa->g->nodes.len; n++)
      if (fa->g->nodes.data[n].loop_head)
        an->stats.loop_head_parts += fa->val[n].n;
    an->stats.exit_parts += fa->val[fa->g->exit].n;
  }
}

bool pa_error_reachable(Analysis *an) {
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    if (fa->val[fa->g->error].n)
      return true;
  }
  return false;
}

void pa_report(Analysis *an) {
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    const char **dn = xalloc(sizeof(char *) * (size_t)(fa->ndims + 1));
    for (int d = 0; d < fa->ndims; d++)
      dn[d] = d < fa->nvars ? fa->var[d]->name : "?";
    for (int k = 0; k < fa->nif; k++)
      if (!pa_aliased(fa, k))
        dn[fa->in_dim[k]] = name_with(fa->var[fa->if_dim[k]]->name, NAME_IN);
    fprintf(stderr, "polyhedra: %s: %d dimensions, %d components\n", fa->f->name, fa->ndims,
            fa->ncomps);
    for (int c = 0; c < fa->ncomps; c++) {
      Comp *cp = &fa->comps[c];
      const char *text = !cp->flag      ? lin_text(cp->L, dn)
                         : cp->observer ? xformat("observer %s", cp->observer->name)
                                        : xformat("hit flag of line %d",
                                                  fa->g->edges.data[cp->guard].stmt
                                                      ? fa->g->edges.data[cp->guard].stmt->loc.line
                                                      : 0);
      fprintf(stderr, "  component %s (%d regions, priority %d)\n", text, cp->nreg, cp->prio);
    }
    for (int n = 0; n < fa->g->nodes.len; n++)
      if (fa->g->nodes.data[n].loop_head || n == fa->g->exit) {
        fprintf(stderr, "  %s line %d: %d partitions\n", n == fa->g->exit ? "exit" : "loop head",
                fa->g->nodes.data[n].loc.line, fa->val[n].n);
      }
  }
  fprintf(stderr, "polyhedra: %d analyses, at most %d partitions at a point, %lld PPL calls, "
          "%.3f s\n", an->stats.analyses, an->stats.max_parts, pd_steps() - an->steps0,
          an->stats.seconds);
}
