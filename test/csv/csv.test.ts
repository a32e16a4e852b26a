import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseCsv } from '../../src/ingest/csv';
import { parseMarkdownReport } from '../../src/ingest/markdown-report';
import type { RunRecord, SampleRecord } from '../../src/model/records';
import { RUN_CSV_CONTEXT_COLUMNS, runsToCsv, runsToRows } from '../../src/model/runs-csv';
import { assertGolden, REPO_ROOT } from '../helpers/golden';

const fixture = (name: string): string => fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/csv', name), 'utf8');
const runsOf = (r: ReturnType<typeof parseCsv>): RunRecord[] => r.records.filter((x): x is RunRecord => x.kind === 'run');

test('goldens of every CSV fixture', () => {
  for (const f of fs.readdirSync(path.join(REPO_ROOT, 'test/fixtures/csv')).sort()) {
    assertGolden(`csv/${f.replace(/\.(csv|tsv)$/, '.json')}`, parseCsv(fixture(f), { file: `test/fixtures/csv/${f}` }));
  }
});

test('generic CSV: comments skipped, `;` sniffed, quotes, units converted, empty = missing, mismatched rows reported', () => {
  const r = parseCsv(fixture('generic-semicolon.csv'), { file: 'g.csv' });
  const runs = runsOf(r);
  assert.equal(runs.length, 4);
  assert.deepEqual(
    runs.map((x) => x.source.line),
    [5, 6, 7, 8],
  );
  const [a, b] = runs as [RunRecord, RunRecord];
  assert.equal(a.engine, 'vllm');
  assert.equal(a.model, 'Qwen2.5-7B-Instruct');
  assert.equal(a.server?.model_path, '/models/Qwen2.5-7B-Instruct');
  assert.deepEqual(a.parallelism, { gpus: 2, tp: 2 });
  assert.deepEqual(a.client, { concurrency: 8, max_tokens: 256 });
  assert.equal(a.metrics.latency_mean_s, 1.2505, 'ms → s');
  assert.equal(a.metrics.ttft_mean_ms, 210, 's → ms');
  assert.equal(a.raw.notes, 'warm; second pass', 'quoted delimiter');
  assert.equal(b.raw.notes, 'said "fast"', 'escaped quotes');
  assert.equal(b.metrics.latency_mean_s, 1.18, 'quoted thousands separator');
  assert.equal(b.metrics.output_tps, undefined, 'empty cell is missing, not 0');
  assert.equal(b.metrics.speedup_pct, undefined, 'derived figure stays in raw');
  assert.equal(b.raw['Speedup (%)'], '6.8');
  const mismatch = r.diagnostics.filter((d) => d.code === 'csv-mismatch');
  assert.deepEqual(
    mismatch.map((d) => d.line),
    [7, 8],
  );
  assert.equal(runs[3]?.metrics.output_tps, 1500, 'the rest of a mismatched row is still read');
});

test('delimiters: tab and pipe; all-number first row has no header', () => {
  const tab = runsOf(parseCsv('engine\tconcurrency\tthroughput_rps\nvllm\t4\t2.5\n', { file: 't.tsv' }));
  assert.equal(tab[0]?.metrics.throughput_rps, 2.5);
  assert.equal(tab[0]?.client?.concurrency, 4);
  const pipe = runsOf(parseCsv('model|Gen TPS|Errors\nQwen|100.5|0\n', { file: 'p.csv' }));
  assert.equal(pipe[0]?.metrics.output_tps, 100.5);
  assert.equal(pipe[0]?.metrics.requests_failed_count, 0);
  const noHeader = parseCsv(fixture('no-header.csv'), { file: 'n.csv' });
  assert.equal(runsOf(noHeader).length, 2);
  assert.ok(noHeader.diagnostics.some((d) => d.line === 1 && /no header/.test(d.message)));
});

test('columnMap overrides the built-in mapping', () => {
  const text = 'box,users,lat_ms,weird\nh100,32,1500,7\n';
  const r = runsOf(
    parseCsv(text, {
      file: 'm.csv',
      columnMap: { box: 'hardware.preset', users: 'client.concurrency', lat_ms: 'latency_p99_s', weird: 'raw' },
    }),
  );
  assert.equal(r[0]?.hardware?.preset, 'h100');
  assert.equal(r[0]?.client?.concurrency, 32);
  assert.equal(r[0]?.metrics.latency_p99_s, 1500, 'no unit in the header: no conversion');
  assert.equal(r[0]?.metrics.weird, undefined);
  const withUnit = runsOf(parseCsv('p99 (ms)\n1500\n', { file: 'u.csv', columnMap: { 'p99 (ms)': 'latency_p99_s' } }));
  assert.equal(withUnit[0]?.metrics.latency_p99_s, 1.5);
});

test('genai-perf CSV preset', () => {
  const r = parseCsv(fixture('profile_export_genai_perf.synthetic.csv'), { file: 'profile_export_genai_perf.csv' });
  const runs = runsOf(r);
  assert.equal(runs.length, 1);
  const m = runs[0]?.metrics ?? {};
  assert.equal(runs[0]?.source.format, 'genai-perf-csv');
  assert.equal(m.ttft_mean_ms, 1146.31);
  assert.equal(m.ttft_p99_ms, 3457.97);
  assert.equal(m.latency_mean_s, 6.4062);
  assert.equal(m.latency_p99_s, 9.43613);
  assert.equal(m.itl_mean_ms, 30.35);
  assert.equal(m.output_tps_per_user, 33.1);
  assert.equal(m.output_tokens_mean, 174.45);
  assert.equal(m.input_tokens_p99, 3001);
  assert.equal(m.output_tps, 261.25);
  assert.equal(m.throughput_rps, 1.5);
  assert.equal(m.requests_ok_count, 40);
  assert.ok(
    r.diagnostics.some((d) => d.code === 'prose-skipped' && d.line === 15),
    'GPU telemetry block noted, not read',
  );
});

test('Locust stats preset: one run from the Aggregated row, ms → s', () => {
  const runs = runsOf(parseCsv(fixture('locust_stats.synthetic.csv'), { file: 'x_stats.csv' }));
  assert.equal(runs.length, 1);
  const run = runs[0] as RunRecord;
  assert.equal(run.source.line, 4);
  assert.equal(run.metrics.throughput_rps, 8.24);
  assert.equal(run.metrics.latency_p50_s, 40);
  assert.equal(run.metrics.latency_mean_s, 37.9851);
  assert.equal(run.metrics.latency_p95_s, 52);
  assert.equal(run.metrics.latency_p99_s, 57);
  assert.equal(run.metrics.requests_failed_count, 6);
  assert.equal(run.metrics.requests_ok_count, 1254);
  assert.equal(run.raw['GET /v1/models / Request Count'], '60');
});

test('Locust history preset: samples, N/A skipped, epoch → ISO', () => {
  const r = parseCsv(fixture('locust_stats_history.synthetic.csv'), { file: 'x_stats_history.csv' });
  const samples = r.records.filter((x): x is SampleRecord => x.kind === 'sample');
  assert.equal(r.records.length, samples.length);
  const p95 = samples.filter((s) => s.series === 'latency_p95_s');
  assert.deepEqual(
    p95.map((s) => [s.t, s.value]),
    [
      ['2024-11-22T00:00:01Z', 47],
      ['2024-11-22T00:00:02Z', 52],
    ],
  );
  assert.deepEqual(
    samples.filter((s) => s.series === 'users').map((s) => s.value),
    [0, 50, 100],
  );
  assert.equal(new Set(samples.map((s) => s.id)).size, samples.length);
});

test('runsToCsv: stable header, formula-safe text, numbers as numbers', () => {
  const run: RunRecord = {
    kind: 'run',
    schema_version: 1,
    id: 'f:1',
    source: { file: 'f', line: 1, format: 'csv' },
    title: '=HYPERLINK("x")',
    labels: ['a', '-b'],
    model: '@m',
    metrics: { zeta_unknown: 1, output_tps: 2, latency_mean_s: -3.5 },
    raw: {},
    provenance: {},
    flags: ['duplicate'],
  };
  const csv = runsToCsv([run]);
  const [header, row] = csv.trimEnd().split('\n');
  assert.equal(header, [...RUN_CSV_CONTEXT_COLUMNS, 'latency_mean_s', 'output_tps', 'zeta_unknown'].join(','));
  assert.ok(row?.includes(`"'=HYPERLINK(""x"")"`), row);
  assert.ok(row?.includes(`'@m`));
  assert.ok(row?.endsWith(',-3.5,2,1'), row);
  assert.ok(row?.includes('a > -b'), 'labels joined (only a leading sign is quoted)');
  assert.equal(runsToCsv([run]), csv, 'deterministic');
  assert.deepEqual(runsToRows([]).header, [...RUN_CSV_CONTEXT_COLUMNS]);
});

test('round trip: report runs → CSV → parseCsv gives the same metrics and context', () => {
  const file = 'data/multi-gpu-presets-report.md';
  const runs = parseMarkdownReport(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), { file }).records as RunRecord[];
  const csv = runsToCsv(runs);
  assertGolden('csv/multi-gpu-presets-report.runs.csv', csv);
  const back = runsOf(parseCsv(csv, { file: 'runs.csv' }));
  assert.equal(back.length, runs.length);
  const strip = (r: RunRecord): unknown => ({
    title: r.title,
    labels: r.labels,
    engine: r.engine,
    api: r.api,
    mode: r.mode,
    model: r.model,
    hardware: r.hardware,
    parallelism: r.parallelism,
    server: r.server,
    client: r.client,
    metrics: r.metrics,
    flags: r.flags,
  });
  runs.forEach((r, i) => {
    assert.deepEqual(strip(back[i] as RunRecord), strip(r), r.id);
    assert.equal(back[i]?.raw.id, r.id);
  });
});

test('round trip property: arbitrary text and numbers survive runsToCsv → parseCsv', () => {
  const text = fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((s) => s.trim() === s && s !== '' && !s.includes(' > ') && !/^'[=+\-@\t\r]/.test(s) && !/[\r\n]/.test(s));
  fc.assert(
    fc.property(text, fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 1, max: 512 }), (title, value, conc) => {
      const run: RunRecord = {
        kind: 'run',
        schema_version: 1,
        id: 'x:1',
        source: { file: 'x', line: 1, format: 'csv' },
        title,
        labels: [title],
        client: { concurrency: conc },
        metrics: { output_tps: value },
        raw: {},
        provenance: {},
        flags: [],
      };
      const back = runsOf(parseCsv(runsToCsv([run]), { file: 'r.csv' }))[0];
      assert.equal(back?.title, title);
      assert.deepEqual(back?.labels, [title]);
      assert.equal(back?.client?.concurrency, conc);
      assert.equal(back?.metrics.output_tps, Number(value.toPrecision(12)));
    }),
    { numRuns: 200, seed: 42 },
  );
});
