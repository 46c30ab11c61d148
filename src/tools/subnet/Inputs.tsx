/** IP box, CIDR/Mask mode toggle, CIDR number box and slider, mask input, Reset, quick examples (both undoable). */
import { useShallow } from 'zustand/react/shallow';
import { parseCidr } from '../../core/subnet/ipv4';
import { formatIpv6, looksLikeIpv6, mask6, parsePrefix6 } from '../../core/subnet/ipv6-parse';
import { trackToolUsage } from '../../telemetry';
import { EXAMPLES } from './examples';
import { DEFAULT_PREFIX6, pickInputs, useSubnetStore } from './store';
import { useUndoableReplace, type Undoable } from '../../hooks/useUndoableReplace';
import { tool } from './tool';
import { invalidInputs } from './logic';
import { STATUS_LINE_ID, invalidInputProps } from '../../components/StatusLine';

export function Inputs() {
  const s = useSubnetStore(
    useShallow((s) => ({
      ip: s.ip,
      mode: s.mode,
      cidrText: s.cidrText,
      maskText: s.maskText,
      prefixChosen: s.prefixChosen,
      setIp: s.setIp,
      setMode: s.setMode,
      setCidrText: s.setCidrText,
      setMaskText: s.setMaskText,
      reset: s.reset,
    })),
  );
  const undo = useUndoableReplace(useSubnetStore, pickInputs, (saved) => useSubnetStore.setState(saved));
  // IPv6 input switches the prefix range to 0..128 (and has no dotted mask).
  const v6 = looksLikeIpv6(s.ip);
  const maxPrefix = v6 ? 128 : 32;
  const prefix6 = v6 ? parsePrefix6(s.cidrText) : null;
  const sliderValue = (v6 ? prefix6 : parseCidr(s.cidrText)) ?? (v6 ? DEFAULT_PREFIX6 : 24);
  // IPv6 has no dotted mask: the disabled field shows the IPv6 netmask of the prefix instead.
  const maskShown = !v6 ? s.maskText : prefix6 === null ? '' : formatIpv6(mask6(prefix6));
  const defaultNote = v6 && !s.prefixChosen && prefix6 === DEFAULT_PREFIX6;
  const invalid = invalidInputs(s);
  // IPv6 has only the prefix: its box is the one in use, whatever the mode was for IPv4.
  const cidrInUse = s.mode === 'cidr' || v6;
  return (
    <section className="panel" aria-label="Network input">
      <div className="subnet-inputs">
        <label className="field">
          IP Address
          <input
            type="text"
            value={s.ip}
            onChange={(e) => s.setIp(e.target.value)}
            placeholder="192.168.1.100 (or 10.0.0.1/16, 10.0.0.1 255.255.0.0, 2001:db8::/48)"
            {...invalidInputProps(invalid.ip)}
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        <div className={`field${cidrInUse ? ' field-active' : ''}`}>
          <label htmlFor="subnet-cidr">CIDR</label>
          <div className="cidr-controls">
            <input
              id="subnet-cidr"
              type="number"
              min={0}
              max={maxPrefix}
              value={s.cidrText}
              onChange={(e) => s.setCidrText(e.target.value)}
              aria-invalid={invalid.cidr || undefined}
              aria-describedby={
                [invalid.cidr && STATUS_LINE_ID, defaultNote && 'subnet-prefix-note'].filter(Boolean).join(' ') ||
                undefined
              }
            />
            <input
              type="range"
              min={0}
              max={maxPrefix}
              value={sliderValue}
              aria-label="CIDR slider"
              onChange={(e) => s.setCidrText(e.target.value)}
            />
          </div>
          {defaultNote && (
            <span className="field-note" id="subnet-prefix-note" data-testid="subnet-prefix-note">
              IPv6: /64 (one LAN) until you choose a prefix
            </span>
          )}
        </div>
        <label className={`field${s.mode === 'mask' && !v6 ? ' field-active' : ''}`}>
          Subnet Mask
          <input
            type="text"
            value={maskShown}
            placeholder={v6 ? 'IPv6 uses the prefix only' : undefined}
            onChange={(e) => s.setMaskText(e.target.value)}
            {...invalidInputProps(invalid.mask)}
            spellCheck={false}
            autoComplete="off"
            disabled={v6}
            title={v6 ? 'IPv6 uses the prefix only' : undefined}
          />
        </label>
      </div>
      <div className="row" style={{ marginTop: '0.75rem' }}>
        <div className="mode-toggle" role="group" aria-label="Input mode">
          <button type="button" aria-pressed={cidrInUse} onClick={() => s.setMode('cidr')}>
            CIDR
          </button>
          <button type="button" aria-pressed={!cidrInUse} onClick={() => s.setMode('mask')} disabled={v6}>
            Mask
          </button>
        </div>
        <button
          type="button"
          onClick={() => {
            undo.replace('Inputs reset.', s.reset);
            trackToolUsage(tool.analyticsName, 'reset');
          }}
        >
          Reset
        </button>
      </div>
      <Examples replace={undo.replace} />
      {undo.undoBar}
    </section>
  );
}

function Examples({ replace }: Pick<Undoable, 'replace'>) {
  const loadExample = useSubnetStore((s) => s.loadExample);
  return (
    <div className="examples" style={{ marginTop: '0.75rem' }} role="group" aria-label="Quick examples">
      <span className="hint">Quick examples:</span>
      {EXAMPLES.map((e) => (
        <button
          type="button"
          key={e.id}
          onClick={() => {
            replace(`Example “${e.label}” loaded.`, () => loadExample(e));
            trackToolUsage(tool.analyticsName, 'load_example', { example: e.id, cidr: e.cidr });
          }}
        >
          {e.label} ({e.ip}/{e.cidr})
        </button>
      ))}
    </div>
  );
}
