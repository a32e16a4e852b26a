/**
 * Issue 27, general grids: CSV pasted into a log or a note, not fenced — a header line of four or
 * more comma-separated names over rows of figures. Shapes of public outputs, our own names and
 * numbers: koboldcpp's `--benchmark` CSV pasted into an issue comment (CamelCase headers with no
 * units, a row shorter than the header, a `Flags` line after it, an excerpt cut inside the last
 * row), a sweep script's `df.to_csv` shown with `cat` in a console session, and near-negatives
 * (nvidia-smi's `--format=csv` query, a package list, prose with commas).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import { commaCells } from '../../src/ingest/tables/box/comma';
import { readBoxTable } from '../../src/ingest/tables/box-table';
import type { Diagnostic } from '../../src/model/diagnostics';
import type { RunRecord } from '../../src/model/records';

function parsed(text: string, file = 'issue.md'): { runs: RunRecord[]; diagnostics: Diagnostic[] } {
  const result = parseLog(text, { file });
  return { runs: result.records.filter((r): r is RunRecord => r.kind === 'run'), diagnostics: result.diagnostics };
}

// koboldcpp `--benchmark` output pasted into an issue, twice, the second cut inside its row.
const KOBOLD_ISSUE = [
  'RTX 3060 12GB, Mistral-Nemo-q5, koboldcpp benchmark:',
  '',
  '1.71 benchmark:',
  'Timestamp,Backend,Layers,Model,MaxCtx,GenAmount,ProcessingTime,ProcessingSpeed,GenerationTime,GenerationSpeed,TotalTime,Output,Flags',
  '2025-02-03 08:15:42.118204+00:00,koboldcpp_vulkan.so,41,Mistral-Nemo-12B-q5_K_M,4096,120,14.32,277.65,9.87,12.16,24.19',
  'NoAVX2=False Threads=6 HighPriority=False NoBlas=False FlashAttention=True KvCache=0',
  '',
  'A bit slower than before, the prompt especially.',
  '',
  'Koboldcpp 1.72:',
  'Timestamp,Backend,Layers,Model,MaxCtx,GenAmount,ProcessingTime,ProcessingSpeed,GenerationTime,GenerationSpeed,TotalTime,Output',
  '2025-02-09 19:02:11.530917+00:00,koboldcpp_vulkan.so,41,Mistral-Nemo-12B-q5_K_M,4096,120,13.05,304.67,9.61,12.49,22.66,11111',
  '',
  'Koboldcpp 1.73:',
  'Timestamp,Backend,Layers,Model,MaxCtx,GenAmount,ProcessingTime,ProcessingSpeed,GenerationTime,GenerationSpeed,TotalTime,Output',
  '2025-02-11 07:44:03.004411+00:00,koboldcpp_vulk',
].join('\n');

test('a CSV line splits on commas outside quotes', () => {
  assert.deepEqual(commaCells('a, "b, c",d""e,"x ""y"""'), ['a', 'b, c', 'd""e', 'x "y"']);
});

test('koboldcpp CSV pasted in an issue: one run per row, CamelCase headers read by meaning', () => {
  const { runs } = parsed(KOBOLD_ISSUE);
  assert.deepEqual(
    runs.map((r) => [
      r.source.format,
      r.model,
      r.metrics.input_tps,
      r.metrics.output_tps,
      r.metrics.duration_s,
      r.client?.output_len,
      r.flags.includes('truncated'),
    ]),
    [
      ['csv', 'Mistral-Nemo-12B-q5_K_M', 277.65, 12.16, 24.19, 120, false],
      ['csv', 'Mistral-Nemo-12B-q5_K_M', 304.67, 12.49, 22.66, 120, false],
    ],
  );
  assert.equal(runs[1]?.title, 'Koboldcpp 1.72');
});

test('a row the text ends inside gives no invented run, and the cut is said', () => {
  const { runs, diagnostics } = parsed(KOBOLD_ISSUE);
  assert.equal(runs.length, 2);
  const cut = diagnostics.filter((d) => d.code === 'table-truncated');
  assert.equal(cut.length, 1);
  assert.equal(cut[0]?.line, 16);
  assert.match(cut[0]?.message ?? '', /ends inside row 1 of the CSV table \(2 of 12 cells/);
});

test('a cut row that still holds figures is a run flagged truncated, without its last (maybe cut) cell', () => {
  const text = [
    'Timestamp,Backend,Model,GenAmount,ProcessingSpeed,GenerationSpeed,TotalTime',
    '2025-02-11 07:44:03+00:00,vulkan,Qwen2.5-7B-q4,100,512.40,31.20,6.41',
    '2025-02-11 07:49:50+00:00,vulkan,Qwen2.5-7B-q4,100,498.75,30.9',
    '',
  ].join('\n');
  const { runs } = parsed(text, 'notes.txt');
  assert.deepEqual(
    runs.map((r) => [r.metrics.input_tps, r.metrics.output_tps, r.metrics.duration_s, r.flags.includes('truncated')]),
    [
      [512.4, 31.2, 6.41, false],
      [498.75, undefined, undefined, true],
    ],
  );
  assert.match(runs[1]?.provenance['flags.truncated'] ?? '', /text ends inside row 2/);
});

test('a sweep script CSV shown with cat in a console session: runs as rows with their concurrency', () => {
  const text = [
    '$ python sweep.py --model qwen2.5-14b --out sweep.csv',
    'done: 3 levels written to sweep.csv',
    '$ cat sweep.csv',
    'concurrency,request_throughput,output_throughput,mean_ttft_ms,p99_ttft_ms,mean_tpot_ms',
    '1,0.42,55.1,61.3,90.8,17.9',
    '8,2.95,379.6,102.4,288.1,20.6',
    '32,7.80,1004.2,350.9,911.7,29.4',
    '$ ls',
  ].join('\n');
  const { runs } = parsed(text, 'session.log');
  assert.deepEqual(
    runs.map((r) => [r.client?.concurrency, r.metrics.throughput_rps, r.metrics.output_tps, r.metrics.ttft_mean_ms, r.metrics.ttft_p99_ms]),
    [
      [1, 0.42, 55.1, 61.3, 90.8],
      [8, 2.95, 379.6, 102.4, 288.1],
      [32, 7.8, 1004.2, 350.9, 911.7],
    ],
  );
});

test('near-negatives: nvidia-smi query CSV, a package list, prose with commas give no run', () => {
  const text = [
    '$ nvidia-smi --query-gpu=index,name,temperature.gpu,utilization.gpu,memory.used --format=csv',
    'index, name, temperature.gpu, utilization.gpu [%], memory.used [MiB]',
    '0, NVIDIA L40S, 31, 0 %, 3 MiB',
    '1, NVIDIA L40S, 33, 7 %, 18410 MiB',
    '',
    'We compared Llama, Mistral, Qwen and Phi on both boxes,',
    'at 4, 16, 32 and 64 users each.',
    '',
    'package,version,channel,build',
    'torch,2.4.0,pytorch,py3.11_cuda12.4',
    'vllm,0.6.3,pypi,0',
  ].join('\n');
  assert.deepEqual(parsed(text, 'env.txt').runs, []);
});

test('the CSV shape: header, rows, the cut row and its index', () => {
  const lines = KOBOLD_ISSUE.split('\n');
  const first = readBoxTable(lines, 3);
  assert.equal(first?.style, 'csv');
  assert.equal(first?.rows.length, 1);
  assert.equal(first?.rows[0]?.length, 11);
  assert.equal(first?.next, 5);
  assert.equal(first?.cutRow, undefined);
  const last = readBoxTable(lines, 13);
  assert.equal(last?.title, 'Koboldcpp 1.73');
  assert.equal(last?.cutRow, 0);
  assert.deepEqual(last?.rows, [['2025-02-11 07:44:03.004411+00:00']]);
});
