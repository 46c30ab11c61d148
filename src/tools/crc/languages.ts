/**
 * The Generate tab's output languages: the spec's hardware pair (Verilog, VHDL) and the software
 * implementations that match it bit for bit (C, Rust, Python, TypeScript).
 */
import { HDL_LANGUAGES, HDL_LANGUAGE_LABEL, type HdlLanguage } from '../../core/hdl/contract';
import {
  SOFTWARE_LANGUAGES,
  SOFTWARE_LANGUAGE_LABEL,
  isSoftwareLanguage,
  type SoftwareLanguage,
} from '../../core/crc/software';

export type CrcLanguage = HdlLanguage | SoftwareLanguage;

export const CRC_LANGUAGES: readonly CrcLanguage[] = [...HDL_LANGUAGES, ...SOFTWARE_LANGUAGES];

export const CRC_LANGUAGE_LABEL: Record<CrcLanguage, string> = { ...HDL_LANGUAGE_LABEL, ...SOFTWARE_LANGUAGE_LABEL };

export const isCrcLanguage = (value: unknown): value is CrcLanguage =>
  typeof value === 'string' && (CRC_LANGUAGES as readonly string[]).includes(value);

export const isHardwareLanguage = (l: CrcLanguage): l is HdlLanguage => !isSoftwareLanguage(l);

export const SOFTWARE_OPTIONS_HINT =
  'Data width, partial last word and pipeline stages shape the hardware only: the software reads whole bytes.';
