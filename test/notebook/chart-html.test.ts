/** The interactive HTML form of a chart: SVG inside, spec safe inside its script, libraries from the notebook server. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { interactiveChartHtml, scriptSafeJson } from '../../src/notebook/chart-html';
import { displayBundle } from '../../src/notebook/show';

/** A new spec each time: vega tags the data objects it renders. */
const spec = () => ({
  $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
  data: { values: [{ engine: '</script><script>alert(1)</script>', rps: 1 }] },
  mark: 'bar',
  encoding: { x: { field: 'engine', type: 'nominal' }, y: { field: 'rps', type: 'quantitative' } },
});

describe('interactive chart HTML', () => {
  it('keeps the SVG as the content the script upgrades, and loads the libraries from the server only', async () => {
    const bundle = await displayBundle(spec());
    const html = String(bundle.data['text/html']);
    const svg = String(bundle.data['image/svg+xml']);
    const id = /<div id="(benchbook-chart-[0-9a-f]{12})" class="benchbook-chart"><svg /.exec(html)?.[1];
    assert.ok(id, 'a div holding the SVG');
    assert.ok(html.includes(`>${svg}</div>`), 'the same SVG as image/svg+xml');
    assert.ok(html.includes(`getElementById('${id}')`) && html.includes(`getElementById('${id}-spec')`));
    assert.match(html, /var libs = base \+ 'static\/benchbook\/';/);
    const loader = html.slice(html.lastIndexOf('<script>'));
    assert.doesNotMatch(loader, /https?:|\/\/[a-z]/i, 'no CDN: nothing is fetched from the network');
    assert.doesNotMatch(html, /__ID__|__LIBS__/);
  });

  it('a label from a log cannot close the spec script', () => {
    const html = interactiveChartHtml(spec(), '<svg></svg>', 'x');
    // Exactly the three elements: the div, the JSON script, the loader script.
    assert.equal(html.match(/<\/script>/g)?.length, 2);
    assert.equal(html.match(/<script/g)?.length, 2);
    const json = /<script type="application\/json" id="x-spec">(.*)<\/script>/.exec(html)?.[1];
    assert.deepEqual(JSON.parse(json!), spec());
    assert.equal(scriptSafeJson('a\u2028b&<>'), '"a\\u2028b\\u0026\\u003c\\u003e"');
  });
});
