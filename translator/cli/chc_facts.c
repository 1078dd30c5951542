/*
 * chc_facts.c -- arr2scalar --emit=chc --facts: the Horn clauses of the
 * problem verify solved (driver.h, emit_chc_facts), in CHC-COMP's format,
 * with the facts the search proved conjoined, so that another solver gets
 * what this one knew.
 */
#include "driver.h"
#include "search_api.h"
#include "smt.h"
#include "verify_report.h"

/* Seconds per Houdini check of the facts written (chc_add_facts): more
 * than an attempt gives them (2 s), the file is the point now -- within
 * the time left for writing (SearchInput.write_deadline). */
#define WRITE_CHECK 10

/* The clauses of the attempt the search kept (NULL: the first precision,
 * the cells of the options), as Spacer saw them or would have: the sizes
 * as parameters when there are such, the polyhedra's invariants and
 * Spacer's of a proof conjoined; to out. */
static int write_chc(FILE *out, const Options *o, const SearchInput *in, const SearchResult *res) {
  const SearchClauses *at = res->clauses;
  double write_deadline = in->write_deadline;
  /* past the deadline a check is unknown and its fact left out: the file
   * is written in time, with fewer facts */
  smt_set_deadline(write_deadline);
  double check = write_deadline - clock_now();
  if (check > WRITE_CHECK)
    check = WRITE_CHECK;
  if (check < 0.1)
    check = 0.1;
  Program *abs = at ? at->abs : abstract_cells(in->orig, &o->cells);
  Chc *c = at ? at->c : NULL;
  int poly_facts = -1; /* unknown: the attempt's own clauses */
  if (!c && abs) {
    ChcOptions co = {.generalize = res->sizes.data, .ngeneralize = res->sizes.len};
    c = chc_build(abs, &co);
    Answer poly = at ? at->poly : (Answer){0};
    if (!at) {
      double left = in->deadline - clock_now();
      left = left > 0.05 ? left : 0.05;
      BackendOptions bo = backend_options(o, "polyhedra", check < left ? check : left);
      bo.want_invariants = true;
      poly = backend_verify(&backend_polyhedra, abs, &bo);
    }
    poly_facts = c && poly.invariants.len ? chc_add_facts(c, &poly, check) : 0;
  }
  if (!c)
    return EXIT_INTERNAL;
  /* Spacer's own invariants of a proof, as facts too (Houdini-checked
   * again): another solver then re-proves what this one found, where
   * Debian's z3 alone may not find it in time (slice_init) */
  int spacer_facts = 0;
  if (at && at->c == c && at->sr.verdict == VERDICT_TRUE) {
    Answer a = {0};
    ChcAnswer sr = at->sr;
    chc_answer_invariants(c, &sr, &a, "spacer");
    spacer_facts = a.invariants.len ? chc_add_facts(c, &a, check) : 0;
  }
  fprintf(out, "; verify's %s: %s%s; its verdict: %s\n",
          at ? "deciding attempt" : "first precision",
          at && at->line && at->line[0] ? at->line : "automatic cells",
          at && at->assumed ? ", with proven facts or ghost totals" : "",
          verdict_name(res->verdict));
  if (poly_facts >= 0)
    fprintf(out, "; with the polyhedra's invariants at %d predicates\n", poly_facts);
  if (spacer_facts)
    fprintf(out, "; with the invariants of Spacer's proof at %d predicates\n", spacer_facts);
  fputs(chc_text_chccomp(c), out);
  return 0;
}

bool emit_chc_facts(FILE *out, Options *o, Program *orig, double seconds) {
  /* verify's search takes nine tenths (its slices, and so its precisions'
   * chances, scale with the time), writing the clauses the rest */
  SearchInput in = verify_search_input(o, clock_now(), seconds * 0.9);
  in.write_deadline = in.start + seconds * 0.98;
  in.orig = orig;
  in.clauses = true;
  SearchResult res = search_verify(&in);
  return !res.failed && write_chc(out, o, &in, &res) == 0;
}
