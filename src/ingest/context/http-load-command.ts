/**
 * The command lines of general HTTP load tools: `wrk -t4 -c64 -d30s [--latency] URL` (wrk2
 * adds `-R 2000`), `hey -n 1000 -c 50 URL`, `oha -n 1000 -c 50 [-q 10] URL`,
 * `go-stress-testing -c 1 -n 100 -u URL`, `k6 run --vus 20 --iterations 400 script.js`,
 * `locust -f locustfile.py --headless -u 50 -r 5 -H URL`, `ab -n 1000 -c 10 URL`, `h2load -n 1000 -c 10 URL`,
 * `ghz -c 50 -n 2000 [--rps 100] …`, `vegeta attack -rate=50/s -duration=30s`, `bombardier -c 125 -n 10000 URL`,
 * `siege -c 25 -r 10 URL`. Short flags may carry their value glued (`-c64`),
 * long ones after `=`; the URL is a positional word (go-stress: `-u`). Boolean flags
 * (`--latency`, `--no-tui`) never take the next word, because only the flags below are read.
 */
import type { ClientSettings } from '../../model/records';

export type HttpLoadTool =
  | 'wrk'
  | 'hey'
  | 'oha'
  | 'go-stress'
  | 'k6'
  | 'locust'
  | 'ab'
  | 'h2load'
  | 'ghz'
  | 'vegeta'
  | 'bombardier'
  | 'siege';

interface Spec {
  concurrency: readonly string[];
  /** Requests in all (hey, oha). */
  total?: readonly string[];
  /** Requests per goroutine (go-stress-testing: its total is `-c` × `-n`). */
  perWorker?: readonly string[];
  /** Requests per second for the whole run (wrk2 `-R`, oha `-q`); hey's `-q` is per worker, not read. */
  rate?: readonly string[];
  url?: readonly string[];
  /**
   * Requests each client keeps in flight (h2load's `-m`: streams per HTTP/2 connection, requests
   * pipelined over HTTP/1.1): the concurrency is the clients times this.
   */
  streams?: readonly string[];
}

const SPECS: Readonly<Record<HttpLoadTool, Spec>> = {
  wrk: { concurrency: ['-c', '--connections'], rate: ['-R', '--rate'] },
  hey: { concurrency: ['-c'], total: ['-n'] },
  oha: { concurrency: ['-c'], total: ['-n'], rate: ['-q'] },
  'go-stress': { concurrency: ['-c'], perWorker: ['-n'], url: ['-u'] },
  // k6's virtual users and its iterations in all; locust's users (`-r` is its spawn rate, not a request rate).
  k6: { concurrency: ['--vus', '-u'], total: ['--iterations', '-i'] },
  locust: { concurrency: ['-u', '--users'], total: ['-i', '--iterations'], url: ['-H', '--host'] },
  // ApacheBench: `ab -n 1000 -c 10 URL`.
  ab: { concurrency: ['-c'], total: ['-n'] },
  // h2load's `-r`/`--rate` starts connections, not requests: not read.
  h2load: { concurrency: ['-c', '--clients'], total: ['-n', '--requests'], streams: ['-m', '--max-concurrent-streams'] },
  ghz: { concurrency: ['-c', '--concurrency'], total: ['-n', '--total'], rate: ['-r', '--rps'] },
  // vegeta's `-rate=50/1s` (a per-period rate) is read by vegetaRate.
  vegeta: { concurrency: [], rate: ['-rate', '--rate'] },
  bombardier: { concurrency: ['-c', '--connections'], total: ['-n', '--requests'], rate: ['-r', '--rate'] },
  // siege's `-r` is repetitions per simulated user: its total is `-c` × `-r`.
  siege: { concurrency: ['-c', '--concurrent'], perWorker: ['-r', '--reps'] },
};

const URL_WORD = /^['"]?(https?:\/\/[^'"\s]+)['"]?$/;

/** The value each named flag was given, by its first spelling in `names` found, and the spelling. */
function flagValue(words: readonly string[], names: readonly string[] | undefined): { value: string; flag: string } | undefined {
  if (!names) return undefined;
  for (let k = 0; k < words.length; k++) {
    const w = words[k] ?? '';
    for (const name of names) {
      if (w === name && k + 1 < words.length) return { value: words[k + 1] ?? '', flag: name };
      if (w.startsWith(`${name}=`)) return { value: w.slice(name.length + 1), flag: name };
      // `-c64`: a short flag with its value glued on.
      if (name.length === 2 && w.length > 2 && w.startsWith(name) && /^\d/.test(w.slice(2))) return { value: w.slice(2), flag: name };
    }
  }
  return undefined;
}

const PERIOD: Readonly<Record<string, number>> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** `2000`, or vegeta's `50/s`, `50/1s`, `1000/1m` → requests per second; 0 (vegeta: no limit) is none. */
function ratePerSecond(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(?:\/(\d*)(ns|us|µs|ms|s|m|h))?$/.exec(text);
  if (!m || Number(m[1]) <= 0) return undefined;
  const period = m[3] === undefined ? 1 : Number(m[2] || '1') * (PERIOD[m[3]] ?? Number.NaN);
  const r = Number(m[1]) / period;
  return Number.isFinite(r) && r > 0 ? Number(r.toPrecision(12)) : undefined;
}

function whole(text: string | undefined): number | undefined {
  return text !== undefined && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}

/** Client settings of an HTTP load tool's command (`words`: the command's words, the tool's first). */
export function readHttpLoadCommand(
  tool: HttpLoadTool,
  words: readonly string[],
): { client: ClientSettings; fields: Record<string, string> } {
  const spec = SPECS[tool];
  const client: ClientSettings = {};
  const fields: Record<string, string> = {};
  const concurrency = flagValue(words, spec.concurrency);
  const c = whole(concurrency?.value);
  if (c !== undefined && concurrency) {
    client.concurrency = c;
    fields.concurrency = concurrency.flag;
    const streams = flagValue(words, spec.streams);
    const m = whole(streams?.value);
    if (m !== undefined && m > 1 && streams) {
      client.concurrency = c * m;
      fields.concurrency = `${concurrency.flag} ${c} × ${streams.flag} ${m}: clients × requests in flight on each, inferred`;
    }
  }
  const total = flagValue(words, spec.total);
  const perWorker = flagValue(words, spec.perWorker);
  if (whole(total?.value) !== undefined && total) {
    client.total_requests = whole(total.value);
    fields.total_requests = total.flag;
  } else if (c !== undefined && whole(perWorker?.value) !== undefined && perWorker) {
    client.total_requests = c * (whole(perWorker.value) ?? 0);
    fields.total_requests = `-c × ${perWorker.flag} (requests per worker)`;
  }
  const rate = flagValue(words, spec.rate);
  const perSecond = rate ? ratePerSecond(rate.value) : undefined;
  if (rate && perSecond !== undefined) {
    client.request_rate = perSecond;
    fields.request_rate = rate.flag;
  }
  const named = flagValue(words, spec.url);
  const url = named ? URL_WORD.exec(named.value)?.[1] : words.map((w) => URL_WORD.exec(w)?.[1]).find((u) => u !== undefined);
  if (url !== undefined) {
    client.url = url;
    fields.url = named ? named.flag : 'the URL argument';
  }
  return { client, fields };
}

/** Words that belong to a command when they come before the tool's name: what it runs through. */
const COMMAND_PART = /^(?:[A-Za-z_][A-Za-z0-9_]*=\S*|sudo|nohup|time|env|exec|nice|timeout|stdbuf|uv|run|-[A-Za-z][\w-]*|\d+[smh]?)$/;
/** A container a command runs in: `docker exec -e X=1 box`, `kubectl exec -it pod --` (a regex's source). */
export const CONTAINER_EXEC = String.raw`(?:docker|podman)\s+exec(?:\s+(?:-e\s+\S+|--env[= ]\S+|-\w+|--[\w-]+=\S+))*\s+[\w.-]+|kubectl\s+exec\s+.*?\s--`;
const EXEC_PREFIX = new RegExp(String.raw`(?:^|\s)(${CONTAINER_EXEC})\s+$`);

/**
 * The command in `text`, whose tool's name starts at `toolIndex`: from the tool's word (a path
 * to it included), or from the words before it that belong to the command (env assignments,
 * `sudo`, `time`, a container's exec). Whatever comes before those is the prompt it was typed
 * at, in any style: `$ `, `user@host:~$ `, `(venv) $ `, zsh's `% ` and `~ `, oh-my-zsh's
 * `➜  dir git:(main) ✗ `, a trace's `+ `. Undefined when the tool reads a pipe (`echo … |
 * vegeta attack`): the pipe's start is not told apart from a prompt.
 */
export function httpLoadCommandText(text: string, toolIndex: number): string | undefined {
  let start = toolIndex;
  while (start > 0 && !/\s/.test(text[start - 1] ?? '')) start--;
  const exec = EXEC_PREFIX.exec(text.slice(0, start));
  if (exec?.[1] !== undefined) start = (exec.index ?? 0) + exec[0].indexOf(exec[1]);
  for (;;) {
    const m = /(\S+)\s+$/.exec(text.slice(0, start));
    if (!m?.[1]) break;
    if (m[1] === '|') return undefined;
    if (!COMMAND_PART.test(m[1])) break;
    start = m.index;
  }
  return text.slice(start).trim();
}
