/**
 * Published Markdown reports: pipe tables and HTML `<table>`s of results under headings that
 * carry the model, context length and load ("Qwen-1.5B - 2048 context length @10req at a time
 * for 100 total requests"). Stages:
 *   1. scanReport      — headings (incl. bold-only paragraphs), tables, figures, prose
 *   2. readDocumentFacts — model list, presets table, engine / API / temperature stated in prose
 *   3. tableRuns       — one run per row (wide strategy tables: one per row and strategy),
 *                        context from the row, then the headings, then figure file names,
 *                        then the document; presets joined by name
 *   4. duplicates      — a run with the same preset and metrics as an earlier one is flagged
 */
import type { Diagnostic } from '../../model/diagnostics';
import { recordId } from '../../model/ids';
import { parseNumber } from '../../model/metric-vocabulary';
import type { Engine, RunRecord, Strategy } from '../../model/records';
import { SCHEMA_VERSION } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import {
  applyUserContext,
  type ColumnMeaning,
  classifyColumn,
  normaliseEngine,
  normaliseStrategy,
  numberOf,
  setContextField,
} from '../csv/columns';
import { finishRun } from '../csv/generic';
import type { ParseOptions, ParseResult } from '../types';
import { figureFacts, headingFacts } from './heading-context';
import { collectModelIds, findModelMentions, modelInFileName, resolveModel } from './model-names';
import { type ScannedTable, scanReport } from './scan';

export { readHtmlTable } from './html-table';
export { cleanInline } from './inline';

/** True for Markdown with a result table: an HTML `<table>` or pipe table whose headers name metrics. */
export function looksLikeMarkdownReport(text: string): boolean {
  if (!/<table[\s>]/i.test(text) && !/^\s*\|?\s*:?-{2,}/m.test(text)) return false;
  const { tables } = scanReport(text.split(/\r?\n/));
  return tables.some((t) => t.header.some((h) => metricOf(classifyColumn(h)) !== undefined || wideColumn(h) !== undefined));
}

function metricOf(m: ColumnMeaning): { key: string; factor: number } | undefined {
  return m.kind === 'metric' ? { key: m.key, factor: m.factor } : undefined;
}

interface WideColumn {
  variant: string;
  field: 'parallelism.strategy' | 'engine';
  value: Strategy | Engine;
  metric: { key: string; factor: number };
}

/** `Pipeline (Prompt TPS)` / `Gen TPS (tensor)`: a metric column for one strategy or engine. */
function wideColumn(header: string): WideColumn | undefined {
  const m = /^(.+?)\s*\((.+)\)\s*$/.exec(header.trim());
  if (!m || m[1] === undefined || m[2] === undefined) return undefined;
  for (const [outer, inner] of [
    [m[1], m[2]],
    [m[2], m[1]],
  ] as const) {
    const strategy = normaliseStrategy(outer);
    const engine = strategy ? undefined : normaliseEngine(outer);
    if (!strategy && !engine) continue;
    const metric = metricOf(classifyColumn(inner));
    if (!metric) continue;
    if (strategy) return { variant: strategy, field: 'parallelism.strategy', value: strategy, metric };
    if (engine) return { variant: engine, field: 'engine', value: engine, metric };
  }
  return undefined;
}

export interface ReportPreset {
  name: string;
  line: number;
  gpu?: string;
  gpu_count?: number;
  vcpus?: number;
  memory_gb?: number;
  vram_gb?: number;
}

interface DocFacts {
  modelIds: Array<{ id: string; line: number }>;
  presets: Map<string, ReportPreset>;
  presetLine?: number;
  engine?: { value: Engine; line: number; text: string };
  api?: { value: 'openai' | 'native'; line: number; text: string };
  temperature?: { value: number; line: number };
  maxTokens?: { value: number; line: number };
  /** Prose saying the server's tensor-parallel size is the preset's GPU count. */
  tpIsPresetGpus?: { line: number };
}

function gigabytes(text: string): number | undefined {
  const m = /^\s*([\d.,]+)\s*(gi?b|ti?b)?\b/i.exec(text);
  if (!m || m[1] === undefined) return undefined;
  const v = numberOf(m[1]);
  if (v === undefined) return undefined;
  return m[2] && /^t/i.test(m[2]) ? v * 1024 : v;
}

/** A presets table (`Preset | vCPUs | Memory | VRAM | GPU Count | GPU Type`): no metrics, hardware columns. */
function readPresets(t: ScannedTable, presets: Map<string, ReportPreset>): boolean {
  const cols = t.header.map((h) => {
    const n = h.toLowerCase().trim();
    if (/^(gpu )?preset$|^preset name$/.test(n)) return 'name';
    if (/^v?cpus?$/.test(n)) return 'vcpus';
    if (/^(memory|ram|system memory|mem)$/.test(n)) return 'memory_gb';
    if (/^(vram|gpu memory|gpu ram)$/.test(n)) return 'vram_gb';
    if (/^(gpu count|gpus|num gpus|# ?gpus)$/.test(n)) return 'gpu_count';
    if (/^(gpu type|gpu|gpu model)$/.test(n)) return 'gpu';
    return undefined;
  });
  if (!cols.includes('name') || !cols.some((c) => c === 'gpu' || c === 'gpu_count' || c === 'vcpus' || c === 'vram_gb')) return false;
  if (t.header.some((h) => metricOf(classifyColumn(h)) !== undefined)) return false;
  for (const row of t.rows) {
    const p: ReportPreset = { name: '', line: t.line };
    cols.forEach((c, k) => {
      const cell = (row[k] ?? '').trim();
      if (!c || cell === '') return;
      if (c === 'name') p.name = cell;
      else if (c === 'gpu') p.gpu = cell;
      else if (c === 'memory_gb' || c === 'vram_gb') {
        const v = gigabytes(cell);
        if (v !== undefined) p[c] = v;
      } else {
        const v = numberOf(cell);
        if (v !== undefined) p[c] = v;
      }
    });
    if (p.name !== '' && !presets.has(p.name.toLowerCase())) presets.set(p.name.toLowerCase(), p);
  }
  return true;
}

function readDocumentFacts(scan: ReturnType<typeof scanReport>): DocFacts {
  const facts: DocFacts = { modelIds: collectModelIds(scan.textLines), presets: new Map() };

  for (const t of scan.tables) {
    if (readPresets(t, facts.presets) && facts.presetLine === undefined) facts.presetLine = t.line;
  }
  const engines = new Map<Engine, { line: number; text: string }>();
  const apis = new Map<'openai' | 'native', { line: number; text: string }>();
  const temps = new Map<number, number>();
  const maxTokens = new Map<number, number>();
  for (const p of scan.prose) {
    for (const sentence of p.text.split(/(?<=[.!?])\s+/)) {
      const m =
        /\b(vllm|sglang|tgi|tensorrt-llm|trt-?llm)\b[^.]{0,80}\b(benchmarks?|load tests?|stress tests?)\b/i.exec(sentence) ??
        /\b(?:benchmarks?|load tests?)\b[^.]{0,40}\b(vllm|sglang|tgi|tensorrt-llm|trt-?llm)\b/i.exec(sentence);
      const e = m?.[1] ? normaliseEngine(m[1]) : undefined;
      if (e && m && !engines.has(e)) engines.set(e, { line: p.line, text: m[0].trim() });
    }
    const endpoint = /\/v1\/(?:chat\/)?completions\b/.exec(p.text) ?? /(?:^|\s|`)\/generate\b/.exec(p.text);
    if (endpoint) {
      const kind = endpoint[0].includes('/v1/') ? 'openai' : 'native';
      if (!apis.has(kind)) apis.set(kind, { line: p.line, text: endpoint[0].trim() });
    }
    for (const m of p.text.matchAll(/\btemperature\s*[=:]\s*(\d+(?:\.\d+)?)\b(?!\s*\/)/gi))
      if (m[1] && !temps.has(Number(m[1]))) temps.set(Number(m[1]), p.line);
    for (const m of p.text.matchAll(/\bmax[_ ]tokens\s*[=:]\s*(\d+)\b(\s*\/)?/gi)) {
      if (m[2])
        maxTokens.set(-1, p.line); // "512/2048": more than one value, none can be applied
      else if (m[1] && !maxTokens.has(Number(m[1]))) maxTokens.set(Number(m[1]), p.line);
    }
    if (
      !facts.tpIsPresetGpus &&
      /tensor[- ]parallel[- ]size\b[^.]*\b(number of gpus|gpus? (available )?on the preset|number_of_gpus)/i.test(p.text)
    )
      facts.tpIsPresetGpus = { line: p.line };
  }
  if (engines.size === 1) {
    const [value, at] = [...engines][0] as [Engine, { line: number; text: string }];
    facts.engine = { value, ...at };
  }
  if (apis.size === 1) {
    const [value, at] = [...apis][0] as ['openai' | 'native', { line: number; text: string }];
    facts.api = { value, ...at };
  }
  if (temps.size === 1) {
    const [value, line] = [...temps][0] as [number, number];
    facts.temperature = { value, line };
  }
  if (maxTokens.size === 1 && !maxTokens.has(-1)) {
    const [value, line] = [...maxTokens][0] as [number, number];
    facts.maxTokens = { value, line };
  }
  return facts;
}

function round(v: number): number {
  return Number(v.toPrecision(12));
}

function emptyRun(file: string, t: ScannedTable, row: number, variant?: string): RunRecord {
  const title = t.headings[t.headings.length - 1]?.text;
  return {
    kind: 'run',
    schema_version: SCHEMA_VERSION,
    id: recordId(file, t.line, row, variant),
    source: { file, line: t.line, row, format: t.kind },
    ...(title !== undefined ? { title } : {}),
    labels: t.headings.map((h) => h.text),
    metrics: {},
    raw: {},
    provenance: {},
    flags: [],
  };
}

interface TableContext {
  file: string;
  facts: DocFacts;
  diagnostics: Diagnostic[];
  unknownPresets: Set<string>;
}

/** Fills what the row left open from the headings in scope, the figures under the table, the document. */
function applyScope(run: RunRecord, t: ScannedTable, ctx: TableContext, notes: Set<string>): void {
  const ids = ctx.facts.modelIds.map((m) => m.id);
  const where = (h: { text: string; line: number }): string => `heading '${h.text}' at line ${h.line}`;
  const figures = t.figures.map((f) => ({ ...figureFacts(f.src), line: f.line }));
  const agreed = <K extends 'contextLength' | 'maxTokens'>(key: K): { value: number; file: string; line: number } | undefined => {
    const values = figures.filter((f) => f[key] !== undefined);
    if (values.length === 0) return undefined;
    const first = values[0] as (typeof values)[number];
    if (values.some((f) => f[key] !== first[key])) return undefined; // figures disagree: use none
    return { value: first[key] as number, file: first.file, line: first.line };
  };

  // Nearest heading first.
  const headings = [...t.headings].reverse().map((h) => ({ h, f: headingFacts(h.text, findModelMentions) }));

  // A model cell with a short name ("Llama-3B") resolves like a heading's.
  if (run.model !== undefined && run.server?.model_path === undefined && ids.length > 0) {
    const r = resolveModel(run.model, ids);
    if (r.kind === 'resolved') {
      const cell = run.model;
      setContextField(run, 'model', r.id);
      const listed = ctx.facts.modelIds.find((m) => m.id === r.id);
      run.provenance.model = `table cell '${cell}' resolved to ${r.id}${listed ? ` (model list at line ${listed.line})` : ''}`;
      run.provenance['server.model_path'] = run.provenance.model;
    }
  }
  if (run.model === undefined) {
    const hit = headings.find((x) => x.f.modelMention !== undefined);
    if (hit?.f.modelMention) {
      const mention = hit.f.modelMention;
      const r = resolveModel(mention, ids);
      if (r.kind === 'resolved') {
        setContextField(run, 'model', r.id);
        const listed = ctx.facts.modelIds.find((m) => m.id === r.id);
        run.provenance.model = `${where(hit.h)}: '${mention}' resolved to ${r.id}${listed ? ` (model list at line ${listed.line})` : ''}`;
        if (run.server?.model_path !== undefined) run.provenance['server.model_path'] = run.provenance.model;
      } else {
        setContextField(run, 'model', mention, `${where(hit.h)} (not in the report's model list)`);
        if (r.kind === 'ambiguous' && !notes.has('ambiguous')) {
          notes.add('ambiguous');
          ctx.diagnostics.push({
            severity: 'warning',
            code: 'conflicting-context',
            message: `model '${mention}' matches several listed models (${r.candidates.join(', ')}): kept as written`,
            file: ctx.file,
            line: hit.h.line,
          });
        }
      }
    } else {
      const fromFigure = figures.map((f) => ({ f, id: modelInFileName(f.file, ids) })).filter((x) => x.id !== undefined);
      const distinct = new Set(fromFigure.map((x) => x.id));
      const first = fromFigure[0];
      if (first?.id && distinct.size === 1) {
        setContextField(run, 'model', first.id, `figure file name '${first.f.file}' at line ${first.f.line} (no model in the headings)`);
        if (run.server?.model_path !== undefined) run.provenance['server.model_path'] = run.provenance.model ?? '';
      } else if (!notes.has('no-model')) {
        notes.add('no-model');
        ctx.diagnostics.push({
          severity: 'info',
          code: 'context-missing',
          message: `no model named in the headings above the table at line ${t.line}: model left absent`,
          file: ctx.file,
          line: t.line,
        });
      }
    }
  }

  if (run.server?.context_length === undefined) {
    const hit = headings.find((x) => x.f.contextLength !== undefined);
    const fig = agreed('contextLength');
    if (hit?.f.contextLength !== undefined) {
      const k = hit.f.contextK;
      if (k !== undefined && fig && (fig.value === Math.round(k * 1000) || fig.value === Math.round(k * 1024))) {
        setContextField(
          run,
          'server.context_length',
          String(fig.value),
          `${where(hit.h)} says '${hit.f.contextText}'; k read as ${fig.value} from figure file name '${fig.file}' at line ${fig.line}`,
        );
      } else if (k !== undefined) {
        setContextField(
          run,
          'server.context_length',
          String(hit.f.contextLength),
          `${where(hit.h)} says '${hit.f.contextText}'; k read as 1000`,
        );
      } else setContextField(run, 'server.context_length', String(hit.f.contextLength), `${where(hit.h)} ('${hit.f.contextText}')`);
    } else if (fig) setContextField(run, 'server.context_length', String(fig.value), `figure file name '${fig.file}' at line ${fig.line}`);
  }

  if (run.client?.concurrency === undefined) {
    const hit = headings.find((x) => x.f.concurrency !== undefined);
    if (hit?.f.concurrency !== undefined)
      setContextField(run, 'client.concurrency', String(hit.f.concurrency), `${where(hit.h)} ('${hit.f.concurrencyText}')`);
  }
  if (run.client?.total_requests === undefined) {
    const hit = headings.find((x) => x.f.totalRequests !== undefined);
    if (hit?.f.totalRequests !== undefined)
      setContextField(run, 'client.total_requests', String(hit.f.totalRequests), `${where(hit.h)} ('${hit.f.totalRequestsText}')`);
  }
  if (run.client?.max_tokens === undefined) {
    const hit = headings.find((x) => x.f.maxTokens !== undefined);
    const fig = agreed('maxTokens');
    if (hit?.f.maxTokens !== undefined) setContextField(run, 'client.max_tokens', String(hit.f.maxTokens), where(hit.h));
    else if (fig) setContextField(run, 'client.max_tokens', String(fig.value), `figure file name '${fig.file}' at line ${fig.line}`);
    else if (ctx.facts.maxTokens)
      setContextField(run, 'client.max_tokens', String(ctx.facts.maxTokens.value), `report text at line ${ctx.facts.maxTokens.line}`);
  }
  if (run.engine === undefined) {
    const hit = headings.find((x) => x.f.engine !== undefined);
    if (hit?.f.engine) setContextField(run, 'engine', hit.f.engine, where(hit.h));
    else if (ctx.facts.engine)
      setContextField(run, 'engine', ctx.facts.engine.value, `report text at line ${ctx.facts.engine.line}: '…${ctx.facts.engine.text}…'`);
  }
  if (run.api === undefined && ctx.facts.api)
    setContextField(run, 'api', ctx.facts.api.value, `report text at line ${ctx.facts.api.line} names the ${ctx.facts.api.text} endpoint`);
  if (run.parallelism?.strategy === undefined) {
    const hit = headings.find((x) => x.f.strategy !== undefined);
    if (hit?.f.strategy) setContextField(run, 'parallelism.strategy', hit.f.strategy, where(hit.h));
  }
  if (run.client?.temperature === undefined && ctx.facts.temperature) {
    setContextField(run, 'client.temperature', String(ctx.facts.temperature.value), `report text at line ${ctx.facts.temperature.line}`);
  }

  // Presets joined by name (case-insensitive).
  const presetName = run.hardware?.preset;
  if (presetName !== undefined && ctx.facts.presets.size > 0) {
    const p = ctx.facts.presets.get(presetName.toLowerCase());
    if (!p) {
      if (!ctx.unknownPresets.has(presetName.toLowerCase())) {
        ctx.unknownPresets.add(presetName.toLowerCase());
        ctx.diagnostics.push({
          severity: 'warning',
          code: 'context-missing',
          message: `preset '${presetName}' is not in the presets table at line ${ctx.facts.presetLine}: its hardware is left absent`,
          file: ctx.file,
          line: t.line,
        });
      }
    } else {
      const from = `presets table at line ${p.line} (row '${p.name}')`;
      const hw = run.hardware ?? (run.hardware = {});
      let joined = false;
      for (const key of ['gpu', 'gpu_count', 'vcpus', 'memory_gb', 'vram_gb'] as const) {
        const value = p[key];
        if (value === undefined || hw[key] !== undefined) continue;
        (hw as Record<typeof key, string | number>)[key] = value;
        joined = true;
      }
      if (joined) run.provenance.hardware = from;
      if (p.gpu_count !== undefined && run.parallelism?.gpus === undefined && ctx.facts.tpIsPresetGpus) {
        const par = run.parallelism ?? (run.parallelism = {});
        par.gpus = p.gpu_count;
        run.provenance['parallelism.gpus'] =
          `GPU Count of '${p.name}' in the ${from.replace(/ \(row.*$/, '')}; the report says (line ${ctx.facts.tpIsPresetGpus.line}) each server used all GPUs of its preset (tensor-parallel-size = number of GPUs)`;
      }
    }
  }
}

function tableRuns(t: ScannedTable, ctx: TableContext): RunRecord[] {
  const meanings = t.header.map((h) => classifyColumn(h));
  const wide = t.header.map((h) => wideColumn(h));
  const hasMetric = meanings.some((m) => m.kind === 'metric') || wide.some((w) => w !== undefined);
  if (!hasMetric) return [];
  const variants: WideColumn[] = [];
  for (const w of wide) if (w && !variants.some((v) => v.variant === w.variant)) variants.push(w);

  if (t.unclosed)
    ctx.diagnostics.push({
      severity: 'info',
      code: 'table-malformed',
      message: `HTML table at line ${t.line} has no </table>: read up to line ${t.endLine}`,
      file: ctx.file,
      line: t.line,
    });
  for (const r of t.ragged) {
    ctx.diagnostics.push({
      severity: 'warning',
      code: 'table-malformed',
      message: `row ${r} of the table at line ${t.line} has ${t.rows[r - 1]?.length ?? 0} cells, the header ${t.header.length}: cells read by position`,
      file: ctx.file,
      line: t.line,
    });
  }

  const runs: RunRecord[] = [];
  const notes = new Set<string>();
  t.rows.forEach((cells, index) => {
    const rowNo = index + 1;
    const perVariant: Array<WideColumn | undefined> = variants.length > 0 ? variants : [undefined];
    for (const v of perVariant) {
      const run = emptyRun(ctx.file, t, rowNo, v?.variant);
      t.header.forEach((header, k) => {
        const cell = cells[k];
        if (cell === undefined) return;
        const w = wide[k];
        if (w && v && w.variant !== v.variant) return; // another strategy's cell
        if (cell !== '') setOwn(run.raw, header, cell);
        const m = meanings[k] as ColumnMeaning;
        const metric = w ? w.metric : metricOf(m);
        if (metric) {
          const n = parseNumber(cell);
          if (n.lossy) {
            if (!run.flags.includes('lossy-cell')) run.flags.push('lossy-cell');
            ctx.diagnostics.push({
              severity: 'warning',
              code: 'cell-lossy',
              message: `'${header}' in row ${rowNo} of the table at line ${t.line} is truncated ('${cell}'): left absent`,
              file: ctx.file,
              line: t.line,
            });
          } else if (n.value !== undefined) setOwn(run.metrics, metric.key, round(n.value * metric.factor));
          else if (!n.missing)
            ctx.diagnostics.push({
              severity: 'warning',
              code: 'cell-unparsed',
              message: `'${header}' in row ${rowNo} of the table at line ${t.line} is not a number ('${cell}')`,
              file: ctx.file,
              line: t.line,
            });
          if (m.kind === 'metric' && m.note) run.provenance[`metrics.${metric.key}`] = m.note;
        } else if (m.kind === 'context') {
          setContextField(run, m.field, cell);
        } else if (m.kind === 'unknown') {
          const n = parseNumber(cell);
          if (n.value !== undefined) setOwn(run.metrics, m.key, n.value);
        }
      });
      if (v) {
        setContextField(run, v.field, v.value);
        run.provenance[v.field] = `column headers '${t.header.filter((_, k) => wide[k]?.variant === v.variant).join("', '")}'`;
      }
      applyScope(run, t, ctx, notes);
      const failed = run.metrics.requests_failed_count;
      if (failed !== undefined && failed > 0) run.flags.push('failed-requests');
      runs.push(run);
    }
  });
  return runs;
}

/** A run whose preset and metrics equal an earlier run's is a repeat of it (a table copied later). */
function flagDuplicates(runs: RunRecord[], file: string, diagnostics: Diagnostic[]): void {
  const seen = new Map<string, RunRecord>();
  for (const run of runs) {
    const keys = Object.keys(run.metrics).sort();
    if (keys.length < 2) continue;
    const sig = JSON.stringify([run.hardware?.preset?.toLowerCase() ?? null, keys.map((k) => [k, run.metrics[k]])]);
    const first = seen.get(sig);
    if (!first) {
      seen.set(sig, run);
      continue;
    }
    run.flags.push('duplicate');
    run.provenance['flags.duplicate'] = `same preset and metrics as ${first.id}`;
    diagnostics.push({
      severity: 'info',
      code: 'duplicate-run',
      message: `row ${run.source.row} of the table at line ${run.source.line} repeats ${first.id} (same preset and metrics): kept, flagged duplicate`,
      file,
      line: run.source.line,
    });
  }
}

export function parseMarkdownReport(text: string, opts: ParseOptions): ParseResult {
  const { records, diagnostics } = readMarkdownReport(text, opts);
  return { records, diagnostics };
}

/** parseMarkdownReport with the tables found and read (for the file's coverage). */
export function readMarkdownReport(text: string, opts: ParseOptions): ParseResult {
  try {
    return parseMarkdownReportUnsafe(text, opts);
  } catch (err) {
    // A reader bug must not take the rest of a batch down: report it as lost data.
    return {
      records: [],
      diagnostics: [
        {
          severity: 'error',
          code: 'table-malformed',
          message: `report could not be read: ${(err as Error).message}`,
          file: opts.file,
          line: 1,
        },
      ],
    };
  }
}

function parseMarkdownReportUnsafe(text: string, opts: ParseOptions): ParseResult {
  const file = opts.file;
  const diagnostics: Diagnostic[] = [];
  if (text.trim() === '') {
    return { records: [], diagnostics: [{ severity: 'warning', code: 'empty-input', message: 'empty file', file, line: 1 }] };
  }
  const lines = text.split(/\r?\n/);
  const scan = scanReport(lines);
  const facts = readDocumentFacts(scan);
  const ctx: TableContext = { file, facts, diagnostics, unknownPresets: new Set() };
  const runs: RunRecord[] = [];
  let tablesRead = 0;
  for (const t of scan.tables) {
    const got = tableRuns(t, ctx);
    // A presets table is read too: it joins onto the runs of the other tables.
    if (got.length > 0 || t.line === facts.presetLine) tablesRead++;
    if (got.length === 0 && t.line !== facts.presetLine && t.rows.length > 0) {
      diagnostics.push({
        severity: 'info',
        code: 'prose-skipped',
        message: `table at line ${t.line} has no metric columns (${t.header.join(', ')}): not read as runs`,
        file,
        line: t.line,
      });
    }
    runs.push(...got);
  }
  flagDuplicates(runs, file, diagnostics);
  for (const run of runs) applyUserContext(run, opts);

  // Figures quoted in prose (observations, introductions) restate tables: reported once, not read.
  const figures = scan.prose.filter((p) => /\d/.test(p.text));
  if (figures.length > 0) {
    const first = figures[0] as { line: number };
    const what = runs.length === 0 ? 'no result table found; ' : '';
    diagnostics.push({
      severity: 'info',
      code: 'prose-skipped',
      message: `${what}${figures.length} prose lines with figures (introduction, observations, notes) are not runs: skipped`,
      file,
      line: first.line,
    });
  } else if (runs.length === 0) {
    diagnostics.push({ severity: 'info', code: 'prose-skipped', message: 'no result table found: nothing to read', file, line: 1 });
  }
  const tables = { tablesFound: scan.tables.length, tablesRead, notUnderstood: 0, firstNotUnderstood: [] };
  return { records: runs.map(finishRun), diagnostics, tables };
}

/** Exposed for tests and notebooks: the presets and model ids a report declares. */
export function readReportFacts(text: string): { presets: ReportPreset[]; modelIds: string[] } {
  const facts = readDocumentFacts(scanReport(text.split(/\r?\n/)));
  return { presets: [...facts.presets.values()], modelIds: facts.modelIds.map((m) => m.id) };
}
