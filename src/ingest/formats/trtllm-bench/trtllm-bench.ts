/**
 * TensorRT-LLM's `trtllm-bench` report → one run (or one per column when a comparison is pasted
 * as `label: | a | b`). Its sections open with a rule and a title (`= PYTORCH BACKEND`,
 * `REQUEST DETAILS`, `WORLD + RUNTIME INFORMATION`, `PERFORMANCE OVERVIEW`, `DATASET DETAILS`),
 * hold `Label (unit):   value` lines and `[Latency] P50 : …` breakdowns under a
 * `-- Request Latency Breakdown (ms) ---` heading. Labels map through labels.ts; every line is
 * kept in raw. Dataset statistics describe the input file, not the run: raw only.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { applyFactor } from '../../../model/metric-vocabulary';
import { setOwn } from '../../../model/safe-keys';
import { diag, emptyResult, guardedRead, isBlank, orderRun, partialRun, startsUnderRule } from '../../blocks/common';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { bracketMetric, targetOf } from './labels';

const RULE = /^\s*={3,}\s*$/;
const SECTION =
  /^\s*(?:=\s*)?([A-Z_]+ BACKEND|ENGINE DETAILS|REQUEST DETAILS|WORLD \+ RUNTIME INFORMATION|PERFORMANCE OVERVIEW|DATASET DETAILS)\s*(?:\(([^)]*)\))?\s*$/;
const SUBHEAD = /^\s*--\s+([A-Za-z].*?)\s*-*\s*$/;
const PIPE_RULE = /^\s*--(?:\s*\|\s*--)+\s*$/;
const BRACKET = /^\s*\[(\w+)\]\s*(\w+)\s*:\s*(\S+)\s*$/;
const PAIR = /^\s*([A-Za-z][^:|]*?)\s*:\s*(.*?)\s*$/;
const DASHES = /^\s*-{5,}\s*$/;
const DATASET_ROW = /^\s*(?:(?:MIN|MAX|AVG|AVERAGE|STD|P\d+)\s*:\s*[-\d.Ee+\s]*|Input\s+Output\s+Seq\. Length)\s*$/;
const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

interface TrtllmRead {
  common: PartialRun;
  /** Metrics of each pasted column (`label: | a | b`), by column. */
  columns: Array<Record<string, number>>;
  columnLabels: string[];
  section: string;
  unit: string;
  /** A rule that frames no title was read: the report ends there. */
  closed: boolean;
  file: string;
  diagnostics: Diagnostic[];
}

function setMetric(r: TrtllmRead, key: string, factor: number, text: string, line: number, column?: number): void {
  const value = Number(text);
  if (!NUMBER.test(text)) return;
  const target = column === undefined ? r.common.metrics : (r.columns[column] ??= {});
  setOwn(target, key, applyFactor(value, factor));
  if (column === undefined || column === 0) r.common.provenance[`metrics.${key}`] = `trtllm-bench report at line ${line + 1}`;
}

/** One `Label: value` (or `Label: | a | b`) line. */
function pair(r: TrtllmRead, label: string, value: string, line: number): void {
  const { common } = r;
  const prefix = r.section === 'DATASET DETAILS' ? 'dataset ' : '';
  setOwn(common.raw, `${prefix}${label.replace(/\s+/g, ' ')}`, value);
  if (prefix || value === '') {
    if (value === '') r.diagnostics.push(diag('info', 'cell-unparsed', `trtllm-bench: "${label}" has no value`, r.file, line));
    return;
  }
  const target = targetOf(label);
  if (!target) return;
  if ('metric' in target) {
    const cells = value.includes('|')
      ? value
          .split('|')
          .map((c) => c.trim())
          .filter((c) => c !== '')
      : undefined;
    if (cells) {
      for (const [k, c] of cells.entries()) setMetric(r, target.metric, target.factor, c, line, k);
    } else setMetric(r, target.metric, target.factor, value, line);
  } else if ('client' in target) {
    if (NUMBER.test(value)) (common.client ??= {}).total_requests = Number(value);
    common.provenance['client.total_requests'] = `trtllm-bench "${label}" at line ${line + 1}`;
  } else if ('parallelism' in target) {
    if (/^\d+$/.test(value)) (common.parallelism ??= {})[target.parallelism] = Number(value);
  } else {
    common.model = value.split('/').filter(Boolean).pop() ?? value;
    (common.server ??= {}).model_path = value;
  }
}

/** Reads one line of the report; false when the line is not one trtllm-bench prints. */
function readLine(r: TrtllmRead, lines: readonly string[], j: number): boolean {
  const line = lines[j] ?? '';
  let m: RegExpExecArray | null;
  if (RULE.test(line)) {
    // Rules frame section titles; one that frames none closes the report.
    r.closed = !SECTION.test(lines[j - 1] ?? '') && !SECTION.test(lines[j + 1] ?? '');
    return true;
  }
  if (PIPE_RULE.test(line) || DASHES.test(line)) return true;
  if ((m = SECTION.exec(line))) {
    r.section = m[1] ?? '';
    const names = (m[2] ?? '')
      .split('/')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length > 1) r.columnLabels = names;
    return true;
  }
  if ((m = SUBHEAD.exec(line))) {
    r.unit = /\((\w+)\)/.exec(m[1] ?? '')?.[1] ?? '';
    return true;
  }
  if ((m = BRACKET.exec(line))) {
    setOwn(r.common.raw, `[${m[1]}] ${m[2]}`, m[3] ?? '');
    const key = bracketMetric(m[1] ?? '', m[2] ?? '', r.unit);
    if (key) setMetric(r, key.key, key.factor, m[3] ?? '', j);
    return true;
  }
  if (r.section === 'DATASET DETAILS' && DATASET_ROW.test(line)) {
    setOwn(r.common.raw, `dataset ${line.trim().split(/\s*:\s*/)[0]}`, line.trim());
    return true;
  }
  if ((m = PAIR.exec(line))) {
    pair(r, m[1] ?? '', m[2] ?? '', j);
    return true;
  }
  return false;
}

/** The runs: one, or one per pasted column, each with the settings and shared metrics. */
function runsOf(r: TrtllmRead): PartialRun[] {
  const { common } = r;
  common.engine = 'trtllm';
  common.provenance.engine = 'trtllm-bench report (TensorRT-LLM)';
  const n = Math.max(r.columns.length, r.columnLabels.length > 1 && r.columns.length > 0 ? r.columnLabels.length : 0);
  if (n === 0) return [orderRun(common)];
  return Array.from({ length: n }, (_, k) => {
    const title = r.columnLabels[k] ?? `column ${k + 1}`;
    const run: PartialRun = structuredClone(common);
    run.title = title;
    run.variant = `c${k + 1}`;
    Object.assign(run.metrics, r.columns[k] ?? {});
    return orderRun(run);
  });
}

function readTrtllm(lines: readonly string[], start: number, file: string): BlockResult {
  const common = partialRun('trtllm-bench', start, 'trtllm-bench');
  const r: TrtllmRead = { common, columns: [], columnLabels: [], section: '', unit: '', closed: false, file, diagnostics: [] };
  let last = start;
  for (let j = start; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (isBlank(line)) continue;
    if (!readLine(r, lines, j)) break;
    last = j;
    if (r.closed) break;
  }
  const performance = Object.keys(common.metrics).some((k) => k !== 'measured_concurrency' && !k.endsWith('_tokens_mean'));
  if (!performance && r.columns.length === 0) return { ...emptyResult(start + 1), diagnostics: r.diagnostics };
  return { next: last + 1, runs: runsOf(r), env: [], samples: [], diagnostics: r.diagnostics };
}

export const trtllmBenchReader: BlockReader = {
  name: 'trtllm-bench',
  ...startsUnderRule(RULE, SECTION),
  read: guardedRead('trtllm-bench report', readTrtllm),
};
