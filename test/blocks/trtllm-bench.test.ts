/**
 * TensorRT-LLM's trtllm-bench report and MLPerf LoadGen's summary: one run each (one per pasted
 * column), labels read by their tool's meaning (`Total Latency (ms)` is the duration, ns
 * latencies normalised). Fixtures are hand-written in the tools' shapes (test/fixtures/blocks/).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertGolden } from '../helpers/golden';
import { fixtureLines, scanFile } from './helpers';

function runsOf(name: string) {
  const scans = scanFile(name, fixtureLines(name));
  return { scans, runs: scans.flatMap((s) => s.result.runs) };
}

describe('trtllm-bench', () => {
  it('one run from the banner sections: settings, overview, latency breakdown', () => {
    const { scans, runs } = runsOf('trtllm-bench-overview.txt');
    const own = runs.filter((r) => r.format === 'trtllm-bench');
    assert.equal(own.length, 1);
    const run = own[0]!;
    assert.equal(run.startLine + 1, 5, 'starts at the first rule');
    assert.equal(run.engine, 'trtllm');
    assert.equal(run.model, 'Llama-3.1-8B');
    assert.equal(run.parallelism?.tp, 2);
    assert.equal(run.client?.total_requests, 2000);
    const m = run.metrics;
    assert.equal(m.throughput_rps, 41.25);
    assert.equal(m.output_tps, 10560);
    assert.equal(m.total_tps, 31680);
    assert.equal(m.duration_s, 48.4848485, 'Total Latency is the whole run');
    assert.equal(m.latency_mean_s, 11.6402);
    assert.equal(m.latency_p50_s, 11.5005);
    assert.equal(m.latency_p99_s, 15.99075);
    assert.equal(m.latency_min_s, 8.0201);
    assert.equal(m.latency_max_s, 16.4009);
    assert.equal(m.output_tps_per_user, 22.1);
    assert.equal(m.measured_concurrency, 480.25);
    assert.equal(m.input_tokens_mean, 512);
    assert.equal(run.client?.concurrency, undefined, 'the measured concurrency is no setting');
    assert.equal(run.raw['dataset MIN'], 'MIN:   512.0000           256.0000         768.0000');
    assertGolden('blocks/trtllm-bench-overview.txt.json', scans);
  });

  it('a comparison pasted as `label: | a | b` gives one run per column, named by the title', () => {
    const { scans, runs } = runsOf('trtllm-bench-columns.txt');
    const own = runs.filter((r) => r.format === 'trtllm-bench');
    assert.deepEqual(
      own.map((r) => r.title),
      ['baseline', 'patched build'],
    );
    assert.deepEqual(
      own.map((r) => [r.metrics.throughput_rps, r.metrics.output_tps, r.metrics.duration_s, r.metrics.latency_mean_s]),
      [
        [1.5, 3072, 85.3333, 80.1005],
        [1.8, 3686.4, 71.1111, 66.9002],
      ],
    );
    for (const r of own) {
      assert.equal(r.parallelism?.tp, 4);
      assert.equal(r.model, 'Tiny-MoE-8x1B');
      assert.equal(r.metrics.measured_concurrency, 120.5);
    }
    assertGolden('blocks/trtllm-bench-columns.txt.json', scans);
  });
  it('streaming overview: TTFT and TPOT breakdowns in ms, decode speed kept raw only', () => {
    const { scans, runs } = runsOf('trtllm-bench-streaming.txt');
    assert.equal(runs.length, 1);
    const m = runs[0]!.metrics;
    assert.equal(m.output_tps_per_user, 8.5, 'the per-user throughput, not the 1/TPOT speed');
    assert.equal(m.output_tps_per_gpu, 1280);
    assert.equal(m.ttft_mean_ms, 450);
    assert.equal(m.ttft_p90_ms, 700);
    assert.equal(m.tpot_mean_ms, 20);
    assert.equal(m.tpot_p50_ms, 19.5);
    assert.equal(m.tpot_max_ms, 31);
    assert.equal(m.latency_p50_s, 2.9);
    assert.equal(m.duration_s, 6.4);
    assert.equal(runs[0]!.raw['[GTPS] P50'], '51.0000');
    assert.equal(runs[0]!.raw['Per User Output Speed [1/TPOT] (tokens/sec/user)'], '50.0000');
    assertGolden('blocks/trtllm-bench-streaming.txt.json', scans);
  });
});

describe('mlperf-loadgen', () => {
  it('one run for the whole summary, ns normalised, target_qps a setting', () => {
    const { scans, runs } = runsOf('mlperf-loadgen-server.txt');
    assert.equal(runs.length, 1);
    const run = runs[0]!;
    assert.equal(run.format, 'mlperf-loadgen');
    const m = run.metrics;
    assert.equal(m.throughput_rps, 12.5);
    assert.equal(m.output_tps, 3200.75);
    assert.equal(m.latency_mean_s, 2.5);
    assert.equal(m.latency_p50_s, 2.4);
    assert.equal(m.latency_p90_s, 5, 'the `90th percentile` spelling too');
    assert.equal(m.latency_p99_9_s, 8.8);
    assert.equal(m.latency_min_s, 0.5);
    assert.equal(m.ttft_mean_ms, 150);
    assert.equal(m.ttft_p99_ms, 400);
    assert.equal(m.tpot_mean_ms, 40);
    assert.equal(m.tpot_p90_ms, 55);
    assert.equal(run.client?.request_rate, 12.6);
    assert.equal(m.target_qps, undefined);
    assert.equal(run.raw['97.00 percentile latency (ns)'], '7000000000');
    assertGolden('blocks/mlperf-loadgen-server.txt.json', scans);
  });
});
