/**
 * llama-server's periodic progress lines while a slot decodes (one every few seconds):
 *   `12.46.239.704 I slot print_timing: id  0 | task 0 | n_decoded =  22968, tg =  30.51 t/s, tg_3s =  42.89 t/s`
 * → a time series, as vLLM's stat lines are: tg_3s (the rate over the last seconds) is
 * `output_tps`; tg (the running mean since the request began) is `output_tps_running_mean`;
 * n_decoded is `output_tokens` so far. Slot and task are labels. A line cut inside its last
 * field keeps the fields before it and says what was dropped.
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { recordId } from '../../../model/ids';
import type { SampleRecord } from '../../../model/records';
import { diag, lineSample, sampleLinesReader } from '../../blocks/common';
import type { BlockReader } from '../../types';

const PROGRESS = /slot print_timings?:\s*id\s+(\d+)\s*\|\s*task\s+(-?\d+)\s*\|\s*(n_decoded\s*=.*)$/;
/** One `name = value [t/s]` field; the log prefix (`12.46.239.704 I`) is time since start, not a clock: no `t`. */
const FIELD = /^\s*(n_decoded|tg_3s|tg)\s*=\s*(\d+(?:\.\d+)?)\s*(t\/s)?\s*$/;
const SERIES: Readonly<Record<string, string>> = {
  n_decoded: 'output_tokens',
  tg: 'output_tps_running_mean',
  tg_3s: 'output_tps',
};

export function isSlotProgress(line: string | undefined): boolean {
  return line?.includes('n_decoded') === true && PROGRESS.test(line);
}

function readLine(line: string, file: string, j: number, samples: SampleRecord[], diagnostics: Diagnostic[]): void {
  const m = PROGRESS.exec(line);
  if (!m?.[1] || !m[2] || !m[3]) return;
  const labels = { slot: m[1], task: m[2] };
  const parts = m[3].split(',');
  parts.forEach((part, k) => {
    const f = FIELD.exec(part);
    const name = f?.[1];
    // A rate is whole only with its unit: `tg_3s =  4` at a cut end may be `42.89`.
    if (!f || name === undefined || (name !== 'n_decoded' && f[3] === undefined)) {
      const cut = k === parts.length - 1;
      diagnostics.push(diag('info', cut ? 'cell-lossy' : 'cell-unparsed', `slot progress field not read: "${part.trim()}"`, file, j));
      return;
    }
    const series = SERIES[name] ?? name;
    const source: SampleRecord['source'] = { file, line: j + 1, format: 'llama-cpp-log' };
    samples.push(lineSample({ id: recordId(file, j + 1, undefined, series), source, t: undefined, series, labels, value: Number(f[2]) }));
  });
}

export const slotProgressReader: BlockReader = sampleLinesReader(
  'llama-cpp-log',
  'llama-server slot progress lines',
  isSlotProgress,
  readLine,
);
