/**
 * Property (issue 27, general layouts): tables rendered the way real notes print them, parsed
 * by the whole reader, give back what was rendered:
 *
 *   - a statistics grid (`Step | Batch Size | Average | Lowest | … | p99`, cells `42.07 ms`, the
 *     step carried down over blank cells, as text-generation-benchmark prints it): one run per
 *     row, each statistic under the step's slug;
 *   - a Markdown comparison with runs as COLUMNS (`Metric | A | B | Speedup`), bold labels,
 *     cells with units and thousands separators (`1,010ms`, `2.34s`): one run per run column;
 *   - a per-model table with runs as rows (`Model | Batch Size | TP (1) | Input Length |
 *     Output Length | Throughput (out tok/s)`, `26,150`): model, tp, lengths, the rate; the
 *     batch size is no metric.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { slugify } from '../../src/model/safe-keys';
import { type RenderStyle, renderTable } from './render-table';

const RUNS = Number(process.env.BENCHBOOK_PROPERTY_RUNS ?? 40);

function runsOf(text: string, file: string): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

const hundredths = fc.integer({ min: 100, max: 99_999 }).map((n) => n / 100);

const GRID_STATS = [
  { word: 'Average', stat: 'mean' },
  { word: 'Lowest', stat: 'min' },
  { word: 'Highest', stat: 'max' },
  { word: 'p50', stat: 'p50' },
  { word: 'p90', stat: 'p90' },
  { word: 'p99', stat: 'p99' },
];
// Steps named with words the vocabulary does not read as a metric of its own.
const STEPS = ['Prefill', 'Decode (token)', 'Zqwarm phase', 'Zqsample'];

test('a statistics grid: one run per row, the step carried down, each statistic under its slug', () => {
  fc.assert(
    fc.property(
      fc.subarray(STEPS, { minLength: 1, maxLength: 3 }),
      fc.subarray(GRID_STATS, { minLength: 2 }),
      fc.uniqueArray(fc.integer({ min: 1, max: 256 }), { minLength: 1, maxLength: 4 }),
      fc.array(hundredths, { minLength: 100, maxLength: 100 }),
      // Styles that rule every row: in a box without row rules a row whose first cell is blank
      // is the wrapped continuation of the row above, as rich prints it.
      fc.constantFrom<RenderStyle>('pipe', 'tabulate-grid', 'double-separated', 'mixed-grid'),
      (steps, stats, batches, values, style) => {
        const rows: string[][] = [];
        const want: Array<{ step: string; values: number[] }> = [];
        let v = 0;
        for (const step of steps)
          batches.forEach((b, k) => {
            const vs = stats.map(() => values[v++ % values.length] ?? 1);
            rows.push([k === 0 ? step : '', String(b), ...vs.map((x) => `${x.toFixed(2)} ms`)]);
            want.push({ step, values: vs });
          });
        const header = ['Step', 'Batch Size', ...stats.map((s) => s.word)];
        const text = ['Results of the load steps:', '', ...renderTable({ header, rows }, style), ''].join('\n');
        const runs = runsOf(text, 'grid.txt');
        assert.equal(runs.length, want.length, text);
        runs.forEach((run, r) => {
          const w = want[r];
          assert.ok(w);
          const base = slugify(w.step.replace(/\s*\([^()]*\)\s*$/, ''));
          stats.forEach((s, k) => {
            assert.equal(run.metrics[`${base}_${s.stat}_ms`], Number((w.values[k] ?? 0).toFixed(2)), `${w.step} ${s.word}`);
          });
          assert.equal(run.raw['Batch Size'], String(batches[r % batches.length]));
          assert.equal(Object.hasOwn(run.metrics, 'batch_size'), false);
        });
      },
    ),
    { numRuns: RUNS },
  );
});

const COLUMN_METRICS = [
  { label: 'Median latency', key: 'latency_p50_s', unit: 'ms', factor: 1e-3 },
  { label: 'Avg latency', key: 'latency_mean_s', unit: 'ms', factor: 1e-3 },
  { label: 'P99 latency', key: 'latency_p99_s', unit: 's', factor: 1 },
  { label: 'Total time', key: 'duration_s', unit: 's', factor: 1 },
  { label: 'Avg per request', key: 'latency_mean_s', unit: 's', factor: 1 },
  { label: 'Mean TTFT', key: 'ttft_mean_ms', unit: 'ms', factor: 1 },
];

test('runs as columns: one run per run column, cells with units and thousands separators, the text column none', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.constantFrom('Engine A (fp8)', 'Engine B', 'zq-serve', 'Baseline'), { minLength: 2, maxLength: 3 }),
      fc.uniqueArray(fc.constantFrom(...COLUMN_METRICS), { minLength: 1, maxLength: 4, selector: (m) => m.key }),
      fc.array(fc.integer({ min: 1, max: 99_999 }), { minLength: 12, maxLength: 12 }),
      fc.boolean(),
      (names, metrics, ints, bold) => {
        const cell = (n: number, unit: string): string => `${n.toLocaleString('en-US')}${unit}`;
        const rows = metrics.map((m, i) => [
          bold ? `**${m.label}**` : m.label,
          ...names.map((_, c) => cell(ints[i * 3 + c] ?? 1, m.unit)),
          '**1.2x faster**',
        ]);
        const header = ['Metric', ...names, 'Speedup'];
        const text = ['## Comparison', '', ...renderTable({ header, rows }, 'pipe'), ''].join('\n');
        const runs = runsOf(text, 'compare.md');
        assert.equal(runs.length, names.length, text);
        runs.forEach((run, c) => {
          assert.equal(run.labels.at(-1), names[c]);
          metrics.forEach((m, i) => {
            assert.equal(run.metrics[m.key], Number(((ints[i * 3 + c] ?? 1) * m.factor).toPrecision(12)), m.label);
          });
        });
      },
    ),
    { numRuns: RUNS },
  );
});

test('a per-model table: model, tp (a footnote mark dropped), lengths and the rate per row; the batch size no metric', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          model: fc.constantFrom('Zephyr 7B', 'Orca 13B', 'Falcon 40B'),
          batch: fc.integer({ min: 1, max: 2048 }),
          tp: fc.constantFrom(1, 2, 4, 8),
          input: fc.constantFrom(128, 512, 2048),
          output: fc.constantFrom(128, 1024),
          rate: fc.integer({ min: 1, max: 99_999 }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      fc.constantFrom('TP (1)', 'TP', 'TP*'),
      (rows, tpHeader) => {
        const header = ['Model', 'Batch Size', tpHeader, 'Input Length', 'Output Length', 'Throughput (out tok/s)'];
        const cells = rows.map((r) => [
          r.model,
          String(r.batch),
          String(r.tp),
          String(r.input),
          String(r.output),
          r.rate.toLocaleString('en-US'),
        ]);
        const text = ['# Reference numbers', '', '### H100 GPUs', '', ...renderTable({ header, rows: cells }, 'pipe'), ''].join('\n');
        const runs = runsOf(text, 'perf.md');
        assert.equal(runs.length, rows.length, text);
        runs.forEach((run, k) => {
          const r = rows[k];
          assert.ok(r);
          assert.equal(run.model, r.model);
          assert.equal(run.parallelism?.tp, r.tp);
          assert.equal(run.client?.input_len, r.input);
          assert.equal(run.client?.output_len, r.output);
          assert.equal(run.metrics.output_tps, r.rate);
          assert.equal(
            Object.keys(run.metrics).some((key) => /batch|^tp/.test(key)),
            false,
            JSON.stringify(run.metrics),
          );
        });
      },
    ),
    { numRuns: RUNS },
  );
});
