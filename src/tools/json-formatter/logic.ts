/** JSON formatter page logic (no React): the data operation behind each button and its usage name. */
import type { DataOp, Indent } from '../../core/data/ops';

export type FormatterAction = 'format' | 'minify' | 'validate';

/** The spec's tool-usage actions. */
export const ACTION_NAMES: Record<FormatterAction, string> = {
  format: 'format_json',
  minify: 'minify_json',
  validate: 'validate_json',
};

/** Minify ignores the indentation; indentation 0 makes Format and Validate write one line (spec). */
export function formatterOp(action: FormatterAction, indent: Indent, sortKeys: boolean): DataOp {
  return action === 'minify' ? { kind: 'minify', sortKeys } : { kind: action, indent, sortKeys };
}

/** The download's name, for what the output is: one line (Minify, indentation 0) or indented. */
export function outputFileName(action: FormatterAction, indent: Indent): string {
  return action === 'minify' || indent === 0 ? 'minified.json' : 'formatted.json';
}

/** The indentation select: the spec's 2, 4 and 0 (minify), plus a tab. */
export const INDENT_CHOICES: readonly { value: Indent; label: string }[] = [
  { value: 2, label: '2 spaces' },
  { value: 4, label: '4 spaces' },
  { value: 'tab', label: 'Tab' },
  { value: 0, label: '0 (minify)' },
];

/** The select's string value back to an indentation (2 for anything unknown). */
