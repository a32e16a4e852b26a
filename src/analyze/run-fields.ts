/**
 * The fields `--by` may name for capacity and history: the flat group keys plus the
 * parallelism degrees and the engine version. Each reads one value off a RunRecord.
 */
import { unknownNameMessage } from '../model/closest-name';
import { usageError } from '../model/diagnostics';
import type { RunRecord } from '../model/records';
import { type RunField, runField } from '../model/run-group';
import { GROUP_KEYS, type GroupValue } from './types';

/** Every field name `--by` accepts. */
export const RUN_FIELDS: readonly RunField[] = [...GROUP_KEYS, 'tp', 'dp', 'pp', 'version', 'request_rate'];

/** `engine,gpus, tp` → checked field names; a name not in RUN_FIELDS is a usage error. */
export function parseFields(text: string | readonly string[]): string[] {
  const names = (typeof text === 'string' ? text.split(',') : text.flatMap((t) => t.split(','))).map((s) => s.trim()).filter(Boolean);
  for (const n of names)
    if (!isRunField(n)) throw usageError(`--by: ${unknownNameMessage('field', n, RUN_FIELDS)} (fields: ${RUN_FIELDS.join(', ')})`);
  return names;
}

function isRunField(name: string): name is RunField {
  return (RUN_FIELDS as readonly string[]).includes(name);
}

/** The value of one field of a run; undefined when the run does not say. */
export function fieldValue(run: RunRecord, field: string): GroupValue | undefined {
  return isRunField(field) ? runField(run, field) : undefined;
}

/** The named fields of a run as a flat object with own keys only (absent fields left out). */
export function fieldsOf(run: RunRecord, fields: readonly string[]): Record<string, GroupValue> {
  const out: Record<string, GroupValue> = {};
  for (const f of fields) {
    const v = fieldValue(run, f);
    if (v !== undefined) Object.defineProperty(out, f, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A stable key of the named fields' values (absent as a marker distinct from any value). */
export function fieldsKey(run: RunRecord, fields: readonly string[]): string {
  return fields.map((f) => JSON.stringify(fieldValue(run, f) ?? null)).join('\u0000');
}
