/**
 * Layer rules (docs/architecture.md "Stages"): a stage imports only the stages left of it.
 *   model ← ingest ← (analyze) ← charts ← report ← notebook ← cli
 * Report sees records, never the reader: src/build.ts reads the inputs and hands them on.
 * `npm run lint` checks them on src/.
 */
const layer = (name, mayImport) => ({
  name: `${name}-imports-only-${mayImport.join('-') || 'nothing'}`,
  severity: 'error',
  comment: `src/${name} may import ${mayImport.length ? mayImport.map((m) => `src/${m}`).join(', ') : 'nothing of ours'}`,
  from: { path: `^src/${name}/` },
  to: { path: '^src/', pathNot: [`^src/${name}/`, ...mayImport.map((m) => `^src/${m}/`)] },
});

module.exports = {
  forbidden: [
    layer('model', []),
    layer('ingest', ['model']),
    layer('analyze', ['model']),
    layer('charts', ['model', 'analyze']),
    layer('report', ['model', 'analyze', 'charts']),
    layer('notebook', ['model', 'ingest', 'analyze', 'charts', 'report']),
    {
      name: 'nothing-imports-cli',
      severity: 'error',
      comment: 'src/cli is the entry point: nothing imports it',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'ingest-stays-light',
      severity: 'error',
      comment: '`benchbook parse` must not load the analysis, chart, report or browser stack',
      from: { path: '^src/(model|ingest)/' },
      to: { path: 'node_modules/(danfojs-node|danfojs|vega|vega-lite|vega-embed|puppeteer-core|handlebars|markdown-it)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'import cycles make the load order matter',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^dist/' },
  },
};
