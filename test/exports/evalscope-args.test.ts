/**
 * evalscope perf's `benchmark_args.json`: no run of its own, the settings of the summary and
 * percentile runs beside it. Fixtures: our own numbers in evalscope's folder layout.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { parsePaths } from '../../src/ingest';
import { parseJsonExport } from '../../src/ingest/exports/index';
import type { RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';

// Relative to the repository root (the tests' cwd), as a user passes paths.
const OUT = 'test/fixtures/exports/evalscope-run/outputs';
const ONE = `${OUT}/20250801_120000/Qwen2.5-7B-Instruct/parallel_8_number_80`;
const SWEEP = `${OUT}/20250802_093000/Qwen2.5-7B-Instruct`;
const ARGS_NOTE = /benchmark_args\.json: the settings of the evalscope runs in its folder/;

const runsOf = (records: ReadonlyArray<{ kind: string }>): RunRecord[] => records.filter((r): r is RunRecord => r.kind === 'run');
const read = (file: string): string => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const beside = (written: string): string => `benchmark_args.json beside the file (${written})`;

function parseFile(file: string): RunRecord[] {
  return runsOf(parseJsonExport(fs.readFileSync(file, 'utf8'), { file }).records);
}

const temporary: string[] = [];
after(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder `<name>` holding the given files (name → text), removed after the tests. */
function folder(name: string, files: Record<string, string>): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-evalscope-'));
  temporary.push(parent);
  const dir = path.join(parent, name);
  fs.mkdirSync(dir);
  for (const [f, t] of Object.entries(files)) fs.writeFileSync(path.join(dir, f), t);
  return dir;
}

test('evalscope benchmark_args.json: no run, no warning, one info saying whose settings it holds', async () => {
  const res = await parsePaths([ONE]);
  const runs = runsOf(res.records);
  assert.deepEqual(runs.map((r) => path.basename(r.source.file)).sort(), ['benchmark_percentile.json', 'benchmark_summary.json']);
  const own = res.diagnostics.filter((d) => d.file === `${ONE}/benchmark_args.json`);
  assert.deepEqual(
    own.filter((d) => d.severity !== 'info'),
    [],
  );
  const notes = own.filter((d) => d.code === 'prose-skipped');
  assert.equal(notes.length, 1);
  assert.match(notes[0]?.message ?? '', ARGS_NOTE);
  assert.ok(!res.diagnostics.some((d) => d.code === 'unknown-format'));
});

test('evalscope summary and percentile runs get the settings of benchmark_args.json beside them', async () => {
  const runs = runsOf((await parsePaths([ONE])).records);
  for (const r of runs) {
    assert.equal(r.model, 'Qwen2.5-7B-Instruct');
    assert.equal(r.api, 'openai');
    assert.deepEqual(r.client, {
      concurrency: 8,
      total_requests: 80,
      max_tokens: 256,
      temperature: 0,
      model_path: '/models/Qwen/Qwen2.5-7B-Instruct',
      url: 'http://10.0.0.5:8000/v1/chat/completions',
      dataset: 'random',
      input_len: 1024,
      output_len: 256,
    });
    assert.equal((r.client as Record<string, unknown> | undefined)?.request_rate, undefined, '"rate": -1 is no limit');
    assert.equal(r.provenance.model, beside('"model": "/models/Qwen/Qwen2.5-7B-Instruct"'));
    assert.equal(r.provenance['client.url'], beside('"url": "http://10.0.0.5:8000/v1/chat/completions"'));
    assert.equal(r.provenance['client.max_tokens'], beside('"max_tokens": 256'));
    assert.equal(r.provenance['client.output_len'], beside('"max_tokens" = "min_tokens": 256'));
    assert.match(r.provenance['client.input_len'] ?? '', /"min_prompt_length" = "max_prompt_length": 1024/);
    assert.equal(r.provenance.api, beside('"api": "openai"'));
  }
  // The run's own concurrency, then the folder name's, come before the arguments file.
  const summary = runs.find((r) => r.source.file.endsWith('benchmark_summary.json'));
  const pct = runs.find((r) => r.source.file.endsWith('benchmark_percentile.json'));
  assert.equal(summary?.provenance['client.concurrency'], '"Number of concurrency" in the result JSON');
  assert.equal(pct?.provenance['client.concurrency'], 'folder name (parallel_8_number_80)');
});

test('evalscope multi-level benchmark_args.json (lists): each folder gets its own level', async () => {
  const runs = runsOf((await parsePaths([SWEEP])).records);
  assert.equal(runs.length, 4);
  for (const r of runs) {
    const level = /parallel_(\d+)_number_(\d+)/.exec(r.source.file);
    assert.deepEqual([r.client?.concurrency, r.client?.total_requests], [Number(level?.[1]), Number(level?.[2])]);
    assert.equal(r.client?.temperature, 0.7);
    assert.equal(r.client?.input_len, undefined, 'openqa prompt bounds are no fixed length');
    assert.equal(r.raw.max_prompt_length, '131072');
  }
  const args = read(`${SWEEP}/parallel_6_number_60/benchmark_args.json`);
  const pct = read(`${SWEEP}/parallel_6_number_60/benchmark_percentile.json`);
  // A folder that names the concurrency alone: the request count is the list's element at that level.
  const sla = folder('sla_parallel_6_run_0', { 'benchmark_args.json': args, 'benchmark_percentile.json': pct });
  const [slaRun] = parseFile(path.join(sla, 'benchmark_percentile.json'));
  assert.equal(slaRun?.client?.total_requests, 60);
  assert.equal(slaRun?.provenance['client.total_requests'], beside('"number": 60 of [20,60]'));
  // No folder level: the summary's own concurrency picks the level.
  const summary = JSON.parse(read(`${SWEEP}/parallel_6_number_60/benchmark_summary.json`)) as Record<string, unknown>;
  delete summary['Total requests'];
  const copied = folder('copied', { 'benchmark_args.json': args, 'benchmark_summary.json': JSON.stringify(summary) });
  const [own] = parseFile(path.join(copied, 'benchmark_summary.json'));
  assert.deepEqual([own?.client?.concurrency, own?.client?.total_requests], [6, 60]);
  // Nothing names the level: the lists give nothing, the shared settings still apply.
  const bare = folder('copied', { 'benchmark_args.json': args, 'benchmark_percentile.json': pct });
  const [none] = parseFile(path.join(bare, 'benchmark_percentile.json'));
  assert.deepEqual([none?.client?.concurrency, none?.client?.total_requests, none?.model], [undefined, undefined, 'Qwen2.5-7B-Instruct']);
});

test('evalscope: a missing or broken benchmark_args.json changes nothing', () => {
  for (const dir of [
    `${OUT}/20250803_150000/Qwen2.5-7B-Instruct/parallel_3_number_30`,
    `${OUT}/20250804_110000/Qwen2.5-7B-Instruct/parallel_5_number_50`,
  ]) {
    const file = `${dir}/benchmark_summary.json`;
    const text = read(file);
    const here = parseJsonExport(text, { file });
    // The same text where no file is beside it.
    const nowhere = parseJsonExport(text, { file: `no/such/${file}` });
    const strip = (rs: RunRecord[]) => rs.map(({ id: _i, source: _s, ...rest }) => rest);
    assert.deepEqual(strip(runsOf(here.records)), strip(runsOf(nowhere.records)));
    assert.deepEqual(here.diagnostics, nowhere.diagnostics);
    const [run] = runsOf(here.records);
    assert.equal(run?.model, undefined);
    assert.ok(!Object.values(run?.provenance ?? {}).some((p) => p.includes('benchmark_args')));
  }
});

test('evalscope arguments are recognised by content, never by file name; odd values are absent', () => {
  const args = JSON.parse(read(`${ONE}/benchmark_args.json`)) as Record<string, unknown>;
  const renamed = parseJsonExport(JSON.stringify(args), { file: 'run-settings.json' });
  assert.deepEqual(runsOf(renamed.records), []);
  assert.match(renamed.diagnostics.map((d) => d.message).join('\n'), ARGS_NOTE);
  const other = parseJsonExport('{"model": "x", "steps": 3}', { file: 'benchmark_args.json' });
  assert.ok(other.diagnostics.some((d) => d.code === 'unknown-format'));
  const odd = { ...args, parallel: 0, number: null, max_tokens: 0, min_tokens: 0, temperature: 'hot', rate: -1, url: '', dataset: 7 };
  const dir = folder('odd', {
    'benchmark_args.json': JSON.stringify(odd),
    'benchmark_percentile.json': read(`${ONE}/benchmark_percentile.json`),
  });
  const [run] = parseFile(path.join(dir, 'benchmark_percentile.json'));
  // `dataset: 7` names no random dataset, so the prompt bounds give no length either.
  assert.deepEqual(run?.client, { model_path: '/models/Qwen/Qwen2.5-7B-Instruct' });
  assert.equal(run?.raw.min_tokens, '0');
});
