/**
 * Notebook stage: display helpers (`show`) and the parameterised notebook runner. Notebooks
 * import the built library (`../dist/index`) and call the same functions as the CLI.
 */
export { show, displayBundle, tableText, tableHtml, VEGA_LITE_MIME, type ShowOptions, type DisplayBundle } from './show';
export {
  runNotebook,
  defaultNotebookOut,
  jupyterPython,
  NotebookExecutionError,
  type RunNotebookOptions,
  type RunNotebookResult,
} from './run-notebook';
export {
  injectParameters,
  declaredParameters,
  parseParameterArgs,
  coerceParameter,
  NotebookParameterError,
  type DeclaredParameter,
  type ParamValue,
} from './parameters';
export { clearOutputs, clearNotebookFile, notebookHasOutputs, notebookOutputProblems } from './clear-outputs';
export { readNotebook, writeNotebook, type Notebook, type NotebookCell, type NotebookOutput } from './notebook-file';
