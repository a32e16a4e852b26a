/**
 * Commands written behind a comment or quote marker, as people paste what they ran above its
 * output: `# vllm serve … --pipeline-parallel-size 2` (a shell comment, which a Markdown reader
 * would take for a heading), `// python -m sglang.launch_server … --tp 4`, `> $ vllm serve …`
 * (a quoted console), `; …`, `:: …`, `REM …`, and list items (`* `, `1. `). The marker is only
 * dropped when a launch command or a benchmark client command follows it, so a comment or a
 * heading in words stays what it was.
 */
import { clientToolAt } from '../context/client-command';
import { looksLikeLaunchCommand } from '../launch-command';

/** One leading marker (`#`, `##`, `//`, `>`, `> >`, `;`, `::`, `REM`, `*`, `1.`) and the space after it. */
const MARKER = /^\s{0,8}(#{1,6}|\/\/+|>(?:\s*>)*|;+|::|REM\b|rem\b|\*|\d{1,2}[.)])[ \t]+(?=\S)/;

/** A word every launcher and client tool has (launch-command.ts LAUNCHERS, client-command.ts TOOLS). */
const COMMAND_WORD = /serve|launch_server|bench|perf|guidellm|wrk|hey |oha |go-stress|k6 run|locust|ab /;

/** Longest run of marked lines joined as one command (continuations of a long command). */
const MAX_RUN = 200;

export interface CommentedCommand {
  /** The command, marker dropped, its marked continuation lines joined with a space. */
  text: string;
  /** How many lines it takes. */
  count: number;
  /** Whether the marked run may go on past the lines given. */
  open: boolean;
}

/** The marker a line starts with, normalised (`> >` → `>>`); undefined when none. */
function markerOf(line: string): { marker: string; length: number } | undefined {
  const m = MARKER.exec(line);
  if (!m?.[1]) return undefined;
  return { marker: m[1].replace(/\s+/g, '').replace(/^\d+[.)]$/, '1.'), length: m[0].length };
}

function mayBeCommand(text: string): boolean {
  return text.length <= 4000 && (looksLikeLaunchCommand(text) || clientToolAt(text) !== undefined);
}

/**
 * Whether a marked text is a command: a launcher or a client tool with at least one flag (a
 * heading `# vllm serve benchmark` names no flag and stays a heading).
 */
export function isCommand(text: string): boolean {
  if (text.length > 4000 || !/(^|\s)--?[A-Za-z]/.test(text)) return false;
  return looksLikeLaunchCommand(text) || clientToolAt(text) !== undefined;
}

/**
 * The command behind a marker at lines[i], with the continuation lines that carry the same
 * marker (a `\`-continued command commented out line by line); undefined when lines[i] holds
 * no marker or no command follows it.
 */
export function commentedCommandAt(lines: readonly string[], i: number, final: boolean): CommentedCommand | undefined {
  const first = lines[i] ?? '';
  // Asked of every heading, comment and numbered line: one test for a launcher's or tool's word first.
  if (!COMMAND_WORD.test(first)) return undefined;
  const m = markerOf(first);
  if (!m) return undefined;
  const text = first.slice(m.length);
  // Most marked lines are comments or headings in words: no launcher or client tool named.
  if (!mayBeCommand(text)) return undefined;
  const out = [text];
  let k = i + 1;
  // A continued command: its next lines carry the same marker (list items number on: `1.`, `2.` are not continuations).
  if (m.marker !== '1.' && m.marker !== '*') {
    for (; k < lines.length && k - i < MAX_RUN; k++) {
      const prev = out[out.length - 1] ?? '';
      const next = markerOf(lines[k] ?? '');
      if (!next || next.marker !== m.marker) break;
      const rest = (lines[k] ?? '').slice(next.length);
      if (!/\\\s*$/.test(prev) && !/^\s*--?[A-Za-z]/.test(rest)) break;
      out.push(rest);
    }
  }
  const joined = out.map((l) => l.replace(/\\\s*$/, '').trim()).join(' ');
  if (!isCommand(joined)) return undefined;
  return { text: joined, count: out.length, open: !final && k >= lines.length };
}
