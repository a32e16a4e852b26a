/**
 * The columns of lmdeploy's benchmark tables: the CSV its scripts write (`--csv`) and the same
 * columns as its docs and issues paste them in Markdown:
 *   profile_throughput / profile_restful_api (2023-2024): `batch,num_promts,RPS,RPM,FTL(ave)(s),
 *     FTL(min)(s),FTL(max)(s),50%(s),75%(s),95%(s),99%(s),throughput(out tok/s),throughput(total tok/s)`
 *   profile_generation: `batch,prompt_tokens,completion_tokens,throughput(total tok/s),
 *     throughput(out tok/s),mem(GB),FTL(ave)(s),FTL(min)(s),FTL(max)(s),50%(s),…,99%(s)`
 *     (earlier `1st_token_latency(min)(s)`, `percentile50(s)`, `throughput(token/s)`)
 *   Profiler.save_csv (2025): the run's settings (`Concurrency`, …), then `RPS,RPM,FTL(ave)(s),…`
 * Read from InternLM/lmdeploy's benchmark/*.py and lmdeploy/profiler.py history.
 *
 * Their meaning is lmdeploy's: `batch` is the client's concurrency; FTL is the first-token
 * latency (TTFT); the bare percentiles are those of the per-token latency, the gaps between
 * consecutive tokens of all requests pooled (ITL, as the console blocks say it:
 * lmdeploy-profile.ts); a fixed prompt and completion length are the client's. A table with
 * these columns is a result of lmdeploy's engine.
 */

/** Header (trimmed, lower case) → meaning (a metric key, or a context field). */
const COLUMNS: ReadonlyArray<[RegExp, string]> = [
  [/^batch$/, 'client.concurrency'],
  [/^num_prom(p)?ts$/, 'client.total_requests'],
  [/^prompt_tokens$/, 'client.input_len'],
  [/^completion_tokens$/, 'client.output_len'],
  [/^rps$/, 'throughput_rps'],
  [/^(?:ftl|1st_token_latency)\((?:ave|avg|mean)\)\(s\)$/, 'ttft_mean_ms'],
  [/^(?:ftl|1st_token_latency)\(min\)\(s\)$/, 'ttft_min_ms'],
  [/^(?:ftl|1st_token_latency)\(max\)\(s\)$/, 'ttft_max_ms'],
  [/^(?:percentile)?50%?\(s\)$/, 'itl_p50_ms'],
  [/^(?:percentile)?75%?\(s\)$/, 'itl_p75_ms'],
  [/^(?:percentile)?95%?\(s\)$/, 'itl_p95_ms'],
  [/^(?:percentile)?99%?\(s\)$/, 'itl_p99_ms'],
  [/^throughput\(out tok\/s\)$|^throughput\(token\/s\)$|^output token thr\(tokens\/s\)?$/, 'output_tps'],
  [/^throughput\(total tok\/s\)$|^total token thr\(token\/s\)$/, 'total_tps'],
];

/** A header only lmdeploy's tables have: the abbreviated first-token latency with its statistic. */
const SIGNATURE = /^(?:ftl|1st_token_latency)\((?:ave|avg|mean|min|max)\)\(s\)$/;

/** The column map of an lmdeploy table (header as written → meaning), or undefined for another table. */
export function lmdeployColumnMap(header: readonly string[]): Record<string, string> | undefined {
  const norm = header.map((h) => h.trim().toLowerCase());
  if (!norm.some((h) => SIGNATURE.test(h))) return undefined;
  const map: Record<string, string> = {};
  header.forEach((h, k) => {
    const target = COLUMNS.find(([re]) => re.test(norm[k] ?? ''))?.[1];
    if (target) map[h.trim()] = target;
  });
  return map;
}

export const LMDEPLOY_TABLE_ENGINE = 'lmdeploy' as const;
export const LMDEPLOY_TABLE_NOTE = "lmdeploy benchmark table (its columns: FTL, per-token latency percentiles, 'batch')";
