/** Validation of a report against the JSON Schema of benchmark report v0.2 (ajv, draft 2020-12). */

import type { ValidateFunction } from 'ajv/dist/2020';
import Ajv2020 from 'ajv/dist/2020';
import schema from './benchmark-report-v0.2.schema.json';

let compiled: ValidateFunction | undefined;

/** Compiled once, on first use: `parse` without `--format llm-d` never pays for it. */
function validator(): ValidateFunction {
  if (!compiled) compiled = new Ajv2020({ allErrors: true, allowUnionTypes: true }).compile(schema);
  return compiled;
}

/** The schema's complaints about a report, as `path: message`; empty when it is valid. */
export function reportProblems(report: unknown): string[] {
  const validate = validator();
  if (validate(report)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}`);
}
