/**
 * A block of bare launch flags, one a line, as people paste a server's settings above their
 * results (in a fence, or as a list):
 *
 *   ```
 *   --tensor-parallel-size 2
 *   --max-model-len 8192
 *   ```
 *
 * Two or more such lines in a row, or one right under a fence. The words are the flags of
 * the launch in force for the runs below (context-lines.ts decides engine and settings).
 */
import { shellWords } from '../launch-command';

/** A flag line: `--name value`, `--name=value`, `--flag`, optionally as a list item (`- --tp 2`, `* --tp 2`). */
const FLAG_LINE = /^\s*(?:[-*]\s+)?(--[A-Za-z][\w.-]*(?:[= ]\s*\S.*?)?)\s*\\?\s*$/;
const FENCE = /^\s*(```|~~~)/;
/** More than this many flag lines is no one's paste of settings: the block is cut there. */
const MAX_LINES = 80;

export interface FlagBlock {
  words: string[];
  /** 0-based index of the block's last line. */
  end: number;
}

/** The flag block starting at lines[i]; `wait` when it may go on past the lines given; undefined when none starts there. */
export function flagBlockAt(lines: readonly string[], i: number, final: boolean): FlagBlock | 'wait' | undefined {
  const first = lines[i] ?? '';
  // Asked at every line: one character test rules most lines out.
  if (first.indexOf('--') < 0) return undefined;
  const above = FLAG_LINE.exec(lines[i - 1] ?? '');
  if (above) return undefined; // inside a block (it is read from its first line)
  const words: string[] = [];
  let k = i;
  for (; k < lines.length && k - i < MAX_LINES; k++) {
    const m = FLAG_LINE.exec(lines[k] ?? '');
    if (!m?.[1]) break;
    words.push(...shellWords(m[1]));
  }
  if (k >= lines.length && !final) return 'wait';
  const count = k - i;
  if (count === 0 || (count === 1 && !FENCE.test(lines[i - 1] ?? ''))) return undefined;
  return { words, end: k - 1 };
}
