/**
 * The general fallback of the console scanner (issue 27, "a design-level fallback"): after every
 * reader has had its chance, the lines none took are gathered by region (a region ends where a
 * reader's block, a heading, a fence or a launch command begins) and read by general shape
 * (read-region.ts). Placement, at the file's end:
 *
 * - a group joins the nearest run a reader made in the same section, as metrics that run lacks
 *   (never overwriting a value a reader set: a key the run has goes under the label's own slug),
 *   unless the run holds one of the group's performance metrics with another value and is not
 *   printed right beside it: then the group is another measurement;
 * - else it is a run of its own only when it holds a performance metric named by label AND
 *   unit (spec sheets, version lists, losses give none: an info line says so).
 *
 * Runs a streaming parse has already handed on cannot be joined: there a group only forms a run
 * of its own. The pass costs nothing on lines a reader took; it keeps only lines with a digit or
 * a name over indented lines, at most MAX_LINES per region.
 */
import { detach } from '../../model/detach';
import type { Diagnostic } from '../../model/diagnostics';
import type { RunRecord } from '../../model/records';
import { isGlyphRow, isProgressBar } from '../coverage';
import type { PartialRun } from '../types';
import { addValue, FALLBACK, groupRun } from './group-run';
import { type RegionLine, type ResidueGroup, readRegion } from './read-region';

/** A run a reader made, and the section (heading) it is in. */
export interface HeldRun {
  run: RunRecord;
  section: number;
}

/** A group, its section, and (when it may be a run of its own) the run resolved in its scope. */
interface Pending {
  group: ResidueGroup;
  section: number;
  run?: RunRecord;
  diagnostics: Diagnostic[];
}

export interface Placement {
  /** Runs of their own, for the finisher. */
  runs: Array<{ run: RunRecord; diagnostics: Diagnostic[] }>;
  /** 1-based lines coverage counted as not understood whose numbers were placed. */
  lines: number[];
  /** 1-based first lines of the groups placed nowhere. */
  unplaced: number[];
}

/**
 * The info line of a file that ends with no run although the fallback read labelled numbers in
 * it (a spec sheet, a version list, a training log): why they made no run.
 */
export function unplacedNote(file: string, unplaced: readonly number[]): Diagnostic | undefined {
  const first = unplaced[0];
  if (first === undefined) return undefined;
  const where = unplaced
    .slice(0, 3)
    .map((l) => `${file}:${l}`)
    .join(', ');
  return {
    severity: 'info',
    code: 'metrics-unread',
    message: `labelled numbers read by the ${FALLBACK} (${plural(unplaced.length)} from ${where}) hold no performance metric named by label and unit beside another metric: no run made of them`,
    file,
    line: first,
  };
}

function plural(n: number): string {
  return n === 1 ? '1 group' : `${n} groups`;
}

const MAX_LINES = 400;
/** Lines between a group and a run printed as one output (a custom metric above a summary). */
const BESIDE = 10;
const MAX_PENDING = 2000;
/** Worth keeping: a digit, a name over the lines below (`http.response_time:`, `'metrics': {`), a grid's header cells. */
const KEEP = /\d|[:{=]\s*$|\S(?:\s*\|\s*|\t|\s{2,})\S/;
/**
 * Source code (a call with keyword arguments, an assignment of a call, a statement): its numbers
 * are arguments, not results. `for`/`if`/`while` are statements only in a statement's shape (`for x
 * in y:`, `if (`): prose starts with them too (`for original weights:`, `for the baseline.`).
 */
const CODE =
  /\w\([^)]*\w=|=\s*[\w.]+\(|^\s*(?:def|class|import|from|return|print|const|let|var|await)\b|^\s*(?:for|if|while)\b(?:\s*\(|.*\S:\s*$)|[;{]\s*$(?<!\w\s*[:=]\s*\{\s*$)/;

export class ResidueCollector {
  private region: RegionLine[] = [];
  /** Paragraphs (between blank lines) of the open region that hold source code: their lines are dropped. */
  private paragraph = 0;
  private readonly codeParagraphs = new Set<number>();
  private readonly paragraphOf = new Map<number, number>();
  private readonly pending: Pending[] = [];
  /** Kept lines the coverage counted as not understood. */
  private readonly counted = new Set<number>();

  constructor(private readonly file: string) {}

  /** A line no reader and no scope rule took; `counted`: coverage counted it as not understood. */
  add(text: string, line: number, counted: boolean): void {
    // A paragraph with source code in it (a script, a dict literal built in code) is an example, not output.
    if (CODE.test(text)) this.codeParagraphs.add(this.paragraph);
    // Grid rows (pipes, box glyphs) are cells, not labelled numbers; bars hold none.
    if (this.region.length >= MAX_LINES || !KEEP.test(text) || isGlyphRow(text) || isProgressBar(text)) return;
    this.region.push({ text: detach(text), line });
    this.paragraphOf.set(line, this.paragraph);
    if (counted) this.counted.add(line);
  }

  /** A blank line: the next lines are another paragraph. */
  blank(): void {
    if (this.region.length > 0 || this.codeParagraphs.size > 0) this.paragraph++;
  }

  /**
   * The region ends: its groups wait for placement. `resolve` gives a group's run in the scope
   * of here (headings, launch command, settings stated above), with its own diagnostics.
   */
  end(section: number, resolve: (p: PartialRun, diagnostics: Diagnostic[]) => RunRecord): void {
    const code = this.codeParagraphs;
    const lines = code.size === 0 ? this.region : this.region.filter((l) => !code.has(this.paragraphOf.get(l.line) ?? -1));
    this.region = [];
    this.paragraphOf.clear();
    code.clear();
    if (lines.length === 0) return;
    for (const group of readRegion(lines)) {
      if (this.pending.length >= MAX_PENDING) return;
      const diagnostics: Diagnostic[] = [];
      const p: Pending = { group, section, diagnostics };
      if (group.performance) p.run = resolve(groupRun(group, this.file), diagnostics);
      this.pending.push(p);
    }
  }

  /** Places every group (module comment); `held`: the runs readers made, still in hand. */
  place(held: readonly HeldRun[]): Placement {
    const out: Placement = { runs: [], lines: [], unplaced: [] };
    for (const p of this.pending) {
      const near = nearest(held, p);
      const conflict = near !== undefined && conflicts(near.run, p.group);
      // Printed right beside the run (a custom trend above a k6 summary): the run's, under its own names.
      const beside = near !== undefined && Math.abs(near.run.source.line - p.group.line) <= BESIDE;
      if (near && (!conflict || beside)) {
        let added = 0;
        for (const v of p.group.values) if (addValue(near.run, v, this.file, true)) added++;
        if (added > 0) out.lines.push(...p.group.values.map((v) => v.line));
        continue;
      }
      if (p.run) {
        out.runs.push({ run: p.run, diagnostics: p.diagnostics });
        out.lines.push(...p.group.values.map((v) => v.line));
        continue;
      }
      out.unplaced.push(p.group.line);
    }
    this.pending.length = 0;
    out.lines = [...new Set(out.lines)].filter((l) => this.counted.has(l)).sort((a, b) => a - b);
    return out;
  }
}

function nearest(held: readonly HeldRun[], p: Pending): HeldRun | undefined {
  let best: HeldRun | undefined;
  let distance = Number.POSITIVE_INFINITY;
  for (const h of held) {
    if (h.section !== p.section) continue;
    const d = Math.abs(h.run.source.line - p.group.line);
    if (d < distance) {
      best = h;
      distance = d;
    }
  }
  return best;
}

/** Whether the run measured one of the group's performance metrics otherwise: then the group is another measurement. */
function conflicts(run: RunRecord, group: ResidueGroup): boolean {
  for (const v of group.values) {
    const n = v.named;
    if (n.kind !== 'metric' || !n.performance) continue;
    if (Object.hasOwn(run.metrics, n.key) && run.metrics[n.key] !== n.value) return true;
  }
  return false;
}
