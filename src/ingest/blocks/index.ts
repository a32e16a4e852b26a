/**
 * Block readers, in the order the console-log scanner asks them whether a block starts at a
 * line. The more specific reader of a shared title comes first (SGLang before vLLM).
 */
import type { BlockReader, BlockResult } from '../types';
import { goStressReader } from './go-stress';
import { heyOhaReader } from './hey-oha';
import { jsonResultReader } from './json-result';
import { k6Reader } from './k6';
import { keyValueReader } from './key-value';
import { nvidiaSmiReader } from './nvidia-smi';
import { prometheusReader } from './prometheus';
import { sglangBenchReader, vllmBenchReader } from './serving-bench';
import { sglangSchedulerLogReader } from './sglang-scheduler-log';
import { vllmServerLogReader } from './vllm-server-log';
import { wrkReader } from './wrk';

export { goStressReader } from './go-stress';
export { heyOhaReader } from './hey-oha';
export { jsonResultReader } from './json-result';
export { k6DurationSeconds, k6Reader } from './k6';
export { keyValueReader } from './key-value';
export { nvidiaSmiReader } from './nvidia-smi';
export { parseLabels, prometheusReader, type Scrape, samplesFromScrapes } from './prometheus';
export { sglangBenchReader, vllmBenchReader } from './serving-bench';
export { isStatLine, vllmServerLogReader } from './vllm-server-log';
export { wrkReader } from './wrk';

export const BLOCK_READERS: readonly BlockReader[] = [
  nvidiaSmiReader,
  sglangBenchReader,
  vllmBenchReader,
  vllmServerLogReader,
  sglangSchedulerLogReader,
  prometheusReader,
  k6Reader,
  // HTTP load tools: before the key/value reader, which would take hey's `Summary:` pairs and
  // go-stress's stat block as a run of their own.
  wrkReader,
  heyOhaReader,
  goStressReader,
  jsonResultReader,
  // Last: any other reader's block that is written as `key: value` lines is that reader's.
  keyValueReader,
];

/** Everything the block readers give over a whole text, with no scope applied. */
export interface BlockScan {
  reader: string;
  /** 1-based line where the block starts. */
  line: number;
  result: BlockResult;
}

/**
 * Runs every reader over `lines` (for each line, the first reader whose `startsAt` says yes
 * reads the block; scanning continues after it). The console-log scanner does the same with
 * scope tracking; this is the reader-only view used by tests.
 */
export function scanBlocks(lines: readonly string[], file: string, readers: readonly BlockReader[] = BLOCK_READERS): BlockScan[] {
  const out: BlockScan[] = [];
  for (let i = 0; i < lines.length; ) {
    const reader = readers.find((r) => r.startsAt(lines, i));
    if (!reader) {
      i++;
      continue;
    }
    const result = reader.read(lines, i, file);
    out.push({ reader: reader.name, line: i + 1, result });
    i = Math.max(result.next, i + 1);
  }
  return out;
}
