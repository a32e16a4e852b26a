/** `capacity` lists the runs it left out by file:line, with why (issue 29). */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { it } from 'node:test';
import type { CapacityResult } from '../../src/analyze/capacity-types';
import { leftOutLines } from '../../src/cli/left-out';
import { REPO_ROOT } from '../helpers/golden';

it('the table output ends with each run left out, by file:line', () => {
  const r = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'bin', 'benchbook.js'), 'capacity', 'data/a10-sglang-vllm-tp2-vs-tp4.md', '--slo', 'latency_p99_s<=3'],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /\nLeft out \(1 run\):\n {2}data\/a10-sglang-vllm-tp2-vs-tp4\.md:180 {2}warm-up suspect\n$/);
});

it('a run left out of two groups is listed once; nothing left out prints nothing', () => {
  const group = (excluded: CapacityResult['groups'][number]['excluded']) => ({ excluded }) as CapacityResult['groups'][number];
  const result = {
    groups: [
      group([{ run: 'a.md:3', reason: 'duplicate' }]),
      group([
        { run: 'a.md:3', reason: 'duplicate' },
        { run: 'bb.md:10', reason: 'no load level' },
      ]),
    ],
  } as CapacityResult;
  assert.equal(leftOutLines(result), '\nLeft out (2 runs):\n  a.md:3    duplicate\n  bb.md:10  no load level\n');
  assert.equal(leftOutLines({ groups: [group([])] } as unknown as CapacityResult), '');
});
