import { useId, useRef, useState, type ReactNode } from 'react';

/**
 * Lets the user open a file with a button or drop one on the wrapped area (typically a
 * textarea, or a whole page). Only hands over the File handle: the tool decides whether to read
 * it or pass it to a worker.
 */
export function FileDrop({
  onFile,
  accept,
  buttonLabel = 'Open file',
  zoneClass = 'file-drop',
  picker = true,
  children,
}: {
  onFile: (file: File) => void;
  accept?: string;
  buttonLabel?: string;
  /** The drop zone's class; `<zoneClass>-over` is added while a file is dragged over it. */
  zoneClass?: string;
  /** The "Open file" button and hint under the area; false when the page has its own file field. */
  picker?: boolean;
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
      className={over ? `${zoneClass} ${zoneClass}-over` : zoneClass}
      onDragOver={(e) => {
        if (![...e.dataTransfer.types].includes('Files')) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(e) => {
        // Moving onto a child of the zone is not leaving it.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        setOver(false);
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        take(e.dataTransfer.files);
      }}
    >
      {children}
      {picker && (
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
      )}
    </div>
  );
}
