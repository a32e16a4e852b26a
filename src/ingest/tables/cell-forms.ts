/**
 * The forms a grid cell takes beyond one `number unit` (issue 27, "General layouts"), shared by
 * the report tables and the terminal grids. Every figure keeps the unit printed beside it: a
 * column's unit is never forced on a cell that says another.
 *
 *   `2.27s ± 3%`, `63.2ns ± 2%`              value and spread (relative when it ends in `%`)
 *   `[61.2 µs 61.4 µs 61.7 µs]`              an estimate with its interval (criterion's triple)
 *   `389.7 ms … 452.1 ms`, `10 - 20 ms`      a range: its low and high ends, no single value
 *   `5000+ ms`, `> 5000 ms`                  a bound, not a value
 *   `75 tks/s (8B), 115 tks/s (Marlin)`      several values: the first is the cell's, the rest kept apart
 *   `65 tks/s (8B)`                          a trailing parenthetical qualifier, kept as such
 *
 * Plain cells (`12.3 ms`, `1,234`, `1.2k`) are not this module's: `cellForm` returns undefined
 * and the caller reads them as before (parseFigure).
 */
import { classifyUnit, secondsOfTimeUnit } from '../../model/label-meaning';
import { figureText, parseFigure } from '../../model/units-cell';

export interface CellFigure {
  value: number;
  unit?: string;
  /** The digits as printed (for the precision a copy may differ by). */
  digits: string;
}

export type CellForm =
  | (CellFigure & { shape: 'spread'; spread: number; relative: boolean })
  | (CellFigure & { shape: 'interval'; low: number; high: number })
  | { shape: 'range'; low: CellFigure; high: CellFigure }
  | { shape: 'bound'; bound: CellFigure; side: 'lower' | 'upper' }
  | (CellFigure & { shape: 'several'; others: CellFigure[]; qualifier?: string })
  | (CellFigure & { shape: 'qualified'; qualifier: string });

const NUM = String.raw`[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?`;
const UNIT = '[A-Za-zµμ%#][A-Za-zµμ%#/.]*(?:/[A-Za-z]+)*';
const FIG = String.raw`(${NUM})\s*(${UNIT})?`;
const SPREAD_SIGN = String.raw`(?:±|\+/?-)`;

const SPREAD_FORM = new RegExp(String.raw`^${FIG}\s*${SPREAD_SIGN}\s*(${NUM})\s*(%|${UNIT})?$`, 'u');
const TRIPLE_FORM = new RegExp(String.raw`^\[\s*${FIG}\s+${FIG}\s+${FIG}\s*\]$`, 'u');
const RANGE_FORM = new RegExp(String.raw`^${FIG}\s*(?:…|\.\.\.|\s[-–—]\s|–|—|\sto\s)\s*${FIG}$`, 'u');
const BOUND_AFTER = new RegExp(String.raw`^(${NUM})\+\s*(${UNIT})?$`, 'u');
const BOUND_BEFORE = new RegExp(String.raw`^(>=?|<=?|≥|≤)\s*${FIG}$`, 'u');
const QUALIFIED = new RegExp(String.raw`^${FIG}\s*\(([^()]{1,40})\)$`, 'u');

/** Unit spellings of published tables that the vocabulary knows under another name. */
const UNIT_ALIASES: ReadonlyArray<[RegExp, string]> = [[/^tks\/s(ec)?$/i, 'tok/s']];

/** `tks/s` as `tok/s`; other units as printed. */
export function cellUnit(unit: string): string {
  for (const [re, to] of UNIT_ALIASES) if (re.test(unit)) return to;
  return unit;
}

/** A magnitude letter standing for the unit (`13.0M` allocations, `1.2k`): folded into the value. */
const MAGNITUDE: Readonly<Record<string, number>> = { k: 3, K: 3, M: 6, G: 9 };

function figure(digits: string | undefined, unit: string | undefined): CellFigure | undefined {
  if (digits === undefined) return undefined;
  const plain = digits.replace(/,/g, '');
  const exponent = unit === undefined ? undefined : MAGNITUDE[unit];
  // Scaled through the exponent, so that 13.0M is 13000000 and not 13000000.000000002.
  const value = Number(exponent === undefined ? plain : `${plain}e${exponent}`);
  if (!Number.isFinite(value)) return undefined;
  return unit && exponent === undefined ? { value, unit: cellUnit(unit), digits } : { value, digits };
}

/** A unit a figure may carry inside a compound cell: a known kind, so `5xx - 0` is no range of `xx`. */
function knownUnit(printed: string | undefined): boolean {
  if (printed === undefined || MAGNITUDE[printed] !== undefined) return true;
  const unit = cellUnit(printed);
  return classifyUnit(unit).kind !== 'other' || /^(?:[kMG]?i?B|[kMGT])$|\/op$/.test(unit);
}

/** `b` in `a`'s unit, when both are times or the same unit (or one has none). */
function inUnitOf(a: CellFigure, b: CellFigure): number | undefined {
  if (a.unit === b.unit || b.unit === undefined || a.unit === undefined) return b.value;
  const sa = secondsOfTimeUnit(a.unit);
  const sb = secondsOfTimeUnit(b.unit);
  if (sa === undefined || sb === undefined) return undefined;
  return Number(((b.value * sb) / sa).toPrecision(12));
}

/** Splits at top-level `, ` before a figure (never inside brackets, never a thousands comma). */
function splitValues(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0 && /^\s+[-+]?\d/.test(text.slice(i + 1))) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/** One `number unit (qualifier)` part of a cell. */
function qualifiedFigure(part: string): (CellFigure & { qualifier?: string }) | undefined {
  const q = QUALIFIED.exec(part);
  if (q && knownUnit(q[2])) {
    const f = figure(q[1], q[2]);
    return f && q[3] ? { ...f, qualifier: q[3].replace(/[*_`]/g, '').trim() } : f;
  }
  const p = parseFigure(part);
  if (p.value === undefined || p.spread !== undefined) return undefined;
  const digits = new RegExp(`^${NUM}`).exec(part)?.[0];
  if (digits === undefined || (p.unit !== undefined && !knownUnit(cellUnit(p.unit)))) return undefined;
  return p.unit ? { value: p.value, unit: cellUnit(p.unit), digits } : { value: p.value, digits };
}

function spreadForm(t: string): CellForm | undefined {
  const m = SPREAD_FORM.exec(t);
  if (!m || !knownUnit(m[2])) return undefined;
  // `1900.72 ± 33.74 t/s`: a unit printed once, after the spread, is the value's too.
  const f = figure(m[1], m[2] ?? (m[4] === '%' ? undefined : m[4]));
  const s = Number((m[3] ?? '').replace(/,/g, ''));
  if (!f || !Number.isFinite(s)) return undefined;
  if (m[4] === '%') return { ...f, shape: 'spread', spread: s, relative: true };
  const spread = m[4] === undefined ? s : inUnitOf(f, { value: s, unit: m[4], digits: m[3] ?? '' });
  return spread === undefined ? undefined : { ...f, shape: 'spread', spread, relative: false };
}

function tripleForm(t: string): CellForm | undefined {
  const m = TRIPLE_FORM.exec(t);
  if (!m) return undefined;
  const lo = figure(m[1], m[2]);
  const est = figure(m[3], m[4]);
  const hi = figure(m[5], m[6]);
  if (!lo || !est || !hi || ![lo, est, hi].every((f) => knownUnit(f.unit))) return undefined;
  const unit = est.unit ?? lo.unit ?? hi.unit;
  const mid = unit ? { ...est, unit } : est;
  const low = inUnitOf(mid, lo);
  const high = inUnitOf(mid, hi);
  if (low === undefined || high === undefined) return undefined;
  return { ...mid, shape: 'interval', low, high };
}

function rangeForm(t: string): CellForm | undefined {
  const m = RANGE_FORM.exec(t);
  if (!m || !knownUnit(m[2]) || !knownUnit(m[4])) return undefined;
  const lo = figure(m[1], m[2] ?? m[4]);
  const hi = figure(m[3], m[4] ?? m[2]);
  if (!lo || !hi || inUnitOf(lo, hi) === undefined) return undefined;
  // `2024-05-01` or `10-20` without spaces is a date or a label, not a range.
  if (!/…|\.\.\.|\s[-–—]\s|–|—|\sto\s/.test(t)) return undefined;
  return { shape: 'range', low: lo, high: hi };
}

function boundForm(t: string): CellForm | undefined {
  const after = BOUND_AFTER.exec(t);
  if (after && knownUnit(after[2])) {
    const f = figure(after[1], after[2]);
    return f ? { shape: 'bound', bound: f, side: 'lower' } : undefined;
  }
  const before = BOUND_BEFORE.exec(t);
  if (!before || !knownUnit(before[3])) return undefined;
  const f = figure(before[2], before[3]);
  return f ? { shape: 'bound', bound: f, side: /[>≥]/.test(before[1] ?? '') ? 'lower' : 'upper' } : undefined;
}

function severalForm(t: string): CellForm | undefined {
  const parts = splitValues(t);
  const figures = parts.map(qualifiedFigure);
  const [first, ...rest] = figures;
  if (!first) return undefined;
  if (parts.length === 1) return first.qualifier === undefined ? undefined : { ...first, shape: 'qualified', qualifier: first.qualifier };
  if (rest.some((f) => f === undefined)) return undefined;
  return { ...first, shape: 'several', others: rest as CellFigure[] };
}

/**
 * The cell's form when it is more than one plain figure (see the module comment), else
 * undefined. Markup, footnote marks and arrows are taken off first (figureText).
 */
export function cellForm(cell: string): CellForm | undefined {
  const t = figureText(cell).replace(/\s+/g, ' ');
  if (t === '' || !/\d/.test(t)) return undefined;
  return spreadForm(t) ?? tripleForm(t) ?? rangeForm(t) ?? boundForm(t) ?? severalForm(t);
}
