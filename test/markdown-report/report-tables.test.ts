/**
 * Report tables as people type them (fixtures written for these tests, in the shapes of real
 * reports): units inside cells, `N/M` success cells, abbreviated headers, `| Key | Value |`
 * summaries, `TBD` rows and per-request tables.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { looksLikeMarkdownReport, parseMarkdownReport } from '../../src/ingest/markdown-report';
import { readCell } from '../../src/ingest/markdown-report/cell-value';
import type { RunRecord } from '../../src/model/records';
import { assertGolden, REPO_ROOT } from '../helpers/golden';

function parse(name: string) {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/markdown-report', name), 'utf8');
  const result = parseMarkdownReport(text, { file: name });
  assertGolden(`markdown-report/${name.replace(/\.md$/, '')}.json`, result);
  return { runs: result.records as RunRecord[], diagnostics: result.diagnostics, text };
}

test('a unit in the cell wins over the header; a contradicting one is kept and reported', () => {
  const { runs, diagnostics } = parse('units-in-cells.md');
  assert.equal(runs.length, 2, 'the per-request and the comparison tables are not runs');
  const [idle, busy] = runs;
  assert.ok(idle && busy);
  assert.equal(idle.metrics.latency_mean_s, 0.581, '581 ms under "Mean Latency" (a seconds key)');
  assert.equal(idle.metrics.latency_p95_s, 0.64);
  assert.equal(idle.metrics.latency_p99_s, 0.702, "no unit in the cell: the header's seconds");
  assert.equal(idle.metrics.throughput_rps, 1.72, '"Throughput" is placed by the cell\'s req/sec');
  assert.match(idle.provenance['metrics.throughput_rps'] ?? '', /unit 'req\/sec' printed in the cells/);
  assert.equal(idle.metrics.requests_ok_count, 4, '"4/4 (100%)"');
  assert.equal(idle.client?.total_requests, 4);
  assert.equal(idle.client?.concurrency, 1);
  assert.equal(busy.metrics.throughput_rps, 21.4, 'a bold cell');
  assert.equal(busy.metrics.requests_ok_count, 58);
  assert.equal(busy.metrics.latency_p99_s, 0.99, '990 ms under "P99 Latency (s)": the cell says ms');
  const conflict = diagnostics.find((d) => d.code === 'conflicting-context');
  assert.ok(conflict, 'the contradiction is reported');
  assert.equal(conflict.severity, 'warning');
  assert.match(conflict.message, /'P99 Latency \(s\)' in row 2 .* the cell says ms, the header 'P99 Latency \(s\)' says s: read in ms/);
  const perRequest = diagnostics.find((d) => /row per request/.test(d.message));
  assert.ok(perRequest);
  assert.equal(perRequest.line, 14);
  assert.match(perRequest.message, /'Request #' numbers them 1…3/);
});

test('abbreviated headers map through the vocabulary; a column of n/a is no metric', () => {
  const { text, runs } = parse('abbreviated-headers.md');
  assert.equal(looksLikeMarkdownReport(text), true);
  assert.equal(runs.length, 4);
  const [a, b, c, d] = runs;
  assert.ok(a && b && c && d);
  assert.deepEqual(a.client, { input_len: 256, output_len: 64, concurrency: 2, total_requests: 16 });
  assert.equal(a.metrics.ttft_mean_ms, 71.5);
  assert.equal(a.metrics.latency_mean_s, 2.2104);
  assert.equal(a.metrics.output_tps, 57.91, 'Tok/s');
  assert.match(a.provenance['metrics.output_tps'] ?? '', /names no direction/);
  assert.equal(a.metrics.throughput_rps, 0.9048);
  assert.equal(b.client?.total_requests, 128);
  assert.deepEqual(c.client, { concurrency: 4, total_requests: 32 }, '"N Req"');
  assert.equal(c.metrics.output_tps_per_user, 41.02, 'Tput User (TPS)');
  assert.equal(c.metrics.output_tps, 160.1, 'Tput Decode (TPS)');
  assert.equal(c.metrics.throughput_rps, 0.622, 'Req Tput (RPS)');
  assert.equal(c.metrics.tpot_mean_ms, 24.4);
  assert.equal(
    Object.keys(c.metrics).some((k) => k.startsWith('tokens')),
    false,
    'n/a cells are no figures',
  );
});

test('a Key | Value table is one run; -1 is "not set"; a table of near-metrics is reported', () => {
  const { text, runs, diagnostics } = parse('key-value-table.md');
  assert.equal(looksLikeMarkdownReport(text), true, 'two or more metric rows make it a report');
  assert.equal(runs.length, 1);
  const r = runs[0];
  assert.ok(r);
  assert.equal(r.id, 'key-value-table.md:9');
  assert.equal(r.source.row, undefined);
  assert.equal(r.title, 'Benchmarking summary:');
  assert.equal(r.metrics.duration_s, 64.25);
  assert.equal(r.metrics.requests_ok_count, 31);
  assert.equal(r.metrics.requests_failed_count, 1);
  assert.equal(r.metrics.latency_mean_s, 15.902);
  assert.equal(r.metrics.output_tps, 402.77);
  assert.deepEqual(r.client, { concurrency: 8, total_requests: 32 }, 'request rate -1 is absent');
  assert.equal(r.raw['Request rate (req/s)'], '-1');
  assert.deepEqual(r.flags, ['failed-requests']);
  const unread = diagnostics.find((d) => d.code === 'metrics-unread');
  assert.ok(unread);
  assert.equal(unread.severity, 'warning');
  assert.equal(unread.line, 22);
  assert.match(unread.message, /'Latency budget: 300 ms', 'Throughput target: 50 tok\/s-ish'/);
});

test('rows whose figures are all TBD, - or empty are not runs, and say so', () => {
  const { runs, diagnostics } = parse('placeholder-rows.md');
  assert.equal(runs.length, 2);
  assert.equal(runs[0]?.metrics.ttft_mean_ms, 820);
  assert.equal(runs[0]?.metrics.output_tps, 71.4);
  const notes = diagnostics.filter((d) => /holds no figure/.test(d.message));
  assert.deepEqual(
    notes.map((d) => d.message),
    [
      "row 3 of the table at line 3 holds no figure ('TBD'): not a run",
      "row 4 of the table at line 3 holds no figure ('-', 'empty'): not a run",
    ],
  );
  assert.equal(diagnostics.filter((d) => d.code === 'cell-unparsed').length, 0, 'a placeholder is not an unreadable number');
});

test('property: a time printed with its unit in a cell reads the same under any latency header', () => {
  const units: Array<[string, number]> = [
    ['ns', 1e-9],
    ['us', 1e-6],
    ['µs', 1e-6],
    ['ms', 1e-3],
    ['s', 1],
    ['sec', 1],
    ['seconds', 1],
  ];
  const headers: Array<[string, { key: string; factor: number }]> = [
    ['Mean Latency', { key: 'latency_mean_s', factor: 1 }],
    ['Latency p99 (ms)', { key: 'latency_p99_s', factor: 0.001 }],
    ['TTFT (s)', { key: 'ttft_mean_ms', factor: 1000 }],
    ['Median ITL', { key: 'itl_p50_ms', factor: 1 }],
  ];
  fc.assert(
    fc.property(
      fc.double({ min: 0, max: 1e6, noNaN: true }),
      fc.constantFrom(...units),
      fc.constantFrom(...headers),
      (raw, [unit, seconds], [header, metric]) => {
        const v = Math.round(raw * 1000) / 1000;
        const got = readCell(header, metric, `${v} ${unit}`);
        assert.equal(got.kind, 'metric');
        if (got.kind !== 'metric') return;
        const want = v * seconds * (metric.key.endsWith('_ms') ? 1000 : 1);
        assert.ok(Math.abs(got.value - want) <= Math.abs(want) * 1e-9 + 1e-12, `${header}: ${v} ${unit} → ${got.value}, want ${want}`);
      },
    ),
    { numRuns: Number(process.env.BENCHBOOK_FUZZ_RUNS ?? 300) },
  );
});

test('readCell: placeholders, N/M, and units that are no time under a time header', () => {
  const lat = { key: 'latency_mean_s', factor: 1 };
  for (const p of ['TBD', 'tbd', '-', '—', '', 'n/a', 'N/A', 'pending', '?'])
    assert.equal(readCell('Mean Latency', lat, p).kind, 'placeholder', p);
  assert.deepEqual(readCell('Success Rate', undefined, '19/20 (95%)'), { kind: 'ok-of-total', ok: 19, total: 20 });
  assert.equal(readCell('Notes', undefined, '19/20 (95%)').kind, 'none', 'only under a success or requests column');
  assert.equal(readCell('Mean Latency', lat, '12 tok/s').kind, 'unparsed');
});

test('results outside the tables: bullets restating a row add their figures to it; fenced output is a run', () => {
  const { runs, diagnostics } = parse('text-runs.md');
  assert.equal(runs.length, 4, 'two table rows (with their bullets), the fenced script output, the fenced bench block');
  const [two, eight, probe, bench] = runs;
  assert.ok(two && eight && probe && bench);
  assert.equal(two.id, 'text-runs.md:9:1');
  assert.equal(two.client?.concurrency, 2);
  assert.equal(two.metrics.latency_mean_s, 0.412, "the row's own value is kept (the bullet says 0.41)");
  assert.equal(two.metrics.latency_p95_s, 0.58, 'from the bullets under "### 2 Concurrent Users"');
  assert.equal(two.metrics.latency_min_s, 0.3);
  assert.equal(two.metrics.duration_s, 2.1);
  assert.match(
    two.provenance['metrics.latency_p95_s'] ?? '',
    /"2 Concurrent Users" at line 21, the same run as this row \(latency_mean_s, output_tps agree/,
  );
  assert.equal(eight.metrics.latency_max_s, 1.02);
  assert.equal(eight.metrics.duration_s, 3.44);
  assert.equal(probe.source.format, 'key-value');
  assert.equal(probe.title, 'Single Request Probe');
  assert.deepEqual(probe.labels, ['Chat service sweep', 'Single request, by script']);
  assert.equal(probe.metrics.ttft_mean_ms, 231.1);
  assert.equal(probe.metrics.output_tokens, 64);
  assert.equal(bench.source.format, 'vllm-bench');
  assert.equal(bench.metrics.throughput_rps, 2.46);
  assert.equal(bench.metrics.ttft_p99_ms, 88.01);
  assert.equal(
    runs.some((r) => r.source.line === 15 || r.source.line === 16),
    false,
    'key findings are prose',
  );
  assert.equal(diagnostics.filter((d) => d.severity !== 'info').length, 0);
});

test('a bullet block that could restate two rows equally stays a run of its own, and says so', () => {
  const text = [
    '| Users | Avg Latency (s) | Throughput (tokens/s) |',
    '|---|---|---|',
    '| 4 | 0.50 | 100.0 |',
    '| 4 | 0.50 | 100.0 |',
    '',
    '- **Latency**: Min: 0.31s | Avg: 0.50s | Max: 0.77s',
    '- **Throughput**: 100.0 tokens/sec',
  ].join('\n');
  const result = parseMarkdownReport(text, { file: 'twins.md' });
  const runs = result.records as RunRecord[];
  assert.equal(runs.length, 3);
  assert.equal(runs[2]?.metrics.latency_max_s, 0.77);
  assert.equal(runs[0]?.metrics.latency_max_s, undefined);
  assert.ok(result.diagnostics.some((d) => /agree with twins\.md:1:1 and twins\.md:1:2 alike/.test(d.message)));
});
