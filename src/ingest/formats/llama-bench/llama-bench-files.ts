/**
 * llama-bench's machine outputs (`-o csv`, `-o json`, `-o jsonl`) → one run per test:
 *   `build_commit,build_number,…,model_filename,model_type,…,n_prompt,n_gen,test_time,avg_ns,stddev_ns,avg_ts,stddev_ts`
 *   `[{"build_commit": "…", …, "n_prompt": 512, "n_gen": 0, "avg_ts": 2406.2, "stddev_ts": 7.9}]`
 * n_prompt alone is a prompt test (input_tps), n_gen alone a generation test (output_tps), both
 * a pp+tg test (total_tps); `avg_ts` ± `stddev_ts` is the rate over the repetitions. n_depth
 * (newer builds) is the context already in the cache, kept in raw. Read inside a console log,
 * so a file that holds only this output is one too (the registry's detector sends it there).
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { isJsonObject } from '../../../model/json-object';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, orderRun } from '../../blocks/common';
import { readCsvRows } from '../../csv/read';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { jsonObjectAt } from '../json-block';
import { llamaModelName } from './llama-command';
import { llamaBenchTestRun } from './test-run';

type Fields = Record<string, unknown>;

function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/.test(v.trim())) return Number(v);
  return undefined;
}

/** One test's fields → a run, or why not. */
export function llamaBenchFieldsRun(f: Fields, start: number, row: number): PartialRun | string {
  const prompt = numberOf(f.n_prompt) ?? 0;
  const gen = numberOf(f.n_gen) ?? 0;
  const rate = numberOf(f.avg_ts);
  if (rate === undefined) return `llama-bench test ${row}: avg_ts "${String(f.avg_ts)}" is no number: no run`;
  if (prompt <= 0 && gen <= 0) return `llama-bench test ${row}: neither n_prompt nor n_gen: no run`;
  const key = gen <= 0 ? 'input_tps' : prompt <= 0 ? 'output_tps' : 'total_tps';
  const test = gen <= 0 ? `pp${prompt}` : prompt <= 0 ? `tg${gen}` : `pp${prompt}+tg${gen}`;
  const std = numberOf(f.stddev_ts);
  const run = llamaBenchTestRun({
    start,
    row,
    test,
    key,
    rate,
    ...(std !== undefined ? { std } : {}),
    ...(prompt > 0 ? { input: prompt } : {}),
    ...(gen > 0 ? { output: gen } : {}),
    source: `llama-bench avg_ts of test ${test}`,
  });
  for (const [k, v] of Object.entries(f)) if (v !== null && typeof v !== 'object') setOwn(run.raw, k, String(v));
  const file = typeof f.model_filename === 'string' ? f.model_filename : undefined;
  const model = file === undefined ? undefined : llamaModelName(file);
  if (model && file !== undefined) {
    run.model = model;
    (run.client ??= {}).model_path = file;
    run.provenance.model = 'llama-bench model_filename';
  }
  return orderRun(run);
}

function collect(items: Array<{ fields: Fields; line: number }>, file: string): { runs: PartialRun[]; diagnostics: Diagnostic[] } {
  const runs: PartialRun[] = [];
  const diagnostics: Diagnostic[] = [];
  items.forEach((it, k) => {
    const run = llamaBenchFieldsRun(it.fields, it.line, k + 1);
    if (typeof run === 'string') diagnostics.push(diag('warning', 'cell-unparsed', run, file, it.line));
    else runs.push(run);
  });
  return { runs, diagnostics };
}

function readCsv(lines: readonly string[], start: number, file: string): BlockResult {
  let end = start + 1;
  while (end < lines.length && (lines[end] ?? '').trim() !== '' && (lines[end] ?? '').includes(',')) end++;
  const table = readCsvRows(lines.slice(start, end).join('\n'), ',');
  const [header, ...rows] = table.rows;
  if (!header) return emptyResult(start + 1);
  const items = rows.map((r) => {
    const fields: Record<string, string> = {};
    header.cells.forEach((name, k) => {
      setOwn(fields, name.trim(), r.cells[k] ?? '');
    });
    return { fields: fields as Fields, line: start + r.line - 1 };
  });
  return { next: end, env: [], samples: [], ...collect(items, file) };
}

function readJson(lines: readonly string[], start: number, file: string): BlockResult {
  const items: Array<{ fields: Fields; line: number }> = [];
  let j = start;
  while (j < lines.length && /^\s*[[{]/.test(lines[j] ?? '')) {
    const block = jsonObjectAt(lines, j);
    if (!block) break;
    const values = Array.isArray(block.value) ? block.value : [block.value];
    for (const v of values) if (isJsonObject(v)) items.push({ fields: v as Fields, line: j });
    j = block.next;
    if (!Array.isArray(block.value) && !(lines[j] ?? '').includes('"build_commit"')) break;
  }
  if (items.length === 0) return emptyResult(start + 1);
  return { next: j, env: [], samples: [], ...collect(items, file) };
}

const CSV_HEADER = /^\s*"?build_commit"?,"?build_number"?,/;

export const llamaBenchFilesReader: BlockReader = {
  name: 'llama-bench',
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined || !line.includes('build_')) {
      // A JSON array whose first object's keys follow: `[` / `  {` / `    "build_commit": …`.
      const t = line?.trim();
      return (t === '[' || t === '[{' || t === '{') && lines.slice(i + 1, i + 4).some((l) => l.includes('"build_commit"'));
    }
    if (CSV_HEADER.test(line)) return line.includes('avg_ts');
    return /^\s*\[?\s*\{\s*"build_commit"\s*:/.test(line);
  },
  read: guardedRead('llama-bench output', (lines, start, file) =>
    CSV_HEADER.test(lines[start] ?? '') ? readCsv(lines, start, file) : readJson(lines, start, file),
  ),
};
