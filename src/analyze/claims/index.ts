/** The claims check: claims read from a source's prose (ingest/claims) judged against the comparisons. */
export { checkClaims } from './check-claims';
export {
  CLAIM_DEFAULT_METRICS,
  CLAIM_RATIO_TOLERANCE,
  CLAIM_RULES,
  CLAIM_SAME_BAND_POINTS,
  CLAIM_TOLERANCE_POINTS,
  CLAIM_TREND_MIN_SETUPS,
} from './rules';
