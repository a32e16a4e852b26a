/**
 * The shapes a home-made script prints after a key, turned into one or more readings:
 *
 *   126.89 ms (p50: 109.70 ms, p99: 659.98 ms)   the mean, then statistics of the same quantity
 *   30.8 tok/s (avg)                            a statistic named after the value
 *   966.8 tok/s (+347.3%)                       a change against another run: a comparison
 *   50/50 successful, 15/16 ok                  completed requests out of the total
 *   2.0: 15/16 ok                               a setting, then an unnamed count
 *   81.74 requests/s, 20926.37 tokens/s         several rates (vLLM benchmark_throughput)
 *   #1000, 60.12 sec.                           a `#` before, a full stop after
 *   Time (mean ± σ): 410.3 ms ± 19.9 ms         statistics named in the key, a compound value
 *   Range (min … max): 389.7 ms … 452.1 ms      (tables/cell-forms.ts); a `[User: …]` list and
 *                                               `10 runs` after it are readings of their own
 */
import { classifyUnit, secondsOfTimeUnit, statOfWord } from '../../model/label-meaning';
import { lookupLabel, normaliseStat } from '../../model/metric-vocabulary';
import { cellForm } from '../tables/cell-forms';
import type { Item } from './kv-block';
import { valueStatWord } from './kv-line';

export interface Reading extends Item {
  /** The label the vocabulary is asked about (the key, or a rate's unit words and the key). */
  label: string;
  /** A statistic printed with the value (`(avg)`, or one of the parenthesised list). */
  stat?: string;
  /** `N/M ok`: completed and total requests. */
  okOfTotal?: { ok: number; total: number; text: string };
  /** The value is a change against another run (`(+347.3%)`). */
  delta?: boolean;
  /** A key the reading is stored under regardless of the vocabulary, and why. */
  fixed?: { key: string; why: string };
}

const STAT_LIST = /^([-+]?\d[\d.,]*(?:\s*[^\d\s(),:][^\s(),:]*)?)\s*\(((?:\s*[A-Za-z][\w.]*\s*:\s*[-+]?\d[\d.,]*\s*[^\s(),:]*\s*,?)+)\)$/;
const DELTA = /\(\s*[+\-−]\s*\d[\d.]*\s*%\s*\)|\(\s*[+\-−]\s*\d[\d.]*\s*[x×]\s*\)/;
const OK_OF_TOTAL = /^(\d+)\s*\/\s*(\d+)\s+(ok|successful|succeeded|success|completed|passed|done)\b/i;
/** `Requests: 40 / 40`, `100/100 (100.00%)`: completed of total, when the key counts requests. */
const BARE_OK_OF_TOTAL = /^(\d+)\s*\/\s*(\d+)(?:\s*\(\s*\d+(?:\.\d+)?\s*%\s*\))?$/;
const REQUESTS_KEY = /\b(requests?|reqs|succe(ss|eded|ssful)|completed)\b/i;
const SETTING_THEN_COUNT = /^([-+]?\d+(?:\.\d+)?)\s*:\s+(\d+\s*\/\s*\d+\s+\w+.*)$/;
/** A value holding several rates: `4.52 requests/s, 2319.24 total tokens/s`. */
const MULTI_VALUE = /^[\d.,]+\s+[A-Za-z][\w ]*\/\w+(?:\s*,\s*[\d.,]+\s+[A-Za-z][\w ]*\/\w+)+$/;
/** vLLM benchmark_throughput.py before 0.6.3: `Throughput: 4.52 requests/s, 2319.24 tokens/s`, tokens being prompt + output. */
const VLLM_THROUGHPUT = /^throughput$/i;
const VLLM_TWO_RATES = /^([\d.]+) requests\/s, ([\d.]+) tokens\/s$/;

/** `4.61 requests/s = 276.87 requests/min`: a figure restated in another unit of the same kind after `=`. */
const RESTATED = /^([-+]?\d[\d.,]*\s*([^\s=\d][^\s=]*))\s*=\s*[-+]?\d[\d.,]*\s*([^\s=\d][^\s=]*)$/;

function clean(value: string): string {
  let v = value.trim();
  const restated = v.includes('=') ? RESTATED.exec(v) : null;
  if (restated?.[1] && restated[2] && restated[3]) {
    const kind = classifyUnit(restated[2]).kind;
    if (kind !== 'other' && kind === classifyUnit(restated[3]).kind) v = restated[1];
  }
  if (/^#\d/.test(v)) v = v.slice(1);
  // A sentence's full stop after a number or a unit word (`60.12 sec.`).
  if (/^[-+]?\d[\d.,]*(\s*[A-Za-z/%]+)?\.$/.test(v) && !/\d\.$/.test(v)) v = v.slice(0, -1);
  return v;
}

function multiRate(item: Item, value: string): Reading[] | undefined {
  const vllm = VLLM_TWO_RATES.exec(value);
  if (vllm && VLLM_THROUGHPUT.test(item.key)) {
    const why = `"${item.key}: ${value}" is vLLM benchmark_throughput's line, whose tokens/s counts prompt and output tokens`;
    return [
      { ...item, label: `requests/s ${item.key}`, rawKey: `${item.rawKey} (requests/s)`, value: vllm[1] ?? '' },
      {
        ...item,
        label: `total tokens/s ${item.key}`,
        rawKey: `${item.rawKey} (tokens/s)`,
        value: vllm[2] ?? '',
        fixed: { key: 'total_tps', why },
      },
    ];
  }
  if (!MULTI_VALUE.test(value)) return undefined;
  return value.split(/\s*,\s*(?=[\d.])/).map((part) => {
    const m = /^([\d.,]+)\s+(.*)$/.exec(part.trim());
    const unit = m?.[2] ?? part;
    return { ...item, label: `${unit} ${item.key}`, rawKey: `${item.rawKey} (${unit})`, value: m?.[1] ?? part };
  });
}

function statList(item: Item, value: string): Reading[] | undefined {
  const m = STAT_LIST.exec(value);
  if (!m?.[1] || !m[2]) return undefined;
  const parts = m[2]
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const stats = parts.map((p) => /^([A-Za-z][\w.]*)\s*:\s*(.+)$/.exec(p));
  if (stats.some((s) => !s?.[1] || statOfWord(s[1]) === undefined)) return undefined;
  const out: Reading[] = [{ ...item, label: item.key, value: m[1].trim(), stat: 'mean' }];
  for (const s of stats) {
    if (!s?.[1] || !s[2]) continue;
    out.push({ ...item, label: item.key, rawKey: `${item.rawKey} ${s[1]}`, value: s[2].trim(), stat: s[1] });
  }
  return out;
}

/**
 * perf_analyzer's `832 usec (standard deviation 197 usec)` and `422 usec (overhead 155 usec +
 * queue 51 usec)`: the value, then a spread or the parts it is the sum of, each `words number unit`.
 */
const PARTS = /^([-+]?\d[\d.,]*\s*[A-Za-zµ/]*)\s*\(((?:\s*[A-Za-z][A-Za-z /-]*?\s+[-+]?\d[\d.,]*\s*[A-Za-zµ/]*\s*(?:[+,]|(?=\))))+)\)$/;
const PART = /^([A-Za-z][A-Za-z /-]*?)\s+([-+]?\d[\d.,]*\s*[A-Za-zµ/]*)$/;
const SPREAD_WORDS = /^(std|stdev|stddev|sd|standard deviation|std dev)$/i;

function parts(item: Item, value: string): Reading[] | undefined {
  const m = PARTS.exec(value);
  if (!m?.[1] || !m[2]) return undefined;
  const pieces = m[2].split(/\s*[+,]\s*/).filter((p) => p.trim() !== '');
  const read = pieces.map((p) => PART.exec(p.trim()));
  if (read.some((r) => !r?.[1] || !r[2])) return undefined;
  const out: Reading[] = [{ ...item, label: words(item.key), value: m[1].trim() }];
  for (const r of read) {
    const name = (r?.[1] ?? '').trim();
    const v = (r?.[2] ?? '').trim();
    if (SPREAD_WORDS.test(name)) out.push({ ...item, label: words(item.key), rawKey: `${item.rawKey} (${name})`, value: v, stat: 'std' });
    else out.push({ ...item, label: `${words(item.key)} ${name}`, rawKey: `${item.rawKey} (${name})`, value: v });
  }
  return out;
}

/** `latency(min, max, ave): 0.81, 4.20, 2.31`: statistics named in the key, their values in order. */
function tuple(item: Item, value: string): Reading[] | undefined {
  const m = TUPLE_KEY.exec(item.key);
  if (!m?.[1] || !m[2]) return undefined;
  const stats = m[2].split(',').map((x) => x.trim());
  const values = value.split(/\s*,\s*/);
  const named = stats.map((x) => normaliseStat(x) ?? statOfWord(x));
  if (stats.length < 2 || values.length !== stats.length || named.some((x) => x === undefined)) return undefined;
  if (!values.every((v) => /^[-+]?\d[\d.]*\s*[A-Za-z/%]*$/.test(v))) return undefined;
  const name = m[1].trim();
  return stats.map((stat, k) => ({
    ...item,
    label: name,
    rawKey: `${item.rawKey} ${stat}`,
    value: values[k] ?? '',
    stat: named[k] ?? stat,
  }));
}

const TUPLE_KEY = /^(.*?[A-Za-z].*?)\s*\(([^()]+,[^()]+)\)$/;
/** `End to End Latency (ms) p50`: the unit in parentheses, then a statistic word. */
const UNIT_THEN_STAT = /^(.*?[A-Za-z].*?\s*\([^()]+\))\s+([A-Za-z][\w.]*)$/;

/** Splits a key's trailing statistic off so that the label ends with its unit. */
function trailingStat(base: Reading): Reading | undefined {
  const m = UNIT_THEN_STAT.exec(base.label);
  if (!m?.[1] || !m[2] || statOfWord(m[2]) === undefined) return undefined;
  return { ...base, label: m[1], stat: m[2] };
}

/** The readings of one pair. */
/** `successNum` → `success Num`: a camel-case key's words (the vocabulary reads words). */
function words(key: string): string {
  return /\s/.test(key) ? key : key.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
}

/** `Time range: 1762063821.76 - 1762063928.80 (107.04s)`: start and end stamps, then the span's length. */
const SPAN = /^[-+]?\d[\d.:]*\s*[-–]\s*[-+]?\d[\d.:]*\s*\(\s*(\d[\d.]*\s*(?:s|sec|secs|seconds|ms|min|minutes)\.?)\s*\)$/i;
const SPAN_KEY = /\b(time|range|span|window|period)\b/i;

/** A time range's length is the benchmark's duration (the stamps stay in raw). */
function span(item: Item, value: string): Reading | undefined {
  const m = SPAN_KEY.test(item.key) ? SPAN.exec(value) : null;
  if (!m?.[1]) return undefined;
  return { ...item, label: 'duration', value: m[1] };
}

/**
 * `180.28ms (± 54.44)`, `76.27 tok/s (± 9.39)`, `312.4 ± 3.1 ms`: the value, then its spread
 * (in the value's unit unless it prints its own); a relative spread (`± 2%`) stays in raw only.
 */
const SPREAD_AFTER_UNIT = /^([-+]?\d[\d.,]*)\s*([A-Za-zµ][\w/µ]*)?\s*\(\s*(?:±|\+\/-)\s*(\d[\d.]*)\s*([A-Za-zµ/%]*)\s*\)$/;
const SPREAD_BEFORE_UNIT = /^([-+]?\d[\d.,]*)\s*(?:±|\+\/-)\s*(\d[\d.]*)\s*([A-Za-zµ][\w/µ]*)?$/;

function spread(item: Item, base: Reading, value: string): Reading[] | undefined {
  const after = SPREAD_AFTER_UNIT.exec(value);
  const before = after ? undefined : SPREAD_BEFORE_UNIT.exec(value);
  const figure = after?.[1] ?? before?.[1];
  const by = after?.[3] ?? before?.[2];
  if (figure === undefined || by === undefined) return undefined;
  const unit = (after ? after[2] : before?.[3]) ?? '';
  const own = after?.[4] ?? '';
  const withUnit = (n: string, u: string): string => (u === '' ? n : `${n} ${u}`);
  const mean: Reading = { ...base, value: withUnit(figure, unit) };
  if (own === '%' && unit !== '%') return [mean];
  return [mean, { ...base, rawKey: `${item.rawKey} (±)`, value: withUnit(by, own || unit), stat: 'std' }];
}

/**
 * `Prompt: 7 tokens, 6.657 tokens-per-sec` (mlx_lm.generate's verbose lines): a token count,
 * then the rate of the same tokens. The rate reads by the key; the count goes the rate's way
 * (the prompt's tokens, or the generated ones).
 */
const COUNT_AND_RATE = /^(\d+)\s+tokens?\s*,\s*(\d[\d.]*)\s*(?:tokens?[- ]per[- ]sec(?:ond)?|tok(?:en)?s?\s*\/\s*s(?:ec)?)$/i;
const COUNT_OF_RATE: Readonly<Record<string, string>> = { input_tps: 'input_tokens', output_tps: 'output_tokens' };

function countAndRate(item: Item, base: Reading, value: string): Reading[] | undefined {
  const m = COUNT_AND_RATE.exec(value);
  if (!m?.[1] || !m[2]) return undefined;
  const rate: Reading = { ...base, rawKey: `${item.rawKey} (tokens/s)`, value: `${m[2]} tok/s` };
  const rateKey = lookupLabel(base.label, { unit: 'tok/s' });
  const countKey = rateKey?.kind === 'metric' ? COUNT_OF_RATE[rateKey.key] : undefined;
  const count: Reading = { ...base, rawKey: `${item.rawKey} (tokens)`, label: `${base.label} tokens`, value: m[1] };
  if (countKey)
    count.fixed = {
      key: countKey,
      why: `"${m[1]} tokens" printed before the same line's tokens/s: those tokens`,
    };
  return [count, rate];
}

/** `Time (mean ± σ)`, `Range (min … max)`: a quantity, then the statistics its value holds. */
const STATS_KEY = /^(.*?[A-Za-z].*?)\s*\(\s*([A-Za-z]\w*)\s*(?:±|\.\.\.|…|\+\/-)\s*([A-Za-zσ]\w*)\s*\)$/u;
/** `… [User: 173.7 ms, System: 1314.5 ms]`, `… 10 runs`: what a tool prints after the value. */
const BRACKET_TAIL = /\s+\[((?:\s*[A-Za-z][\w ]*:\s*[-+]?\d[\d.,]*\s*[A-Za-zµ/%]*\s*,?)+)\]$/u;
const COUNT_TAIL = /\s+(\d+)\s+(runs|iterations|samples)$/i;
/**
 * A time word with a statistic is a per-iteration time (a latency), never the whole run's
 * duration; so is a `Range (min … max)` of times, whose key names no quantity of its own.
 */
const TIME_WORD = /^(?:time|wall(?:\s+clock)?\s+time|elapsed(?:\s+time)?|range)$/i;

function statOf(word: string): string | undefined {
  return /^(σ|sigma|std(?:dev)?)$/i.test(word) ? 'std' : (normaliseStat(word) ?? statOfWord(word));
}

/** The readings of a compound value under a key naming its two statistics, with the value's tails. */
function statsPair(item: Item, value: string): Reading[] | undefined {
  const key = STATS_KEY.exec(item.key);
  if (!key?.[1] || !key[2] || !key[3]) return undefined;
  const stats = [statOf(key[2]), statOf(key[3])];
  if (stats.some((x) => x === undefined)) return undefined;
  let v = value;
  const out: Reading[] = [];
  const tail = BRACKET_TAIL.exec(v);
  if (tail?.[1]) {
    v = v.slice(0, tail.index);
    for (const part of tail[1].split(/\s*,\s*/)) {
      const m = /^([A-Za-z][\w ]*):\s*(.+)$/.exec(part.trim());
      if (m?.[1] && m[2]) out.push({ ...item, label: `${m[1]} ${key[1].trim()}`, rawKey: `${item.rawKey} (${m[1]})`, value: m[2] });
    }
  }
  const count = COUNT_TAIL.exec(v);
  if (count?.[1]) {
    v = v.slice(0, count.index);
    out.push({ ...item, label: count[2] ?? 'runs', rawKey: `${item.rawKey} (${count[2]})`, value: count[1] });
  }
  const form = cellForm(v.trim());
  const times =
    form !== undefined && secondsOfTimeUnit(('unit' in form ? form.unit : form.shape === 'range' ? form.low.unit : '') ?? '') !== undefined;
  const name = times && TIME_WORD.test(key[1].trim()) ? 'latency' : words(key[1].trim());
  const at = (k: number, text: string): Reading => ({
    ...item,
    label: name,
    rawKey: `${item.rawKey} ${stats[k]}`,
    value: text,
    stat: stats[k],
  });
  const shown = (n: { digits: string; unit?: string }): string => (n.unit === undefined ? n.digits : `${n.digits} ${n.unit}`);
  // A relative spread (`± 4%`) stays in raw only: the value is still the first statistic's.
  if (form?.shape === 'spread' && form.relative) return [at(0, shown(form)), ...out];
  if (form?.shape === 'spread')
    return [at(0, shown(form)), at(1, shown({ digits: String(form.spread), ...(form.unit ? { unit: form.unit } : {}) })), ...out];
  if (form?.shape === 'range') return [at(0, shown(form.low)), at(1, shown(form.high)), ...out];
  return undefined;
}

/**
 * `time: [61.208 µs 61.438 µs 61.714 µs]` (criterion's estimate with its interval): the
 * estimate, a latency when the key is a time word; the interval's ends as readings of their own.
 */
function interval(item: Item, value: string): Reading[] | undefined {
  const form = cellForm(value);
  if (form?.shape !== 'interval') return undefined;
  const unit = form.unit === undefined ? '' : ` ${form.unit}`;
  const timed = form.unit !== undefined && secondsOfTimeUnit(form.unit) !== undefined && TIME_WORD.test(item.key.trim());
  const name = timed ? 'latency' : words(item.key);
  return [
    { ...item, label: name, value: `${form.digits}${unit}`, ...(timed ? { stat: 'mean' } : {}) },
    { ...item, label: `${words(item.key)} lower bound`, rawKey: `${item.rawKey} (lower bound)`, value: `${form.low}${unit}` },
    { ...item, label: `${words(item.key)} upper bound`, rawKey: `${item.rawKey} (upper bound)`, value: `${form.high}${unit}` },
  ];
}

export function readingsOf(item: Item): Reading[] {
  const value = clean(item.value);
  const base: Reading = { ...item, label: words(item.key), value };
  const setting = SETTING_THEN_COUNT.exec(value);
  if (setting?.[1] && setting[2]) {
    const count: Item = { ...item, key: 'requests', rawKey: `${item.rawKey} (requests)`, value: setting[2] };
    return [{ ...base, value: setting[1] }, ...readingsOf(count)];
  }
  const ok = OK_OF_TOTAL.exec(value) ?? (REQUESTS_KEY.test(item.key) ? BARE_OK_OF_TOTAL.exec(value) : null);
  if (ok?.[1] && ok[2]) return [{ ...base, okOfTotal: { ok: Number(ok[1]), total: Number(ok[2]), text: value } }];
  if (DELTA.test(value)) return [{ ...base, delta: true }];
  const range = span(item, value);
  if (range) return [range];
  const list =
    statsPair(item, value) ??
    interval(item, value) ??
    statList(item, value) ??
    tuple(item, value) ??
    parts(item, value) ??
    spread(item, base, value) ??
    countAndRate(item, base, value);
  if (list) return list;
  const stat = valueStatWord(value);
  if (stat !== undefined && statOfWord(stat) !== undefined) return [{ ...base, value: value.replace(/\s*\([^()]*\)\s*$/, ''), stat }];
  return multiRate(item, value) ?? [trailingStat(base) ?? base];
}
