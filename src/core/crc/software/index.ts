/**
 * Software CRC implementations that match the generated hardware bit for bit: C99, Rust,
 * Python and TypeScript from one model (model.ts) of the table-driven algorithm.
 */
import type { HdlFile } from '../../hdl/contract';
import type { CrcParams } from '../params';
import { generateC } from './c';
import { softwareModel } from './model';
import { softwareName } from './naming';
import { generatePython } from './python';
import { generateRust } from './rust';
import { generateTypeScript } from './typescript';

export { MAX_SOFTWARE_WIDTH, modelCrc, softwareModel, type SoftwareModel } from './model';
export { customName, snakeName, softwareName } from './naming';

export const SOFTWARE_LANGUAGES = ['c', 'rust', 'python', 'typescript'] as const;

export type SoftwareLanguage = (typeof SOFTWARE_LANGUAGES)[number];

export const SOFTWARE_LANGUAGE_LABEL: Record<SoftwareLanguage, string> = {
  c: 'C',
  rust: 'Rust',
  python: 'Python',
  typescript: 'TypeScript',
};

export const isSoftwareLanguage = (value: string): value is SoftwareLanguage =>
  (SOFTWARE_LANGUAGES as readonly string[]).includes(value);

/** What a software implementation needs: the parameters and a name for its identifiers. */
export interface SoftwareCrcSpec {
  params: CrcParams;
  /**
   * The algorithm's name ('CRC-32/ISO-HDLC'); identifiers derive from it. Without one (custom
   * parameters), a name made of the parameters ('CRC-16/CUSTOM-1021', see customName).
   */
  name?: string;
}

const EMIT: Record<SoftwareLanguage, (name: string, m: ReturnType<typeof softwareModel>) => HdlFile[]> = {
  c: generateC,
  rust: (name, m) => [generateRust(name, m)],
  python: (name, m) => [generatePython(name, m)],
  typescript: (name, m) => [generateTypeScript(name, m)],
};

/** The files of one language (C: the header, then the source). Throws a RangeError for W > 64. */
export function generateSoftware(spec: SoftwareCrcSpec, language: SoftwareLanguage): HdlFile[] {
  const model = softwareModel(spec.params);
  return EMIT[language](softwareName(spec.params, spec.name), model);
}
