import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chartsForSummary } from '../../src/charts';
import { displayBundle, escapeHtml, isDataFrameLike, show, tableHtml, VEGA_LITE_MIME } from '../../src/notebook/show';
import { a10Fixture } from './fixtures';

describe('notebook show', () => {
  it('a chart figure gives one bundle with Vega-Lite, SVG, interactive HTML and text', async () => {
    const figure = chartsForSummary(a10Fixture())[0]!;
    const b = await displayBundle(figure);
    assert.deepEqual(Object.keys(b.data).sort(), [VEGA_LITE_MIME, 'image/svg+xml', 'text/html', 'text/plain'].sort());
    assert.equal(b.data[VEGA_LITE_MIME], figure.spec);
    assert.match(String(b.data['image/svg+xml']), /^<svg /);
    assert.match(String(b.data['text/plain']), /vs concurrency/);
    const bare = await displayBundle(figure.spec);
    assert.ok(VEGA_LITE_MIME in bare.data && 'image/svg+xml' in bare.data);
  });

  it('rows become an escaped HTML table and a text table', async () => {
    const rows = [
      { preset: '<img src=x onerror=alert(1)>', output_tps: 573.8 },
      { preset: 'gpu-small', output_tps: 576.27, note: 'a & b' },
    ];
    const b = await displayBundle(rows);
    const html = String(b.data['text/html']);
    assert.equal(html.includes('<img'), false);
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'));
    assert.ok(html.includes('<th>note</th>') && html.includes('a &amp; b'));
    assert.match(String(b.data['text/plain']), /preset\s+output_tps\s+note/);
  });

  it('a danfojs-like frame (columns + values) becomes a table; long tables are cut with a count', () => {
    const df = { columns: ['a', 'b'], values: Array.from({ length: 5 }, (_, i) => [i, `<${i}>`]) };
    assert.ok(isDataFrameLike(df));
    const html = tableHtml(df, 3);
    assert.equal((html.match(/<tr>/g) ?? []).length, 4);
    assert.ok(html.includes('&lt;0&gt;') && html.includes('2 more rows (5 in all)'));
  });

  it('outside a kernel show prints text and does not throw', async () => {
    const out: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((s: string) => {
      out.push(String(s));
      return true;
    }) as typeof process.stdout.write;
    try {
      await show([{ a: 1 }]);
      await show('hello');
    } finally {
      process.stdout.write = write;
    }
    assert.match(out.join(''), /a\n-\n1\n/);
    assert.match(out.join(''), /hello/);
    out.length = 0;
    process.stdout.write = ((s: string) => {
      out.push(String(s));
      return true;
    }) as typeof process.stdout.write;
    try {
      await show(chartsForSummary(a10Fixture()).slice(0, 2));
    } finally {
      process.stdout.write = write;
    }
    assert.match(out.join(''), /^Throughput and output throughput vs concurrency\n.*\nScaling: throughput speedup\n/s);
  });

  it('escapeHtml covers quotes too', () => {
    assert.equal(escapeHtml(`"'<>&`), '&quot;&#39;&lt;&gt;&amp;');
  });
});
