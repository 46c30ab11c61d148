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
