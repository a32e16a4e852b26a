/** Shared by the input fault tests: a sample, temporary folders, runs compared without their file name. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../../src/model/diagnostics';
import type { BenchRecord } from '../../src/model/records';
import { REPO_ROOT } from '../helpers/golden';

/** A console log with 25 runs (data/ holds the project's copy of the shared sample). */
export const A10 = path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md');
export const A10_RUNS = 25;

export function tempDir(tag: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `bb-faults-${tag}-`));
}

/** A run as the file's name does not change it: line, title, labels, engine and metrics. */
export function runKeys(records: readonly BenchRecord[]): string[] {
  return records.flatMap((r) =>
    r.kind === 'run' ? [JSON.stringify([r.source.line, r.title, r.labels, r.engine, r.parallelism, r.metrics])] : [],
  );
}

export function withCode(diagnostics: readonly Diagnostic[], code: Diagnostic['code']): Diagnostic[] {
  return diagnostics.filter((d) => d.code === code);
}
