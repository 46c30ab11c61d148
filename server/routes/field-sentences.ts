/**
 * The words of a request's problems that its schema does not word itself: a sentence naming the
 * field and what it takes ("Testbench must be true or false", "Transition 1 to state is required
 * (text)"), as the fields with the page's messages say theirs, never zod's "Invalid input: expected
 * string, received undefined". Given to safeParse by POST /api/hdl/*, /api/generate,
 * /api/crc/identify and `bitsmith <generator> generate --config`; a schema's own message wins.
 */
import type { z } from 'zod';

/** The fields' names as the pages label them; a field not listed is named as it is spelt. */
const LABELS: Record<string, string> = {
  language: 'Language',
  testbench: 'Testbench',
  moduleName: 'Module name',
  fsmType: 'FSM type',
  encoding: 'Encoding',
  resetState: 'Reset state',
  clkName: 'Clock name',
  resetName: 'Reset name',
  numStates: 'Number of states',
  states: 'States',
  inputs: 'Inputs',
  outputs: 'Outputs',
  transitions: 'Transitions',
  algorithm: 'Algorithm',
  width: 'CRC width',
  dataWidth: 'Data width',
  pipelineStages: 'Pipeline stages',
  poly: 'Polynomial',
  init: 'Init',
  xorout: 'XorOut',
  refin: 'Reflect input (refin)',
  refout: 'Reflect output (refout)',
  almostFullThreshold: 'Almost full threshold',
  almostEmptyThreshold: 'Almost empty threshold',
  partialLastWord: 'Partial last word',
  partial_last_word: 'Partial last word',
  mode: 'Mode',
  samples: 'Samples',
  fixed: 'Fixed',
  byteOrder: 'Byte order',
};
/** An entry of a list: "Transition 1". */
const ENTRIES: Record<string, string> = {
  states: 'State',
  inputs: 'Input',
  outputs: 'Output',
  transitions: 'Transition',
  samples: 'Sample',
};
/** A field of an entry, after the entry's name: "Transition 1 to state". */
const ENTRY_FIELDS: Record<string, string> = { from: 'from state', to: 'to state', crc: 'CRC' };

/** What a value of each type is, in words. */
const TYPES: Record<string, string> = {
  string: 'text',
  boolean: 'true or false',
  number: 'a number',
  int: 'a whole number',
  array: 'a list',
  object: 'an object',
  record: 'an object of names and values',
};

/** The field at `path` as the pages name it: "Testbench", "Transition 1 to state", "Input 2 width". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'The body';
  const key = String(path.at(-1));
  const parent = path.at(-2);
  if (typeof path.at(-1) === 'number')
    return `${ENTRIES[String(parent)] ?? fieldLabel(path.slice(0, -1))} ${Number(key) + 1}`;
  if (path.length === 1) return LABELS[key] ?? key;
  // The identify request's fixed parameters are named as the page names them ("Byte order").
  if (parent === 'fixed') return LABELS[key] ?? key;
  // A value of a record ("State 1 outputs busy") or a field of an entry.
  const field = typeof parent === 'number' ? (ENTRY_FIELDS[key] ?? key) : key;
  return `${fieldLabel(path.slice(0, -1))} ${field}`;
}

const oneOf = (values: readonly unknown[]) =>
  values.length === 1 ? String(values[0]) : `${values.slice(0, -1).map(String).join(', ')} or ${String(values.at(-1))}`;

/** What the field takes, for the issues zod words in its own terms; undefined leaves zod's. */
function takes(issue: z.core.$ZodRawIssue): string | undefined {
  const { code } = issue;
  if (code === 'invalid_type') {
    const type = TYPES[issue.expected] ?? issue.expected;
    return issue.input === undefined ? `is required (${type})` : `must be ${type}`;
  }
  if (code === 'invalid_value') return `must be ${oneOf(issue.values)}`;
  if (code === 'too_small' || code === 'too_big') {
    const bound = code === 'too_small' ? 'at least' : 'at most';
    const exact = issue.exact ? 'exactly' : bound;
    const limit = String(code === 'too_small' ? issue.minimum : issue.maximum);
    if (issue.origin === 'array') return `must have ${exact} ${limit} entries`;
    return `must be ${exact} ${limit}${issue.origin === 'string' ? ' characters' : ''}`;
  }
  return undefined;
}

/** The error map: `schema.safeParse(value, FIELD_SENTENCES)`. */
export const FIELD_SENTENCES = {
  error: (issue: z.core.$ZodRawIssue) => {
    const what = takes(issue);
    return what && `${fieldLabel(issue.path ?? [])} ${what}`;
  },
};
