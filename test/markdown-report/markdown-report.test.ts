import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { cleanInline, looksLikeMarkdownReport, parseMarkdownReport, readHtmlTable } from '../../src/ingest/markdown-report';
import { findModelMentions, resolveModel } from '../../src/ingest/markdown-report/model-names';
import type { RunRecord } from '../../src/model/records';
import { assertGolden, REPO_ROOT } from '../helpers/golden';

const REPORT = 'data/multi-gpu-presets-report.md';
const read = (rel: string): string => fs.readFileSync(path.join(REPO_ROOT, rel), 'utf8');
const fixture = (name: string): string => read(`test/fixtures/markdown-report/${name}`);

function parseReport(): { runs: RunRecord[]; result: ReturnType<typeof parseMarkdownReport> } {
  const result = parseMarkdownReport(read(REPORT), { file: REPORT });
  return { runs: result.records as RunRecord[], result };
}

test('multi-gpu report: golden of every record and diagnostic', () => {
  const { result } = parseReport();
  assertGolden('markdown-report/multi-gpu-presets-report.json', result);
});

test('multi-gpu report: 88 runs, 74 + 12 + 2 by section, 8 presets joined', () => {
  const { runs } = parseReport();
  assert.equal(runs.length, 88);
  const section = (n: string): RunRecord[] => runs.filter((r) => r.labels.some((l) => l.startsWith(`${n}.`)));
  assert.equal(section('4').length, 74);
  assert.equal(section('3').length, 12);
  assert.equal(section('5').length, 2);
  // Per table: rows as counted in the HTML source.
  const perTable = new Map<number, number>();
  for (const r of runs) perTable.set(r.source.line, (perTable.get(r.source.line) ?? 0) + 1);
  assert.deepEqual(Object.fromEntries(perTable), {
    86: 12,
    118: 7,
    130: 8,
    142: 7,
    156: 3,
    170: 7,
    181: 8,
    193: 7,
    205: 3,
    219: 4,
    231: 4,
    242: 3,
    254: 1,
    268: 4,
    279: 4,
    290: 3,
    302: 1,
    318: 2,
  });
  const presets = new Set(runs.map((r) => r.hardware?.preset));
  assert.equal(presets.size, 8);
  assert.ok(
    runs.every((r) => r.hardware?.gpu !== undefined && r.hardware.gpu_count !== undefined),
    'every preset joined to the presets table',
  );
  assert.ok(runs.every((r) => r.source.format === 'html-table' && r.engine === 'vllm' && r.api === 'openai'));
  assert.equal(new Set(runs.map((r) => r.id)).size, 88, 'ids are unique');
});

test('multi-gpu report: spot values', () => {
  const { runs } = parseReport();
  const small = runs.find((r) => r.source.line === 118 && r.hardware?.preset === 'gpu-small');
  assert.ok(small);
  assert.equal(small.metrics.output_tps, 676.1);
  assert.equal(small.metrics.input_tps, 46.63);
  assert.equal(small.metrics.latency_mean_s, 6.79);
  assert.equal(small.model, 'DeepSeek-R1-Distill-Qwen-1.5B');
  assert.equal(small.server?.model_path, 'deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B');
  assert.equal(small.server?.context_length, 2048);
  assert.equal(small.client?.max_tokens, 512);
  assert.match(small.provenance['client.max_tokens'] ?? '', /figure file name/);
  assert.deepEqual(small.hardware, {
    preset: 'gpu-small',
    gpu: 'NVIDIA V100 (PCIe 16GB)',
    gpu_count: 1,
    vcpus: 30,
    memory_gb: 63,
    vram_gb: 16,
  });
  assert.equal(small.parallelism?.strategy, undefined, 'section 4 does not state a strategy');

  const h100x2 = runs.filter((r) => r.source.line === 86 && r.hardware?.preset === 'H100X2');
  assert.deepEqual(
    h100x2.map((r) => [r.parallelism?.strategy, r.metrics.input_tps, r.metrics.output_tps]),
    [
      ['pipeline', 36.14, 449.28],
      ['tensor', 40.98, 500.43],
    ],
  );
  assert.ok(
    h100x2.every((r) => r.raw['Prompt Speedup (%)'] === '13.4%' && Object.keys(r.metrics).length === 2),
    'speedups only in raw',
  );
  assert.ok(h100x2.every((r) => r.model === 'Llama-3.2-3B-Instruct' && r.client?.concurrency === 10 && r.client.total_requests === 100));

  const ctx64 = runs.filter((r) => r.labels.some((l) => l.startsWith('4.3 ')));
  assert.ok(ctx64.length === 12 && ctx64.every((r) => r.server?.context_length === 64000));
  assert.match(ctx64[0]?.provenance['server.context_length'] ?? '', /64k.*64000ctx/);
  assert.ok(runs.filter((r) => r.labels.some((l) => l.startsWith('4.4 '))).every((r) => r.server?.context_length === 128000));

  const llama3b = runs.filter((r) => r.labels.some((l) => l.startsWith('4.1.2 ')));
  assert.ok(llama3b.every((r) => r.model === 'Llama-3.2-3B-Instruct'));
  assert.match(llama3b[0]?.provenance.model ?? '', /'Llama-3B' resolved to meta-llama\/Llama-3.2-3B-Instruct/);
});

test('multi-gpu report: section 5 — Concurrency column wins, first row is a duplicate of 4.4.4', () => {
  const { runs, result } = parseReport();
  const s5 = runs.filter((r) => r.source.line === 318);
  assert.deepEqual(
    s5.map((r) => r.client?.concurrency),
    [10, 1],
  );
  assert.deepEqual(
    s5.map((r) => r.flags.includes('duplicate')),
    [true, false],
  );
  assert.equal(runs.filter((r) => r.flags.includes('duplicate')).length, 1);
  const dup = result.diagnostics.filter((d) => d.code === 'duplicate-run');
  assert.equal(dup.length, 1);
  assert.match(dup[0]?.message ?? '', /:302:1/);
  assert.equal(s5[1]?.metrics.latency_mean_s, 10.2027);
  // Prose figures: one info diagnostic, not one per line.
  const prose = result.diagnostics.filter((d) => d.code === 'prose-skipped');
  assert.equal(prose.length, 1);
  assert.equal(prose[0]?.severity, 'info');
});

test('looksLikeMarkdownReport: the report yes; console logs and the prose report no', () => {
  assert.equal(looksLikeMarkdownReport(read(REPORT)), true);
  for (const f of [
    'a10-sglang-vllm-tp2-vs-tp4.md',
    'a10-sglang-dp2-vllm.md',
    'qwen3-4b-think-openai-vs-native.md',
    'vllm-4-replica-load-report.md',
  ]) {
    assert.equal(looksLikeMarkdownReport(read(`data/${f}`)), false, f);
  }
  for (const f of ['pipe-table-report.md', 'html-nested-tags.md', 'heading-without-model.md'])
    assert.equal(looksLikeMarkdownReport(fixture(f)), true, f);
  assert.equal(looksLikeMarkdownReport('| a | b |\n| --- | --- |\n| x | y |\n'), false, 'a pipe table without metric headers');
});

test('prose-only report: zero runs, one info diagnostic', () => {
  const r = parseMarkdownReport(read('data/vllm-4-replica-load-report.md'), { file: 'data/vllm-4-replica-load-report.md' });
  assert.equal(r.records.length, 0);
  assert.equal(r.diagnostics.length, 1);
  assert.equal(r.diagnostics[0]?.severity, 'info');
  assert.equal(r.diagnostics[0]?.code, 'prose-skipped');
});

test('fixtures: goldens', () => {
  for (const f of ['pipe-table-report.md', 'html-nested-tags.md', 'heading-without-model.md']) {
    assertGolden(
      `markdown-report/${f.replace(/\.md$/, '.json')}`,
      parseMarkdownReport(fixture(f), { file: `test/fixtures/markdown-report/${f}` }),
    );
  }
});

test('pipe-table fixture: escapes, thousands, N/A, empty cells, doc-level engine/API', () => {
  const r = parseMarkdownReport(fixture('pipe-table-report.md'), { file: 'p.md' });
  const runs = r.records as RunRecord[];
  assert.equal(runs.length, 4);
  assert.equal(runs[0]?.raw.Notes, 'baseline | warm');
  assert.equal(runs[1]?.raw.Notes, 'max_num_seqs = 64');
  assert.equal(runs[1]?.metrics.output_tps, 1020);
  assert.equal(runs[1]?.metrics.requests_failed_count, undefined, 'empty cell is missing, not 0');
  assert.equal(runs[2]?.metrics.latency_mean_s, undefined, 'N/A is missing');
  assert.ok(runs.every((x) => x.engine === 'sglang' && x.api === 'native' && x.client?.temperature === 0));
  assert.equal(runs[3]?.model, 'Qwen2.5-14B-Instruct');
  assert.equal(runs[3]?.metrics.ttft_mean_ms, 230);
  assert.equal(runs[3]?.server?.context_length, 8000);
});

test('html fixture: nested tags, entities, missing closing tags, ragged row', () => {
  const r = parseMarkdownReport(fixture('html-nested-tags.md'), { file: 'h.md' });
  const runs = r.records as RunRecord[];
  assert.equal(runs.length, 3);
  assert.deepEqual(
    runs.map((x) => x.hardware?.preset),
    ['box_one', 'Box-Two', 'box_three'],
  );
  assert.equal(runs[0]?.metrics.input_tps, 1234.5);
  assert.equal(runs[1]?.metrics.input_tps, 12);
  assert.equal(runs[0]?.model, 'Llama-3.1-8B');
  assert.ok(r.diagnostics.some((d) => d.code === 'table-malformed' && d.severity === 'warning'));
});

test('heading without model: model absent, info diagnostic', () => {
  const r = parseMarkdownReport(fixture('heading-without-model.md'), { file: 'n.md' });
  const runs = r.records as RunRecord[];
  assert.equal(runs.length, 2);
  assert.ok(runs.every((x) => x.model === undefined && x.server?.context_length === 2048));
  assert.ok(r.diagnostics.some((d) => d.code === 'context-missing' && d.severity === 'info'));
});

test('readHtmlTable and cleanInline', () => {
  const t = readHtmlTable('<table><tr><th>A</th><th colspan="2">B</th><tr><td>1<td>2<td>3</table>');
  assert.deepEqual(t.header, ['A', 'B', 'B']);
  assert.deepEqual(t.rows, [['1', '2', '3']]);
  assert.equal(cleanInline('**max\\_tokens**&#x20;=`512`'), 'max_tokens =512');
  assert.equal(cleanInline('_tensors_ and snake_case'), 'tensors and snake_case');
});

test('model resolution by family and size tokens', () => {
  const ids = [
    'deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B',
    'meta-llama/Llama-3.2-3B-Instruct',
    'meta-llama/Llama-3.1-8B-Instruct',
    'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B',
  ];
  const expect: Record<string, string> = {
    'Qwen-1.5B': ids[0] as string,
    'Llama-3B': ids[1] as string,
    'Llama-8B': ids[2] as string,
    'Qwen-32B': ids[3] as string,
    'Llama-3.2-3B': ids[1] as string,
    'Llama-3.1-8B': ids[2] as string,
    'DeepSeek-R1-Distill-Qwen-1.5B': ids[0] as string,
  };
  for (const [mention, id] of Object.entries(expect)) assert.deepEqual(resolveModel(mention, ids), { kind: 'resolved', id }, mention);
  assert.equal(resolveModel('Mistral-7B', ids).kind, 'unlisted');
  assert.equal(resolveModel('Llama', ids).kind, 'ambiguous');
  assert.deepEqual(findModelMentions('4.1.1 Qwen-1.5B - 2048 context length @10req'), ['Qwen-1.5B']);
});

test('keys from the input cannot reach a prototype', () => {
  const r = parseMarkdownReport('## x\n\n| Preset | \\_\\_proto\\_\\_ | Gen TPS |\n| --- | --- | --- |\n| a | 5 | 7 |\n', { file: 'p.md' });
  const run = r.records[0] as RunRecord;
  assert.equal(Object.getPrototypeOf(run.raw), Object.prototype);
  assert.equal(Object.getOwnPropertyDescriptor(run.raw, '__proto__')?.value, '5');
  assert.equal(run.metrics.proto, 5);
});

test('setext headings and a model column with short names', () => {
  const r = parseMarkdownReport(fixture('setext-model-column.md'), { file: 's.md' });
  const runs = r.records as RunRecord[];
  assertGolden('markdown-report/setext-model-column.json', r);
  assert.equal(runs.length, 3);
  assert.deepEqual(runs[0]?.labels, ['Engine comparison', 'Results at 4096 context']);
  assert.deepEqual(
    runs.map((x) => [x.model, x.server?.model_path, x.engine, x.parallelism?.gpus, x.server?.context_length]),
    [
      ['Mistral-7B-Instruct-v0.3', 'mistralai/Mistral-7B-Instruct-v0.3', 'vllm', 1, 4096],
      ['Llama-3.1-8B-Instruct', 'meta-llama/Llama-3.1-8B-Instruct', 'sglang', 2, 4096],
      ['Gemma-2B', undefined, 'vllm', 1, 4096],
    ],
  );
  assert.equal(runs[0]?.metrics.throughput_rps, 12.4);
  assert.equal(runs[0]?.metrics.latency_p99_s, 2.35);
});
