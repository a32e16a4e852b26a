/**
 * A settings list that gives one setting two values, no run between them, names one per subject:
 *
 *   - MLX: 0.21.1
 *   - Model: Model-A-4bit
 *   - llama.cpp: b4326
 *   - Model: model-a-q4
 *
 * The later item does not replace the earlier (as a sweep's next value would): they are
 * alternatives, and a run takes the one whose list line above it names a word of the run's
 * heading (`### MLX`); when none or several do, neither (a wrong value is worse than none).
 */

/** Lower-case words of a heading or list line (`Llama.CPP` → `llama`, `cpp`). */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);
}

/** The alternative whose subject (the list line above it) names a word of `heading`; undefined when none or several do. */
export function alternativeFor<T extends { subject?: string }>(alternatives: readonly T[], heading: string | undefined): T | undefined {
  if (heading === undefined) return undefined;
  const words = wordsOf(heading);
  if (words.length === 0) return undefined;
  const fits = alternatives.filter((a) => a.subject !== undefined && wordsOf(a.subject).some((w) => words.includes(w)));
  return fits.length === 1 ? fits[0] : undefined;
}
