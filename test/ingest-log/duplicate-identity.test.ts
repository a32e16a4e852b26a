/**
 * Duplicates and what a run states about itself (duplicates.ts): equal metrics and client
 * settings make a copy only when the runs' identity (engine, model, hardware, parallelism,
 * server settings, api, mode) agrees, a field unknown on one side agreeing with anything.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DuplicateTracker, parseLog } from '../../src/ingest/index';
import type { RunRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';

const FIX = path.join(REPO_ROOT, 'test', 'fixtures', 'ingest-log');
const table = fs.readFileSync(path.join(FIX, 'truncated.log'), 'utf8').split('\n').slice(0, 11).join('\n');
const runs = (records: readonly { kind: string }[]): RunRecord[] => records.filter((r): r is RunRecord => r.kind === 'run');

let line = 0;
/** A run with the same metrics and client settings as every other made here, and `extra` fields. */
function run(extra: Partial<RunRecord> = {}): RunRecord {
  line++;
  return {
    kind: 'run',
    schema_version: 1,
    id: `a.log:${line}`,
    source: { file: 'a.log', line, format: 'key-value' },
    labels: [],
    metrics: { output_tps: 812.5, requests_ok_count: 40 },
    client: { concurrency: 8 },
    raw: {},
    provenance: {},
    flags: [],
    ...extra,
  };
}

describe('duplicates and run identity', () => {
  it('same metrics under two launch commands naming two models: no duplicate', () => {
    const text = `$ vllm serve /models/alpha-7b --tensor-parallel-size 2\n${table}\n\n$ vllm serve /models/beta-7b --tensor-parallel-size 2\n${table}\n`;
    const res = parseLog(text, { file: 'two-models.log' });
    const [a, b] = runs(res.records);
    assert.equal(a?.model, 'alpha-7b');
    assert.equal(b?.model, 'beta-7b');
    assert.deepEqual(b?.flags, []);
    assert.equal(res.diagnostics.filter((d) => d.code === 'duplicate-run').length, 0);
  });

  it('the same table pasted again where the log no longer says the model: still a duplicate', () => {
    const text = `$ vllm serve /models/alpha-7b\n${table}\n\n# Results again\n\n${table}\n`;
    const res = parseLog(text, { file: 'pasted.md' });
    const flags = runs(res.records).map((r) => r.flags.includes('duplicate'));
    assert.deepEqual(flags, [false, true]);
  });

  it('differs in engine, gpus, context length, mode or launch flags: not a copy', () => {
    const cases: Array<[Partial<RunRecord>, Partial<RunRecord>]> = [
      [{ engine: 'vllm' }, { engine: 'sglang' }],
      [{ model: 'alpha' }, { model: 'beta' }],
      [{ parallelism: { tp: 2, gpus: 2 } }, { parallelism: { tp: 4, gpus: 4 } }],
      [{ hardware: { gpu: 'NVIDIA A10' } }, { hardware: { gpu: 'NVIDIA L4' } }],
      [{ server: { context_length: 4096 } }, { server: { context_length: 8192 } }],
      [{ mode: 'think' }, { mode: 'no-think' }],
      [{ api: 'openai' }, { api: 'native' }],
      [{ server: { flags: { 'enforce-eager': true } } }, { server: { flags: { 'enable-prefix-caching': true } } }],
    ];
    for (const [x, y] of cases) {
      const tracker = new DuplicateTracker();
      assert.equal(tracker.check(run(x)), undefined);
      assert.equal(tracker.check(run(y)), undefined, JSON.stringify([x, y]));
      const again = run(y);
      assert.equal(tracker.check(again), `a.log:${line - 1}`, 'a copy of the second is one');
    }
  });

  it('a field unknown on one side agrees; the launch command text alone does not tell runs apart', () => {
    const tracker = new DuplicateTracker();
    const first = run({ engine: 'vllm', model: 'alpha', server: { command: 'vllm serve alpha' } });
    assert.equal(tracker.check(first), undefined);
    assert.equal(tracker.check(run({ model: 'alpha' })), first.id);
    assert.equal(tracker.check(run({ engine: 'vllm', server: { command: 'vllm  serve  alpha' } })), first.id);
    assert.equal(tracker.check(run()), first.id);
  });

  it('copies fill in what the first left unknown: one copy cannot match two models', () => {
    const tracker = new DuplicateTracker();
    const bare = run();
    assert.equal(tracker.check(bare), undefined);
    assert.equal(tracker.check(run({ model: 'alpha' })), bare.id, 'alpha may be a copy of the bare run');
    const beta = run({ model: 'beta' });
    assert.equal(tracker.check(beta), undefined, 'the bare run is alpha now: beta is another run');
    assert.equal(tracker.check(run({ model: 'beta', engine: 'vllm' })), beta.id);
    assert.equal(tracker.check(run({ engine: 'vllm' })), bare.id, 'the earliest run it may copy');
  });

  it('a recording tracker lists each first run with its identity as copies filled it in', () => {
    const tracker = new DuplicateTracker({ recordFirsts: true });
    const bare = run();
    tracker.check(bare);
    tracker.check(run({ model: 'alpha' }));
    const beta = run({ model: 'beta' });
    tracker.check(beta);
    const firsts = tracker.firsts();
    assert.deepEqual(
      firsts.map(([, id, file, ln]) => [id, file, ln]),
      [
        [bare.id, 'a.log', bare.source.line],
        [beta.id, 'a.log', beta.source.line],
      ],
    );
    // Handed to another tracker (the main thread's), they decide as the first tracker did.
    const main = new DuplicateTracker();
    for (const [sig, id, file, ln, identity] of firsts) main.checkSignature(sig, id, file, ln, identity);
    assert.equal(main.check(run({ model: 'alpha' })), bare.id);
    assert.equal(main.check(run({ model: 'beta' })), beta.id);
    assert.equal(main.check(run({ model: 'gamma' })), undefined);
  });
});
