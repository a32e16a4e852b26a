/**
 * Content detectors built from rules: each rule is one regex over the file's head (FileHead.text)
 * and the format and score it stands for. The best-scoring matching rule is the verdict.
 */
import type { FormatName } from '../../model/records';
import type { Detection, FileHead } from './types';

export interface HeadRule {
  /** Tested once against the head's text; no `g` or `y` flag (no lastIndex state). */
  test: RegExp;
  format: FormatName;
  /** The entry point when it is not the format's own (Detection.entry). */
  entry?: Detection['entry'];
  /** 0 < score ≤ 1: how distinctive a match is. */
  score: number;
  /** Only when the head starts like a JSON document (a key that a log could quote too). */
  json?: boolean;
  /** Only when the head does NOT start like JSON (a console line quoted in a JSON string). */
  text?: boolean;
}

/**
 * A detector that answers with the best rule that matches. `needs`: literals of which every
 * match holds one; a head with none of them is not the tool's, decided without a regex (most
 * files are no tool's, so this is what most detections cost).
 */
export function detectByRules(rules: readonly HeadRule[], needs: readonly string[]): RuleDetector {
  const detect = (head: FileHead): Detection | undefined => {
    if (!needs.some((n) => head.text.includes(n))) return undefined;
    let best: Detection | undefined;
    for (const r of rules) {
      if (best && r.score <= best.score) continue;
      if ((r.json && !head.json) || (r.text && head.json)) continue;
      if (r.test.test(head.text))
        best = r.entry ? { score: r.score, format: r.format, entry: r.entry } : { score: r.score, format: r.format };
    }
    return best;
  };
  return Object.assign(detect, { needs });
}

/** A rule detector, with the literals one of which its every match holds (detect.ts's prefilter). */
export type RuleDetector = ((head: FileHead) => Detection | undefined) & { needs: readonly string[] };
