/** Shared checks for chart tests: schema validity, compile/runtime warnings, SVG normalisation. */
import fs from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import Ajv from 'ajv';
import { REPO_ROOT } from '../helpers/golden';

let validator: ValidateFunction | undefined;

/** vega-lite's own JSON schema (draft-07), compiled once. */
export function vegaLiteValidator(): ValidateFunction {
  if (!validator) {
    const schema = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, 'node_modules', 'vega-lite', 'build', 'vega-lite-schema.json'), 'utf8'),
    ) as object;
    // logger: false keeps ajv's "unknown format" notices (uri, color-hex) off the test output.
    validator = new Ajv({ allErrors: true, strict: false, logger: false }).compile(schema);
  }
  return validator;
}

export function schemaErrors(spec: unknown): string[] {
  const v = vegaLiteValidator();
  if (v(spec)) return [];
  return (v.errors ?? []).slice(0, 5).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/**
 * SVG snapshot normalisation (after Observable Plot's test/plot-snapshot.js): numbers rounded
 * to one decimal, ids renumbered in order of appearance, so a golden does not change with
 * float noise or id counters.
 */
export function normaliseSvg(svg: string): string {
  const ids = new Map<string, string>();
  for (const m of svg.matchAll(/\sid="([^"]+)"/g)) if (!ids.has(m[1]!)) ids.set(m[1]!, `id${ids.size + 1}`);
  let out = svg;
  out = out.replace(/(\sid=")([^"]+)(")/g, (_a, p: string, id: string, s: string) => `${p}${ids.get(id) ?? id}${s}`);
  out = out.replace(/url\(#([^)]+)\)/g, (_a, id: string) => `url(#${ids.get(id) ?? id})`);
  out = out.replace(/(href=")#([^"]+)(")/g, (_a, p: string, id: string, s: string) => `${p}#${ids.get(id) ?? id}${s}`);
  out = out.replace(/-?\d+\.\d+(e[-+]?\d+)?/g, (n) => {
    const r = Math.round(Number(n) * 10) / 10;
    return String(Object.is(r, -0) ? 0 : r);
  });
  // One element per line keeps golden diffs readable.
  return `${out.replace(/></g, '>\n<')}\n`;
}
