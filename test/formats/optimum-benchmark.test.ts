/**
 * optimum-benchmark's report JSON and log lines (src/ingest/formats/optimum-benchmark/). Fixtures
 * hand-written in the shapes these public sources show (numbers, models and names our own):
 *   - huggingface/optimum-benchmark:optimum_benchmark/trackers/latency.py (Latency fields: unit,
 *     values, count, total, mean, p50 … stdev, stdev_; Throughput: unit, value; `+ name: v (unit)` logs)
 *   - DerekLiu35/huggingface-quantization-benchmarking-code:runs/llama70b_compile/benchmark_report.md
 *     (the load_model / prefill / decode targets and their memory, latency, throughput parts)
 *   - https://github.com/huggingface/optimum-benchmark/pull/150 (prefill measured to the first logits)
 *   - huggingface/optimum-benchmark:optimum_benchmark/benchmark/report.py and trackers/latency.py,
 *     memory.py (to_markdown_text: `# <target>:`, `## <measure>:`, `| metric | value | unit |`
 *     tables): benchmark_report.md, whose headings give the tables their meaning
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { detectFile } from '../../src/ingest/detect';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const DIR = path.join(__dirname, '../fixtures/optimum-benchmark');

function runs(text: string, file: string): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

for (const name of fs.readdirSync(DIR)) {
  test(`golden: ${name}`, () => {
    const res = parseLog(fs.readFileSync(path.join(DIR, name), 'utf8'), { file: `optimum-benchmark/${name}` });
    assertGolden(`formats/optimum-benchmark/${name.replace(/\.\w+$/, '.json')}`, res);
  });
}

test('the report JSON: prefill latency is the time to first token, per-token the inter-token latency', () => {
  const text = fs.readFileSync(path.join(DIR, 'benchmark.json'), 'utf8');
  assert.equal(detectFile(text, 'benchmark.json').format, 'optimum-benchmark-json');
  const [r] = runs(text, 'benchmark.json');
  assert.equal(r?.metrics.ttft_mean_ms, 41.067);
  assert.equal(r?.metrics.ttft_p90_ms, 41.18);
  assert.equal(r?.metrics.itl_mean_ms, 19.1);
  assert.equal(r?.metrics.input_tps, 49870.3);
  assert.equal(r?.metrics.output_tps, 209.7);
  assert.equal(r?.metrics.load_duration_s, 3.912504);
  assert.deepEqual([r?.client?.concurrency, r?.client?.input_len, r?.client?.output_len], [4, 512, 64]);
  assert.equal(r?.model, 'Qwen2.5-1.5B-Instruct');
});

test('the log lines: one run per block, the model from the backend.model override', () => {
  const rs = runs(fs.readFileSync(path.join(DIR, 'optimum-run.log'), 'utf8'), 'run.log');
  assert.equal(rs.length, 1);
  assert.deepEqual(rs[0]?.metrics, {
    ttft_mean_ms: 18.822,
    input_tps: 13601.1,
    decode_latency_mean_s: 0.881406,
    output_tps: 286,
    itl_mean_ms: 3.482,
  });
  assert.equal(rs[0]?.model, 'Llama-3.2-1B');
});

test('the nested form: target and measure headings, then statistics', () => {
  const text = [
    '[PROC-0][2024-03-01 09:00:00,000][latency][INFO] - + prefill:',
    '[PROC-0][2024-03-01 09:00:00,000][latency][INFO] - 	+ latency:',
    '[PROC-0][2024-03-01 09:00:00,000][latency][INFO] - 		+ count: 12',
    '[PROC-0][2024-03-01 09:00:00,000][latency][INFO] - 		+ mean: 0.020500 (s)',
    '[PROC-0][2024-03-01 09:00:00,000][latency][INFO] - 		+ p99: 0.022000 (s)',
    '[PROC-0][2024-03-01 09:00:00,000][latency][INFO] - 	+ throughput: 3120.50 (tokens/s)',
  ].join('\n');
  const [r] = runs(text, 'nested.log');
  assert.deepEqual(r?.metrics, { ttft_mean_ms: 20.5, ttft_p99_ms: 22, input_tps: 3120.5 });
});

test("the Markdown report: targets and measures as headings, one run; the tables are not read as a report's", () => {
  const file = 'optimum-benchmark/benchmark_report.md';
  const text = fs.readFileSync(path.join(DIR, 'benchmark_report.md'), 'utf8');
  const res = parseLog(text, { file });
  const [run, ...rest] = res.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(rest.length, 0);
  assert.equal(run?.source.format, 'optimum-benchmark');
  assert.deepEqual(
    [run?.metrics.load_duration_s, run?.metrics.ttft_mean_ms, run?.metrics.ttft_p99_ms, run?.metrics.input_tps],
    [9.881204, 38.126, 38.44, 26229.08],
  );
  assert.deepEqual([run?.metrics.decode_latency_mean_s, run?.metrics.output_tps, run?.metrics.itl_p50_ms], [2.700455, 94.06, 10.742]);
  assert.equal(run?.raw['prefill.memory.max_allocated'], '15388.91 MB');
  assert.equal(run?.raw['per_token.latency.count'], '2540');
  assert.equal(run?.raw['decode.latency.stdev_'], '0.19 %');
  assert.deepEqual(
    res.diagnostics.filter((d) => d.severity !== 'info'),
    [],
  );
  // Pasted among other text, the report is read by the console scanner alike.
  const pasted = runs(`Results on my A10G:\n\n${text}\nThat is all.\n`, 'pasted.log');
  assert.deepEqual(pasted[0]?.metrics, run?.metrics);
});
