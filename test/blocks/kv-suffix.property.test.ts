/**
 * Property: the key/value reader asked at each line in order (remembering the last block it
 * collected, so that a prose list of `key: value` bullets is not collected again from each of
 * its lines) answers as it does asked about each line alone.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { keyValueReader } from '../../src/ingest/blocks/key-value';

const RUNS = Number(process.env.BENCHBOOK_FUZZ_RUNS ?? 200);

const line = fc.constantFrom(
  '- Observation: throughput rose with TP4',
  '- Mean TTFT: 120 ms',
  '- P99 TTFT: 0.41 s',
  '- Request throughput: 3.2 req/s',
  'Latency (ms):',
  '  mean: 812.5',
  '  p99: 1630.2',
  'TTFT:',
  '  Mean: 99 ms',
  '- For 30 users: 10.8 req/s → 20.3 req/s (88% improvement)',
  'Queue wait: 3.1 ms',
  'Note: see the table above',
  '',
  '-----',
  'Summary',
  '╔════════╗',
  '║ Throughput: 4.1 req/s ║',
  '╚════════╝',
  'Successful requests: 40/40',
);

test('asking at each line in order answers as asking each line alone', () => {
  fc.assert(
    fc.property(fc.array(line, { minLength: 1, maxLength: 40 }), (lines) => {
      const inOrder = lines.map((_, i) => keyValueReader.startsAt(lines, i));
      const alone = lines.map((_, i) => keyValueReader.startsAt([...lines], i));
      assert.deepEqual(inOrder, alone, lines.join('\n'));
    }),
    { numRuns: RUNS },
  );
});
