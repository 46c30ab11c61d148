import { describe, expect, it } from 'vitest';
import { redactUrl } from './url-privacy';

/** A short unsigned token (alg none): shorter than a content value, so only its shape gives it away. */
const JWT = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';

describe('redactUrl', () => {
  it.each([
    ['/jwt-debugger#token=eyJhbGciOi.x.y', '/jwt-debugger'],
    ['https://a.example/p?x=1&token=abc#frag', 'https://a.example/p?x=1&token=REDACTED'],
    [
      '/p?api_key=1&client-secret=2&Password=3&jwt=4&code=5',
      '/p?api_key=REDACTED&client-secret=REDACTED&Password=REDACTED&jwt=REDACTED&code=REDACTED',
    ],
    ['/p?keyboard=us&monkey=1&zipcode=2', '/p?keyboard=us&monkey=1&zipcode=2'],
    ['/p?%74oken=abc', '/p?token=REDACTED'],
    ['/p?bad=%E0%A4%A&key=1', '/p?bad=%E0%A4%A&key=REDACTED'],
    ['/p?', '/p'],
    // A permalink's lists (packed) and long values are the user's content; short settings stay.
    [
      '/crc-generator?tab=identify&samples=TczLDYQwDE&width=32',
      '/crc-generator?tab=identify&samples=REDACTED&width=32',
    ],
    [
      '/fsm-generator?states=eJy&transitions=eJz&encoding=gray',
      '/fsm-generator?states=REDACTED&transitions=REDACTED&encoding=gray',
    ],
    // The FSM's names typed by the user (a state's, the module's, the clock's and reset's) too.
    [
      '/fsm-generator?moduleName=payroll&resetState=AUDIT&clkName=c&resetName=r&fsmType=mealy',
      '/fsm-generator?moduleName=REDACTED&resetState=REDACTED&clkName=REDACTED&resetName=REDACTED&fsmType=mealy',
    ],
    [`/crc-generator?init=${'f'.repeat(100)}`, `/crc-generator?init=${'f'.repeat(100)}`],
    [`/crc-generator?init=${'f'.repeat(101)}`, '/crc-generator?init=REDACTED'],
    ['/plain', '/plain'],
    // A URL's user name and password (http://user:pass@host/) are credentials too.
    ['http://user:pass@a.example/p?x=1', 'http://REDACTED@a.example/p?x=1'],
    ['https://alice@a.example:8080/p', 'https://REDACTED@a.example:8080/p'],
    ['http://a@b:c@a.example/p@q', 'http://REDACTED@a.example/p@q'],
    ['/p/@scope/pkg', '/p/@scope/pkg'],
    // A token pasted into the address anywhere but a named parameter: a path segment, a bare query,
    // a parameter of another name (JWTs are recognisable: a base64url JSON header, eyJ...).
    [`/jwt-debugger/${JWT}`, '/jwt-debugger/REDACTED'],
    [`/jwt-debugger?${JWT}`, '/jwt-debugger?REDACTED'],
    [`/jwt-debugger?t=${JWT}&x=1`, '/jwt-debugger?t=REDACTED&x=1'],
    [`/jwt-debugger;v=1/${JWT}/more`, '/jwt-debugger;v=1/REDACTED/more'],
    // Percent-encoded, in part or whole (an encoded unreserved character means the character).
    [`/jwt/${JWT.replaceAll('.', '%2E')}`, '/jwt/REDACTED'],
    [`/jwt/${JWT.replaceAll('.', '%2e')}/x`, '/jwt/REDACTED/x'],
    [`/jwt?t=%65%79%4A${JWT.slice(3)}`, '/jwt?t=REDACTED'],
    ['/p/a%2Fb%3Fc%25', '/p/a%2Fb%3Fc%25'],
    // After a percent-encoded separator: a quote, a space (`Bearer%20eyJ...`), `=` or `/`.
    [`/p?q=%22${JWT}%22`, '/p?q=%22REDACTED%22'],
    [`/p?h=Bearer%20${JWT}`, '/p?h=Bearer%20REDACTED'],
    [`/jwt/a%2F${JWT}`, '/jwt/a%2FREDACTED'],
    [`/p?t=%3d${JWT}`, '/p?t=%3dREDACTED'],
    // A bare query (no =) as long as a content value is a paste too.
    [`/crc-generator?${'f'.repeat(101)}`, '/crc-generator?REDACTED'],
    [`/crc-generator?x=1&${'f'.repeat(101)}`, '/crc-generator?x=1&REDACTED'],
    ['/p?flag&x=1', '/p?flag&x=1'],
  ])('%s -> %s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});
