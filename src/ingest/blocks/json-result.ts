/**
 * Result JSON pasted into a log or a Markdown page:
 *   - one object per line: SGLang bench_serving's `--output-file` JSONL `cat` into a terminal or
 *     an issue, vLLM's `--save-result` object on one line (formats/serving-bench/serving-json.ts),
 *     or the flat result of a tool no reader knows (exports/generic-json.ts);
 *   - a pretty-printed object or array of objects of a tool no reader knows (a fenced
 *     `profile_export.json`, a script's `json.dumps(results, indent=2)`), read whole as the JSON
 *     export reader reads it, never member by member by the key/value reader (which split it
 *     into one run per nested object). A document cut before it closes gives its complete
 *     members and the `truncated` flag; one that names no performance metric read whole (a
 *     config dump, or figures under names only the key/value reader places) is left to the
 *     key/value reader, as before: whole-document reading never reads less than it did.
 * Python's `Infinity`/`NaN` are accepted (exports/tolerant-json.ts).
 */
import type { Diagnostic } from '../../model/diagnostics';
import { isJsonObject } from '../../model/json-object';
import { isPerformanceMetric } from '../../model/metric-vocabulary';
import { genericJsonRun, nestsFigures } from '../exports/generic-json';
import { exportObjectRuns } from '../exports/index';
import { formatOf, isKnownExport } from '../exports/known-export';
import { parseJsonTolerant } from '../exports/tolerant-json';
import { type PastedJson, pastedJsonAt } from '../formats/json-block';
import { isSglangResult, looksLikeServingResult, servingResultRun } from '../formats/serving-bench/serving-json';
import { lastAnswer } from '../last-answer';
import type { BlockReader, BlockResult, PartialRun } from '../types';
import { diag, orderRun } from './common';

const MAX_LINE = 1 << 20;

/**
 * A result key of a flat JSON line (`"mean_ttft_ms":`, `"output_throughput":`): only a line
 * with one is parsed, so that a structured log (`{"level": "info", …}` on every line) costs a test.
 */
const RESULT_KEY = /"[^"]{0,40}(?:latency|ttft|tpot|itl|throughput|tps|rps|per_s(?:ec(?:ond)?)?|e2el)[^"]{0,40}"\s*:/i;

/**
 * A flat object on one line is a run when it names two performance metrics: one alone is as
 * likely a request's or a log event's own timing (`{"event": "done", "duration_ms": 12}`).
 */
const LINE_METRICS = 2;

type Obj = Record<string, unknown>;

interface LineResult {
  /** A serving result (vLLM / SGLang); */
  serving?: Obj;
  generic?: PartialRun;
}

function parsedLine(t: string): Obj | undefined {
  try {
    const value: unknown = parseJsonTolerant(t);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The result object on line `i` alone, or undefined. */
const lineResultAt = lastAnswer((lines: readonly string[], i: number): LineResult | undefined => {
  const t = (lines[i] ?? '').trim();
  if (t.length < 20 || t.length > MAX_LINE || t.charCodeAt(0) !== 0x7b || t.charCodeAt(t.length - 1) !== 0x7d) return undefined;
  if (!RESULT_KEY.test(t)) return undefined;
  const o = parsedLine(t);
  if (!o) return undefined;
  if (looksLikeServingResult(o)) return { serving: o };
  if (isKnownExport(o)) return undefined;
  const run = genericJsonRun(o, i);
  return run && Object.keys(run.metrics).filter(isPerformanceMetric).length >= LINE_METRICS ? { generic: run } : undefined;
});

function runOf(r: LineResult, index: number): PartialRun | undefined {
  const o = r.serving;
  if (o) return orderRun(servingResultRun(o, isSglangResult(o) ? 'sglang-bench-jsonl' : 'vllm-bench-json', index));
  return r.generic;
}

/** `{` or `[` alone, or `{"key": …` / `[{"key": …` left open on its line: a document printed over lines. */
const OPENS_DOCUMENT = /^\s*(?:>\s?)*(?:[{[]\s*|\[?\{\s*"[^"]*"\s*:.*[^}\]]\s*)$/;

/**
 * The objects of a pasted document (itself, or its array's elements) when each is read here: a
 * known export by its reader, an unknown object by its key names. Undefined when one is read
 * with more than its own text (AISBench's, llm-d's, benchbook's own records): the line readers keep those.
 */
function documentObjects(value: unknown): Obj[] | undefined {
  const objects = isJsonObject(value) ? [value] : Array.isArray(value) && value.length > 0 && value.every(isJsonObject) ? value : [];
  if (objects.length === 0) return undefined;
  return objects.every((o) => readHere(o)) ? objects : undefined;
}

/**
 * A flat object of an unknown tool (or one inside a wrapper, `{"metrics": {…}}`) stays with the
 * key/value reader, which reads its members line by line as well as whole (and a fragment cut
 * at the top, which has no `{`, only so); one that nests figures under names of their own is
 * read whole, its objects' names being part of its figures' names.
 */
function readHere(o: Obj): boolean {
  const format = formatOf(o);
  if (format !== undefined) return format !== 'aisbench';
  return !isKnownExport(o) && nestsFigures(o);
}

/** A document of unknown objects printed over lines from line `i`, or undefined. */
const documentAt = lastAnswer((lines: readonly string[], i: number): { doc: PastedJson; objects: Obj[] } | undefined => {
  const line = lines[i] ?? '';
  if (line.length > MAX_LINE || !OPENS_DOCUMENT.test(line)) return undefined;
  const doc = pastedJsonAt(lines, i);
  const objects = doc && doc.next > i + 1 ? documentObjects(doc.value) : undefined;
  return doc && objects ? { doc, objects } : undefined;
});

function readDocument(lines: readonly string[], i: number, file: string): BlockResult {
  const found = documentAt(lines, i);
  const diagnostics: Diagnostic[] = [];
  if (!found) return { next: i + 1, runs: [], env: [], samples: [], diagnostics };
  const { doc, objects } = found;
  const runs: PartialRun[] = [];
  objects.forEach((o, k) => {
    const read = exportObjectRuns(o, i, file, diagnostics) ?? [genericJsonRun(o, i)];
    for (const run of read) {
      if (!run) continue;
      if (objects.length > 1) run.row = k + 1;
      if (doc.cutAt !== undefined) run.flags.push('truncated');
      runs.push(orderRun(run));
    }
  });
  if (doc.cutAt !== undefined && runs.length > 0) {
    const message = `JSON cut at line ${doc.cutAt + 1} before it closes: its complete members read`;
    diagnostics.push(diag('warning', 'table-truncated', message, file, doc.cutAt));
  }
  // Read whole it names no performance metric: the key/value reader reads its members as before.
  if (runs.length === 0) return { next: i + 1, runs, env: [], samples: [], diagnostics: [] };
  return { next: doc.next, runs, env: [], samples: [], diagnostics };
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

/** Index of the first character at or after `from` that is not a space or a tab. */
function firstAt(line: string, from: number): number {
  let k = from;
  while (k < line.length && isSpace(line.charCodeAt(k))) k++;
  return k;
}

/** After a `[` at `from - 1`: nothing, or an object opening (`[{"rate": 1, …`). */
function opensArray(line: string, from: number): boolean {
  const k = firstAt(line, from);
  return k === line.length || line.charCodeAt(k) === 0x7b || line.charCodeAt(k) === 0x0d;
}

export const jsonResultReader: BlockReader = {
  name: 'sglang-bench-jsonl',
  mayStartWith: (first) => first === 0x7b || first === 0x5b || first === 0x3e, // `{`, `[`, `>`
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    const at = firstAt(line, 0);
    const code = line.charCodeAt(at);
    // `[2026-01-05 10:00:00] INFO …`: a log prefix, not an array (no allocation for it).
    if (code === 0x5b && !opensArray(line, at + 1)) return false;
    return (code === 0x7b && lineResultAt(lines, i) !== undefined) || documentAt(lines, i) !== undefined;
  },
  read(lines, i, file): BlockResult {
    if (lineResultAt(lines, i) === undefined) return readDocument(lines, i, file);
    const runs: PartialRun[] = [];
    let j = i;
    for (; j < lines.length; j++) {
      const r = lineResultAt(lines, j);
      const run = r ? runOf(r, j) : undefined;
      if (!run) break;
      runs.push(run);
    }
    return { next: Math.max(j, i + 1), runs, env: [], samples: [], diagnostics: [] };
  },
};
