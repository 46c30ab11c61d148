/** Base64 converter (spec part 2): text and files of any size, converted by a WASM kernel in a worker. */
import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { trackToolUsage } from '../../telemetry';
import { FileDrop } from '../../components/FileDrop';
import { StatusLine } from '../../components/StatusLine';
import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import type { Mode } from '../../core/base64/convert';
import { isValidBase64, type TextEncodingName } from '../../core/base64/text';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import { base64Worker } from '../../workers/base64/client';
import { examplesFor } from './examples';
import { SYNC_VALIDITY_LIMIT, fileTypeLabel } from './logic';
import { base64Link, CLEARED, useBase64Store } from './store';
import { usePermalink } from '../../browser/permalink';
import { useConverter } from './useConverter';
import { useOutputActions } from './useOutputActions';
import { OptionsPanel } from './Options';
import { AlphabetHint, InputPane, OutputPane, Stats } from './Panes';
import './styles.css';
import { useWarmWorker } from '../../hooks/useWarmWorker';
import { useUndoableReplace } from '../../hooks/useUndoableReplace';

const AUTO_CONVERT_MS = 500;

const infoCards = [
  {
    title: 'Any file size',
    text: 'Files are read in chunks by a worker and converted by a WebAssembly SIMD kernel; the page never freezes and the result downloads as a file.',
  },
  { title: 'Text encodings', text: 'UTF-8 handles every character; Latin-1 and ASCII encode the raw characters.' },
  {
    title: 'Validation',
    text: 'Whitespace is ignored. Valid Base64 has a length that is a multiple of 4, only letters, digits, + and /, and up to two trailing =.',
  },
  { title: 'URL-safe', text: 'The URL-safe alphabet (RFC 4648 section 5) uses - and _ and may leave out the padding.' },
];

export default function Base64Page() {
  useWarmWorker(base64Worker);
  usePermalink(useBase64Store, base64Link);
  // Everything but the progress figures (see FileProgress in Options).
  const s = useBase64Store(useShallow(({ progress, ...rest }) => ({ ...rest, busy: progress !== null })));
  const { set } = s;
  const { convert, cancel, reset } = useConverter();
  const output = useOutputActions();
  const fileInput = useRef<HTMLInputElement>(null);
  const clearFileInput = () => {
    if (fileInput.current) fileInput.current.value = '';
  };

  // Auto-convert: 500 ms after the last change of input, mode, encoding, alphabet, file or the flag.
  useDebouncedEffect(
    () => void convert(false),
    [s.input, s.mode, s.encoding, s.alphabet, s.file, s.autoConvert],
    AUTO_CONVERT_MS,
    s.autoConvert && (s.input.trim() !== '' || s.file !== null),
  );

  // Validity: recomputed when input or mode changes; large inputs are checked in the worker.
  useEffect(() => {
    if (s.mode !== 'decode' || s.file) return;
    if (s.input.length <= SYNC_VALIDITY_LIMIT) {
      set({ isValid: isValidBase64(s.input, s.alphabet) });
      return;
    }
    // Large input: checked in the worker once typing pauses (cloning it per keystroke would cost).
    let live = true;
    const timer = setTimeout(() => {
      base64Worker.isValid(s.input, s.alphabet).then(
        (ok) => live && set({ isValid: ok }),
        () => undefined, // the worker was stopped (cancel, mode switch): a later change checks again
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [s.input, s.mode, s.alphabet, s.file, set]);

  const switchMode = (mode: Mode) => {
    if (mode === s.mode) return;
    reset();
    set({ mode, ...CLEARED });
    clearFileInput();
    trackToolUsage(tool.analyticsName, 'switch_mode', { mode });
  };

  const changeEncoding = (encoding: TextEncodingName) => {
    set({ encoding });
    // Spec: changing the text encoding re-converts existing input immediately. (A file's Base64
    // does not depend on the text encoding; its decoded preview does.)
    if (s.file ? s.mode === 'decode' : s.input.trim()) void convert();
  };

  const changeInput = (input: string) => {
    if (input.trim()) return set({ input });
    // Blank input: nothing to convert, and the old output no longer belongs to it.
    reset();
    set({ input, output: '', result: null, message: '' });
  };

  const clearAll = () => {
    reset();
    set({ ...CLEARED });
    clearFileInput();
    trackToolUsage(tool.analyticsName, 'clear_all');
  };

  const openFile = (file: File) => {
    reset();
    set({
      file,
      fileInfo: { name: file.name, type: file.type, size: file.size },
      output: '',
      result: null,
      message: '',
      isValid: false,
    });
    trackToolUsage(tool.analyticsName, 'file_upload', {
      mode: s.mode,
      file_type: fileTypeLabel(file.type),
      file_size: file.size,
    });
    if (!s.autoConvert) return;
    void convert();
  };

  const removeFile = () => {
    reset();
    set({ file: null, fileInfo: null, output: '', result: null, message: '', progress: null });
    clearFileInput();
  };

  // Clear All, the examples and a mode switch replace the user's text or file: Undo brings it back
  // with its mode (and converts it again).
  const undo = useUndoableReplace(
    useBase64Store,
    (st) => [st.input, st.file, st.mode] as const,
    ([input, file, mode]) => {
      set({ mode });
      if (file) {
        set({ input });
        openFile(file);
      } else {
        removeFile();
        changeInput(input);
      }
    },
    ([input, file], after) => (input !== '' || file !== null) && (input !== after[0] || file !== after[1]),
  );

  const loadExample = (id: string, text: string) => {
    reset();
    set({ input: text, output: '', message: '', result: null, file: null, fileInfo: null });
    clearFileInput();
    trackToolUsage(tool.analyticsName, 'load_example', { mode: s.mode, example: id });
  };

  return (
    <ToolPage tool={tool} infoCards={infoCards}>
      {/* A file dragged from the desktop onto the page is opened like a chosen one. */}
      <FileDrop
        zoneClass="b64-drop"
        picker={false}
        onFile={(file) => {
          clearFileInput();
          openFile(file);
        }}
      >
        <OptionsPanel
          s={s}
          fileInput={fileInput}
          onMode={(mode) => undo.replace('Mode switched: input and output cleared.', () => switchMode(mode))}
          onEncoding={changeEncoding}
          onFile={openFile}
          onRemoveFile={removeFile}
          onConvert={() => void convert()}
          onClearAll={() => undo.replace('Input and output cleared.', clearAll)}
          onCancel={cancel}
        />

        <section className="panel" aria-label="Examples">
          <div className="row">
            <span className="b64-muted">Examples:</span>
            {examplesFor(s.mode).map((ex) => (
              <button
                key={ex.id}
                type="button"
                onClick={() => undo.replace(`Example “${ex.label}” loaded.`, () => loadExample(ex.id, ex.text))}
              >
                {ex.label}
              </button>
            ))}
          </div>
          {undo.undoBar}
        </section>

        <div className="grid-2">
          <InputPane s={s} onInput={changeInput} />
          <OutputPane s={s} onCopy={(asDataUrl) => void output.copy(asDataUrl)} onDownload={output.download} />
        </div>

        <StatusLine text={s.message} attempt={s.runs} />
        <AlphabetHint s={s} onAlphabet={(alphabet) => set({ alphabet })} />

        <Stats s={s} />
      </FileDrop>
    </ToolPage>
  );
}
