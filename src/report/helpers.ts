/**
 * Formatting for the report: numbers, percents, ranges, units and names of metric keys, and
 * Markdown escaping of untrusted text (log labels, model names, commands). Every function is
 * total: a missing or non-finite value gives '' (a report never prints "undefined" or "NaN").
 * The same functions are registered as Handlebars helpers on the report's private instance.
 */
import type { HelperDelegate } from 'handlebars';
import { timedMetricName } from '../model/metric-names';

function isNum(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

/** Thousands separators on the integer part; locale-free so output is byte-stable. */
function groupThousands(digits: string): string {
  const neg = digits.startsWith('-');
  const [int = '', frac] = (neg ? digits.slice(1) : digits).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (neg ? '-' : '') + grouped + (frac !== undefined ? `.${frac}` : '');
}

/**
 * Decimals by magnitude: integers as integers; ≥ 1000 → 0 decimals, ≥ 100 → 1, ≥ 1 → 2,
 * else 3 (enough to tell 0.569 from 0.57 without printing float noise).
 */
export function formatNumber(x: unknown, decimals?: number): string {
  if (!isNum(x)) return '';
  let d: number;
  if (isNum(decimals)) d = Math.max(0, Math.min(10, Math.trunc(decimals)));
  else if (Number.isInteger(x)) d = 0;
  else {
    const a = Math.abs(x);
    d = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : 3;
  }
  let s = x.toFixed(d);
  if (/^-0(\.0*)?$/.test(s)) s = s.slice(1); // no "-0.00"
  return groupThousands(s);
}

/** `13.93` → `+13.9%`, `-9.09` → `-9.1%` (one decimal; the sign is always shown). */
export function formatPercent(x: unknown, decimals = 1): string {
  if (!isNum(x)) return '';
  let s = x.toFixed(decimals);
  if (/^-0(\.0*)?$/.test(s)) s = s.slice(1);
  return `${(s.startsWith('-') ? '' : '+') + groupThousands(s)}%`;
}

/** `[9.33, 18.88]` → `+9.3% … +18.9%`; one value when both ends print the same. */
export function formatRange(range: unknown, decimals = 1): string {
  if (!Array.isArray(range) || range.length !== 2) return '';
  const lo = formatPercent(range[0], decimals);
  const hi = formatPercent(range[1], decimals);
  if (!lo || !hi) return '';
  return lo === hi ? lo : `${lo} … ${hi}`;
}

/** Unit of a metric key from its suffix (docs/architecture.md vocabulary). */
export function metricUnit(key: unknown): string {
  if (typeof key !== 'string') return '';
  if (/_per_user$/.test(key)) return 'tok/s';
  if (/_ms$/.test(key)) return 'ms';
  if (/_s$/.test(key)) return 's';
  if (/_rps$/.test(key)) return 'req/s';
  if (/_tps$/.test(key)) return 'tok/s';
  if (/_pct$/.test(key)) return '%';
  if (/_count$/.test(key)) return '';
  if (/^(input|output)_tokens(_\w+)?$/.test(key)) return 'tokens';
  return '';
}

const PLAIN_NAMES: Record<string, string> = {
  throughput_rps: 'Throughput',
  goodput_rps: 'Goodput',
  theoretical_max_rps: 'Theoretical max throughput',
  input_tps: 'Input tok/s',
  output_tps: 'Output tok/s',
  total_tps: 'Total tok/s',
  input_tps_per_user: 'Input tok/s per user',
  output_tps_per_user: 'Output tok/s per user',
  input_tokens: 'Input tokens',
  output_tokens: 'Output tokens',
  input_tokens_mean: 'Input tokens per request',
  output_tokens_mean: 'Output tokens per request',
  requests_ok_count: 'Successful requests',
  requests_failed_count: 'Failed requests',
  peak_in_flight_count: 'Peak in flight',
  duration_s: 'Duration',
  measured_concurrency: 'Measured concurrency',
};

/** Human name of a metric key: `output_tps` → "Output tok/s", `latency_p99_s` → "Latency p99". */
export function metricName(key: unknown): string {
  if (typeof key !== 'string' || key === '') return '';
  if (Object.hasOwn(PLAIN_NAMES, key)) return PLAIN_NAMES[key] ?? key;
  const timed = timedMetricName(key);
  if (timed) return timed.name;
  // Unknown slug: words, first one capitalised, unit suffix left to metricUnit.
  const words = key
    .replace(/_(s|ms|rps|tps|pct|count)$/, '')
    .split('_')
    .filter(Boolean);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Output tok/s", "Latency mean (s)", "Throughput (req/s)": name plus the unit where the name lacks it. */
export function metricLabel(key: unknown): string {
  const name = metricName(key);
  const unit = metricUnit(key);
  if (!name) return '';
  if (!unit || name.includes(unit)) return name;
  return `${name} (${unit})`;
}

/**
 * A metric value: counts (`_count`, token totals) as integers, measurements with decimals by
 * magnitude even when the log printed a round number (`12.00` req/s beside `11.12`).
 */
export function formatMetricValue(value: unknown, key: unknown): string {
  if (!isNum(value)) return '';
  const countLike = typeof key === 'string' && (/_count$/.test(key) || /^(input|output)_tokens$/.test(key));
  if (countLike && Number.isInteger(value)) return formatNumber(value);
  const a = Math.abs(value);
  return formatNumber(value, a >= 1000 ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : 3);
}

/** A value with its unit: `13.22 req/s`, `1.89 s`, `300`. */
export function formatMetric(value: unknown, key: unknown): string {
  const n = formatMetricValue(value, key);
  if (!n) return '';
  const unit = metricUnit(key);
  return unit === '%' ? `${n}%` : unit ? `${n} ${unit}` : n;
}

/**
 * Untrusted text → inline Markdown that renders as exactly that text, also inside a pipe
 * table cell: newlines become spaces, and every character that could open Markdown or HTML
 * syntax (`| \` < > * _ [ ] & ~ # \\`) is backslash-escaped (CommonMark escapes, honoured by
 * GitHub and GitBook). `<img src=x>` thus stays text, never an element.
 */
export function mdInline(text: unknown): string {
  if (text === undefined || text === null) return '';
  const s = typeof text === 'string' ? text : typeof text === 'number' || typeof text === 'boolean' ? String(text) : '';
  return s
    .replace(/\r\n?|\n/g, ' ')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[\\`|<>*_[\]&~#]/g, (c) => `\\${c}`)
    .trim();
}

/** Same as mdInline; the name templates use for table cells. */
export const mdCell = mdInline;

/** Text inside an inline code span is literal, but a backtick would close it: fall back to escaping. */
export function mdCode(text: unknown): string {
  if (typeof text !== 'string' || text === '') return '';
  const flat = text.replace(/\r\n?|\n/g, ' ').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  if (flat.includes('`') || flat.includes('|')) return mdInline(flat);
  return `\`${flat}\``;
}

/** Chart and file names used in output paths: `[a-z0-9-]+`, never empty, never `..`. */
export function sanitizeName(name: unknown): string {
  const s = String(name ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s === '' ? 'chart' : s.slice(0, 80);
}

/** Handlebars helpers (registered on a private instance by render-report). */
export function reportHelpers(): Record<string, HelperDelegate> {
  // Handlebars passes an options hash as the last argument: never treat it as a value.
  const args = (a: unknown[]): unknown[] => a.slice(0, -1);
  return {
    num: (...a: unknown[]) => {
      const [x, d] = args(a);
      return formatNumber(x, typeof d === 'number' ? d : undefined);
    },
    pct: (...a: unknown[]) => formatPercent(args(a)[0]),
    range: (...a: unknown[]) => formatRange(args(a)[0]),
    unit: (...a: unknown[]) => metricUnit(args(a)[0]),
    metricName: (...a: unknown[]) => metricName(args(a)[0]),
    metricLabel: (...a: unknown[]) => metricLabel(args(a)[0]),
    metricValue: (...a: unknown[]) => {
      const [v, k] = args(a);
      return formatMetricValue(v, k);
    },
    metric: (...a: unknown[]) => {
      const [v, k] = args(a);
      return formatMetric(v, k);
    },
    cell: (...a: unknown[]) => mdCell(args(a)[0]),
    md: (...a: unknown[]) => mdInline(args(a)[0]),
    code: (...a: unknown[]) => mdCode(args(a)[0]),
    eq: (...a: unknown[]) => {
      const [x, y] = args(a);
      return x === y;
    },
    join: (...a: unknown[]) => {
      const [list, sep] = args(a);
      if (!Array.isArray(list)) return '';
      return list.map((x) => (x === undefined || x === null ? '' : String(x))).join(typeof sep === 'string' ? sep : ', ');
    },
  };
}
