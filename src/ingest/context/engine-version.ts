/**
 * Engine versions as logs print them:
 *   - server start lines: `vLLM API server version 0.6.3.post1`, `Initializing a V1 LLM engine
 *     (v0.10.2) with config: …`;
 *   - `vllm version 0.8.5`, `vLLM Version: 0.6.3` (collect_env), `sglang: 0.4.6` (check_env);
 *   - pip: `vllm==0.6.3`, `sglang[all]==0.4.6.post1`, `pip list` rows (`vllm   0.6.3`);
 *   - container images: `vllm/vllm-openai:v0.8.5`, `lmsysorg/sglang:v0.4.6-cu124`;
 *   - the answer on the line after `vllm --version`, `pip show vllm` (`Version: 0.6.3`) or
 *     `python -c "import sglang; print(sglang.__version__)"`.
 * A version is kept as printed, without a local build tag (`+cu124`, `-cu124`, `+g4d7fe40`).
 */
import type { Engine } from '../../model/records';
import { engineOfWord, versionOf } from './settings-vocabulary';

export type VersionSource = 'version line' | 'pip line' | 'image tag';

export interface EngineVersion {
  engine: Engine;
  version: string;
  source: VersionSource;
}

const SERVER_VERSION = /\bvLLM API server version:?\s+(v?\d\S*)/i;
const ENGINE_INIT = /\bInitializing an? (?:V\d )?LLM engine \((v?\d[^)\s]*)\)/;
const NAME_VERSION = /(?:^|[\s[(|])(vllm|sglang)(?:\[[\w,-]+\])?(?:\s*==\s*|\s+version\s*:?\s*|\s*:\s+)(v?\d+\.\d+[\w.+-]*)/i;
const PIP_LIST = /^\s*(vllm|sglang)\s{2,}(v?\d+\.\d+\S*)\s*$/i;
/** `repo/vllm-openai:v0.8.5`, `lmsysorg/sglang:v0.4.6-cu124` (the last path part names the engine). */
const IMAGE = /(?:^|[\s"'=])((?:[\w.-]+(?::\d+)?\/)*([\w.-]*(?:vllm|sglang)[\w.-]*)):(v?\d+\.\d+[\w.+-]*)/i;
const ASKED =
  /\b(vllm|sglang)\s+(?:--version|-V)\b|\bimport\s+(vllm|sglang)\b.*__version__|\bpip3?\s+show\s+(vllm|sglang)\b|^\s*Name:\s*(vllm|sglang)\s*$/i;
const ANSWER = /^\s*(?:Version:\s*)?(v?\d+\.\d+(?:\.\d+)?[\w.+-]*)\s*$/;

/** An engine's version a line states; undefined when it states none. */
export function engineVersionOf(line: string): EngineVersion | undefined {
  if (line.length > 2000 || !/\d\.\d/.test(line)) return undefined;
  let m = SERVER_VERSION.exec(line) ?? ENGINE_INIT.exec(line);
  if (m?.[1]) {
    const version = versionOf(m[1]);
    return version ? { engine: 'vllm', version, source: 'version line' } : undefined;
  }
  m = IMAGE.exec(line);
  if (m?.[2] && m[3]) {
    const engine = engineOfWord(m[2].replace(/^.*?(vllm|sglang)/i, '$1'));
    const version = versionOf(m[3]);
    if (engine && version) return { engine, version, source: 'image tag' };
  }
  m = NAME_VERSION.exec(line) ?? PIP_LIST.exec(line);
  if (m?.[1] && m[2]) {
    const engine = engineOfWord(m[1]);
    const version = versionOf(m[2]);
    if (engine && version) return { engine, version, source: /==|^\s*\w+\s{2,}/.test(m[0].trimStart()) ? 'pip line' : 'version line' };
  }
  return undefined;
}

/** The engine whose version the next line will print (`vllm --version`, `pip show sglang`). */
export function versionAskedOf(line: string): Engine | undefined {
  if (line.length > 1000) return undefined;
  const m = ASKED.exec(line);
  const name = m?.[1] ?? m?.[2] ?? m?.[3] ?? m?.[4];
  return name ? engineOfWord(name) : undefined;
}

/** A bare version line (`0.8.5`, `Version: 0.6.3`): the answer to a version asked above. */
export function versionAnswerOf(line: string): string | undefined {
  const m = ANSWER.exec(line);
  return m?.[1] ? versionOf(m[1]) : undefined;
}

/** The engine a container image reference names (`vllm/vllm-openai:latest`, `lmsysorg/sglang`). */
export function engineOfImage(ref: string): Engine | undefined {
  const name = ref
    .trim()
    .replace(/^["']|["']$/g, '')
    .split(/[:@]/)[0]
    ?.split('/')
    .pop();
  if (!name) return undefined;
  if (/vllm/i.test(name)) return 'vllm';
  if (/sglang/i.test(name)) return 'sglang';
  if (/text-generation-inference|^tgi$/i.test(name)) return 'tgi';
  return undefined;
}
