/**
 * The command lines of general HTTP load tools: `wrk -t4 -c64 -d30s [--latency] URL` (wrk2
 * adds `-R 2000`), `hey -n 1000 -c 50 URL`, `oha -n 1000 -c 50 [-q 10] URL`,
 * `go-stress-testing -c 1 -n 100 -u URL`, `k6 run --vus 20 --iterations 400 script.js`,
 * `locust -f locustfile.py --headless -u 50 -r 5 -H URL`, `ab -n 1000 -c 10 URL`. Short flags may carry their value glued (`-c64`),
 * long ones after `=`; the URL is a positional word (go-stress: `-u`). Boolean flags
 * (`--latency`, `--no-tui`) never take the next word, because only the flags below are read.
 */
import type { ClientSettings } from '../../model/records';

export type HttpLoadTool = 'wrk' | 'hey' | 'oha' | 'go-stress' | 'k6' | 'locust' | 'ab';

interface Spec {
  concurrency: readonly string[];
  /** Requests in all (hey, oha). */
  total?: readonly string[];
  /** Requests per goroutine (go-stress-testing: its total is `-c` × `-n`). */
  perWorker?: readonly string[];
  /** Requests per second for the whole run (wrk2 `-R`, oha `-q`); hey's `-q` is per worker, not read. */
  rate?: readonly string[];
  url?: readonly string[];
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
  }
  const total = flagValue(words, spec.total);
  const perWorker = flagValue(words, spec.perWorker);
  if (whole(total?.value) !== undefined && total) {
    client.total_requests = whole(total.value);
    fields.total_requests = total.flag;
  } else if (c !== undefined && whole(perWorker?.value) !== undefined && perWorker) {
    client.total_requests = c * (whole(perWorker.value) ?? 0);
    fields.total_requests = `-c × ${perWorker.flag} (requests per goroutine)`;
  }
  const rate = flagValue(words, spec.rate);
  if (rate && /^\d+(?:\.\d+)?$/.test(rate.value)) {
    client.request_rate = Number(rate.value);
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
