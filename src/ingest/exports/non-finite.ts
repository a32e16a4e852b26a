/**
 * Diagnostics for the bare `NaN` / `Infinity` tokens Python's `json.dumps` writes (tolerant-json.ts
 * reads them as text, so no reader takes them as a number): each such value is absent, and says
 * so at its line. `request_rate: Infinity` is vLLM's and SGLang's "no limit" (and -Infinity no
 * rate either), read as such by the readers: no diagnostic.
 */
import type { Diagnostic } from '../../model/diagnostics';
import type { NonFiniteToken } from './tolerant-json';

/** Listed per file; the rest are counted in one more diagnostic. */
const MAX_LISTED = 10;

const NO_LIMIT_KEYS = new Set(['request_rate']);

export function nonFiniteDiagnostics(text: string, found: readonly NonFiniteToken[], file: string, firstLine: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  let line = firstLine;
  let at = 0;
  let more = 0;
  for (const t of found) {
    if (t.token !== 'NaN' && t.key !== undefined && NO_LIMIT_KEYS.has(t.key)) continue;
    if (out.length >= MAX_LISTED) {
      more++;
      continue;
    }
    // Offsets come in text order: count line breaks from the previous one on.
    for (let k = text.indexOf('\n', at); k >= 0 && k < t.offset; k = text.indexOf('\n', k + 1)) line++;
    at = t.offset;
    const what = t.key === undefined ? 'an array element' : `"${t.key}"`;
    // Info: the tool wrote "no value" (a spread of one request, a percentile it did not compute).
    out.push({
      severity: 'info',
      code: 'cell-unparsed',
      message: `${what} is ${t.token} (not a number in JSON; Python writes it for a value it could not compute): left absent`,
      file,
      line,
    });
  }
  if (more > 0) {
    // Info: the tool wrote "no value" (a spread of one request, a percentile it did not compute).
    out.push({
      severity: 'info',
      code: 'cell-unparsed',
      message: `${more} more NaN/Infinity values left absent`,
      file,
      line: firstLine,
    });
  }
  return out;
}
