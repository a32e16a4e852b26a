/**
 * Client commands printed near a tool's table (`genai-perf profile … --concurrency 10`,
 * `aiperf profile …`, perf_analyzer's `--concurrency-range 1` in genai-perf's INFO line,
 * `evalscope perf --parallel 2 …`). Only what the command states is taken, with provenance.
 */
import type { ClientSettings } from '../../model/records';

// The tool's name as a command word (not `aiperf-run-…` in an HTML comment marker).
const TOOL_RE = /(?<![\w/-])(genai-perf|aiperf|perf_analyzer|evalscope|guidellm)(?=\s)/;

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

function flagValue(text: string, names: string[]): string | undefined {
  for (const name of names) {
    const re = new RegExp(`(?:^|\\s)${name.replace(/[-]/g, '\\-')}(?:=|\\s+)('[^']*'|"[^"]*"|\\S+)`);
    const m = re.exec(text);
    if (m?.[1]) return m[1].replace(/^['"]|['"]$/g, '');
  }
  return undefined;
}

/** Client settings a command states; `fields` says which flag gave each. */
export function clientFromCommand(cmd: ToolCommand): { client: ClientSettings; fields: Record<string, string> } {
  const client: ClientSettings = {};
  const fields: Record<string, string> = {};
  const conc = flagValue(cmd.text, ['--concurrency', '--concurrency-range']);
  if (conc !== undefined && /^\d+$/.test(conc)) {
    client.concurrency = Number(conc);
    fields.concurrency =
      /--concurrency-range/.test(cmd.text) && !/--concurrency(=|\s)/.test(cmd.text) ? '--concurrency-range' : '--concurrency';
  }
  if (cmd.tool === 'evalscope') {
    const par = flagValue(cmd.text, ['--parallel']);
    if (par !== undefined && /^\d+$/.test(par) && !/--parallel\s+\d+\s+\d+/.test(cmd.text) && !/--sla-auto-tune/.test(cmd.text)) {
      client.concurrency = Number(par);
      fields.concurrency = '--parallel';
    }
  }
  const model = flagValue(cmd.text, ['--model', '-m']);
  if (model !== undefined && cmd.tool !== 'perf_analyzer') {
    client.model_path = model;
    fields.model_path = '--model';
  }
  const url = flagValue(cmd.text, ['--url', '-u']);
  if (url !== undefined) {
    client.url = url;
    fields.url = '--url';
  }
  client.command = cmd.text;
  return { client, fields };
}
