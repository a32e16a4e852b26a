/**
 * MLC-LLM's per-step debug lines (cpp/llm_chat.cc), one per decoded token:
 *   `[18:04:48] /path/cpp/llm_chat.cc:689: [i: 166] decoding-time=8.72583ms tok/s: 117.286.`
 * → a time series, as SGLang's one-batch decode steps are: `decode_step_latency_ms` and
 * `decode_step_tps`, labelled with the step. The clock has whole seconds while many steps share
 * one, so the step label orders them and `t` stays absent. The line ends with a period: a line
 * without it was cut, and its last number may be cut too (dropped, with a diagnostic).
 */
import type { Diagnostic } from '../../../model/diagnostics';
import { recordId } from '../../../model/ids';
import type { SampleRecord } from '../../../model/records';
import { diag, lineSample, sampleLinesReader } from '../../blocks/common';
import type { BlockReader } from '../../types';

const STEP = /\[i:\s*(\d+)\]\s*decoding-time\s*=\s*(\d+(?:\.\d+)?)\s*ms\b(?:\s*,?\s*tok\/s:\s*(\d+(?:\.\d+)?)(\.)?)?\s*$/;

export function isDecodeStep(line: string | undefined): boolean {
  return line?.includes('decoding-time') === true && STEP.test(line);
}

function readLine(line: string, file: string, j: number, samples: SampleRecord[], diagnostics: Diagnostic[]): void {
  const m = STEP.exec(line);
  if (!m?.[1] || !m[2]) return;
  const labels = { step: m[1] };
  const source: SampleRecord['source'] = { file, line: j + 1, format: 'mlc-llm' };
  const push = (series: string, value: string) =>
    samples.push(lineSample({ id: recordId(file, j + 1, undefined, series), source, t: undefined, series, labels, value: Number(value) }));
  push('decode_step_latency_ms', m[2]);
  if (m[3] === undefined) return;
  if (m[4] === undefined) {
    diagnostics.push(diag('info', 'cell-lossy', `decode step line cut inside "tok/s: ${m[3]}": value dropped`, file, j));
    return;
  }
  push('decode_step_tps', m[3]);
}

export const mlcDecodeStepsReader: BlockReader = sampleLinesReader('mlc-llm', 'MLC-LLM decode step lines', isDecodeStep, readLine);
