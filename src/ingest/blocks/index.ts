/**
 * Block readers, in the order the console-log scanner asks them whether a block starts at a
 * line: the tools' readers from the format registry (formats/registry.ts, in its order), then
 * the general ones — a JSON result line, and last the key/value reader (any other reader's
 * block written as `key: value` lines is that reader's).
 */
import { toolBlockReaders } from '../formats/registry';
import type { BlockReader, BlockResult } from '../types';
import { jsonResultReader } from './json-result';
import { keyValueReader } from './key-value';

export { goStressReader } from '../formats/go-stress/go-stress';
export { heyOhaReader } from '../formats/hey-oha/hey-oha';
export { k6DurationSeconds, k6Reader } from '../formats/k6/k6';
export { nvidiaSmiReader } from '../formats/nvidia-smi/nvidia-smi';
export { parseLabels, prometheusReader, type Scrape, samplesFromScrapes } from '../formats/prometheus/prometheus';
export { sglangBenchReader, vllmBenchReader } from '../formats/serving-bench/serving-bench';
export { isStatLine, vllmServerLogReader } from '../formats/vllm-server-log/vllm-server-log';
export { wrkReader } from '../formats/wrk/wrk';
export { jsonResultReader } from './json-result';
export { keyValueReader } from './key-value';

export const BLOCK_READERS: readonly BlockReader[] = [...toolBlockReaders(), jsonResultReader, keyValueReader];

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
