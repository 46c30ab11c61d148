/** Progress of a worker job with a Cancel button; `done`/`total` in any unit (bytes, rows). */
export function Progress({
  label,
  done,
  total,
  onCancel,
}: {
  label: string;
  done: number;
  total: number;
  onCancel?: () => void;
}) {
  const pct = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <div className="progress" role="group" aria-label={label}>
      <progress max={100} value={pct} aria-label={`${label} progress`} />
      <span className="progress-text">
        {label}: {pct.toFixed(0)}%
      </span>
      {onCancel && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
