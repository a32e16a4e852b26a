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
import { parseJsonExport } from '../../src/ingest/exports/index';
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

describe('JetStream --save-result file', () => {
  it('is one run: vLLM-style metric keys, the model from dimensions, no engine named vLLM', () => {
    // Hand-written in the shape JetStream's benchmark_serving.py saves (final_json = {metrics, dimensions}).
    const file = path.join(__dirname, '..', 'fixtures', 'jetstream', 'JetStream-5.0qps-llama-3-8b-20250101-120000.json');
    const { records } = parseJsonExport(fs.readFileSync(file, 'utf8'), { file: 'JetStream-5.0qps.json' });
    const runs = records.filter((r) => r.kind === 'run');
    assert.equal(runs.length, 1);
    const run = runs[0];
    assert.ok(run?.kind === 'run');
    assert.equal(run.source.format, 'jetstream-json');
    assert.equal(run.model, 'llama-3-8b');
    assert.equal(run.engine, 'other');
    assert.equal(run.client?.request_rate, 5);
    assert.equal(run.metrics.duration_s, 210.5);
    assert.equal(run.metrics.tpot_p99_ms, 150.9);
    assertGolden('jetstream/save-result.json', run);
  });

  it('a request rate of 0 (all at once) is no rate', () => {
    const text = JSON.stringify({ metrics: { request_rate: 0, request_throughput: 2, duration: 3 }, dimensions: { model_id: 'm' } });
    const run = parseJsonExport(text, { file: 'j.json' }).records.find((r) => r.kind === 'run');
    assert.ok(run?.kind === 'run');
    assert.equal(run.client?.request_rate, undefined);
    assert.match(run.raw.request_rate ?? '', /no rate/);
  });
});

describe('JetStream result files of every version', () => {
  const read = (name: string) => {
    const text = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'jetstream', name), 'utf8');
    const res = parseJsonExport(text, { file: name });
    assertGolden(`jetstream/${name.replace(/\.json$/, '')}-records.json`, res);
    return res.records.filter((r) => r.kind === 'run');
  };

  it('the first, flat file (2024-03: date, model_id, tokenizer_id beside the metrics, no backend) is JetStream, not vLLM', () => {
    const [run, ...rest] = read('JetEngine-inf-qps-llama-2-7b-20240412-101010.json');
    assert.equal(rest.length, 0);
    assert.equal(run?.source.format, 'jetstream-json');
    assert.equal(run?.engine, 'other');
    assert.equal(run?.model, 'Llama-2-7b');
    assert.deepEqual([run?.metrics.throughput_rps, run?.metrics.ttft_p99_ms, run?.metrics.tpot_p50_ms], [5.25, 60123.4, 301.7]);
  });

  it('the 2025 file: TTST named as the console names it, accuracy figures kept', () => {
    const [run] = read('JetStream-0.0qps-llama3-70b-20250301-090000.json');
    assert.deepEqual([run?.metrics.ttst_mean_ms, run?.metrics.ttst_p50_ms, run?.metrics.ttst_p99_ms], [91.2, 80.7, 300.2]);
    assert.equal(run?.metrics.mean_ttst_ms, undefined);
    assert.equal(run?.metrics.rouge1, 44.2);
    assert.equal(run?.raw['dimensions.accelerator'], 'v5e-8');
  });
});
