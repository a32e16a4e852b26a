/**
 * The parts of YAML/JSON configuration that are more than one `key: value` line: docker
 * compose / Kubernetes / Helm `args:` and `command:` (flow lists `["--tp", "4"]`, block lists,
 * folded scalars), Kubernetes `env:` pairs (`- name: TP` + `value: "4"`), `image:` /
 * `repository:` + `tag:`, and the argument dumps servers log (vLLM's `args: Namespace(…)`,
 * `non-default args: {…}`, `… LLM engine (v…) with config: …`; SGLang's
 * `server_args=ServerArgs(…)`) or a JSON object on one line. Plain `key: value` lines of the same
 * files (`tensorParallelSize: 4`, `nvidia.com/gpu: 4`, Ansible vars) are settings lines.
 */
import { isJsonObject } from '../../model/json-object';
import type { Engine } from '../../model/records';
import { shellWords } from '../launch-command';
import { type EngineVersion, engineOfImage, engineVersionOf } from './engine-version';
import type { LineSetting } from './settings-line';
import { settingsOfPair, versionOf } from './settings-vocabulary';

const IMAGE_LINE = /^\s*(?:-\s+)?(image|repository)\s*:\s*["']?([^\s"'#]+)["']?\s*(?:#.*)?$/;
const TAG_LINE = /^\s*tag\s*:\s*["']?(v?\d[\w.+-]*)["']?\s*(?:#.*)?$/;
const ARGS_KEY = /^(\s*)(?:-\s+)?(args|command|entrypoint)\s*:\s*(.*?)\s*$/;
const ENV_NAME = /^(\s*)-\s+name\s*:\s*["']?([A-Za-z_]\w*)["']?\s*$/;
const ENV_VALUE = /^\s*value\s*:\s*(.*?)\s*$/;
/** How many lines a block list or a multi-line flow list may span. */
const MAX_BLOCK = 200;

export interface ImageLine {
  ref: string;
  engine?: Engine;
  version?: EngineVersion;
}

/** `image: vllm/vllm-openai:v0.8.5`, Helm's `repository: lmsysorg/sglang`. */
export function imageOfLine(line: string): ImageLine | undefined {
  if (line.indexOf(':') < 0) return undefined;
  const m = IMAGE_LINE.exec(line);
  if (!m?.[2]) return undefined;
  const engine = engineOfImage(m[2]);
  if (!engine) return undefined;
  const version = engineVersionOf(` ${m[2]}`);
  return version ? { ref: m[2], engine, version } : { ref: m[2], engine };
}

/** Helm's `tag: v0.8.5` (the version of the repository named just above). */
export function tagOfLine(line: string): string | undefined {
  const m = TAG_LINE.exec(line);
  return m?.[1] ? versionOf(m[1]) : undefined;
}

function indentOf(line: string): number {
  return /^\s*/.exec(line)?.[0].length ?? 0;
}

function unquoteWord(w: string): string {
  return w.trim().replace(/^(["'])(.*)\1$/, '$2');
}

/** `["--tp", "4", '--model', x]` → words. */
function flowList(text: string): string[] {
  const inner = text
    .trim()
    .replace(/^\[/, '')
    .replace(/\]\s*(#.*)?$/, '');
  const out: string[] = [];
  for (const m of inner.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|([^,\s][^,]*)/g)) {
    const w = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (w !== '') out.push(w);
  }
  return out;
}

export interface ArgsBlock {
  key: string;
  words: string[];
  /** 0-based index of the block's last line. */
  end: number;
}

/**
 * `args:` / `command:` / `entrypoint:` at lines[i] with what follows: an inline flow list or
 * scalar, or the more-indented lines after it (list items or a folded scalar). `wait` when the
 * block may go on past the lines given (streamed chunks).
 */
export function argsBlockAt(lines: readonly string[], i: number, final: boolean): ArgsBlock | 'wait' | undefined {
  const line = lines[i] ?? '';
  if (line.indexOf(':') < 0) return undefined;
  const m = ARGS_KEY.exec(line);
  if (!m) return undefined;
  const indent = (m[1] ?? '').length;
  const key = m[2] ?? '';
  const value = m[3] ?? '';
  if (value.startsWith('[')) {
    let text = value;
    let k = i;
    while (!/\]\s*(#.*)?$/.test(text) && k - i < MAX_BLOCK) {
      if (k + 1 >= lines.length) return final ? undefined : 'wait';
      text += ` ${(lines[++k] ?? '').trim()}`;
    }
    return { key, words: flowList(text), end: k };
  }
  if (value !== '' && !/^[>|][-+]?$/.test(value)) return { key, words: shellWords(value), end: i };
  const words: string[] = [];
  let k = i + 1;
  for (; k < lines.length && k - i <= MAX_BLOCK; k++) {
    const l = lines[k] ?? '';
    if (l.trim() === '') break;
    if (indentOf(l) <= indent && !(/^\s*-\s/.test(l) && indentOf(l) === indent && key === 'args')) break;
    const item = /^\s*-\s+(.*)$/.exec(l);
    if (item) words.push(unquoteWord(item[1] ?? ''));
    else words.push(...shellWords(l.trim().replace(/\\$/, '')));
  }
  if (k >= lines.length && !final) return 'wait';
  return words.length > 0 ? { key, words, end: k - 1 } : undefined;
}

/** Kubernetes `env:` item: `- name: TP` then `value: "4"` on the next line. */
export function envPairAt(lines: readonly string[], i: number): { name: string; value: string } | undefined {
  const line = lines[i] ?? '';
  if (line.indexOf('name') < 0) return undefined;
  const m = ENV_NAME.exec(line);
  if (!m?.[2]) return undefined;
  const v = ENV_VALUE.exec(lines[i + 1] ?? '');
  return v?.[1] !== undefined ? { name: m[2], value: unquoteWord(v[1]) } : undefined;
}

const DUMPS: ReadonlyArray<{ pattern: RegExp; engine?: Engine; kind: 'call' | 'dict' }> = [
  { pattern: /\bserver_args=ServerArgs\((.*)\)/, engine: 'sglang', kind: 'call' },
  { pattern: /\bargs: Namespace\((.*)\)/, engine: 'vllm', kind: 'call' },
  { pattern: /\bnon-default args: (\{.*\})/, engine: 'vllm', kind: 'dict' },
  { pattern: /\bLLM engine \(v[^)]*\) with config: (.*)$/, engine: 'vllm', kind: 'call' },
];
/** Words every DUMPS pattern or a JSON object line holds: one test before the four. */
const DUMP_WORDS = /args|config: |^\s*\{"/;
/** Names of a dump that are not the run's settings though the vocabulary knows them. */
const NOT_RUN = /^(served_model_name|tokenizer\w*|backend|host|port)$/;

function pairs(text: string, kind: 'call' | 'dict'): Array<[string, string]> {
  const re =
    kind === 'call' ? /(?:^|[\s,(])(\w+)=('(?:[^'\\]|\\.)*'|"[^"]*"|[^,()[\]{}]+)/g : /'(\w+)':\s*('(?:[^'\\]|\\.)*'|"[^"]*"|[^,}]+)/g;
  return [...text.matchAll(re)].map((m) => [m[1] ?? '', unquoteWord(m[2] ?? '')]);
}

function settingsOfPairs(list: ReadonlyArray<[string, unknown]>): LineSetting[] {
  const out: LineSetting[] = [];
  for (const [name, value] of list) {
    if (NOT_RUN.test(name) || (typeof value !== 'string' && typeof value !== 'number')) continue;
    for (const s of settingsOfPair(name, String(value))) if (!out.some((o) => o.key === s.key)) out.push({ ...s, name });
  }
  return out;
}

/** The leaves of a JSON value as (name, value) pairs (`{"vllm": {"tensor_parallel_size": 2}}`). */
function leaves(value: unknown, out: Array<[string, unknown]>, depth = 0): Array<[string, unknown]> {
  if (value === null || typeof value !== 'object' || depth > 6) return out;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (isJsonObject(v)) leaves(v, out, depth + 1);
    else out.push([k, v]);
  }
  return out;
}

export interface ArgumentDump {
  engine?: Engine;
  settings: LineSetting[];
  kind: 'server arguments' | 'JSON object';
}

/** A server's logged arguments, or a JSON object on one line; undefined when the line is neither. */
export function argumentDumpOf(line: string): ArgumentDump | undefined {
  if (line.length > 20000 || !DUMP_WORDS.test(line)) return undefined;
  for (const d of DUMPS) {
    const m = d.pattern.exec(line);
    if (!m?.[1]) continue;
    const settings = settingsOfPairs(pairs(m[1], d.kind));
    return d.engine ? { engine: d.engine, settings, kind: 'server arguments' } : { settings, kind: 'server arguments' };
  }
  const t = line.trim().replace(/,$/, '');
  if (!t.startsWith('{"') || !t.endsWith('}')) return undefined;
  try {
    const settings = settingsOfPairs(leaves(JSON.parse(t), []));
    return settings.length > 0 ? { settings, kind: 'JSON object' } : undefined;
  } catch {
    return undefined;
  }
}
