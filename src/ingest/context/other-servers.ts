/**
 * Serving engines and local runtimes benchbook has no engine word for (Ollama, llama.cpp,
 * LMDeploy, ExLlamaV2, …). A title that names one of them beside vLLM (`Ollama vs vLLM vs
 * llama.cpp`) is a comparison: it names no single engine of its runs, though only one of its
 * names is an Engine value. Names that are as often a library inside an engine (Triton,
 * transformers) are left out: `vLLM with the Triton backend` still names vLLM alone.
 */
const OTHER_SERVER =
  /(?:^|[^\p{L}\p{N}])(?:ollama|llama[ .-]?cpp|llama-server|lmdeploy|mlc[ -]?llm|exllama(?:v2)?|tabby ?api|local ?ai|koboldcpp|aphrodite|deepspeed[ -]?mii|lm ?studio|llamafile|mistral\.rs|xinference|lorax|openllm|ctranslate2|nvidia nim)(?=$|[^\p{L}\p{N}])/iu;

/** Whether `text` names a serving engine or runtime outside benchbook's engine words. */
export function namesOtherServer(text: string): boolean {
  return OTHER_SERVER.test(text);
}

/**
 * A server started by a program or module benchbook has no launcher for (`python -m
 * lightllm.server.api_server`, `text-generation-launcher`, `lmdeploy serve api_server`,
 * `llama-server`): the runs after it are not the previous launch's.
 */
const OTHER_LAUNCH =
  /(?:^|[\s`/])(?:python[\d.]*\s+-m\s+(?!vllm\.|sglang\.|sgl_jax\.|http\.)[\w.]+\.(?:api_server|launch_server|server)|text-generation-launcher|lmdeploy\s+serve|llama-server|trtllm-serve)(?=[\s`]|$)/;

/** Whether the line launches a server of an engine benchbook has no launcher for. */
export function launchesOtherServer(text: string): boolean {
  if (text.indexOf('serve') < 0 && text.indexOf('launcher') < 0) return false;
  return OTHER_LAUNCH.test(text);
}
