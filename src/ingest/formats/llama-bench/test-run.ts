/** One llama-bench test as a run, however it was printed (Markdown table, `-o csv`/`json`). */
import { setOwn } from '../../../model/safe-keys';
import { partialRun } from '../../blocks/common';
import type { PartialRun } from '../../types';

export interface LlamaBenchTest {
  /** 0-based line of the table header or the test's object. */
  start: number;
  row: number;
  /** `pp512`, `tg128`, `pp512+tg128` (with ` @ d4096` when the table says so). */
  test: string;
  /** What the rate measures: prompt processing, generation, or both. */
  key: 'input_tps' | 'output_tps' | 'total_tps';
  rate: number;
  /** The standard deviation over the repetitions. */
  std?: number;
  input?: number;
  output?: number;
  /** Where the rate was read (provenance). */
  source: string;
}

/** The run of one test: its rate and spread, the prompt and generation lengths it names. */
export function llamaBenchTestRun(t: LlamaBenchTest): PartialRun {
  const run = partialRun('llama-bench', t.start, `llama-bench ${t.test}`, t.row);
  setOwn(run.metrics, t.key, t.rate);
  if (t.std !== undefined) setOwn(run.metrics, `${t.key}_std`, t.std);
  run.provenance[`metrics.${t.key}`] = t.source;
  if (t.input !== undefined) (run.client ??= {}).input_len = t.input;
  if (t.output !== undefined) (run.client ??= {}).output_len = t.output;
  return run;
}
