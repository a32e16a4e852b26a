/**
 * evalscope perf's 2024–2025 `Benchmarking summary:` (src/ingest/formats/evalscope/evalscope-summary.ts):
 * the plain-text form (with its `Percentile of …` sections) and the tabulate grid form (with its
 * `Percentile results:` grid) are one run each; times in seconds normalised, percentiles kept under
 * the quantity they belong to (p66 of TTFT never mixed with p66 of latency), evalscope's package
 * latency never taken for the request latency. Fixtures are hand-written in the shapes of
 * modelscope/evalscope's print code (perf/http_client.py 2024-07, perf/utils/db_util.py 2024-11 and
 * 2025-04); evalscope issues in the corpus were not used as models.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { scanBlocks } from '../../src/ingest/blocks/index';
import { assertGolden } from '../helpers/golden';

function runsOf(name: string) {
  const lines = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'evalscope', name), 'utf8').split(/\r?\n/);
  const scans = scanBlocks(lines, name);
  return { runs: scans.flatMap((s) => s.result.runs), diagnostics: scans.flatMap((s) => s.result.diagnostics) };
}

describe('evalscope summary (2024 text and grid forms)', () => {
  it('text form: one run, settings as client, each percentile section under its quantity', () => {
    const { runs, diagnostics } = runsOf('summary-2024-text.txt');
    assert.equal(runs.length, 1);
    const run = runs[0];
    assert.equal(run?.format, 'evalscope');
    assert.deepEqual(run?.client, { concurrency: 8, total_requests: 200 });
    assert.equal(run?.metrics.duration_s, 61.733);
    assert.equal(run?.metrics.output_tps, 512.301);
    assert.equal(run?.metrics.ttft_mean_ms, 212);
    assert.equal(run?.metrics.tpot_mean_ms, 1.95);
    assert.equal(run?.metrics.ttft_p66_ms, 221.1);
    assert.equal(run?.metrics.latency_p66_s, 2.512, 'the second section keeps its own p66');
    assert.equal(run?.metrics.latency_p98_s, 3.401);
    assert.equal(run?.metrics.latency_mean_s, 2.418);
    assert.equal(run?.metrics.average_package_latency, 0.014, 'a chunk interval, not the request latency');
    assert.equal(run?.raw['Save the result to'], './outputs/qwen2-7b-instruct/benchmark_data.db');
    assert.deepEqual(run?.flags, ['failed-requests']);
    assert.deepEqual(diagnostics, []);
    assertGolden('evalscope/summary-2024-text.json', runs);
  });

  it('grid form of 2024-11: First Chunk Latency percentiles are TTFT, Latency percentiles latency', () => {
    const { runs } = runsOf('summary-2024-grid.txt');
    assert.equal(runs.length, 1);
    const run = runs[0];
    assert.equal(run?.metrics.ttft_p50_ms, 310.4);
    assert.equal(run?.metrics.latency_p50_s, 3.0502);
    assert.equal(run?.metrics.latency_mean_s, 3.101);
    assert.equal(run?.metrics.average_package_latency_s, 0.017);
    assert.equal(run?.metrics.output_tps, 229.441, '`Throughput(average output tokens per second)`');
    assert.equal(run?.raw['Result DB path'], './outputs/20241203_081200/qwen2.5/benchmark_data.db');
    assertGolden('evalscope/summary-2024-grid.json', runs);
  });

  it('grid form of 2025-04: token throughputs, TTFT/ITL/TPOT percentile columns in ms', () => {
    const { runs } = runsOf('summary-2025-grid.txt');
    assert.equal(runs.length, 1);
    const run = runs[0];
    assert.equal(run?.metrics.total_tps, 5120.337);
    assert.equal(run?.metrics.throughput_rps, 5.311);
    assert.equal(run?.metrics.itl_p99_ms, 40.2);
    assert.equal(run?.metrics.tpot_p10_ms, 8.9);
    assert.equal(run?.metrics.output_tokens_p90, 655);
    assert.equal(run?.metrics.output_tps_per_user_p50, 91.0044);
    assertGolden('evalscope/summary-2025-grid.json', runs);
  });

  it('a summary line that is not a number nor a path is kept in raw with a warning', () => {
    const lines = ['Benchmarking summary:', ' Time taken for tests: 10.5 seconds', ' Average QPS: n/a', ' Number of concurrency: 2'];
    const scans = scanBlocks(lines, 'odd.txt');
    const runs = scans.flatMap((s) => s.result.runs);
    assert.equal(runs.length, 1);
    assert.equal(runs[0]?.raw['Average QPS'], 'n/a');
    const warn = scans.flatMap((s) => s.result.diagnostics).find((d) => d.code === 'cell-unparsed');
    assert.equal(warn?.line, 3);
  });
});

describe('evalscope summary: several --parallel settings in one log', () => {
  it('one run per summary grid, its percentile grid with it; Throughput(average tokens/s) is the output tokens/s', () => {
    const { runs, diagnostics } = runsOf('summary-2024-two-parallel.txt');
    assertGolden('evalscope/summary-2024-two-parallel.json', runs);
    assert.deepEqual(
      runs.map((r) => [
        r.client?.concurrency,
        r.client?.total_requests,
        r.metrics.output_tps,
        r.metrics.throughput_rps,
        r.metrics.ttft_p50_ms,
        r.metrics.latency_p99_s,
      ]),
      [
        [1, 10, 60.2102, 0.4894, 40.5, 2.2044],
        [8, 80, 326.7812, 2.6569, 101.1, 3.3312],
      ],
    );
    assert.equal(runs[0]?.metrics.throughput_average_tokens_s, undefined);
    assert.deepEqual(
      diagnostics.filter((d) => d.severity !== 'info'),
      [],
    );
  });
});
