import { defineTool } from '../../app/tool';

export const tool = defineTool({
  kind: 'tool',
  folder: 'csv-json',
  path: '/csv-json-converter',
  title: 'CSV and JSON Converter',
  description: 'Convert CSV to JSON and JSON to CSV with any delimiter and correct quoting.',
  groups: { converters: 2 },
  keywords: [
    'csv',
    'tsv',
    'json',
    'csv to json',
    'json to csv',
    'spreadsheet',
    'excel',
    'table',
    'delimiter',
    'convert',
  ],
  analyticsName: 'CSV and JSON Converter',
  icon: 'table',
});
