/**
 * Tool-claimed pipe tables in a Markdown report: the span a tool's reader owns is the table as the
 * report's scan found it, asked once at its header (our own llama-bench-shaped table and numbers).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { looksLikeMarkdownReport, parseMarkdownReport } from '../../src/ingest/markdown-report';
import { scanReport } from '../../src/ingest/markdown-report/scan';
import { inToolSpan, toolSpans } from '../../src/ingest/markdown-report/tool-sections';
import type { RunRecord } from '../../src/model/records';

const TEXT = [
  '# Results on the M3',
  '',
  '| model | size | params | backend | ngl | test | t/s |',
  '| --- | ---: | ---: | --- | --: | ---: | ---: |',
  '| qwen2 7B Q4_K - Medium | 4.36 GiB | 7.62 B | Metal | 99 | pp512 | 702.15 ± 3.40 |',
  '| qwen2 7B Q4_K - Medium | 4.36 GiB | 7.62 B | Metal | 99 | tg128 | 41.82 ± 0.21 |',
  '',
  'build: 4a1b2c3 (4410)',
  '',
  '## Served',
  '',
  '| Concurrency | TTFT (ms) | Output (tok/s) |',
  '|---|---|---|',
  '| 1 | 95 | 40.1 |',
  '| 8 | 240 | 250.6 |',
].join('\n');

test('a tool-claimed pipe table spans its scanned lines; the report table is no tool span', () => {
  const lines = TEXT.split('\n');
  const scan = scanReport(lines);
  const spans = toolSpans(lines, scan.tables);
  assert.deepEqual(spans, [{ start: 2, end: 6 }]);
  assert.equal(inToolSpan(spans, 3), true);
  assert.equal(inToolSpan(spans, 8), false);
  assert.equal(inToolSpan(spans, 12), false);
});

test('detection and parse agree: llama-bench rows by its reader, the served table by the report', () => {
  assert.equal(looksLikeMarkdownReport(TEXT), true);
  const runs = parseMarkdownReport(TEXT, { file: 'notes.md' }).records.filter((r): r is RunRecord => r.kind === 'run');
  assert.deepEqual(
    runs.map((r) => [r.source.format, r.metrics.input_tps ?? r.metrics.output_tps, r.client?.concurrency]),
    [
      ['llama-bench', 702.15, undefined],
      ['llama-bench', 41.82, undefined],
      ['pipe-table', 40.1, 1],
      ['pipe-table', 250.6, 8],
    ],
  );
});
