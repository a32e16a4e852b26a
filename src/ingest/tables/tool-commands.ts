/**
 * Client commands printed near a tool's table (`genai-perf profile … --concurrency 10`,
 * `aiperf profile …`, perf_analyzer's `--concurrency-range 1` in genai-perf's INFO line,
 * `evalscope perf --parallel 2 …`), found by position; what they state is read by the one
 * client-command reader the scope uses too (context/client-command.ts), with provenance.
 */
import type { ClientSettings } from '../../model/records';
import { type ClientTool, readClientCommand } from '../context/client-command';

// The tool's name as a command word (not `aiperf-run-…` in an HTML comment marker, not a
// logger's name: `2024-12-03 10:11:01,442 - evalscope - INFO - Benchmarking summary:`).
const TOOL_RE = /(?<![\w/-])(genai-perf|aiperf|perf_analyzer|evalscope|guidellm)(?=\s)(?!\s+-\s+(?:DEBUG|INFO|WARNING|WARN|ERROR)\b)/;

export interface ToolCommand {
  /** 0-based line where the command starts. */
  line: number;
  tool: string;
  text: string;
}

/** Joins a shell command continued with `\` (or wrapped by the terminal) into one line. */
function joinCommand(lines: readonly string[], start: number, limit: number): { text: string; end: number } {
  let text = '';
  let k = start;
  for (; k < limit; k++) {
    const l = (lines[k] ?? '').trim();
    if (l === '' || /^```/.test(l)) break;
    const cont = /\\$/.test(l);
    text += (text ? ' ' : '') + l.replace(/\\$/, '').trim();
    if (!cont && !/^-/.test((lines[k + 1] ?? '').trim())) break;
  }
  return { text, end: k };
}

/**
 * The closest tool command above `before` (within `span` lines), not crossing another table.
 */
export function findCommandAbove(lines: readonly string[], before: number, span = 40): ToolCommand | undefined {
  for (let k = before - 1; k >= 0 && k >= before - span; k--) {
    const l = lines[k] ?? '';
    if (/^\s*[└┗╰+]/.test(l) && /[─━-]{3}/.test(l)) return undefined;
    const m = TOOL_RE.exec(l);
    if (!m) continue;
    const { text } = joinCommand(lines, k, before);
    // From the tool's name on: a log prefix (`[INFO] … : '`) is not part of the command.
    const from = text.search(TOOL_RE);
    return { line: k, tool: m[1] ?? '', text: text.slice(Math.max(0, from)).replace(/'\s*$/, '') };
  }
  return undefined;
}

/** A command printed after a table (AIPerf's `CLI Command:` footer, wrapped by the terminal). */
export function findCommandBelow(lines: readonly string[], after: number, span = 12): ToolCommand | undefined {
  for (let k = after; k < lines.length && k < after + span; k++) {
    const l = lines[k] ?? '';
    const m = /^\s*CLI Command:\s*(.*)$/.exec(l);
    if (!m) continue;
    let text = m[1] ?? '';
    for (let j = k + 1; j < lines.length && j < k + 8; j++) {
      const n = lines[j] ?? '';
      if (n.trim() === '' || /^[A-Z][\w ]+:(\s|$)/.test(n)) break;
      text += ` ${n.trim()}`;
    }
    const tool = TOOL_RE.exec(text)?.[1] ?? '';
    return { line: k, tool, text };
  }
  return undefined;
}

/** The ToolCommand's tool name as the shared reader knows it. */
function clientTool(tool: string): ClientTool {
  if (tool === 'genai-perf' || tool === 'aiperf' || tool === 'evalscope' || tool === 'guidellm' || tool === 'perf_analyzer') return tool;
  return 'genai-perf';
}

/** Client settings a command states (the shared client-command reader); `fields` says which flag gave each. */
export function clientFromCommand(cmd: ToolCommand): { client: ClientSettings; fields: Record<string, string> } {
  const read = readClientCommand(cmd.text, clientTool(cmd.tool));
  return { client: { ...read.client, command: cmd.text }, fields: read.fields };
}
