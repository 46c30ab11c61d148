/** The kit's markup: every control is named by its visible label, options show their text. */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { CheckboxField, NumberField, SelectField, TextField } from '.';

const none = () => {};

describe('form fields', () => {
  it('labels a control by id, or by wrapping it when there is no id', () => {
    expect(
      renderToStaticMarkup(
        <SelectField id="baud" label="Baud Rate" value={9600} options={[9600, 115200]} onChange={none} />,
      ),
    ).toBe(
      '<div class="field"><label for="baud">Baud Rate</label><select id="baud">' +
        '<option value="9600" selected="">9600</option><option value="115200">115200</option></select></div>',
    );
    expect(renderToStaticMarkup(<TextField label="Indentation" value="2" onChange={none} />)).toBe(
      '<label class="field">Indentation<input value="2"/></label>',
    );
    expect(renderToStaticMarkup(<CheckboxField label="Enable ECC" checked onChange={none} />)).toBe(
      '<label><input type="checkbox" checked=""/>Enable ECC</label>',
    );
  });

  it('shows labelled options, groups and number limits', () => {
    const html = renderToStaticMarkup(
      <SelectField<string>
        id="algo"
        label="Algorithm"
        value="b"
        options={[{ value: '', label: 'Custom' }]}
        groups={[{ label: '16-bit', options: [{ value: 'b', label: 'CRC-16' }] }]}
        onChange={none}
      />,
    );
    expect(html).toContain('<option value="">Custom</option><optgroup label="16-bit">');
    expect(html).toContain('<option value="b" selected="">CRC-16</option></optgroup>');
    const number = renderToStaticMarkup(
      <NumberField id="d" label="Depth" min={2} max={8} step={1} value="4" invalid={false} onChange={none} />,
    );
    expect(number).toContain('<label for="d">Depth</label><input id="d" type="number" min="2" max="8" step="1"');
    expect(number).toContain('aria-invalid="false"');
    expect(number).toContain('value="4"');
  });
});
