/**
 * llama.cpp's llama-bench Markdown table → one run per row:
 *   `| model | size | params | backend | ngl | test | t/s |`, a `| --- | ---: |` rule, then rows
 *   `| llama 1B F16 | 2.30 GiB | 1.24 B | CUDA | 99 | pp512 | 18.46 ± 1.73 |`.
 * `test` says what `t/s` measures: `ppN` prompt processing of N tokens (input tokens/s), `tgN`
 * generation of N tokens (output tokens/s), `ppN+tgM` both (all tokens/s); ` @ dN` a context
 * depth. `t/s` is the mean ± the standard deviation over the repetitions. The other columns
 * (size, backend, ngl, threads …) vary with the build and flags: kept in raw.
 */
import { setOwn } from '../../../model/safe-keys';
import { emptyResult, guardedRead, orderRun } from '../../blocks/common';
import { textStart } from '../../blocks/http-load-units';
import { pipeCells, RULE_CELL } from '../../tables/pipe-cells';
import type { BlockReader, BlockResult, PartialRun } from '../../types';
import { readPipeRows } from './pipe-rows';
import { type LlamaBenchTest, llamaBenchTestRun } from './test-run';

const TEST = /^(?:pp(\d+)|tg(\d+)|pp(\d+)\+tg(\d+))(?:\s*@\s*d(\d+))?$/;
const RATE = /^(\d+(?:\.\d+)?)(?:\s*(?:±|\+-|\+\/-)\s*(\d+(?:\.\d+)?))?$/;

interface Columns {
  model: number;
  test: number;
  rate: number;
  names: string[];
}

function headerColumns(line: string): Columns | undefined {
  const names = pipeCells(line);
  if (!names) return undefined;
  const model = names.indexOf('model');
  const test = names.indexOf('test');
  const rate = names.indexOf('t/s');
  return model < 0 || test < 0 || rate < 0 ? undefined : { model, test, rate, names };
}

/** The test's metric key and the lengths it names (client.input_len / output_len). */
function testMeaning(m: RegExpExecArray): { key: LlamaBenchTest['key']; input?: number; output?: number } {
  if (m[1] !== undefined) return { key: 'input_tps', input: Number(m[1]) };
  if (m[2] !== undefined) return { key: 'output_tps', output: Number(m[2]) };
  return { key: 'total_tps', input: Number(m[3]), output: Number(m[4]) };
}

function rowRun(cols: Columns, cells: string[], header: number, row: number, j: number): PartialRun | string {
  const test = cells[cols.test] ?? '';
  const rate = cells[cols.rate] ?? '';
  const t = TEST.exec(test);
  const r = RATE.exec(rate);
  if (!t) return `llama-bench row: test "${test}" is none of ppN, tgN, ppN+tgM: no run`;
  if (!r) return `llama-bench row ${test}: t/s "${rate}" is no number (the row may be cut): no run`;
  const meaning = testMeaning(t);
  const run = llamaBenchTestRun({
    start: header,
    row,
    test,
    ...meaning,
    rate: Number(r[1]),
    ...(r[2] !== undefined ? { std: Number(r[2]) } : {}),
    source: `llama-bench test ${test} at line ${j + 1}`,
  });
  cols.names.forEach((n, k) => {
    if (n !== '' && cells[k] !== undefined) setOwn(run.raw, n, cells[k] ?? '');
  });
  const model = cells[cols.model] ?? '';
  if (model !== '') {
    run.model = model;
    run.provenance.model = `llama-bench model column at line ${j + 1}`;
  }
  return orderRun(run);
}

function readLlamaBench(lines: readonly string[], start: number, file: string): BlockResult {
  const cols = headerColumns(lines[start] ?? '');
  const rule = pipeCells(lines[start + 1] ?? '');
  if (!cols || !rule?.every((c) => RULE_CELL.test(c))) return emptyResult(start + 1);
  const rows = readPipeRows(lines, start, file, pipeCells, (cells, row, j) => rowRun(cols, cells, start, row, j));
  return { ...rows, env: [], samples: [] };
}

export const llamaBenchReader: BlockReader = {
  name: 'llama-bench',
  mayStartWith: (first) => first === 0x7c, // `|`
  startsAt(lines, i) {
    const line = lines[i];
    if (line === undefined) return false;
    const k = textStart(lines, i);
    return line.charCodeAt(k) === 0x7c && line.includes('t/s') && line.includes(' test ') && headerColumns(line) !== undefined;
  },
  read: guardedRead('llama-bench table', readLlamaBench),
};
