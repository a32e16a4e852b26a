/**
 * How directly an input asked a question (ASKED_LEVEL), with the file:line evidence. The
 * report's Methodology states the rule in words (report/view/methodology-view.ts).
 * Read off what ingest kept: the claims matched to the question's comparisons (its
 * conclusion text), the labels of the runs on each side (headings, comments, separators),
 * and the provenance of the compared field ("launch command at line 264", `heading "SGLang"
 * at line 132`, "column headers 'Pipeline (Prompt TPS)' …").
 */
import type { RunRecord } from '../../model/records';
import type { AskedBy, ClaimCheck, Comparison, QuestionEvidence } from '../types';
import type { QuestionDraft } from './partition';

export const ASKED_LEVEL: Record<AskedBy, number> = {
  conclusion: 5,
  'comment-or-table': 4,
  heading: 3,
  'launch-command': 2,
  data: 1,
};
const LEVEL_NAME: AskedBy[] = ['data', 'data', 'launch-command', 'heading', 'comment-or-table', 'conclusion'];

/** The provenance field behind each factor. */
function provenanceField(factor: string): string {
  if (['gpus', 'strategy', 'tp', 'dp', 'pp'].includes(factor)) return `parallelism.${factor}`;
  if (factor === 'context_length') return 'server.context_length';
  if (['concurrency', 'max_tokens', 'temperature'].includes(factor)) return `client.${factor}`;
  return factor;
}

const COMPARE_WORDS = /\b(compare[sd]?|comparing|comparison|versus|vs)\b/i;
const HEADING_RE = /^(heading|separator)\s+(["'])(.*?)\2\s+at line (\d+)/;
const LAUNCH_RE = /\blaunch command at line (\d+)/;
const COLUMN_RE = /^column headers? (.+)$/;

interface Found extends QuestionEvidence {
  level: number;
}

function norm(s: string): string {
  return ` ${s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

function byDocument(a: RunRecord, b: RunRecord): number {
  return a.source.file < b.source.file ? -1 : a.source.file > b.source.file ? 1 : a.source.line - b.source.line;
}

/** What the provenance of the compared field says about one run. */
function fromProvenance(run: RunRecord, field: string): Found | undefined {
  const p = Object.hasOwn(run.provenance ?? {}, field) ? run.provenance[field] : undefined;
  if (!p) return undefined;
  const file = run.source.file;
  const h = HEADING_RE.exec(p);
  if (h) return { kind: h[1] ?? 'heading', text: h[3] ?? '', file, line: Number(h[4]), level: 3 };
  const launch = LAUNCH_RE.exec(p);
  if (launch) return { kind: 'launch-command', text: run.server?.command ?? 'launch command', file, line: Number(launch[1]), level: 2 };
  const col = COLUMN_RE.exec(p);
  if (col) return { kind: 'table', text: col[1] ?? '', file, line: run.source.line, level: 3 };
  return undefined;
}

/** Labels on one side only that name the side or say "compare": comments and headings. */
function fromLabels(side: RunRecord[], other: RunRecord[], names: string[], otherNames: string[]): Found[] {
  const otherLabels = new Set(other.flatMap((r) => r.labels ?? []));
  const out: Found[] = [];
  const seen = new Set<string>();
  for (const run of side) {
    for (const label of run.labels ?? []) {
      if (otherLabels.has(label) || seen.has(label)) continue;
      seen.add(label);
      const n = norm(label);
      const at = { text: label, file: run.source.file, line: run.source.line, above: true };
      const naming = names.some((x) => x.trim() !== '' && n.includes(x));
      // A "compare" comment counts when it names a side ("Now compare with 2 GPUs").
      if (COMPARE_WORDS.test(label) && (naming || otherNames.some((x) => x.trim() !== '' && n.includes(x))))
        out.push({ kind: 'comment', ...at, level: 4 });
      else if (naming) out.push({ kind: 'heading', ...at, level: 3 });
    }
  }
  return out;
}

function sideRuns(ids: Iterable<string>, runsById: ReadonlyMap<string, RunRecord>): RunRecord[] {
  const out: RunRecord[] = [];
  for (const id of new Set(ids)) {
    const r = runsById.get(id);
    if (r) out.push(r);
  }
  return out.sort(byDocument);
}

function sideEvidence(side: RunRecord[], other: RunRecord[], field: string, names: string[], otherNames: string[]): Found[] {
  const found: Found[] = [];
  for (const run of side) {
    const f = fromProvenance(run, field);
    if (f && !found.some((x) => x.kind === f.kind && x.line === f.line && x.file === f.file)) found.push(f);
  }
  // A label that is the heading or separator the provenance already cites says nothing new.
  const cited = new Set(found.map((x) => `${x.file}\u0000${norm(x.text)}`));
  for (const f of fromLabels(side, other, names, otherNames)) if (!cited.has(`${f.file}\u0000${norm(f.text)}`)) found.push(f);
  return found;
}

/** Both sides in one table (same file and line) whose columns name the sides. */
function sideBySide(base: RunRecord[], cand: RunRecord[], field: string): boolean {
  const at = new Set(base.map((r) => `${r.source.file}\u0000${r.source.line}`));
  return cand.some((r) => at.has(`${r.source.file}\u0000${r.source.line}`) && fromProvenance(r, field)?.kind === 'table');
}

export interface AskedResult {
  asked_by: AskedBy;
  evidence: QuestionEvidence[];
}

/** How directly the input asked the draft's question, and where. */
export function askedBy(
  draft: QuestionDraft,
  comparisons: readonly Comparison[],
  runsById: ReadonlyMap<string, RunRecord>,
  claims: readonly ClaimCheck[],
): AskedResult {
  const mine = new Set(draft.comparisons);
  const found: Found[] = [];
  for (const c of claims) {
    if (c.measured && mine.has(c.measured.comparison))
      found.push({ kind: 'conclusion', text: c.quote, file: c.file, line: c.line, level: 5 });
  }
  const cs = draft.comparisons.map((i) => comparisons[i]).filter((c): c is Comparison => c !== undefined);
  const base = sideRuns(
    cs.flatMap((c) => c.baseline.runs),
    runsById,
  );
  const cand = sideRuns(
    cs.flatMap((c) => c.candidate.runs),
    runsById,
  );
  const field = provenanceField(draft.factor);
  const names = (i: 0 | 1): string[] => [norm(draft.labels[i]), norm(String(draft.values[i]))];
  const b = sideEvidence(base, cand, field, names(0), names(1)).map((x) => ({ ...x, side: 'baseline' as const }));
  const k = sideEvidence(cand, base, field, names(1), names(0)).map((x) => ({ ...x, side: 'candidate' as const }));
  const sideLevel = (xs: Found[]): number => xs.reduce((m, x) => Math.max(m, Math.min(x.level, 3)), 1);
  // Across files no heading or comment set the two sides against each other.
  const oneFile = draft.files.length === 1;
  let level = oneFile ? Math.min(sideLevel(b), sideLevel(k)) : 1;
  if (oneFile && [...b, ...k].some((x) => x.kind === 'comment')) level = Math.max(level, 4);
  if (oneFile && sideBySide(base, cand, field)) level = Math.max(level, 4);
  if (found.length) level = 5;
  found.push(...b, ...k);
  const evidence = dedupe(found)
    .filter((x) => level > 1 && x.level > 1)
    .sort((x, y) => y.level - x.level || (x.file < y.file ? -1 : x.file > y.file ? 1 : (x.line ?? 0) - (y.line ?? 0)))
    .map(({ level: _level, ...e }) => e);
  // No text of the input names the sides: the evidence has none to quote (summary.json words why).
  if (level === 1) evidence.push({ kind: 'data', text: '', file: draft.files[0] ?? '' });
  return { asked_by: LEVEL_NAME[level] ?? 'data', evidence };
}

function dedupe(xs: Found[]): Found[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const key = `${x.kind}\u0000${x.file}\u0000${x.line ?? ''}\u0000${x.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
