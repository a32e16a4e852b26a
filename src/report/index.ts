/**
 * Report stage: Handlebars → Markdown → HTML → PDF.
 *   renderReport(input)            pure: ReportInput → Markdown (built-in or user templates)
 *   markdownToHtml(md, {title, svgs}) self-contained HTML (inline CSS, inline SVG charts)
 *   exportPdf / htmlToPdf / svgToPng  Debian Chromium via puppeteer-core (loaded lazily)
 *   buildReport(paths, opts)       the `benchbook report` orchestrator (reads inputs via ingest)
 * Formatting helpers are exported under report-specific names (charts exports its own
 * `metricName`/`metricUnit`).
 */
export {
  formatNumber,
  formatPercent,
  formatRange,
  formatMetric,
  formatMetricValue,
  metricUnit as reportMetricUnit,
  metricName as reportMetricName,
  metricLabel as reportMetricLabel,
  mdInline,
  mdCell,
  mdCode,
  sanitizeName,
  reportHelpers,
} from './helpers';
export { DEFAULT_SECTIONS, readReportConfig, parseReportConfig, matchesWhere, type ReportConfig } from './report-config';
export { buildReportView, APPENDIX_RUN_LIMIT, type ReportInput, type ReportFigure, type ReportView, type MdTable } from './report-view';
export { renderReport, loadTemplates, builtinTemplates, tidyMarkdown, BUILTIN_TEMPLATE_DIR, type TemplateSet, type RenderReportOptions } from './render-report';
export { markdownToHtml, sanitizeSvg, REPORT_CSS, type HtmlOptions } from './markdown-to-html';
export {
  exportPdf,
  htmlToPdf,
  htmlToPng,
  svgToPng,
  svgsToPng,
  exportWithChromium,
  withChromium,
  chromiumPath,
  CHROMIUM_FLAGS,
  PDF_FOOTER,
  type ChromiumOptions,
} from './pdf-export';
export {
  buildReport,
  writeReport,
  diskEffects,
  memoryEffects,
  outputPath,
  chartFileNames,
  type ReportEffects,
  type BuildReportOptions,
  type BuildReportResult,
} from './build-report';
