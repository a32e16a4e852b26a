/**
 * A JSON object cut before its end (a paste that stops mid-document) closed at its last
 * complete member: the text up to the last comma outside strings (or the last closed
 * object/array), with the brackets still open closed after it. What follows that point (a
 * member that may itself be cut) is returned as `dropped`, never read.
 */

export interface ClosedJson {
  value: unknown;
  /** The text after the last complete member, trimmed (empty when nothing was dropped). */
  dropped: string;
}

const CLOSER: Readonly<Record<string, string>> = { '{': '}', '[': ']' };

export function closeCutJson(text: string): ClosedJson | undefined {
  const stack: string[] = [];
  let inString = false;
  let cutAt = -1;
  let openAtCut: string[] = [];
  for (let k = 0; k < text.length; k++) {
    const c = text[k] ?? '';
    if (inString) {
      if (c === '\\') k++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') stack.push(c);
    else if (c === '}' || c === ']') {
      stack.pop();
      cutAt = k + 1;
      openAtCut = [...stack];
    } else if (c === ',') {
      cutAt = k;
      openAtCut = [...stack];
    }
  }
  if (cutAt < 0 || openAtCut.length === 0) return undefined;
  const closers = openAtCut
    .map((o) => CLOSER[o] ?? '')
    .reverse()
    .join('');
  try {
    return { value: JSON.parse(text.slice(0, cutAt) + closers), dropped: text.slice(cutAt).replace(/^,/, '').trim() };
  } catch {
    return undefined;
  }
}
