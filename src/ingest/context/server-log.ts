/**
 * A serving engine's own start-up lines pasted into a log: they say which engine served the
 * benchmark and on which port, when the log holds no launch command (`INFO 08-27 15:13:36
 * [api_server.py:1081] Starting vLLM API server on http://127.0.0.1:8000`, SGLang's `The server
 * is fired up and ready to roll!`).
 */
import type { Engine } from '../../model/records';

export interface ServerLogLine {
  engine: Engine;
  port?: number;
  /** The words that say it, for provenance. */
  text: string;
}

const VLLM_START = /\bStarting vLLM API server(?:\s+\d+)?\s+on\s+(https?:\/\/[^\s,;]+)/;
const VLLM_VERSION = /\bvLLM API server version\b/;
const SGLANG_READY = /\bThe server is fired up and ready to roll!/;

function portOf(url: string): number | undefined {
  const m = /^[a-z]+:\/\/[^/:]+:(\d+)/i.exec(url);
  return m?.[1] ? Number(m[1]) : undefined;
}

/** The server a log line shows starting, or undefined. */
export function serverOfLogLine(line: string): ServerLogLine | undefined {
  if (line.length > 2000 || (line.indexOf('vLLM') < 0 && line.indexOf('fired up') < 0)) return undefined;
  const start = VLLM_START.exec(line);
  if (start?.[1]) {
    const port = portOf(start[1]);
    return { engine: 'vllm', ...(port !== undefined ? { port } : {}), text: start[0] };
  }
  const version = VLLM_VERSION.exec(line);
  if (version) return { engine: 'vllm', text: version[0] };
  const ready = SGLANG_READY.exec(line);
  return ready ? { engine: 'sglang', text: ready[0] } : undefined;
}
