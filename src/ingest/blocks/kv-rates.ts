/**
 * Rates whose label does not say what they count, placed by the block itself:
 *   - `tps` is "tokens per second" or "transactions per second": beside a rate that names
 *     tokens (awscurl's `tokenThroughput`), it is the requests' rate;
 *   - `Tokens/min`, `throughput`, `tokens_per_min` left as slugs (the direction they would be
 *     read in is taken) are the total or output token rate, or the request rate, when their
 *     value is exactly that figure of the block (input + output rate, tokens ÷ duration,
 *     requests ÷ duration, within 0.5 %). Each placement says why in the provenance.
 */
import { meaningAsOutputRate, splitLabel } from '../../model/label-meaning';
import { classifyUnit } from '../../model/label-units';
import { applyFactor, unknownMetricKey } from '../../model/metric-vocabulary';
import { setOwn } from '../../model/safe-keys';
import type { PartialRun } from '../types';
import type { Read } from './kv-run';

const TOKEN_WORD = /tok/i;

/** `tps` read as the output token rate while another key of the block names a token rate: the request rate. */
export function transactionsPerSecond(reads: readonly Read[]): void {
  const tps = reads.find((x) => x.r.label.trim().toLowerCase() === 'tps' && x.meaning?.kind === 'metric' && x.meaning.key === 'output_tps');
  if (!tps) return;
  const tokens = reads.find(
    (x) => x !== tps && TOKEN_WORD.test(x.r.label) && x.meaning?.kind === 'metric' && /^(output|total)_tps$/.test(x.meaning.key),
  );
  const namedTokens = tokens ?? reads.find((x) => x !== tps && TOKEN_WORD.test(x.r.label) && meaningAsOutputRate(x.r.label) !== undefined);
  if (!namedTokens) return;
  tps.meaning = { kind: 'metric', key: 'throughput_rps', factor: 1 };
  tps.note = `"tps" beside "${namedTokens.r.key}" (a token rate): transactions, i.e. requests, per second`;
  if (namedTokens.meaning === undefined) {
    const m = meaningAsOutputRate(namedTokens.r.label);
    if (m?.kind === 'metric') {
      namedTokens.meaning = m;
      namedTokens.note = `"${namedTokens.r.key}" names no direction: read as generated (output) tokens`;
    }
  }
}

/** Names of the rate a load tool sends at (a setting), when the block measures another. */
const OFFERED_RATE = /^(qps|target qps|request rate|target (request )?rate|offered (load|rate))$/i;

function requestRate(x: Read): boolean {
  if (x.value === undefined || !x.unit) return false;
  const u = classifyUnit(x.unit);
  return u.kind === 'rate' && u.of === 'req';
}

/**
 * `QPS: 3.0000 reqs/s` beside `Processing speed: 2.9334 reqs/s` (LMBenchmark): two request
 * rates in one block, one named as the rate to send: that one is the offered load
 * (client.request_rate), the other (only one) the achieved request rate.
 */
export function offeredRequestRate(reads: readonly Read[]): void {
  const offered = reads.find((x) => OFFERED_RATE.test(x.r.label.trim()) && requestRate(x));
  if (!offered) return;
  // The other request rate, named by its unit alone or by no more than the unit says.
  const measured = reads.filter(
    (x) =>
      x !== offered && requestRate(x) && (x.meaning === undefined || (x.meaning.kind === 'metric' && x.meaning.key === 'throughput_rps')),
  );
  const [achieved] = measured;
  if (measured.length !== 1 || !achieved) return;
  offered.meaning = { kind: 'client', key: 'request_rate' };
  achieved.meaning = { kind: 'metric', key: 'throughput_rps', factor: 1 };
  achieved.note = `beside "${offered.r.key}" (the rate requests were sent at), the request rate achieved`;
}

/** Per-second factor of a rate label (`Tokens/min` → 1/60), 1 when it names no time. */
function perSecond(label: string): number {
  const split = splitLabel(label);
  return split?.symbols.has('PERMIN') ? 1 / 60 : 1;
}

function near(a: number, b: number): boolean {
  return b > 0 && Math.abs(a - b) <= 0.005 * b;
}

/** The block's figures a rate may be, with how each is made. */
function candidates(m: Record<string, number>): Array<{ key: string; value: number; how: string }> {
  const out: Array<{ key: string; value: number; how: string }> = [];
  const { input_tps: inTps, output_tps: outTps, input_tokens: inTok, output_tokens: outTok, duration_s: dur } = m;
  const ok = m.requests_ok_count;
  if (inTps !== undefined && outTps !== undefined)
    out.push({ key: 'total_tps', value: inTps + outTps, how: 'the input + output token rates' });
  if (dur !== undefined && dur > 0) {
    if (outTok !== undefined) out.push({ key: 'output_tps', value: outTok / dur, how: 'output tokens ÷ duration' });
    if (inTok !== undefined && outTok !== undefined)
      out.push({ key: 'total_tps', value: (inTok + outTok) / dur, how: '(input + output tokens) ÷ duration' });
    if (ok !== undefined) out.push({ key: 'throughput_rps', value: ok / dur, how: 'successful requests ÷ duration' });
  }
  return out;
}

const RATE_LABEL = /throughput|tps|tok(en)?s?\b.*\b(min|minute|sec|second|s)\b|per[ _](min|sec|second)/i;

/** Slug rates placed where the block's arithmetic says they belong (see the file comment). */
export function placeRatesByArithmetic(run: PartialRun, reads: readonly Read[]): void {
  for (const x of reads) {
    if (x.value === undefined || x.unit === null || (x.meaning?.kind === 'metric' && !Object.hasOwn(run.metrics, x.meaning.key))) continue;
    if (x.meaning?.kind === 'client' || !RATE_LABEL.test(x.r.label)) continue;
    const slug = unknownMetricKey(x.r.stat ? `${x.r.label} ${x.r.stat}` : x.r.label, x.unit);
    if (run.metrics[slug] !== x.value) continue;
    const value = applyFactor(x.value, perSecond(x.r.label));
    const hit = candidates(run.metrics).find((c) => !Object.hasOwn(run.metrics, c.key) && near(value, c.value));
    if (!hit) continue;
    delete run.metrics[slug];
    setOwn(run.metrics, hit.key, value);
    run.provenance[`metrics.${hit.key}`] =
      `"${x.r.key}: ${x.r.value}" at line ${x.r.index + 1} names no direction; it equals ${hit.how} (${hit.value.toPrecision(6)})`;
  }
}

/**
 * `Number of total requests: 656` with `Success Rate (Percent): 100.00`: the successful
 * requests are the total times the rate, when that is a whole number (the rate printed exactly).
 */
export function okFromSuccessRate(run: PartialRun): void {
  const total = run.client?.total_requests;
  if (total === undefined || Object.hasOwn(run.metrics, 'requests_ok_count')) return;
  const key = Object.keys(run.metrics).find((k) => /^success(_rate)?_(percent|pct)$/.test(k));
  const pct = key === undefined ? undefined : run.metrics[key];
  if (pct === undefined || pct < 0 || pct > 100) return;
  const ok = (total * pct) / 100;
  if (Math.abs(ok - Math.round(ok)) > 1e-6) return;
  setOwn(run.metrics, 'requests_ok_count', Math.round(ok));
  run.provenance['metrics.requests_ok_count'] = `${total} requests × ${pct} % successful ("${key}")`;
}
