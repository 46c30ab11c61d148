/** The CRC page's panels: algorithm choice, polynomial grid, parameters, summary with Generate. */
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { SelectField, TextField, NumberField, FieldError, describedByError } from '../../components/fields';
import { StatusLine, type StatusMessage } from '../../components/StatusLine';
import type { PredefinedAlgorithm } from '../../core/crc/catalogue';
import { MAX_DATA_WIDTH_UI, MIN_DATA_WIDTH, POLY_BITS, hex, polyFromBits } from '../../core/crc/params';
import type { checkDataWidth, checkParams } from '../../core/crc/request';
import { countOf, levelsText } from '../../core/hdl/comment';
import { MAX_PIPELINE_STAGES, type CrcSummary } from '../../core/hdl/crc';
import { BITS_PER_ROW, CUSTOM_OPTION, NO_POLYNOMIAL, latencyText, searchCountText, type AlgorithmGroup } from './logic';
import { useCrcStore } from './store';
import { ConsistencyButton } from './ConsistencyButton';
import { CRC_LANGUAGES, CRC_LANGUAGE_LABEL, SOFTWARE_OPTIONS_HINT, isHardwareLanguage } from './languages';

export function AlgorithmPanel({
  algorithms,
  groups,
  selected,
  onChoose,
}: {
  algorithms: PredefinedAlgorithm[];
  groups: AlgorithmGroup[];
  selected: PredefinedAlgorithm | undefined;
  onChoose(a: PredefinedAlgorithm | undefined): void;
}) {
  const s = useCrcStore();
  const lone = selected && !groups.some((g) => g.items.includes(selected));
  return (
    <section className="panel" aria-label="Algorithm">
      <div className="grid-2">
        <TextField
          id="crc-search"
          label="Search algorithms"
          type="search"
          value={s.search}
          placeholder="CRC-32, USB, 16..."
          onChange={s.setSearch}
        />
        <SelectField
          id="crc-algorithm"
          label="Predefined algorithm"
          value={s.selected}
          options={[
            { value: '', label: CUSTOM_OPTION },
            ...(lone ? [{ value: selected.name, label: selected.name }] : []),
          ]}
          groups={groups.map((g) => ({
            label: g.label,
            options: g.items.map((a) => ({
              value: a.name,
              label: `${a.name}${a.aliases.length ? ` (${a.aliases.slice(0, 2).join(', ')})` : ''}`,
            })),
          }))}
          onChange={(name) => onChoose(algorithms.find((x) => x.name === name))}
        >
          {/* Always there: inserted with its text on the first letter, the count was not reliably announced. */}
          <span className={s.search ? 'field-hint' : undefined} role="status">
            {s.search ? searchCountText(groups.reduce((n, g) => n + g.items.length, 0)) : ''}
          </span>
        </SelectField>
      </div>
    </section>
  );
}

/** The bit an arrow key (or Home, End) moves to from bit `i` in the 4 x 17 grid; undefined for other keys. */
export function gridKeyTarget(key: string, i: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowLeft: i - 1,
    ArrowRight: i + 1,
    ArrowUp: i - BITS_PER_ROW,
    ArrowDown: i + BITS_PER_ROW,
    Home: 0,
    End: POLY_BITS - 1,
  };
  const to = moves[key];
  return to === undefined ? undefined : Math.min(POLY_BITS - 1, Math.max(0, to));
}

export function PolynomialPanel({ width, text }: { width: number; text: string }) {
  const { bits, toggleBit } = useCrcStore();
  // One Tab stop for the 68 bits (they were 68 stops between the algorithm and Init): the bit last
  // focused takes the Tab, arrow keys move between them.
  const [current, setCurrent] = useState(0);
  const rows = Array.from({ length: POLY_BITS / BITS_PER_ROW }, (_, r) =>
    Array.from({ length: BITS_PER_ROW }, (_, c) => r * BITS_PER_ROW + c),
  );
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const to = gridKeyTarget(e.key, current);
    if (to === undefined) return;
    e.preventDefault();
    setCurrent(to);
    e.currentTarget.querySelectorAll<HTMLButtonElement>('button')[to]?.focus();
  };
  return (
    <section className="panel" aria-label="Polynomial">
      <h2 className="crc-heading">Polynomial</h2>
      <div
        className="crc-grid"
        role="group"
        aria-label="Polynomial bits"
        aria-describedby="crc-grid-keys"
        onKeyDown={onKeyDown}
      >
        <span id="crc-grid-keys" className="sr-only">
          Arrow keys move between the bits, Space toggles one.
        </span>
        {rows.map((row, r) => (
          <div className="crc-grid-row" key={r}>
            {row.map((i) => (
              <button
                key={i}
                type="button"
                className={bits[i] ? 'crc-bit on' : 'crc-bit'}
                aria-pressed={bits[i] === 1}
                tabIndex={i === current ? 0 : -1}
                onFocus={() => setCurrent(i)}
                onClick={() => toggleBit(i)}
              >
                x{i}
              </button>
            ))}
          </div>
        ))}
      </div>
      <p className="crc-poly mono" aria-live="polite">
        {width > 0 ? text : NO_POLYNOMIAL}
      </p>
    </section>
  );
}

const WIDTH_ERROR_ID = 'crc-data-width-error';
const PARAMS_ERROR_ID = 'crc-params-error';

export function ParametersPanel({
  width,
  params,
  dataWidth,
}: {
  width: number;
  params: ReturnType<typeof checkParams>;
  dataWidth: ReturnType<typeof checkDataWidth>;
}) {
  const s = useCrcStore();
  const hardware = isHardwareLanguage(s.language);
  const badField = width > 0 && !params.ok ? params.field : undefined;
  const partialLeftOut = s.partialLastWord && dataWidth.ok && dataWidth.value % 8 !== 0;
  return (
    <section className="panel" aria-label="Parameters">
      <div className="crc-params">
        <TextField
          id="crc-init"
          label="Init (hex)"
          inputClassName="mono"
          value={s.fields.init}
          {...describedByError(PARAMS_ERROR_ID, badField === 'init')}
          spellCheck={false}
          onChange={(v) => s.setField('init', v)}
        />
        <TextField
          id="crc-xorout"
          label="XorOut (hex)"
          inputClassName="mono"
          value={s.fields.xorout}
          {...describedByError(PARAMS_ERROR_ID, badField === 'xorout')}
          spellCheck={false}
          onChange={(v) => s.setField('xorout', v)}
        />
        <label className="crc-check">
          <input type="checkbox" checked={s.fields.refin} onChange={(e) => s.setField('refin', e.target.checked)} />{' '}
          Reflect input (refin)
        </label>
        <label className="crc-check">
          <input type="checkbox" checked={s.fields.refout} onChange={(e) => s.setField('refout', e.target.checked)} />{' '}
          Reflect output (refout)
        </label>
        <fieldset className="crc-language">
          <legend>Output language</legend>
          {CRC_LANGUAGES.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="crc-language"
                value={value}
                checked={s.language === value}
                onChange={() => s.setLanguage(value)}
              />{' '}
              {CRC_LANGUAGE_LABEL[value]}
            </label>
          ))}
        </fieldset>
        {/* A disabled fieldset disables every control in it; display: contents keeps the row layout. */}
        <fieldset
          className="crc-hardware"
          aria-label="Hardware options"
          disabled={!hardware}
          aria-describedby={hardware ? undefined : 'crc-software-hint'}
        >
          <NumberField
            id="crc-data-width"
            label="Data width (bits)"
            min={MIN_DATA_WIDTH}
            max={MAX_DATA_WIDTH_UI}
            value={s.dataWidth}
            {...describedByError(WIDTH_ERROR_ID, hardware && !dataWidth.ok)}
            onChange={s.setDataWidth}
          />
          <label className="crc-check">
            <input
              type="checkbox"
              checked={s.partialLastWord}
              aria-describedby="crc-partial-hint"
              onChange={(e) => s.setPartialLastWord(e.target.checked)}
            />{' '}
            Partial last word (data_bytes input)
          </label>
          <SelectField
            id="crc-pipeline"
            label="Pipeline stages"
            value={s.pipelineStages}
            options={Array.from({ length: MAX_PIPELINE_STAGES + 1 }, (_, n) => ({
              value: n,
              label: n === 0 ? '0 (single cycle)' : n,
            }))}
            onChange={s.setPipelineStages}
          />
        </fieldset>
      </div>
      {!hardware && (
        <p id="crc-software-hint" className="field-hint">
          {SOFTWARE_OPTIONS_HINT}
        </p>
      )}
      <p id="crc-partial-hint" className="field-hint">
        {/* Always there, so that "it is left out" is announced when a data width makes it so. */}
        <span role="status">
          {partialLeftOut ? 'Partial last word needs a data width that is a multiple of 8; it is left out.' : ''}
        </span>
        {partialLeftOut
          ? ''
          : 'data_bytes: valid bytes of a beat, 1..D/8, counted from the first byte in time. With either option the module also has sop (start of packet) and crc_valid.'}
      </p>
      <FieldError
        id={WIDTH_ERROR_ID}
        className="field-hint crc-invalid"
        error={hardware && !dataWidth.ok ? dataWidth.error : ''}
      />
      {width === 0 && <p className="field-hint">{params.ok ? '' : params.error}</p>}
      <FieldError
        id={PARAMS_ERROR_ID}
        className="field-hint crc-invalid"
        error={width > 0 && !params.ok ? params.error : ''}
      />
    </section>
  );
}

/** The stream design's figures (partial last word or pipelining), as its file's header states them. */
function StreamFigures({ s }: { s: NonNullable<CrcSummary['stream']> }) {
  return (
    <>
      <li>
        XOR count: {countOf(s.dataXors + s.feedbackXors, 'two-input XOR')} (data term {s.dataXors}, feedback{' '}
        {s.feedbackXors}), {s.feedbackAnds ? `${countOf(s.feedbackAnds, 'two-input AND')} in the feedback, ` : ''}
        {countOf(s.muxes, 'multiplexer bit')}, {countOf(s.flipFlops, 'flip-flop')}
        {s.tableBits ? `, an F_8k table of ${countOf(s.tableBits, 'bit')}` : ''}
      </li>
      <li>
        Depth: data stage{s.dataLevels.length === 1 ? '' : 's'} {levelsText(s.dataLevels)},{' '}
        {s.tableLevels ? `table lookup ${countOf(s.tableLevels, 'level')}, ` : ''}feedback{' '}
        {countOf(s.feedbackLevels, 'level')}
      </li>
      <li>{latencyText(s.latency)}</li>
    </>
  );
}

/** The live figures of the worker's analysis. */
function Figures({ result, width, hardware }: { result: CrcSummary; width: number; hardware: boolean }) {
  return (
    <>
      <li>
        Check value (CRC of "123456789"): <span className="mono">{hex(result.check, width)}</span>
      </li>
      {!hardware ? null : result.stream ? (
        <StreamFigures s={result.stream} />
      ) : (
        <>
          <li>XOR count: {countOf(result.xorCount, 'two-input XOR')} (without sharing)</li>
          <li>
            Deepest equation: {countOf(result.deepestTerms, 'term')}, {countOf(result.deepestLevels, 'XOR level')} (bit{' '}
            {result.deepestBit})
          </li>
          <li>{latencyText(0)}</li>
        </>
      )}
    </>
  );
}

export function SummaryPanel({
  width,
  text,
  selected,
  analysis,
  usable,
  hardware,
  alert,
  status,
  generateButton,
}: {
  width: number;
  text: string;
  selected: PredefinedAlgorithm | undefined;
  analysis: { result?: CrcSummary; error?: string } | undefined;
  /** The parameters and data width are valid. */
  usable: boolean;
  /** Verilog or VHDL: the hardware figures are shown too. */
  hardware: boolean;
  alert: string;
  status: StatusMessage;
  generateButton: ReactNode;
}) {
  const { bits, language } = useCrcStore();
  return (
    <section className="panel crc-info" aria-label="Summary">
      <ul>
        <li>CRC width: {countOf(width, 'bit')}</li>
        <li>Polynomial: {width > 0 ? `${hex(polyFromBits(bits).poly, width)} (${text})` : NO_POLYNOMIAL}</li>
        <li>Mode: {selected ? `Predefined (${selected.name})` : 'Custom'}</li>
        <li>Language: {CRC_LANGUAGE_LABEL[language]}</li>
      </ul>
      {generateButton}
      <div className="crc-alert" role="alert">
        {alert}
      </div>
      <StatusLine text={status.text} attempt={status.attempt} />
      <ConsistencyButton />
      {/* Last: the worker's figures come in after each edit and would move any button below them.
          The live region wraps the list: a list with role=status is no longer a list to assistive tech. */}
      <div role="status" aria-live="polite">
        <ul className="crc-live">
          {usable && analysis?.result && <Figures result={analysis.result} width={width} hardware={hardware} />}
          {analysis?.error && <li>Could not analyse: {analysis.error}</li>}
        </ul>
      </div>
    </section>
  );
}
