/**
 * A key/value block's readings into a run: settings into `client`, vocabulary metrics in their
 * unit, other numbers as slugs; `N/M ok` as completed and total requests; a setting printed as
 * `-1` or `N/A` ("not set") stays absent with its text in `raw`.
 */
import type { Diagnostic } from '../../model/diagnostics';
import { secondsOfTimeUnit } from '../../model/label-meaning';
import { applyFactor, type LabelMeaning, unknownMetricKey } from '../../model/metric-vocabulary';
import type { Engine, NumericClientKey } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import type { PartialRun } from '../types';
import { diag } from './common';
import { parseKvLine } from './kv-line';
import { CONCURRENCY_KEY, DATASET_KEY, ENGINE_KEY } from './kv-setting-keys';
import type { Reading } from './kv-values';

/** A reading with its number and meaning. */
export interface Read {
  r: Reading;
  value?: number;
  /** The value's own unit; null when the text after the number is not a unit. */
  unit?: string | null;
  lossy?: boolean;
  meaning?: Readonly<LabelMeaning>;
  /** Why a key, statistic or unit was chosen where the text did not say it. */
  note?: string;
}

export const ENGINES: ReadonlyArray<[RegExp, Engine]> = [
  [/^vllm\b/i, 'vllm'],
  [/^sglang\b/i, 'sglang'],
  [/^(tgi|text-generation-inference)\b/i, 'tgi'],
  [/^(trt|tensorrt)/i, 'trtllm'],
];

function applySetting(run: PartialRun, x: Read): boolean {
  const { r, meaning, value } = x;
  const bare = r.label.trim();
  const client = (run.client ??= {});
  if (DATASET_KEY.test(bare)) {
    client.dataset = r.value;
    return true;
  }
  if (CONCURRENCY_KEY.test(bare) && value !== undefined && Number.isInteger(value)) {
    if (value > 0) client.concurrency = value;
    return true;
  }
  if (ENGINE_KEY.test(bare)) {
    const engine = ENGINES.find(([re]) => re.test(r.value))?.[1];
    if (engine) {
      run.engine = engine;
      run.provenance.engine = `"${r.rawKey}: ${r.value}" in the key/value block at line ${r.index + 1}`;
    }
    return true;
  }
  if (meaning?.kind !== 'client') return false;
  if (meaning.key === 'url' || meaning.key === 'model_path') client[meaning.key] = r.value;
  // `-1` is how scripts print "not set" (evalscope's request rate): absent, its text in raw.
  else if (value !== undefined && value !== -1) client[meaning.key as NumericClientKey] = value;
  return true;
}

function applyOkOfTotal(run: PartialRun, r: Reading): void {
  const ok = r.okOfTotal;
  if (!ok) return;
  const where = `"${r.key}: ${ok.text}" at line ${r.index + 1}`;
  if (!Object.hasOwn(run.metrics, 'requests_ok_count')) setOwn(run.metrics, 'requests_ok_count', ok.ok);
  const client = (run.client ??= {});
  if (client.total_requests === undefined) {
    client.total_requests = ok.total;
    run.provenance['client.total_requests'] = `completed/total requests ${where}`;
  }
}

/** Puts one reading into the run. */
export function applyRead(run: PartialRun, x: Read, file: string, diagnostics: Diagnostic[]): void {
  const { r } = x;
  if (!Object.hasOwn(run.raw, r.rawKey)) setOwn(run.raw, r.rawKey, r.value);
  if (r.okOfTotal) {
    applyOkOfTotal(run, r);
    return;
  }
  if (r.delta) return;
  if (applySetting(run, x)) return;
  if (x.lossy) {
    diagnostics.push(diag('warning', 'cell-lossy', `"${r.rawKey}" value is truncated: ${r.value}`, file, r.index));
    if (!run.flags.includes('lossy-cell')) run.flags.push('lossy-cell');
    return;
  }
  if (x.value === undefined || x.unit === null) {
    if (x.meaning?.kind === 'metric' || x.unit === null)
      diagnostics.push(diag('info', 'cell-unparsed', `"${r.rawKey}" = "${r.value}" is not a number; kept in raw only`, file, r.index));
    return;
  }
  const m = x.meaning;
  if (m?.kind === 'metric' && !Object.hasOwn(run.metrics, m.key)) {
    setOwn(run.metrics, m.key, applyFactor(x.value, m.factor));
    if (x.note) setOwn(run.provenance, `metrics.${m.key}`, `"${r.key}: ${r.value}" at line ${r.index + 1}: ${x.note}`);
    return;
  }
  // Unknown, or a second label on a key already read (`Average package latency` after
  // `Average latency`): kept under its own slug.
  // A key of no Latin letters (`总请求时间`) has no slug: its value stays in raw only.
  if (!/[A-Za-z]/.test(r.label)) return;
  // µs and ns are normalised to ms for unknown keys too (`Avg gRPC time: 824 usec`).
  const seconds = x.unit ? secondsOfTimeUnit(x.unit) : undefined;
  const small = seconds !== undefined && seconds < 1e-3;
  const key = unknownMetricKey(r.stat ? `${r.label} ${r.stat}` : r.label, small ? 'ms' : x.unit);
  if (!Object.hasOwn(run.metrics, key)) setOwn(run.metrics, key, small ? applyFactor(x.value, seconds * 1000) : x.value);
}

/** A short line just above the block that names it (`=== concurrency 8 ===`, `Results for c=8:`). */
export function titleAbove(lines: readonly string[], i: number): { index: number; text: string } | undefined {
  const line = lines[i - 1];
  if (line === undefined) return undefined;
  const text = line
    .trim()
    .replace(/^[=\-#*~\s]+|[=\-#*~\s]+$/g, '')
    .replace(/:$/, '')
    .trim();
  if (text === '' || text.length > 100 || parseKvLine(line)?.kind === 'pairs') return undefined;
  // A Markdown fence (```` ``` ````, ```` ```shell ````) opens the block; it names nothing.
  if (/^(?:`{3,}|~{3,})[\w-]*$/.test(line.trim())) return undefined;
  // A progress bar, a spinner frame (braille `⠋`, `|/-\\`) or a table row, not a name.
  if (/[|█▏▎▍▌▋▊▉━\u2800-\u28ff]|\d+%|\b\d+\s*\/\s*\d+\b/.test(text)) return undefined;
  return { index: i - 1, text };
}

/**
 * A bare `tokens` count names no direction; when tokens ÷ the block's latency is the block's
 * own output token rate (within 1 %), they are the generated tokens, and the run says why.
 */
export function tokensByRate(run: PartialRun): void {
  const tokens = run.metrics.tokens;
  const latency = run.metrics.latency_mean_s;
  const rate = run.metrics.output_tps;
  if (tokens === undefined || latency === undefined || rate === undefined || latency <= 0 || rate <= 0) return;
  if (Object.hasOwn(run.metrics, 'output_tokens') || Math.abs(tokens / latency - rate) > 0.01 * rate) return;
  setOwn(run.metrics, 'output_tokens', tokens);
  delete run.metrics.tokens;
  run.provenance['metrics.output_tokens'] =
    `"tokens" ${tokens} ÷ latency ${latency} s = ${(tokens / latency).toFixed(2)} tok/s, the block's output token rate: the generated tokens`;
}
