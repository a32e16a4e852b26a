/**
 * llama.cpp's timing lines (src/ingest/formats/llama-cpp-log/). The fixtures are hand-written in
 * the shapes these public outputs show (numbers, models and flags our own):
 *   - https://github.com/ggml-org/llama.cpp/issues/2237 (old `llama_print_timings:` block of ./main)
 *   - https://github.com/ggml-org/llama.cpp/issues/9013 (llama-cli's `llama_perf_context_print:`,
 *     llama-server's `slot print_timing: id 0 | task 0 |` then bare timing lines)
 *   - https://github.com/ggml-org/llama.cpp/issues/34 (llama_perf_* blocks pasted per machine)
 *   - https://github.com/huggingface/pi-llama/pull/19 (timestamped one-stat-a-line slot timings)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const DIR = path.join(__dirname, '../fixtures/llama-cpp-log');

function parse(text: string, file: string) {
  const res = parseLog(text, { file });
  return { runs: res.records.filter((r): r is RunRecord => r.kind === 'run'), diagnostics: res.diagnostics };
}

for (const name of fs.readdirSync(DIR)) {
  test(`golden: ${name}`, () => {
    const res = parseLog(fs.readFileSync(path.join(DIR, name), 'utf8'), { file: `llama-cpp-log/${name}` });
    assertGolden(`formats/llama-cpp-log/${name.replace(/\.\w+$/, '.json')}`, res);
  });
}

test('llama-cli, new and old prefixes: one run per block, speeds as printed, times in seconds', () => {
  const { runs } = parse(fs.readFileSync(path.join(DIR, 'llama-cli-perf.md'), 'utf8'), 'cli.md');
  assert.equal(runs.length, 2);
  assert.deepEqual(runs[0]?.metrics, {
    load_duration_s: 0.84217,
    prompt_eval_duration_s: 0.20133,
    input_tokens: 12,
    input_tps: 59.6,
    eval_duration_s: 7.01245,
    output_tokens: 159,
    output_tps: 22.67,
    tpot_mean_ms: 44.1,
    duration_s: 7.3982,
  });
  assert.equal(runs[1]?.metrics.output_tps, 16.49);
  assert.equal(runs[0]?.model, 'gemma-2-2b-it-Q4_K_M');
  assert.equal(runs[0]?.server?.context_length, 2048);
  assert.equal(runs[0]?.client?.max_tokens, 160);
  assert.ok(runs.every((r) => r.source.format === 'llama-cpp-log'));
});

test('llama-server: a run per request in both slot forms; -np is a server flag, not concurrency', () => {
  const { runs } = parse(fs.readFileSync(path.join(DIR, 'llama-server-slots.log'), 'utf8'), 'srv.log');
  assert.deepEqual(
    runs.map((r) => [r.raw.slot, r.raw.task, r.metrics.input_tps, r.metrics.output_tps, r.metrics.duration_s]),
    [
      ['0', '0', 320.89, 48.3, 4.52849],
      ['1', '214', 278.46, 48.29, 2.71143],
    ],
  );
  assert.ok(runs.every((r) => r.server?.flags?.parallel === 2 && r.client?.concurrency === undefined));
  assert.ok(runs.every((r) => r.model === 'Phi-3.5-mini-instruct-Q8_0'));
});

test('a lone load time is no run, and a repeated stat starts the next block', () => {
  assert.equal(parse('llama_perf_context_print:        load time =     842.17 ms\n', 'l.txt').runs.length, 0);
  const two = [
    'llama_print_timings:        eval time =    100.00 ms /    10 runs   (   10.00 ms per token,   100.00 tokens per second)',
    'llama_print_timings:        eval time =    200.00 ms /    10 runs   (   20.00 ms per token,    50.00 tokens per second)',
  ].join('\n');
  assert.deepEqual(
    parse(two, 't.txt').runs.map((r) => r.metrics.output_tps),
    [100, 50],
  );
});
