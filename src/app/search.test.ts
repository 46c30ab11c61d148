import { describe, expect, it } from 'vitest';
import { pages } from './registry';
import { searchPages } from './search';

const top = (query: string) => searchPages(query, pages)[0]?.path;

describe('tool search', () => {
  it.each([
    ['crc', '/crc-generator'],
    ['CRC', '/crc-generator'],
    ['yaml', '/json-yaml-converter'],
    ['yml', '/json-yaml-converter'],
    ['jwt', '/jwt-debugger'],
    ['token', '/jwt-debugger'],
    ['bearer', '/jwt-debugger'],
    ['base64', '/base64-converter'],
    ['b64', '/base64-converter'],
    ['subnet', '/ip-subnet'],
    ['cidr', '/ip-subnet'],
    ['netmask', '/ip-subnet'],
    ['gradient', '/gradient-generator'],
    ['contrast', '/color-contrast'],
    ['wcag', '/color-contrast'],
    ['csv', '/csv-json-converter'],
    ['uart', '/uart-generator'],
    ['fifo', '/fifo-generator'],
    ['state machine', '/fsm-generator'],
    ['percent encoding', '/url-encoder'],
    ['json format', '/json-formatter'],
  ])('"%s" lists %s first', (query, path) => {
    expect(top(query)).toBe(path);
  });

  // What the CRC page does beyond Verilog and VHDL (CRC names of every width, Identify, software code).
  it.each([
    ['crc64', '/crc-generator'],
    ['crc-64', '/crc-generator'],
    ['crc 8', '/crc-generator'],
    ['crc24', '/crc-generator'],
    ['modbus', '/crc-generator'],
    ['cyclic redundancy check', '/crc-generator'],
    ['identify crc', '/crc-generator'],
    ['reveng', '/crc-generator'],
    ['crc python', '/crc-generator'],
    ['rust crc', '/crc-generator'],
    ['typescript crc', '/crc-generator'],
  ])('"%s" lists %s first', (query, path) => {
    expect(top(query)).toBe(path);
  });

  it.each([
    ['gradeint', '/gradient-generator'],
    ['subnte', '/ip-subnet'],
    ['jwr', '/jwt-debugger'],
    ['contarst', '/color-contrast'],
    ['genrator crc', '/crc-generator'],
  ])('tolerates the typo "%s"', (query, path) => {
    expect(top(query)).toBe(path);
  });

  // The same word in another form: "subnetting" found no tool at all, "formatting" neither.
  it.each([
    ['subnetting', '/ip-subnet'],
    ['formatting json', '/json-formatter'],
    ['converting yaml', '/json-yaml-converter'],
    ['validating json', '/json-formatter'],
    ['generating crc', '/crc-generator'],
    ['decoding jwt', '/jwt-debugger'],
    ['debugging jwt', '/jwt-debugger'],
  ])('finds "%s" by the word\'s stem', (query, path) => {
    expect(top(query)).toBe(path);
  });

  it('lists the titles a word starts before those it ends ("json": the formatter before CSV and JSON)', () => {
    // All three titles have the word; declaration order put "CSV and JSON Converter" above the formatter.
    const paths = searchPages('json', pages).map((p) => p.path);
    expect(paths.slice(0, 2).sort()).toEqual(['/json-formatter', '/json-yaml-converter']);
    expect(paths[2]).toBe('/csv-json-converter');
    expect(top('converter json')).toBe('/json-yaml-converter');
  });

  it('finds nothing for a word no tool has, and every page for an empty query', () => {
    expect(searchPages('zzzqqq', pages)).toEqual([]);
    expect(searchPages('  ', pages)).toHaveLength(pages.length);
  });

  it('needs every word of the query to match', () => {
    expect(searchPages('crc yaml', pages)).toEqual([]);
  });

  it('lists built tools before announced ones that match as well', () => {
    const hits = searchPages('generator', pages);
    const firstPlaceholder = hits.findIndex((p) => p.kind === 'placeholder');
    expect(firstPlaceholder).toBeGreaterThan(0);
    expect(hits.slice(firstPlaceholder).every((p) => p.kind === 'placeholder')).toBe(true);
  });
});
