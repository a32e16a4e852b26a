/**
 * The `text/html` form of a chart: the static SVG, which a script replaces with an interactive
 * vega-embed view when the chart libraries can be loaded from the notebook server
 * (`static/benchbook/`, served from node_modules by `benchbook notebook serve`: no network).
 * Where they cannot (an exported HTML file, a viewer that runs no scripts), the SVG stays.
 *
 * The classic notebook (Jupyter 6) has RequireJS, and the UMD builds of vega, vega-lite and
 * vega-embed register with it as anonymous modules, so they are loaded through it; elsewhere
 * through script tags, one after the other.
 */
import { randomBytes } from 'node:crypto';
import { CHART_LIBS_URL } from './jupyter-dir';

/**
 * JSON safe inside a `<script>` element: `<`, `>`, `&` and the line separators escaped, so
 * that a label from a log (`</script><script>…`) cannot close the element.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The loader, run in the browser; `__ID__` and `__LIBS__` are replaced. Kept ES5: it runs as written. */
const LOADER = `(function () {
  var el = document.getElementById('__ID__');
  var data = document.getElementById('__ID__-spec');
  if (!el || !data) return;
  var spec = JSON.parse(data.textContent);
  var base = (document.body && document.body.getAttribute('data-base-url')) || '/';
  var libs = base + '__LIBS__';
  function embed(vegaEmbed) {
    var svg = el.innerHTML;
    vegaEmbed(el, spec, { renderer: 'svg', actions: { export: true, source: false, compiled: false, editor: false } })
      .catch(function () { el.innerHTML = svg; });
  }
  if (window.vegaEmbed) return embed(window.vegaEmbed);
  if (typeof window.requirejs === 'function') {
    window.requirejs.config({ paths: { vega: libs + 'vega.min', 'vega-lite': libs + 'vega-lite.min', 'vega-embed': libs + 'vega-embed.min' } });
    window.requirejs(['vega-embed'], embed, function () {});
    return;
  }
  var files = ['vega.min.js', 'vega-lite.min.js', 'vega-embed.min.js'];
  (function next(i) {
    if (i === files.length) return window.vegaEmbed && embed(window.vegaEmbed);
    var s = document.createElement('script');
    s.src = libs + files[i];
    s.onload = function () { next(i + 1); };
    document.head.appendChild(s);
  })(0);
})();`;

/** The chart as HTML: `svg` (already rendered by vega, which escapes its text) upgraded to vega-embed in a live notebook. */
export function interactiveChartHtml(spec: unknown, svg: string, id = `benchbook-chart-${randomBytes(6).toString('hex')}`): string {
  const script = LOADER.replace(/__ID__/g, id).replace('__LIBS__', CHART_LIBS_URL);
  return [
    `<div id="${id}" class="benchbook-chart">${svg}</div>`,
    `<script type="application/json" id="${id}-spec">${scriptSafeJson(spec)}</script>`,
    `<script>${script}</script>`,
  ].join('\n');
}
