/**
 * A launch command that names its model or flags by shell variables (`vllm serve ${MODEL_PATH}
 * --tp $TP`) is read again with the values the file assigned before it (or on its own line:
 * `MODEL=x vllm serve $MODEL`). What still refers to an unassigned variable is left out: the
 * model is then absent (a diagnostic says why when a run uses the launch), never `${MODEL_PATH}`.
 */
import { assignmentsOf, hasVariable, substitute, type VariableMap } from '../context/shell-variables';
import { type LaunchCommand, launchFromWords } from '../launch-command';

export interface ResolvedLaunch {
  launch: LaunchCommand;
  /** Variables the model path refers to that nothing assigned (the model is then left out). */
  unresolved: string[];
}

export function withVariables(launch: LaunchCommand, vars: VariableMap): ResolvedLaunch {
  const args = launch.args;
  if (!args?.some(hasVariable)) return { launch, unresolved: [] };
  const local = new Map(assignmentsOf(launch.command).map((a) => [a.name, a.value] as const));
  const lookup = (name: string): string | undefined => local.get(name) ?? vars.get(name)?.value;
  const words = args.map((w) => substitute(w, lookup).text);
  const again = launchFromWords(launch.engine, launch.command, words, launch.positionalModel ?? false);
  let unresolved: string[] = [];
  if (again.modelPath !== undefined && hasVariable(again.modelPath)) {
    unresolved = substitute(again.modelPath, () => undefined).unresolved;
    delete again.modelPath;
    delete again.model;
  }
  for (const [k, v] of Object.entries(again.flags)) if (typeof v === 'string' && hasVariable(v)) delete again.flags[k];
  return { launch: again, unresolved };
}
