/** FSM page logic: both languages at once, with the spec's error messages. Pure. */
import { HDL_LANGUAGE_LABEL, HDL_LANGUAGES, type HdlFile, type HdlLanguage } from '../../core/hdl/contract';
import { fsmGenerator, type FsmConfig } from '../../core/hdl/fsm';

/** The design file per language, or why that language failed. */
export interface GenerationResult {
  files: Partial<Record<HdlLanguage, HdlFile>>;
  errors: Partial<Record<HdlLanguage, string>>;
}

function reason(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Both languages from one configuration. A configuration problem fails both, with the spec's
 * messages 'Verilog generation error: {reason}' and 'VHDL generation error: {reason}'.
 */
export function generateBoth(config: FsmConfig): GenerationResult {
  const out: GenerationResult = { files: {}, errors: {} };
  for (const language of HDL_LANGUAGES) {
    try {
      out.files[language] = fsmGenerator.generate(config, language);
    } catch (e) {
      out.errors[language] = `${HDL_LANGUAGE_LABEL[language]} generation error: ${reason(e)}`;
    }
  }
  return out;
}

export const COPY_CONFIRMATION = '✅ Code copied to clipboard!';
