/**
 * Report stage: Handlebars → Markdown → HTML → PDF.
 *   renderReport(input)            pure: ReportInput → Markdown (built-in or user templates)
 *   markdownToHtml(md, {title, svgs}) self-contained HTML (inline CSS, inline SVG charts)
 *   exportPdf / htmlToPdf / svgToPng  Debian Chromium via puppeteer-core (loaded lazily)
 *   writeReport(records, opts)     records → report files (src/build.ts reads the inputs first)
 * Formatting helpers are exported under report-specific names (charts exports its own
 * `metricName`/`metricUnit`).
 */

export {
  type BuildReportOptions,
  type BuildReportResult,
  chartFileNames,
  diskEffects,
  memoryEffects,
  outputPath,
  type ReportEffects,
  writeReport,
} from './build-report';
export {
  formatMetric,
  formatMetricValue,
  formatNumber,
  formatPercent,
  formatRange,
  mdCell,
  mdCode,
  mdInline,
  metricLabel as reportMetricLabel,
  metricName as reportMetricName,
  metricUnit as reportMetricUnit,
  reportHelpers,
  sanitizeName,
} from './helpers';
export { type HtmlOptions, markdownToHtml, REPORT_CSS, sanitizeSvg } from './markdown-to-html';
export {
  CHROMIUM_FLAGS,
  type ChromiumOptions,
  chromiumPath,
  exportPdf,
  exportWithChromium,
  htmlToPdf,
  htmlToPng,
  PDF_FOOTER,
  svgsToPng,
  svgToPng,
  withChromium,
} from './pdf-export';
export {
  BUILTIN_TEMPLATE_DIR,
  builtinTemplates,
  loadTemplates,
  type RenderReportOptions,
  renderReport,
  type TemplateSet,
  tidyMarkdown,
} from './render-report';
export { DEFAULT_SECTIONS, parseReportConfig, type ReportConfig, readReportConfig } from './report-config';
export {
  type AnswerGroupView,
  type AppendixFile,
  buildReportView,
  type CapacityView,
  type FigureView,
  type HistoryView,
  type MdTable,
  type ReportFigure,
  type ReportInput,
  type ReportView,
} from './report-view';
export { reportTitle } from './title';
export { MAX_PROSE_ANSWERS } from './view/answers-view';
export { type AppendixCsv, appendixCsvFiles } from './view/appendix';
export { MAX_REPORT_FIGURES } from './view/charts-view';
export { DEFAULT_CLAIM_RULES, VERDICT_WORDS } from './view/claims-view';
export { flagWords, WARMUP_LEGEND, WARMUP_MARK } from './view/flags';
