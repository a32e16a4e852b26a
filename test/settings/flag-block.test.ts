/**
 * Issue 27: a block of bare launch flags (one a line, in a fence or as a list) above results is
 * the launch setting of the runs in its scope, in a console log and in a Markdown report alike.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flagBlockAt } from '../../src/ingest/context/flag-block';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

const RESULTS = [
  '| Concurrency | Request throughput (req/s) | Output token throughput (tok/s) |',
  '|---|---|---|',
  '| 1 | 0.52 | 130.4 |',
  '| 8 | 3.21 | 811.0 |',
];
const FENCED = [
  'Server flags:',
  '',
  '```',
  '--tensor-parallel-size 2',
  '--max-model-len 8192',
  '--gpu-memory-utilization 0.9',
  '```',
  '',
  ...RESULTS,
];
const LISTED = ['Launched with', '', '- --tensor-parallel-size=2', '- --max-model-len=8192', '', ...RESULTS];

function runs(text: string, file: string): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

for (const [name, lines] of [
  ['fenced', FENCED],
  ['listed', LISTED],
] as const)
  for (const file of ['notes.md', 'notes.log'])
    test(`a ${name} flag block gives the runs below it their launch settings (${file})`, () => {
      const rs = runs(lines.join('\n'), file);
      assert.equal(rs.length, 2);
      for (const r of rs) {
        assert.equal(r.parallelism?.tp, 2);
        assert.equal(r.parallelism?.gpus, 2);
        assert.equal(r.server?.context_length, 8192);
        assert.equal(r.engine, 'vllm');
      }
    });

test('one flag line is a block only right under a fence; prose with a flag is none', () => {
  assert.deepEqual(flagBlockAt(['```', '--tp 2', '```'], 1, true), { words: ['--tp', '2'], end: 1 });
  assert.equal(flagBlockAt(['text', '--tp 2', 'text'], 1, true), undefined);
  assert.equal(flagBlockAt(['Use --tp 2 and --dp 2 for this.', 'More text'], 0, true), undefined);
  // Asked mid-block, the answer is none: the block is read from its first line.
  assert.equal(flagBlockAt(['--tp 2', '--dp 2'], 1, true), undefined);
  assert.equal(flagBlockAt(['--tp 2', '--dp 2'], 0, false), 'wait');
});

test('flags that name no engine set what they state and no engine', () => {
  const rs = runs(['```', '--max-num-seqs 256', '--seed 7', '```', '', ...RESULTS].join('\n'), 'n.md');
  assert.equal(rs.length, 2);
  for (const r of rs) {
    assert.equal(r.engine, undefined);
    assert.equal(r.client?.concurrency !== 256, true, 'a server limit is never the client concurrency');
  }
});

test('a server limit written as a setting is not the client concurrency', () => {
  const rs = runs(['max_concurrent_requests: 64', '', ...RESULTS.slice(0, 2), '| 4 | 1.9 | 480.2 |'].join('\n'), 'limit.md');
  assert.deepEqual(
    rs.map((r) => r.client?.concurrency),
    [4],
  );
});
