/**
 * Servers started in containers: `docker run … vllm/vllm-openai:v0.8.5 --model … --tensor-parallel-size
 * 2` (also podman, nerdctl), and the server arguments a manifest lists (`args:` / `command:` of a
 * Kubernetes container or a compose service). The image names the engine and its version; the
 * words after it are the server's arguments (a launch command); `-e NAME=value` and `--gpus`
 * are settings of the run.
 */
import type { Engine } from '../../model/records';
import { type LaunchCommand, launchFromWords, parseLaunchCommand, shellWords, stripPrompt } from '../launch-command';
import { type EngineVersion, engineOfImage, engineVersionOf } from './engine-version';
import { type LineSetting, settingsOfFlags } from './settings-line';
import { settingsOfPair } from './settings-vocabulary';

const DOCKER_RUN = /(?:^|[\s;&|(])(?:sudo\s+)?(docker|podman|nerdctl)\s+(?:container\s+)?run(?=\s)/;

/** Docker options that take a value as the next word (`-e X=1`, `--gpus all`). */
const WITH_VALUE = new Set([
  '-e',
  '--env',
  '--env-file',
  '-p',
  '--publish',
  '-v',
  '--volume',
  '--mount',
  '--name',
  '--gpus',
  '--shm-size',
  '--ipc',
  '--network',
  '--net',
  '-w',
  '--workdir',
  '--runtime',
  '--entrypoint',
  '--device',
  '-u',
  '--user',
  '--cpus',
  '-m',
  '--memory',
  '--restart',
  '-l',
  '--label',
  '-h',
  '--hostname',
  '--ulimit',
  '--cap-add',
  '--security-opt',
  '--platform',
  '--pull',
  '--add-host',
  '--log-driver',
  '--log-opt',
  '--group-add',
]);

export interface ContainerLaunch {
  launch?: LaunchCommand;
  settings: LineSetting[];
  version?: EngineVersion;
  engine?: Engine;
}

/** Does the line run a container (`docker run`, behind a prompt or `sudo`)? */
export function looksLikeDockerRun(line: string): boolean {
  return line.length <= 8000 && line.indexOf('run') >= 0 && DOCKER_RUN.test(line);
}

/** `--gpus 2`, `--gpus '"device=0,1"'`, `--gpus all` (says nothing). */
function gpusOption(value: string): LineSetting[] {
  const v = value.replace(/^["']+|["']+$/g, '');
  if (/^\d+$/.test(v)) return settingsOfPair('gpus', v).map((s) => ({ ...s, name: '--gpus' }));
  const ids = /device=([\d,]+)/.exec(v)?.[1];
  return ids ? [{ key: 'gpus', value: ids.split(',').length, name: '--gpus' }] : [];
}

/** The engine a server's arguments suggest when no image or launcher names it (vLLM's or SGLang's flag names). */
export function engineOfFlags(words: readonly string[]): Engine | undefined {
  if (words.some((w) => /^--(model-path|tp-size|dp-size|context-length|mem-fraction-static)\b/.test(w))) return 'sglang';
  if (words.some((w) => /^--(tensor-parallel-size|max-model-len|gpu-memory-utilization|served-model-name)\b/.test(w))) return 'vllm';
  return undefined;
}

/**
 * A launch from a server's arguments: a launcher among them (`vllm serve …`, `python3 -m
 * sglang.launch_server …`, also inside `bash -c "…"`), else the image's engine (or the one the
 * flags suggest) with the arguments as they stand.
 */
export function launchFromArgs(words: readonly string[], engine: Engine | undefined, command: string): LaunchCommand | undefined {
  let args = words;
  if ((args[0] === 'bash' || args[0] === 'sh') && args[1] === '-c' && args[2] !== undefined) args = shellWords(args[2]);
  const joined = args.join(' ');
  const launched = parseLaunchCommand(joined);
  if (launched) return { ...launched, command };
  const e = engine ?? engineOfFlags(args);
  if (!e || !args.some((w) => w.startsWith('-'))) return undefined;
  return launchFromWords(e, command, args, e === 'vllm');
}

/** Reads a `docker run` command (continuations joined); undefined when it is not one. */
export function readDockerRun(text: string): ContainerLaunch | undefined {
  const m = DOCKER_RUN.exec(text);
  if (!m) return undefined;
  const command = stripPrompt(text).trim();
  const words = shellWords(text.slice(m.index + m[0].length)).filter((w) => w !== '\\');
  const settings: LineSetting[] = [];
  let k = 0;
  for (; k < words.length; k++) {
    const w = words[k] ?? '';
    if (!w.startsWith('-')) break; // the image
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    const value = eq > 0 ? w.slice(eq + 1) : WITH_VALUE.has(name) ? words[++k] : undefined;
    if (value === undefined) continue;
    if (name === '-e' || name === '--env') {
      const at = value.indexOf('=');
      if (at > 0)
        settings.push(...settingsOfPair(value.slice(0, at), value.slice(at + 1)).map((s) => ({ ...s, name: value.slice(0, at) })));
    } else if (name === '--gpus') settings.push(...gpusOption(value));
  }
  const image = words[k];
  if (image === undefined) return { settings };
  const engine = engineOfImage(image);
  const version = engineVersionOf(` ${image}`);
  const out: ContainerLaunch = { settings };
  if (engine) out.engine = engine;
  if (version) out.version = version;
  const launch = launchFromArgs(words.slice(k + 1), engine, command);
  if (launch) out.launch = launch;
  else settings.push(...settingsOfFlags(words.slice(k + 1)));
  return out;
}
