/**
 * Plain key/value result blocks of home-made scripts:
 *
 *   === concurrency 8 ===              (an optional title line just above)
 *   - Requests/s:        3.21
 *   Mean TTFT ........   182.4 ms
 *   p99 latency = 2.31 s
 *   Latency (ms):                      (a group: the indented lines under it are its statistics)
 *     mean: 812.5
 *     p99:  1630.2
 *
 * Consecutive `key: value`, `key = value` or `key ..... value` lines (optionally bulleted,
 * the unit in the key or after the value) are one run when at least two keys are vocabulary
 * metrics; a block with none is left to the scope reader (it may be context). A blank line,
 * a line of another shape or a key seen before in the block ends it, so a script printing one
 * block per concurrency level gives one run each. Settings (concurrency, prompts, request rate,
 * lengths, max tokens, dataset, URL, model) go to `client`; other keys are kept as slugs, and
 * every value as written in `raw`.
 */
import type { Diagnostic } from '../../model/diagnostics';
import { statOfWord } from '../../model/label-meaning';
import { applyFactor, type LabelMeaning, lookupLabel, parseNumber, unknownMetricKey } from '../../model/metric-vocabulary';
import type { Engine, NumericClientKey } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { lastAnswer } from '../last-answer';
import type { BlockReader, BlockResult, PartialRun } from '../types';
import { diag, emptyResult, orderRun } from './common';

/** `- key: value`, `key = value`, `key ....... value` (the key has a letter and no `:`/`=`). */
const KV = /^(\s*)(?:[-*•·+]\s+)?([A-Za-z_#µ%][^:=]{0,80}?)\s*(?:\.{2,}\s*:?|:|=)\s*(\S.*?)\s*$/;
/** `Latency (ms):` alone on its line, or a bare `ttft_s` (LLMPerf): the statistics indented under it belong to it. */
const GROUP = /^(\s*)(?:[-*•·+]\s+)?(?:([A-Za-z][^:=]{0,60}?)\s*:|([A-Za-z][\w.]{0,60}))\s*$/;
const MAX_BLOCK = 200;
/** A value holding several rates: `4.52 requests/s, 2319.24 total tokens/s` (vLLM benchmark_throughput). */
const MULTI_VALUE = /^[\d.,]+\s+[A-Za-z][\w ]*\/\w+(?:\s*,\s*[\d.,]+\s+[A-Za-z][\w ]*\/\w+)+$/;
/** Keys that name the client's concurrency when the value is a whole number. */
const CONCURRENCY_KEY =
  /^(concurrency|concurrency level|(number of |num )?concurrent (requests|users|workers)|users|num concurrent|parallel)$/i;
const DATASET_KEY = /^(dataset|dataset[ _]name|data ?set)$/i;
const ENGINE_KEY = /^(backend|engine|server|framework)$/i;
const ENGINES: ReadonlyArray<[RegExp, Engine]> = [
  [/^vllm\b/i, 'vllm'],
  [/^sglang\b/i, 'sglang'],
  [/^(tgi|text-generation-inference)\b/i, 'tgi'],
  [/^(trt|tensorrt)/i, 'trtllm'],
];
const LOG_LEVEL = /^(info|warning|warn|debug|error|critical|note|tip|hint)$/i;

interface Item {
  /** 0-based line. */
  index: number;
  /** The label as read (a group's name joined in). */
  label: string;
  /** Key as printed, for raw. */
  rawKey: string;
  value: string;
  /** Under a group, a key that is a statistic (`p99 = …` under `ttft_s`): looked up as the group's stat. */
  group?: { name: string; stat: string };
}

interface KvLine {
  indent: number;
  key: string;
  value: string;
}

function kvLine(line: string | undefined): KvLine | undefined {
  if (line === undefined || line.length > 300) return undefined;
  const m = KV.exec(line);
  if (!m || m[2] === undefined || m[3] === undefined) return undefined;
  const key = m[2].trim();
  if (LOG_LEVEL.test(key) || key.split(/\s+/).length > 8 || !/[A-Za-z]/.test(key)) return undefined;
  if (/^(https?|file|ftp)$/i.test(key)) return undefined; // `http://…` is not a key
  return { indent: (m[1] ?? '').length, key, value: m[3] };
}

/** First character that may start a key line (cheap test before the regex: most log lines fail it). */
function mayStart(line: string | undefined): boolean {
  if (line === undefined) return false;
  let k = 0;
  while (k < line.length && (line.charCodeAt(k) === 0x20 || line.charCodeAt(k) === 0x09)) k++;
  const c = line.charCodeAt(k);
  return (
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    c === 0x5f ||
    c === 0x2d ||
    c === 0x2a ||
    c === 0x2022 ||
    c === 0x23 ||
    c === 0xb7 ||
    c === 0x2b
  );
}

/** `Latency (ms)` + `p99` → `p99 Latency (ms)`: the group's unit stays at the end, where it is read. */
function groupLabel(group: string, key: string): string {
  const unit = /\s*([([][^()[\]]+[)\]])\s*$/.exec(group);
  return unit ? `${key} ${group.slice(0, unit.index)} ${unit[1]}` : `${key} ${group}`;
}

/** The items of the block that starts at `start`, and the index after it. */
function collect(lines: readonly string[], start: number): { items: Item[]; next: number } {
  const items: Item[] = [];
  const seen = new Set<string>();
  let group: { name: string; indent: number } | undefined;
  let j = start;
  for (; j < lines.length && j < start + MAX_BLOCK; j++) {
    const line = lines[j] ?? '';
    const kv = kvLine(line);
    if (!kv) {
      const g = GROUP.exec(line);
      const under = g ? kvLine(lines[j + 1]) : undefined;
      const name = g?.[2] ?? g?.[3];
      if (name && under && under.indent > (g?.[1] ?? '').length) {
        group = { name: name.trim(), indent: (g?.[1] ?? '').length };
        continue;
      }
      break;
    }
    if (group && kv.indent <= group.indent) group = undefined;
    const label = group ? groupLabel(group.name, kv.key) : kv.key;
    const id = label.toLowerCase();
    if (seen.has(id)) break; // the next block of a script that prints one per setting
    seen.add(id);
    const item: Item = { index: j, label, rawKey: group ? `${group.name} ${kv.key}` : kv.key, value: kv.value };
    if (group && statOfWord(kv.key) !== undefined) item.group = { name: group.name, stat: kv.key };
    items.push(item);
  }
  return { items, next: j };
}

/** The value's unit if it is one (`ms`, `tok/s`, `%`); undefined for none or for text that is not a unit. */
function cellUnit(unit: string | undefined): string | undefined | null {
  if (unit === undefined) return undefined;
  return /\d/.test(unit) || unit.length > 30 ? null : unit;
}

function meaningOfItem(item: Item, unit: string | undefined): Readonly<LabelMeaning> | undefined {
  const opts: { unit?: string; stat?: string } = unit === undefined ? {} : { unit };
  if (item.group) return lookupLabel(item.group.name, { ...opts, stat: item.group.stat });
  return lookupLabel(item.label, opts);
}

/** Parts of a multi-rate value, each with its own label (`total tokens/s Throughput`). */
function expand(item: Item): Item[] {
  if (!MULTI_VALUE.test(item.value)) return [item];
  return item.value.split(/\s*,\s*(?=[\d.])/).map((part) => {
    const m = /^([\d.,]+)\s+(.*)$/.exec(part.trim());
    return { ...item, label: `${m?.[2] ?? ''} ${item.label}`, rawKey: `${item.rawKey} (${m?.[2] ?? part})`, value: m?.[1] ?? part };
  });
}

/** Number of items that are vocabulary metrics with a number. */
function metricCount(items: readonly Item[]): number {
  let n = 0;
  for (const item of items.flatMap(expand)) {
    const v = parseNumber(item.value);
    const unit = cellUnit(v.unit);
    if (v.value === undefined || unit === null || isSettingKey(item.label, v.value)) continue;
    if (meaningOfItem(item, unit)?.kind === 'metric') n++;
  }
  return n;
}

const blockAt = lastAnswer((lines: readonly string[], i: number) => {
  if (!mayStart(lines[i])) return undefined;
  // Asked again at each line of a block that is not a run (settings only): it stays short, and
  // a block cut at a repeated key must be found again where it was cut.
  const block = collect(lines, i);
  return metricCount(block.items) >= 2 ? block : undefined;
});

/** A short line just above the block that names it (`=== concurrency 8 ===`, `Results for c=8:`). */
function titleAbove(lines: readonly string[], i: number): { index: number; text: string } | undefined {
  const line = lines[i - 1];
  if (line === undefined) return undefined;
  const text = line
    .trim()
    .replace(/^[=\-#*~\s]+|[=\-#*~\s]+$/g, '')
    .replace(/:$/, '')
    .trim();
  if (text === '' || text.length > 100 || kvLine(line)) return undefined;
  return { index: i - 1, text };
}

/** Keys this reader reads as settings before the vocabulary: dataset, backend, a whole-number concurrency. */
function isSettingKey(label: string, value: number | undefined): boolean {
  const bare = label.trim();
  return DATASET_KEY.test(bare) || ENGINE_KEY.test(bare) || (CONCURRENCY_KEY.test(bare) && value !== undefined && Number.isInteger(value));
}

function applySetting(run: PartialRun, item: Item, meaning: Readonly<LabelMeaning> | undefined, value: number | undefined): boolean {
  const bare = item.label.trim();
  const client = (run.client ??= {});
  if (DATASET_KEY.test(bare)) {
    client.dataset = item.value;
    return true;
  }
  if (CONCURRENCY_KEY.test(bare) && value !== undefined && Number.isInteger(value)) {
    client.concurrency = value;
    return true;
  }
  if (ENGINE_KEY.test(bare)) {
    const engine = ENGINES.find(([re]) => re.test(item.value))?.[1];
    if (engine) {
      run.engine = engine;
      run.provenance.engine = `"${item.rawKey}: ${item.value}" in the key/value block at line ${item.index + 1}`;
    }
    return true;
  }
  if (meaning?.kind !== 'client') return false;
  if (meaning.key === 'url' || meaning.key === 'model_path') client[meaning.key] = item.value;
  else if (value !== undefined) client[meaning.key as NumericClientKey] = value;
  return true;
}

function applyItem(run: PartialRun, item: Item, file: string, diagnostics: Diagnostic[]): void {
  setOwn(run.raw, item.rawKey, item.value);
  const v = parseNumber(item.value);
  const unit = cellUnit(v.unit);
  const meaning = unit === null ? undefined : meaningOfItem(item, unit);
  if (applySetting(run, item, meaning, unit === null ? undefined : v.value)) return;
  if (v.lossy) {
    diagnostics.push(diag('warning', 'cell-lossy', `"${item.rawKey}" value is truncated: ${item.value}`, file, item.index));
    if (!run.flags.includes('lossy-cell')) run.flags.push('lossy-cell');
    return;
  }
  if (v.value === undefined || unit === null) {
    if (meaning?.kind === 'metric' || unit === null)
      diagnostics.push(
        diag('info', 'cell-unparsed', `"${item.rawKey}" = "${item.value}" is not a number; kept in raw only`, file, item.index),
      );
    return;
  }
  if (meaning?.kind === 'metric') {
    if (!Object.hasOwn(run.metrics, meaning.key)) setOwn(run.metrics, meaning.key, applyFactor(v.value, meaning.factor));
    return;
  }
  setOwn(run.metrics, unknownMetricKey(item.label, unit), v.value);
}

function readKeyValue(lines: readonly string[], i: number, file: string): BlockResult {
  const block = blockAt(lines, i);
  if (!block) return emptyResult(i + 1);
  const diagnostics: Diagnostic[] = [];
  const title = titleAbove(lines, i);
  const run: PartialRun = { startLine: title?.index ?? i, format: 'key-value', metrics: {}, raw: {}, provenance: {}, flags: [] };
  if (title) run.title = title.text;
  for (const item of block.items.flatMap(expand)) applyItem(run, item, file, diagnostics);
  const conc = title ? /\b(?:concurrency|concurrent|parallel|users|conc|c)\s*[=:]?\s*(\d+)\b/i.exec(title.text) : null;
  if (conc?.[1] && run.client?.concurrency === undefined) {
    (run.client ??= {}).concurrency = Number(conc[1]);
    run.provenance['client.concurrency'] = `"${title?.text}" above the key/value block, line ${(title?.index ?? i) + 1}`;
  }
  if (run.client && Object.keys(run.client).length === 0) delete run.client;
  if ((run.metrics.requests_failed_count ?? 0) > 0) run.flags.push('failed-requests');
  return { next: block.next, runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

export const keyValueReader: BlockReader = {
  name: 'key-value',
  startsAt(lines, i) {
    return blockAt(lines, i) !== undefined;
  },
  read(lines, i, file) {
    try {
      return readKeyValue(lines, i, file);
    } catch (e) {
      const r = emptyResult(i + 1);
      r.diagnostics.push(diag('error', 'table-malformed', `key/value block could not be read: ${String(e)}`, file, i));
      return r;
    }
  },
};
