/**
 * A claim as read from a source's prose (ingest/claims), before it is judged against the
 * data (analyze/claims): what the sentence states, and the words around it that say which
 * setups and metric it is about. Plain JSON; the text in it is untrusted.
 */

/**
 * Which way a claim says a metric moved. `better`/`worse` depend on the metric (lower latency
 * is better); `up`/`down` do not. `same`: no difference; `not-better`: "doesn't help";
 * `not-worse`: "no slowdown".
 */
export type ClaimDirection = 'up' | 'down' | 'better' | 'worse' | 'same' | 'not-better' | 'not-worse';

/**
 * - `change`: a percentage change ("15-20%", "~-0.6% speedup"), maybe with the values behind it;
 * - `ratio`: "2x", "1.5 times faster", "twice as fast";
 * - `values`: "10.78 req/s → 20.27 req/s" with no percentage;
 * - `direction`: "faster", "slower", "the same" without a size;
 * - `scaling`: one engine "scales more efficiently" than another;
 * - `trend`: "decreases as concurrency rises" (needs more than two setups);
 * - `level`: a value reached, not a change ("stabilized at approximately 950").
 */
export type ClaimKind = 'change' | 'ratio' | 'values' | 'direction' | 'scaling' | 'trend' | 'level';

/** Setups a piece of text names, by group key; several values are compared or alternatives. */
export interface ClaimSettings {
  engine?: string[];
  gpus?: number[];
  /** "single GPU" (1), "multi-GPU setups" (more than 1). */
  gpu_scope?: Array<'single' | 'multi'>;
  /** Words that make a GPU-count comparison: "scaling", "additional GPUs". */
  scaling?: boolean;
  strategy?: string[];
  concurrency?: number[];
  mode?: string[];
  api?: string[];
  context_length?: number[];
  max_tokens?: number[];
}

/** What one piece of text around a claim names. */
export interface ClaimLayer {
  /** claim: the clause or sentence; sentence; unit: the rest of the bullet or paragraph; lead-in: an introducing line; heading. */
  from: 'claim' | 'sentence' | 'unit' | 'lead-in' | 'heading';
  /** 1-based line where that text starts. */
  line: number;
  settings: ClaimSettings;
  /** Identifiers that may be presets, GPUs or models ("H100X2", "Llama-3B", "A10"): the data decides. */
  names: string[];
  /** Metric keys of the vocabulary named ("throughput_rps", "input_tps"), in order of mention. */
  metrics: string[];
}

/** One side of a direction or scaling claim, as named: "tensor", "SGLang", "4 GPUs". */
export interface ClaimSide {
  key: 'engine' | 'strategy' | 'mode' | 'api' | 'gpus';
  value: string | number;
  /** The words as read (lower case). */
  text: string;
}

export interface SourceClaim {
  /** The sentence or bullet as written (untrusted: escape where shown). */
  quote: string;
  file: string;
  /** 1-based line where the quote starts. */
  line: number;
  kind: ClaimKind;
  /** The words the claim was read from ("approximately 15-20%", "faster than"). */
  phrase: string;
  /** Percent change as written, low..high (equal for a point); signed only where the text signs it. */
  percent?: [number, number];
  ratio?: number;
  /** "A → B" values as written, with their unit. */
  values?: { from: number; to: number; unit: string };
  level?: { low: number; high: number; unit?: string; bound?: 'under' | 'over' };
  direction?: ClaimDirection;
  /** For direction and scaling claims: the side said to be better (or worse) and the side it is set against, as named. */
  subject?: ClaimSide;
  other?: ClaimSide;
  /** For a trend: the setting that varies. */
  over?: 'gpus' | 'concurrency' | 'context_length';
  /** A hedge that makes it a general statement rather than a result ("often", "in general"). */
  hedge?: string;
  /** Text around the claim, nearest first: claim, sentence, unit, lead-in lines, headings. */
  layers: ClaimLayer[];
  /** Heading path, outermost first. */
  headings: string[];
}
