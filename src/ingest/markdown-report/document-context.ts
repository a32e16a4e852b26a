/**
 * The report's own statements (document-statements.ts) applied to its runs, after the headings
 * and facts the tables already use (scope.ts), and only to what a run does not state:
 *   1. a row whose label names one engine (`vLLM (single)`) is that engine's;
 *   2. a statement in the run's section or one enclosing it, before the run: the nearest
 *      (deepest section, then latest line);
 *   3. else a statement of a section that holds no run and is not about results (`## Test
 *      Configuration`, `## Technical Details`; not `### Summary Statistics`, whose `Total
 *      Requests: 175` sums the runs): a report lists its setup anywhere, before or after its results, so one stated
 *      the same way throughout applies to every run; stated two ways, the latest before the run
 *      applies (none when every statement is after it: said once in an `info`).
 * A launch command's statements describe its engine's runs only. A statement in the run's scope
 * that disagrees with what the run states is a `conflicting-context` warning (the run's value stays).
 */
import type { Diagnostic } from '../../model/diagnostics';
import type { RunRecord } from '../../model/records';
import type { SettingKey } from '../context/settings-vocabulary';
import { strategyOf } from '../launch-command';
import { settingField } from '../scope/apply-settings';
import { engineOfHeading } from '../scope/labels';
import { alternativeFor } from '../scope/list-alternatives';
import { conflict, same } from '../scope/settings-scope';
import { applyLabelSettings } from '../tables/label-settings';
import type { DocStatement } from './document-statements';
import { headingsAt, type ScannedReport } from './scan';
import { namesOwnEngine } from './scope';

export interface DocumentContext {
  statements: DocStatement[];
  /** Heading-line paths of the runs (a section holding none is a setup section). */
  runPaths: number[][];
  scan: ScannedReport;
  file: string;
  diagnostics: Diagnostic[];
  /** Notes already given (`key:line`). */
  said: Set<string>;
  /** Lines of the statements some run took a value from. */
  applied: Set<number>;
}

function encloses(prefix: readonly number[], path: readonly number[]): boolean {
  return prefix.length <= path.length && prefix.every((p, k) => path[k] === p);
}

/** Headings of sections that report results: their `key: value` lines are totals, not setup. */
const RESULTS = /\b(results?|summary|statistics|stats|findings|conclusions?|observations?|analysis|performance|metrics|comparison)\b/i;

/**
 * Whether a statement stands in a setup section: no run in it, and none of its own headings (those
 * over no run: a title over the whole report does not count) about results.
 */
function isSetup(st: DocStatement, doc: DocumentContext): boolean {
  if (st.sectionOnly || doc.runPaths.some((p) => encloses(st.path, p))) return false;
  const own = headingsAt(doc.scan, st.line).filter((h) => st.path.includes(h.line) && !doc.runPaths.some((p) => p.includes(h.line)));
  return !own.some((h) => RESULTS.test(h.text));
}

function eligible(st: DocStatement, run: RunRecord): boolean {
  if (st.server !== undefined && run.engine !== undefined && st.server !== run.engine) return false;
  return st.key !== 'version' || st.engine === run.engine;
}

/** The statement of `key` that applies to the run, and whether it is in the run's own scope. */
function choose(
  list: readonly DocStatement[],
  run: RunRecord,
  path: readonly number[],
  doc: DocumentContext,
): { st: DocStatement; inScope: boolean } | undefined {
  const line = run.source.line;
  let near: DocStatement | undefined;
  for (const st of list) {
    if (st.line >= line || !encloses(st.path, path) || !eligible(st, run)) continue;
    if (!near || st.path.length > near.path.length || (st.path.length === near.path.length && st.line > near.line)) near = st;
  }
  if (near) {
    const st = near.list === undefined ? near : listChoice(list, near, run, doc);
    return st ? { st, inScope: true } : undefined;
  }
  const setup = list.filter((st) => isSetup(st, doc) && eligible(st, run));
  const first = setup[0];
  if (!first) return undefined;
  const before = setup.filter((st) => st.line < line);
  const latest = before[before.length - 1];
  if (setup.every((st) => same(st.key, st.value, first.value))) return { st: latest ?? first, inScope: false };
  if (latest) return { st: latest, inScope: false };
  const id = `${first.key}:${first.line}`;
  if (!doc.said.has(id)) {
    doc.said.add(id);
    doc.diagnostics.push({
      severity: 'info',
      code: 'context-missing',
      message: `${settingField(first.key).path} is stated differently at lines ${setup.map((s) => s.line).join(', ')}, all after the run at line ${line}: applied to no run before them`,
      file: doc.file,
      line,
    });
  }
  return undefined;
}

/**
 * The nearest statement is an item of a settings list that gives the setting other values too
 * (no run between them): the one whose list line names the run's heading, else none
 * (scope/list-alternatives.ts).
 */
function listChoice(list: readonly DocStatement[], near: DocStatement, run: RunRecord, doc: DocumentContext): DocStatement | undefined {
  const alternatives = list.filter((st) => st.list === near.list && st.line < run.source.line && eligible(st, run));
  if (alternatives.every((st) => same(st.key, st.value, near.value))) return near;
  return alternativeFor(alternatives, headingsAt(doc.scan, run.source.line).at(-1)?.text);
}

/** Rule 1: a table row labelled with one engine's name. */
function engineOfRow(run: RunRecord, rowLabel: string | undefined): void {
  if (run.engine !== undefined || rowLabel === undefined) return;
  const engine = engineOfHeading(rowLabel);
  if (!engine) return;
  run.engine = engine;
  run.provenance.engine = `row label '${rowLabel}'`;
}

/** Fills what the run does not state from the report's statements (see the file's comment). */
export function applyDocumentContext(run: RunRecord, doc: DocumentContext, rowLabel?: string): void {
  engineOfRow(run, rowLabel);
  // The row's own `tensor-parallel=1` / `--tp 2` before what the document states around it.
  if (rowLabel !== undefined) applyLabelSettings(run, rowLabel, 'row label');
  if (doc.statements.length === 0) return;
  const path = headingsAt(doc.scan, run.source.line).map((h) => h.line);
  // A row whose engine cell names a server benchbook has no Engine for (`Ollama`) is no launch's run.
  const ownServer =
    run.engine === undefined && namesOwnEngine(run, rowLabel ?? (run.source.row === undefined ? run.labels.at(-1) : undefined));
  const byKey = new Map<SettingKey, DocStatement[]>();
  for (const st of doc.statements) {
    if (ownServer && (st.key === 'engine' || st.server !== undefined)) continue;
    byKey.set(st.key, [...(byKey.get(st.key) ?? []), st]);
  }
  // The engine first: a launch's other statements describe its engine's runs only.
  const keys = [...byKey.keys()].sort((a, b) => Number(b === 'engine') - Number(a === 'engine'));
  for (const key of keys) {
    const chosen = choose(byKey.get(key) ?? [], run, path, doc);
    if (!chosen) continue;
    const { st, inScope } = chosen;
    const field = settingField(key);
    const have = field.get(run);
    if (have === undefined) {
      field.set(run, st.value);
      run.provenance[field.path] = st.source;
      doc.applied.add(st.line);
    } else if (inScope && !same(key, have, st.value) && !doc.said.has(`${key}:${st.line}:${run.id}`)) {
      doc.said.add(`${key}:${st.line}:${run.id}`);
      conflict(
        doc.diagnostics,
        doc.file,
        run.source.line,
        field.path,
        `${have} (${run.provenance[field.path] ?? 'table'})`,
        `${st.value} from ${st.source}`,
      );
    }
  }
  const par = run.parallelism;
  if (par && par.strategy === undefined && par.tp !== undefined && par.dp !== undefined && par.pp !== undefined)
    par.strategy = strategyOf(par.tp, par.dp, par.pp);
}
