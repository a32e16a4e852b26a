/**
 * llama.cpp's llama-batched-bench and ik_llama.cpp's llama-sweep-bench tables
 * (src/ingest/formats/llama-batched-bench/). The fixtures are hand-written in the shape these
 * public outputs show (numbers, models and flags our own):
 *   - ggerganov/llama.cpp:examples/batched-bench/README.md (the table, its column legend)
 *   - ikawrakow/ik_llama.cpp:examples/sweep-bench/README.md (the sweep table, no B column)
 *   - https://github.com/ikawrakow/ik_llama.cpp/pull/287 (sweep tables pasted in a PR)
 *   - issue comments quoting `main: n_kv_max = …, n_batch = …` and `> |` quoted tables, and newer
 *     builds' `llama_batched_bench: n_kv_max = …, is_tg_separate = 0, …` settings line.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const DIR = path.join(__dirname, '../fixtures/llama-batched-bench');

function runsOf(text: string, file: string): { runs: RunRecord[]; diagnostics: ReturnType<typeof parseLog>['diagnostics'] } {
  const res = parseLog(text, { file });
  return { runs: res.records.filter((r): r is RunRecord => r.kind === 'run'), diagnostics: res.diagnostics };
}

for (const name of fs.readdirSync(DIR)) {
  test(`golden: ${name}`, () => {
    const res = parseLog(fs.readFileSync(path.join(DIR, name), 'utf8'), { file: `llama-batched-bench/${name}` });
    assertGolden(`formats/llama-batched-bench/${name.replace(/\.\w+$/, '.json')}`, res);
  });
}

test('a batched-bench row: lengths, batch, the three rates, the duration, settings and model', () => {
  const { runs } = runsOf(fs.readFileSync(path.join(DIR, 'batched-bench-sweep.txt'), 'utf8'), 'b.txt');
  assert.equal(runs.length, 6);
  const r = runs[2];
  assert.deepEqual([r?.client?.input_len, r?.client?.output_len, r?.client?.concurrency], [256, 64, 16]);
  assert.deepEqual(r?.metrics, {
    prompt_eval_duration_s: 1.094,
    input_tps: 3744.06,
    eval_duration_s: 1.652,
    output_tps: 619.85,
    duration_s: 2.746,
    total_tps: 1864.53,
  });
  assert.equal(r?.model, 'mistral-7b-instruct-v0.3.Q5_K_M');
  assert.equal(r?.server?.context_length, 24576);
  assert.equal(r?.server?.flags?.n_gpu_layers, 99);
  assert.equal(r?.source.format, 'llama-batched-bench');
});

test('a sweep-bench table quoted in Markdown: one sequence per row, N_KV kept as written', () => {
  const { runs } = runsOf(fs.readFileSync(path.join(DIR, 'sweep-bench-quoted.md'), 'utf8'), 's.md');
  assert.equal(runs.length, 4);
  assert.ok(runs.every((r) => r.title === 'llama-sweep-bench' && r.client?.concurrency === 1));
  assert.deepEqual(
    runs.map((r) => [r.raw.N_KV, r.metrics.output_tps]),
    [
      ['0', 9.13],
      ['512', 8.92],
      ['1024', 8.59],
      ['1536', 8.26],
    ],
  );
  assert.equal(runs[0]?.model, 'Qwen2.5-14B-Instruct-IQ4_XS');
});

test('a table whose rows are all cut gives no run and a warning naming the rows', () => {
  const text = [
    '|    PP |     TG |    B |   N_KV |   T_PP s | S_PP t/s |   T_TG s | S_TG t/s |      T s |    S t/s |',
    '|-------|--------|------|--------|----------|----------|----------|----------|----------|----------|',
    '|   128 |     32 |    2 |    320 |    0.051 |  5019.61 |    0.',
    '|   128 |     32 |    4 |    640 |    0.098 |  5224.49 |    0.502 |   255.0x |    0.600 |  1066.67 |',
  ].join('\n');
  const { runs, diagnostics } = runsOf(text, 'cut.txt');
  assert.equal(runs.length, 0);
  const warned = diagnostics.filter((d) => d.severity === 'warning').map((d) => d.line);
  assert.ok(warned.includes(3) && warned.includes(4), JSON.stringify(diagnostics));
});

const cellNumber = (max: number, digits: number) => fc.integer({ min: 1, max: max * 10 ** digits }).map((n) => n / 10 ** digits);

test('property: any widths and values of the table come back row by row', () => {
  const row = fc.record({
    pp: fc.integer({ min: 1, max: 65536 }),
    tg: fc.integer({ min: 1, max: 4096 }),
    b: fc.integer({ min: 1, max: 512 }),
    tpp: cellNumber(999, 3),
    spp: cellNumber(99999, 2),
    ttg: cellNumber(999, 3),
    stg: cellNumber(9999, 2),
  });
  fc.assert(
    fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 6 }), fc.boolean(), (rows, pad, quoted) => {
      const q = quoted ? '> ' : '';
      const cell = (v: number | string) => `${' '.repeat(pad)}${String(v)} `;
      const names = ['PP', 'TG', 'B', 'N_KV', 'T_PP s', 'S_PP t/s', 'T_TG s', 'S_TG t/s'];
      const lines = [
        `${q}|${names.map(cell).join('|')}|`,
        `${q}|${names.map(() => '-------').join('|')}|`,
        ...rows.map((r) => `${q}|${[r.pp, r.tg, r.b, r.b * (r.pp + r.tg), r.tpp, r.spp, r.ttg, r.stg].map(cell).join('|')}|`),
      ];
      const { runs } = runsOf(lines.join('\n'), 'p.txt');
      assert.deepEqual(
        runs.map((r) => [r.client?.input_len, r.client?.output_len, r.client?.concurrency, r.metrics.input_tps, r.metrics.output_tps]),
        rows.map((r) => [r.pp, r.tg, r.b, r.spp, r.stg]),
      );
    }),
    { numRuns: 60 },
  );
});
