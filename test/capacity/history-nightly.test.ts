/**
 * History on folders of nightly logs (test/fixtures/history, written by generate.py there):
 * each log's engine version line and its dated file name give the run its point in time.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { historyOf } from '../../src/analyze/history';
import { parsePaths } from '../../src/ingest';
import type { RunRecord } from '../../src/model/records';

async function history(dir: string) {
  const { records } = await parsePaths([dir]);
  const runs = records.filter((r): r is RunRecord => r.kind === 'run');
  return { runs, h: historyOf(runs) };
}

test('nightly logs over three versions: the two real steps, with their direction, and nothing else', async () => {
  const { runs, h } = await history('test/fixtures/history/nightly-steps');
  assert.equal(runs.length, 18);
  assert.equal(runs[6]?.server?.version, '0.8.5', 'the version line of the log');
  assert.equal(runs[6]?.timestamp, '2025-03-07', 'the date in the file name');
  const tput = h.changes.filter((c) => c.metric === 'throughput_rps');
  assert.deepEqual(
    tput.map((c) => [c.at.date, c.at.version, c.kind, Math.round(c.delta_pct)]),
    [
      ['2025-03-07', '0.8.5', 'regression', -12],
      ['2025-03-13', '0.9.0', 'improvement', 20],
    ],
  );
  const latency = h.changes.filter((c) => c.metric === 'latency_p99_s');
  assert.deepEqual(
    latency.map((c) => [c.at.version, c.kind]),
    [
      ['0.8.5', 'regression'],
      ['0.9.0', 'improvement'],
    ],
    'latency up is a regression, down an improvement',
  );
  // Every change sits at one of the two version bumps.
  for (const c of h.changes) assert.ok(['0.8.5', '0.9.0'].includes(c.at.version ?? ''), JSON.stringify(c));
});

test('nightly logs of one build: noise only, nothing flagged', async () => {
  const { runs, h } = await history('test/fixtures/history/nightly-noise');
  assert.equal(runs.length, 14);
  assert.ok(h.series.length >= 3 && h.series.every((s) => s.points.length === 14));
  assert.deepEqual(h.changes, []);
});
