/**
 * The corpus checker's scoring (bench/corpus/score.ts): runs pair by shared values, each parsed
 * run at most once; a run file passes only with every number; silence and near-negative runs count.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchRuns, type ParsedRun, sameNumber, scoreFile } from '../../bench/corpus/score';
import { splitCandidates } from '../../bench/corpus/split';

const parsed: ParsedRun[] = [
  {
    id: 'f:1',
    metrics: { throughput_rps: 2.34, output_tps: 529.33 },
    client: { concurrency: 8 },
    parallelism: { tp: 2 },
    model: 'Qwen/Qwen2.5-7B',
  },
  { id: 'f:9', metrics: { throughput_rps: 4.1, latency_mean_s: 1.2, prefill_ms: 42.07 } },
];

test('values match within 0.5 % relative, zero only exactly', () => {
  assert.ok(sameNumber(529.33, 529.3));
  assert.ok(!sameNumber(529.33, 520));
  assert.ok(sameNumber(0, 0));
  assert.ok(!sameNumber(0, 0.001));
});

test('expected runs pair with the parsed run sharing most numbers, once each', () => {
  const r = matchRuns(
    [
      { label: 'b', metrics: { throughput_rps: 4.1, latency_mean_s: 1.2 }, extra: { prefill: 0.04207 } },
      { label: 'a', metrics: { throughput_rps: 2.34, output_tps: 529.33 }, settings: { concurrency: 8, tp: 2, model: 'qwen2.5-7b' } },
      { label: 'c', metrics: { throughput_rps: 2.34 } },
    ],
    parsed,
  );
  assert.equal(r.total, 9);
  assert.equal(r.found, 8);
  assert.deepEqual(r.missing, ['run 3 (c): throughput_rps=2.34 (no parsed run matched)']);
});

test('a run file with a number missing fails; no run and no warning is silent', () => {
  const expected = { runs: [{ metrics: { throughput_rps: 2.34, ttft_mean_ms: 10 } }] };
  const partial = scoreFile('x', 'run-file', expected, parsed, false, 0);
  assert.equal(partial.pass, false);
  assert.equal(partial.silent, false);
  assert.equal(scoreFile('x', 'run-file', expected, [], false, 0).silent, true);
  assert.equal(scoreFile('x', 'run-file', expected, [], true, 0).silent, false);
  assert.equal(scoreFile('x', 'run-file', expected, parsed, false, 2).pass, false);
});

test('a near-negative passes only with no run', () => {
  assert.equal(scoreFile('n', 'near-negative', { runs: [] }, [], false, 0).pass, true);
  const bad = scoreFile('n', 'near-negative', { runs: [] }, parsed, false, 0);
  assert.equal(bad.pass, false);
  assert.equal(bad.parsedRuns, 2);
});

test('the split keeps a repository in one half and is the same for the same seed', () => {
  const candidates = ['a', 'b', 'c', 'd', 'e', 'f'].flatMap((g) => [
    { id: `${g}1`, group: g, kind: 'run-file' as const },
    { id: `${g}2`, group: g, kind: 'run-file' as const },
  ]);
  const half = splitCandidates(candidates, 27);
  for (const g of ['a', 'b', 'c', 'd', 'e', 'f']) assert.equal(half[`${g}1`], half[`${g}2`]);
  assert.deepEqual(splitCandidates(candidates, 27), half);
  assert.equal(Object.values(half).filter((h) => h === 'dev').length, 6);
});

test('stat-line samples count as numbers, and a file with samples is not silent', () => {
  const expected = { runs: [], samples: [{ series: 'output_tps', values: [447.31, 405.38] }] };
  const got = scoreFile('s', 'run-file', expected, [], false, 0, [{ series: 'output_tps', value: 447.31 }]);
  assert.equal(got.found, 1);
  assert.equal(got.expected, 2);
  assert.equal(got.silent, false);
  assert.deepEqual(got.missing, ['sample output_tps=405.38']);
  assert.equal(scoreFile('s', 'run-file', expected, [], false, 0, []).silent, true);
});
