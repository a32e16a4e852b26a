/**
 * GPU (accelerator) model names as people write them: `H100`, `NVIDIA A40`, `A100 80GB`,
 * `RTX 5060 Ti 16GB`, `GB10`, `L40S`, `MI300X`, `RTX A6000`, `TPU v6e-4`. A name is a whole word from a
 * closed list of models (a vendor word before it and a variant or memory size after it are
 * kept), so that `H100X1` (a preset), `gx3-48x240x2l40s` (a machine type) or `A1` (a label)
 * are no GPU.
 */

/** Model words (NVIDIA data-centre and workstation parts, AMD Instinct, Intel Gaudi, Huawei Ascend, Google TPU). */
const MODELS = [
  'GB200',
  'GB300',
  'GB10',
  'GH200',
  'B200',
  'B300',
  'B100',
  'H200',
  'H100',
  'H800',
  'H20',
  'A100',
  'A800',
  'A10G',
  'A10',
  'A16',
  'A30',
  'A40',
  'A6000',
  'A5000',
  'A4000',
  'L40S',
  'L40',
  'L20',
  'L4',
  'V100',
  'T4',
  'P100',
  'P40',
  'K80',
  String.raw`RTX\s?(?:PRO\s)?(?:A?\d{4}|\d{4}\s?(?:Ti|SUPER))(?:\s(?:Ada|Blackwell))?`,
  String.raw`GTX\s?\d{3,4}(?:\s?Ti)?`,
  String.raw`MI\d{3}[XA]?`,
  String.raw`Gaudi\s?[23]`,
  String.raw`Ascend\s?910[BC]?\d?`,
  String.raw`TPU\s?v\d+[a-z]*(?:-\d+)?`,
];
const VENDOR = String.raw`(?:(?:NVIDIA|Nvidia|AMD|Intel|Tesla|GeForce|Quadro|Instinct|Huawei)\s+)*`;
const VARIANT = String.raw`(?:\s(?:Ti|SUPER|Ada|SXM\d?|PCIe|NVL|HBM\d?e?|\d{1,3}\s?GB))*`;
const NAME = `${VENDOR}(?:${MODELS.join('|')})${VARIANT}`;

/** As written in a GPU field (`GPU: a100`): any case. */
const ANY_CASE = new RegExp(`(?<![\\w-])${NAME}(?![\\w-])`, 'gi');
/** In prose and headings: as the vendor writes it (`H100`, not `h100`), so that words are not taken for GPUs. */
const AS_WRITTEN = new RegExp(`(?<![\\w-])${NAME}(?![\\w-])`, 'g');
/** One cheap test before the patterns: a model word's start. */
const CANDIDATE = /(?:GB|GH|[ABHLVTPK])\d|RTX|GTX|MI\d|Gaudi|Ascend|TPU/i;

export interface GpuMention {
  /** The name as written, vendor and variant kept (`NVIDIA A40`, `A100 80GB`). */
  name: string;
  /** The model word alone, upper-cased (`A40`, `RTX 5060 TI`): two mentions of one GPU share it. */
  model: string;
  index: number;
}

function modelWord(name: string): string {
  return name
    .replace(new RegExp(`^${VENDOR}`), '')
    .replace(new RegExp(`${VARIANT}$`), '')
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

/** Every GPU name in `text`; `anyCase` for a field that holds a GPU (`gpu: a100`). */
export function gpuMentions(text: string, anyCase = false): GpuMention[] {
  if (text.length > 2000 || !CANDIDATE.test(text)) return [];
  const re = anyCase ? ANY_CASE : AS_WRITTEN;
  re.lastIndex = 0;
  const out: GpuMention[] = [];
  for (const m of text.matchAll(re)) {
    const name = m[0].replace(/\s+/g, ' ').trim();
    out.push({ name, model: modelWord(name), index: m.index ?? 0 });
  }
  return out;
}

/** The one GPU model `text` names (several mentions of it allowed); undefined for none or two different ones. */
export function oneGpuIn(text: string, anyCase = false): GpuMention | undefined {
  const found = gpuMentions(text, anyCase);
  const first = found[0];
  if (!first) return undefined;
  return found.every((g) => g.model === first.model) ? first : undefined;
}
