/**
 * benchbook: raw LLM-serving benchmark logs → tidy data → comparisons → charts → reports.
 *
 * Stages (docs/architecture.md "Stages"), each a folder that imports only the stages left of it:
 *   1. model   — RunRecord / EnvRecord / SampleRecord, metric vocabulary, diagnostics
 *   2. ingest  — format detection and parsers: files → records (+ diagnostics)
 *   3. analyze — configurations, comparisons, checks, observations (danfojs frames inside)
 *   4. charts  — Vega-Lite spec builders and SVG rendering
 *   5. report  — Handlebars → Markdown → HTML → PDF
 *   6. notebook — display helpers and the parameterised notebook runner
 * The CLI (src/cli) and notebooks call these same functions.
 */

export * from './analyze';
export * from './build';
export * from './charts';
export * from './ingest';
export * from './model';
export * from './notebook';
export * from './report';
