/**
 * A region of lines no reader took, read by general shape: labelled numbers (pair-line.ts), with
 * `label:` lines naming the indented lines below them, then repeated sentence templates. The
 * readings form groups, each a run's worth: a label read a second time starts a new group (a
 * report printed twice), and each template line is a group of its own.
 */

import { readGrids } from './grid';
import { type NamedNumber, nameNumber, ownName } from './name-pair';
import { type LabelledNumber, readPairLine } from './pair-line';
import { readTemplates, type TemplateLine } from './sentence-template';
import { readSweeps, type SweepPoint } from './sweep';

export interface RegionLine {
  text: string;
  /** 1-based file line. */
  line: number;
}

export interface ResidueValue {
  named: NamedNumber;
  /** The label and the value as printed, and the file line they are on. */
  label: string;
  printed: string;
  line: number;
  /** The metric under its label's own slug, for a run that has the key with another value. */
  own?: { key: string; value: number };
}

export interface ResidueGroup {
  /** 1-based file line of the group's first reading. */
  line: number;
  values: ResidueValue[];
  /**
   * Whether the group may be a run of its own: a performance metric named by label and unit
   * (a run's duration alone measures nothing) beside another metric, or a template line. One
   * known metric alone, or beside settings, is no run, as for the key/value reader.
   */
  performance: boolean;
  /** A sentence template the group's one line fills. */
  template?: string;
  /** A grid row's label (the run's label). */
  row?: string;
}

interface Opened {
  indent: number;
  name: string;
}

function indentOf(text: string): number {
  let k = 0;
  while (k < text.length && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09)) k++;
  return k;
}

function residueValue(pair: LabelledNumber, line: number): ResidueValue | undefined {
  const named = nameNumber(pair);
  if (!named) return undefined;
  const printed = pair.unit === undefined ? String(pair.value) : `${pair.value} ${pair.unit}`;
  const v: ResidueValue = { named, label: pair.label, printed, line };
  const own = named.kind === 'metric' ? ownName(pair) : undefined;
  if (own && own.key !== named.key) v.own = own;
  return v;
}

/** A performance metric that may make a run: a run's duration alone measures nothing. */
function measures(v: ResidueValue): boolean {
  return v.named.kind === 'metric' && v.named.performance && v.named.key !== 'duration_s';
}

class Grouper {
  readonly groups: ResidueGroup[] = [];
  private current: ResidueGroup | undefined;
  private readonly seen = new Set<string>();

  add(v: ResidueValue): void {
    const key = `${v.named.kind}:${v.named.key}`;
    if (!this.current || this.seen.has(key)) {
      this.current = { line: v.line, values: [], performance: false };
      this.groups.push(this.current);
      this.seen.clear();
    }
    this.seen.add(key);
    this.current.values.push(v);
  }

  /** A grid row: a group of its own, or more of an earlier row with the same label (another grid of the same rows). */
  row(label: string, values: readonly ResidueValue[], line: number): void {
    const same = this.groups.find((g) => g.row === label && !values.some((v) => g.values.some((w) => w.named.key === v.named.key)));
    if (same) same.values.push(...values);
    else if (values.length > 0) this.groups.push({ line, values: [...values], performance: false, row: label });
    this.current = undefined;
  }

  /** Each group's `performance`, once its values are in. */
  close(): ResidueGroup[] {
    for (const g of this.groups) {
      const metrics = g.values.filter((v) => v.named.kind === 'metric').length;
      g.performance = metrics >= 2 && g.values.some(measures);
    }
    return this.groups;
  }
}

/** Labelled numbers line by line; returns the lines that held none (for the template pass). */
function readPairs(lines: readonly RegionLine[], grouper: Grouper, used: ReadonlySet<number>): TemplateLine[] {
  const opened: Opened[] = [];
  let braces: string[] = [];
  const rest: TemplateLine[] = [];
  for (const { text, line } of lines) {
    if (used.has(line)) continue;
    const indent = indentOf(text);
    while (opened.length > 0 && (opened[opened.length - 1] as Opened).indent >= indent) opened.pop();
    const names = opened.map((o) => o.name);
    const parents = [...names, ...braces];
    const read = readPairLine(text, parents);
    braces = parents.slice(names.length);
    if (read?.opens !== undefined) opened.push({ indent, name: read.opens });
    const values = (read?.pairs ?? []).map((p) => residueValue(p, line)).filter((v): v is ResidueValue => v !== undefined);
    for (const v of values) grouper.add(v);
    if (values.length === 0 && read?.opens === undefined && /\d/.test(text)) rest.push({ text, line });
  }
  return rest;
}

/** A sweep point: a run of its own by the sweep rule (sweep.ts), its setting as its label. */
function sweepGroup(p: SweepPoint): ResidueGroup {
  const values = p.values.map(({ pair, named }) => ({
    named,
    label: pair.label,
    printed: pair.unit === undefined ? String(pair.value) : `${pair.value} ${pair.unit}`,
    line: p.line,
  }));
  return { line: p.line, values, performance: true, row: p.label };
}

/** The groups of a region's lines, in order of their first line. */
export function readRegion(lines: readonly RegionLine[]): ResidueGroup[] {
  const grouper = new Grouper();
  const grids = readGrids(lines);
  for (const row of grids.rows) {
    const values = row.pairs.map((p) => residueValue(p, row.line)).filter((v): v is ResidueValue => v !== undefined);
    grouper.row(row.label, values, row.line);
  }
  const sweeps = readSweeps(grids.used.size === 0 ? lines : lines.filter((l) => !grids.used.has(l.line)));
  for (const u of sweeps.used) grids.used.add(u);
  const rest = readPairs(lines, grouper, grids.used);
  const groups = grouper.close();
  for (const p of sweeps.points) groups.push(sweepGroup(p));
  for (const t of readTemplates(rest)) {
    const values = t.pairs.map((p) => residueValue(p, t.line)).filter((v): v is ResidueValue => v !== undefined);
    if (values.length === 0) continue;
    groups.push({ line: t.line, values, performance: values.some(measures), template: t.template });
  }
  return groups.sort((a, b) => a.line - b.line);
}
