import { useCallback } from 'react';
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
import { BusyProgress, InputArea, OutputArea, inputFromFile } from '../../components/DataIO';
import { useDataRunner } from '../../hooks/useDataRunner';
import { conversionOp, failureMessage, otherFormatHint, usageAction, type CsvDirection } from './logic';
import { clearedFields, useCsvJsonStore } from './store';

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

export default function CsvJsonPage() {
  const s = useCsvJsonStore();
  const runner = useDataRunner(useCallback((d: string) => failureMessage(useCsvJsonStore.getState().direction, d), []));
  const isCsv = s.direction === 'csvToJson';

  const convert = async () => {
    const state = useCsvJsonStore.getState();
    const { direction, delimiter, header, input } = state;
    const r = await runner.run(conversionOp(state), input.file ?? input.text);
    if (!r) return;
    // Spec: on failure the input is kept and the output is emptied.
    s.set({ result: r.ok ? r : null, status: r.status, errorPosition: r.position });
    const inputLength = input.file?.size ?? input.text.length;
    const details = { delimiter, has_headers: header, input_length: inputLength, success: r.ok };
    trackToolUsage(tool.analyticsName, usageAction(direction), details);
  };

  const swap = () => {
    runner.discard();
    const direction: CsvDirection = isCsv ? 'jsonToCsv' : 'csvToJson';
    s.set({ direction, ...clearedFields }); // spec: swapping clears the fields
    trackToolUsage(tool.analyticsName, 'swap_conversion', { direction });
  };

  const loadCsv = (key: CsvExample) => {
    runner.discard();
    s.set({
      direction: 'csvToJson',
      input: { text: CSV_EXAMPLES[key], file: null },
      result: null,
      status: '',
      errorPosition: undefined,
    });
    trackToolUsage(tool.analyticsName, 'load_example', { type: 'csv', example: key });
  };
  const loadJson = (key: JsonCsvExample) => {
    runner.discard();
    s.set({
      direction: 'jsonToCsv',
      input: { text: JSON_CSV_EXAMPLES[key], file: null },
      result: null,
      status: '',
      errorPosition: undefined,
    });
    trackToolUsage(tool.analyticsName, 'load_example', { type: 'json', example: key });
  };

  const hint = otherFormatHint(s.direction, s.input.text, s.delimiter);

  return (
    <ToolPage tool={tool} infoCards={INFO_CARDS}>
      <section className="panel" aria-label="Options and actions">
        <div className="data-controls">
          <label className="field">
            Direction
            <select
              value={s.direction}
              onChange={(e) =>
                s.set({
                  direction: e.currentTarget.value as CsvDirection,
                  result: null,
                  status: '',
                  errorPosition: undefined,
                })
              }
            >
              <option value="csvToJson">CSV to JSON</option>
              <option value="jsonToCsv">JSON to CSV</option>
            </select>
          </label>
          <button type="button" onClick={swap}>
            Swap
          </button>
          <label className="field">
            Delimiter
            <select value={s.delimiter} onChange={(e) => s.set({ delimiter: e.currentTarget.value as Delimiter })}>
              {DELIMITERS.map((d) => (
                <option key={d.label} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </label>
          <label className="check">
            <input type="checkbox" checked={s.header} onChange={(e) => s.set({ header: e.currentTarget.checked })} />
            First row contains headers
          </label>
          {s.direction === 'csvToJson' && (
            <label className="check">
              <input
                type="checkbox"
                checked={s.detectTypes}
                onChange={(e) => s.set({ detectTypes: e.currentTarget.checked })}
              />
              Detect numbers
            </label>
          )}
          <label className="check">
            <input
              type="checkbox"
              checked={s.neutraliseFormulas}
              onChange={(e) => s.set({ neutraliseFormulas: e.currentTarget.checked })}
            />
            Neutralise spreadsheet formulas (=, +, -, @) in CSV output
          </label>
          <div className="row">
            <button type="button" className="primary" disabled={runner.busy} onClick={convert}>
              Convert
            </button>
            <button
              type="button"
              onClick={() => {
                runner.discard();
                s.clear();
                trackToolUsage(tool.analyticsName, 'clear_all');
              }}
            >
              Clear All
            </button>
          </div>
        </div>
        <div className="row examples" role="group" aria-label="Quick examples">
          <span>Quick examples:</span>
          {CSV_QUICK_EXAMPLES.map((q) => (
            <button type="button" key={q.label} onClick={() => (isCsv ? loadCsv(q.csv) : loadJson(q.json))}>
              {q.label}
            </button>
          ))}
        </div>
        <div className="row examples">
          <label className="field">
            More examples
            <select
              value=""
              onChange={(e) => {
                const [kind, key] = e.currentTarget.value.split(':');
                if (kind === 'csv') loadCsv(key as CsvExample);
                if (kind === 'json') loadJson(key as JsonCsvExample);
              }}
            >
              <option value="">Load an example…</option>
              <optgroup label="CSV">
                {(Object.keys(CSV_EXAMPLES) as CsvExample[]).map((k) => (
                  <option key={k} value={`csv:${k}`}>
                    CSV: {k}
                  </option>
                ))}
              </optgroup>
              <optgroup label="JSON">
                {(Object.keys(JSON_CSV_EXAMPLES) as JsonCsvExample[]).map((k) => (
                  <option key={k} value={`json:${k}`}>
                    JSON: {k}
                  </option>
                ))}
              </optgroup>
            </select>
          </label>
        </div>
      </section>
      {hint && (
        <p className="data-hint" role="note">
          The input looks like {hint}.
          <button
            type="button"
            onClick={() =>
              s.set({
                direction: hint === 'JSON' ? 'jsonToCsv' : 'csvToJson',
                result: null,
                status: '',
                errorPosition: undefined,
              })
            }
          >
            Switch to {hint} to {hint === 'JSON' ? 'CSV' : 'JSON'}
          </button>
        </p>
      )}
      <StatusLine text={s.status} />
      <BusyProgress
        busy={runner.busy}
        progress={runner.progress}
        onCancel={runner.cancel}
        label={isCsv ? 'Converting CSV to JSON' : 'Converting JSON to CSV'}
      />
      <div className="grid-2">
        <InputArea
          id="csv-json-input"
          label={isCsv ? 'CSV Input' : 'JSON Input'}
          input={s.input}
          placeholder={isCsv ? 'name,age\nAlice,30' : '[{"name": "Alice", "age": 30}]'}
          accept=".csv,.tsv,.txt,.json,text/csv,application/json,text/plain"
          errorPosition={s.errorPosition}
          onText={(t) => s.setInput({ text: t, file: null })}
          onFile={async (f) => {
            runner.discard();
            s.setInput(await inputFromFile(f));
          }}
          onClearFile={() => s.setInput({ text: '', file: null })}
          onSubmit={() => {
            if (!runner.busy) convert();
          }}
        />
        <OutputArea
          id="csv-json-output"
          label={isCsv ? 'JSON Output' : 'CSV Output'}
          result={s.result}
          downloadName={isCsv ? 'converted.json' : 'converted.csv'}
          downloadType={isCsv ? 'application/json' : 'text/csv'}
          onCopied={() => trackToolUsage(tool.analyticsName, 'copy_to_clipboard')}
        />
      </div>
    </ToolPage>
  );
}
