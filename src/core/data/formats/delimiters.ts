/** The CSV delimiters offered (apart from csv.ts so that the page can list them without papaparse). */
export const DELIMITERS = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe (|)' },
] as const;
export type Delimiter = (typeof DELIMITERS)[number]['value'];
