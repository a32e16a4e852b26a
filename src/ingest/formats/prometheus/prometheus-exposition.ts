/**
 * One Prometheus text exposition as printed: its series lines (name, labels, value, the
 * sample timestamp after it) and TYPE lines, and the SampleRecord of a point.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { recordId } from '../../../model/ids';
import type { SampleRecord } from '../../../model/records';
import { setOwn } from '../../../model/safe-keys';
import { diag, isBlank, lineSample } from '../../blocks/common';
import { HELP_TYPE } from './prometheus-time';

export const METRIC_LINE =
  /^\s*([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+([-+]?(?:\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|NaN|[+-]?Inf))(?:\s+(-?\d+))?\s*$/;
export const ELISION = /^\s*(\.\.\.|…)\s*$/;

export interface Point {
  name: string;
  labels: Record<string, string>;
  value: number;
  /** 1-based line in the file. */
  line: number;
  /** Sample timestamp printed after the value (ms since epoch). */
  ms?: number;
}

export interface ParsedScrape {
  /** Absent when neither the scrape nor a scrape interval says when it was taken. */
  t?: string | number;
  points: Point[];
  types: Map<string, string>;
  /** 1-based line of the scrape's first line (ids of derived samples of an interval use the later scrape's). */
  line: number;
}

/** `{a="x",b="y \"q\""}` → labels; undefined when it does not parse. */
export function parseLabels(text: string): Record<string, string> | undefined {
  const labels: Record<string, string> = {};
  const inner = text.trim().replace(/^\{/, '').replace(/\}$/, '');
  const re = /\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(,|$)/y;
  let pos = 0;
  while (pos < inner.length) {
    re.lastIndex = pos;
    const m = re.exec(inner);
    if (!m || m[1] === undefined) return inner.slice(pos).trim() === '' ? labels : undefined;
    setOwn(labels, m[1], (m[2] ?? '').replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1'));
    pos = re.lastIndex;
  }
  return labels;
}

export function isPromLine(line: string | undefined): boolean {
  return line !== undefined && (METRIC_LINE.test(line) || HELP_TYPE.test(line));
}

export function keyOf(name: string, labels: Record<string, string>): string {
  return (
    name +
    JSON.stringify(
      Object.keys(labels)
        .sort()
        .map((k) => [k, labels[k]]),
    )
  );
}

export function sample(
  file: string,
  line: number,
  t: string | number | undefined,
  series: string,
  labels: Record<string, string>,
  value: number,
): SampleRecord {
  return lineSample({
    id: recordId(file, line, undefined, series),
    source: { file, line, format: 'prometheus' },
    t,
    series,
    labels,
    value,
  });
}

/** Parses the lines of one exposition (1-based `firstLine` for ids). */
export function parseExposition(
  lines: readonly string[],
  firstLine: number,
  file: string,
  diagnostics: Diagnostic[],
): { points: Point[]; types: Map<string, string>; created: number } {
  const points: Point[] = [];
  const types = new Map<string, string>();
  let created = 0;
  lines.forEach((line, k) => {
    const lineNo = firstLine + k;
    if (isBlank(line)) return;
    const ht = HELP_TYPE.exec(line);
    if (ht) {
      if (ht[1] === 'TYPE' && ht[2] && ht[3]) types.set(ht[2], ht[3].toLowerCase());
      return;
    }
    if (ELISION.test(line)) {
      diagnostics.push(
        diag('info', 'prose-skipped', 'elision line "..." skipped (lines left out of the pasted exposition)', file, lineNo - 1),
      );
      return;
    }
    if (/^\s*#/.test(line)) return;
    const m = METRIC_LINE.exec(line);
    const labels = m ? parseLabels(m[2] ?? '{}') : undefined;
    if (!m?.[1] || m[3] === undefined || !labels) {
      diagnostics.push(diag('warning', 'cell-unparsed', `Prometheus line not understood: ${line.trim()}`, file, lineNo - 1));
      return;
    }
    const value = /inf$/i.test(m[3]) ? (m[3].startsWith('-') ? -Infinity : Infinity) : Number(m[3]);
    if (!Number.isFinite(value)) return; // NaN/Inf values are not data points
    if (m[1].endsWith('_created')) {
      created++;
      return;
    }
    const p: Point = { name: m[1], labels, value, line: lineNo };
    if (m[4] !== undefined) p.ms = Number(m[4]);
    points.push(p);
  });
  return { points, types, created };
}
