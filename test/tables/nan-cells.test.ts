/** Issue 32 item 10: NaN, Infinity and negative counts in a console table are absent values with a diagnostic (file:line). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readBoxTable } from '../../src/ingest/tables/box-table';
import { genericTableRuns } from '../../src/ingest/tables/generic-table';

test('NaN, Infinity and a negative count are left out, each with a warning at its line', () => {
  const lines = [
    '┏━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━┓',
    '┃ Metric                  ┃ Value    ┃',
    '┡━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━┩',
    '│ Request throughput      │ 3.21     │',
    '│ Mean TTFT (ms)          │ NaN      │',
    '│ Output token throughput │ Infinity │',
    '│ Failed requests         │ -3       │',
    '└─────────────────────────┴──────────┘',
  ];
  const t = readBoxTable(lines, 0);
  assert.ok(t);
  const { runs, diagnostics } = genericTableRuns(lines, t, 'f.log');
  assert.equal(runs.length, 1);
  assert.deepEqual(runs[0]?.metrics, { throughput_rps: 3.21 });
  assert.equal(runs[0]?.raw['Mean TTFT (ms)'], 'NaN');
  const warned = diagnostics.filter((d) => d.severity === 'warning').map((d) => `${d.file}:${d.line}`);
  assert.deepEqual(warned, ['f.log:5', 'f.log:6', 'f.log:7']);
});
