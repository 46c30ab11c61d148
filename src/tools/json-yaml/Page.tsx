import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { StatusLine } from '../../components/StatusLine';
import { trackToolUsage } from '../../telemetry';
import { JSON_YAML_EXAMPLES, type JsonYamlExample } from '../../core/data/examples';
import { BusyProgress } from '../../components/DataIO';
import { DataActionsPanel, useDataUndo, DataPanes, FormatHint, exampleButtons } from '../../components/DataActions';
import { useDataRunner } from '../../hooks/useDataRunner';
import { CLEARED_MESSAGES, FORMAT, otherFormatHint, swapped, usageAction, type Direction } from './logic';
import { useJsonYamlStore } from './store';
import { CheckboxField, SelectField } from '../../components/fields';

const DIRECTIONS = [
  { value: 'jsonToYaml', label: 'JSON → YAML' },
  { value: 'yamlToJson', label: 'YAML → JSON' },
] as const satisfies readonly { value: Direction; label: string }[];

const INDENTS = [
  { value: 2, label: '2 spaces' },
  { value: 4, label: '4 spaces' },
] as const;

const INFO_CARDS = [
  {
    title: 'YAML features',
    text: 'Anchors, aliases and merge keys (<<: *anchor) are resolved; several documents separated by --- become a JSON array.',
  },
  {
    title: 'Exact numbers',
    text: 'Number literals such as 12345678901234567890 or 0.10000000000000000001 are kept digit for digit in both directions.',
  },
  { title: 'Swap', text: 'Swap turns the output into the new input and flips the direction, for quick round trips.' },
  {
    title: 'Errors with position',
    text: 'Invalid input is reported with its line and column, and the position is selected in the input.',
  },
];

const EXAMPLE_BUTTONS = exampleButtons(JSON_YAML_EXAMPLES);

export default function JsonYamlPage() {
  const s = useJsonYamlStore();
  const undo = useDataUndo(useJsonYamlStore);
  const runner = useDataRunner();
  const { from, to } = FORMAT[s.direction];

  const convert = async () => {
    const { direction, indent, sortKeys, input } = useJsonYamlStore.getState();
    const r = await runner.run({ kind: direction, indent, sortKeys }, input.file ?? input.text);
    if (!r) return;
    // A cancel changes only the status: the output there was stays, and it is no failed conversion.
    if (r.cancelled) return s.set({ status: r.status, runs: useJsonYamlStore.getState().runs + 1 });
    s.set({
      result: r.ok ? r : null,
      status: r.status,
      runs: useJsonYamlStore.getState().runs + 1,
      note: r.note,
      errorPosition: r.position,
    });
    const inputLength = input.file?.size ?? input.text.length;
    const details = { indent, sort_keys: sortKeys, input_length: inputLength, success: r.ok };
    trackToolUsage(tool.analyticsName, usageAction(direction), details);
  };

  const swap = () => {
    runner.discard();
    s.set(swapped(useJsonYamlStore.getState()));
    trackToolUsage(tool.analyticsName, 'swap_conversion', { direction: useJsonYamlStore.getState().direction });
  };

  /** A direction change drops a running conversion: its result would come in under the other direction. */
  const setDirection = (direction: Direction) => {
    runner.discard();
    s.set({ direction, result: null, ...CLEARED_MESSAGES });
  };

  /**
   * Indentation and Sort keys change every conversion's output: a change drops a running one, whose
   * result, made with the old options, would come in under the new ones.
   */
  const setOption = (patch: { indent: 2 | 4 } | { sortKeys: boolean }) => {
    runner.discard();
    s.set(patch);
  };

  const loadExample = (key: JsonYamlExample) => {
    runner.discard();
    const ex = JSON_YAML_EXAMPLES[key];
    const text = s.direction === 'jsonToYaml' ? ex.json : ex.yaml;
    s.set({ input: { text, file: null }, result: null, ...CLEARED_MESSAGES });
    trackToolUsage(tool.analyticsName, 'load_example', { example: key, direction: s.direction });
  };

  const hint = otherFormatHint(s.direction, s.input.text);

  return (
    <ToolPage tool={tool} infoCards={INFO_CARDS}>
      <DataActionsPanel
        options={
          <>
            <SelectField
              label="Conversion direction"
              value={s.direction}
              options={DIRECTIONS}
              onChange={setDirection}
            />
            <button type="button" onClick={swap}>
              Swap
            </button>
            <SelectField
              label="Indentation"
              value={s.indent}
              options={INDENTS}
              onChange={(indent) => setOption({ indent })}
            />
            <CheckboxField
              className="check"
              label="Sort keys"
              checked={s.sortKeys}
              onChange={(sortKeys) => setOption({ sortKeys })}
            />
          </>
        }
        actions={[{ label: 'Convert', run: convert }]}
        runner={runner}
        state={s}
        undo={undo}
        analyticsName={tool.analyticsName}
        examples={EXAMPLE_BUTTONS}
        onExample={(k) => loadExample(k as JsonYamlExample)}
      />
      {hint && (
        <FormatHint
          hint={hint}
          switchLabel={`Switch to ${hint} → ${hint === 'YAML' ? 'JSON' : 'YAML'}`}
          onSwitch={() => setDirection(hint === 'YAML' ? 'yamlToJson' : 'jsonToYaml')}
        />
      )}
      <StatusLine text={s.status} attempt={s.runs} />
      {s.note && (
        <p className="data-note" role="note">
          {s.note}
        </p>
      )}
      <BusyProgress
        busy={runner.busy}
        progress={runner.progress}
        onCancel={runner.cancel}
        label={`Converting ${from} to ${to}`}
      />
      <DataPanes
        state={s}
        runner={runner}
        onRun={convert}
        analyticsName={tool.analyticsName}
        input={{
          id: 'data-input',
          label: `${from} Input`,
          placeholder: s.direction === 'jsonToYaml' ? 'Paste JSON here' : 'Paste YAML here',
          accept: '.json,.yaml,.yml,application/json,text/yaml,text/plain',
        }}
        output={{
          id: 'data-output',
          label: `${to} Output`,
          downloadName: s.direction === 'jsonToYaml' ? 'converted.yaml' : 'converted.json',
          downloadType: s.direction === 'jsonToYaml' ? 'application/yaml' : 'application/json',
        }}
      />
    </ToolPage>
  );
}
