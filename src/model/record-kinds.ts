/**
 * Type guards for the three record kinds, and a parse result split by kind, so that a notebook
 * or script can write `records.filter(isRun)` and pass the result on without a type annotation
 * (TypeScript before 5.5 does not infer `(r) => r.kind === 'run'` as a guard).
 */
import type { BenchRecord, EnvRecord, RunRecord, SampleRecord } from './records';

export function isRun(r: BenchRecord): r is RunRecord {
  return r.kind === 'run';
}

export function isEnv(r: BenchRecord): r is EnvRecord {
  return r.kind === 'env';
}

export function isSample(r: BenchRecord): r is SampleRecord {
  return r.kind === 'sample';
}

/** The records of a parse, each kind in its own typed array (the same objects, in file order). */
export interface RecordsByKind {
  runs: RunRecord[];
  env: EnvRecord[];
  samples: SampleRecord[];
}

export function recordsByKind(records: readonly BenchRecord[]): RecordsByKind {
  const out: RecordsByKind = { runs: [], env: [], samples: [] };
  for (const r of records) {
    if (isRun(r)) out.runs.push(r);
    else if (isEnv(r)) out.env.push(r);
    else if (isSample(r)) out.samples.push(r);
  }
  return out;
}
