import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { StatusLine } from '../../components/StatusLine';
import { trackToolUsage } from '../../telemetry';
import { FORMATTER_EXAMPLES, type FormatterExample } from '../../core/data/examples';
import { BusyProgress } from '../../components/DataIO';
import { DataActionsPanel, useDataUndo, DataPanes, exampleButtons } from '../../components/DataActions';
import { useDataRunner } from '../../hooks/useDataRunner';
import { ACTION_NAMES, INDENT_CHOICES, formatterOp, outputFileName, type FormatterAction } from './logic';
import type { Indent } from '../../core/data/ops';
import { useFormatterStore } from './store';
import { useRef } from 'react';
import { CheckboxField, SelectField } from '../../components/fields';

const INFO_CARDS = [
  {
    title: 'Exact numbers',
    text: 'Big integers and long decimals such as 12345678901234567890 are written exactly as you typed them.',
  },
  {
    title: 'Find errors fast',
    text: 'Invalid JSON is reported with its line and column, and the position is selected in the input.',
  },
  {
    title: 'Big files',
    text: 'Open or drop a file of any size. Formatting runs in the background in WebAssembly, in chunks; large results can be downloaded.',
  },
];

const EXAMPLE_BUTTONS = exampleButtons(FORMATTER_EXAMPLES);

export default function JsonFormatterPage() {
  const s = useFormatterStore();
  const undo = useDataUndo(useFormatterStore);
  const runner = useDataRunner();
  /** The action of the job running, if any: an option change that changes its output drops it. */
  const running = useRef<{ action: FormatterAction } | null>(null);

  const act = async (action: FormatterAction) => {
    const { indent, sortKeys, input } = useFormatterStore.getState();
    const job = { action };
    running.current = job;
    const r = await runner.run(formatterOp(action, indent, sortKeys), input.file ?? input.text).finally(() => {
      if (running.current === job) running.current = null;
    });
    if (!r) return;
    if (r.cancelled) {
      // A cancel changes nothing but the status: the output there was stays, and it is no
      // format_json (valid: false would count it as an invalid document).
      s.set({ status: r.status, runs: useFormatterStore.getState().runs + 1 });
      return;
    }
    s.set({
      result: r.ok ? r : null,
      status: r.status,
      runs: useFormatterStore.getState().runs + 1,
      errorPosition: r.position,
      downloadName: outputFileName(action, indent),
    });
    trackToolUsage(tool.analyticsName, ACTION_NAMES[action], {
      indent,
      sort_keys: sortKeys,
      input_length: input.file?.size ?? input.text.length,
      valid: r.ok,
    });
  };

  /**
   * Indentation and Sort keys: a change that changes the running job's output (any change but the
   * indentation during a Minify) drops it, whose result, made with the old options, would come in
   * under the new ones.
   */
  const setOption = (patch: { indent: Indent } | { sortKeys: boolean }) => {
    const action = running.current?.action;
    const { indent, sortKeys } = useFormatterStore.getState();
    const before = action && JSON.stringify(formatterOp(action, indent, sortKeys));
    s.set(patch);
    const after = useFormatterStore.getState();
    if (action && JSON.stringify(formatterOp(action, after.indent, after.sortKeys)) !== before) runner.discard();
  };

  const loadExample = (key: FormatterExample) => {
    runner.discard();
    s.set({
      input: { text: FORMATTER_EXAMPLES[key].text, file: null },
      result: null,
      status: '',
      errorPosition: undefined,
    });
    trackToolUsage(tool.analyticsName, `load_example_${key}`);
  };

  return (
    <ToolPage tool={tool} infoCards={INFO_CARDS}>
      <DataActionsPanel
        options={
          <>
            <SelectField
              label="Indentation"
              value={s.indent}
              options={INDENT_CHOICES}
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
        actions={[
          { label: 'Format', run: () => act('format') },
          { label: 'Minify', run: () => act('minify') },
          { label: 'Validate', run: () => act('validate') },
        ]}
        runner={runner}
        state={s}
        undo={undo}
        analyticsName={tool.analyticsName}
        examples={EXAMPLE_BUTTONS}
        onExample={(k) => loadExample(k as FormatterExample)}
      />
      <StatusLine text={s.status} attempt={s.runs} />
      {s.result?.note && (
        <p className="data-note" role="note">
          {s.result.note}
        </p>
      )}
      <BusyProgress busy={runner.busy} progress={runner.progress} onCancel={runner.cancel} label="Processing JSON" />
      <DataPanes
        state={s}
        runner={runner}
        onRun={() => act('format')}
        analyticsName={tool.analyticsName}
        input={{
          id: 'json-input',
          label: 'Input JSON',
          placeholder: 'Paste JSON here, e.g. {"name": "value"}',
          accept: '.json,application/json,text/plain',
        }}
        output={{
          id: 'json-output',
          label: 'Output',
          downloadName: s.downloadName,
          downloadType: 'application/json',
        }}
      />
    </ToolPage>
  );
}
