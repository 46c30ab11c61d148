/** JSON <-> YAML actions (the `yaml` library). */
import { compareKeys, keyText, writeJson } from '../json/write';
import { nestedDeeperThan, readYaml, writeYaml, YAML_MAX_DEPTH } from '../formats/yaml';
import { MSG, jsonFailure } from '../messages';
import type { JsonExports } from '../json/kernel';
import type { DataOp, OpResult } from './types';
import { isBlank, parseJson, withPosition } from './shared';
import { duplicateKeysIn } from '../json/duplicates';

function jsonToYaml(text: string, indent: 2 | 4, sortKeys: boolean, json?: JsonExports): OpResult {
  if (isBlank(text)) return { ok: false, status: MSG.enterJsonToConvert };
  const r = parseJson(text, json);
  // JSON past the reader's nesting limit is past YAML's lower one too: that is the one to know.
  if (!r.ok && r.tooDeep) return { ok: false, status: MSG.tooDeepForYaml(YAML_MAX_DEPTH) };
  if (!r.ok) return { ok: false, status: jsonFailure(r, MSG.invalidJson), position: r.position };
  if (nestedDeeperThan(r.value, YAML_MAX_DEPTH)) return { ok: false, status: MSG.tooDeepForYaml(YAML_MAX_DEPTH) };
  const value = sortKeys ? sortDeep(r.value) : r.value;
  return {
    ok: true,
    output: writeYaml(value, indent),
    status: '✅ Converted JSON to YAML',
    note: duplicateKeysIn(text, 'last'),
  };
}

function yamlToJson(text: string, indent: 2 | 4, sortKeys: boolean): OpResult {
  if (isBlank(text)) return { ok: false, status: MSG.enterYamlToConvert };
  const r = readYaml(text);
  if (!r.ok) return { ok: false, status: MSG.invalidYaml(withPosition(r.detail, r.position)), position: r.position };
  const nonFinite = { count: 0 };
  let output: string;
  try {
    output = writeJson(r.value, { indent, sortKeys, nonFinite });
  } catch (e) {
    // V8's words for a string past its longest; aliases get there from a small document.
    if (e instanceof RangeError && e.message === 'Invalid string length')
      return { ok: false, status: MSG.yamlTooLongForJson };
    throw e;
  }
  const notes = [
    r.documents > 1 &&
      `The input holds ${r.documents} YAML documents (separated by ---); the JSON is an array with one element per document.`,
    nonFinite.count === 1 && '1 value (.inf, -.inf or .nan) has no JSON spelling and became null.',
    nonFinite.count > 1 && `${nonFinite.count} values (.inf, -.inf or .nan) have no JSON spelling and became null.`,
    r.comments === 1 && '1 comment has no place in JSON and is not in the output.',
    r.comments > 1 && `${r.comments} comments have no place in JSON and are not in the output.`,
    droppedTagsNote(r.droppedTags),
  ].filter(Boolean);
  return { ok: true, output, status: '✅ Converted YAML to JSON', note: notes.join(' ') || undefined };
}

/** What the note says of values whose tags the JSON leaves out (`tags`: one per value). */
function droppedTagsNote(tags: string[]): string | undefined {
  if (tags.length === 0) return undefined;
  const names = [...new Set(tags)].join(', ');
  return tags.length === 1
    ? `1 value is written without its tag (${names}), which JSON has no place for.`
    : `${tags.length} values are written without their tags (${names}), which JSON has no place for.`;
}

/** Maps sorted by key at every level (YAML output has no sort option of its own for Maps). */
function sortDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortDeep);
  if (v instanceof Map)
    return new Map([...v].sort(([a], [b]) => compareKeys(keyText(a), keyText(b))).map(([k, x]) => [k, sortDeep(x)]));
  return v;
}

/** JSON -> YAML and YAML -> JSON; `json` (the kernel, in the worker) checks JSON input. */
export function runYamlOp(
  op: Extract<DataOp, { kind: 'jsonToYaml' | 'yamlToJson' }>,
  text: string,
  json?: JsonExports,
): OpResult {
  return op.kind === 'jsonToYaml'
    ? jsonToYaml(text, op.indent, op.sortKeys, json)
    : yamlToJson(text, op.indent, op.sortKeys);
}
