/**
 * SGLang native `/generate` responses pasted as Python dicts
 * (`{'text': '…', 'meta_info': {… 'e2e_latency': 2.36}}`), often wrapped over several lines.
 * They are samples of output, not runs: the reader consumes them (so no other reader
 * misreads their text) and reports them as context in an info diagnostic.
 */
import type { Diagnostic } from '../model/diagnostics';
import { balancedClose } from './blocks/balanced';
import { keyValueReader } from './blocks/key-value';
import type { BlockReader, BlockResult } from './types';

const START = /^\s*\{\s*'[A-Za-z_][\w]*'\s*:/;
const DICT_BRACES = { quotes: `'"`, open: '{', close: '}', maxLines: 400 };

/** Where the dict starting at lines[i] closes: index of its last line, or undefined. */
function closingLine(lines: readonly string[], i: number): number | undefined {
  return balancedClose(lines, i, 0, DICT_BRACES)?.line;
}

export interface PythonDictFacts {
  prompt_tokens?: number;
  completion_tokens?: number;
  e2e_latency_s?: number;
  finish_reason?: string;
}

/** Numbers a native response carries in `meta_info`. */
export function pythonDictFacts(text: string): PythonDictFacts {
  const facts: PythonDictFacts = {};
  const num = (key: string): number | undefined => {
    const m = new RegExp(`'${key}':\\s*([-+]?\\d+(?:\\.\\d+)?(?:e[-+]?\\d+)?)`).exec(text);
    return m && m[1] !== undefined ? Number(m[1]) : undefined;
  };
  const p = num('prompt_tokens');
  if (p !== undefined) facts.prompt_tokens = p;
  const c = num('completion_tokens');
  if (c !== undefined) facts.completion_tokens = c;
  const e = num('e2e_latency');
  if (e !== undefined) facts.e2e_latency_s = e;
  const f = /'finish_reason':\s*\{'type':\s*'(\w+)'/.exec(text);
  if (f?.[1]) facts.finish_reason = f[1];
  return facts;
}

export const pythonDictReader: BlockReader = {
  name: 'python-dict',
  mayStartWith: (first) => first === 0x7b, // `{`
  startsAt(lines, i) {
    const line = lines[i] ?? '';
    if (!START.test(line)) return false;
    const end = closingLine(lines, i);
    // A flat dict of figures on one line (`{'ttft': 0.12, 'tps': 45.1}`) is a script's result: the key/value reader's.
    return end !== undefined && !(end === i && keyValueReader.startsAt(lines, i));
  },
  read(lines, i, file): BlockResult {
    const end = closingLine(lines, i) ?? i;
    const facts = pythonDictFacts(lines.slice(i, end + 1).join('\n'));
    const parts = Object.entries(facts).map(([k, v]) => `${k} ${v}`);
    const diagnostics: Diagnostic[] = [
      {
        severity: 'info',
        code: 'prose-skipped',
        message: `a response printed as a Python dict (${end - i + 1} lines) is a sample, not a run${parts.length ? `: ${parts.join(', ')}` : ''}`,
        file,
        line: i + 1,
      },
    ];
    return { next: end + 1, runs: [], env: [], samples: [], diagnostics };
  },
};
