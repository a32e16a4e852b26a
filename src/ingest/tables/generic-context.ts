/**
 * What a generic table's surroundings say about its run: the load level of a sweep step
 * (`Concurrency 16`, `Users: 50`, `=== rate=4 req/s ===` as its title, a divider above its rows,
 * or a line right above it) and whether it is a warm-up step.
 */
import type { ClientSettings } from '../../model/records';
import { isWarmupWarning } from '../scope/labels';
import type { TextTable } from './box-table';

export interface LoadLevel {
  key: 'concurrency' | 'request_rate';
  value: number;
}

const CONCURRENCY_WORD = String.raw`concurrency|concurrent(?: requests| users)?|users?|clients?|parallel(?:ism)?|vus|workers|max[_ -]concurrency|num[_ -]users|conc\.?`;
const CONCURRENCY_BEFORE = new RegExp(String.raw`(?:^|[^\p{L}])(?:${CONCURRENCY_WORD})\s*[:=]?\s*(\d+)(?![\d.])`, 'iu');
const CONCURRENCY_AFTER = /\b(\d+)\s*(?:concurrent(?: users| requests)?|users|clients|vus|workers)\b/i;
const RATE_BEFORE = /(?:^|[^\p{L}])(?:request[_ -]rate|rate|qps|rps)\s*[:=]?\s*(\d+(?:\.\d+)?)(?![\d.])/iu;
const RATE_AFTER = /\b(\d+(?:\.\d+)?)\s*(?:req\/s|reqs\/s|requests\/s(?:ec)?|qps|rps)\b/i;

/** The load level a label or title states (`Concurrency 16`, `50 users`, `rate=4`, `2.5 req/s`). */
export function loadLevelIn(text: string): LoadLevel | undefined {
  if (text.length > 300) return undefined;
  const c = CONCURRENCY_BEFORE.exec(text) ?? CONCURRENCY_AFTER.exec(text);
  if (c?.[1]) return { key: 'concurrency', value: Number(c[1]) };
  const r = RATE_BEFORE.exec(text) ?? RATE_AFTER.exec(text);
  if (r?.[1]) return { key: 'request_rate', value: Number(r[1]) };
  return undefined;
}

/** A line that says something about the table below it: text, not a border or a row. */
function captionLine(line: string): boolean {
  return line.trim() !== '' && !/[\u2500-\u257f]|^\s*[+|]/.test(line);
}

/** The title and the (up to two) caption lines right above a table, nearest first, with where each is. */
export function tableCaptions(lines: readonly string[], t: TextTable): Array<{ text: string; where: string }> {
  const out: Array<{ text: string; where: string }> = [];
  if (t.title !== undefined) out.push({ text: t.title, where: `title of the table at line ${(t.titleLine ?? t.startLine) + 1}` });
  for (let k = t.startLine - 1, seen = 0; k >= 0 && k >= t.startLine - 3 && seen < 2; k--) {
    const line = lines[k] ?? '';
    if (line.trim() === '') continue;
    if (!captionLine(line)) break;
    out.push({ text: line.trim(), where: `line ${k + 1}, above the table` });
    seen++;
  }
  return out;
}

/** The first load level the captions state, with its provenance. */
export function captionLoadLevel(
  captions: ReadonlyArray<{ text: string; where: string }>,
): (LoadLevel & { provenance: string }) | undefined {
  for (const c of captions) {
    const level = loadLevelIn(c.text);
    if (level) return { ...level, provenance: `"${c.text}" (${c.where})` };
  }
  return undefined;
}

/** The first caption that calls the table a warm-up step, with its provenance. */
export function captionWarmup(captions: ReadonlyArray<{ text: string; where: string }>): string | undefined {
  const c = captions.find((x) => isWarmupWarning(x.text));
  return c ? `warmup-suspect: "${c.text}" (${c.where})` : undefined;
}

/** Sets a load level the run does not state itself, with its provenance. */
export function applyLoadLevel(
  run: { client?: ClientSettings; provenance: Record<string, string> },
  level: LoadLevel,
  provenance: string,
): void {
  const client = (run.client ??= {});
  if (client[level.key] !== undefined) return;
  client[level.key] = level.value;
  run.provenance[`client.${level.key}`] = provenance;
}

/** How far above a report table the sentence introducing it may be, and how long it may be. */
const PROSE_REACH = 2;
const PROSE_LENGTH = 200;

/**
 * The prose lines right above a Markdown report's table (`Single-Request Latency (Concurrency = 1):`,
 * `With 4 GPUs and 32 concurrent users:`), nearest first: what they state is inferred for its rows.
 */
export function proseCaptions(
  prose: ReadonlyArray<{ line: number; text: string }>,
  tableLine: number,
): Array<{ text: string; where: string }> {
  const out: Array<{ text: string; where: string }> = [];
  for (let k = prose.length - 1; k >= 0 && out.length < 2; k--) {
    const p = prose[k];
    if (!p || p.line >= tableLine) continue;
    if (p.line < tableLine - PROSE_REACH) break;
    if (p.text.length <= PROSE_LENGTH) out.push({ text: p.text.trim(), where: `line ${p.line}, above the table; inferred` });
  }
  return out;
}
