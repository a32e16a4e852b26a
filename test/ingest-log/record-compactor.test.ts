/**
 * Collected records are compacted (record-compactor.ts): equal to what the readers made, but
 * holding no view of the file's text, so that a report of a large log fits in memory.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { loadCorpus, writeGeneratedLog } from '../../bench/generate';
import { parseFile, parseLog } from '../../src/ingest/index';
import { RecordCompactor } from '../../src/ingest/record-compactor';
import type { BenchRecord, RunRecord } from '../../src/model/records';
import type { TextCache } from '../../src/model/text-cache';
import { otherToolsDir, REPO_ROOT } from '../helpers/golden';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function heapMiB(): number {
  gc();
  gc();
  return v8.getHeapStatistics().used_heap_size / 2 ** 20;
}

describe('RecordCompactor', () => {
  it('gives records equal to the originals, key order included, for every data/ file and other tool output', () => {
    const compactor = new RecordCompactor();
    const kinds = new Map<string, number>();
    const dirs = [path.join(REPO_ROOT, 'data'), otherToolsDir()].filter((d): d is string => d !== undefined);
    for (const dir of dirs) {
      for (const name of fs.readdirSync(dir)) {
        const file = path.join(dir, name);
        if (!fs.statSync(file).isFile()) continue;
        for (const r of parseLog(fs.readFileSync(file, 'utf8'), { file: name }).records) {
          const c = compactor.compact(r);
          assert.notEqual(c, r);
          assert.deepStrictEqual(c, r);
          assert.equal(JSON.stringify(c), JSON.stringify(r));
          kinds.set(r.kind, (kinds.get(r.kind) ?? 0) + 1);
        }
      }
    }
    assert.ok((kinds.get('run') ?? 0) > 100 && (kinds.get('env') ?? 0) > 0, `records compared: ${JSON.stringify([...kinds])}`);
    if (dirs.length > 1) assert.ok((kinds.get('sample') ?? 0) > 0, 'Prometheus samples compared too');
  });

  it('keeps keys such as __proto__ and constructor as own keys, never as the prototype', () => {
    const raw: Record<string, string> = {};
    for (const k of ['__proto__', 'constructor', 'prototype', 'toString', 'a,b'])
      Object.defineProperty(raw, k, { value: `${k} ${'v'.repeat(20)}`, enumerable: true, writable: true, configurable: true });
    const metrics: Record<string, number> = {};
    Object.defineProperty(metrics, '__proto__', { value: 1.5, enumerable: true, writable: true, configurable: true });
    const run = {
      kind: 'run',
      raw,
      metrics,
      flags: ['duplicate'],
      labels: ['x'.repeat(40)],
      nested: [[{ __proto__: null, y: 'z'.repeat(30) }]],
    };
    const c = new RecordCompactor().compact(run);
    assert.equal(Object.getPrototypeOf(c.raw), Object.prototype);
    assert.equal(Object.getPrototypeOf(c.metrics), Object.prototype);
    assert.deepEqual(Object.keys(c.raw), Object.keys(raw));
    // biome-ignore lint/suspicious/noProto: the raw cell labelled __proto__ must survive compaction as an own key
    assert.equal(Object.getOwnPropertyDescriptor(c.raw, '__proto__')?.value, raw.__proto__);
    assert.equal(Object.getOwnPropertyDescriptor(c.metrics, '__proto__')?.value, 1.5);
    assert.equal(JSON.stringify(c), JSON.stringify(run));
    c.flags.push('warmup-suspect');
    assert.deepEqual(run.flags, ['duplicate'], 'a deep copy: the original is untouched');
  });

  it('shares one copy of equal long strings', () => {
    const compactor = new RecordCompactor();
    const command = 'python -m sglang.launch_server --model-path /m/x';
    const a = compactor.compact({ server: { command: command.slice(0) } });
    const b = compactor.compact({ server: { command: ` ${command}`.slice(1) } });
    assert.equal(a.server.command, command);
    // Equal values are equal either way; what this checks is that the second is the first's string.
    const pool = (compactor as unknown as { pool: TextCache<string> }).pool;
    assert.equal(pool.size, 1);
    assert.equal(b.server.command, a.server.command);
  });
});

describe('collected records and the file text', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-compact-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('records collected from a streamed log do not keep its chunks in memory; handed over as read, they do', async () => {
    const file = path.join(dir, 'gen.log');
    await writeGeneratedLog(file, loadCorpus(path.join(REPO_ROOT, 'data')), { seed: 3, targetBytes: 8e6 });
    const fileMiB = fs.statSync(file).size / 2 ** 20;
    const opts = { streamThreshold: 0, chunkBytes: 256 * 1024 };

    // As the readers hand them over: views of the chunks they were cut from.
    const base = heapMiB();
    const asRead: BenchRecord[] = [];
    await parseFile(file, { ...opts, onRecord: (r) => asRead.push(r) });
    const asReadMiB = heapMiB() - base;
    const asReadJson = asRead.map((r) => JSON.stringify(r));
    asRead.length = 0;

    const base2 = heapMiB();
    const collected = await parseFile(file, opts);
    const collectedMiB = heapMiB() - base2;

    assert.deepEqual(
      collected.records.map((r) => JSON.stringify(r)),
      asReadJson,
    );
    assert.ok(collected.records.filter((r): r is RunRecord => r.kind === 'run').length > 1000);
    // The chunks are about twice the file's size (two-byte text, box glyphs): kept by the
    // records as read, not by the collected ones.
    assert.ok(
      asReadMiB > fileMiB,
      `records as read keep their chunks: heap +${asReadMiB.toFixed(1)} MiB for a ${fileMiB.toFixed(1)} MiB log`,
    );
    assert.ok(
      collectedMiB < asReadMiB / 2,
      `collected records: heap +${collectedMiB.toFixed(1)} MiB (as read: +${asReadMiB.toFixed(1)} MiB)`,
    );
  });
});
