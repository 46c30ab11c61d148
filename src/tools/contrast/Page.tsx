import { useEffect, useMemo, useState } from 'react';
import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { trackToolUsage } from '../../telemetry';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import {
  apcaLc,
  colorsFromQuery,
  colorsLinkDamaged,
  colorsToQuery,
  LINK_KEYS,
  composite,
  contrastOf,
  contrastRatio,
  criteria,
  formatRatio,
  INITIAL_BACKGROUND,
  INITIAL_TEXT,
  LEVEL_MESSAGES,
  nearestPassing,
  parseHex,
  simulateVision,
  toHex,
  wcagLevel,
  type Rgb,
  type VisionKind,
} from './logic';
import { useContrastStore } from './store';
import { FieldError } from '../../components/fields';
import { claimLinkKeys, setLinkDamaged } from '../../browser/link-left-out';
import './styles.css';

const VISIONS: [VisionKind, string][] = [
  ['protanopia', 'Protanopia (no red cones)'],
  ['deuteranopia', 'Deuteranopia (no green cones)'],
  ['tritanopia', 'Tritanopia (no blue cones)'],
  ['achromatopsia', 'Achromatopsia (no colour)'],
];

/** `fallback`: the colour the preview shows while the field does not read, which the picker shows too. */
function ColorField({
  label,
  value,
  fallback,
  onChange,
}: {
  label: string;
  value: string;
  fallback: string;
  onChange: (v: string) => void;
}) {
  const id = label.toLowerCase().replace(/\s+/g, '-');
  const valid = parseHex(value);
  return (
    <div className="field contrast-field">
      <label htmlFor={id}>{label}</label>
      <div className="row">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={valid ? toHex(valid) : fallback}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id={id}
          type="text"
          className="mono"
          value={value}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : `${id}-error`}
        />
      </div>
      <FieldError
        id={`${id}-error`}
        className="field-hint"
        error={valid ? '' : 'Enter a 6-digit hex colour such as #1a2b3c (the ratio shows 1 until then).'}
      />
    </div>
  );
}

export default function ContrastPage() {
  const { background, text, alpha, setBackground, setText, setAlpha, swap } = useContrastStore();
  useEffect(() => claimLinkKeys(LINK_KEYS), []); // its settings in the link, for Copy link

  useEffect(() => {
    // A link with a colour it cannot read is not opened at all (the page keeps what it had).
    const damaged = colorsLinkDamaged(location.search);
    setLinkDamaged(damaged);
    const q = damaged ? {} : colorsFromQuery(location.search);
    if (q.background) setBackground(q.background);
    if (q.text) setText(q.text);
    // A shared check is the link's opacity (opaque without `a`), not the one this browser last used.
    if (q.background || q.text) setAlpha(q.alpha ?? 1);
    return () => setLinkDamaged(false);
  }, [setBackground, setText, setAlpha]);

  const bg = parseHex(background);
  const fgRaw = parseHex(text);
  // Opaque colours follow the spec exactly; a translucent text colour is composited first.
  const fg: Rgb | null = fgRaw && bg && alpha < 1 ? composite(fgRaw, alpha, bg) : fgRaw;
  const ratio = alpha < 1 && bg && fg ? contrastOf(bg, fg) : contrastRatio(background, text);
  const level = wcagLevel(ratio);

  // Permalink: keep valid colours in the query string, none while they are the defaults.
  useEffect(() => {
    const search = colorsToQuery(location.search, { background, text, alpha });
    if (search === null || search === location.search) return;
    history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }, [bg?.r, bg?.g, bg?.b, fgRaw?.r, fgRaw?.g, fgRaw?.b, alpha]); // eslint-disable-line react-hooks/exhaustive-deps

  // The colours as read, never the fields' text: whatever was typed or pasted there stays here.
  const reported = (c: Rgb | null) => (c ? toHex(c) : 'invalid');
  useDebouncedEffect(
    () =>
      trackToolUsage(tool.analyticsName, 'color_change', {
        background: reported(bg),
        text: reported(fgRaw),
        ratio: parseFloat(formatRatio(ratio)), // as shown: never rounded up past the level it misses
        level,
      }),
    [background, text, alpha],
    500,
  );

  // What a screen reader hears: the ratio with its message, once the colours read and have stayed a
  // moment, so a colour typed a character at a time is one result, not "1.00:1 Fail" on the way.
  const summary = `Contrast ratio ${formatRatio(ratio)}. ${LEVEL_MESSAGES[level]}`;
  const [announced, setAnnounced] = useState(summary);
  useDebouncedEffect(() => setAnnounced(summary), [summary], 500, Boolean(bg && fg));

  const suggestions = useMemo(
    () =>
      bg && fg
        ? (
            [
              ['AA', 4.5],
              ['AAA', 7],
            ] as const
          ).map(([name, target]) => ({ name, target, color: nearestPassing(fg, bg, target) }))
        : [],
    [bg, fg],
  );

  const previewBg = bg ? toHex(bg) : INITIAL_BACKGROUND;
  const previewFg = fg ? toHex(fg) : INITIAL_TEXT;

  return (
    <ToolPage
      tool={tool}
      infoCards={[
        {
          title: 'Tip',
          text: 'Large text is 18pt (24px) or 14pt (about 18.7px) bold. It needs 3:1 for AA and 4.5:1 for AAA.',
        },
        {
          title: 'Share',
          text: 'The address bar keeps your colours and text opacity (?bg=…&fg=…&a=…): copy it to share this check.',
        },
        {
          title: 'APCA',
          text: 'APCA Lc is a perceptual contrast measure proposed for future WCAG versions; it is not a ratio and is shown for reference only.',
        },
      ]}
    >
      <div className="grid-2">
        <section className="panel" aria-label="Colours">
          <ColorField
            label="Background Color"
            value={background}
            fallback={INITIAL_BACKGROUND}
            onChange={setBackground}
          />
          <ColorField label="Text Color" value={text} fallback={INITIAL_TEXT} onChange={setText} />
          <label className="field">
            Text opacity: {Math.round(alpha * 100)}%
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(alpha * 100)}
              onChange={(e) => setAlpha(Number(e.target.value) / 100)}
              aria-label="Text opacity"
            />
          </label>
          <button type="button" onClick={swap}>
            Swap colours
          </button>
        </section>

        <section
          className="panel contrast-preview"
          aria-label="Preview"
          style={{ background: previewBg, color: previewFg }}
        >
          <h2 style={{ color: previewFg }}>Sample heading</h2>
          <p>The quick brown fox jumps over the lazy dog. This paragraph shows how body text reads in these colours.</p>
          <button type="button" style={{ background: previewFg, color: previewBg, borderColor: previewFg }}>
            Sample button
          </button>
        </section>
      </div>

      <section className="panel contrast-result" aria-label="Result">
        <p className="sr-only" role="status" data-testid="result-announcement">
          {announced}
        </p>
        <div className="contrast-ratio">
          <span className="ratio-label">Contrast ratio</span>
          <span className="ratio-value" data-testid="ratio">
            {formatRatio(ratio)}
          </span>
          <span className={`badge level-badge level-${level.replace(' ', '-').toLowerCase()}`} data-testid="level">
            {level}
          </span>
        </div>
        <p className="level-message" data-testid="level-message">
          {LEVEL_MESSAGES[level]}
        </p>

        <h3>WCAG standards</h3>
        <ul className="standards" aria-label="WCAG standards">
          {criteria(ratio).map((c) => (
            <li key={c.name} className={c.pass ? 'pass' : 'fail'}>
              <span aria-hidden="true">{c.pass ? '✓' : '✗'}</span> WCAG {c.id} {c.name}: {c.required}:1 —{' '}
              {c.pass ? 'pass' : 'fail'}
            </li>
          ))}
        </ul>
      </section>

      {bg && fg && (
        <div className="grid-2">
          <section className="panel" aria-label="Suggestions">
            <h3>Nearest passing text colour (same hue)</h3>
            <ul className="suggestions">
              {suggestions.map(({ name, target, color }) => (
                <li key={name}>
                  {name} ({target}:1):{' '}
                  {color ? (
                    <>
                      <span className="swatch" style={{ background: toHex(color) }} aria-hidden="true" />
                      <code>{toHex(color)}</code> ({formatRatio(contrastOf(color, bg))}){' '}
                      <button
                        type="button"
                        onClick={() => {
                          setText(toHex(color));
                          setAlpha(1);
                        }}
                        aria-label={`Use ${toHex(color)} for ${name}`}
                      >
                        Use
                      </button>
                    </>
                  ) : (
                    'no lightness of this hue reaches it on this background'
                  )}
                </li>
              ))}
            </ul>
          </section>
          <section className="panel" aria-label="Colour vision">
            <h3>Colour-vision simulations</h3>
            <div className="table-scroll" role="region" aria-label="Colour-vision simulations, scrollable" tabIndex={0}>
              <table className="vision-table">
                <thead>
                  <tr>
                    <th scope="col">Simulation</th>
                    <th scope="col">Colours</th>
                    <th scope="col">WCAG ratio under simulation</th>
                  </tr>
                </thead>
                <tbody>
                  {VISIONS.map(([kind, name]) => {
                    const sb = simulateVision(bg, kind),
                      sf = simulateVision(fg, kind);
                    return (
                      <tr key={kind}>
                        <td>{name}</td>
                        <td>
                          <span className="swatch" style={{ background: toHex(sf) }} /> on{' '}
                          <span className="swatch" style={{ background: toHex(sb) }} />
                        </td>
                        <td>{formatRatio(contrastOf(sb, sf))}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <p className="apca" data-testid="apca">
              APCA Lc (perceptual contrast, not a WCAG ratio): <strong>{apcaLc(fg, bg).toFixed(1)}</strong>
            </p>
          </section>
        </div>
      )}
    </ToolPage>
  );
}
