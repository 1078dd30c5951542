// spacer-runner.mjs -- solve Horn clauses with the Z3 of the npm z3-solver
// package (WebAssembly), for backends/spacer/spacer_node.c.
//
// stdin: SMT-LIB2 (set-logic HORN) clauses, ending with the query clause.
// stdout, in the format of backends/spacer/spacer.c:
//   result true|false|unknown [reason]
//   model                      (true only; the model text follows)
import { init } from 'z3-solver';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const clauses = Buffer.concat(chunks).toString('utf8');

const { Z3 } = await init();
const cfg = Z3.mk_config();
const ctx = Z3.mk_context(cfg);
Z3.del_config(cfg);

let out;
try {
  const answer = (await Z3.eval_smtlib2_string(ctx, clauses + '\n(check-sat)\n')).trim();
  if (answer === 'sat') {
    // HORN: sat means the predicates have a model, i.e. the error is unreachable
    const model = await Z3.eval_smtlib2_string(ctx, '(get-model)\n');
    out = 'result true\nmodel\n' + model;
  } else if (answer === 'unsat') {
    out = 'result false\n';
  } else {
    const why = await Z3.eval_smtlib2_string(ctx, '(get-info :reason-unknown)\n');
    out = 'result unknown ' + why.replace(/\s+/g, ' ').trim() + '\n';
  }
} catch (e) {
  out = 'result unknown ' + String(e).replace(/\s+/g, ' ') + '\n';
}
process.stdout.write(out, () => process.exit(0));
