/**
 * `benchbook report` after the read (src/build.ts reads the inputs: report imports no ingest
 * module), one call per stage, after vega-lite's compile.ts:
 *   1. read     — done by the caller: runs, env, samples, diagnostics, source claims.
 *   2. filter   — the report config's `where` keeps runs whose group keys match.
 *   3. analyze  — analyzeRunsDetailed → Summary (+ runs with warm-up flags); with `slo`
 *                 targets its capacity, and the history of configurations measured at several
 *                 dates or versions.
 *   4. charts   — chartsForSummary → figures, then the Capacity and History sections' own;
 *                 renderSvg each (skipped with `charts: false`).
 *   5. render   — renderReport (Handlebars → Markdown), markdownToHtml (inline SVG + CSS).
 *   6. write    — report.md, report.html, charts/<name>.svg, runs.csv, summary.json, the
 *                 appendix CSVs (appendix-*.csv), and report.pdf / charts/<name>.png when
 *                 asked (one Chromium launch).
 * Every write goes through ONE effects interface (after Observable Framework's build.ts),
 * so tests can run without the disk; every output path is checked to stay inside `out`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Analysis, analyzeRunsDetailed, CLAIM_RULES, runGroup } from '../analyze';
import type { ClaimCheck } from '../analyze/types';
import { type ChartFigure, chartsForSummary, renderSvg } from '../charts';
import type { Diagnostic } from '../model/diagnostics';
import { BenchbookError, usageError } from '../model/diagnostics';
import type { EnvRecord, RunRecord, SampleRecord } from '../model/records';
import { runsCsvParts } from '../model/runs-csv';
import type { SourceClaim } from '../model/source-claim';
import { whereMatches } from '../model/where';
import { analysisOptions } from './analysis-options';
import { sanitizeName } from './helpers';
import { jsonTextParts } from './json-text-parts';
import { markdownToHtml } from './markdown-to-html';
import { loadTemplates, renderReport } from './render-report';
import type { ReportConfig } from './report-config';
import { parseReportConfig } from './report-config';
import type { ReportFigure } from './report-view';
import { type SummaryJson, summaryJson } from './summary-json';
import { reportTitle } from './title';
import { appendixCsvFiles } from './view/appendix';
import { capacityFigures } from './view/capacity-view';
import { historyFigures } from './view/history-view';
import type { FigureSection } from './view/section-figures';

/** Characters of a file written at a time by writeParts. */
const WRITE_PART_CHARS = 1 << 20;

/** All file output of a report build. */
export interface ReportEffects {
  writeFile(file: string, data: string | Uint8Array): Promise<void>;
  /**
   * Adds text to a file just written. Optional: with it, runs.csv and summary.json are
   * written in parts (for runs past a few hundred thousand they pass V8's longest string);
   * without it, each is one writeFile.
   */
  appendFile?(file: string, data: string): Promise<void>;
  mkdir(dir: string): Promise<void>;
}

export const diskEffects: ReportEffects = {
  async writeFile(file, data) {
    await fs.promises.writeFile(file, data);
  },
  async appendFile(file, data) {
    await fs.promises.appendFile(file, data);
  },
  async mkdir(dir) {
    await fs.promises.mkdir(dir, { recursive: true });
  },
};

/** Effects that keep every file in memory (tests). */
export function memoryEffects(): ReportEffects & { files: Map<string, string | Uint8Array>; dirs: Set<string> } {
  const files = new Map<string, string | Uint8Array>();
  const dirs = new Set<string>();
  return {
    files,
    dirs,
    async writeFile(file, data) {
      files.set(file, data);
    },
    async appendFile(file, data) {
      files.set(file, `${files.get(file) ?? ''}${data}`);
    },
    async mkdir(dir) {
      dirs.add(dir);
    },
  };
}

export interface BuildReportOptions {
  /** Output directory (created). */
  out: string;
  /** Wins over the title derived from the inputs (engines, hardware, what varies, models). */
  title?: string;
  /** Claims already checked against these inputs' comparisons (summary.claims); wins over `sourceClaims`. */
  claims?: readonly ClaimCheck[];
  /**
   * The source text's claims as read (ingest's readClaims), checked in the analysis. src/build.ts
   * gives those its read found when neither this nor `claims` is given.
   */
  sourceClaims?: readonly SourceClaim[];
  /** The verdict rules printed under Methodology (default: the checker's own, CLAIM_RULES). */
  claimRules?: string;
  /** A `.hbs` file, or a directory with `report.md.hbs` and/or `partials/*.hbs`. */
  template?: string;
  /** A report config file (YAML or JSON), or the config itself. */
  config?: string | ReportConfig;
  /**
   * Service-level targets, `METRIC<=VALUE` (`<`, `>=`, `>`; several, or comma-separated), as
   * `--slo` takes them: summary.json gets `capacity` and the report a Capacity section. Wins
   * over the config's `slo`. A metric that is neither a vocabulary key nor in the inputs is a
   * usage error naming the closest one.
   */
  slo?: readonly string[];
  pdf?: boolean;
  png?: boolean;
  /** Printed in the report when given; otherwise the report carries no date (deterministic). */
  generatedAt?: string;
  effects?: ReportEffects;
  chromiumPath?: string;
}

export interface BuildReportResult {
  /** Paths written, in write order. */
  files: string[];
  diagnostics: Diagnostic[];
  /** What summary.json holds: the analysis's Summary with each answer's confidence also in words. */
  summary: SummaryJson;
}

/** `out` + a relative path, refused unless the result stays inside `out`. */
export function outputPath(outDir: string, rel: string): string {
  const root = path.resolve(outDir);
  const full = path.resolve(root, rel);
  if (!full.startsWith(root + path.sep)) throw usageError(`output path escapes the output directory: ${rel}`);
  return full;
}

/** Chart file names: sanitised, and made unique (`-2`, `-3` …) after sanitising. */
export function chartFileNames(names: readonly string[]): string[] {
  const used = new Map<string, number>();
  return names.map((n) => {
    const base = sanitizeName(n);
    const k = (used.get(base) ?? 0) + 1;
    used.set(base, k);
    return k > 1 ? `${base}-${k}` : base;
  });
}

function loadConfig(config: BuildReportOptions['config'], diagnostics: Diagnostic[]): ReportConfig {
  if (config === undefined) return {};
  if (typeof config !== 'string') return config;
  let text: string;
  try {
    text = fs.readFileSync(config, 'utf8');
  } catch (err) {
    throw usageError(`cannot read report config ${config}: ${(err as Error).message}`);
  }
  const parsed = parseReportConfig(text, config);
  if (parsed.diagnostics.some((d) => d.severity === 'error'))
    throw new BenchbookError(parsed.diagnostics.find((d) => d.severity === 'error') as Diagnostic);
  diagnostics.push(...parsed.diagnostics);
  return parsed.config;
}

/** The charts the summary calls for, rendered to SVG; a chart that fails becomes a warning. */
async function renderCharts(
  analysis: Analysis,
  samples: readonly SampleRecord[],
  diagnostics: Diagnostic[],
): Promise<{ figures: ReportFigure[]; svgs: Map<string, string> }> {
  const figures: ReportFigure[] = [];
  const svgs = new Map<string, string>();
  const { summary } = analysis;
  const charts: Array<ChartFigure & { section?: FigureSection }> = chartsForSummary({
    runs: analysis.runs,
    configurations: summary.configurations,
    comparisons: summary.comparisons,
    samples,
    loads: analysis.loads,
    ...(summary.capacity ? { slo: summary.capacity.slo } : {}),
  });
  // The Capacity and History sections' own figures, after the others (their names are their own prefix).
  if (summary.capacity) charts.push(...capacityFigures(summary.capacity));
  if (summary.history) charts.push(...historyFigures(summary.history));
  const names = chartFileNames(charts.map((c) => c.name));
  for (let i = 0; i < charts.length; i++) {
    const chart = charts[i];
    const name = names[i];
    if (!chart || !name) continue;
    try {
      svgs.set(name, await renderSvg(chart.spec));
      figures.push({ name, title: chart.title, caption: chart.caption, ...(chart.section ? { section: chart.section } : {}) });
    } catch (err) {
      diagnostics.push({
        severity: 'warning',
        code: 'io-error',
        message: `chart "${name}" could not be rendered: ${(err as Error).message}`,
      });
    }
  }
  return { figures, svgs };
}

/** Every write of a build, through the effects and the output-path guard; remembers the paths in write order. */
function outputWriter(effects: ReportEffects, out: string) {
  const files: string[] = [];
  return {
    files,
    async write(rel: string, data: string | Uint8Array): Promise<void> {
      const file = outputPath(out, rel);
      await effects.writeFile(file, data);
      files.push(file);
    },
    /** A text file made of parts, written about a MiB at a time when the effects can append. */
    async writeParts(rel: string, parts: Iterable<string>): Promise<void> {
      const file = outputPath(out, rel);
      const append = effects.appendFile?.bind(effects);
      let pending = '';
      let started = false;
      for (const part of parts) {
        pending += part;
        if (!append || pending.length < WRITE_PART_CHARS) continue;
        await (started ? append(file, pending) : effects.writeFile(file, pending));
        started = true;
        pending = '';
      }
      if (!started) await effects.writeFile(file, pending);
      else if (pending !== '' && append) await append(file, pending);
      files.push(file);
    },
  };
}

/** report.pdf and charts/<name>.png, from one Chromium launch. */
async function exportChromium(writer: ReturnType<typeof outputWriter>, opts: BuildReportOptions, html: string, svgs: Map<string, string>) {
  const { exportWithChromium } = await import('./pdf-export');
  const job: { html?: string; svgs?: string[] } = {};
  if (opts.pdf) job.html = html;
  if (opts.png) job.svgs = [...svgs.values()];
  const out = await exportWithChromium(job, opts.chromiumPath ? { chromiumPath: opts.chromiumPath } : {});
  if (out.pdf) await writer.write('report.pdf', out.pdf);
  const names = [...svgs.keys()];
  for (let i = 0; i < out.pngs.length; i++) {
    const png = out.pngs[i];
    const name = names[i];
    if (png && name) await writer.write(`charts/${name}.png`, png);
  }
}

/** Records already read → the report files. src/build.ts reads the inputs then calls this. */
export async function writeReport(
  records: { runs: RunRecord[]; env: EnvRecord[]; samples: SampleRecord[]; diagnostics: Diagnostic[] },
  opts: BuildReportOptions,
): Promise<BuildReportResult> {
  const effects = opts.effects ?? diskEffects;
  const diagnostics: Diagnostic[] = [...records.diagnostics];
  const config = loadConfig(opts.config, diagnostics);
  const templates = loadTemplates(opts.template);

  // 2. filter
  const runs = config.where ? records.runs.filter((r) => whereMatches(runGroup(r), config.where)) : records.runs;
  const inputFiles = new Set(runs.map((r) => r.source.file));
  const env = config.where ? records.env.filter((e) => inputFiles.has(e.source.file)) : records.env;
  const samples = records.samples;

  // 3. analyze
  const analysis = analyzeRunsDetailed(runs, analysisOptions({ ...records, runs, env }, opts, config));
  const summary = analysis.summary;

  // 4. charts
  const { figures, svgs } =
    config.charts !== false ? await renderCharts(analysis, samples, diagnostics) : { figures: [], svgs: new Map<string, string>() };

  // 5. render (the appendix CSVs are listed in the report: made from the same diagnostics)
  const csvFiles = appendixCsvFiles(analysis.runs, summary, summary.questions, [...diagnostics]);
  const title =
    opts.title ??
    reportTitle(
      analysis.runs,
      env,
      summary.questions,
      summary.inputs.map((i) => i.file),
      summary.history,
    );
  const input = { title, runs: analysis.runs, env, samples, loads: analysis.loads, summary, figures, diagnostics, config };
  const rendered = renderReport(
    {
      ...input,
      ...(opts.generatedAt !== undefined ? { generatedAt: opts.generatedAt } : {}),
      claimRules: opts.claimRules ?? CLAIM_RULES.join('\n'),
    },
    { templates },
  );
  diagnostics.push(...rendered.diagnostics);
  const html = markdownToHtml(rendered.markdown, { title, svgs });

  // 6. write
  const writer = outputWriter(effects, opts.out);
  await effects.mkdir(path.resolve(opts.out));
  await writer.write('report.md', rendered.markdown);
  await writer.write('report.html', html);
  if (svgs.size) await effects.mkdir(outputPath(opts.out, 'charts'));
  for (const [name, svg] of svgs) await writer.write(`charts/${name}.svg`, svg.endsWith('\n') ? svg : `${svg}\n`);
  await writer.writeParts('runs.csv', runsCsvParts(analysis.runs));
  const json = summaryJson(summary);
  await writer.writeParts('summary.json', withNewline(jsonTextParts(json)));
  for (const csv of csvFiles) await writer.writeParts(csv.name, csv.parts());
  if (opts.pdf || (opts.png && svgs.size)) await exportChromium(writer, opts, html, svgs);
  return { files: writer.files, diagnostics, summary: json };
}

function* withNewline(parts: Iterable<string>): Generator<string, void, undefined> {
  yield* parts;
  yield '\n';
}
