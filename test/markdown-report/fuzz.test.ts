import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseCsv } from '../../src/ingest/csv';
import { looksLikeMarkdownReport, parseMarkdownReport } from '../../src/ingest/markdown-report';

// Fragments of the inputs these readers see, glued at random: they must never throw.
const fragments = fc.constantFrom(
  '<table>',
  '</table>',
  '<thead>',
  '<tr>',
  '<td>',
  '</td>',
  '<th>Gen TPS</th>',
  '<th colspan="3">Preset',
  '&#x20;',
  '&#xFFFFFFF;',
  '&bogus;',
  '| Preset | Gen TPS |',
  '| --- | --- |',
  '| a | 1,2 |',
  '\\|',
  '**',
  '`',
  '```',
  '~~~',
  '#',
  '## 4.1 Qwen-1.5B - 64k context @10req',
  '\n',
  '\n\n',
  '<img src="chart_x_64000ctx_512max.png">',
  '__proto__',
  'constructor',
  '"',
  ',',
  ';',
  '\t',
  'Metric,avg,p99',
  'Type,Name,Request Count,Failure Count',
  'Timestamp,User Count,Requests/s',
  'N/A',
  '1e999',
  '-',
  '…',
);
const doc = fc.array(fc.oneof(fragments, fc.string({ maxLength: 8 })), { maxLength: 60 }).map((parts) => parts.join(''));

test('markdown report and CSV readers never throw and keep prototypes intact', () => {
  fc.assert(
    fc.property(doc, (text) => {
      const md = parseMarkdownReport(text, { file: 'f.md' });
      looksLikeMarkdownReport(text);
      const csv = parseCsv(text, { file: 'f.csv' });
      for (const r of [...md.records, ...csv.records]) {
        if (r.kind !== 'run') continue;
        assert.equal(Object.getPrototypeOf(r.raw), Object.prototype);
        assert.equal(Object.getPrototypeOf(r.metrics), Object.prototype);
        for (const v of Object.values(r.metrics)) assert.ok(Number.isFinite(v));
      }
      for (const d of [...md.diagnostics, ...csv.diagnostics]) assert.ok(d.file && d.line !== undefined && d.line >= 1, JSON.stringify(d));
      assert.ok(!md.diagnostics.some((d) => d.severity === 'error' && /could not be read/.test(d.message)), 'no internal error');
      assert.ok(!csv.diagnostics.some((d) => d.severity === 'error' && /could not be read/.test(d.message)), 'no internal error');
    }),
    { numRuns: 400, seed: 7 },
  );
});
