/**
 * Properties (issue 27, the cell layer every grid shares): a cell rendered in one of the forms
 * published tables and terminals print — `a ± b unit`, `a unit ± b%`, `[lo est hi]`,
 * `min … max`, `N+ unit`, two values with qualifiers — reads back to the figures it was rendered
 * from, each in its own unit; and grids whose cells print different time units in one column
 * (bombardier's `100.21ms | 130.73ms | 1.21s`) are normalised per cell.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseLog } from '../../src/ingest/parse-log';
import { cellForm } from '../../src/ingest/tables/cell-forms';
import type { RunRecord } from '../../src/model/records';

const RUNS = Number(process.env.BENCHBOOK_PROPERTY_RUNS ?? 150);

const TIME_UNITS: Readonly<Record<string, number>> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1 };
const unit = fc.constantFrom('ms', 's', 'µs', 'us', 'ns', 'tok/s', 't/s', 'req/s', 'GB', 'ns/op', 'B/op');
const timeUnit = fc.constantFrom(...Object.keys(TIME_UNITS));
/** A decimal as printed (digits) and its value; thousands commas on big integers. */
const decimal = fc.tuple(fc.integer({ min: 0, max: 999999 }), fc.integer({ min: 0, max: 99 }), fc.boolean()).map(([a, b, comma]) => {
  const whole = comma ? a.toLocaleString('en-US') : String(a);
  return b === 0 ? { text: whole, value: a } : { text: `${whole}.${String(b).padStart(2, '0')}`, value: a + b / 100 };
});
const gap = fc.constantFrom('', ' ');
const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

test('a ± b, with the unit on both, once after the spread, or a relative spread, reads back', () => {
  fc.assert(
    fc.property(decimal, decimal, unit, gap, fc.constantFrom('both', 'after', 'pct'), (v, s, u, g, how) => {
      const text =
        how === 'both'
          ? `${v.text}${g}${u} ± ${s.text}${g}${u}`
          : how === 'after'
            ? `${v.text} ± ${s.text} ${u}`
            : `${v.text}${g}${u} ± ${s.text}%`;
      const f = cellForm(text);
      assert.ok(f?.shape === 'spread', text);
      assert.ok(close(f.value, v.value), text);
      assert.equal(f.unit, u === 't/s' ? 't/s' : u, text);
      assert.ok(close(f.spread, s.value), text);
      assert.equal(f.relative, how === 'pct', text);
    }),
    { numRuns: RUNS },
  );
});

test('[lo est hi] triples read back as the estimate with its interval, in the estimate unit', () => {
  fc.assert(
    fc.property(fc.array(decimal, { minLength: 3, maxLength: 3 }), timeUnit, (vs, u) => {
      const [lo, est, hi] = vs as [(typeof vs)[0], (typeof vs)[0], (typeof vs)[0]];
      const text = `[${lo.text} ${u} ${est.text} ${u} ${hi.text} ${u}]`;
      const f = cellForm(text);
      assert.ok(f?.shape === 'interval', text);
      assert.ok(close(f.value, est.value) && close(f.low, lo.value) && close(f.high, hi.value), text);
      assert.equal(f.unit, u);
    }),
    { numRuns: RUNS },
  );
});

test('min … max and a - b ranges read back as two ends, never one value', () => {
  fc.assert(
    fc.property(decimal, decimal, timeUnit, fc.constantFrom(' … ', ' ... ', ' - ', ' – '), (a, b, u, sep) => {
      const text = `${a.text} ${u}${sep}${b.text} ${u}`;
      const f = cellForm(text);
      assert.ok(f?.shape === 'range', text);
      assert.ok(close(f.low.value, a.value) && close(f.high.value, b.value), text);
      assert.equal(f.low.unit, u);
    }),
    { numRuns: RUNS },
  );
});

test('N+ and > N are bounds, not values', () => {
  fc.assert(
    fc.property(decimal, unit, fc.boolean(), (v, u, after) => {
      const text = after ? `${v.text}+ ${u}` : `> ${v.text} ${u}`;
      const f = cellForm(text);
      assert.ok(f?.shape === 'bound', text);
      assert.ok(close(f.bound.value, v.value), text);
      assert.equal(f.side, 'lower');
    }),
    { numRuns: RUNS },
  );
});

test('a cell of several values keeps each apart, the first as the cell value, qualifiers off', () => {
  const part = fc.tuple(
    decimal,
    fc.constantFrom('tok/s', 'tks/s', 'ms', 'GB'),
    fc.option(fc.constantFrom('8B', '7B, **Marlin**', 'bs=16'), { nil: undefined }),
  );
  fc.assert(
    fc.property(fc.array(part, { minLength: 2, maxLength: 3 }), (parts) => {
      const text = parts.map(([v, u, q]) => `${v.text} ${u}${q ? ` (${q})` : ''}`).join(', ');
      const f = cellForm(text);
      assert.ok(f?.shape === 'several', text);
      const all = [f, ...f.others];
      assert.equal(all.length, parts.length, text);
      parts.forEach(([v, u], k) => {
        assert.ok(close(all[k]?.value ?? Number.NaN, v.value), text);
        assert.equal(all[k]?.unit, u === 'tks/s' ? 'tok/s' : u, text);
      });
    }),
    { numRuns: RUNS },
  );
});

test('plain cells, dates, HTTP code pairs and bucket names are no compound form', () => {
  for (const text of ['100.21ms', '1,234', '1.2k', '8.28 t/s', '2024-05-01', '1xx - 0', '4k-8k', 'N/A', '40 / 40', 'abc'])
    assert.equal(cellForm(text), undefined, text);
});

function runsOf(text: string, file = 'bench.md'): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

test('a report table whose latency cells print different time units reads each in its own', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(decimal, timeUnit, gap), { minLength: 2, maxLength: 5 }), (cells) => {
      const rows = cells.map(([v, u, g], k) => `| run-${k + 1} | ${v.text}${g}${u} | ${k + 1} |`);
      const text = ['## Results', '', '| Name | Mean Latency (ms) | Concurrency |', '| --- | --- | --- |', ...rows, ''].join('\n');
      const runs = runsOf(text);
      assert.equal(runs.length, cells.length);
      cells.forEach(([v, u], k) => {
        // The header's `(ms)` is not forced on a cell that says another unit (a warning says so).
        const want = v.value * (TIME_UNITS[u] ?? Number.NaN);
        const got = runs[k]?.metrics.latency_mean_s;
        assert.ok(got !== undefined && close(got, want), `${v.text}${u}: ${got} vs ${want}`);
      });
    }),
    { numRuns: Math.min(RUNS, 60) },
  );
});

// A terminal stat matrix in the shape of bombardier's summary (our own figures; formats/bombardier
// reads it, through the same per-cell units as the general grid).
test('a stat matrix row with a unit per cell is normalised per cell', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(decimal, timeUnit), { minLength: 3, maxLength: 3 }), (cells) => {
      const lat = cells.map(([v, u]) => `${v.text}${u}`);
      const text = [
        'Bombarding http://localhost:8080 with 200 request(s) using 4 connection(s)',
        'Statistics        Avg      Stdev        Max',
        '  Reqs/sec        41.25      12.50     190.00',
        `  Latency      ${lat[0]}   ${lat[1]}   ${lat[2]}`,
        '',
      ].join('\n');
      const run = runsOf(text, 'bombardier.txt')[0];
      assert.ok(run, text);
      const keys = ['latency_mean_s', 'latency_std_s', 'latency_max_s'];
      cells.forEach(([v, u], k) => {
        const got = run.metrics[keys[k] as string];
        const want = v.value * (TIME_UNITS[u] ?? Number.NaN);
        assert.ok(got !== undefined && close(got, want), `${lat[k]} → ${got}, want ${want}`);
      });
    }),
    { numRuns: Math.min(RUNS, 60) },
  );
});
