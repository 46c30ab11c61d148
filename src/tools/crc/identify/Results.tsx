/** The search's report: catalogue matches, other parameter sets, families, and what is missing. */
import { hex, type CrcParams } from '../../../core/crc/params';
import { messages, type CrcMatch, type IdentifyReport } from '../../../core/crc/identify';
import { countOf } from '../../../core/hdl/comment';

const yesNo = (b: boolean) => (b ? 'true' : 'false');

function ParamCells({ p }: { p: CrcParams }) {
  return (
    <>
      <td>{p.width}</td>
      <td className="mono">{hex(p.poly, p.width)}</td>
      <td className="mono">{hex(p.init, p.width)}</td>
      <td>{yesNo(p.refin)}</td>
      <td>{yesNo(p.refout)}</td>
      <td className="mono">{hex(p.xorout, p.width)}</td>
    </>
  );
}

const HEAD = ['Name', 'Width', 'Poly', 'Init', 'RefIn', 'RefOut', 'XorOut', 'Check'];

function title(m: CrcMatch): string {
  const [name, ...aliases] = m.names;
  return name ? (aliases.length ? `${name} (${aliases.join(', ')})` : name) : 'Custom';
}

/** Where a codeword carries its CRC: byte order, and the top bits when the width is not whole bytes. */
const placement = (m: Pick<CrcMatch, 'byteOrder' | 'leftAligned'>) =>
  [m.byteOrder ? `${m.byteOrder}-endian` : 'one byte', m.leftAligned ? 'top bits' : ''].filter(Boolean).join(', ');

export function Results({ report, onUse }: { report: IdentifyReport; onUse(m: CrcMatch): void }) {
  const { matches, families, missing } = report;
  const placed = matches.some((m) => m.byteOrder || m.leftAligned);
  return (
    <section className="panel crcid-results" aria-label="Identified CRCs">
      <h3 className="crc-heading">
        {report.remaining === 0n ? 'No CRC found' : countOf(matches.length + families.length, 'result')}
      </h3>
      {missing.length > 0 && (
        <div role="status">
          <ul className="crcid-missing">
            {missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      {matches.length > 0 && (
        <div className="crcid-table-wrap">
          <table className="crcid-table">
            <caption>Parameter sets that reproduce every sample (catalogue algorithms first)</caption>
            <thead>
              <tr>
                {HEAD.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
                {placed && <th scope="col">CRC bytes</th>}
                <th scope="col">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {matches.map((m, i) => (
                <tr key={i} className={m.names.length ? 'crcid-named' : undefined}>
                  <th scope="row">
                    {title(m)}
                    {m.equivalents ? (
                      <span className="field-hint">{` and ${countOf(m.equivalents, 'equivalent init/xorout pair')}`}</span>
                    ) : null}
                  </th>
                  <ParamCells p={m.params} />
                  <td className="mono">{hex(m.check, m.params.width)}</td>
                  {placed && <td>{placement(m)}</td>}
                  <td>
                    <button
                      type="button"
                      aria-label={`Use in generator: ${title(m)}, row ${i + 1}`}
                      onClick={() => onUse(m)}
                    >
                      Use in generator
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.undecidable.map((u) => (
        <p key={u} className="field-hint">
          {messages.undecidable[u]}
        </p>
      ))}
      {report.truncated && (
        <p className="field-hint">More parameter sets fit; the first {matches.length} are listed.</p>
      )}
      {families.length > 0 && (
        <ul className="crcid-families" aria-label="Undecided parameter sets">
          {families.map((f, i) => (
            <li key={i}>
              {`Width ${f.example.width}, poly ${hex(f.example.poly, f.example.width)}, refin ${yesNo(f.example.refin)}, refout ${yesNo(f.example.refout)}${f.byteOrder || f.leftAligned ? `, ${placement(f)}` : ''}: ${f.count.toLocaleString('en-US')} init/xorout pairs fit`}
              {f.names.length > 0 && ` (among them ${f.names.join(', ')})`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
