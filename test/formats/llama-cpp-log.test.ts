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
    prompt_eval_ms_per_token: 16.78,
    eval_duration_s: 7.01245,
    output_tokens: 159,
    output_tps: 22.67,
    tpot_mean_ms: 44.1,
    duration_s: 7.3982,
    sample_duration_s: 0.01402,
    sample_tps: 12196.86,
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

test("llama-server's logged print_timings: JSON lines (msg or message, behind a journal prefix) and their text twin", () => {
  const { runs } = parse(fs.readFileSync(path.join(DIR, 'server-logged-timings.md'), 'utf8'), 'logged.md');
  assert.deepEqual(
    runs.map((r) => [
      r.raw.slot,
      r.raw.task,
      r.metrics.input_tokens,
      r.metrics.input_tps,
      r.metrics.output_tokens,
      r.metrics.output_tps,
      r.metrics.duration_s,
    ]),
    [
      ['0', '0', 46, 244.63, 151, 45.47, 3.50865],
      ['0', '152', 52, 36.81, 149, 15.03, 11.32703],
    ],
  );
  assert.equal(runs[0]?.metrics.tpot_mean_ms, 21.99);
  assert.equal(runs[0]?.model, 'mistral-7b-instruct-v0.2.Q5_K_M');
  const journal = [
    'Mar 02 10:00:01 box ollama[311]: {"timestamp":1,"level":"INFO","function":"print_timings","line":257,"message":"prompt eval time     =     402.55 ms /    88 tokens (    4.57 ms per token,   218.61 tokens per second)","slot_id":0,"task_id":2}',
    'Mar 02 10:00:01 box ollama[311]: {"timestamp":1,"level":"INFO","function":"print_timings","line":271,"message":"generation eval time =    5120.80 ms /   160 runs   (   32.00 ms per token,    31.25 tokens per second)","slot_id":0,"task_id":2}',
  ].join('\n');
  const [j] = parse(journal, 'journal.log').runs;
  assert.deepEqual([j?.raw.task, j?.metrics.input_tps, j?.metrics.output_tps], ['2', 218.61, 31.25]);
  // A file of JSON log lines alone goes to the console scanner, not the JSON export reader.
  const only = fs
    .readFileSync(path.join(DIR, 'server-logged-timings.md'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .join('\n');
  assert.equal(parse(only, 'server.jsonl').runs.length, 1);
});

test('llama-server slot progress lines: a time series (tg_3s is output_tps), a cut field is said', () => {
  const res = parseLog(fs.readFileSync(path.join(DIR, 'server-slot-progress.log'), 'utf8'), { file: 'progress.log' });
  const series = (name: string) => res.records.flatMap((r) => (r.kind === 'sample' && r.series === name ? [r.value] : []));
  assert.deepEqual(series('output_tps'), [55.73, 55.16, 52.1]);
  assert.deepEqual(series('output_tps_running_mean'), [51.2, 51.64, 51.98, 52.03]);
  assert.deepEqual(series('output_tokens'), [1204, 1371, 1529, 1688]);
  assert.equal(res.records.filter((r) => r.kind === 'run').length, 0);
  assert.ok(res.diagnostics.some((d) => d.code === 'cell-lossy' && d.line === 6));
});

// In the shape of ggml's example programs (ggml-org/ggml issue #215 shows gpt-2's): the
// generation as `predict time = X ms / Y ms per token`, no tokens-per-second figure.
test('ggml examples: `predict time = X ms / Y ms per token` is the generation, its time per token', () => {
  const { runs } = parse(fs.readFileSync(path.join(DIR, 'ggml-example-predict.log'), 'utf8'), 'ggml.log');
  assert.equal(runs.length, 1);
  assert.deepEqual(runs[0]?.metrics, {
    load_duration_s: 1.82044,
    sample_duration_s: 0.01102,
    eval_duration_s: 6.90531,
    tpot_mean_ms: 101.55,
    duration_s: 8.79087,
  });
  assert.equal(runs[0]?.model, 'ggml-model-q5_1.bin');
});
