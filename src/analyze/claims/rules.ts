/**
 * The verdict rules of the claims check, as numbers (used by the code) and as plain words
 * (printed by the report under Methodology). Change the two together.
 */

/** Percentage points a claimed change is widened by (claims are rounded, "~15%"). */
export const CLAIM_TOLERANCE_POINTS = 1;
/** Relative tolerance of a claimed ratio ("2x" covers 1.9x … 2.1x). */
export const CLAIM_RATIO_TOLERANCE = 0.05;
/** A "no difference" claim is consistent with an interval that reaches within this many points of zero. */
export const CLAIM_SAME_BAND_POINTS = 2;
/** Setups a trend needs (two setups make a comparison, not a trend). */
export const CLAIM_TREND_MIN_SETUPS = 3;
/** Metrics a claim that names none is checked on, first one compared. */
export const CLAIM_DEFAULT_METRICS: readonly string[] = ['throughput_rps', 'output_tps', 'total_tps', 'input_tps'];

/** The rules, one per entry, in plain words (for the report's Methodology section). */
export const CLAIM_RULES: readonly string[] = [
  'Claims are read from the prose of each input (sentences and bullets; never from tables, code blocks, logs or nvidia-smi dumps) and checked only against comparisons built from the runs of the same file.',
  'A claim is matched to a comparison by the words in it and in the lines that introduce it in the same section, then its headings (nearest first): GPU counts ("2 to 4 GPUs"), tensor/pipeline, engine names, think/no-think and OpenAI/native say what is compared; engine, concurrency, preset, GPU, model, context length and max tokens say where. A claim naming no metric is checked on requests/s, or output tokens/s where requests/s were not compared. Comparisons built only on runs suspected of warm-up are used only when nothing else matches.',
  `Verdicts use the 95% interval of the comparison's change (Methodology, "95% interval"). A claimed change (a percentage, a range such as "15-20%", or values "A → B"), widened by ${CLAIM_TOLERANCE_POINTS} percentage point on each side, is consistent when it reaches inside the interval and contradicted when it lies wholly outside it (the row says whether the data shows a smaller, a larger or an opposite change).`,
  `A claimed ratio ("2x", "twice as fast") is widened by ${CLAIM_RATIO_TOLERANCE * 100}% and judged the same way.`,
  'A direction ("faster", "slower", "higher") is consistent when the whole interval lies that way, contradicted when the whole interval lies the other way, and unresolved when the interval includes no change. Over several matching comparisons (e.g. every multi-GPU preset) the worst verdict decides and the row shows that comparison; a hedged claim ("some", "modest", "slightly", "small", "marginal") is consistent when every mean moved that way and at least one whole interval did.',
  `"No difference" is consistent when the interval reaches within ${CLAIM_SAME_BAND_POINTS} points of zero; "does not help" is consistent unless the whole interval is a gain. Otherwise they are contradicted.`,
  'Noise unknown: a side of the comparison has a single run, so its noise, and the interval, are unknown: the row gives the measured change but no verdict it cannot support.',
  'One engine "scaling better" than another is consistent when, at every setting where both were compared on GPU count, its change is the larger one; otherwise it is contradicted.',
  'Cannot check: no run of the file, no comparison with the named setups (the row says which side is missing), several comparisons that nothing in the text tells apart (the row says which), a value reached rather than a change (a level), a trend over more setups than a comparison has, or a general statement ("often", "in general", "can").',
];
