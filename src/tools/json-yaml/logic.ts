/** JSON and YAML converter page logic (no React): Swap, the "looks like" hint, usage names. */
import type { JobResult } from '../../core/data/jobs';
import { looksLikeJson, looksLikeYaml } from '../../core/data/detect';
import type { DataInput } from '../../components/DataIO';

export type Direction = 'jsonToYaml' | 'yamlToJson';

export const FORMAT = { jsonToYaml: { from: 'JSON', to: 'YAML' }, yamlToJson: { from: 'YAML', to: 'JSON' } } as const;

export interface Conversion {
  direction: Direction;
  input: DataInput;
  result: JobResult | null;
}

/** The messages a new direction, example or Swap clears (with the result). */
export const CLEARED_MESSAGES = { status: '', note: undefined, errorPosition: undefined };

/** Spec: Swap flips the direction and exchanges input and output (big ones stay Blobs). */
export function swapped(s: Conversion): Conversion & typeof CLEARED_MESSAGES {
  const direction: Direction = s.direction === 'jsonToYaml' ? 'yamlToJson' : 'jsonToYaml';
  const r = s.result;
  const input = r?.outputBlob
    ? { text: '', file: new File([r.outputBlob], direction === 'yamlToJson' ? 'output.yaml' : 'output.json') }
    : { text: r?.output ?? '', file: null };
  const old = s.input;
  const result: JobResult | null = old.file
    ? { ok: true, status: '', outputBlob: old.file, preview: '', outputLength: old.file.size }
    : old.text
      ? { ok: true, status: '', output: old.text, preview: old.text, outputLength: old.text.length }
      : null;
  return { direction, input, result, ...CLEARED_MESSAGES };
}

/** The other format when the input looks like it, for the "Switch to ..." hint. */
export function otherFormatHint(direction: Direction, text: string): 'JSON' | 'YAML' | null {
  if (direction === 'jsonToYaml') return looksLikeYaml(text) ? 'YAML' : null;
  return looksLikeJson(text) ? 'JSON' : null;
}

export const usageAction = (direction: Direction) => (direction === 'jsonToYaml' ? 'json_to_yaml' : 'yaml_to_json');
