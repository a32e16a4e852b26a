/**
 * A llama.cpp command line near a result (`./llama-batched-bench -m models/x.gguf -c 8192 -ngl 99`,
 * `llama-server -m … -np 4`, `./main -m …`): the model file and the settings its flags name.
 * Looked for above a block, within a reach, at a line's start (after a prompt or a quote mark).
 */
import { modelName, shellWords } from '../../launch-command';

export interface LlamaCommand {
  /** 0-based line index of the command. */
  at: number;
  command: string;
  /** The `-m`/`--model` path as written. */
  modelPath?: string;
  /** `-c`/`--ctx-size`. */
  contextLength?: number;
  /** `-np`/`--parallel`: the server's slots. */
  parallel?: number;
  /** Other flags with their values, as written (`-ngl 99` → `ngl: 99`). */
  flags: Record<string, string | number | boolean>;
}

/** The llama.cpp programs whose command lines hold a run's settings. */
const PROGRAM =
  /^\s*(?:>\s*)*(?:[$#%]\s+)?(?:\S+=\S+\s+)*(?:numactl\s+(?:-\S+\s+)*)?(?:\S*\/)?(llama-(?:batched-bench|sweep-bench|server|cli|bench|simple|run)|batched-bench|main|server)(?:\.exe)?\s+(.*)$/;

const LONG: Readonly<Record<string, string>> = {
  '-m': 'model',
  '--model': 'model',
  '-c': 'ctx-size',
  '--ctx-size': 'ctx-size',
  '-np': 'parallel',
  '--parallel': 'parallel',
  '-ngl': 'n-gpu-layers',
  '--gpu-layers': 'n-gpu-layers',
  '--n-gpu-layers': 'n-gpu-layers',
  '-t': 'threads',
  '-b': 'batch-size',
  '-ub': 'ubatch-size',
  '-fa': 'flash-attn',
};

/** The nearest llama.cpp command above line `start` (within `reach` lines) naming a model. */
export function llamaCommandAbove(lines: readonly string[], start: number, reach: number): LlamaCommand | undefined {
  for (let k = start - 1; k >= 0 && k >= start - reach; k--) {
    const line = lines[k] ?? '';
    if (!line.includes('-')) continue;
    const m = PROGRAM.exec(line);
    if (!m) continue;
    const cmd = readFlags(m[2] ?? '', k, line.trim());
    // `main`/`server` alone are common words: only with a model flag are they llama.cpp's.
    if (cmd.modelPath !== undefined || (m[1] ?? '').startsWith('llama-')) return cmd;
  }
  return undefined;
}

function readFlags(args: string, at: number, command: string): LlamaCommand {
  const out: LlamaCommand = { at, command, flags: {} };
  const words = shellWords(args);
  for (let k = 0; k < words.length; k++) {
    const word = words[k] ?? '';
    if (!/^--?[a-zA-Z]/.test(word)) continue;
    const eq = word.indexOf('=');
    const flag = eq > 0 ? word.slice(0, eq) : word;
    const next = words[k + 1];
    let value: string | undefined = eq > 0 ? word.slice(eq + 1) : undefined;
    if (value === undefined && next !== undefined && !/^--?[a-zA-Z]/.test(next) && next !== '\\') {
      value = next;
      k++;
    }
    const name = LONG[flag] ?? flag.replace(/^-+/, '');
    if (name === 'model' && value !== undefined) out.modelPath = value;
    else if (name === 'ctx-size' && value !== undefined && /^\d+$/.test(value)) out.contextLength = Number(value);
    else if (name === 'parallel' && value !== undefined && /^\d+$/.test(value)) out.parallel = Number(value);
    else out.flags[name] = value === undefined ? true : /^-?\d+(?:\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return out;
}

/** The model a run is grouped by: the file's name without `.gguf`. */
export function llamaModelName(path: string): string | undefined {
  return modelName(path.replace(/\.gguf$/i, ''));
}
