/**
 * `ollama run --verbose` statistics → one run:
 *   `total duration:       2m27.989997625s`, `load duration: 891.933µs`,
 *   `prompt eval count:    21 token(s)`, `prompt eval duration: 231.416ms`,
 *   `prompt eval rate:     90.75 tokens/s`, `eval count: 25 token(s)`, `eval duration`, `eval rate`.
 * Durations are Go's time.Duration text (`1h2m3.5s`, `231.416ms`, `891.933µs`). The model is the
 * one of the nearest `ollama run … MODEL` command above the block, when there is one.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun } from '../../blocks/common';
import { textStart } from '../../blocks/http-load-units';
import type { BlockReader, BlockResult } from '../../types';

const STAT_LINE =
  /^\s*(total duration|load duration|prompt eval count|prompt eval duration|prompt eval rate|eval count|eval duration|eval rate):\s*(\S.*?)\s*$/;

/** Each label → its metric key and how its value is written. */
const STATS: Readonly<Record<string, { key: string; kind: 'duration' | 'count' | 'rate' }>> = {
  'total duration': { key: 'duration_s', kind: 'duration' },
  'load duration': { key: 'load_duration_s', kind: 'duration' },
  'prompt eval count': { key: 'input_tokens', kind: 'count' },
  'prompt eval duration': { key: 'prompt_eval_duration_s', kind: 'duration' },
  'prompt eval rate': { key: 'input_tps', kind: 'rate' },
  'eval count': { key: 'output_tokens', kind: 'count' },
  'eval duration': { key: 'eval_duration_s', kind: 'duration' },
  'eval rate': { key: 'output_tps', kind: 'rate' },
};

const GO_UNIT: Readonly<Record<string, number>> = { h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6, µs: 1e-6, μs: 1e-6, ns: 1e-9 };

/** Go's time.Duration text (`2m27.98s`, `1h0m0s`, `891.933µs`, `0s`) → seconds. */
export function goDurationSeconds(text: string): number | undefined {
  const t = text.trim();
  if (!/^(?:\d+(?:\.\d+)?(?:h|ms|us|µs|μs|ns|m|s))+$/.test(t)) return undefined;
  let total = 0;
  for (const m of t.matchAll(/(\d+(?:\.\d+)?)(h|ms|us|µs|μs|ns|m|s)/g)) {
    total += applyFactor(Number(m[1]), GO_UNIT[m[2] ?? ''] ?? Number.NaN);
  }
  // Sums of parts written in different units: rounded to ns, ollama's own resolution.
  return Number.isFinite(total) ? Math.round(total * 1e9) / 1e9 : undefined;
}

function statValue(kind: 'duration' | 'count' | 'rate', text: string): number | undefined {
  if (kind === 'duration') return goDurationSeconds(text);
  const re = kind === 'count' ? /^(\d+)\s+token\(s\)$/ : /^(\d+(?:\.\d+)?)\s+tokens\/s$/;
  const m = re.exec(text);
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

/** The command as typed: at the line's start, after a shell prompt at most (not `ollama run` in prose). */
const OLLAMA_RUN = /^\s*(?:[$#%>]\s*)?(?:\S*\/)?ollama\s+run\s+(.+)$/;
/** Flags of `ollama run` that take a value. */
const VALUE_FLAGS = new Set(['--format', '--keepalive', '--dimensions']);
/** How far above the block a `ollama run` command is looked for (answers run long). */
const COMMAND_REACH = 160;

/** The interactive session's prompt before each question. */
const SESSION_PROMPT = /^\s*>>>\s/;

/**
 * The model of the nearest `ollama run … MODEL` above line `start`, with its line index. The
 * runs of one interactive session (`>>> question`, answer, stats, `>>> question` …) share its
 * command: an earlier stats block is passed over when a `>>>` question lies between them, and
 * otherwise stands between this block and any command above it.
 */
function commandModel(lines: readonly string[], start: number): { model: string; at: number } | undefined {
  let asked = false;
  for (let k = start - 1; k >= 0 && k >= start - COMMAND_REACH; k--) {
    const line = lines[k] ?? '';
    if (SESSION_PROMPT.test(line)) asked = true;
    else if (line.includes('total duration') && STAT_LINE.test(line)) {
      if (!asked) return undefined;
      asked = false;
    }
    const m = OLLAMA_RUN.exec(line);
    if (!m) continue;
    const words = (m[1] ?? '').trim().split(/\s+/);
    for (let w = 0; w < words.length; w++) {
      const word = words[w] ?? '';
      if (word.startsWith('-')) {
        if (VALUE_FLAGS.has(word)) w++;
        continue;
      }
      return /^[\w.:/@-]+$/.test(word) ? { model: word, at: k } : undefined;
    }
    return undefined;
  }
  return undefined;
}

function readOllama(lines: readonly string[], start: number, file: string): BlockResult {
  const diagnostics: Diagnostic[] = [];
  const run = partialRun('ollama', start, 'ollama --verbose');
  let j = start;
  for (; j < lines.length; j++) {
    const m = STAT_LINE.exec(lines[j] ?? '');
    if (!m) break;
    const label = m[1] ?? '';
    const text = m[2] ?? '';
    const stat = STATS[label];
    setOwn(run.raw, label, text);
    const value = stat === undefined ? undefined : statValue(stat.kind, text);
    if (stat === undefined || value === undefined) {
      diagnostics.push(
        diag('warning', 'cell-unparsed', `ollama stats: "${label}: ${text}" is not a value ollama prints, kept in raw`, file, j),
      );
      continue;
    }
    setOwn(run.metrics, stat.key, value);
  }
  if (!('input_tps' in run.metrics || 'output_tps' in run.metrics)) return { ...emptyResult(start + 1), diagnostics };
  if ('duration_s' in run.metrics)
    run.provenance['metrics.duration_s'] = "ollama's total duration: the one request's time, model load included";
  const cmd = commandModel(lines, start);
  if (cmd) {
    run.model = cmd.model;
    run.provenance.model = `ollama run command at line ${cmd.at + 1}`;
  }
  while (j < lines.length && isBlank(lines[j]) && j < start + 8) j++;
  return { next: Math.max(j, start + 1), runs: [orderRun(run)], env: [], samples: [], diagnostics };
}

export const ollamaVerboseReader: BlockReader = {
  name: 'ollama',
  mayStartWith: (first) => first === 0x74, // `total duration:`
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    const k = textStart(lines, i);
    return line.charCodeAt(k) === 0x74 && line.startsWith('total duration:', k);
  },
  read: guardedRead('ollama --verbose stats', readOllama),
};
