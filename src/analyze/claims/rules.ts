/**
 * The verdict rules of the claims check, as numbers (used by the code) and as plain words
 * (printed by the report under Methodology). Change the two together.
 */

/** Percentage points a claimed change may miss by and still agree (claims are rounded, "~15%"). */
export const CLAIM_TOLERANCE_POINTS = 1;
/** Relative tolerance of a claimed ratio ("2x" agrees with 1.9x … 2.1x). */
export const CLAIM_RATIO_TOLERANCE = 0.05;
/** A "no difference" claim agrees with a mean change within this many points of zero. */
export const CLAIM_SAME_BAND_POINTS = 2;
/** Setups a trend needs (two setups make a comparison, not a trend). */
export const CLAIM_TREND_MIN_SETUPS = 3;
/** Metrics a claim that names none is checked on, first one compared. */
export const CLAIM_DEFAULT_METRICS: readonly string[] = ['throughput_rps', 'output_tps', 'total_tps', 'input_tps'];

/** The rules, one per entry, in plain words (for the report's Methodology section). */
export const CLAIM_RULES: readonly string[] = [
  'Claims are read from the prose of each input (sentences and bullets; never from tables, code blocks, logs or nvidia-smi dumps) and checked only against comparisons built from the runs of the same file.',
  'A claim is matched to a comparison by the words in it and in the lines that introduce it in the same section, then its headings (nearest first): GPU counts ("2 to 4 GPUs"), tensor/pipeline, engine names, think/no-think and OpenAI/native say what is compared; engine, concurrency, preset, GPU, model, context length and max tokens say where. A claim naming no metric is checked on requests/s, or output tokens/s where requests/s were not compared. Comparisons built only on runs suspected of warm-up are used only when nothing else matches.',
  `A claimed change (a percentage, a range such as "15-20%", or values "A → B") agrees when the comparison's change of the means lies inside the claim widened by ${CLAIM_TOLERANCE_POINTS} percentage point on each side; it is overstated when the measured change is smaller than that (or goes the other way), understated when larger. The spread of the repeats is shown beside it but does not change the verdict.`,
  `A claimed ratio ("2x", "twice as fast") agrees when the measured ratio of the means is within ${CLAIM_RATIO_TOLERANCE * 100}% of it; overstated below, understated above.`,
  'A direction ("faster", "slower", "higher") agrees when the mean moved that way and every pair of repeats did too (the range of changes does not cross zero); it is overstated when the mean moved the other way or the repeats do not all agree. Over several matching comparisons (e.g. every multi-GPU preset) it agrees only when each one does, and the row shows the weakest; a hedged claim ("some", "modest", "slightly", "small", "marginal") agrees when every mean moved that way and at least one comparison agrees in full.',
  `"No difference" agrees when the mean change is within ${CLAIM_SAME_BAND_POINTS} points of zero or the repeats straddle zero; "does not help" agrees unless every pair of repeats shows a gain. Otherwise they are understated.`,
  'One engine "scaling better" than another agrees when, at every setting where both were compared on GPU count, its change is the larger one; otherwise it is overstated.',
  'Cannot check: no run of the file, no comparison with the named setups (the row says which side is missing), several comparisons that nothing in the text tells apart (the row says which), a value reached rather than a change (a level), a trend over more setups than a comparison has, or a general statement ("often", "in general", "can").',
];
