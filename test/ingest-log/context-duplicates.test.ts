/** --set / --context (provenance `user`, the log wins on conflict) and duplicate detection. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DuplicateTracker, loadContextFile, parseLog, parsePaths, parseSetArgs } from '../../src/ingest/index';
import { BenchbookError } from '../../src/model/diagnostics';
import { ENGINES, type RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';

const FIX = path.join(REPO_ROOT, 'test', 'fixtures', 'ingest-log');
const read = (name: string): string => fs.readFileSync(path.join(FIX, name), 'utf8');
const runs = (records: readonly { kind: string }[]): RunRecord[] => records.filter((r): r is RunRecord => r.kind === 'run');

describe('--set', () => {
  it('parses key=value pairs', () => {
    assert.deepEqual(parseSetArgs(['engine=vLLM', 'gpus=2', 'mode=no_think', 'max-tokens=256']), {
      engine: 'vllm',
      gpus: 2,
      mode: 'no-think',
      max_tokens: 256,
    });
  });
  it('accepts every engine a run can name (one list, in model/records)', () => {
    for (const engine of ENGINES) assert.equal(parseSetArgs([`engine=${engine}`]).engine, engine);
  });
  it('throws a usage error for unknown keys and bad values', () => {
    for (const bad of [['colour=red'], ['gpus=two'], ['engine'], ['engine=foo'], ['gpus=0']]) {
      assert.throws(
        () => parseSetArgs(bad),
        (e: unknown) => e instanceof BenchbookError && e.diagnostic.code === 'usage',
        bad.join(' '),
      );
    }
  });
  it('fills what the log lacks with provenance user; the log wins where it says otherwise', () => {
    const set = parseSetArgs(['engine=vllm', 'gpus=8', 'gpu=NVIDIA A10']);
    const res = parseLog(read('truncated.log'), { file: 'truncated.log', set });
    const [r] = runs(res.records);
    assert.equal(r?.engine, 'sglang', 'the table title says SGLang');
    assert.equal(r?.parallelism?.gpus, 8);
    assert.equal(r?.provenance['parallelism.gpus'], 'user');
    assert.equal(r?.hardware?.gpu, 'NVIDIA A10');
    assert.equal(r?.provenance['hardware.gpu'], 'user');
    const conflicts = res.diagnostics.filter((d) => d.code === 'conflicting-context');
    assert.equal(conflicts.length, 2, 'one per run whose engine disagrees');
    assert.match(conflicts[0]?.message ?? '', /engine: the log says sglang, --set says vllm/);
  });
});

describe('--context', () => {
  it('loads YAML entries and applies them by file glob and section', () => {
    const ctx = loadContextFile(path.join(FIX, 'context.yaml'));
    assert.equal(ctx.entries.length, 2);
    const res = parseLog(read('nested-scope.md'), { file: 'fixtures/nested-scope.md', context: ctx });
    const [a, b, c] = runs(res.records);
    assert.equal(a?.engine, 'sglang', 'Server A: the launch command wins over the context');
    assert.equal(a?.model, 'Qwen2-7B');
    assert.ok(res.diagnostics.some((d) => d.code === 'conflicting-context' && d.line === a?.source.line && /model/.test(d.message)));
    for (const r of [b, c]) {
      assert.equal(r?.engine, 'vllm');
      assert.equal(r?.provenance.engine, 'user');
      assert.equal(r?.parallelism?.gpus, 2);
      assert.equal(r?.hardware?.gpu, 'NVIDIA L4');
    }
  });
  it('accepts a simple JSON map of file → settings', () => {
    const ctx = loadContextFile(path.join(FIX, 'context-map.json'));
    const res = parseLog(read('truncated.log'), { file: 'some/dir/truncated.log', context: ctx });
    const [r] = runs(res.records);
    assert.equal(r?.parallelism?.gpus, 1);
    assert.equal(r?.api, 'native', 'the URL /generate is in the log');
  });
  it('a context file that does not match the file changes nothing', () => {
    const ctx = loadContextFile(path.join(FIX, 'context-map.json'));
    const [r] = runs(parseLog(read('truncated.log'), { file: 'other.log', context: ctx }).records);
    assert.equal(r?.parallelism, undefined);
  });
  it('rejects unknown keys with a usage error', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-ctx-'));
    const f = path.join(dir, 'bad.yaml');
    fs.writeFileSync(f, 'entries:\n  - file: "*.md"\n    set: {colour: red}\n');
    assert.throws(
      () => loadContextFile(f),
      (e: unknown) => e instanceof BenchbookError && e.diagnostic.code === 'usage',
    );
    fs.rmSync(dir, { recursive: true });
  });
});

describe('duplicates', () => {
  it('the same table pasted twice: the second keeps flag duplicate and a warning naming the first', () => {
    const text = read('truncated.log').split('\n').slice(0, 11).join('\n');
    const res = parseLog(`${text}\n\n${text}\n`, { file: 'twice.log' });
    const [a, b] = runs(res.records);
    assert.deepEqual(a?.flags, []);
    assert.deepEqual(b?.flags, ['duplicate']);
    const d = res.diagnostics.find((x) => x.code === 'duplicate-run');
    assert.equal(d?.severity, 'warning');
    assert.equal(d?.line, b?.source.line);
    assert.match(d?.message ?? '', /twice\.log:2\b/);
  });
  it('the same file given twice through parsePaths', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-dup-'));
    fs.writeFileSync(path.join(dir, 'a.md'), read('nested-scope.md'));
    fs.writeFileSync(path.join(dir, 'b.md'), read('nested-scope.md'));
    fs.writeFileSync(path.join(dir, '.hidden.md'), read('nested-scope.md'));
    const res = await parsePaths([dir]);
    const all = runs(res.records);
    assert.equal(all.length, 6, 'dotfiles are skipped');
    assert.deepEqual(
      all.map((r) => r.source.file),
      [...Array(3).fill(path.join(dir, 'a.md')), ...Array(3).fill(path.join(dir, 'b.md'))],
    );
    assert.deepEqual(
      all.map((r) => r.flags.includes('duplicate')),
      [false, false, false, true, true, true],
    );
    assert.equal(res.diagnostics.filter((d) => d.code === 'duplicate-run').length, 3);
    fs.rmSync(dir, { recursive: true });
  });
  it('the tracker keeps every first id as its table grows, for file:line and row ids alike', () => {
    // 20,000 runs make the signature table grow several times; every one is then asked again.
    const tracker = new DuplicateTracker();
    const made: RunRecord[] = [];
    for (let k = 0; k < 20000; k++) {
      const file = `f${k % 3}.log`;
      const line = 10 + k;
      const row = k % 5 === 0 ? k : undefined;
      const run = {
        kind: 'run',
        id: row === undefined ? `${file}:${line}` : `${file}:${line}:${row}`,
        source: row === undefined ? { file, line, format: 'csv' } : { file, line, row, format: 'csv' },
        metrics: { output_tps: k, requests_failed_count: k % 7 },
        client: { concurrency: k % 11 },
        raw: {},
        provenance: {},
        flags: [],
      } as unknown as RunRecord;
      made.push(run);
      assert.equal(tracker.check(run), undefined, `run ${k} is new`);
    }
    for (const run of made) {
      const again = { ...run, id: 'later.log:1', source: { file: 'later.log', line: 1, format: 'csv' } } as RunRecord;
      assert.equal(tracker.check(again), run.id);
    }
    // Same metrics, different client settings: not a duplicate.
    const other = { ...made[0]!, client: { concurrency: 99 } } as RunRecord;
    assert.equal(tracker.check(other), undefined);
  });
  it('a missing path is an io-error diagnostic', async () => {
    const res = await parsePaths(['/nonexistent/benchbook/x.log']);
    assert.equal(res.diagnostics[0]?.code, 'io-error');
  });
});

describe('a repeated problem in a huge log', () => {
  it('keeps the first 1000 diagnostics of a code and summarises the rest', () => {
    const table = read('truncated.log').split('\n').slice(0, 11).join('\n');
    const res = parseLog(Array(1102).fill(table).join('\n\n'), { file: 'many.log' });
    assert.equal(runs(res.records).length, 1102);
    const dups = res.diagnostics.filter((d) => d.code === 'duplicate-run');
    assert.equal(dups.length, 1001);
    assert.equal(dups[1000]?.message, '101 more "duplicate-run" diagnostics not listed (first 1000 shown)');
    assert.equal(dups[1000]?.severity, 'warning');
  });
});
