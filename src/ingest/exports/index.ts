/**
 * JSON result exports → RunRecords, and the per-request results they hold → SampleRecords:
 *   1. parse the text as one JSON value, else as JSON lines (one value per line);
 *   2. for each object (an array's elements, a JSONL line), recognise the tool by its keys
 *      (serving-json.ts: vLLM `--save-result` / SGLang bench_serving; genai-perf-json.ts: the
 *      genai-perf / AIPerf summary; genai-perf-requests.ts: genai-perf's per-request
 *      `profile_export.json`, one run per experiment; llmperf-json.ts: llmperf's summary;
 *      aisbench-json.ts: AISBench's `performances/<model-config>/<dataset>.json` common
 *      metrics; guidellm-json.ts: guidellm's report, one run per benchmark; evalscope-json.ts:
 *      evalscope perf's summary or percentile file, one run; its `benchmark_args.json`, no run
 *      but the settings of those beside it, evalscope-args.ts; oha-json.ts: oha's `--output-format
 *      json`; k6-json.ts: k6's `--summary-export` / handleSummary data, one run each;
 *      benchbook-jsonl.ts: benchbook's own `parse` output, read back record by record), and a
 *      whole array of llmperf requests (llmperf-requests.ts) before its elements;
 *   3. per-request lists (serving-requests.ts) and requests (genai-perf-requests.ts, a guidellm
 *      benchmark's `requests`) become
 *      `sample` records labelled with their run's id (request-samples.ts), after that run;
 *   4. other objects are read by their key names when they name a performance metric
 *      (generic-json.ts: one run each); the rest give an `unknown-format` diagnostic, never a crash.
 * Scope-free: labels are empty; user context and duplicates are applied by parseLog.
 */
import type { Diagnostic } from '../../model/diagnostics';
import { recordId } from '../../model/ids';
import { type BenchRecord, type FormatName, type RunRecord, type SampleRecord, SCHEMA_VERSION } from '../../model/records';
import { orderRun } from '../blocks/common';
import { aisbenchCommonRun } from '../formats/aisbench/aisbench-json';
import { EVALSCOPE_ARGS_NOTE, looksLikeEvalscopeArgs } from '../formats/evalscope/evalscope-args';
import { evalscopePercentileRows, evalscopeRun } from '../formats/evalscope/evalscope-json';
import { genaiPerfRun } from '../formats/genai-perf/genai-perf-json';
import { genaiPerfExperimentRuns, looksLikeGenaiPerfRequests } from '../formats/genai-perf/genai-perf-requests';
import { guidellmBenchmarkRun, guidellmRequests, guidellmRequestValues } from '../formats/guidellm/guidellm-json';
import { ohaJsonRun } from '../formats/hey-oha/oha-json';
import { jetstreamResultRun } from '../formats/jetstream/jetstream-json';
import { k6SummaryRun } from '../formats/k6/k6-json';
import { llmdReportRun, looksLikeLlmdReport } from '../formats/llm-d/from-llm-d-report';
import { llmperfSummaryRun } from '../formats/llmperf/llmperf-json';
import { looksLikeLlmperfRequests, readLlmperfRequests } from '../formats/llmperf/llmperf-requests';
import { servingResultRun } from '../formats/serving-bench/serving-json';
import { hasServingRequests, readServingRequests } from '../formats/serving-bench/serving-requests';
import type { ParseOptions, ParseResult, PartialRun } from '../types';
import { benchbookRecordBack, looksLikeBenchbookRecord } from './benchbook-jsonl';
import { genericJsonRun } from './generic-json';
import { formatOf } from './known-export';
import { nonFiniteDiagnostics } from './non-finite';
import { RequestSampleWriter } from './request-samples';
import { type NonFiniteToken, parseJsonTolerant } from './tolerant-json';
import { UnknownObjects } from './unknown-objects';

export { genaiPerfRun, looksLikeGenaiPerfExport } from '../formats/genai-perf/genai-perf-json';
export { genaiPerfExperimentRuns, looksLikeGenaiPerfRequests } from '../formats/genai-perf/genai-perf-requests';
export { isSglangResult, looksLikeServingResult, resultDate, servingResultRun } from '../formats/serving-bench/serving-json';
export { hasServingRequests, readServingRequests } from '../formats/serving-bench/serving-requests';
export {
  REQUEST_FAILED,
  REQUEST_ITL,
  REQUEST_LATENCY,
  REQUEST_TPOT,
  REQUEST_TTFT,
  RequestSampleWriter,
  type RequestValues,
} from './request-samples';
export { parseJsonTolerant } from './tolerant-json';

export function looksLikeJsonExport(text: string): boolean {
  return /^\s*[[{]/.test(text);
}

interface JsonValueAt {
  value: unknown;
  /** 1-based line where the value starts. */
  line: number;
  /** 1-based element index when the value came from a top-level array. */
  row?: number;
}

/** One JSON document, else JSON lines; lines that do not parse give diagnostics. */
function readValues(text: string, file: string, diagnostics: Diagnostic[]): JsonValueAt[] {
  const body = text.replace(/^\uFEFF/, '');
  const found: NonFiniteToken[] = [];
  try {
    const value: unknown = parseJsonTolerant(body, found);
    diagnostics.push(...nonFiniteDiagnostics(body, found, file, 1));
    const line = body.slice(0, body.search(/\S|$/)).split('\n').length;
    // evalscope's percentile file is a list of rows of one table: one value.
    const percentiles = Array.isArray(value) ? evalscopePercentileRows(value) : undefined;
    if (percentiles) return [{ value: percentiles, line }];
    if (Array.isArray(value)) return value.map((v, k) => ({ value: v, line, row: k + 1 }));
    return [{ value, line }];
  } catch {
    // not a single document: try JSON lines
  }
  const out: JsonValueAt[] = [];
  const lines = body.split(/\r?\n/);
  let bad = 0;
  lines.forEach((l, k) => {
    if (l.trim() === '') return;
    const inLine: NonFiniteToken[] = [];
    try {
      out.push({ value: parseJsonTolerant(l, inLine), line: k + 1 });
      diagnostics.push(...nonFiniteDiagnostics(l, inLine, file, k + 1));
    } catch (e) {
      bad++;
      if (bad <= 5)
        diagnostics.push({
          severity: 'error',
          code: 'unknown-format',
          message: `not valid JSON: ${(e as Error).message}`,
          file,
          line: k + 1,
        });
    }
  });
  if (bad > 5) diagnostics.push({ severity: 'error', code: 'unknown-format', message: `${bad} lines in all are not valid JSON`, file });
  return out;
}

function toRecord(run: PartialRun, file: string, line: number, row: number | undefined): RunRecord {
  const { startLine: _s, row: _r, format, variant, ...rest } = orderRun(run);
  const source: RunRecord['source'] = row !== undefined ? { file, line, row, format } : { file, line, format };
  const record: RunRecord = {
    kind: 'run',
    schema_version: SCHEMA_VERSION,
    id: recordId(file, line, row, variant),
    source,
    labels: [],
    ...rest,
  };
  return record;
}

function titleForGenaiPerf(file: string, o: Record<string, unknown>): string {
  if (/aiperf/i.test(file)) return 'AIPerf export';
  const cfg = o.input_config;
  if (cfg && typeof cfg === 'object' && ('loadgen' in cfg || 'cli_command' in cfg)) return 'AIPerf export';
  return 'genai-perf export';
}

/**
 * An object no export reader takes: read by its key names (generic-json.ts) when it names a
 * performance metric, else said once per shape.
 */
function unknownObjectRecord(obj: Record<string, unknown>, v: JsonValueAt, file: string, unknown: UnknownObjects): RunRecord | undefined {
  const generic = genericJsonRun(obj, v.line - 1);
  if (generic) return toRecord(generic, file, v.line, v.row);
  const keys = Object.keys(obj).slice(0, 6).join(', ');
  unknown.add(
    obj,
    v.line,
    `JSON object not recognised as a vLLM, SGLang, genai-perf, llmperf, AISBench, guidellm, evalscope, oha or k6 export (keys: ${keys}${Object.keys(obj).length > 6 ? ', …' : ''})`,
  );
  return undefined;
}

export function parseJsonExport(text: string, opts: ParseOptions): ParseResult {
  const file = opts.file;
  const diagnostics: Diagnostic[] = [];
  const records: BenchRecord[] = [];
  const values = readValues(text, file, diagnostics);
  const all = values.map((v) => v.value);
  if (looksLikeLlmperfRequests(all)) return { records: llmperfRequestRecords(all, file, values[0]?.line ?? 1), diagnostics };
  const unknown = new UnknownObjects(file, diagnostics);
  let settingsOnly = 0;
  for (const v of values) {
    const o = v.value;
    if (o === null || typeof o !== 'object' || Array.isArray(o)) {
      diagnostics.push({
        severity: 'warning',
        code: 'unknown-format',
        message: 'a JSON value that is not an object: not a known benchmark export',
        file,
        line: v.line,
      });
      continue;
    }
    const obj = o as Record<string, unknown>;
    if (looksLikeBenchbookRecord(obj)) {
      const back = benchbookRecordBack(obj, file, v.line, diagnostics);
      if (back) records.push(back);
      continue;
    }
    if (looksLikeLlmdReport(obj)) {
      records.push(toRecord(llmdReportRun(obj, { file, line: v.line, diagnostics }), file, v.line, v.row));
      continue;
    }
    const format = formatOf(obj, opts.formatHint);
    if (!format && looksLikeEvalscopeArgs(obj)) {
      // Settings, not results: read with the summary and percentile files beside it.
      diagnostics.push({ severity: 'info', code: 'prose-skipped', message: EVALSCOPE_ARGS_NOTE, file, line: v.line });
      settingsOnly++;
      continue;
    }
    if (!format) {
      const generic = unknownObjectRecord(obj, v, file, unknown);
      if (generic) records.push(generic);
      continue;
    }
    if (format === 'aisbench') {
      const run = aisbenchCommonRun(obj, text.split(/\r?\n/), v.line - 1, file, diagnostics);
      records.push(toRecord(run, file, v.line, v.row));
    } else for (const r of readObject(obj, format, v, file, diagnostics)) records.push(r);
  }
  unknown.finish();
  // A file of settings alone holds no result table: its coverage is no warning.
  if (settingsOnly > 0 && settingsOnly === values.length) return { records, diagnostics, tables: NO_TABLES };
  return { records, diagnostics };
}

/**
 * The runs of one object of a known export as its file is read (per-request samples left out),
 * for a document pasted into a log or a page (blocks/json-result.ts): undefined for an object
 * no export reader takes, or one read with more than its own text (AISBench's, llm-d's).
 */
export function exportObjectRuns(
  obj: Record<string, unknown>,
  index: number,
  file: string,
  diagnostics: Diagnostic[],
): PartialRun[] | undefined {
  const format = formatOf(obj);
  if (format === undefined || format === 'aisbench') return undefined;
  if (format === 'guidellm-json') {
    const benchmarks = Array.isArray(obj.benchmarks) ? obj.benchmarks : [];
    return benchmarks
      .filter((b): b is Record<string, unknown> => b !== null && typeof b === 'object' && !Array.isArray(b))
      .map((b, k) => ({ ...guidellmBenchmarkRun(b, obj, index), variant: `benchmark-${k + 1}` }));
  }
  if (format === 'evalscope-json') return [evalscopeRun(obj, file, index, diagnostics)];
  if (format === 'genai-perf-json') {
    if (looksLikeGenaiPerfRequests(obj))
      return genaiPerfExperimentRuns(obj, index).map((e) => (e.variant ? { ...e.run, variant: e.variant } : e.run));
    return [genaiPerfRun(obj, index, titleForGenaiPerf(file, obj))];
  }
  if (format === 'llmperf-json') return [llmperfSummaryRun(obj, index)];
  if (format === 'jetstream-json') return [jetstreamResultRun(obj, index)];
  if (format === 'oha-json') return [ohaJsonRun(obj, index)];
  if (format === 'k6-json') return [k6SummaryRun(obj, index)];
  return [servingResultRun(obj, format, index)];
}

const NO_TABLES = { tablesFound: 0, tablesRead: 0, notUnderstood: 0, firstNotUnderstood: [] };

/** The runs of one recognised object, each followed by its per-request samples. */
function readObject(
  obj: Record<string, unknown>,
  format: FormatName,
  v: JsonValueAt,
  file: string,
  diagnostics: Diagnostic[],
): Array<RunRecord | SampleRecord> {
  const out: Array<RunRecord | SampleRecord> = [];
  if (format === 'guidellm-json') return guidellmRecords(obj, v, file, diagnostics);
  if (format === 'evalscope-json') return [toRecord(evalscopeRun(obj, file, v.line - 1, diagnostics), file, v.line, v.row)];
  if (format === 'genai-perf-json' && looksLikeGenaiPerfRequests(obj)) {
    for (const e of genaiPerfExperimentRuns(obj, v.line - 1)) {
      const record = toRecord(e.variant ? { ...e.run, variant: e.variant } : e.run, file, v.line, v.row);
      out.push(record);
      const writer = new RequestSampleWriter(record.id, record.source, out);
      e.requests.forEach((r, i) => {
        writer.add(i, r);
      });
    }
    return out;
  }
  if (format === 'llmperf-json') return [toRecord(llmperfSummaryRun(obj, v.line - 1), file, v.line, v.row)];
  if (format === 'jetstream-json') return [toRecord(jetstreamResultRun(obj, v.line - 1), file, v.line, v.row)];
  if (format === 'oha-json' || format === 'k6-json')
    return [toRecord((format === 'oha-json' ? ohaJsonRun : k6SummaryRun)(obj, v.line - 1), file, v.line, v.row)];
  if (format === 'genai-perf-json') return [toRecord(genaiPerfRun(obj, v.line - 1, titleForGenaiPerf(file, obj)), file, v.line, v.row)];
  const record = toRecord(servingResultRun(obj, format, v.line - 1), file, v.line, v.row);
  out.push(record);
  if (hasServingRequests(obj)) {
    readServingRequests(obj, new RequestSampleWriter(record.id, record.source, out), { file, line: v.line, diagnostics });
  }
  return out;
}

/** An llmperf requests array: its samples, after the run built from them when no summary is beside it. */
function llmperfRequestRecords(all: unknown[], file: string, line: number): Array<RunRecord | SampleRecord> {
  const l = readLlmperfRequests(all, file, line);
  const out: Array<RunRecord | SampleRecord> = l.run ? [toRecord(l.run, file, line, undefined)] : [];
  const writer = new RequestSampleWriter(out[0]?.id ?? l.summaryRunId ?? file, { file, line, format: 'llmperf-json' }, out);
  l.requests.forEach((r, i) => {
    writer.add(i, r);
  });
  return out;
}

/**
 * Requests kept as samples per guidellm benchmark: a report saved without `--output-sampling`
 * keeps every request (and is read whole, so its text is already in memory); 20k requests make
 * up to 80k samples, beyond which the rest are counted in a diagnostic, not kept.
 */
const MAX_GUIDELLM_REQUESTS = 20_000;

/** A guidellm report: a run per benchmark (variant `benchmark-<n>`), each followed by its requests' samples. */
function guidellmRecords(
  obj: Record<string, unknown>,
  v: JsonValueAt,
  file: string,
  diagnostics: Diagnostic[],
): Array<RunRecord | SampleRecord> {
  const out: Array<RunRecord | SampleRecord> = [];
  const benchmarks = Array.isArray(obj.benchmarks) ? obj.benchmarks : [];
  benchmarks.forEach((b, k) => {
    if (b === null || typeof b !== 'object' || Array.isArray(b)) return;
    const bench = b as Record<string, unknown>;
    const record = toRecord({ ...guidellmBenchmarkRun(bench, obj, v.line - 1), variant: `benchmark-${k + 1}` }, file, v.line, v.row);
    out.push(record);
    const writer = new RequestSampleWriter(record.id, record.source, out);
    const { successful, errored } = guidellmRequests(bench);
    const all = [...successful.map((r) => [r, false] as const), ...errored.map((r) => [r, true] as const)];
    all.slice(0, MAX_GUIDELLM_REQUESTS).forEach(([r, failed], i) => {
      const values = guidellmRequestValues(r, failed);
      if (values) writer.add(i, values);
    });
    if (all.length > MAX_GUIDELLM_REQUESTS)
      diagnostics.push({
        severity: 'info',
        code: 'samples-capped',
        message: `benchmark ${k + 1}: ${all.length} requests, the first ${MAX_GUIDELLM_REQUESTS} kept as samples`,
        file,
        line: v.line,
      });
  });
  return out;
}
