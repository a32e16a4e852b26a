/** Validation of a report against the JSON Schema of benchmark report v0.2 (ajv, draft 2020-12). */
import type { ValidateFunction } from 'ajv/dist/2020';
import schema from './benchmark-report-v0.2.schema.json';

let compiled: ValidateFunction | undefined;

/**
 * Loaded and compiled on first use: every JSON file passes through the reader that imports
 * this, and only llm-d reports (read or written) need ajv.
 */
function validator(): ValidateFunction {
  if (!compiled) {
    const { default: Ajv2020 } = require('ajv/dist/2020') as typeof import('ajv/dist/2020');
    // Union types (`string | number | …`) are in the model: TimeSeriesPoint.value.
    compiled = new Ajv2020({ allErrors: true, allowUnionTypes: true }).compile(schema);
  }
  return compiled;
}

/** The schema's complaints about a report, as `path: message`; empty when it is valid. */
export function reportProblems(report: unknown): string[] {
  const validate = validator();
  if (validate(report)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}`);
}
