/**
 * One study question and its answer in words, the way an analyst writes it:
 * "**vLLM, 2 → 4 GPUs** (Qwen7B-awq, NVIDIA A10, OpenAI API): throughput +13.9% at
 * concurrency 30 (spread +9.3% … +18.9% over repeats, 2 runs each), +1.5% at 50 … *Medium
 * confidence:* …". Every piece of log text is escaped; the markup is added around it.
 */

import { NOISE_UNKNOWN } from '../../analyze/interval';
import type { AnswerPoint, GroupKey, StudyQuestion } from '../../analyze/types';
import type { RunRecord } from '../../model/records';
import { runGroup } from '../../model/run-group';
import { formatNumber, formatPercent, formatRange, mdInline, metricName } from '../helpers';
import { confidenceReason } from './confidence-words';
import { WARMUP_MARK } from './flags';
import {
  apiName,
  keyWords,
  listWords,
  overWords,
  pointName,
  pointWords,
  settingNumber,
  settingWords,
  sideAdjective,
  valueWords,
} from './question-words';

const PROSE_NAMES: Record<string, string> = {
  throughput_rps: 'throughput',
  goodput_rps: 'goodput',
  output_tps: 'output tok/s',
  input_tps: 'prompt tok/s',
  total_tps: 'total tok/s',
  latency_mean_s: 'mean latency',
  latency_p99_s: 'p99 latency',
  ttft_mean_ms: 'mean TTFT',
  tpot_mean_ms: 'mean TPOT',
};

/** A metric's name inside a sentence. */
export function proseMetric(metric: string): string {
  if (Object.hasOwn(PROSE_NAMES, metric)) return PROSE_NAMES[metric] ?? metric;
  const name = metricName(metric);
  // "TTFT p99" keeps its capitals; "Latency p50" reads "latency p50" mid-sentence.
  return /^[A-Z]{2}/.test(name) ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

const CONTEXT_KEYS: readonly GroupKey[] = ['model', 'gpu', 'preset', 'gpus', 'api', 'mode'];
const SETTING_KEYS: readonly GroupKey[] = ['concurrency', 'max_tokens', 'context_length'];

function settingText(v: string | number): string {
  return typeof v === 'number' ? settingNumber(v) : v;
}

/** "vLLM, 2 → 4 GPUs", "vLLM → SGLang", "SGLang, no-think → think" (escaped). */
export function questionTitle(q: StudyQuestion): string {
  const [a, b] = q.values;
  let change: string;
  if (q.factor === 'gpus') change = `${a} → ${b} GPUs`;
  else if (q.factor === 'engine') change = `${valueWords('engine', a)} → ${valueWords('engine', b)}`;
  else if (q.factor === 'api') change = `${apiName(a)} → ${apiName(b)} API`;
  else if (q.factor === 'strategy') change = `${a} → ${b} parallel`;
  else if (q.factor === 'context_length') change = `context ${settingText(a)} → ${settingText(b)}`;
  else change = `${q.labels[0]} → ${q.labels[1]}`;
  const engine = q.factor !== 'engine' && q.held_equal.engine !== undefined ? `${valueWords('engine', q.held_equal.engine)}, ` : '';
  return mdInline(`${engine}${change}`);
}

/** What the question holds equal that names the setup: model, GPU, API … (escaped). */
export function questionContext(q: StudyQuestion): string {
  const keys = CONTEXT_KEYS.filter((k) => k !== q.factor && !(k === 'api' && q.factor === 'engine'));
  return mdInline(settingWords(q.held_equal, keys));
}

function runsWords(n: [number, number]): string {
  if (n[0] === n[1]) return n[0] === 1 ? '1 run each' : `${n[0]} runs each`;
  return `${n[0]} run${n[0] === 1 ? '' : 's'} vs ${n[1]}`;
}

/** "at concurrency 30" for a point; for a question with one setting, the settings it holds. */
function atWords(q: StudyQuestion, p: AnswerPoint, short: boolean): string {
  const over = q.answer.over;
  if (over.length === 0) {
    const held = settingWords(q.held_equal, SETTING_KEYS);
    return held ? ` at ${held}` : '';
  }
  const only = over[0];
  if (short && over.length === 1 && only !== undefined && typeof p.setting[only] === 'number')
    return ` at ${formatNumber(p.setting[only])}`;
  return ` ${pointWords(p.setting, over)}`;
}

/** Settings named one by one in an answer; past this the range says the rest (all are in appendix-comparisons.csv). */
export const MAX_ANSWER_POINTS = 5;

/** The headline point first, then the others (warm-up suspects apart), each with its change. */
function orderedPoints(q: StudyQuestion): AnswerPoint[] {
  const { points, headline } = q.answer;
  const hp = points[headline];
  return [...(hp ? [hp] : []), ...points.filter((p, i) => i !== headline && !p.warmup)];
}

/** The points named in words: at most MAX_ANSWER_POINTS, and how many more there are. */
function listedPoints(q: StudyQuestion): { listed: AnswerPoint[]; more: number } {
  const all = orderedPoints(q);
  return { listed: all.slice(0, MAX_ANSWER_POINTS), more: Math.max(0, all.length - MAX_ANSWER_POINTS) };
}

function pointsWords(q: StudyQuestion): string {
  const a = q.answer;
  const { listed, more } = listedPoints(q);
  const [hp, ...rest] = listed;
  if (!hp) return '';
  // "1 run each, noise unknown": the run count already says why.
  const noise = Math.min(...hp.n) < 2 ? `, ${NOISE_UNKNOWN.replace(/ \(1 run\)$/, '')}` : '';
  // Without an interval (a mean that is not positive) the spread over repeats still says something.
  const spread =
    Math.min(...hp.n) >= 2 ? `spread ${formatRange(hp.change_pct_range)} over repeats, ${runsWords(hp.n)}` : `${runsWords(hp.n)}${noise}`;
  const detail = hp.ci95 ? `95% interval ${formatRange(hp.ci95)}, ${runsWords(hp.n)}` : spread;
  let s = `${proseMetric(a.metric)} ${formatPercent(hp.change_pct)}${atWords(q, hp, false)} (${detail})`;
  for (const p of rest) s += `, ${formatPercent(p.change_pct)}${atWords(q, p, true)}`;
  if (more) s += `, and ${more} more setting${more === 1 ? '' : 's'} (appendix-comparisons.csv)`;
  if (a.range) s += ` (range ${formatRange(a.range)} over ${overWords(a.over)})`;
  return mdInline(s);
}

function alongWords(q: StudyQuestion): string {
  const a = q.answer;
  const order = listedPoints(q).listed.map((p) => a.points.indexOf(p));
  const parts: string[] = [];
  for (const direction of ['with', 'against', 'mixed'] as const) {
    const ms = a.along.filter((m) => m.direction === direction);
    if (!ms.length) continue;
    const values = ms.map((m) => {
      const xs = order.map((i) => m.changes[i]).map((x) => (x === null || x === undefined ? 'n/a' : formatPercent(x)));
      return `${proseMetric(m.metric)} ${xs.join(' / ')}`;
    });
    const how = direction === 'with' ? 'with it' : direction === 'against' ? 'the other way' : 'mixed';
    parts.push(`${listWords(values)} ${how}`);
  }
  return parts.length ? `; ${mdInline(parts.join(', '))}` : '';
}

function warmupWords(q: StudyQuestion): string {
  const warm = q.answer.points.filter((p, i) => p.warmup && i !== q.answer.headline);
  if (!warm.length) return '';
  const list = listWords(warm.map((p) => `${pointName(p.setting, q.answer.over) || 'one'} pair (${formatPercent(p.change_pct)})`));
  return ` ${mdInline(`The ${list} ${warm.length > 1 ? 'rest' : 'rests'} on a warm-up suspect ${WARMUP_MARK} and ${warm.length > 1 ? 'are' : 'is'} left out.`)}`;
}

function confidenceWords(q: StudyQuestion): string {
  const a = q.answer;
  const word = a.confidence.charAt(0).toUpperCase() + a.confidence.slice(1);
  let s = ` *${word} confidence:* ${mdInline(confidenceReason(q))}.`;
  const hp = a.points[a.headline];
  if (hp?.efficiency !== undefined && q.kind === 'scaling')
    s += ` Scaling efficiency ${formatNumber(hp.efficiency, 2)} ${mdInline(atWords(q, hp, false))} (1.00 is linear).`;
  if (a.points.every((p) => p.n[0] === 1 && p.n[1] === 1)) s += ' **Single runs only:** repeat them to learn how much the result varies.';
  return s;
}

/** `lines 412 and 627`, or `a.md:412 and b.md:627` when the evidence spans files. */
function linesOf(es: StudyQuestion['evidence'], nameFile: (f: string) => string, multiFile: boolean): string {
  const above = es.some((e) => e.above) ? 'above ' : '';
  if (multiFile) return `${above}${listWords(es.map((e) => `${nameFile(e.file)}:${e.line ?? ''}`))}`;
  return `${above}line${es.length > 1 ? 's' : ''} ${listWords(es.map((e) => String(e.line ?? '')))}`;
}

function linesWords(kind: string, es: StudyQuestion['evidence'], nameFile: (f: string) => string, multiFile: boolean): string {
  const where = (e: StudyQuestion['evidence'][number]): string => linesOf([e], nameFile, multiFile);
  if (kind === 'launch-command') return `launch commands at ${linesOf(es, nameFile, multiFile)}`;
  if (kind === 'conclusion') return `its conclusion text (${linesOf(es, nameFile, multiFile)})`;
  if (kind === 'table') return `the table at ${where(es[0] ?? { kind, text: '', file: '' })} with a column per side`;
  const quoted = es.map((e) => `“${mdInline(e.text)}” (${where(e)})`);
  const noun = kind === 'comment' ? 'comment' : kind === 'separator' ? 'separator' : 'heading';
  return `the ${noun}${es.length > 1 ? 's' : ''} ${listWords(quoted)}`;
}

/** The first piece of evidence of each side (or the first two when they name no side). */
function firstPerSide(es: StudyQuestion['evidence']): StudyQuestion['evidence'] {
  const b = es.find((e) => e.side === 'baseline');
  const c = es.find((e) => e.side === 'candidate');
  const picked = [b, c].filter((e): e is StudyQuestion['evidence'][number] => e !== undefined);
  return picked.length ? picked.sort((x, y) => (x.line ?? 0) - (y.line ?? 0)) : es.slice(0, 2);
}

/** "Asked by the comment “…” (line 630) and launch commands at lines 412 and 627." */
function askedWords(q: StudyQuestion, nameFile: (f: string) => string, multiFile: boolean): string {
  if (q.asked_by === 'data') return ' Not asked in so many words: only the data varies.';
  const kinds = [...new Set(q.evidence.map((e) => e.kind))].filter((k) => k !== 'data');
  const parts = kinds.map((k) => {
    const es = firstPerSide(q.evidence.filter((e) => e.kind === k));
    return linesWords(k, es, nameFile, multiFile || q.files.length > 1);
  });
  return parts.length ? ` Asked by ${listWords(parts)}.` : '';
}

/** The full paragraph for an answered question (Markdown, escaped). */
export function answerParagraph(q: StudyQuestion, nameFile: (f: string) => string, multiFile: boolean): string {
  const context = questionContext(q);
  return (
    `**${questionTitle(q)}**${context ? ` (${context})` : ''}: ${pointsWords(q)}${alongWords(q)}.` +
    `${warmupWords(q)}${confidenceWords(q)}${askedWords(q, nameFile, multiFile)}`
  );
}

/** Which side leaves each differing key unsaid: "the SGLang side does not state model or temperature". */
function sidesLacking(q: StudyQuestion, runsById: ReadonlyMap<string, RunRecord>, sides: [string[], string[]]): string {
  const out: string[] = [];
  sides.forEach((ids, i) => {
    const groups = ids.map((id) => runsById.get(id)).flatMap((r) => (r ? [runGroup(r)] : []));
    const missing = q.differs_also.filter((k) => groups.length > 0 && groups.every((g) => g[k] === undefined));
    if (missing.length)
      out.push(`the ${sideAdjective(q.labels[i as 0 | 1])} side does not state its ${listWords(missing.map(keyWords), 'or')}`);
  });
  return out.length ? listWords(out) : `the sides may also differ in ${listWords(q.differs_also.map(keyWords))}`;
}

/** A question whose sides may differ in more than its factor: its change, and why it is no answer. */
export function otherParagraph(
  q: StudyQuestion,
  sides: [string[], string[]],
  runsById: ReadonlyMap<string, RunRecord>,
  nameFile: (f: string) => string,
): string {
  const context = questionContext(q);
  const where = q.files.length > 1 ? ` (${q.files.map(nameFile).join(' and ')})` : '';
  return (
    `**${questionTitle(q)}**${context ? ` (${context})` : ''}${where}: ${pointsWords(q)}. ` +
    `Not like-for-like: ${mdInline(sidesLacking(q, runsById, sides))}.`
  );
}
