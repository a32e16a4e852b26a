/**
 * What a table column means, shared by CSV files and Markdown report tables: a context field
 * of the run (engine, preset, concurrency…), a metric of the vocabulary (with the factor that
 * converts the printed unit), a derived figure kept only in `raw` (speedups, deltas), or an
 * unknown label (kept as a slug metric when its cells are numbers).
 */
import { meaningAsOutputRate } from '../../model/label-meaning';
import { lookupLabel, normaliseStat, secondsPerUnit, unitInLabel, unknownMetricKey } from '../../model/metric-vocabulary';
import type { ApiKind, Engine, Mode, RunRecord, Strategy } from '../../model/records';
import {
  RUN_CSV_DECIMAL_COLUMNS,
  RUN_CSV_FIELD_COLUMNS,
  RUN_CSV_METRIC_ORDER,
  RUN_CSV_RECORD_COLUMNS,
  RUN_CSV_WHOLE_NUMBER_COLUMNS,
} from '../../model/runs-csv';
import { setOwn } from '../../model/safe-keys';

/** Context fields a column can fill: the dotted paths `runsToCsv` writes. */
export const CONTEXT_FIELDS = RUN_CSV_FIELD_COLUMNS;
export type ContextField = (typeof CONTEXT_FIELDS)[number];

/** Columns that describe the record itself (written by `runsToCsv`, read back by `parseCsv`). */
export const RECORD_FIELDS = RUN_CSV_RECORD_COLUMNS;
export type RecordField = (typeof RECORD_FIELDS)[number];

const NUMERIC_FIELDS: ReadonlySet<ContextField> = new Set<ContextField>([...RUN_CSV_WHOLE_NUMBER_COLUMNS, ...RUN_CSV_DECIMAL_COLUMNS]);

/** Common spellings of context columns (normalised: lower case, `_`/`-` as spaces). */
const CONTEXT_ALIASES: ReadonlyArray<{ field: ContextField; pattern: RegExp }> = [
  { field: 'engine', pattern: /^(engine|backend|framework|serving engine|inference engine)$/ },
  { field: 'api', pattern: /^(api|api kind|api type)$/ },
  { field: 'mode', pattern: /^(mode|think mode|thinking)$/ },
  { field: 'model', pattern: /^(model|model name|model id)$/ },
  { field: 'hardware.preset', pattern: /^(preset|gpu preset|hardware preset)$/ },
  { field: 'hardware.gpu', pattern: /^(gpu|gpu type|gpu model|gpu name)$/ },
  { field: 'hardware.gpu_count', pattern: /^(gpu count|gpus on machine)$/ },
  { field: 'hardware.vcpus', pattern: /^(vcpus?|cpus?)$/ },
  { field: 'parallelism.gpus', pattern: /^(gpus|num gpus|number of gpus|n gpus|# ?gpus)$/ },
  { field: 'parallelism.tp', pattern: /^(tp|tp size|tensor parallel size|tensor parallel)$/ },
  { field: 'parallelism.dp', pattern: /^(dp|dp size|data parallel size|data parallel)$/ },
  { field: 'parallelism.pp', pattern: /^(pp|pp size|pipeline parallel size|pipeline parallel)$/ },
  { field: 'parallelism.strategy', pattern: /^(strategy|parallelism|parallel strategy|parallelism strategy)$/ },
  {
    field: 'server.context_length',
    pattern: /^(context length|context len|context|ctx|max model len|max context|max ?ctx|n ctx|ctx size|context size)$/,
  },
  {
    field: 'client.concurrency',
    pattern: /^(concurrency|concurrent (requests|users|sessions|clients)|max concurrency|users|num users|parallel|concur|conc\.?)$/,
  },
  // `N` / `N Req`: the number of requests of the run (aiperf/genai-perf summary tables).
  {
    field: 'client.total_requests',
    pattern: /^(total requests|num requests|num prompts|number of prompts|n|n req|n reqs|n requests|# ?req(uest)?s)$/,
  },
  { field: 'client.max_tokens', pattern: /^(max tokens|max new tokens|max output tokens)$/ },
  { field: 'client.temperature', pattern: /^temperature$/ },
  { field: 'client.request_rate', pattern: /^(request rate|rate)$/ },
  { field: 'client.input_len', pattern: /^(input len|input length|isl|prompt len)$/ },
  { field: 'client.output_len', pattern: /^(output len|output length|osl)$/ },
  { field: 'client.dataset', pattern: /^(dataset|dataset name)$/ },
  { field: 'server.version', pattern: /^(version|engine version|vllm version|sglang version|server version)$/ },
];

/**
 * Server settings with no RunRecord field (layers offloaded to the GPU: koboldcpp's `Layers`,
 * llama.cpp's `n_gpu_layers`): kept in `raw`, never a slug metric.
 */
const RAW_SETTINGS = /^(layers|gpu layers|n gpu layers|num gpu layers|ngl|n layers|num layers|offloaded layers)$/;

/** Columns that hold a figure derived from other columns (kept in `raw`, never a metric). */
const DERIVED = /\b(speed ?up|improvement|change|delta|diff|difference|gain|ratio|vs\.?)\b/;

const VOCABULARY_SET = new Set(RUN_CSV_METRIC_ORDER);

export function isVocabularyKey(key: string): boolean {
  return VOCABULARY_SET.has(key);
}

export type ColumnMeaning =
  | { kind: 'context'; field: ContextField }
  | { kind: 'record'; field: RecordField }
  | { kind: 'metric'; key: string; factor: number /** why a stat or unit was assumed */; note?: string }
  | { kind: 'derived' }
  | { kind: 'raw' }
  | { kind: 'unknown'; key: string };

function normaliseHeader(h: string): string {
  return h.toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
}

function isContextField(s: string): s is ContextField {
  return (CONTEXT_FIELDS as readonly string[]).includes(s);
}
function isRecordField(s: string): s is RecordField {
  return (RECORD_FIELDS as readonly string[]).includes(s);
}

/** Factor converting a value printed in the header's time unit to the key's unit (`_s` / `_ms`). */
function timeFactor(header: string, key: string): number {
  const unit = unitInLabel(header);
  const perSecond = unit ? secondsPerUnit(unit) : undefined;
  if (perSecond === undefined) return 1;
  if (/_s$/.test(key)) return perSecond;
  if (/_ms$/.test(key)) return perSecond * 1000;
  return 1;
}

/**
 * Meaning of a column header. `columnMap` (header → metric key, context field such as
 * `client.concurrency`, or `raw`) wins over the built-in rules.
 */
export function classifyColumn(header: string, columnMap?: Record<string, string>): ColumnMeaning {
  const h = header.trim();
  if (columnMap && Object.hasOwn(columnMap, h)) {
    const target = (columnMap[h] ?? '').trim();
    if (target === '' || target === 'raw' || target === 'skip') return { kind: 'raw' };
    if (isContextField(target)) return { kind: 'context', field: target };
    if (isRecordField(target)) return { kind: 'record', field: target };
    return { kind: 'metric', key: target, factor: timeFactor(h, target), note: `column map: '${h}' → ${target}` };
  }
  if (isContextField(h)) return { kind: 'context', field: h };
  if (isRecordField(h)) return { kind: 'record', field: h };
  if (h === 'label') return { kind: 'record', field: 'labels' };
  if (VOCABULARY_SET.has(h)) return { kind: 'metric', key: h, factor: 1 };
  const norm = normaliseHeader(h);
  for (const a of CONTEXT_ALIASES) if (a.pattern.test(norm)) return { kind: 'context', field: a.field };
  if (RAW_SETTINGS.test(norm)) return { kind: 'raw' };
  if (DERIVED.test(norm)) return { kind: 'derived' };
  const meaning = lookupLabel(h);
  if (meaning?.kind === 'metric') return { kind: 'metric', key: meaning.key, factor: meaning.factor };
  const output = meaningAsOutputRate(h);
  if (output?.kind === 'metric')
    return {
      kind: 'metric',
      key: output.key,
      factor: output.factor,
      note: `column '${h}' names no direction: read as generated (output) tokens`,
    };
  if (meaning?.kind === 'client') return { kind: 'context', field: `client.${meaning.key}` as ContextField };
  // A latency-like column without a statistic ("latency (ms)", "ttft (s)"): read as the mean.
  const asMean = lookupLabel(h, { stat: 'mean' });
  if (asMean?.kind === 'metric' && /_mean_(s|ms)$/.test(asMean.key)) {
    return { kind: 'metric', key: asMean.key, factor: asMean.factor, note: `column '${h}' names no statistic: read as the mean` };
  }
  // "Throughput (req/s)": the vocabulary matches the label without its unit, so the unit decides here.
  const unit = unitInLabel(h)?.toLowerCase();
  if (/^(throughput|request throughput)\b/.test(norm) && unit && /^req(uest)?s?\s*\/\s*s(ec(ond)?)?$/.test(unit))
    return { kind: 'metric', key: 'throughput_rps', factor: 1 };
  if (/^(timestamp|time|date|datetime)$/.test(norm)) return { kind: 'record', field: 'timestamp' };
  if (/^(title|name|run|run name)$/.test(norm)) return { kind: 'record', field: 'title' };
  return { kind: 'unknown', key: unknownMetricKey(h) };
}

/**
 * A metric for a label plus a statistic column (genai-perf `Metric,avg,min,…,p25`): the
 * label's mean key with the stat swapped in (`ttft_mean_ms` → `ttft_p25_ms`). Plain metrics
 * without a stat in their key keep it for the mean and get a suffix for other stats.
 */
export function metricForStat(label: string, statWord: string): { key: string; factor: number } {
  const w = statWord.trim().toLowerCase();
  const stat: string | undefined = normaliseStat(w) ?? (/^p\d+(?:\.\d+)?$/.test(w) ? w.replace('.', '_') : undefined);
  const meaning = lookupLabel(label, { stat: 'avg' }) ?? lookupLabel(label);
  if (meaning?.kind === 'metric' && stat) {
    if (stat === 'mean') return { key: meaning.key, factor: meaning.factor };
    if (/_mean(_s|_ms)?$/.test(meaning.key)) return { key: meaning.key.replace(/_mean(_s|_ms)?$/, `_${stat}$1`), factor: meaning.factor };
    return { key: `${meaning.key}_${stat}`, factor: meaning.factor };
  }
  const unit = unitInLabel(label);
  const base = unknownMetricKey(label.replace(/\s*\([^()]*\)\s*$/, ''));
  const s = stat ?? unknownMetricKey(statWord);
  return { key: unit ? `${base}_${s}_${unknownMetricKey(unit)}` : `${base}_${s}`, factor: 1 };
}

const ENGINES: ReadonlyArray<{ engine: Engine; pattern: RegExp }> = [
  { engine: 'vllm', pattern: /^v ?llm$/ },
  { engine: 'sglang', pattern: /^sg ?lang$/ },
  { engine: 'tgi', pattern: /^(tgi|text generation inference)$/ },
  { engine: 'trtllm', pattern: /^(trt ?llm|tensorrt ?llm|trtllm)$/ },
  { engine: 'nim', pattern: /^nim$/ },
  { engine: 'other', pattern: /^other$/ },
];

export function normaliseEngine(text: string): Engine | undefined {
  const t = normaliseHeader(text).replace(/-/g, ' ');
  for (const e of ENGINES) if (e.pattern.test(t)) return e.engine;
  return undefined;
}
export function normaliseApi(text: string): ApiKind | undefined {
  const t = text.trim().toLowerCase();
  if (t === 'openai' || t === 'open ai' || t === 'openai-compatible') return 'openai';
  if (t === 'native') return 'native';
  return undefined;
}
export function normaliseMode(text: string): Mode | undefined {
  const t = normaliseHeader(text);
  if (t === 'think' || t === 'thinking') return 'think';
  if (t === 'no think' || t === 'nothink' || t === 'no thinking') return 'no-think';
  return undefined;
}
export function normaliseStrategy(text: string): Strategy | undefined {
  const t = normaliseHeader(text).replace(/ parallel(ism)?$/, '');
  if (t === 'tensor' || t === 'tp') return 'tensor';
  if (t === 'pipeline' || t === 'pp') return 'pipeline';
  if (t === 'data' || t === 'dp') return 'data';
  if (t === 'mixed') return 'mixed';
  if (t === 'single' || t === 'none') return 'single';
  return undefined;
}

/** Reads a number cell the way context fields need it ("63.0 GB" → 63); undefined if not a number. */
export function numberOf(text: string): number | undefined {
  const m = /^\s*([-+]?\d+(?:,\d{3})*(?:\.\d+)?(?:e[-+]?\d+)?)/i.exec(text);
  if (!m || m[1] === undefined) return undefined;
  const v = Number(m[1].replace(/,/g, ''));
  return Number.isFinite(v) ? v : undefined;
}

type Section = 'hardware' | 'parallelism' | 'server' | 'client';

function sectionOf(run: RunRecord, section: Section): Record<string, unknown> {
  const existing = run[section] as Record<string, unknown> | undefined;
  if (existing) return existing;
  const created: Record<string, unknown> = {};
  (run as unknown as Record<string, unknown>)[section] = created;
  return created;
}

/** The value a context field holds in a run (undefined when absent). */
export function getContextField(run: RunRecord, field: ContextField): unknown {
  const dot = field.indexOf('.');
  if (dot < 0) return (run as unknown as Record<string, unknown>)[field];
  const section = run[field.slice(0, dot) as Section] as Record<string, unknown> | undefined;
  return section?.[field.slice(dot + 1)];
}

/**
 * Sets a context field from a cell's text. Returns false (and sets nothing) when the text is
 * empty or cannot be read as the field's type (e.g. an engine benchbook does not know).
 */
export function setContextField(run: RunRecord, field: ContextField, text: string, provenance?: string): boolean {
  const t = text.trim();
  if (t === '') return false;
  let value: unknown;
  if (NUMERIC_FIELDS.has(field)) {
    value = numberOf(t);
  } else if (field === 'engine') value = normaliseEngine(t);
  else if (field === 'api') value = normaliseApi(t);
  else if (field === 'mode') value = normaliseMode(t);
  else if (field === 'parallelism.strategy') value = normaliseStrategy(t);
  else if (field === 'model') {
    const parts = t.split('/').filter((p) => p !== '');
    value = parts[parts.length - 1];
    if (parts.length > 1 && getContextField(run, 'server.model_path') === undefined) sectionOf(run, 'server').model_path = t;
  } else if (field === 'server.flags') {
    try {
      const parsed: unknown = JSON.parse(t);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const flags: Record<string, string | number | boolean> = {};
        for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
          if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') setOwn(flags, k, v);
        }
        value = flags;
      }
    } catch {
      value = undefined;
    }
  } else value = t;
  if (value === undefined) return false;
  const dot = field.indexOf('.');
  if (dot < 0) (run as unknown as Record<string, unknown>)[field] = value;
  else sectionOf(run, field.slice(0, dot) as Section)[field.slice(dot + 1)] = value;
  if (provenance) setOwn(run.provenance, field, provenance);
  return true;
}
