/**
 * Property: an AISBench result rendered from a record (any subset of its rows and statistic
 * columns, one stage, in any of the box styles tabulate and rich draw) reads back to exactly
 * that record's metrics and client settings, in the vocabulary's keys and units.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readToolTables } from '../../src/ingest/tables/tool-tables';
import { type RenderStyle, renderTable } from './render-table';

const RUNS = Number(process.env.BENCHBOOK_PROPERTY_RUNS ?? 150);

const STATS: ReadonlyArray<[string, string]> = [
  ['Average', 'mean'],
  ['Min', 'min'],
  ['Max', 'max'],
  ['Median', 'p50'],
  ['P75', 'p75'],
  ['P90', 'p90'],
  ['P99', 'p99'],
];

/** Row label, unit printed in its cells, key of a statistic, factor to the key's unit, key of its `N`. */
const PERF_ROWS: ReadonlyArray<{ label: string; unit: string; key: (stat: string) => string; factor: number; n: string }> = [
  { label: 'E2EL', unit: ' ms', key: (s) => `latency_${s}_s`, factor: 0.001, n: 'requests_ok_count' },
  { label: 'TTFT', unit: ' ms', key: (s) => `ttft_${s}_ms`, factor: 1, n: 'ttft_n' },
  { label: 'TPOT', unit: ' ms', key: (s) => `tpot_${s}_ms`, factor: 1, n: 'tpot_n' },
  { label: 'ITL', unit: ' ms', key: (s) => `itl_${s}_ms`, factor: 1, n: 'itl_n' },
  { label: 'InputTokens', unit: '', key: (s) => `input_tokens_${s}`, factor: 1, n: 'input_tokens_n' },
  { label: 'OutputTokens', unit: '', key: (s) => `output_tokens_${s}`, factor: 1, n: 'output_tokens_n' },
  {
    label: 'OutputTokenThroughput',
    unit: ' token/s',
    key: (s) => (s === 'mean' ? 'output_tps_per_user' : `output_tps_per_user_${s}`),
    factor: 1,
    n: 'output_token_throughput_n',
  },
];

/** Common Metric rows: label, unit printed, where the value goes (`client.` for settings), factor, integer. */
const COMMON_ROWS: ReadonlyArray<{ label: string; unit: string; key: string; factor: number; count: boolean }> = [
  { label: 'Benchmark Duration', unit: ' ms', key: 'duration_s', factor: 0.001, count: false },
  { label: 'Total Requests', unit: '', key: 'client.total_requests', factor: 1, count: true },
  { label: 'Failed Requests', unit: '', key: 'requests_failed_count', factor: 1, count: true },
  { label: 'Success Requests', unit: '', key: 'requests_ok_count', factor: 1, count: true },
  { label: 'Concurrency', unit: '', key: 'measured_concurrency', factor: 1, count: false },
  { label: 'Max Concurrency', unit: '', key: 'client.concurrency', factor: 1, count: true },
  { label: 'Request Throughput', unit: ' req/s', key: 'throughput_rps', factor: 1, count: false },
  { label: 'Total Input Tokens', unit: '', key: 'input_tokens', factor: 1, count: true },
  { label: 'Prefill Token Throughput', unit: ' token/s', key: 'prefill_token_throughput_token_s', factor: 1, count: false },
  { label: 'Total Generated Tokens', unit: '', key: 'output_tokens', factor: 1, count: true },
  { label: 'Input Token Throughput', unit: ' token/s', key: 'input_tps', factor: 1, count: false },
  { label: 'Output Token Throughput', unit: ' token/s', key: 'output_tps', factor: 1, count: false },
  { label: 'Total Token Throughput', unit: ' token/s', key: 'total_tps', factor: 1, count: false },
];

const STYLES: readonly RenderStyle[] = ['mixed-grid', 'tabulate-grid', 'heavy-head', 'square', 'double-separated', 'pipe'];

/** A printed number: up to 4 decimals, as AISBench rounds them. */
const decimal = fc
  .tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 9999 }))
  .map(([whole, digits, frac]) => (digits === 0 ? `${whole}.0` : `${whole}.${String(frac).padStart(4, '0').slice(0, digits)}`));
const count = fc.integer({ min: 0, max: 100_000 }).map(String);

/** What a number becomes under its key (the reader's unit conversion). */
function converted(text: string, factor: number): number {
  return Number((Number(text) * factor).toPrecision(12));
}

const resultArb = fc.record({
  stats: fc.subarray([...STATS], { minLength: 1 }),
  perf: fc.subarray([...PERF_ROWS], { minLength: 0 }),
  common: fc.subarray([...COMMON_ROWS], { minLength: 0 }),
  stage: fc.constantFrom('total', 'stable'),
  style: fc.constantFrom(...STYLES),
  values: fc.array(decimal, { minLength: 64, maxLength: 64 }),
  counts: fc.array(count, { minLength: 24, maxLength: 24 }),
});

test('AISBench tables rendered from a record read back to that record', () => {
  fc.assert(
    fc.property(
      resultArb.filter((r) => r.perf.length + r.common.length > 0),
      ({ stats, perf, common, stage, style, values, counts }) => {
        const metrics: Record<string, number> = {};
        const client: Record<string, number> = {};
        let v = 0;
        let c = 0;
        const lines: string[] = ['[2026-01-01 00:00:00,000] [ais_bench] [INFO] Performance Results of task [m/d]:'];
        const put = (key: string, value: number): void => {
          if (key.startsWith('client.')) client[key.slice(7)] = value;
          else if (!Object.hasOwn(metrics, key)) metrics[key] = value;
        };
        // The Common Metric table is read first: its `Success Requests` wins over E2EL's `N`.
        const commonRows = common.map((row) => {
          const text = row.count ? (counts[c++] ?? '0') : (values[v++] ?? '0.0');
          put(row.key, converted(text, row.factor));
          return [row.label, stage, `${text}${row.unit}`];
        });
        const perfRows = perf.map((row) => {
          const cells = stats.map(([, stat]) => {
            const text = values[v++] ?? '0.0';
            put(row.key(stat), converted(text, row.factor));
            return `${text}${row.unit}`;
          });
          const n = counts[c++] ?? '0';
          put(row.n, Number(n));
          return [row.label, stage, ...cells, n];
        });
        if (perfRows.length > 0) {
          const header = ['Performance Parameters', 'Stage', ...stats.map(([s]) => s), 'N'];
          lines.push(...renderTable({ header, rows: perfRows }, style));
          if (style === 'pipe') lines.push('');
        }
        if (commonRows.length > 0) lines.push(...renderTable({ header: ['Common Metric', 'Stage', 'Value'], rows: commonRows }, style));
        lines.push('[2026-01-01 00:00:00,001] [ais_bench] [INFO] Performance Result files located in outputs/x.');
        const { runs } = readToolTables(lines, 'x.log');
        assert.equal(runs.length, 1, lines.join('\n'));
        const run = runs[0]!;
        assert.equal(run.format, 'aisbench');
        assert.deepEqual(run.metrics, metrics);
        assert.deepEqual(run.client ?? {}, client);
        assert.equal(run.raw.Stage, stage);
      },
    ),
    { numRuns: RUNS },
  );
});
