/**
 * Issue 27: a run label naming its configuration states that run's settings. Shapes of blog
 * comparisons and README tables (`vLLM Default (tensor-parallel=1)`, `SGLang --tp 2`), our own
 * names and numbers; a server limit in a label (`max_num_seqs=64`) is never the client's load.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseMarkdownReport } from '../../src/ingest/markdown-report';
import { parseLog } from '../../src/ingest/parse-log';
import { settingsOfLabel } from '../../src/ingest/tables/label-settings';
import type { RunRecord } from '../../src/model/records';

const runsOf = (records: readonly { kind: string }[]): RunRecord[] => records.filter((r): r is RunRecord => r.kind === 'run');

test('settingsOfLabel: name=value and --flag value through the settings vocabulary', () => {
  assert.deepEqual(settingsOfLabel('Default (tensor-parallel=1)'), [{ key: 'tp', value: 1 }]);
  assert.deepEqual(settingsOfLabel('SGLang --tp 4 --max-model-len 8192'), [
    { key: 'tp', value: 4 },
    { key: 'context_length', value: 8192 },
  ]);
  assert.deepEqual(settingsOfLabel('pipeline_parallel_size=2, --concurrency=16'), [
    { key: 'pp', value: 2 },
    { key: 'concurrency', value: 16 },
  ]);
  // Server limits and names the vocabulary does not know say nothing.
  assert.deepEqual(settingsOfLabel('With max_num_seqs=64'), []);
  assert.deepEqual(settingsOfLabel('With gpu_memory_utilization=0.95'), []);
  assert.deepEqual(settingsOfLabel('Default (Q4_K_M)'), []);
});

test('a Markdown comparison table: each row label gives its run its parallelism', () => {
  const text = [
    '## vLLM on two A10G',
    '',
    '| Configuration | TTFT (ms) | TPOT (ms) | Throughput (tok/s) |',
    '|---|---|---|---|',
    '| Default (tensor-parallel=1) | 141 | 8.3 | 119.5 |',
    '| --tensor-parallel-size 2 | 118 | 5.9 | 170.2 |',
    '| With max_num_seqs=64 | 150 | 4.9 | 201.7 |',
  ].join('\n');
  const runs = runsOf(parseMarkdownReport(text, { file: 'blog.md' }).records);
  assert.deepEqual(
    runs.map((r) => [r.metrics.output_tps, r.parallelism?.tp, r.client?.concurrency]),
    [
      [119.5, 1, undefined],
      [170.2, 2, undefined],
      [201.7, undefined, undefined],
    ],
  );
  assert.equal(runs[0]?.provenance['parallelism.tp'], "row label 'Default (tensor-parallel=1)'");
});

test('a console table whose name column states tp: the row run gets it, with provenance', () => {
  const text = [
    'engine            TTFT (ms)  TPOT (ms)  Throughput (tok/s)',
    'sglang --tp 1     88.0      10.4      96.1',
    'sglang --tp 2     71.5      6.2       160.8',
  ].join('\n');
  const runs = runsOf(parseLog(text, { file: 'compare.txt' }).records);
  assert.deepEqual(
    runs.map((r) => [r.metrics.ttft_mean_ms, r.parallelism?.tp]),
    [
      [88, 1],
      [71.5, 2],
    ],
  );
  assert.match(runs[1]?.provenance['parallelism.tp'] ?? '', /sglang --tp 2/);
});

test('llama-bench test names as column headers, the model named in the sentence above the table', () => {
  // A README restating llama-bench with one row per backend (our own numbers).
  const text = [
    '# Backends on the 780M',
    '',
    '`llama-bench`, Llama-3.2-3B `Q4_K_M`, `-ngl 99 -r 5`, on the mini PC:',
    '',
    '| Backend | pp512 | tg128 |',
    '| --- | ---: | ---: |',
    '| ROCm | 811.40 ± 12.10 t/s | 35.20 ± 0.08 t/s |',
    '| Vulkan | 790.05 ± 1.90 t/s | 38.61 ± 0.02 t/s |',
    '| | Vulkan -2.6% | Vulkan +9.7% |',
  ].join('\n');
  const runs = runsOf(parseMarkdownReport(text, { file: 'README.md' }).records);
  assert.deepEqual(
    runs.map((r) => [
      r.model,
      r.metrics.input_tps,
      r.metrics.input_tps_std,
      r.metrics.output_tps,
      r.client?.input_len,
      r.client?.output_len,
    ]),
    [
      ['Llama-3.2-3B', 811.4, 12.1, 35.2, 512, 128],
      ['Llama-3.2-3B', 790.05, 1.9, 38.61, 512, 128],
    ],
  );
  assert.match(runs[0]?.provenance.model ?? '', /sentence above the table/);
});

test('llama-bench test names as headers of a console table: each column its test rate', () => {
  const text = ['backend     pp512      tg128', 'CUDA        4410.25    121.30', 'CPU         98.70      11.02'].join('\n');
  const runs = runsOf(parseLog(text, { file: 'bench.txt' }).records);
  assert.deepEqual(
    runs.map((r) => [r.metrics.input_tps, r.metrics.output_tps, r.client?.input_len]),
    [
      [4410.25, 121.3, 512],
      [98.7, 11.02, 512],
    ],
  );
});

test('a grid of "a / b" cells whose meaning the sentence above states: a run per cell', () => {
  // A blog comparing tools (rows) on models (columns); our own names and numbers.
  const text = [
    '## Results',
    '',
    'Same GGUF files on every tool. Values are decode tokens per second / time to first token in milliseconds.',
    '',
    '| Tool | Llama 3.1 8B | Mistral Small 24B |',
    '|---|---|---|',
    '| llama-server | 64.2 / 48 | 21.7 / 230 |',
    '| Ollama 0.9.1 | 51.0 / 190 | crashed |',
  ].join('\n');
  const r = parseMarkdownReport(text, { file: 'blog.md' });
  const runs = runsOf(r.records);
  assert.deepEqual(
    runs.map((x) => [x.raw.Tool, x.model, x.metrics.output_tps, x.metrics.ttft_mean_ms]),
    [
      ['llama-server', 'Llama 3.1 8B', 64.2, 48],
      ['llama-server', 'Mistral Small 24B', 21.7, 230],
      ['Ollama 0.9.1', 'Llama 3.1 8B', 51, 190],
    ],
  );
  assert.ok(r.diagnostics.some((d) => /hold no pair of figures \('crashed'/.test(d.message)));
  // Without the sentence the pairs mean nothing: no run is made of them.
  const bare = text.replace(/ Values are .*$/m, '');
  assert.deepEqual(runsOf(parseMarkdownReport(bare, { file: 'blog.md' }).records), []);
});
