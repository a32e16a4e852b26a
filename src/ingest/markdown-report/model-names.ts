/**
 * Model names in reports: headings use short names ("Qwen-1.5B", "Llama-3B") while the report
 * lists full Hugging Face ids ("deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B"). A short name
 * resolves to the one listed id that holds all of its tokens (family + size); no table of
 * known models is involved.
 */
import { isParameterSize, sizedWords } from '../context/model-mention';

export function modelTokens(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[\s/_-]+/)
    .filter((t) => t !== '');
}

/** Full model ids (`org/name` with a size token in the name) written in code spans or `--model`. */
export function collectModelIds(lines: ReadonlyArray<{ line: number; text: string }>): Array<{ id: string; line: number }> {
  const seen = new Set<string>();
  const out: Array<{ id: string; line: number }> = [];
  const ID = /(?:^|[\s`'"=(])([A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*)(?=$|[\s`'",)])/g;
  for (const { line, text } of lines) {
    if (/<img\b|!\[/.test(text)) continue; // figure paths are not model ids
    for (let m = ID.exec(text); m; m = ID.exec(text)) {
      const id = m[1] ?? '';
      const name = id.slice(id.indexOf('/') + 1);
      if (id.split('/').length !== 2 || !modelTokens(name).some(isParameterSize)) continue;
      if (seen.has(id.toLowerCase())) continue;
      seen.add(id.toLowerCase());
      out.push({ id, line });
    }
    ID.lastIndex = 0;
  }
  return out;
}

/** Model-like words in a text: words joining a name part and a size part ("Qwen-1.5B"), loosely. */
export function findModelMentions(text: string): string[] {
  return sizedWords(text, false);
}

export type ModelResolution = { kind: 'resolved'; id: string } | { kind: 'ambiguous'; candidates: string[] } | { kind: 'unlisted' };

/** The listed id holding every token of `mention` (e.g. qwen + 1.5b), if exactly one does. */
export function resolveModel(mention: string, ids: readonly string[]): ModelResolution {
  const wanted = modelTokens(mention);
  const hits = ids.filter((id) => {
    const have = new Set(modelTokens(id));
    return wanted.every((t) => have.has(t));
  });
  if (hits.length === 1 && hits[0] !== undefined) return { kind: 'resolved', id: hits[0] };
  if (hits.length > 1) {
    // The exact name wins over longer ids that also contain it.
    const exact = hits.filter((id) => modelTokens(id.slice(id.indexOf('/') + 1)).join('-') === wanted.join('-'));
    if (exact.length === 1 && exact[0] !== undefined) return { kind: 'resolved', id: exact[0] };
    return { kind: 'ambiguous', candidates: hits };
  }
  return { kind: 'unlisted' };
}

/** The listed id written into a figure file name (`chart_deepseek-ai_DeepSeek-R1-…_2048ctx.png`). */
export function modelInFileName(fileName: string, ids: readonly string[]): string | undefined {
  const f = fileName.toLowerCase();
  const hits = ids.filter((id) => {
    const lower = id.toLowerCase();
    return f.includes(lower.replace('/', '_')) || f.includes(lower.replace('/', '--')) || f.includes(lower.replace('/', '-'));
  });
  if (hits.length === 1) return hits[0];
  // Without the org, the name alone must still be unique.
  const byName = ids.filter((id) => f.includes(id.slice(id.indexOf('/') + 1).toLowerCase()));
  return byName.length === 1 ? byName[0] : undefined;
}
