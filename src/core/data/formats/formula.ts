/**
 * CSV injection (OWASP): a cell that a spreadsheet would read as a formula is prefixed with an
 * apostrophe, which spreadsheets show as text. The rule is written once here and used by the CSV
 * converter's "neutralise formulas" option and the analytics dashboard's export.
 */

/**
 * A formula start: = + - @ (or their fullwidth forms, which spreadsheets fold) after any leading
 * whitespace, or a cell that starts with tab, carriage return or line feed. Checked on the whole
 * value, so text after a line break cannot hide the first character (papaparse's own check can).
 */
const FORMULA_START = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/;

export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** `text` as a spreadsheet will show it, never run it: `=1+1` -> `'=1+1`. */
export function neutraliseFormula(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text;
}
