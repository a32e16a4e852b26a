/**
 * A JSON result of a tool no reader knows → one run (issue 27, general fix 2). The shapes:
 *   flat   `{"request_rate": 2.0, "mean_e2e_latency_ms": 812.4, "output_throughput": 911.2, "completed": 300}`
 *   nested `{"ttft_ms": {"mean": 74.6, "p95": 83.7}, "tokens_per_second": {"total_throughput": 274.8}}`
 *   unit   `{"request_latency": {"unit": "ms", "avg": 6655.5, "std": 13.1}, "request_count": {"unit": "requests", "avg": 80}}`
 * One object is one run; nested keys are flattened to names (`ttft_ms` + `p95`) and named through
 * the vocabulary; the unit comes from a key suffix (`_ms`, `_seconds`, `_us`) or a sibling
 * `"unit"` and applies to every statistic of its object (std too). Keys that name a setting
 * (`request_rate`, `num_prompts`, `max_concurrency`, `random_input_len`, the model, the backend)
 * are settings (result-settings.ts), never metrics; an object that describes the machine or the
 * configuration (`hardware`, `config`, `args`) is kept in raw. Other numbers are kept as metrics
 * of their own name. Rule: a run needs a performance metric recognised by name and unit
 * (isPerformanceMetric): a config dump or a package list gives none and is no run.
 */
import { isJsonObject } from '../../model/json-object';
import { classifyUnit, meaningAsOutputRate, meaningFromWords, secondsOfTimeUnit, statOfWord } from '../../model/label-meaning';
import { applyFactor, isPerformanceMetric, type LabelMeaning, lookupLabel, unknownMetricKey } from '../../model/metric-vocabulary';
import { setOwn } from '../../model/safe-keys';
import { orderRun, partialRun } from '../blocks/common';
import { blockTimeUnit, isTimedKey, labelNamesTimeUnit, labelTimeUnit, unitlessTime } from '../blocks/kv-units';
import type { PartialRun } from '../types';
import { setModelFromPath } from './model-path';
import { applyResultSettings, type StatedSetting, settingsOfKey } from './result-settings';

type Obj = Record<string, unknown>;

/** Objects that describe the machine, the software or the configuration, never a measurement. */
const DESCRIPTIVE =
  /^(?:hardware|system(?:_info)?|env(?:ironment)?|machine|devices?|gpus?|cpus?|host|platform|config(?:uration)?|args|arguments|settings|param(?:eter)?s|metadata|server_(?:info|args)|engine_args|options|versions?|packages|dependencies|requirements)$/i;

/** Objects that only wrap the run's figures (`{"results": {"ttft_ms": …}}`): their name is no part of a figure's. */
const WRAPPER = /^(?:results?|metrics|summary|stats|statistics|data|benchmark|performance|overall|aggregate|totals?)$/i;

/** A time unit at the end of a key (`ttft_ms`, `latency_seconds`, `itl_us`). */
const KEY_UNIT = /^(.+?)[_\s-](ms|msec|s|sec|secs|seconds|us|usec|µs|ns|nsec)$/i;

/**
 * Settings of the benchmark the settings vocabulary has no field for: kept in raw, never
 * metrics (a seed, a warm-up count, a batch size, a sampling parameter, a length).
 */
const SETTING_KEY =
  /^(?:seed|warm[-_]?ups?|num[-_]warm[-_]?ups?|warm[-_]?up[-_](?:requests|runs|iter(?:ation)?s)|\w*range[-_]ratio|batch[-_]size|iterations|num[-_]iter(?:ation)?s|repeats?|num[-_]repeats|top[-_][pk]|max[-_]new[-_]tokens|\w+[-_]len(?:gth)?)$/i;

/**
 * `num_runs`: the timed passes of a benchmark that sends one request per pass (its latency
 * statistics are over the passes), so the requests sent.
 */
const PASS_COUNT = /^num[-_]runs$/i;

/** How deep nested objects are read (`{"results": {"ttft": {"mean": …}}}` is three). */
const MAX_DEPTH = 3;

interface Figure {
  /** The object names above the figure, wrappers left out (`["ttft_ms"]`). */
  groups: string[];
  key: string;
  value: number;
  /** The unit of its object (a sibling `"unit"` or its name's suffix). */
  unit?: string;
  /** Statistics in its object (one alone is the object's one figure). */
  siblings: number;
  path: string;
}

interface Collected {
  figures: Figure[];
  stated: StatedSetting[];
  raw: Record<string, string>;
}

/**
 * Whether the object nests figures under names of their own (`"ttft_ms": {"mean": …}`), past
 * wrappers (`"metrics": {…}`) and descriptive objects: the figures' names need their objects'.
 */
export function nestsFigures(o: Obj, depth = 0): boolean {
  for (const [key, v] of Object.entries(o)) {
    if (!isJsonObject(v) || DESCRIPTIVE.test(key)) continue;
    if (WRAPPER.test(key) ? depth + 1 < MAX_DEPTH && nestsFigures(v, depth + 1) : Object.values(v).some((w) => typeof w === 'number'))
      return true;
  }
  return false;
}

/** A JSON object's run, or undefined when it names no performance metric outright. */
export function genericJsonRun(o: Obj, startLine: number): PartialRun | undefined {
  const c: Collected = { figures: [], stated: [], raw: {} };
  collect(o, [], undefined, '', c, 0);
  const run = partialRun('key-value', startLine);
  run.raw = c.raw;
  if (!nameFigures(run, c.figures)) return undefined;
  applySettings(run, c.stated);
  return orderRun(run);
}

function applySettings(run: PartialRun, stated: readonly StatedSetting[]): void {
  const model = stated.find((s) => s.key === 'model');
  if (model && typeof model.value === 'string' && model.value !== '') {
    setModelFromPath(run, model.value);
    run.provenance.model = model.source;
  }
  applyResultSettings(
    run,
    stated.filter((s) => s.key !== 'model'),
  );
}

/** The unit an object states for its figures: its `"unit"`, else its name's suffix, else its parent's. */
function unitOf(key: string, v: Obj, inherited: string | undefined): string | undefined {
  if (typeof v.unit === 'string' && v.unit.trim() !== '') return v.unit.trim();
  return KEY_UNIT.exec(key)?.[2] ?? inherited;
}

function collect(o: Obj, groups: string[], unit: string | undefined, prefix: string, c: Collected, depth: number): void {
  const stats = Object.values(o).filter((v) => typeof v === 'number').length;
  for (const [key, v] of Object.entries(o)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (groups.length === 0 && isScalar(v) && topSetting(key, v, path, c)) continue;
    if (typeof v === 'number') {
      if (Number.isFinite(v)) c.figures.push({ groups, key, value: v, ...(unit ? { unit } : {}), siblings: stats, path });
      setOwn(c.raw, path, String(v));
    } else if (typeof v === 'string' || typeof v === 'boolean') {
      setOwn(c.raw, path, String(v));
    } else if (Array.isArray(v)) setOwn(c.raw, path, `[${v.length} items]`);
    else if (isJsonObject(v)) {
      if (DESCRIPTIVE.test(key)) describe(v, path, c);
      else if (depth + 1 < MAX_DEPTH) {
        const inner = WRAPPER.test(key) && groups.length === 0 ? groups : [...groups, key];
        collect(v, inner, unitOf(key, v, unit), path, c, depth + 1);
      }
    }
  }
}

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** A top-level key that names a setting: its settings taken (or its value kept in raw); true when it was one. */
function topSetting(key: string, v: string | number | boolean, path: string, c: Collected): boolean {
  if (v === '' || (typeof v === 'number' && !Number.isFinite(v))) return false;
  const stated = settingsOfKey(key, v);
  if (stated !== undefined) {
    c.stated.push(...stated);
    setOwn(c.raw, path, String(v));
    return true;
  }
  if (typeof v === 'number' && PASS_COUNT.test(key) && Number.isInteger(v) && v > 0) {
    const source = `"${key}": ${v} in the result JSON (one request per timed pass)`;
    c.stated.push({ key: 'total_requests', value: v, source });
    setOwn(c.raw, path, String(v));
    return true;
  }
  if (!SETTING_KEY.test(key)) return false;
  setOwn(c.raw, path, String(v));
  return true;
}

/** A descriptive object (`hardware`, `config`): its settings taken, everything kept in raw. */
function describe(o: Obj, prefix: string, c: Collected): void {
  for (const [key, v] of Object.entries(o)) {
    const path = `${prefix}.${key}`;
    if (isScalar(v)) {
      const stated = v === '' ? undefined : settingsOfKey(key, v);
      if (stated) c.stated.push(...stated);
      setOwn(c.raw, path, String(v));
    } else if (isJsonObject(v)) for (const [k, w] of Object.entries(v)) if (isScalar(w)) setOwn(c.raw, `${path}.${k}`, String(w));
  }
}

/** A vocabulary key that carries a statistic (`ttft_p95_ms`, `output_tokens_mean`), not a whole-run figure (`output_tps`). */
const STAT_KEY = /_(?:min|max|mean|std|p\d+(?:_\d+)?)(?:_(?:s|ms))?$/;
/** A statistic word inside a member's name (`generation_mean`, `p95_latency`). */
const STAT_WORD = /(?:^|[_\s-])(?:mean|avg|average|median|min|max|std|stddev|p\d{1,2}(?:[._]\d+)?)(?=$|[_\s-])/i;

/** The unit to look a figure up with: a time or a rate; a count unit (`requests`, `tokens`) names no scale. */
function lookupUnit(unit: string | undefined): string | undefined {
  if (unit === undefined) return undefined;
  const kind = classifyUnit(unit).kind;
  return kind === 'time' || kind === 'rate' ? unit : undefined;
}

function look(label: string, unit: string | undefined, stat?: string): LabelMeaning | undefined {
  return lookupLabel(label, { ...(unit === undefined ? {} : { unit }), ...(stat === undefined ? {} : { stat }) });
}

/** The names of a figure's objects, the unit suffix of the innermost left out (`ttft_ms` → `ttft`). */
function groupLabel(groups: readonly string[]): string {
  const last = groups[groups.length - 1] ?? '';
  return [...groups.slice(0, -1), KEY_UNIT.exec(last)?.[1] ?? last].join(' ');
}

/** What a figure means: its object's name with its key as the statistic, or its own name. */
function meaningOf(f: Figure): Pick<Named, 'm' | 'inferred'> {
  const unit = lookupUnit(f.unit);
  if (f.groups.length > 0) return { m: memberMeaning(f, unit) };
  const m = look(f.key, unit);
  if (m) return { m };
  const split = KEY_UNIT.exec(f.key);
  const own = split?.[1] && split[2] ? look(split[1], split[2]) : undefined;
  if (own) return { m: own };
  const one = oneFigure(f.key, unit);
  return one ? { m: one, inferred: true } : { m: undefined };
}

/** A member of a nested object: the object's name with the member's key as its statistic, or both names. */
function memberMeaning(f: Figure, unit: string | undefined): LabelMeaning | undefined {
  const group = groupLabel(f.groups);
  if (statOfWord(f.key) !== undefined) {
    const m = look(group, unit, f.key);
    // One statistic alone (`{"unit": "requests", "avg": 80}`) is the object's one figure.
    return m ?? (f.siblings === 1 ? look(group, unit) : undefined);
  }
  const m = look(`${group} ${f.key}`, unit);
  // A statistic over requests of a whole-run rate (`tokens_per_second.generation_mean`, each
  // request's own speed averaged) is not the run's rate: kept under its own name.
  if (m?.kind === 'metric' && STAT_WORD.test(f.key) && !STAT_KEY.test(m.key)) return undefined;
  return m;
}

/**
 * A key naming a time with no statistic (`timeToFirstByte`, `e2e_latency`) is one figure, read
 * as the mean; one naming a token rate with no direction (`tokenThroughput`), the generated
 * tokens' rate (as the key/value reader reads them).
 */
function oneFigure(key: string, unit: string | undefined): LabelMeaning | undefined {
  const label = key;
  const opts = unit === undefined ? {} : { unit };
  const asMean = meaningFromWords(label, { ...opts, stat: 'mean' });
  if (asMean?.kind === 'metric' && isTimedKey(asMean.key)) return asMean;
  const output = meaningAsOutputRate(label, opts);
  return output?.kind === 'metric' ? output : undefined;
}

interface Named {
  f: Figure;
  m: LabelMeaning | undefined;
  /**
   * Read by oneFigure (a key with no statistic): such a figure is as likely one request's own
   * (a per-request details file: `{"id": 7, "latency": 1.2}`), so it does not make a run alone.
   */
  inferred?: boolean;
  /** Why the unit of a time printed with none was chosen. */
  why?: string;
}

/** The time unit a figure's key or object states (`ttft_ms`, `"unit": "ms"`, `totalTimeMills`). */
function markedUnit(f: Figure): string | undefined {
  if (f.unit !== undefined && secondsOfTimeUnit(f.unit) !== undefined) return f.unit;
  return labelTimeUnit(f.key) ?? (labelNamesTimeUnit(f.key) ? 'named' : undefined);
}

/**
 * Times with no unit anywhere (`"averageLatency": 1210.7`) as the key/value reader decides them
 * (kv-units.ts): the object's one marked unit, else the magnitude, else the vocabulary's unit;
 * one quantity's statistics are printed in one unit, so a unit the magnitude decides for one is
 * taken by its unmarked siblings.
 */
function decideUnits(named: Named[]): void {
  const marked = named.flatMap((n, k) => {
    const unit = markedUnit(n.f);
    return unit !== undefined && unit !== 'named' ? [{ unit, index: k, text: n.f.path }] : [];
  });
  const block = blockTimeUnit(marked);
  const unmarked = named.filter(
    (n) =>
      n.m?.kind === 'metric' &&
      isTimedKey(n.m.key) &&
      markedUnit(n.f) === undefined &&
      n.f.groups.every((g) => labelTimeUnit(g) === undefined),
  );
  const sure = new Map<string, ReturnType<typeof unitlessTime>>();
  const choices = unmarked.map((n) => {
    const key = n.m?.key ?? '';
    const choice = unitlessTime(key, n.f.value, block);
    if (choice.byMagnitude) sure.set(key.split('_')[0] ?? key, choice);
    return choice;
  });
  unmarked.forEach((n, k) => {
    const key = n.m?.key ?? '';
    const choice = sure.get(key.split('_')[0] ?? key) ?? choices[k];
    if (!choice) return;
    n.m = { kind: 'metric', key, factor: choice.factor };
    n.why = choice.why;
  });
}

/**
 * Puts the figures into the run: vocabulary metrics (the first figure of a key wins), or their
 * own names. True when a performance metric is named outright (not only inferred).
 */
function nameFigures(run: PartialRun, figures: readonly Figure[]): boolean {
  const named: Named[] = figures.map((f) => ({ f, ...meaningOf(f) }));
  decideUnits(named);
  const taken = new Set<string>();
  for (const n of named) nameFigure(run, n, taken);
  return named.some((n) => !n.inferred && n.m?.kind === 'metric' && isPerformanceMetric(n.m.key) && run.metrics[n.m.key] !== undefined);
}

function nameFigure(run: PartialRun, n: Named, taken: Set<string>): void {
  const { f, m } = n;
  if (m?.kind === 'client') return; // a setting below the top level: in raw only
  if (m?.kind === 'metric' && !taken.has(m.key)) {
    taken.add(m.key);
    setOwn(run.metrics, m.key, applyFactor(f.value, m.factor));
    if (n.why !== undefined) setOwn(run.provenance, `metrics.${m.key}`, `"${f.path}": ${n.why}`);
    else if (f.unit !== undefined && m.factor !== 1) setOwn(run.provenance, `metrics.${m.key}`, `"${f.path}" in ${f.unit}`);
    return;
  }
  const label = f.groups.length === 0 ? f.key : `${groupLabel(f.groups)} ${f.key}`;
  // µs and ns are normalised to ms for keys of their own too.
  const seconds = f.unit ? secondsOfTimeUnit(f.unit) : undefined;
  const small = seconds !== undefined && seconds < 1e-3;
  const key = unknownMetricKey(label, small ? 'ms' : f.unit);
  if (!Object.hasOwn(run.metrics, key)) setOwn(run.metrics, key, small ? applyFactor(f.value, seconds * 1000) : f.value);
}
