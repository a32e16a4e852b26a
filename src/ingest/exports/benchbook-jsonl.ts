/**
 * benchbook's own `parse` output read back: JSON lines of RunRecords (and the env and sample
 * records `--include` adds), one record a line. Nothing is recomputed: every field is kept as
 * written, so parse → JSONL → parse gives the same records except where a run's source points.
 *
 * A run's `source` then points at its line of the JSONL (the file being read now), and where it
 * came from first is kept in `provenance.source` (`a.log:12:3 (vllm-bench)`; a record read back
 * twice keeps the first). Its `id` is kept: samples name their run by it. Env and sample records
 * have no field to keep a second place in and keep their source as written.
 *
 * The lines are untrusted: a record whose required fields are missing or of the wrong type is
 * skipped with a diagnostic naming its line; a metric that is not a finite number is dropped
 * with one.
 */
import type { Diagnostic } from '../../model/diagnostics';
import { isJsonObject } from '../../model/json-object';
import { type BenchRecord, FORMAT_NAMES, type RunRecord, SCHEMA_VERSION } from '../../model/records';
import { setOwn } from '../../model/safe-keys';

type Obj = Record<string, unknown>;

const FORMATS: ReadonlySet<string> = new Set(FORMAT_NAMES);

function isSource(v: unknown): v is RunRecord['source'] {
  return (
    isJsonObject(v) &&
    typeof v.file === 'string' &&
    typeof v.line === 'number' &&
    typeof v.format === 'string' &&
    FORMATS.has(v.format) &&
    (v.row === undefined || typeof v.row === 'number')
  );
}

/** Whether `o` is one of benchbook's records (kind, schema version, id and source as written by `parse`). */
export function looksLikeBenchbookRecord(o: Obj): boolean {
  return (
    (o.kind === 'run' || o.kind === 'env' || o.kind === 'sample') &&
    typeof o.schema_version === 'number' &&
    typeof o.id === 'string' &&
    isJsonObject(o.source)
  );
}

const isStringMap = (v: unknown): boolean => isJsonObject(v) && Object.values(v).every((x) => typeof x === 'string');
const isStringList = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** What is wrong with a record of kind `run` (undefined when it can be read). */
function runProblem(o: Obj): string | undefined {
  if (!isSource(o.source)) return 'its source is not {file, line, format} with a known format';
  if (!isJsonObject(o.metrics)) return 'it has no metrics object';
  if (!isStringMap(o.raw) || !isStringMap(o.provenance)) return 'its raw or provenance is not text by label';
  if (!isStringList(o.labels) || !isStringList(o.flags)) return 'its labels or flags are not lists of text';
  return undefined;
}

function sampleProblem(o: Obj): string | undefined {
  if (!isSource(o.source)) return 'its source is not {file, line, format} with a known format';
  if (typeof o.series !== 'string' || typeof o.value !== 'number' || !Number.isFinite(o.value))
    return 'it has no series or no finite value';
  if (!isStringMap(o.labels)) return 'its labels are not text by name';
  return undefined;
}

function envProblem(o: Obj): string | undefined {
  if (!isSource(o.source)) return 'its source is not {file, line, format} with a known format';
  if (!Array.isArray(o.gpus)) return 'it has no gpus list';
  return undefined;
}

/** `a.log:12:3 (vllm-bench)`: a source as one line of text. */
function sourceText(s: RunRecord['source']): string {
  return `${s.file}:${s.line}${s.row !== undefined ? `:${s.row}` : ''} (${s.format})`;
}

/** A run read back: its metrics checked, its source moved to `provenance.source`, pointing at `line` of `file`. */
function runBack(o: Obj, file: string, line: number, diagnostics: Diagnostic[]): RunRecord {
  const run = structuredClone(o) as unknown as RunRecord;
  for (const [k, v] of Object.entries(run.metrics)) {
    if (typeof v === 'number' && Number.isFinite(v)) continue;
    delete run.metrics[k];
    diagnostics.push({ severity: 'warning', code: 'cell-unparsed', message: `metric "${k}" is not a finite number: dropped`, file, line });
  }
  const first = run.provenance.source ?? sourceText(run.source);
  const provenance: Record<string, string> = {};
  setOwn(provenance, 'source', first);
  for (const [k, v] of Object.entries(run.provenance)) if (k !== 'source') setOwn(provenance, k, v);
  run.provenance = provenance;
  run.source = { file, line, format: run.source.format };
  return run;
}

/**
 * The record on `line` of `file`, or undefined (with a diagnostic) when it cannot be read.
 * `o` must pass looksLikeBenchbookRecord.
 */
export function benchbookRecordBack(o: Obj, file: string, line: number, diagnostics: Diagnostic[]): BenchRecord | undefined {
  const problem = o.kind === 'run' ? runProblem(o) : o.kind === 'sample' ? sampleProblem(o) : envProblem(o);
  if (problem) {
    diagnostics.push({
      severity: 'warning',
      code: 'unknown-format',
      message: `benchbook ${String(o.kind)} record not read: ${problem}`,
      file,
      line,
    });
    return undefined;
  }
  if (o.schema_version !== SCHEMA_VERSION)
    diagnostics.push({
      severity: 'warning',
      code: 'unknown-format',
      message: `benchbook record of schema version ${String(o.schema_version)}, read as version ${SCHEMA_VERSION}`,
      file,
      line,
    });
  if (o.kind === 'run') return runBack(o, file, line, diagnostics);
  return structuredClone(o) as unknown as BenchRecord;
}
