/**
 * The "Results" section: one table per study (input file), one row per configuration. What
 * the whole table shares is said once above it; the served setup (engine, model, API, mode,
 * preset …) is one column, the settings that vary (GPUs, concurrency …) one column each.
 * Warm-up suspects are marked in the n column (†).
 */

import { COMPARED_METRICS } from '../../analyze/compare';
import type { Configuration, Group, GroupKey } from '../../analyze/types';
import { GROUP_KEYS } from '../../analyze/types';
import type { RunRecord } from '../../model/records';
import { mdInline, metricLabel } from '../helpers';
import { groupInOrder, KEY_NAMES, statCell, table, valueText } from './common';
import { WARMUP_LEGEND, WARMUP_MARK } from './flags';
import { settingWords, valueWords } from './question-words';
import type { ReportView } from './types';
import { winnerLines } from './winners';

/** Keys that say what is served: one "Setup" cell. The rest get a column each. */
const SETUP_KEYS: readonly GroupKey[] = ['engine', 'model', 'gpu', 'preset', 'strategy', 'api', 'mode'];
const NUMERIC_KEYS: readonly GroupKey[] = ['gpus', 'concurrency', 'max_tokens', 'context_length', 'temperature'];

/** Metrics shown, in this order, when present (at most MAX_METRIC_COLUMNS): the compared ones, then ITL. */
const PREFERRED_METRICS: readonly string[] = [...COMPARED_METRICS, 'itl_mean_ms'];
const MAX_METRIC_COLUMNS = 4;

function pickMetrics(confs: readonly Configuration[]): string[] {
  const present = new Set<string>();
  for (const c of confs) for (const k of Object.keys(c.metrics)) present.add(k);
  const chosen = PREFERRED_METRICS.filter((m) => present.has(m));
  if (chosen.length === 0) return [...present].sort().slice(0, 3);
  return chosen.slice(0, MAX_METRIC_COLUMNS);
}

/** "vLLM · Qwen7B-awq · tensor parallel · OpenAI API". */
function setupCell(g: Group, keys: readonly GroupKey[]): string {
  const parts = keys.flatMap((k) => {
    const v = g[k];
    return v === undefined ? [] : [k === 'api' || k === 'strategy' ? valueWords(k, v) : valueText(k, v)];
  });
  return parts.join(' · ') || 'not stated';
}

function distinct(confs: readonly Configuration[], k: GroupKey): number {
  return new Set(confs.map((c) => (c.group[k] === undefined ? '\u0002' : String(c.group[k])))).size;
}

/** n, with the warm-up suspects it holds (1 †) or left out (2 (+1 †)). */
function nCell(c: Configuration, runsById: ReadonlyMap<string, RunRecord>): string {
  const warmIn = c.runs.filter((id) => runsById.get(id)?.flags.includes('warmup-suspect')).length;
  const warmOut = c.excluded.filter((e) => e.reason === 'warmup-suspect').length;
  const dups = c.excluded.filter((e) => e.reason === 'duplicate').length;
  let s = String(c.runs.length);
  if (warmIn) s += `\u00a0${WARMUP_MARK}`;
  if (warmOut) s += ` (+${warmOut} ${WARMUP_MARK} left out)`;
  if (dups) s += ` (+${dups} repeated)`;
  return s;
}

function fileOf(c: Configuration, runsById: ReadonlyMap<string, RunRecord>): string {
  const id = c.runs[0] ?? c.excluded[0]?.run ?? '';
  return runsById.get(id)?.source.file ?? id.replace(/:\d+(?::.*)?$/, '');
}

function studyTable(
  confs: Configuration[],
  runsById: ReadonlyMap<string, RunRecord>,
): Omit<ReportView['results']['groups'][number], 'heading'> {
  const present = GROUP_KEYS.filter((k) => confs.some((c) => c.group[k] !== undefined));
  const varying = present.filter((k) => distinct(confs, k) > 1);
  const common: Group = {};
  for (const k of present) if (!varying.includes(k) && confs[0]?.group[k] !== undefined) common[k] = confs[0].group[k];
  const presetNamesGpu = confs.every((c) => c.group.preset !== undefined);
  const setupKeys = SETUP_KEYS.filter((k) => varying.includes(k) && !(k === 'gpu' && presetNamesGpu));
  const columns = NUMERIC_KEYS.filter((k) => varying.includes(k));
  const metrics = pickMetrics(confs);
  const header = [
    ...(setupKeys.length ? ['Setup'] : []),
    ...columns.map((k) => KEY_NAMES[k]),
    'n',
    ...metrics.map((m) => mdInline(metricLabel(m))),
  ];
  const numeric = [...(setupKeys.length ? [false] : []), ...columns.map(() => true), true, ...metrics.map(() => true)];
  const rows = confs.map((c) => [
    ...(setupKeys.length ? [mdInline(setupCell(c.group, setupKeys))] : []),
    ...columns.map((k) => mdInline(valueText(k, c.group[k]))),
    nCell(c, runsById),
    ...metrics.map((m) => statCell(c, m)),
  ]);
  // A winner is named by its row: the setup, then the settings that vary ("gpu-small (max tokens 512)").
  const nameOf = (c: Configuration): string => {
    const settings = settingWords(c.group, columns);
    const setup = setupKeys.length ? setupCell(c.group, setupKeys) : '';
    return setup && settings ? `${setup} (${settings})` : setup || settings || 'the only configuration';
  };
  return {
    common: mdInline(settingWords(common, [...SETUP_KEYS, ...NUMERIC_KEYS])),
    table: table(header, numeric, rows),
    winners: winnerLines(confs, metrics, nameOf),
  };
}

export function buildResultsView(
  configurations: readonly Configuration[],
  runsById: ReadonlyMap<string, RunRecord>,
  files: readonly string[],
  nameFile: (f: string) => string,
): ReportView['results'] {
  const order = new Map(files.map((f, i) => [f, i] as const));
  const byFile = groupInOrder(configurations, (c) => fileOf(c, runsById)).sort(
    (a, b) =>
      (order.get(fileOf(a[0] as Configuration, runsById)) ?? files.length) -
      (order.get(fileOf(b[0] as Configuration, runsById)) ?? files.length),
  );
  const groups = byFile.map((confs) => ({
    heading: files.length > 1 ? nameFile(fileOf(confs[0] as Configuration, runsById)) : '',
    ...studyTable(confs, runsById),
  }));
  const marked = groups.some((g) => g.table.rows.some((r) => r.some((cell) => cell.includes(WARMUP_MARK))));
  return { groups, legend: marked ? WARMUP_LEGEND : '' };
}
