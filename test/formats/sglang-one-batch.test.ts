/**
 * SGLang's bench_one_batch / bench_latency (src/ingest/formats/sglang-one-batch/): one run per
 * case (prefill → TTFT and input throughput, median decode step → TPOT p50 and output throughput,
 * total → duration and total throughput), decode steps as samples, the warm-up case flagged, the
 * batch size as concurrency, model/tp/lengths from the command. Fixtures hand-written in the
 * shapes of sglang's print statements (bench_one_batch.py 2025, bench_latency.py 2024).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { scanBlocks } from '../../src/ingest/blocks/index';
import { assertGolden } from '../helpers/golden';

function scan(name: string) {
  const lines = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'sglang-one-batch', name), 'utf8').split(/\r?\n/);
  const scans = scanBlocks(lines, name);
  return { runs: scans.flatMap((s) => s.result.runs), samples: scans.flatMap((s) => s.result.samples), scans };
}

describe('SGLang bench_one_batch', () => {
  it('the warm-up case and the measured case are two runs, the first flagged', () => {
    const { runs, samples } = scan('bench-one-batch.txt');
    assert.equal(runs.length, 2);
    const [warm, real] = runs;
    assert.deepEqual(warm?.flags, ['warmup-suspect']);
    assert.deepEqual(real?.flags, []);
    assert.deepEqual(
      { ...real?.metrics },
      { ttft_mean_ms: 300.21, input_tps: 13643.78, tpot_p50_ms: 13.99, output_tps: 571.84, duration_s: 1.201, total_tps: 3837.34 },
    );
    assert.deepEqual(real?.client, { concurrency: 8, input_len: 512, output_len: 64 });
    assert.equal(real?.model, 'Llama-3.1-8B-Instruct');
    assert.equal(real?.parallelism?.tp, 2);
    assert.equal(warm?.raw.max_total_num_tokens, '401234');
    assert.equal(samples.filter((s) => s.series === 'decode_step_latency_ms').length, 4);
    assertGolden('sglang-one-batch/bench-one-batch.json', { runs, samples });
  });

  it('2024 bench_latency: unnumbered decode steps, the command in a comment', () => {
    const { runs, scans } = scan('bench-latency-2024.txt');
    assert.equal(runs.length, 1);
    assert.equal(runs[0]?.metrics.tpot_p50_ms, 19.9);
    assert.equal(runs[0]?.client?.concurrency, 1);
    assert.equal(runs[0]?.model, 'Qwen2-7B-Instruct');
    assert.ok(
      scans.every((s) => s.reader === 'sglang-one-batch'),
      'no general key/value run beside it',
    );
  });

  it('a case cut before its Total line is still a run, with a warning', () => {
    const lines = [
      'Prefill. latency: 0.1 s, throughput: 1000.00 token/s',
      'Decode.  median latency: 0.02 s, median throughput: 50.00 token/s',
      'Some other output',
    ];
    const scans = scanBlocks(lines, 'cut.txt');
    const runs = scans.flatMap((s) => s.result.runs);
    assert.equal(runs[0]?.metrics.output_tps, 50);
    assert.equal(runs[0]?.metrics.duration_s, undefined);
    assert.equal(scans.flatMap((s) => s.result.diagnostics).find((d) => d.code === 'table-truncated')?.line, 3);
  });
});
