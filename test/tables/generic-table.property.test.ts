/**
 * Property (issue 20): records rendered as the tables home-made scripts print, parsed by the
 * whole console scanner, come back as runs with the same load levels, flags and metrics:
 *
 *   - a sweep of 2–6 key/value tables, one per concurrency, the first a warm-up step, the
 *     level in a caption above each (`Concurrency 8`, `=== Users: 8 ===`, `concurrency=8`);
 *   - a sweep table (one row per level, a Concurrency/Users/Rate column);
 *   - a percentile table, metrics × statistics or transposed.
 *
 * Metrics are a random subset of labels the vocabulary knows (their keys written out here) and
 * labels it does not (random words, CJK, emoji, `__proto__`), which must be kept: every label
 * in `raw` as printed, its value under the slug of the label.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { slugify } from '../../src/model/safe-keys';
import { type RenderStyle, renderTable } from './render-table';

const RUNS = Number(process.env.BENCHBOOK_PROPERTY_RUNS ?? 60);

/** Labels the vocabulary knows, with the key and unit factor docs/architecture.md gives them. */
const KNOWN = [
  { label: 'Mean TTFT (ms)', key: 'ttft_mean_ms', factor: 1 },
  { label: 'P99 TTFT (ms)', key: 'ttft_p99_ms', factor: 1 },
  { label: 'Median ITL (ms)', key: 'itl_p50_ms', factor: 1 },
  { label: 'Mean TPOT (ms)', key: 'tpot_mean_ms', factor: 1 },
  { label: 'Mean E2E Latency (s)', key: 'latency_mean_s', factor: 1 },
  { label: 'P90 E2E Latency (ms)', key: 'latency_p90_s', factor: 1e-3 },
  { label: 'Request throughput (req/s)', key: 'throughput_rps', factor: 1 },
  { label: 'Output token throughput (tok/s)', key: 'output_tps', factor: 1 },
  { label: 'Total token throughput (tok/s)', key: 'total_tps', factor: 1 },
  { label: 'Benchmark duration (s)', key: 'duration_s', factor: 1 },
];
const QUANTITIES = [
  { label: 'TTFT (ms)', key: 'ttft', unit: 'ms' },
  { label: 'ITL (ms)', key: 'itl', unit: 'ms' },
  { label: 'TPOT (ms)', key: 'tpot', unit: 'ms' },
  { label: 'E2E Latency (s)', key: 'latency', unit: 's' },
];
const STATS = [
  { word: 'avg', stat: 'mean' },
  { word: 'min', stat: 'min' },
  { word: 'max', stat: 'max' },
  { word: 'p50', stat: 'p50' },
  { word: 'P90', stat: 'p90' },
  { word: 'p95', stat: 'p95' },
  { word: 'p99', stat: 'p99' },
];
const STYLES: readonly RenderStyle[] = [
  'heavy-head',
  'square',
  'rounded',
  'double-separated',
  'mixed-grid',
  'tabulate-grid',
  'ascii-prettytable',
  'minimal',
];

const letters = 'abcdefghijklmnopqrstuvwxyz';
/** A label the vocabulary does not know: words of 4+ letters with a marker no metric name has, CJK, emoji, `__proto__`. */
const unknownLabel = fc.oneof(
  fc.array(fc.constantFrom(...letters), { minLength: 4, maxLength: 8 }).map((cs) => `zq${cs.join('')}`),
  fc.constantFrom('__proto__', 'constructor', 'zqcache 命中率', '🚀 zqboost', 'zqgpu 利用率'),
);
const number = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }))
  .map(([a, b]) => Number(`${a}.${String(b).padStart(2, '0')}`));
const printed = (x: number, thousands: boolean): string =>
  thousands ? x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : x.toFixed(2);

interface Cell {
  label: string;
  value: number;
  key: string;
  factor: number;
}

const cells: fc.Arbitrary<Cell[]> = fc
  .tuple(
    fc.subarray(KNOWN, { minLength: 1 }),
    fc.uniqueArray(unknownLabel, { maxLength: 3 }),
    fc.array(number, { minLength: 16, maxLength: 16 }),
  )
  .chain(([known, unknown, values]) =>
    fc.shuffledSubarray(
      [
        ...known.map((k, i) => ({ label: k.label, key: k.key, factor: k.factor, value: values[i] ?? 0 })),
        ...unknown.map((l, i) => ({ label: l, key: slugify(l), factor: 1, value: values[10 + i] ?? 0 })),
      ],
      { minLength: known.length + unknown.length },
    ),
  );

/** What a run must hold for `cells`: known keys converted, unknown ones under their slug (the first of equal slugs). */
function assertCells(run: RunRecord, cs: readonly Cell[], thousands: boolean): void {
  const seen = new Set<string>();
  for (const c of cs) {
    assert.ok(Object.hasOwn(run.raw, c.label), `raw keeps "${c.label}"`);
    assert.equal(run.raw[c.label], printed(c.value, thousands));
    if (seen.has(c.key)) continue;
    seen.add(c.key);
    assert.ok(Object.hasOwn(run.metrics, c.key), `metric ${c.key} for "${c.label}"`);
    assert.equal(run.metrics[c.key], Number((c.value * c.factor).toPrecision(12)), c.label);
  }
  assert.equal(Object.getPrototypeOf(run.metrics), Object.prototype);
}

function runsOf(text: string): RunRecord[] {
  return parseLog(text, { file: 'sweep.log' }).records.filter((r): r is RunRecord => r.kind === 'run');
}

const caption = fc.constantFrom(
  (c: number, warm: boolean) => `Concurrency ${c}${warm ? ' (warm-up)' : ''}`,
  (c: number, warm: boolean) => `=== Users: ${c}${warm ? ' - warmup' : ''} ===`,
  (c: number, warm: boolean) => `${warm ? '[warm-up] ' : ''}running step with concurrency=${c}`,
);

test('a sweep of key/value tables, one per concurrency, the first a warm-up step', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.integer({ min: 1, max: 512 }), { minLength: 2, maxLength: 6 }),
      fc.array(fc.tuple(cells, fc.constantFrom(...STYLES), fc.boolean()), { minLength: 6, maxLength: 6 }),
      caption,
      fc.constantFrom(['Metric', 'Result'], ['Measure', 'Reading'], ['指标', '结果']),
      (levels, tables, say, header) => {
        const steps = levels.map((c, k) => ({ c, cells: tables[k]![0], style: tables[k]![1], thousands: tables[k]![2] }));
        const text = steps.flatMap((s, k) => [
          say(s.c, k === 0),
          ...renderTable({ header, rows: s.cells.map((x) => [x.label, printed(x.value, s.thousands)]) }, s.style),
          '',
        ]);
        const runs = runsOf(text.join('\n'));
        assert.equal(runs.length, steps.length);
        steps.forEach((s, k) => {
          const run = runs[k]!;
          assert.equal(run.client?.concurrency, s.c);
          assert.match(run.provenance['client.concurrency'] ?? '', new RegExp(String(s.c)));
          assert.equal(run.flags.includes('warmup-suspect'), k === 0);
          assertCells(run, s.cells, s.thousands);
        });
      },
    ),
    { numRuns: RUNS },
  );
});

test('a sweep table: one run per row, its load level from the Concurrency/Users/Rate column', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(
        { header: 'Concurrency', key: 'concurrency' as const },
        { header: 'Users', key: 'concurrency' as const },
        { header: 'VUs', key: 'concurrency' as const },
        { header: 'Request Rate', key: 'request_rate' as const },
        { header: 'QPS', key: 'request_rate' as const },
      ),
      fc.uniqueArray(fc.integer({ min: 1, max: 256 }), { minLength: 1, maxLength: 6 }),
      fc.subarray(KNOWN, { minLength: 1, maxLength: 4 }),
      fc.array(fc.array(number, { minLength: 4, maxLength: 4 }), { minLength: 6, maxLength: 6 }),
      fc.constantFrom(...STYLES),
      (load, levels, metrics, values, style) => {
        const rows = levels.map((c, r) => [String(c), ...metrics.map((_, m) => printed(values[r]![m]!, false))]);
        const runs = runsOf(renderTable({ header: [load.header, ...metrics.map((m) => m.label)], rows }, style).join('\n'));
        assert.equal(runs.length, levels.length);
        levels.forEach((c, r) => {
          const run = runs[r]!;
          assert.equal(run.client?.[load.key], c);
          assert.equal(run.source.row, r + 1);
          assert.equal(run.source.format, style === 'pipe' ? 'pipe-table' : 'rich-table');
          for (const [k, m] of metrics.entries())
            assert.equal(run.metrics[m.key], Number((values[r]![k]! * m.factor).toPrecision(12)), m.label);
        });
      },
    ),
    { numRuns: RUNS },
  );
});

test('a percentile table, metrics × statistics or statistics × metrics, reads into <quantity>_<stat>_<unit>', () => {
  fc.assert(
    fc.property(
      fc.subarray(QUANTITIES, { minLength: 1 }),
      fc.subarray(STATS, { minLength: 2 }),
      fc.array(number, { minLength: 28, maxLength: 28 }),
      fc.boolean(),
      fc.constantFrom(...STYLES),
      (quantities, stats, values, transposed, style) => {
        const value = (q: number, s: number): string => printed(values[q * STATS.length + s] ?? 0, false);
        const spec = transposed
          ? {
              header: ['Stat', ...quantities.map((q) => q.label)],
              rows: stats.map((s, j) => [s.word, ...quantities.map((_, i) => value(i, j))]),
            }
          : {
              header: ['Name', ...stats.map((s) => s.word)],
              rows: quantities.map((q, i) => [q.label, ...stats.map((_, j) => value(i, j))]),
            };
        const runs = runsOf(renderTable(spec, style).join('\n'));
        assert.equal(runs.length, 1);
        for (const [i, q] of quantities.entries())
          for (const [j, s] of stats.entries())
            assert.equal(runs[0]!.metrics[`${q.key}_${s.stat}_${q.unit}`], Number(value(i, j)), `${q.label} ${s.word}`);
      },
    ),
    { numRuns: RUNS },
  );
});
