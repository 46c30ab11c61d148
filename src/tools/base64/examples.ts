/** Example inputs per mode (spec: encode simple, unicode, special, multiline, json; decode simple, unicode, multiline, json, image). */
import type { Mode } from '../../core/base64/convert';

interface Example {
  id: string;
  label: string;
  text: string;
}

const ENCODE: Example[] = [
  { id: 'simple', label: 'Simple', text: 'Hello, World!' },
  { id: 'unicode', label: 'Unicode', text: 'Hello, 世界! 🌍 Ça va? Привет' },
  { id: 'special', label: 'Special', text: 'Special chars: !@#$%^&*()_+-=[]{}|;\':",./<>?`~' },
  { id: 'multiline', label: 'Multiline', text: 'Line 1: BitSmith\nLine 2: Base64 converter\nLine 3: The end' },
  { id: 'json', label: 'JSON', text: '{\n  "name": "BitSmith",\n  "tool": "Base64 Converter",\n  "free": true\n}' },
];

const DECODE: Example[] = [
  { id: 'simple', label: 'Simple', text: 'SGVsbG8sIFdvcmxkIQ==' },
  { id: 'unicode', label: 'Unicode', text: 'SGVsbG8sIOS4lueVjCEg8J+MjSDDh2EgdmE/INCf0YDQuNCy0LXRgg==' },
  {
    id: 'multiline',
    label: 'Multiline',
    text: 'TGluZSAxOiBCaXRTbWl0aApMaW5lIDI6IEJhc2U2NCBjb252ZXJ0ZXIKTGluZSAzOiBUaGUgZW5k',
  },
  {
    id: 'json',
    label: 'JSON',
    text: 'ewogICJuYW1lIjogIkJpdFNtaXRoIiwKICAidG9vbCI6ICJCYXNlNjQgQ29udmVydGVyIiwKICAiZnJlZSI6IHRydWUKfQ==',
  },
  // A 1x1 PNG: binary data, shown lossily as text; Download gives the exact image bytes.
  {
    id: 'image',
    label: 'Image',
    text: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  },
];

export function examplesFor(mode: Mode): Example[] {
  return mode === 'encode' ? ENCODE : DECODE;
}
