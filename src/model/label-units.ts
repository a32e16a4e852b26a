/**
 * Units as logs print them, by what they measure: a time (`ms`, `usec`), a rate of tokens or of
 * requests (`tok/s`, `T/s`, `infer/sec`, `[#/sec]`), a time per token (`ms/token`), a count, a share.
 */
/** Time units a label or a cell may print, in seconds. */
const TIME: Record<string, number> = {
  ns: 1e-9,
  nanoseconds: 1e-9,
  us: 1e-6,
  usec: 1e-6,
  usecs: 1e-6,
  nsec: 1e-9,
  µs: 1e-6,
  μs: 1e-6,
  microsecond: 1e-6,
  microseconds: 1e-6,
  nanosecond: 1e-9,
  ms: 1e-3,
  msec: 1e-3,
  millis: 1e-3,
  // awscurl's `totalTimeMills`.
  mills: 1e-3,
  millisecond: 1e-3,
  milliseconds: 1e-3,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  m: 60,
};

/** Seconds in one printed time unit (`ms`, `µs`, `seconds`, `m`); undefined for anything else. */
export function secondsOfTimeUnit(unit: string): number | undefined {
  const u = unit.toLowerCase();
  return Object.hasOwn(TIME, u) ? TIME[u] : undefined;
}

export type UnitClass =
  | { kind: 'time'; seconds: number }
  | { kind: 'rate'; of: 'tok' | 'req' | 'any'; perSecond: number; perUser: boolean }
  | { kind: 'count'; of?: 'tok' }
  /** `ms/token`, `ms per token`, `ms/t`: the time one token takes. */
  | { kind: 'token-time'; seconds: number }
  | { kind: 'pct' }
  | { kind: 'other' };

/** What a printed unit is: `ms`, `tok/s`, `requests/sec`, `tokens/sec/user`, `%`, `tokens`. */
export function classifyUnit(unit: string): UnitClass {
  // `[ms]`, `[#/sec]` (ApacheBench): the brackets only set the unit off.
  const u = unit
    .trim()
    .toLowerCase()
    .replace(/^\[\s*(.*?)\s*\]$/, '$1')
    .replace(/\.$/, '');
  const t = secondsOfTimeUnit(u);
  if (t !== undefined) return { kind: 'time', seconds: t };
  if (u === '%' || u === 'pct' || u === 'percent') return { kind: 'pct' };
  if (/^(tokens?|toks?|token\(s\))$/.test(u)) return { kind: 'count', of: 'tok' };
  if (/^(requests?|reqs?|count|#)$/.test(u)) return { kind: 'count' };
  if (/^(rps|qps|req\/s)$/.test(u)) return { kind: 'rate', of: 'req', perSecond: 1, perUser: false };
  if (u === 'tps') return { kind: 'rate', of: 'tok', perSecond: 1, perUser: false };
  if (/^per (s|sec|second)$/.test(u)) return { kind: 'rate', of: 'any', perSecond: 1, perUser: false };
  const perToken = /^([a-zµμ]+)\s*(?:\/|per)\s*(?:t|tok|token)$/.exec(u);
  const tokenSeconds = perToken?.[1] === undefined ? undefined : secondsOfTimeUnit(perToken[1]);
  if (tokenSeconds !== undefined) return { kind: 'token-time', seconds: tokenSeconds };
  return rateUnit(u) ?? { kind: 'other' };
}

/** `tok/s`, `T/s`, `infer/sec`, `#/sec`, `tokens/req/s`, `requests per minute`, `tokens/sec/user`. */
function rateUnit(u: string): UnitClass | undefined {
  const r =
    /^(t|tok|toks|tokens?|req|reqs|requests?|infer|inferences?|quer(?:y|ies)|items?|#)?\s*(?:\/\s*(req|request|user)\s*)?\/\s*(s|sec|secs|second|min|minute)(?:\s*\/\s*(user|req|request))?$/.exec(
      u,
    );
  const perWords = /^(tokens?|requests?) per (second|minute)$/.exec(u);
  if (!r && !perWords) return undefined;
  const what = r?.[1] ?? perWords?.[1] ?? '';
  const per = r?.[3] ?? perWords?.[2] ?? 's';
  const of = /^t/.test(what) ? 'tok' : /^(req|quer|infer)/.test(what) ? 'req' : 'any';
  const perUser = r?.[2] !== undefined || r?.[4] !== undefined;
  return { kind: 'rate', of, perSecond: /^min/.test(per) ? 1 / 60 : 1, perUser };
}
