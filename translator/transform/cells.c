/*
 * cells.c -- the cell abstraction (Monniaux & Alberti, sections 2 and 4).
 *
 * Each array a of the normalized program is replaced by k cells: an index
 * tuple a_x<j> (fixed once the array exists) and a scalar a_v<j> holding
 * a[a_x<j>]. Listings 3-5 of the paper:
 *
 *   t = a[i];   ==>  t = nondet(); if (i == a_x1) assume(t == a_v1); ...
 *   a[i] = e;   ==>  if (i == a_x1) a_v1 = e; if (i == a_x2) a_v2 = e; ...
 *
 * Arrays passed to a function keep their cells: the callee receives the
 * indices by value and the values by reference. Arrays linked by parameter
 * passing therefore share one cell count (a union-find over arrays).
 *
 * An assertion reading arrays is checked only where every index it reads is
 * a cell index (sound: every failing run is matched by one choice of cells,
 * the paper's Theorem 1 and section 5.3): for each way of assigning the
 * reads to cells, a guard says that the reads actually performed
 * (short-circuit evaluation respected) hit their cells, and the condition is
 * checked on the cell values. A loop whose only effects are such assertions
 * and its counter is a
 * universally quantified assertion and becomes one check per cell.
 *
 * The source program is not modified: the result is a new Program that
 * shares the scalar variables and pure expressions of the source.
 *
 * The files of the abstraction (cells_internal.h has what they share):
 *   cells.c             the program and its functions, statement by statement
 *   cells_classes.c     arrays linked by parameter passing, cell counts
 *   cells_create.c      the cells of an array instance and their creation
 *   cells_access.c      reads, writes and assertions on cells
 *   cells_check_loops.c quantified-assertion loops, one check per cell
 *   cells_focus.c       where --focus is assumed
 *   cells_harness.c     the generated caller of --entry's function
 */
#include "cells_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Statements ----------------------------------------------------------------------- */

static Stmt *mapped_target(Abs *a, Stmt *old) {
  for (int i = a->loop_old.len - 1; i >= 0; i--)
    if (a->loop_old.data[i] == old)
      return a->loop_new.data[i];
  return old;
}

/* Branch of an if: one statement stays one statement. */
static Stmt *rewrite_sub(Abs *a, Stmt *s) {
  if (!s)
    return NULL;
  Stmt *b = new_block(s->loc);
  cells_rewrite_block(a, s, b);
  return b->stmts.len == 1 ? b->stmts.data[0] : b;
}

/* Body of a loop or case: always a block. */
static Stmt *rewrite_body(Abs *a, Stmt *s) {
  if (!s)
    return NULL;
  Stmt *b = new_block(s->loc);
  cells_rewrite_block(a, s, b);
  return b;
}

static void rewrite_call(Abs *a, Stmt *s, Stmt *out) {
  Stmt *n = new_stmt(S_CALL, s->loc);
  n->var = s->var;
  n->func = a->dfuncs.data[0]; /* replaced below */
  for (int i = 0; i < a->src->funcs.len; i++)
    if (a->src->funcs.data[i] == s->func)
      n->func = a->dfuncs.data[i];
  for (int i = 0; i < s->args.len; i++) {
    Expr *e = s->args.data[i];
    if (e->kind == E_VAR && e->var->type->kind == TY_ARRAY) {
      ArrayCells *ac = cells_of(a, e->var, s->loc);
      if (!ac)
        return;
      for (int j = 0; j < cells_ncurrent(ac); j++) {
        for (int d = 0; d < ac->ndims; d++)
          vec_push(&n->args, V(ac->cells.data[j].index[d]));
        vec_push(&n->args, V(ac->cells.data[j].value));
      }
    } else {
      vec_push(&n->args, e);
    }
  }
  block_add(out, n);
}

static void rewrite_stmt(Abs *a, Stmt *s, Stmt *out) {
  switch (s->kind) {
  case S_BLOCK:
    for (int i = 0; i < s->stmts.len; i++)
      rewrite_stmt(a, s->stmts.data[i], out);
    return;
  case S_DECL:
    if (s->var->type->kind == TY_ARRAY) {
      if (s->var->cells)
        cells_create(a, s->var->cells, false, s->expr, out);
      return;
    }
    block_add(out, s);
    vec_push(&a->in_scope, s->var);
    cells_focus_if_ready(a, NULL, out, s->loc);
    return;
  case S_READ: {
    ExprVec idx = cells_copy_idx(&s->idx);
    cells_rewrite_read(a, s, s->var, s->array, &idx, s->site, s->loc, out);
    return;
  }
  case S_WRITE: {
    ExprVec idx = cells_copy_idx(&s->idx);
    cells_rewrite_write(a, s->array, &idx, s->expr, s->site, s->loc, out);
    return;
  }
  case S_ASSERT:
    cells_rewrite_assert(a, s, out);
    return;
  case S_ASSUME:
    /* a proven fact that reads arrays (facts.c): assumed where its reads
     * hit cells, like an assertion checked there */
    if (expr_has_index(s->expr))
      cells_rewrite_assert(a, s, out);
    else
      block_add(out, s);
    return;
  case S_CALL:
    rewrite_call(a, s, out);
    return;
  case S_IF:
    block_add(out, new_if(s->expr, rewrite_sub(a, s->then), rewrite_sub(a, s->els), s->loc));
    return;
  case S_LOOP: {
    CheckLoop cl;
    if (!a->opt->no_check_loops && cells_parse_check_loop(s, &cl)) {
      cells_rewrite_check_loop(a, s, &cl, out);
      return;
    }
    Stmt *n = new_stmt(S_LOOP, s->loc);
    vec_push(&a->loop_old, s);
    vec_push(&a->loop_new, n);
    n->body = rewrite_body(a, s->body);
    n->step = rewrite_body(a, s->step);
    a->loop_old.len--;
    a->loop_new.len--;
    block_add(out, n);
    return;
  }
  case S_SWITCH: {
    Stmt *n = new_stmt(S_SWITCH, s->loc);
    n->expr = s->expr;
    vec_push(&a->loop_old, s);
    vec_push(&a->loop_new, n);
    for (int i = 0; i < s->cases.len; i++) {
      SwitchCase *c = xalloc(sizeof *c);
      *c = *s->cases.data[i];
      c->body = rewrite_body(a, s->cases.data[i]->body);
      vec_push(&n->cases, c);
    }
    a->loop_old.len--;
    a->loop_new.len--;
    block_add(out, n);
    return;
  }
  case S_BREAK:
  case S_CONTINUE: {
    Stmt *n = new_stmt(s->kind, s->loc);
    n->target = mapped_target(a, s->target);
    block_add(out, n);
    return;
  }
  default:
    block_add(out, s);
    return;
  }
}

void cells_rewrite_block(Abs *a, Stmt *s, Stmt *out) {
  if (s->kind == S_BLOCK) {
    int scope = a->in_scope.len;
    for (int i = 0; i < s->stmts.len; i++)
      rewrite_stmt(a, s->stmts.data[i], out);
    a->in_scope.len = scope;
  } else {
    rewrite_stmt(a, s, out);
  }
}

/* ---- Functions ------------------------------------------------------------------------ */

/* The result function: scalar parameters and locals as they are, array
 * parameters as their cells (indices by value, values by reference). */
static Func *skeleton(Abs *a, Func *sf) {
  Func *df = xalloc(sizeof *df);
  df->name = sf->name;
  df->loc = sf->loc;
  df->ret = sf->ret;
  df->is_entry = sf->is_entry;
  for (int i = 0; i < sf->locals.len; i++)
    if (sf->locals.data[i]->type->kind != TY_ARRAY)
      vec_push(&df->locals, sf->locals.data[i]);
  (void)a;
  return df;
}

static void make_params(Abs *a, Func *sf, Func *df) {
  for (int i = 0; i < sf->params.len; i++) {
    Var *p = sf->params.data[i];
    if (p->type->kind != TY_ARRAY)
      vec_push(&df->params, p);
    else
      cells_make(a, p, df, true, true);
  }
}

static Func *dst_of(Abs *a, Func *sf) {
  for (int i = 0; i < a->src->funcs.len; i++)
    if (a->src->funcs.data[i] == sf)
      return a->dfuncs.data[i];
  return NULL;
}

/* The cells of a local array, once: a heap block is declared again at
 * each of its allocations, with the same cells. */
static void make_local_cells(Abs *a, Stmt *s) {
  if (s->kind == S_DECL && s->var->type->kind == TY_ARRAY && !s->var->cells &&
      cells_find_root(cells_info_of(a, s->var))->used)
    cells_make(a, s->var, dst_of(a, s->var->owner), false, true);
}

/* Global arrays get their cells when the program starts. */
void cells_program_start(Abs *a, Stmt *out) {
  for (int i = 0; i < a->src->globals.len; i++) {
    Var *g = a->src->globals.data[i];
    if (g->type->kind == TY_ARRAY && cells_find_root(cells_info_of(a, g))->used)
      cells_create(a, g->cells, true, g->init, out);
  }
}

/* The observer flags of a function start false; they are known once its
 * body is rewritten, so their initialization is put in front afterwards. */
Stmt *cells_with_observers(Abs *a, Stmt *body) {
  if (!a->observer_init->stmts.len)
    return body;
  Stmt *b = new_block(body->loc);
  for (int i = 0; i < a->observer_init->stmts.len; i++)
    block_add(b, a->observer_init->stmts.data[i]);
  for (int i = 0; i < body->stmts.len; i++)
    block_add(b, body->stmts.data[i]);
  return b;
}

static void rewrite_func(Abs *a, Func *sf, Func *df) {
  a->sf = sf;
  a->df = df;
  a->in_scope.len = 0;
  Stmt *body = new_block(sf->body->loc);
  a->observer_init = new_block(sf->body->loc);
  if (df == a->start)
    cells_program_start(a, body);
  for (int i = 0; i < sf->params.len; i++) {
    Var *p = sf->params.data[i];
    if (p->type->kind == TY_ARRAY && p->cells)
      cells_create_initial(a, p->cells, body);
  }
  if (df == a->target) {
    /* its parameters' cells exist from here on (see created_in) */
    for (int i = 0; i < sf->params.len; i++)
      if (sf->params.data[i]->type->kind == TY_ARRAY && sf->params.data[i]->cells)
        vec_push(&a->created, sf->params.data[i]->cells);
    cells_focus_if_ready(a, NULL, body, sf->loc);
  }
  cells_rewrite_block(a, sf->body, body);
  df->body = cells_with_observers(a, body);
}

/* Only what runs from the entry is translated: with --entry f, main and the
 * rest of the program are not part of the analysed program. */
static Program *reachable_part(Program *src) {
  if (!src->entry)
    return src;
  bool *reach = reachable_funcs(src);
  Program *r = xalloc(sizeof *r);
  *r = *src;
  r->names = NULL; /* its own index of names (ir.c) */
  r->funcs.data = NULL;
  r->funcs.len = r->funcs.cap = 0;
  for (int i = 0; i < src->funcs.len; i++)
    if (reach[i] || !src->funcs.data[i]->body)
      vec_push(&r->funcs, src->funcs.data[i]);
  return r;
}

Program *abstract_cells(Program *src, const CellOptions *opt) {
  src = reachable_part(src);
  int before = error_count();
  Abs a = {.src = src, .opt = opt};
  Program *dst = xalloc(sizeof *dst);
  dst->file = src->file;
  dst->nvars = src->nvars;
  dst->nsites = src->nsites;
  dst->abstracted = true;
  dst->focus_text = opt->focus;
  a.dst = dst;

  /* 1. cell counts per class of arrays */
  cells_setup_classes(&a);
  for (int i = 0; i < a.infos.len; i++)
    a.infos.data[i]->array->cells = NULL;
  if (error_count() != before)
    return NULL;

  /* 2. every cell variable, before any statement is rewritten */
  for (int i = 0; i < src->globals.len; i++)
    if (src->globals.data[i]->type->kind != TY_ARRAY)
      vec_push(&dst->globals, src->globals.data[i]);
  for (int i = 0; i < src->funcs.len; i++) {
    Func *sf = src->funcs.data[i];
    Func *df = sf->body ? skeleton(&a, sf) : sf;
    vec_push(&a.dfuncs, df);
    vec_push(&dst->funcs, df);
  }
  for (int i = 0; i < src->funcs.len; i++)
    if (src->funcs.data[i]->body)
      make_params(&a, src->funcs.data[i], a.dfuncs.data[i]);
  for (int i = 0; i < src->globals.len; i++) {
    Var *g = src->globals.data[i];
    if (g->type->kind == TY_ARRAY && cells_find_root(cells_info_of(&a, g))->used)
      cells_make(&a, g, NULL, false, true);
  }
  for (int i = 0; i < src->funcs.len; i++)
    cells_walk(&a, src->funcs.data[i]->body, make_local_cells);
  Func *entry_src = src->entry;
  Func *entry_dst = entry_src ? dst_of(&a, entry_src) : NULL;
  Harness hs = {0};
  if (entry_src && strcmp(entry_src->name, "main") != 0)
    hs = cells_make_harness(&a, entry_src, entry_dst);
  a.start = hs.h ? hs.h : entry_dst;
  a.target = hs.h ? entry_dst : NULL;

  /* 3. --focus, in the first function where it parses over cells created there */
  if (opt->focus) {
    bool ok = false;
    if (a.target)
      ok = cells_parse_focus(&a, a.target);
    if (!ok && a.start)
      ok = cells_parse_focus(&a, a.start);
    for (int i = 0; i < src->funcs.len && !ok; i++)
      if (src->funcs.data[i]->body)
        ok = cells_parse_focus(&a, a.dfuncs.data[i]);
    if (!ok) {
      error_at((Loc){"--focus", 0, 0},
               "cannot use '%s': it must be a C expression over the cell indices of the arrays "
               "created in one function (named like a_x1, a_x2; see --emit=json) and the "
               "variables visible there", opt->focus);
      return NULL;
    }
    dst->focus = a.focus;
    dst->focus_owner = a.focus_owner;
  }

  /* 4. statements */
  for (int i = 0; i < src->funcs.len; i++)
    if (src->funcs.data[i]->body)
      rewrite_func(&a, src->funcs.data[i], a.dfuncs.data[i]);
  if (hs.h) {
    cells_harness_body(&a, &hs, entry_src, entry_dst);
    vec_push(&dst->funcs, hs.h);
  }
  dst->entry = hs.h ? hs.h : entry_dst;
  if (opt->focus && !a.focus_done && a.focus_locals.len)
    error_at((Loc){"--focus", 0, 0},
             "cannot use '%s': no point of %s has both the cells of its arrays and its local "
             "variables (declared in an inner block?)",
             opt->focus, a.focus_owner->name);
  else if (opt->focus && !a.focus_done)
    warn_at((Loc){"--focus", 0, 0}, "the focus was not used: its arrays are never created");
  return error_count() == before ? dst : NULL;
}
