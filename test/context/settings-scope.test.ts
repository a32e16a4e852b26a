/**
 * The settings scope's rules on small documents: a sweep replaces within a section, a section's
 * own statement beats the file's and is reported once, a used statement goes with its section,
 * a setup section's statements are carried on (only the latest of each), a heading's statement
 * stays in its section, and the kept list stays small however many sections a log has.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConsoleScanner } from '../../src/ingest/console-log';
import type { RunRecord } from '../../src/model/records';

/** A vLLM result block (the block's own settings: none but its counts). */
function block(rps: number): string[] {
  return [
    '============ Serving Benchmark Result ============',
    'Successful requests:                     10',
    'Benchmark duration (s):                  5.00',
    `Request throughput (req/s):              ${rps.toFixed(2)}`,
    'Output token throughput (tok/s):         100.00',
    '==================================================',
  ];
}

function scan(lines: string[]): { runs: RunRecord[]; scanner: ConsoleScanner; messages: string[] } {
  const scanner = new ConsoleScanner({ file: 'doc.md' });
  scanner.feed(lines, 0, true);
  const res = scanner.finish();
  return {
    runs: res.records.filter((r): r is RunRecord => r.kind === 'run'),
    scanner,
    messages: res.diagnostics.filter((d) => d.code === 'conflicting-context').map((d) => d.message),
  };
}

describe('settings scope', () => {
  it('a sweep: a later statement in the same section replaces the earlier, no warning', () => {
    const { runs, messages } = scan(['export CONCURRENCY=8', ...block(1), 'export CONCURRENCY=16', ...block(2)]);
    assert.deepEqual(
      runs.map((r) => r.client?.concurrency),
      [8, 16],
    );
    assert.deepEqual(messages, []);
  });

  it("the section's own statement beats the file's, reported once for all its runs", () => {
    const { runs, messages } = scan(['TP: 4', '## tp 2 runs', '- TP: 2', ...block(1), ...block(2), '## default', ...block(3)]);
    assert.deepEqual(
      runs.map((r) => r.parallelism?.tp),
      [2, 2, 4],
    );
    assert.equal(messages.length, 1);
    assert.match(
      messages[0] ?? '',
      /^parallelism\.tp: 2 from settings line at line 3 \(TP\) \(kept\) disagrees with 4 from settings line at line 1 \(TP\)$/,
    );
  });

  it("a section's used statement goes with it; a setup section's is carried on", () => {
    const { runs } = scan(['## Setup', '- Dataset: random', '## A', '- Concurrency: 8', ...block(1), '## B', ...block(2)]);
    assert.deepEqual(
      runs.map((r) => [r.client?.dataset, r.client?.concurrency]),
      [
        ['random', 8],
        ['random', undefined],
      ],
    );
  });

  it("a heading's statement is about its own section only", () => {
    const { runs } = scan(['## TP4 run', ...block(1), '## next', ...block(2)]);
    assert.deepEqual(
      runs.map((r) => r.parallelism?.tp),
      [4, undefined],
    );
  });

  it('thousands of sections without runs keep a short list; the latest carried statement wins', () => {
    const lines: string[] = [];
    for (let k = 1; k <= 5000; k++) lines.push(`## section ${k}`, `- Concurrency: ${k}`, `- Input length: ${k * 2}`);
    lines.push('## results', ...block(1));
    const { runs, scanner } = scan(lines);
    assert.ok(scanner.state.settings.list.length <= 4, `${scanner.state.settings.list.length} statements kept`);
    assert.deepEqual([runs[0]?.client?.concurrency, runs[0]?.client?.input_len], [5000, 10000]);
  });
});
