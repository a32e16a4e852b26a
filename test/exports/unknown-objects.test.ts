/** Unrecognised JSON objects are said once per shape (a details file is thousands of lines of one shape). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseJsonExport } from '../../src/ingest/exports/index';

test('a JSON lines file of one unknown shape gets one warning and one count, not a warning a line', () => {
  const text = Array.from({ length: 300 }, (_, i) => JSON.stringify({ id: i, input: 'q', output: 'a', latency: 1 + i / 1000 })).join('\n');
  const r = parseJsonExport(`${text}\n`, { file: 'demo_details.jsonl' });
  const unknown = r.diagnostics.filter((d) => d.code === 'unknown-format');
  assert.deepEqual(
    unknown.map((d) => [d.severity, d.line]),
    [
      ['warning', 1],
      ['info', 1],
    ],
  );
  assert.match(unknown[1]?.message ?? '', /^299 more objects with the keys of line 1 \(to line 300\): not recognised either$/);
});
