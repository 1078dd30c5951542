// spacer-runner.mjs -- solve Horn clauses with the Z3 of the npm z3-solver
// package (WebAssembly), for backends/spacer/spacer_node.c.
//
// argv: the resource limit (Z3's rlimit; 0 or none: no limit).
// stdin: SMT-LIB2 (set-logic HORN) clauses, ending with the query clause.
// stdout, in the format of backends/spacer/spacer.c:
//   result true|false|unknown [reason]
//   work N                     (Z3's resource count at the end)
//   model                      (true only; the model text follows)
import { init } from 'z3-solver';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const clauses = Buffer.concat(chunks).toString('utf8');

const { Z3 } = await init();
const cfg = Z3.mk_config();
const ctx = Z3.mk_context(cfg);
Z3.del_config(cfg);

const rlimit = Number(process.argv[2] || 0);
if (rlimit > 0) await Z3.eval_smtlib2_string(ctx, `(set-option :rlimit ${Math.floor(rlimit)})\n`);

// Z3's resource count, from its statistics (0 if they do not say).
async function work() {
  const stats = await Z3.eval_smtlib2_string(ctx, '(get-info :all-statistics)\n');
  const m = /:rlimit-count\s+(\d+)/.exec(stats);
  return m ? m[1] : '0';
}

let out;
try {
  const answer = (await Z3.eval_smtlib2_string(ctx, clauses + '\n(check-sat)\n')).trim();
  if (answer === 'sat') {
    // HORN: sat means the predicates have a model, i.e. the error is unreachable
    const model = await Z3.eval_smtlib2_string(ctx, '(get-model)\n');
    out = 'result true\nwork ' + (await work()) + '\nmodel\n' + model;
  } else if (answer === 'unsat') {
    out = 'result false\nwork ' + (await work()) + '\n';
  } else {
    const why = await Z3.eval_smtlib2_string(ctx, '(get-info :reason-unknown)\n');
    out = 'result unknown ' + why.replace(/\s+/g, ' ').trim() + '\nwork ' + (await work()) + '\n';
  }
} catch (e) {
  out = 'result unknown ' + String(e).replace(/\s+/g, ' ') + '\n';
}
process.stdout.write(out, () => process.exit(0));
