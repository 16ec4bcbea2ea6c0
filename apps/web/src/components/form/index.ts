export { FormCheckbox, type FormCheckboxProps } from './FormCheckbox';
export { FormSelect, type FormSelectProps, type SelectOption } from './FormSelect';
export { FormTextField, type FormTextFieldProps } from './FormTextField';
