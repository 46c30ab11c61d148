/**
 * Labelled form fields, written once: the visible label is each control's accessible name (axe's
 * label-content-name-mismatch), values stay typed. Pages keep their own layout classes.
 */
export { Field, type FieldProps } from './Field';
export {
  Select,
  SelectField,
  type SelectGroup,
  type SelectOption,
  type SelectOptions,
  type SelectProps,
  type SelectValue,
} from './Select';
export { NumberField, TextField, emptyAsChooserOpens } from './InputFields';
export { CheckboxField } from './CheckboxField';
export { FieldError, describedByError } from './FieldError';
