/**
 * benchbook's own `parse` output read back (src/ingest/exports/benchbook-jsonl.ts): parse →
 * JSON lines → parse gives the same records, except that each run's source points at its JSONL
 * line and keeps where it came from first in provenance.source; broken lines are named, the
 * rest is read.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { BenchRecord, RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';

/** Fixtures of every entry point: console logs (with samples), a CSV, a Markdown report, JSON exports with per-request samples. */
const INPUTS = [
  'test/fixtures/jetstream/benchmark-serving-2025.txt',
  'test/fixtures/lmdeploy/profiler-summary.txt',
  'test/fixtures/tables/run-columns-blank-corner.txt',
  'test/fixtures/llama-bench/llama-bench.csv',
  'test/fixtures/exports/vllm-save-detailed.synthetic.json',
  'test/fixtures/exports/sglang-bench-serving.synthetic.jsonl',
];

function parsed(file: string): BenchRecord[] {
  return parseLog(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), { file }).records;
}

const toJsonl = (records: readonly BenchRecord[]): string => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;

function sourceText(s: RunRecord['source']): string {
  return `${s.file}:${s.line}${s.row !== undefined ? `:${s.row}` : ''} (${s.format})`;
}

test('parse → JSONL → parse: the same records, each run pointing at its JSONL line with its first source kept', () => {
  const original = INPUTS.flatMap(parsed);
  assert.ok(original.filter((r) => r.kind === 'run').length >= 10, 'the inputs give runs');
  assert.ok(
    original.some((r) => r.kind === 'sample'),
    'and samples',
  );
  const back = parseLog(toJsonl(original), { file: 'out.jsonl' });
  const expected = original.map((r, k) =>
    r.kind === 'run'
      ? {
          ...r,
          source: { file: 'out.jsonl', line: k + 1, format: r.source.format },
          provenance: { ...r.provenance, source: sourceText(r.source) },
        }
      : r,
  );
  assert.deepStrictEqual(back.records, expected);
  assert.deepEqual(
    back.diagnostics.filter((d) => d.severity !== 'info'),
    [],
  );
  // A second round keeps the first source, and the JSONL line of the second file.
  const again = parseLog(toJsonl(back.records), { file: 'again.jsonl' }).records;
  const firstRun = original.findIndex((r) => r.kind === 'run');
  const run = again[firstRun] as RunRecord;
  assert.equal(run.provenance.source, sourceText((original[firstRun] as RunRecord).source));
  assert.deepEqual(run.source, { file: 'again.jsonl', line: firstRun + 1, format: (original[firstRun] as RunRecord).source.format });
  assert.equal(run.id, original[firstRun]?.id, 'ids are kept: samples name their run by it');
});

test('a broken record is named by its line and skipped; a metric that is no finite number is dropped with a warning', () => {
  const [run] = parsed('test/fixtures/lmdeploy/profiler-summary.txt').filter((r): r is RunRecord => r.kind === 'run');
  assert.ok(run);
  const noSource = { ...run, source: { file: 'x.log', line: 3, format: 'no-such-format' } };
  const badMetric = { ...run, metrics: { ...run.metrics, output_tps: 'fast' } };
  const text = [JSON.stringify(noSource), JSON.stringify(run), JSON.stringify(badMetric)].join('\n');
  const back = parseLog(text, { file: 'mixed.jsonl' });
  const runs = back.records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(runs.length, 2);
  assert.deepEqual(
    runs.map((r) => r.source.line),
    [2, 3],
  );
  assert.equal(runs[1]?.metrics.output_tps, undefined);
  assert.equal(runs[1]?.metrics.input_tps, run.metrics.input_tps);
  const warnings = back.diagnostics.filter((d) => d.severity === 'warning').map((d) => [d.line, d.message]);
  assert.deepEqual(warnings.slice(0, 2), [
    [1, 'benchbook run record not read: its source is not {file, line, format} with a known format'],
    [3, 'metric "output_tps" is not a finite number: dropped'],
  ]);
});
