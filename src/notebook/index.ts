/**
 * Notebook stage: display helpers (`show`) and the parameterised notebook runner. Notebooks
 * import the built library (`../dist/index`) and call the same functions as the CLI.
 */

export { clearNotebookFile, clearOutputs, notebookHasOutputs, notebookOutputProblems } from './clear-outputs';
export { type Notebook, type NotebookCell, type NotebookOutput, readNotebook, writeNotebook } from './notebook-file';
export {
  coerceParameter,
  type DeclaredParameter,
  declaredParameters,
  injectParameters,
  NotebookParameterError,
  type ParamValue,
  parseParameterArgs,
} from './parameters';
export {
  defaultNotebookOut,
  jupyterPython,
  NotebookExecutionError,
  type RunNotebookOptions,
  type RunNotebookResult,
  runNotebook,
} from './run-notebook';
export { type DisplayBundle, displayBundle, type ShowOptions, show, tableHtml, tableText, VEGA_LITE_MIME } from './show';
