import { useCallback, useState } from 'react';
import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { StatusLine } from '../../components/StatusLine';
import { trackToolUsage } from '../../telemetry';
import {
  CSV_EXAMPLES,
  CSV_QUICK_EXAMPLES,
  JSON_CSV_EXAMPLES,
  type CsvExample,
  type JsonCsvExample,
} from '../../core/data/examples';
import { DELIMITERS, type Delimiter } from '../../core/data/formats/delimiters';
import { BusyProgress } from '../../components/DataIO';
import { DataActionsPanel, useDataUndo, DataPanes, FormatHint } from '../../components/DataActions';
import { useDataRunner } from '../../hooks/useDataRunner';
import {
  conversionOp,
  delimiterHint,
  delimiterName,
  failureMessage,
  otherFormatHint,
  usageAction,
  type CsvDirection,
  type CsvOptions,
} from './logic';
import { clearedFields, useCsvJsonStore } from './store';
import { CheckboxField, SelectField } from '../../components/fields';

const DIRECTIONS = [
  { value: 'csvToJson', label: 'CSV to JSON' },
  { value: 'jsonToCsv', label: 'JSON to CSV' },
] as const satisfies readonly { value: CsvDirection; label: string }[];

/** "More examples": every CSV and JSON example, as `csv:<key>` and `json:<key>`. */
const MORE_EXAMPLES = [
  { label: 'CSV', options: Object.keys(CSV_EXAMPLES).map((k) => ({ value: `csv:${k}`, label: `CSV: ${k}` })) },
  { label: 'JSON', options: Object.keys(JSON_CSV_EXAMPLES).map((k) => ({ value: `json:${k}`, label: `JSON: ${k}` })) },
];

const INFO_CARDS = [
  {
    title: 'CSV format',
    text: 'Cells with the delimiter, quotes or line breaks are quoted, with quotes doubled (RFC 4180). Numbers, true/false and null become JSON values.',
  },
  {
    title: 'JSON format',
    text: 'Give an array of objects; the header comes from the first object. Nested objects and arrays are written as JSON text, null as an empty cell.',
  },
  {
    title: 'Large files',
    text: 'Open or drop a file. Inputs over 1 MB are converted in the background with progress and Cancel; large results can be downloaded.',
  },
];

const QUICK_EXAMPLE_BUTTONS = CSV_QUICK_EXAMPLES.map((q) => ({ key: q.label, label: q.label }));

export default function CsvJsonPage() {
  const s = useCsvJsonStore();
  const undo = useDataUndo(useCsvJsonStore);
  const runner = useDataRunner(useCallback((d: string) => failureMessage(useCsvJsonStore.getState().direction, d), []));
  const isCsv = s.direction === 'csvToJson';

  const convert = async () => {
    const state = useCsvJsonStore.getState();
    const { direction, delimiter, header, input } = state;
    const r = await runner.run(conversionOp(state), input.file ?? input.text);
    if (!r) return;
    // A cancel changes only the status: the output there was stays, and it is no failed conversion.
    if (r.cancelled) return s.set({ status: r.status, runs: useCsvJsonStore.getState().runs + 1 });
    // Spec: on failure the input is kept and the output is emptied.
    s.set({
      result: r.ok ? r : null,
      status: r.status,
      runs: useCsvJsonStore.getState().runs + 1,
      errorPosition: r.position,
    });
    const inputLength = input.file?.size ?? input.text.length;
    const details = { delimiter, has_headers: header, input_length: inputLength, success: r.ok };
    trackToolUsage(tool.analyticsName, usageAction(direction), details);
  };

  // Spec: swapping clears the fields; what it cleared comes back with Undo.
  const swap = () =>
    undo.replace('Direction swapped: input and output cleared.', () => {
      runner.discard();
      const direction: CsvDirection = isCsv ? 'jsonToCsv' : 'csvToJson';
      s.set({ direction, ...clearedFields });
      trackToolUsage(tool.analyticsName, 'swap_conversion', { direction });
    });

  /** Loads an example as the input, in the direction it is written for. */
  const load = (type: 'csv' | 'json', example: CsvExample | JsonCsvExample) => {
    runner.discard();
    const text = type === 'csv' ? CSV_EXAMPLES[example as CsvExample] : JSON_CSV_EXAMPLES[example as JsonCsvExample];
    s.set({ ...clearedFields, direction: type === 'csv' ? 'csvToJson' : 'jsonToCsv', input: { text, file: null } });
    trackToolUsage(tool.analyticsName, 'load_example', { type, example });
  };

  const [example, setExample] = useState('');
  const loadMoreExample = () => {
    const [kind, key] = example.split(':');
    undo.replace(`Example “${kind === 'csv' ? 'CSV' : 'JSON'}: ${key}” loaded.`, () => {
      if (kind === 'csv') load('csv', key as CsvExample);
      if (kind === 'json') load('json', key as JsonCsvExample);
    });
  };

  /**
   * A direction change empties the output and its messages and drops a running conversion (its
   * result would come in under the other direction); the input is kept.
   */
  const setDirection = (direction: CsvDirection) => {
    runner.discard();
    s.set({ direction, result: null, status: '', errorPosition: undefined });
  };

  /**
   * An option that changes the running conversion's output (the delimiter, the header row, Detect
   * numbers for CSV to JSON; the delimiter, the header row, formula neutralising for JSON to CSV) drops it: its
   * result, made with the old options, would come in under the new ones.
   */
  const setOption = (patch: Partial<Omit<CsvOptions, 'direction'>>) => {
    const before = JSON.stringify(conversionOp(useCsvJsonStore.getState()));
    s.set(patch);
    if (JSON.stringify(conversionOp(useCsvJsonStore.getState())) !== before) runner.discard();
  };

  const hint = otherFormatHint(s.direction, s.input.text, s.delimiter);
  const otherDelimiter = hint ? null : delimiterHint(s.direction, s.input.text, s.delimiter);

  return (
    <ToolPage tool={tool} infoCards={INFO_CARDS}>
      <DataActionsPanel
        options={
          <>
            <SelectField label="Direction" value={s.direction} options={DIRECTIONS} onChange={setDirection} />
            <button type="button" onClick={swap}>
              Swap
            </button>
            <SelectField
              label="Delimiter"
              value={s.delimiter}
              options={DELIMITERS}
              onChange={(delimiter: Delimiter) => setOption({ delimiter })}
            />
            <CheckboxField
              className="check"
              label="First row contains headers"
              checked={s.header}
              onChange={(header) => setOption({ header })}
            />
            {s.direction === 'csvToJson' && (
              <CheckboxField
                className="check"
                label="Detect numbers"
                checked={s.detectTypes}
                onChange={(detectTypes) => setOption({ detectTypes })}
              />
            )}
            <CheckboxField
              className="check"
              label="Neutralise spreadsheet formulas (=, +, -, @) in CSV output"
              checked={s.neutraliseFormulas}
              onChange={(neutraliseFormulas) => setOption({ neutraliseFormulas })}
            />
          </>
        }
        actions={[{ label: 'Convert', run: convert }]}
        runner={runner}
        state={s}
        undo={undo}
        analyticsName={tool.analyticsName}
        examplesLabel="Quick examples"
        examples={QUICK_EXAMPLE_BUTTONS}
        onExample={(label) => {
          const q = CSV_QUICK_EXAMPLES.find((e) => e.label === label);
          if (q) load(isCsv ? 'csv' : 'json', isCsv ? q.csv : q.json);
        }}
      >
        {/* Chosen, then loaded with the button: arrow keys on a select change it one option at a
            time, and loading on each change would replace the input with every example passed. */}
        <div className="row examples">
          <SelectField
            label="More examples"
            value={example}
            options={[{ value: '', label: 'Choose an example…' }]}
            groups={MORE_EXAMPLES}
            onChange={(choice: string) => setExample(choice)}
          />
          <button type="button" disabled={!example} onClick={loadMoreExample} style={{ alignSelf: 'end' }}>
            Load example
          </button>
        </div>
      </DataActionsPanel>
      {hint && (
        <FormatHint
          hint={hint}
          switchLabel={`Switch to ${hint} to ${hint === 'JSON' ? 'CSV' : 'JSON'}`}
          onSwitch={() => setDirection(hint === 'JSON' ? 'jsonToCsv' : 'csvToJson')}
        />
      )}
      {otherDelimiter && (
        <FormatHint
          hint={`${delimiterName(otherDelimiter)}-separated values`}
          switchLabel={`Use ${DELIMITERS.find((d) => d.value === otherDelimiter)!.label}`}
          onSwitch={() => setOption({ delimiter: otherDelimiter })}
        />
      )}
      <StatusLine text={s.status} attempt={s.runs} />
      {s.result?.note && (
        <p className="data-note" role="note">
          {s.result.note}
        </p>
      )}
      <BusyProgress
        busy={runner.busy}
        progress={runner.progress}
        onCancel={runner.cancel}
        label={isCsv ? 'Converting CSV to JSON' : 'Converting JSON to CSV'}
      />
      <DataPanes
        state={s}
        runner={runner}
        onRun={convert}
        analyticsName={tool.analyticsName}
        input={{
          id: 'csv-json-input',
          label: isCsv ? 'CSV Input' : 'JSON Input',
          placeholder: isCsv ? 'name,age\nAlice,30' : '[{"name": "Alice", "age": 30}]',
          accept: '.csv,.tsv,.txt,.json,text/csv,application/json,text/plain',
        }}
        output={{
          id: 'csv-json-output',
          label: isCsv ? 'JSON Output' : 'CSV Output',
          downloadName: isCsv ? 'converted.json' : 'converted.csv',
          downloadType: isCsv ? 'application/json' : 'text/csv',
        }}
      />
    </ToolPage>
  );
}
