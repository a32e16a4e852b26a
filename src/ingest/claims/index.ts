/**
 * Claims of a source's prose ("Throughput improves by approximately 15-20% for 30 concurrent
 * requests"), read with the words around them that say which setups and metric they are
 * about. analyze/claims judges them against the comparisons.
 */
export { type ClaimsResult, MAX_LINE_CHARS, readClaims, readClaimsFromPaths } from './read-claims';
