/**
 * Notebook stage: display helpers (`show`), the parameterised notebook runner, the starter
 * notebook and the notebook server with benchbook's TypeScript kernel (kernel/, not exported:
 * Jupyter starts it as a script). Notebooks import `benchbook` (or, in this repository, the
 * built `../dist/index`) and call the same functions as the CLI.
 */

export { interactiveChartHtml, scriptSafeJson } from './chart-html';
export { clearNotebookFile, clearOutputs, notebookHasOutputs, notebookOutputProblems } from './clear-outputs';
export { type InstallKernelResult, installKernelSpec, KernelSpecExistsError, userJupyterDataDir } from './install-kernel';
export { CHART_LIBS_URL, type JupyterDir, jupyterEnv, KERNEL_NAME, kernelSpec, prepareJupyterDir } from './jupyter-dir';
export { importSpecifier, type NewNotebookOptions, type NewNotebookResult, starterNotebook, writeStarterNotebook } from './new-notebook';
export { type Notebook, type NotebookCell, type NotebookOutput, readNotebook, writeNotebook } from './notebook-file';
export {
  coerceParameter,
  type DeclaredParameter,
  declaredParameters,
  injectParameters,
  NotebookParameterError,
  type ParamValue,
  parseParameterArgs,
  resolvePathParameters,
} from './parameters';
export {
  defaultNotebookOut,
  jupyterPython,
  NotebookExecutionError,
  type RunNotebookOptions,
  type RunNotebookResult,
  runNotebook,
} from './run-notebook';
export { type NotebookServer, notebookServerArgs, type ServeOptions, startNotebookServer, waitForServer } from './serve';
export { type DisplayBundle, displayBundle, type ShowOptions, show, tableHtml, tableText, VEGA_LITE_MIME } from './show';
