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

const { Z3, em } = await init();
const cfg = Z3.mk_config();
const ctx = Z3.mk_context(cfg);
Z3.del_config(cfg);

// SMT-LIB text evaluated by Z3's worker thread. Not Z3.eval_smtlib2_string:
// it hands the text over on Emscripten's stack, which the main thread
// reuses while the worker still parses it -- on a busy machine the worker
// read clauses overwritten half-way ("unknown constant fa"). The text
// lives on the heap here until the answer is back.
async function evaluate(text) {
  const bytes = new TextEncoder().encode(text);
  const at = em._malloc(bytes.length + 1);
  em.HEAPU8.set(bytes, at);
  em.HEAPU8[at + bytes.length] = 0;
  try {
    return await em.async_call(em._async_Z3_eval_smtlib2_string, ctx, at);
  } finally {
    em._free(at);
  }
}

const rlimit = Number(process.argv[2] || 0);
if (rlimit > 0) await evaluate(`(set-option :rlimit ${Math.floor(rlimit)})\n`);

// Z3's resource count, from its statistics (0 if they do not say).
async function work() {
  const stats = await evaluate('(get-info :all-statistics)\n');
  const m = /:rlimit-count\s+(\d+)/.exec(stats);
  return m ? m[1] : '0';
}

let out;
try {
  const answer = (await evaluate(clauses + '\n(check-sat)\n')).trim();
  if (answer === 'sat') {
    // HORN: sat means the predicates have a model, i.e. the error is unreachable
    const model = await evaluate('(get-model)\n');
    out = 'result true\nwork ' + (await work()) + '\nmodel\n' + model;
  } else if (answer === 'unsat') {
    out = 'result false\nwork ' + (await work()) + '\n';
  } else {
    const why = answer === 'unknown'
      ? await evaluate('(get-info :reason-unknown)\n')
      : 'check-sat said: ' + answer.slice(0, 300);
    out = 'result unknown ' + why.replace(/\s+/g, ' ').trim() + '\nwork ' + (await work()) + '\n';
  }
} catch (e) {
  out = 'result unknown ' + String(e).replace(/\s+/g, ' ') + '\n';
}
process.stdout.write(out, () => process.exit(0));
