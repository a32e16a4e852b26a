/**
 * `JSON.stringify(value, null, 2)` as a sequence of parts, for files too large to be one
 * string (V8's longest string is about 512 MiB of text; summary.json of a few hundred thousand
 * runs passes it). The top levels are walked here; deeper values are stringified whole and
 * re-indented. Joined, the parts are exactly what JSON.stringify gives.
 */

/** Levels walked part by part; below them each value is one part. */
const WALKED_LEVELS = 2;

export function* jsonTextParts(value: unknown): Generator<string> {
  yield* partsOf(value, '', 0);
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
function isSkipped(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

function* partsOf(v: unknown, indent: string, depth: number): Generator<string> {
  const walked = depth < WALKED_LEVELS && v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
  if (!walked) {
    // Strings escape their newlines, so every newline here is structure: indent it.
    const text = JSON.stringify(v, null, 2);
    yield indent === '' ? text : text.replace(/\n/g, `\n${indent}`);
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (v.length === 0) return yield '[]';
    yield '[';
    for (let i = 0; i < v.length; i++) {
      yield (i === 0 ? '\n' : ',\n') + inner;
      const x: unknown = v[i];
      if (isSkipped(x)) yield 'null';
      else yield* partsOf(x, inner, depth + 1);
    }
    yield `\n${indent}]`;
    return;
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).filter((k) => !isSkipped(o[k]));
  if (keys.length === 0) return yield '{}';
  yield '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    yield `${(i === 0 ? '\n' : ',\n') + inner + JSON.stringify(k)}: `;
    yield* partsOf(o[k], inner, depth + 1);
  }
  yield `\n${indent}}`;
}
