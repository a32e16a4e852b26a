/**
 * Tables no known tool printed (home-made scripts, unseen tools), read into runs through the
 * metric vocabulary (issue 20). Asked after the stress-test and tool readers, which keep
 * every table they claim. Four shapes:
 *
 *   key-value    `Metric | Value` (2 columns, or 3 with a unit column), units in the label or value;
 *   stat-columns `Metric | avg | min | max | p50 | p90 | p99`: rows are metrics, columns statistics;
 *   stat-rows    the same transposed: one row per statistic, columns are metrics;
 *   sweep        one row per load level (a `Concurrency`/`Users`/`Rate` column): one run per row;
 *   run-columns  a blank (or `Metric`) corner, then one column per run (`| | baseline | patched |`):
 *                rows are metrics, each column one run named by its header;
 *   run-stats    a corner naming a quantity (`Name (time in us) | Min | Max | Mean`): rows are runs.
 *
 * A sweep printed as one table per step gives one run per table, its load level read from the
 * title or a line above (`Concurrency 16`, `Users: 50`), a warm-up step flagged. Divider rows
 * (`── Latency ──`) prefix the labels under them; a key-value table whose dividers all state
 * a load level gives one run per divider. A label the vocabulary does not know is kept as a
 * slug metric. A table with no label the vocabulary knows is no benchmark result (a cost table,
 * `pip list`): it is left alone.
 */
import type { Diagnostic } from '../../model/diagnostics';
import { classifyUnit } from '../../model/label-meaning';
import { isPerformanceMetric, lookupLabel, normaliseStat, unitInLabel } from '../../model/metric-vocabulary';
import type { RunRecord } from '../../model/records';
import { setOwn } from '../../model/safe-keys';
import { figureText } from '../../model/units-cell';
import { partialRun } from '../blocks/common';
import { setContextField } from '../csv/columns';
import { lastAnswer } from '../last-answer';
import { engineOfLabel, isWarmupWarning } from '../scope/labels';
import { stressTestReader } from '../stress-test';
import type { BlockReader, BlockResult, PartialRun } from '../types';
import { readBoxTable, startsBoxTable, type TextTable } from './box-table';
import { applyLoadLevel, captionLoadLevel, captionWarmup, type LoadLevel, loadLevelIn, tableCaptions } from './generic-context';
import { resolveLabel } from './label-resolve';
import { applyLabelSettings } from './label-settings';
import { matrixLongForm } from './matrix-table';
import {
  applyTestLengths,
  isPerformanceHeader,
  labelColumns,
  requestTotalMeaning,
  type TestMeaning,
  testColumn,
  testColumnMeaning,
  testHeaderMeaning,
  testMeaning,
} from './run-rows';
import { cornerQuantity, withoutRatio } from './run-stats';
import { adjacentTableStart, applyTableSettings } from './settings-table';
import { aliasLabel, meaningOf, putCell, readValue } from './tool-metrics';
import { toolTableReader } from './tool-tables';

export type GenericTableKind =
  | 'key-value'
  | 'stat-columns'
  | 'stat-grid'
  | 'stat-rows'
  | 'sweep'
  | 'run-columns'
  | 'run-rows'
  | 'run-stats';

const CONCURRENCY_HEADER =
  /^#?\s*(concurrency|concurrent requests|concurrent users|conc\.?|users|num users|clients|parallel|parallelism|vus|workers|max concurrency)$/i;
/** `40 / 40`, `40/40`: completed out of total requests. */
const OK_OF_TOTAL = /^(\d+)\s*\/\s*(\d+)$/;
const RATE_HEADER = /^(request rate|rate|qps|target qps|target rate|arrival rate)$/i;

/** The column naming the load level of each row, if any. */
function loadColumn(header: readonly string[]): { index: number; key: LoadLevel['key'] } | undefined {
  for (const [index, h] of header.entries()) {
    const bare = h.replace(/\s*\([^()]*\)\s*$/, '').trim();
    if (CONCURRENCY_HEADER.test(bare)) return { index, key: 'concurrency' };
    if (RATE_HEADER.test(bare)) return { index, key: 'request_rate' };
  }
  return undefined;
}

/** `avg`, `median`, `P99`, `p99.9`, `p10`, `99%`: a statistic's name. */
function isStat(word: string): boolean {
  const w = word.trim();
  return normaliseStat(w) !== undefined || /^p(?:ct)?\s*\d+(?:\.\d+)?%?$|^\d+(?:\.\d+)?%$/i.test(w);
}

/** Which shape `t` is; undefined for tables of no shape this reader reads. */
export function classifyGenericTable(t: TextTable): GenericTableKind | undefined {
  const width = Math.max(t.header.length, ...t.rows.map((r) => r.length));
  if (t.rows.length === 0 || width < 2) return undefined;
  if (t.header.length > 0 && loadColumn(t.header)) return 'sweep';
  if (gridStatColumn(t.header) !== undefined) return 'stat-grid';
  if (t.header.slice(1).filter(isStat).length >= 2) return cornerQuantity(t.header[0] ?? '') ? 'run-stats' : 'stat-columns';
  if (t.header.length >= 2 && t.rows.filter((r) => isStat(r[0] ?? '')).length >= 2) return 'stat-rows';
  if (width === 2 || (width === 3 && /^units?$/i.test(t.header[2] ?? ''))) return 'key-value';
  const measured = t.header.filter((h) => isPerformanceHeader(h) || testHeaderMeaning(h) !== undefined).length;
  if (isRunColumnsHeader(t.header) && measured < 2) return 'run-columns';
  if (t.header.length >= 2 && (measured >= 1 || testColumn(t.header, t.rows) !== undefined)) return 'run-rows';
  return undefined;
}

/** `Lowest`/`Highest` (text-generation-benchmark's columns) and the other statistic names. */
const GRID_STAT: Readonly<Record<string, string>> = { lowest: 'min', highest: 'max' };

function gridStat(word: string): string | undefined {
  const w = word.trim();
  return GRID_STAT[w.toLowerCase()] ?? (isStat(w) ? w : undefined);
}

/**
 * `Step | Batch Size | Average | Lowest | Highest | p50 | p90 | p99`: two or more label columns
 * (not a unit column), then statistics only. The index of the first statistic column.
 */
function gridStatColumn(header: readonly string[]): number | undefined {
  const first = header.findIndex((h, k) => k > 0 && gridStat(h) !== undefined);
  if (first < 2 || /^units?$/i.test((header[1] ?? '').trim())) return undefined;
  const stats = header.slice(first);
  return stats.length >= 2 && stats.every((h) => gridStat(h) !== undefined) ? first : undefined;
}

/** Where cells go: the run's file and diagnostics, and how many cells the vocabulary knew. */
interface Reading {
  file: string;
  diagnostics: Diagnostic[];
  /** Cells whose label the vocabulary knows as a metric. */
  known: number;
  /** Cells under a statistic column printed with a time or rate unit (stat-grid). */
  measured: number;
  /** Cells read as settings (client, parallelism, model). */
  settings: number;
}

/** Whether the vocabulary knows `label` (with the unit and statistic a cell gives it). */
function knownLabel(label: string, opts: { unit?: string; stat?: string }): boolean {
  const stat = opts.stat ? (normaliseStat(opts.stat) ?? 'p99') : undefined;
  const meaning = meaningOf(label, opts);
  return meaning.kind === 'client' || lookupLabel(aliasLabel(label), { ...opts, ...(stat ? { stat } : {}) }) !== undefined;
}

/**
 * The label a row under a divider is read as: the row's own when the vocabulary knows it,
 * else the divider's and the row's together (`Latency` + `p99 (ms)` → `Latency p99 (ms)`) when
 * the vocabulary knows that or the row is a bare statistic, else the row's.
 */
function labelUnder(section: string | undefined, label: string, opts: { unit?: string; stat?: string }): string {
  if (!section || knownLabel(label, opts)) return label;
  const unit = unitInLabel(label) ?? unitInLabel(section);
  const bare = (x: string): string => x.replace(/\s*\([^()]*\)\s*$/, '').trim();
  const both = `${bare(section)} ${bare(label)}${unit ? ` (${unit})` : ''}`;
  return knownLabel(both, opts) || isStat(bare(label)) ? both : label;
}

/** Puts one cell into `run` (putCell), counting it when the vocabulary knows its label; a client setting says which row it came from. */
function put(
  run: PartialRun,
  cell: { label: string; section?: string; rawKey: string; text: string; line: number; stat?: string; unit?: string },
  at: Reading,
): void {
  const okOfTotal = OK_OF_TOTAL.exec(figureText(cell.text));
  const unit = cell.unit ?? (okOfTotal ? undefined : readValue(cell.text).unit?.trim());
  const opts: { unit?: string; stat?: string } = {};
  if (unit) opts.unit = unit;
  if (cell.stat) opts.stat = cell.stat;
  // `time for request:` (a row label printed with its colon): the colon is no part of the name.
  const label = labelUnder(cell.section, cell.label.replace(/\s*:\s*$/, ''), opts);
  const { read, known } = resolveLabel(label, opts);
  const where = `"${cell.rawKey}" row of the table, line ${cell.line + 1}`;
  if (read.kind === 'raw' || read.kind === 'setting') {
    setOwn(run.raw, cell.rawKey, cell.text);
    if (read.kind === 'setting' && setContextField(run as unknown as RunRecord, read.field, figureText(cell.text))) {
      run.provenance[read.field] ??= where;
      at.settings++;
    }
    return;
  }
  if (known && read.kind === 'metric') at.known++;
  const before = read.kind === 'client' ? run.client?.[read.key] : undefined;
  putCell(run, cell.rawKey, cell.text, read, { file: at.file, line: cell.line, diagnostics: at.diagnostics });
  if (read.kind === 'metric' && read.note && Object.hasOwn(run.metrics, read.key)) run.provenance[`metrics.${read.key}`] ??= read.note;
  if (read.kind !== 'client') return;
  if (run.client?.[read.key] !== undefined) at.settings++;
  if (before === undefined && run.client?.[read.key] !== undefined) run.provenance[`client.${read.key}`] = where;
}

function newRun(t: TextTable): PartialRun {
  const format = t.style === 'markdown' ? 'pipe-table' : t.style === 'csv' ? 'csv' : 'rich-table';
  const run = partialRun(format, t.startLine);
  if (t.title) run.title = t.title;
  if (t.truncated) run.flags.push('truncated');
  return run;
}

/** The divider label over row `r`, if any. */
function sectionOf(t: TextTable, r: number): string | undefined {
  let label: string | undefined;
  for (const s of t.sections ?? []) if (s.row <= r) label = s.label;
  return label;
}

/** Key-value rows into one run per divider that states a load level (all must), else into one run. */
function keyValueRuns(t: TextTable, at: Reading): PartialRun[] {
  const levels = (t.sections ?? []).map((s) => loadLevelIn(s.label));
  const perSection = levels.length > 0 && levels.every((x) => x !== undefined) && (t.sections?.[0]?.row ?? 1) === 0;
  const runs = new Map<number, PartialRun>();
  const unitColumn = t.header.length === 3;
  t.rows.forEach((row, r) => {
    const label = (row[0] ?? '').trim();
    if (label === '') return;
    const s = perSection ? (t.sections ?? []).filter((x) => x.row <= r).length - 1 : -1;
    let run = runs.get(s);
    if (!run) {
      run = newRun(t);
      const section = t.sections?.[s];
      const level = levels[s];
      if (section && level) {
        run.row = section.row + 1;
        applyLoadLevel(run, level, `divider "${section.label}" at line ${section.line + 1}`);
      }
      runs.set(s, run);
    }
    const section = perSection ? undefined : sectionOf(t, r);
    const text = (row[1] ?? '').trim();
    const unit = unitColumn ? (row[2] ?? '').trim() || undefined : undefined;
    const rawKey = section ? `${section}: ${label}` : label;
    put(
      run,
      {
        label,
        ...(section ? { section } : {}),
        rawKey,
        text: unit ? `${text} ${unit}` : text,
        line: t.rowLines[r] ?? t.startLine,
        ...(unit ? { unit } : {}),
      },
      at,
    );
  });
  return [...runs.values()];
}

/** Rows are metrics, columns statistics (`stat-columns`), or the transpose (`stat-rows`). */
function statRun(t: TextTable, kind: 'stat-columns' | 'stat-rows', at: Reading): PartialRun {
  const run = newRun(t);
  t.rows.forEach((row, r) => {
    const line = t.rowLines[r] ?? t.startLine;
    const first = (row[0] ?? '').trim();
    const section = sectionOf(t, r);
    for (let c = 1; c < row.length; c++) {
      const column = (t.header[c] ?? '').trim();
      const [metric, stat] = kind === 'stat-columns' ? [first, column] : [column, first];
      if (metric === '') continue;
      const rawKey = `${section ? `${section}: ` : ''}${metric} ${stat}`;
      put(run, { label: metric, ...(section ? { section } : {}), rawKey, text: (row[c] ?? '').trim(), line, stat }, at);
    }
  });
  return run;
}

/**
 * `stat-grid`: one run per row — the first column names what is measured (`Prefill`, and
 * carries down over the blank cells below it), the other label columns (`Batch Size`) are the
 * run's settings, kept in raw; a row with no figure is no run. A cell printed with a time or
 * rate unit under a statistic column is a measurement even when its name is not in the vocabulary.
 */
function gridRuns(t: TextTable, at: Reading): PartialRun[] {
  const firstStat = gridStatColumn(t.header) ?? 1;
  let carried = '';
  const runs: PartialRun[] = [];
  t.rows.forEach((row, r) => {
    const metric = (row[0] ?? '').trim() || carried;
    carried = metric;
    const cells = row.slice(firstStat).map((c) => c.trim());
    if (metric === '' || cells.every((c) => readValue(c).value === undefined)) return;
    const run = newRun(t);
    run.row = r + 1;
    setOwn(run.raw, (t.header[0] ?? '').trim() || 'label', metric);
    for (let c = 1; c < firstStat; c++) setOwn(run.raw, (t.header[c] ?? '').trim() || `column ${c + 1}`, (row[c] ?? '').trim());
    const line = t.rowLines[r] ?? t.startLine;
    cells.forEach((text, k) => {
      const column = (t.header[firstStat + k] ?? '').trim();
      if (text === '') return;
      const unit = readValue(text).unit?.trim();
      const kind = unit ? classifyUnit(unit).kind : undefined;
      if (kind === 'time' || kind === 'rate') at.measured++;
      put(run, { label: metric, rawKey: `${metric} ${column}`, text, line, stat: gridStat(column) ?? column }, at);
    });
    runs.push(run);
  });
  return runs;
}

/** `run-stats` (run-stats.ts): one run per row named by its first cell; statistic columns measure the corner's quantity. */
function runStatsRuns(t: TextTable, at: Reading): PartialRun[] {
  const corner = (t.header[0] ?? '').trim();
  const q = cornerQuantity(corner);
  const runs: PartialRun[] = [];
  t.rows.forEach((row, r) => {
    const name = (row[0] ?? '').trim();
    if (name === '' || !q) return;
    const run = newRun(t);
    run.row = r + 1;
    setOwn(run.raw, corner, name);
    const line = t.rowLines[r] ?? t.startLine;
    for (let c = 1; c < row.length; c++) {
      const column = (t.header[c] ?? '').trim();
      const text = withoutRatio(row[c] ?? '').trim();
      if (column === '' || text === '') continue;
      if (isStat(column)) put(run, { label: `${q.label} (${q.unit})`, rawKey: column, text, line, stat: column, unit: q.unit }, at);
      // `315;477` (outliers: mild;severe) is two counts, no one figure: raw only.
      else if (text.includes(';')) setOwn(run.raw, column, text);
      else put(run, { label: /^iqr$/i.test(column) ? `${column} (${q.unit})` : column, rawKey: column, text, line }, at);
    }
    runs.push(run);
  });
  return runs;
}

/** A header whose corner is blank or `Metric` and whose other cells name two or more runs. */
function isRunColumnsHeader(header: readonly string[]): boolean {
  const names = header.slice(1).map((h) => h.trim());
  return (
    header.length >= 3 &&
    /^(metrics?)?$/i.test((header[0] ?? '').trim()) &&
    names.every((h) => h !== '' && !isStat(h) && !/^units?$/i.test(h)) &&
    new Set(names).size === names.length
  );
}

/** `run-columns`: one run per column after the first, named by its header cell. */
function runColumnRuns(t: TextTable, at: Reading): PartialRun[] {
  return t.header.slice(1).map((name, k) => {
    const c = k + 1;
    const run = newRun(t);
    run.variant = `column-${c + 1}`;
    setOwn(run.raw, 'column', name.trim());
    run.provenance.variant = `column "${name.trim()}" of the table at line ${t.startLine + 1}`;
    applyLabelSettings(run, name, 'column');
    const engine = engineOfLabel(name);
    if (engine) {
      run.engine = engine;
      run.provenance.engine = `the column is headed "${name.trim()}"`;
    }
    t.rows.forEach((row, r) => {
      const label = (row[0] ?? '').trim();
      const text = (row[c] ?? '').trim();
      if (label === '' || text === '') return;
      const section = sectionOf(t, r);
      put(
        run,
        {
          label,
          ...(section ? { section } : {}),
          rawKey: section ? `${section}: ${label}` : label,
          text,
          line: t.rowLines[r] ?? t.startLine,
        },
        at,
      );
    });
    return run;
  });
}

/** The load-level cell of a sweep row: kept in `raw`, its number the run's load level. */
function loadCell(run: PartialRun, column: string, cell: string, provenance: string, key: LoadLevel['key']): void {
  setOwn(run.raw, column, cell.trim());
  const value = readValue(cell).value;
  if (value !== undefined) applyLoadLevel(run, { key, value }, provenance);
}

/** One run per row (run-rows.ts); the load column, when there is one, gives each run's load level. */
function sweepRuns(t: TextTable, at: Reading): PartialRun[] {
  const load = loadColumn(t.header);
  const width = Math.max(t.header.length, ...t.rows.map((r) => r.length));
  const names = labelColumns(t.rows, width);
  if (load) names.delete(load.index);
  const test = testColumn(t.header, t.rows);
  const runs: PartialRun[] = [];
  t.rows.forEach((row, r) => {
    const run = newRun(t);
    run.row = r + 1;
    const line = t.rowLines[r] ?? t.startLine;
    const tested = test === undefined ? undefined : testMeaning(row[test] ?? '');
    row.forEach((cell, c) => {
      const column = (t.header[c] ?? '').trim();
      if (load && c === load.index)
        loadCell(run, column, cell, `"${column}" column, row ${r + 1} of the table at line ${t.startLine + 1}`, load.key);
      else if (names.has(c) && !isSettingHeader(column)) nameCell(run, column, cell);
      else {
        putRowCell(run, { column, cell, line, tested, header: t.header }, at);
        // `sglang --tp 2` under `engine`: what the cell's own flags state, beside what the column means.
        if (names.has(c)) applyLabelSettings(run, cell, `"${column}" cell`);
      }
    });
    if (tested) applyTestLengths(run, tested, t.header[test ?? 0] ?? 'test');
    // A row cut off (the text ends inside it) or holding no figure is no run.
    if (!load && Object.keys(run.metrics).length === 0) return;
    const section = sectionOf(t, r);
    if (section !== undefined && isWarmupWarning(section))
      flagWarmup(run, `warmup-suspect: row ${r + 1} is under the divider "${section}" (table at line ${t.startLine + 1})`);
    else if (row.some((cell) => isWarmupWarning(cell)))
      flagWarmup(run, `warmup-suspect: row ${r + 1} says warm-up (table at line ${t.startLine + 1})`);
    runs.push(run);
  });
  return runs;
}

/** A cell of a column with no figure: the run's name (its engine when it names one) or a text setting, in raw. */
function nameCell(run: PartialRun, column: string, cell: string): void {
  const text = cell.trim();
  if (text === '') return;
  setOwn(run.raw, column || 'name', text);
  applyLabelSettings(run, text, `"${column || 'name'}" cell`);
  const engine = run.engine === undefined ? engineOfLabel(text) : undefined;
  if (engine) {
    run.engine = engine;
    run.provenance.engine = `the row is named "${text}"`;
  }
}

function isSettingHeader(column: string): boolean {
  const { read } = resolveLabel(column, {});
  return read.kind === 'client' || read.kind === 'setting';
}

/** A figure cell of a row: through the test's meaning for a bare rate column, else by its header. */
function putRowCell(
  run: PartialRun,
  cell: { column: string; cell: string; line: number; tested: TestMeaning | undefined; header: readonly string[] },
  at: Reading,
): void {
  const byHeader = testHeaderMeaning(cell.column, cell.cell);
  const meaning = cell.tested
    ? testColumnMeaning(cell.column, cell.tested)
    : (byHeader?.meaning ?? requestTotalMeaning(cell.header, cell.column));
  if (byHeader && meaning === byHeader.meaning && readValue(cell.cell).value !== undefined)
    applyTestLengths(run, byHeader.test, cell.column);
  if (!meaning) {
    put(run, { label: cell.column, rawKey: cell.column, text: cell.cell.trim(), line: cell.line }, at);
    return;
  }
  at.known++;
  putCell(run, cell.column, cell.cell.trim(), meaning, { file: at.file, line: cell.line, diagnostics: at.diagnostics });
}

/** Whether the run holds a measurement; beside settings, a duration alone is the test's set length (a settings box). */
function hasMeasure(run: PartialRun, withSettings: boolean): boolean {
  return Object.keys(run.metrics).some((k) => (k !== 'duration_s' || !withSettings) && isPerformanceMetric(k));
}

function flagWarmup(run: PartialRun, provenance: string): void {
  if (!run.flags.includes('warmup-suspect')) run.flags.push('warmup-suspect');
  run.provenance.flags ??= provenance;
}

/** What the model row (`Model | /models/Qwen3-4B`) names: the model, as tool tables read it. */
function modelFromClient(run: PartialRun): void {
  const path = run.client?.model_path;
  if (path === undefined || run.model !== undefined) return;
  const model = path.split('/').filter(Boolean).pop();
  if (!model) return;
  run.model = model;
  run.provenance.model = 'the table\'s "Model" row';
}

/** A run of the row the text ends inside (or of a whole table holding it) is cut: flagged, its missing cells absent. */
function flagCutRow(run: PartialRun, t: TextTable): void {
  if (t.cutRow === undefined || (run.row !== undefined && run.row !== t.cutRow + 1) || run.flags.includes('truncated')) return;
  run.flags.push('truncated');
  run.provenance['flags.truncated'] ??= `the text ends inside row ${t.cutRow + 1} of the table at line ${t.topLine + 1}`;
}

/** The runs of table `t` (empty when it is none this reader reads), with its diagnostics. */
export function genericTableRuns(
  lines: readonly string[],
  t: TextTable,
  file: string,
): { runs: PartialRun[]; diagnostics: Diagnostic[]; settings?: PartialRun } {
  const kind = classifyGenericTable(t);
  const at: Reading = { file, diagnostics: [], known: 0, measured: 0, settings: 0 };
  if (!kind) return { runs: [], diagnostics: [] };
  const runs =
    kind === 'sweep' || kind === 'run-rows'
      ? sweepRuns(t, at)
      : kind === 'key-value'
        ? keyValueRuns(t, at)
        : kind === 'stat-grid'
          ? gridRuns(t, at)
          : kind === 'run-stats'
            ? runStatsRuns(t, at)
            : kind === 'run-columns'
              ? runColumnRuns(t, at)
              : [statRun(t, kind, at)];
  // Meaning over position: a table is a run only with a performance metric (a settings box is none).
  if (!runs.some((r) => hasMeasure(r, at.settings > 0)) && at.measured === 0) {
    if (at.settings > 0 && runs.length === 1) return { runs: [], diagnostics: [], settings: runs[0] };
    // A table the text ends inside before its first figure: no run, but said.
    return { runs: [], diagnostics: t.cutRow === undefined ? [] : tableIssues(t, file) };
  }
  const captions = tableCaptions(lines, t);
  const level = captionLoadLevel(captions);
  const warmup = captionWarmup(captions);
  for (const run of runs) {
    flagCutRow(run, t);
    if (level && runs.length === 1) applyLoadLevel(run, level, level.provenance);
    if (warmup) flagWarmup(run, warmup);
    modelFromClient(run);
  }
  at.diagnostics.push(...tableIssues(t, file));
  return { runs, diagnostics: at.diagnostics };
}

/** What the table reader noticed (rows that did not split, a cut), as diagnostics of `file`. */
function tableIssues(t: TextTable, file: string): Diagnostic[] {
  return t.issues.map((issue) => ({ severity: issue.severity, code: issue.code, message: issue.message, file, line: issue.line + 1 }));
}

/** Whether a known reader (stress-test, tool tables) reads this table, asked at its title and top lines. */
function knownReaderClaims(lines: readonly string[], t: TextTable): boolean {
  const at = [...new Set([t.startLine, t.topLine])];
  return at.some((i) => stressTestReader.startsAt(lines, i) || toolTableReader.startsAt(lines, i));
}

/** The table starting at `lines[i]` when it is one this reader reads (a shape it knows, no tool reader's). */
function genericTableAt(lines: readonly string[], i: number): TextTable | undefined {
  if (!startsBoxTable(lines, i)) return undefined;
  const printed = readBoxTable(lines, i);
  const table = printed && matrixLongForm(lines, printed);
  if (!table || classifyGenericTable(table) === undefined || knownReaderClaims(lines, table)) return undefined;
  return table;
}

/** The results table at or next to `lines[i]`, and the settings table printed with it (settings-table.ts). */
interface Found {
  table: TextTable;
  settings?: TextTable;
  next: number;
}

/** Whether the table right after `t` (blank lines between at most) is one of results. */
function resultsFollow(lines: readonly string[], t: TextTable): TextTable | undefined {
  const at = adjacentTableStart(lines, t.next);
  const other = at === undefined ? undefined : genericTableAt(lines, at);
  return other && genericTableRuns(lines, other, '').runs.length > 0 ? other : undefined;
}

/** What this reader reads at `lines[i]` (a results table, with a settings table before or after it), or undefined. */
const readAt = lastAnswer((lines: readonly string[], i: number): Found | undefined => {
  const table = genericTableAt(lines, i);
  if (!table) return undefined;
  const first = genericTableRuns(lines, table, '');
  if (first.runs.length === 0) {
    // A CSV header over one row the text ends inside: read, so that the cut is said.
    if (table.cutRow === 0 && table.rows.length === 1) return { table, next: table.next };
    const results = first.settings ? resultsFollow(lines, table) : undefined;
    return results ? { table: results, settings: table, next: results.next } : undefined;
  }
  const at = adjacentTableStart(lines, table.next);
  const after = at === undefined ? undefined : genericTableAt(lines, at);
  // A settings table after the results is theirs unless more results follow it (then it is those results').
  if (after && genericTableRuns(lines, after, '').settings && !resultsFollow(lines, after))
    return { table, settings: after, next: after.next };
  return { table, next: table.next };
});

export const genericTableReader: BlockReader = {
  name: 'rich-table',
  startsAt(lines, i) {
    try {
      return readAt(lines, i) !== undefined;
    } catch {
      return false;
    }
  },
  read(lines, i, file): BlockResult {
    const found = readAt(lines, i);
    if (!found) return { next: i + 1, runs: [], env: [], samples: [], diagnostics: [] };
    // The runs are read again for this file (the remembered ones name no file); cells are few.
    const { runs, diagnostics } = genericTableRuns(lines, found.table, file);
    const settings = found.settings ? genericTableRuns(lines, found.settings, file).settings : undefined;
    if (found.settings && settings) {
      for (const run of runs) applyTableSettings(run, settings, found.settings.startLine);
      const message = `the table at line ${found.settings.startLine + 1} holds settings only (no performance metric): read as the settings of the results at line ${found.table.startLine + 1}, not as a run`;
      diagnostics.push({ severity: 'info', code: 'prose-skipped', message, file, line: found.settings.startLine + 1 });
    }
    return { next: Math.max(i + 1, found.next), runs, env: [], samples: [], diagnostics };
  },
};
