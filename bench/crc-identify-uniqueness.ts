/**
 * How often 4 random samples of 2-3 lengths identify a catalogue algorithm uniquely, per width, and
 * what the other parameter sets differ in when they do not (docs/crc.md, Identify). Each draw is
 * the unit test's and the benchmark's (tests/cases/crc-identify-samples.ts) with seeds 1..N. Every
 * report that is not unique is checked: each set listed must be a different CRC function (the
 * reference CRCs of probe messages), one more sample of the message the report names must decide,
 * and with --oracle=W the count must equal a brute-force oracle's for algorithms up to W bits.
 *
 * An analysis script (counts, not times), not a bench suite: 1,000 draws take ~20 s, --oracle=8 ~1.5 s
 * a draw.
 *
 *   npx tsx bench/crc-identify-uniqueness.ts [draws=1000] [--oracle=8]
 */
import { loadKernel } from '../server/wasm';
import { identifyCrc, type CrcIdKernel, type IdentifyReport } from '../src/core/crc/identify';
import type { CrcParams } from '../src/core/crc/params';
import { seededRandom } from '../src/core/random';
import { catalogueCases, sampleOf, type CatalogueCase } from '../tests/cases/crc-identify-samples';
import { bruteForceFunctions } from '../tests/oracles/crc-identify-brute';
import { referenceCrc } from '../tests/oracles/crc-reference';

const args = process.argv.slice(2);
const draws = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const oracleWidth = Number(args.find((a) => a.startsWith('--oracle='))?.slice(9) ?? 0);
const kernel = await loadKernel<CrcIdKernel>('crcid');

const probeRand = seededRandom(99);
const PROBES = [0, 1, 2, 3, 5, 8, 9, 13, 21, 34, 40, 41].map((n) =>
  Uint8Array.from({ length: n }, () => Math.floor(probeRand() * 256)),
);
const functionOf = (p: CrcParams) => PROBES.map((m) => referenceCrc(p, m)).join();

type Cause = 'width' | 'polynomial' | 'reflection' | 'init/xorout';
const causeOf = (c: CrcParams, o: CrcParams): Cause =>
  o.width !== c.width
    ? 'width'
    : o.poly !== c.poly
      ? 'polynomial'
      : o.refin !== c.refin || o.refout !== c.refout
        ? 'reflection'
        : 'init/xorout';

interface Tally {
  algorithms: Set<string>;
  runs: number;
  ambiguous: number;
  decided: number;
  causes: Record<Cause, number>;
}
const tallies = new Map<number, Tally>();
const problems: string[] = [];
const identify = (c: CatalogueCase, samples = c.samples): IdentifyReport =>
  identifyCrc(kernel, { mode: 'message', samples, fixed: {} });

const started = performance.now();
for (let seed = 1; seed <= draws; seed++) {
  for (const c of catalogueCases(seed)) {
    const t = tallies.get(c.params.width) ?? {
      algorithms: new Set(),
      runs: 0,
      ambiguous: 0,
      decided: 0,
      causes: { width: 0, polynomial: 0, reflection: 0, 'init/xorout': 0 },
    };
    tallies.set(c.params.width, t);
    t.algorithms.add(c.name);
    t.runs++;
    const r = identify(c);
    const where = `${c.name}, seed ${seed}`;
    if (oracleWidth >= c.params.width && BigInt(bruteForceFunctions(c.samples, r.widths).size) !== r.remaining)
      problems.push(`${where}: the oracle counts another number of CRCs than ${r.remaining}`);
    if (r.remaining === 1n) {
      if (!r.matches[0]?.names.includes(c.name)) problems.push(`${where}: one set, not the algorithm`);
      continue;
    }
    t.ambiguous++;
    // Catalogue algorithms first (two may fit), then families with one inside first.
    const at = r.matches.findIndex((m) => m.names.includes(c.name));
    const first =
      at >= 0 ? r.matches.slice(0, at).every((m) => m.names.length > 0) : !!r.families[0]?.names.includes(c.name);
    if (!first) problems.push(`${where}: not listed first`);
    if (new Set(r.matches.map((m) => functionOf(m.params))).size !== r.matches.length)
      problems.push(`${where}: a CRC listed twice`);
    for (const o of [...r.matches.slice(1).map((m) => m.params), ...r.families.map((f) => f.example)])
      t.causes[causeOf(c.params, o)]++;
    if (r.decider) {
      const decided = identify(c, [...c.samples, sampleOf(c.params, r.decider)]);
      if (decided.remaining === 1n) t.decided++;
      else problems.push(`${where}: one more sample of the decider leaves ${decided.remaining}`);
    }
  }
}

const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
console.log(`| W | algorithms | not unique | the other sets differ in | one more sample decides |`);
console.log(`| -: | -: | -: | --- | -: |`);
let runs = 0;
let ambiguous = 0;
for (const [width, t] of [...tallies].sort((a, b) => a[0] - b[0])) {
  runs += t.runs;
  ambiguous += t.ambiguous;
  const others = Object.values(t.causes).reduce((a, b) => a + b, 0);
  const causes = (Object.entries(t.causes) as [Cause, number][])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([cause, n]) => `${cause} ${percent(n, others)}`)
    .join(', ');
  const decided = t.ambiguous ? percent(t.decided, t.ambiguous) : '-';
  console.log(`| ${width} | ${t.algorithms.size} | ${percent(t.ambiguous, t.runs)} | ${causes || '-'} | ${decided} |`);
}
console.log(
  `\n${ambiguous} of ${runs} reports not unique (${percent(ambiguous, runs)}), ${draws} draws of the 112 algorithms, ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s${oracleWidth ? `, oracle up to W = ${oracleWidth}` : ''}`,
);
if (problems.length) {
  console.log(`${problems.length} problems:\n${problems.slice(0, 50).join('\n')}`);
  process.exitCode = 1;
}
