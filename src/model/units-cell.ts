/**
 * A table cell as printed in a report or a terminal, read as a figure (issue 27): what a person
 * or a renderer adds around the number is taken off first, then parseNumber reads the rest.
 *
 *   `**12.3**`, `__12.3__`, `` `12.3` ``, `<b>12.3</b>`  emphasis and code marks
 *   `12.3*`, `12.3†`, `12.3¹`, `12.3 [2]`               footnote marks after the figure
 *   `12.3 ↑`, `▲ 12.3`                                   "better" arrows
 *   `3.4K tok/s`, `1.2 M tokens`                          a magnitude before a unit (3400 tok/s)
 *
 * `312.4 ± 3.1` (a spread), `40 / 40`, `N/A`, `—` and `/` are parseNumber's own.
 */
import { type ParsedNumber, parseNumber } from './metric-vocabulary';

const WRAPPED = [/^\*\*(.+)\*\*$/s, /^__(.+)__$/s, /^`([^`]+)`$/, /^<(b|strong|em|i|code)>(.+)<\/\1>$/is, /^\*([^*]+)\*$/, /^_([^_]+)_$/];
const FOOTNOTE_AFTER = /(?<=[\d\p{L}%)/])\s*(?:\*{1,3}|[†‡§]+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\[\d{1,2}\]|\^\d{1,2}|<sup>[^<]{1,8}<\/sup>)$/u;
const ARROWS = /^[↑↓⬆⬇▲▼]\s*|\s*[↑↓⬆⬇▲▼]$/gu;
/** A number, a magnitude letter standing alone, then a unit: `3.4K tok/s`, `1.2 k req/s`. */
const MAGNITUDE_UNIT = /^([-+]?\d+(?:\.\d+)?)\s*([kKM])\s+(\p{L}.*)$/u;
const MAGNITUDE_EXPONENT: Readonly<Record<string, number>> = { k: 3, K: 3, M: 6 };

/** The cell's text with markup, footnote marks and arrows taken off, a magnitude folded into the number. */
export function figureText(cell: string): string {
  let t = cell.trim();
  if (t === '') return t;
  for (let round = 0; round < 2; round++) {
    for (const re of WRAPPED) {
      const m = re.exec(t);
      if (m) t = (m[m.length - 1] ?? '').trim();
    }
    t = t.replace(ARROWS, '').replace(FOOTNOTE_AFTER, '').trim();
  }
  const mag = MAGNITUDE_UNIT.exec(t);
  if (mag?.[1] && mag[2] && mag[3]) {
    const exponent = MAGNITUDE_EXPONENT[mag[2]] ?? 0;
    // Scaled through the exponent, so that 3.4K is 3400 and not 3400.0000000000005.
    t = `${Number(`${mag[1]}e${exponent}`)} ${mag[3]}`;
  }
  return t;
}

/** parseNumber of the cell's figure text (figureText). */
export function parseFigure(cell: string): ParsedNumber {
  return parseNumber(figureText(cell));
}

/**
 * The metric key a `±` spread of `key` goes under: the key's statistic replaced by `std`
 * (`ttft_mean_ms` → `ttft_std_ms`), else `_std` after it (`throughput_rps_std`, as llama-bench's
 * `output_tps_std`).
 */
export function spreadKey(key: string): string {
  const stat = /_(mean|p50)_(s|ms)$/.exec(key);
  if (stat) return `${key.slice(0, stat.index)}_std_${stat[2]}`;
  return `${key}_std`;
}
