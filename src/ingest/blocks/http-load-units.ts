/**
 * Units and small shapes shared by the readers of general HTTP load tools (wrk, hey, oha,
 * go-stress-testing): times with their unit glued or spelled out, byte sizes, percentiles.
 */
import { applyFactor } from '../../model/metric-vocabulary';

/** Index of the first character that is not a space or a tab (the line's length when none). */
export function firstNonSpace(line: string): number {
  let k = 0;
  while (k < line.length) {
    const c = line.charCodeAt(k);
    if (c !== 0x20 && c !== 0x09) break;
    k++;
  }
  return k;
}

// The three readers ask about the same line one after the other: its first character is found
// once. Keyed by the array and index (comparing the strings would walk aligned table rows).
let lastLines: readonly string[] | undefined;
let lastAt = -1;
let lastIndex = 0;

/**
 * Where the text of `lines[i]` starts, for the readers' `startsAt` (asked of every line of a
 * log): most lines start with their text, so the scan for leading spaces runs only for the rest.
 */
export function textStart(lines: readonly string[], i: number): number {
  if (i === lastAt && lines === lastLines) return lastIndex;
  const line = lines[i] ?? '';
  const c = line.charCodeAt(0);
  lastIndex = c === 0x20 || c === 0x09 ? firstNonSpace(line) : 0;
  lastLines = lines;
  lastAt = i;
  return lastIndex;
}

const SECONDS: Readonly<Record<string, number>> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  μs: 1e-6,
  ms: 1e-3,
  s: 1,
  sec: 1,
  secs: 1,
  m: 60,
  min: 60,
  h: 3600,
  hr: 3600,
};

/** wrk's glued times (`15.20ms`, `850.00us`, `1.02s`, `1.00m`, `2.00h`) → seconds. */
export function gluedSeconds(text: string): number | undefined {
  // Thousands commas (`1,204.5ms`) are grouping, never a decimal mark.
  const m = /^(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(ns|us|µs|μs|ms|s|m|h)$/.exec(text.trim());
  const f = m?.[2] === undefined ? undefined : SECONDS[m[2]];
  return m?.[1] === undefined || f === undefined ? undefined : applyFactor(Number(m[1].replaceAll(',', '')), f);
}

/**
 * hey's and oha's spelled times → seconds: `0.0123 secs`, `0.0963 secs.` (hey's first
 * releases), `12.3456 ms`, and oha's scales of ten (`1.2345 10 sec`, the value in tens of seconds).
 */
export function spelledSeconds(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*(?:(10)\s+)?(ns|us|µs|μs|ms|secs?|s|min|hr)\.?$/.exec(text.trim());
  const f = m?.[3] === undefined ? undefined : SECONDS[m[3]];
  if (m?.[1] === undefined || f === undefined) return undefined;
  return applyFactor(Number(m[1]), m[2] === undefined ? f : 10 * f);
}

const BINARY: Readonly<Record<string, number>> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };
const DECIMAL: Readonly<Record<string, number>> = { '': 1, k: 1e3, m: 1e6, g: 1e9, t: 1e12 };

/**
 * A size → bytes: `6.34MB` (wrk: binary multiples although it writes `MB`), `38.28 MiB`,
 * `122400 bytes`, `14 B`. `KB`/`MB` are binary when `binaryKB` (wrk), else decimal.
 */
export function bytesOf(text: string, binaryKB: boolean): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*(?:([kmgt])(i)?b|b|bytes?)$/i.exec(text.trim());
  if (m?.[1] === undefined) return undefined;
  const prefix = (m[2] ?? '').toLowerCase();
  const table = m[3] !== undefined || binaryKB ? BINARY : DECIMAL;
  const f = table[prefix];
  return f === undefined ? undefined : Math.round(Number(m[1]) * f);
}

/** wrk's metric suffixes on counts and rates (`2.11k`, `1.00M`). */
export function suffixedNumber(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([kMG])?$/.exec(text.trim());
  if (m?.[1] === undefined) return undefined;
  const f = m[2] === 'k' ? 1e3 : m[2] === 'M' ? 1e6 : m[2] === 'G' ? 1e9 : 1;
  return applyFactor(Number(m[1]), f);
}

/**
 * A printed percentile → the key's stat: `50` → p50, `99.9` → p99_9, `99.990` → p99_99,
 * `10.00` → p10; 0 and 100 are no percentile (min/max are printed on their own).
 */
export function percentileStat(p: string): string | undefined {
  const n = Number(p);
  if (!Number.isFinite(n) || n <= 0 || n >= 100) return undefined;
  const [whole, frac = ''] = String(n).split('.');
  return frac === '' ? `p${whole}` : `p${whole}_${frac}`;
}
