/**
 * Clear refusals (issue 19), through the built binary: an unknown --metric, --by factor or
 * --where key exits 2 with the closest valid name and no stack trace; an empty comparison
 * says which condition failed; --by takes tp, dp and pp.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers/golden';

const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');
const A10 = 'data/a10-sglang-vllm-tp2-vs-tp4.md';

function run(args: string[], cwd = REPO_ROOT) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function assertUsage(r: ReturnType<typeof run>, message: RegExp): void {
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, message);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  assert.equal(r.stdout, '');
}

test('a misspelled --metric exits 2 with the suggestion', () => {
  assertUsage(
    run(['compare', A10, '--by', 'gpus', '--metric', 'throughput_rsp']),
    /^benchbook: unknown metric "throughput_rsp"; did you mean "throughput_rps"\?/,
  );
  // Far from every metric: no suggestion, but the metrics the runs have.
  assertUsage(
    run(['compare', A10, '--by', 'gpus', '--metric', 'accept_length']),
    /unknown metric "accept_length": no run read has it \(metrics in the runs: duration_s, /,
  );
});

test('a misspelled --by factor or --where key exits 2 with the suggestion', () => {
  assertUsage(run(['compare', A10, '--by', 'gpuss']), /unknown --by factor "gpuss"; did you mean "gpus"\?.*tp, dp, pp/);
  assertUsage(run(['compare', A10, '--by', 'concurency']), /did you mean "concurrency"\?/);
  assertUsage(run(['compare', A10, '--by', 'gpus', '--where', 'engin=vllm']), /unknown --where key "engin"; did you mean "engine"\?/);
});

test('--by tp compares tensor-parallel degrees, the smaller one the baseline', () => {
  const r = run(['compare', A10, '--by', 'tp', '--metric', 'throughput_rps', '--where', 'engine=vllm']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^parallelism by tp:/);
  // Same runs as --by gpus: vLLM --tensor-parallel-size 2 (2 GPUs) against 4, at concurrency 30.
  assert.match(r.stdout, /concurrency=30 .*throughput_rps\s+tp=2\s+11\.56\s+2\s+tp=4\s+13\.17\s+2\s+\+13\.9%/);
  assert.equal(r.stdout.match(/tp=2 .* tp=4 /g)?.length, 3, 'concurrency 30, 50, 100');
});

test('--by dp and pp refuse with the condition that failed', () => {
  const pp = run(['compare', 'data', '--by', 'pp']);
  assert.equal(pp.code, 0, pp.stderr);
  assert.match(
    pp.stdout,
    /^No comparable configurations by pp: only one value of pp among the runs: pp=1 \(37 runs; 112 other runs have no pp\)/,
  );
  const dp = run(['compare', 'data', '--by', 'dp']);
  assert.match(
    dp.stdout,
    /^No comparable configurations by dp: dp differs in \d+ pairs of configurations, but every pair also differs in tp \(\d+ pairs\)/,
  );
  // The first pairs are listed with what differs.
  assert.match(dp.stdout, /\n {2}engine=sglang .* vs {2}engine=sglang .*strategy=data.*: tp 2 ≠ 1\n/);
});

test('--where values that match no run: which one, the values it could take, the closest', () => {
  const r = run(['compare', 'data', '--by', 'gpus', '--where', 'engine=sglnag']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    'No comparable configurations by gpus: no run has engine=sglnag; did you mean engine=sglang? (engine values in the 150 runs: sglang, vllm)\n',
  );
  const both = run(['compare', 'data', '--by', 'concurrency', '--where', 'engine=sglang', '--where', 'gpus=8']);
  assert.match(
    both.stdout,
    /each --where condition matches runs, but no run matches all of them: engine=sglang \(36 runs\), gpus=8 \(6 runs\)/,
  );
  const one = run(['compare', 'data', '--by', 'gpus', '--where', 'engine=vllm', '--where', 'gpus=8']);
  assert.match(
    one.stdout,
    /only one value of gpus among the runs matching engine=vllm gpus=8: gpus=8 \(6 runs\), nothing to compare it with/,
  );
});

test('notebook run: a missing notebook or a file that is not one exits 2 with one line', () => {
  const missing = run(['notebook', 'run', 'notebooks/no-such.ipynb']);
  assert.equal(missing.code, 2);
  assert.equal(missing.stderr, 'benchbook: no such notebook: notebooks/no-such.ipynb\n');
  const notJson = run(['notebook', 'run', 'README.md']);
  assert.equal(notJson.code, 2);
  assert.match(notJson.stderr, /^benchbook: README\.md: not a Jupyter notebook \(.*\)\n$/);
});

test('notebook new refuses to overwrite, and an unknown --data path', () => {
  const exists = run(['notebook', 'new', 'notebooks/02-gpu-scaling.ipynb']);
  assert.equal(exists.code, 2);
  assert.equal(exists.stderr, 'benchbook: notebooks/02-gpu-scaling.ipynb exists: not overwritten\n');
  const data = run(['notebook', 'new', '/tmp/never-written.ipynb', '--data', 'no-such-folder']);
  assert.equal(data.code, 2);
  assert.match(data.stderr, /--data: no such file or directory: no-such-folder/);
});

test('an unknown --format-hint exits 2 with the closest format, or the list', () => {
  assertUsage(
    run(['parse', A10, '--format-hint', 'llmperf']),
    /^benchbook: unknown --format-hint "llmperf"; did you mean "llmperf-json"\?/,
  );
  assertUsage(
    run(['parse', A10, '--format-hint', 'nonsense']),
    /^benchbook: unknown --format-hint "nonsense"; one of: rich-table, .*key-value\n$/,
  );
  // A valid hint is taken: the a10 log's box tables read as rich tables (read as a Markdown
  // report it holds no run, which is exit 1 since inputs without runs are an error).
  const ok = run(['parse', A10, '--format-hint', 'rich-table']);
  assert.equal(ok.code, 0, ok.stderr);
  const none = run(['parse', A10, '--format-hint', 'markdown-report']);
  assert.equal(none.code, 1, none.stderr);
  assert.match(none.stderr, /no runs found in 1 file/);
});
