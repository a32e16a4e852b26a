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
