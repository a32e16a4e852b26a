/**
 * JetStream's benchmark_serving.py (src/ingest/formats/jetstream/): the result lines are one run
 * (overall throughput as total_tps, TTST kept under its own name), the rate time series are
 * samples at UTC times. Fixtures hand-written in the shapes of AI-Hypercomputer/JetStream's print
 * statements (benchmarks/benchmark_serving.py 2024-03 and 2025, benchmarks/metrics.py); JetStream
 * pull requests in the corpus were not used as models.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { scanBlocks } from '../../src/ingest/blocks/index';
import { assertGolden } from '../helpers/golden';

function scan(name: string) {
  const lines = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'jetstream', name), 'utf8').split(/\r?\n/);
  const scans = scanBlocks(lines, name);
  return {
    runs: scans.flatMap((s) => s.result.runs),
    samples: scans.flatMap((s) => s.result.samples),
    diagnostics: scans.flatMap((s) => s.result.diagnostics),
  };
}

describe('JetStream benchmark_serving', () => {
  it('2024 output: one run, TTFT/TPOT in ms, the duration in s', () => {
    const { runs, diagnostics } = scan('benchmark-serving-2024.txt');
    assert.equal(runs.length, 1);
    const run = runs[0];
    assert.equal(run?.format, 'jetstream');
    assert.equal(run?.metrics.duration_s, 221.604312);
    assert.equal(run?.metrics.ttft_p99_ms, 3012.9);
    assert.equal(run?.metrics.tpot_p50_ms, 62.8);
    assert.equal(run?.metrics.throughput_rps, 3.61);
    assert.deepEqual(diagnostics, []);
    assertGolden('jetstream/benchmark-serving-2024.json', runs);
  });

  it('2025 output: overall throughput, ttst, and the two rate series as samples', () => {
    const { runs, samples } = scan('benchmark-serving-2025.txt');
    assert.equal(runs.length, 1);
    assert.equal(runs[0]?.metrics.total_tps, 3364.19);
    assert.equal(runs[0]?.metrics.ttft_mean_ms, 1520.33, 'lower-case `Mean ttft`');
    assert.equal(runs[0]?.metrics.ttst_p99_ms, 301.77);
    assert.deepEqual(
      samples.filter((s) => s.series === 'output_tps').map((s) => [s.t, s.value]),
      [
        ['2026-01-01T00:00:00Z', 1200.4],
        ['2026-01-01T00:00:10Z', 1350.1],
        ['2026-01-01T00:00:20Z', 1388],
      ],
    );
    assert.equal(samples.filter((s) => s.series === 'request_complete_rate_per_s').length, 3);
    assertGolden('jetstream/benchmark-serving-2025.json', { runs, samples });
  });

  it("vLLM's result block (label units, banner) is not JetStream's", () => {
    const lines = ['Successful requests:                     100', 'Benchmark duration (s):                  12.50'];
    assert.ok(scanBlocks(lines, 'v.txt').every((s) => s.reader !== 'jetstream'));
  });

  it('series rows that do not pair up end the block with what was read', () => {
    const lines = [
      'Successful requests: 10',
      'Benchmark duration: 5.0 s',
      'Request throughput: 2.00 requests/s',
      '----- Output token rate time series (window_size = 10 sec) -----',
      'TimeStamp,1,2',
      'Value,3',
    ];
    const { runs, samples } = { runs: scanBlocks(lines, 'x').flatMap((s) => s.result.runs), samples: [] };
    assert.equal(runs[0]?.metrics.throughput_rps, 2);
    assert.deepEqual(samples, []);
  });
});
