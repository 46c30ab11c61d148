import { describePosition, type TextPosition } from './position';

/**
 * A control character a JSON detail quotes ("Unexpected token '\n'", after a misspelt literal at a
 * line's end) written as JSON writes it: raw, the status line drew a newline or a tab as a space.
 */
const visible = (detail: string) =>
  detail.replace(/'(.)'/gs, (quoted, c: string) => (c < ' ' ? `'${JSON.stringify(c).slice(1, -1)}'` : quoted));

/** Every message of the three data tools, verbatim from spec part 1 (sections 5 and 8). */
export const MSG = {
  enterJsonToFormat: 'Please enter JSON to format',
  enterJsonToMinify: 'Please enter JSON to minify',
  enterJsonToValidate: 'Please enter JSON to validate',
  validJson: '✅ Valid JSON!',
  invalidJson: (detail: string) => `Invalid JSON: ${visible(detail)}`,
  /** Validate prefixes a cross mark. */
  invalidJsonValidate: (detail: string) => `❌ Invalid JSON: ${visible(detail)}`,
  enterJsonToConvert: 'Please enter JSON to convert',
  enterYamlToConvert: 'Please enter YAML to convert',
  invalidYaml: (detail: string) => `Invalid YAML: ${detail}`,
  enterCsv: 'Please enter CSV data to convert',
  enterJsonData: 'Please enter JSON data to convert',
  notArrayOfObjects: 'JSON must be an array of objects',
  /** Ours: JSON -> CSV whose first object has no keys; the spec makes its keys the header row. */
  firstObjectHasNoKeys:
    'Error converting JSON to CSV: the first object has no keys, and the columns are its keys: the CSV would have none',
  csvToJsonFailed: (detail: string) => `Error converting CSV to JSON: ${detail}`,
  jsonToCsvFailed: (detail: string) => `Error converting JSON to CSV: ${visible(detail)}`,
  /** Ours: JSON -> YAML of a document deeper than the YAML writer can take. */
  tooDeepForYaml: (levels: number) => `JSON nested more than ${levels} levels deep cannot be converted to YAML`,
  /**
   * Ours: YAML -> JSON whose JSON would be longer than a JavaScript string can be (V8: 2^29 - 24
   * characters), which aliases reach by writing out what they point to again each time.
   */
  yamlTooLongForJson:
    'YAML whose JSON would be over 536 million characters (each alias writes out again what it points to) cannot be converted to JSON',
  /** Ours: a chosen file that is not UTF-8 text (`where`: notUtf8Where); the input is kept. */
  notUtf8File: (name: string, where: string) =>
    `${name} is not UTF-8 text (${where}): save it as UTF-8 and open it again. The input is unchanged.`,
  /** Ours: valid JSON deeper than a reader's nesting limit; `where` the limit was passed. */
  tooDeepJson: (levels: number, where: string) =>
    `JSON nested more than ${levels} levels deep is past this tool's limit (${where})`,
  /** Ours: a run the user cancelled (not an error in the input). */
  cancelled: 'Conversion cancelled; the input is unchanged.',
} as const;

/**
 * The status of JSON that was not read: `invalid` words a syntax error (with its position), while
 * JSON past a nesting limit (`tooDeep`) is valid and says the limit instead.
 */
export function jsonFailure(
  r: { detail: string; position: TextPosition; tooDeep?: number },
  invalid: (detail: string) => string,
): string {
  const where = describePosition(r.position);
  return r.tooDeep ? MSG.tooDeepJson(r.tooDeep, where) : invalid(`${r.detail} (${where})`);
}
