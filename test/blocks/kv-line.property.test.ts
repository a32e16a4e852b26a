/**
 * Property: pairs rendered in each shape a home-made script prints (a log prefix, a box, `|`
 * or `,` between pairs, `k=v k=v`, dot leaders, a bullet) are read back as the same pairs,
 * and a line the parser takes is never split differently than it was printed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseKvLine, stripLogPrefix } from '../../src/ingest/blocks/kv-line';

const RUNS = Number(process.env.BENCHBOOK_FUZZ_RUNS ?? 300);

const word = fc.constantFrom(
  'TTFT',
  'latency',
  'Mean',
  'output',
  'tok/s',
  'Requests',
  'p99',
  'E2E',
  'rate',
  'Duration',
  '__proto__',
  'µs',
  'Avg',
);
const key = fc
  .array(word, { minLength: 1, maxLength: 3 })
  .map((ws) => ws.join(' '))
  .filter((k) => /^[A-Za-z_µ]/.test(k));
const snakeKey = fc
  .array(fc.constantFrom('ttft', 'e2e', 'mean', 'p99', 'out', 'tok'), { minLength: 1, maxLength: 3 })
  .map((ws) => ws.join('_'));
const number = fc.double({ min: 0, max: 1e6, noNaN: true }).map((v) => String(Math.round(v * 1000) / 1000));
const unit = fc.constantFrom('', ' ms', ' s', 'ms', ' tok/s', ' req/s', '%', ' tokens');
const value = fc.tuple(number, unit).map(([n, u]) => `${n}${u}`);
const pair = fc.tuple(key, value).map(([k, v]) => ({ key: k, value: v }));
const prefix = fc.constantFrom('', '[2025-02-03|10:11:12] INFO     ', '2025-02-03 10:11:12,123 INFO ', 'INFO  ', '[rank0] ', 'INFO | ');

function readBack(line: string): Array<{ key: string; value: string }> | undefined {
  const got = parseKvLine(line);
  return got?.kind === 'pairs' ? got.pairs : undefined;
}

test('one pair, with a log prefix, a bullet or dot leaders, reads back as printed', () => {
  fc.assert(
    fc.property(pair, prefix, fc.constantFrom(': ', ' = ', ' ....... ', ':   '), fc.constantFrom('', '- ', '  '), (p, pre, sep, bullet) => {
      const line = `${bullet}${pre}${p.key}${sep}${p.value}`;
      assert.deepEqual(readBack(line), [p], line);
    }),
    { numRuns: RUNS },
  );
});

test('several pairs to a line (`|`, `,`, inside a box) read back in order', () => {
  fc.assert(
    fc.property(
      fc.array(pair, { minLength: 2, maxLength: 4 }),
      fc.constantFrom(' | ', ', '),
      fc.boolean(),
      fc.boolean(),
      (pairs, sep, boxed, ragged) => {
        const body = pairs.map((p) => `${p.key}: ${p.value}`).join(sep);
        const line = boxed ? `║ ${body}${ragged ? '' : ' ║'}` : body;
        assert.deepEqual(readBack(line), pairs, line);
      },
    ),
    { numRuns: RUNS },
  );
});

test('`k=v k=v` lines read back pair by pair', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(snakeKey, number), { minLength: 2, maxLength: 5 }), (kvs) => {
      const line = kvs.map(([k, v]) => `${k}=${v}`).join(' ');
      assert.deepEqual(
        readBack(line),
        kvs.map(([k, v]) => ({ key: k, value: v })),
        line,
      );
    }),
    { numRuns: RUNS },
  );
});

test('a stripped prefix keeps the date and time it held', () => {
  fc.assert(
    fc.property(
      fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
      fc.constantFrom('|', ' ', 'T'),
      (d, sep) => {
        const iso = d.toISOString().slice(0, 19);
        const printed = `${iso.slice(0, 10)}${sep}${iso.slice(11)}`;
        const s = stripLogPrefix(`[${printed}] INFO     TTFT: 1 ms`);
        assert.equal(s.timestamp, iso);
        assert.equal(s.body, 'TTFT: 1 ms');
      },
    ),
    { numRuns: RUNS },
  );
});

test('box rules and lines with no pair are told apart from pairs', () => {
  assert.deepEqual(parseKvLine('╟───────────╢'), { kind: 'rule', inner: true });
  assert.deepEqual(parseKvLine('╚═══════════╝'), { kind: 'rule', inner: false });
  assert.equal(parseKvLine('║ TOTAL LATENCY ║')?.kind, 'text');
  assert.equal(parseKvLine('INFO: mean ttft: 3 ms')?.kind, 'text', '`INFO:` is not a prefix this reader takes off');
  assert.equal(parseKvLine('Requests sent 100%|██████| 1000/1000 [ 6.49it/s 02:34/00:00 ]')?.kind !== 'pairs', true);
  assert.notEqual(parseKvLine('See http://host:8000/v1 for details')?.kind, 'pairs', 'a URL is not a pair');
});
