/**
 * Settings a run's own label states: a table row or column named after its configuration
 * (`vLLM Default (tensor-parallel=1)`, `SGLang --tp 2`, `TGI (max_batch_prefill_tokens=4096)`).
 * Each `name=value` or `--flag value` goes through the settings vocabulary; names it does not
 * know (`max_num_seqs`, a server limit, `gpu_memory_utilization`) say nothing here. The label's
 * statement is the run's own: it fills what the run's cells left open, before anything the
 * document states around the table.
 */
import type { RunRecord } from '../../model/records';
import { flagPairs, labelWords, namedPairs, settingsOfNamedPair } from '../context/dashed-pairs';
import type { Setting } from '../context/settings-vocabulary';
import { settingField } from '../scope/apply-settings';

/** The settings `label` states (`name=value` pairs, then `--flag value` words), first statement of each key kept. */
export function settingsOfLabel(label: string): Setting[] {
  if (label.length > 300 || (label.indexOf('=') < 0 && label.indexOf('--') < 0)) return [];
  const out: Setting[] = [];
  const longFlags = flagPairs(labelWords(label)).filter((p) => p.name.startsWith('--'));
  for (const pair of [...namedPairs(label, true), ...longFlags]) {
    for (const st of settingsOfNamedPair(pair)) if (!out.some((o) => o.key === st.key)) out.push(st);
  }
  return out;
}

/**
 * Fills the fields `label` states that the run leaves open, with provenance naming the label.
 * Returns how many it filled.
 */
export function applyLabelSettings(run: Pick<RunRecord, 'provenance'>, label: string, where: string): number {
  let filled = 0;
  for (const st of settingsOfLabel(label)) {
    const field = settingField(st.key);
    const target = run as RunRecord;
    if (field.get(target) !== undefined) continue;
    field.set(target, st.value);
    run.provenance[field.path] = `${where} '${label.trim()}'`;
    filled++;
  }
  return filled;
}
