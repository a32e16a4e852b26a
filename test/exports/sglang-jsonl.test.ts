/**
 * SGLang bench_serving JSONL as it is found: Python's `Infinity`/`NaN` tokens (json.dumps),
 * 2024-era short records (`median_ttft`, `total_input`, `output_token_throughput`), and the
 * lines pasted into a text log after a settings line. Fixtures written for these tests.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseJsonExport } from '../../src/ingest/exports/index';
import { parseJsonTolerant } from '../../src/ingest/exports/tolerant-json';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const FIXTURES = path.join(__dirname, '..', 'fixtures');

function runsOf(records: ReadonlyArray<{ kind: string }>): RunRecord[] {
  return records.filter((r): r is RunRecord => r.kind === 'run');
}

test('Infinity and NaN tokens parse; inside strings they stay text', () => {
  assert.deepEqual(parseJsonTolerant('{"a": Infinity, "b": -Infinity, "c": NaN, "d": "Infinity NaN", "e": [NaN]}'), {
    a: 'Infinity',
    b: '-Infinity',
    c: 'NaN',
    d: 'Infinity NaN',
    e: ['NaN'],
  });
  assert.throws(() => parseJsonTolerant('{"a": Infinityx}'), SyntaxError, 'only the tokens themselves');
  assert.throws(() => parseJsonTolerant('{"a": inf}'), SyntaxError);
  assert.throws(() => parseJsonTolerant('{"a": 1,}'), SyntaxError, 'no other leniency');
});

test('property: any JSON value with non-finite numbers written the Python way reads back, them as text', () => {
  const leaf = fc.oneof(fc.double(), fc.string(), fc.boolean(), fc.constant(null), fc.integer());
  const value = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 }),
    ),
  })).node;
  fc.assert(
    fc.property(value, (v) => {
      // Python's json.dumps: non-finite numbers as bare tokens.
      const python = JSON.stringify(v, (_k, x) =>
        typeof x === 'number' && !Number.isFinite(x) ? `@@${Number.isNaN(x) ? 'NaN' : x > 0 ? 'Infinity' : '-Infinity'}@@` : x,
      ).replace(/"@@(-?Infinity|NaN)@@"/g, '$1');
      const expected = JSON.parse(
        JSON.stringify(v, (_k, x) =>
          typeof x === 'number' && !Number.isFinite(x) ? (Number.isNaN(x) ? 'NaN' : x > 0 ? 'Infinity' : '-Infinity') : x,
        ),
      );
      assert.deepEqual(parseJsonTolerant(python), expected);
    }),
    { numRuns: Number(process.env.BENCHBOOK_FUZZ_RUNS ?? 300) },
  );
});

test('a .jsonl export with Infinity: the rate is absent with its text kept, NaN is no metric', () => {
  const file = 'sglang-bench-serving-infinity.synthetic.jsonl';
  const result = parseJsonExport(fs.readFileSync(path.join(FIXTURES, 'exports', file), 'utf8'), { file });
  // NaN is said (absent, at its line); an infinite request rate is "no limit", read as such.
  assert.deepEqual(
    result.diagnostics.map((d) => [d.severity, d.code, d.line, /"mean_tpot_ms" is NaN/.test(d.message)]),
    [['info', 'cell-unparsed', 1, true]],
  );
  const [a, b] = runsOf(result.records);
  assert.ok(a && b);
  assert.equal(a.source.format, 'sglang-bench-jsonl');
  assert.equal(a.raw.request_rate, 'Infinity');
  assert.deepEqual(a.client, { dataset: 'random', concurrency: 8, input_len: 4096, output_len: 256 });
  assert.equal(a.metrics.throughput_rps, 2.37037);
  assert.equal(a.metrics.latency_p99_s, 3.9017);
  assert.equal(a.metrics.ttft_p50_ms, 380.5);
  assert.equal(Object.hasOwn(a.metrics, 'tpot_mean_ms'), false, 'NaN is not a number to keep');
  assert.equal(a.raw.mean_tpot_ms, 'NaN');
  assert.equal(a.raw.note, 'Infinity stays text inside strings, NaN too');
  assert.equal(b.raw.request_rate, '-Infinity');
  assert.equal(b.client?.request_rate, undefined);
  assertGolden('exports/sglang-bench-serving-infinity.synthetic.json', result);
});

test('2024 SGLang records: unit-less medians are milliseconds, lengths only for the dataset used', () => {
  const file = 'sglang-bench-serving-2024.synthetic.jsonl';
  const result = parseJsonExport(fs.readFileSync(path.join(FIXTURES, 'exports', file), 'utf8'), { file });
  assert.deepEqual(result.diagnostics, []);
  const [share, rand] = runsOf(result.records);
  assert.ok(share && rand);
  assert.equal(share.engine, 'sglang');
  assert.equal(share.source.format, 'sglang-bench-jsonl');
  assert.deepEqual(share.client, { dataset: 'sharegpt', request_rate: 4 }, 'random_* are defaults of an unused dataset');
  assert.equal(share.raw.random_input_len, '1024', 'kept as written');
  assert.equal(share.metrics.ttft_p50_ms, 41.2);
  assert.equal(share.metrics.itl_p50_ms, 15.73);
  assert.equal(share.metrics.latency_mean_s, 5.12075, 'mean_e2e_latency in ms');
  assert.equal(share.metrics.latency_p50_s, 4.4021);
  assert.equal(share.metrics.output_tps, 411.06);
  assert.equal(share.metrics.input_tokens, 30211);
  assert.equal(share.metrics.output_tokens, 26004);
  assert.equal(share.metrics.duration_s, 63.26);
  assert.equal(share.metrics.requests_ok_count, 128);
  assert.deepEqual(rand.client, { dataset: 'random', request_rate: 8, input_len: 1024, output_len: 128 });
  assert.equal(rand.metrics.ttft_p50_ms, 88.9);
});

test('JSON result lines pasted into a text log after a settings line: one run per line', () => {
  const name = 'sglang-jsonl-pasted.txt';
  const { records, diagnostics } = parseLog(fs.readFileSync(path.join(FIXTURES, 'ingest-log', name), 'utf8'), { file: name });
  const runs = runsOf(records);
  assert.equal(runs.length, 2);
  const [a, b] = runs;
  assert.ok(a && b);
  assert.equal(a.id, `${name}:2`);
  assert.equal(a.source.format, 'sglang-bench-jsonl');
  assert.equal(a.engine, 'sglang');
  assert.equal(a.raw.request_rate, 'Infinity');
  assert.equal(a.client?.concurrency, 32);
  assert.equal(a.metrics.duration_s, 120.25);
  assert.equal(a.metrics.latency_mean_s, 14.2339);
  assert.equal(a.metrics.measured_concurrency, 30.3);
  assert.equal(b.id, `${name}:3`);
  assert.equal(b.client?.concurrency, 64);
  assert.equal(diagnostics.filter((d) => d.severity !== 'info').length, 0, diagnostics.map((d) => d.message).join('\n'));
});
