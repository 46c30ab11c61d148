import { useId, useRef, useState, type ReactNode } from 'react';

/**
 * Lets the user open a file with a button or drop one on the wrapped area (typically a
 * textarea). Only hands over the File handle: the tool decides whether to read it or pass it
 * to a worker.
 */
export function FileDrop({
  onFile,
  accept,
  buttonLabel = 'Open file',
  children,
}: {
  onFile: (file: File) => void;
  accept?: string;
  buttonLabel?: string;
  children: ReactNode;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file) onFile(file);
  };
  return (
    <div
      className={`file-drop${over ? ' file-drop-over' : ''}`}
      onDragOver={(e) => {
        if (![...e.dataTransfer.types].includes('Files')) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files);
      }}
    >
      {children}
      <div className="file-drop-bar">
        <button type="button" onClick={() => inputRef.current?.click()}>
          {buttonLabel}
        </button>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          accept={accept}
          aria-label="Choose file"
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            take(e.currentTarget.files);
            e.currentTarget.value = ''; // the same file can be opened again
          }}
        />
        <span className="file-drop-hint">or drop a file here</span>
      </div>
    </div>
  );
}
