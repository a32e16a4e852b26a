/**
 * runSignature (duplicates.ts): two runs have one signature exactly when their metrics and
 * client settings (without command and prompt) print the same JSON pairs, whatever the key
 * order; and the signature of a few runs is pinned, so that a faster way of computing it
 * cannot quietly compute another function (the parallel workers' signatures must match).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { runSignature } from '../../src/ingest/duplicates';
import type { RunRecord } from '../../src/model/records';

const RUNS = Number(process.env.BENCHBOOK_PROPERTY_RUNS ?? 300);

type Values = Record<string, unknown>;

/** A run with only what runSignature reads. */
function run(metrics: Values, client?: Values): RunRecord {
  return (client === undefined ? { metrics } : { metrics, client }) as unknown as RunRecord;
}

/** The definition: sorted `[key, value]` pairs as JSON prints them (client without command and prompt). */
function canonical(metrics: Values, client: Values | undefined): string {
  const pairs = (o: Values = {}, drop = false): string =>
    JSON.stringify(
      Object.keys(o)
        .filter((k) => !drop || (k !== 'command' && k !== 'prompt'))
        .sort()
        .map((k) => [k, o[k]]),
    );
  return `${pairs(metrics, false)}|${pairs(client, true)}`;
}

const key = fc.constantFrom(
  'throughput_rps',
  'latency_p99_s',
  'ttft_mean_ms',
  'requests_ok_count',
  'x',
  '吞吐量',
  '__proto__',
  'constructor',
);
const value = fc.oneof(
  fc.constantFrom(0, -0, 1, 2.5, 13.22, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 300),
  fc.double({ noDefaultInfinity: true }),
  fc.constantFrom('12 (x)', '', 'N/A'),
);
const values = fc.dictionary(key, value, { maxKeys: 5 });
const clientValues = fc.dictionary(fc.constantFrom('concurrency', 'url', 'command', 'prompt', 'max_tokens'), value, { maxKeys: 4 });

/** The second run: its own values, or (undefined) the first run's, with a client and command of its own. */
const second = fc.tuple(fc.option(values, { nil: undefined, freq: 2 }), fc.option(clientValues, { nil: undefined }), fc.string());

/** The same keys and values in another order (a plain object keeps insertion order). */
function reordered(o: Values): Values {
  const out: Values = {};
  for (const k of Object.keys(o).reverse())
    Object.defineProperty(out, k, { value: o[k], enumerable: true, writable: true, configurable: true });
  return out;
}

test('runSignature: equal exactly when the JSON pairs are, in any key order', () => {
  let equal = 0;
  fc.assert(
    fc.property(values, fc.option(clientValues, { nil: undefined }), second, (m1, c1, [other, c2own, command]) => {
      // A third of the time the second run is the first with another command (the same measurements).
      const m2 = other ?? m1;
      const c2 = other === undefined ? { ...c1, command } : c2own;
      const s1 = runSignature(run(m1, c1));
      assert.equal(s1 === undefined, Object.keys(m1).length === 0, 'no signature exactly when there is no metric');
      if (s1 === undefined) return;
      assert.equal(runSignature(run(reordered(m1), c1 && reordered(c1))), s1, 'key order changes nothing');
      const s2 = runSignature(run(m2, c2));
      if (s2 === undefined) return;
      const same = canonical(m1, c1) === canonical(m2, c2);
      if (same) equal++;
      assert.equal(s1 === s2, same);
    }),
    { numRuns: RUNS },
  );
  // Equal pairs must come up, or the property only tests the unequal ones.
  assert.ok(equal > 0, 'no equal pair generated');
});

test('runSignature: pinned values', () => {
  const stress = run(
    { throughput_rps: 13.22, latency_p99_s: 2.29, requests_ok_count: 300, output_tps: 1318.94 },
    { concurrency: 30, max_tokens: 256, url: 'http://localhost:8000/v1/completions', command: 'python stress.py', prompt: 'hi' },
  );
  assert.equal(runSignature(stress), 1286188906602031);
  assert.equal(runSignature(run({ zero: -0, nan: Number.NaN, inf: Number.POSITIVE_INFINITY, text: '12 (x)' }, {})), 2772893131132785);
  assert.equal(runSignature(run({ __proto__x: 1, 吞吐量: 2.5 })), 467101901674281);
});
