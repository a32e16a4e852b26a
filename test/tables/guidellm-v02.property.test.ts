/**
 * Property: guidellm 0.2 tables rendered as its console's print_table lays them out (column
 * widths from the cells and section names, right-aligned cells, `|` between columns, section
 * names followed by one `|` per column they span) read back to the numbers rendered.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readToolTables } from '../../src/ingest/tables/tool-tables';

type Sections = Array<[string, number, number]>;

/** print_table of guidellm 0.2 (console.py), in TypeScript. */
function renderTable(title: string, headers: string[], rows: string[][], sections: Sections): string[] {
  const w = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  for (const [name, a, b] of sections) {
    const need = name.length + (b - a);
    const have = w.slice(a, b + 1).reduce((x, y) => x + y, 0) + 2 * (b - a);
    if (need > have) for (let c = a; c <= b; c++) w[c] = (w[c] ?? 0) + Math.ceil((need - have) / (b - a + 1));
  }
  const rule = (ch: string): string => {
    const cols = w.map((x) => ch.repeat(x + 2));
    cols[cols.length - 1] = (cols[cols.length - 1] ?? '').slice(0, -2);
    return cols.join('');
  };
  const sectionLine = sections
    .map(([name, a, b]) => {
      const len = w.slice(a, b + 1).reduce((x, y) => x + y, 0) + 2 * (b - a + 1);
      return `${name}${' '.repeat(len - name.length - (b - a) - 2)}${'|'.repeat(b - a)}| `;
    })
    .join('')
    .slice(0, -2);
  const row = (cells: string[]): string => cells.map((c, k) => c.padStart(w[k] ?? 0)).join('| ');
  const dashes = w
    .map((x) => `${'-'.repeat(x)}|-`)
    .join('')
    .slice(0, -2);
  return [`${title}:`, rule('='), sectionLine, row(headers), dashes, ...rows.map(row), rule('=')];
}

const STATS_HEADERS = [
  'Benchmark',
  'Per Second',
  'Concurrency',
  'mean',
  'mean',
  'mean',
  'median',
  'p99',
  'mean',
  'median',
  'p99',
  'mean',
  'median',
  'p99',
  'mean',
  'median',
  'p99',
];
const STATS_SECTIONS: Sections = [
  ['Metadata', 0, 0],
  ['Request Stats', 1, 2],
  ['Out Tok/sec', 3, 3],
  ['Tot Tok/sec', 4, 4],
  ['Req Latency (ms)', 5, 7],
  ['TTFT (ms)', 8, 10],
  ['ITL (ms)', 11, 13],
  ['TPOT (ms)', 14, 16],
];
const STATS_KEYS = [
  'throughput_rps',
  'measured_concurrency',
  'output_tps',
  'total_tps',
  'latency_mean_s',
  'latency_p50_s',
  'latency_p99_s',
  'ttft_mean_ms',
  'ttft_p50_ms',
  'ttft_p99_ms',
  'itl_mean_ms',
  'itl_p50_ms',
  'itl_p99_ms',
  'tpot_mean_ms',
  'tpot_p50_ms',
  'tpot_p99_ms',
];

const strategy = fc.oneof(
  fc.constantFrom('synchronous', 'throughput'),
  fc.double({ min: 0.01, max: 99, noNaN: true }).map((r) => `constant@${r.toFixed(2)}`),
  fc.double({ min: 0.01, max: 99, noNaN: true }).map((r) => `poisson@${r.toFixed(2)}`),
);
const figure = fc.double({ min: 0, max: 99999, noNaN: true }).map((v) => v.toFixed(2));
const benchmark = fc.tuple(strategy, fc.array(figure, { minLength: 16, maxLength: 16 }));

test('property: guidellm 0.2 Benchmarks Stats read back cell for cell, whatever the widths', () => {
  fc.assert(
    fc.property(fc.array(benchmark, { minLength: 1, maxLength: 8 }), fc.constantFrom('', '  '), (benches, indent) => {
      const rows = benches.map(([name, cells]) => [name, ...cells]);
      const lines = [
        'Benchmarking complete.',
        '',
        ...renderTable('Benchmarks Stats', STATS_HEADERS, rows, STATS_SECTIONS).map((l) => indent + l),
      ];
      const { runs } = readToolTables(lines, 'prop.txt');
      assert.equal(runs.length, benches.length);
      benches.forEach(([name, cells], r) => {
        const run = runs[r];
        assert.ok(run);
        assert.equal(run.raw.Benchmark, name);
        for (const [k, key] of STATS_KEYS.entries()) assert.equal(run.metrics[key], Number(cells[k]), `${name} ${key}`);
        const rate = /@([\d.]+)$/.exec(name)?.[1];
        if (rate) assert.equal(run.client?.request_rate, Number(rate));
      });
    }),
    { numRuns: Number(process.env.BENCHBOOK_FUZZ_RUNS ?? 200) },
  );
});
