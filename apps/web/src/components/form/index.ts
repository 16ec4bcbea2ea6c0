export { FormAutocomplete } from './FormAutocomplete';
export { FormCheckbox } from './FormCheckbox';
export { FormSearchPicker } from './FormSearchPicker';
export { FormSearchPickerMany } from './FormSearchPickerMany';
export { FormSelect } from './FormSelect';
export { FormTextField } from './FormTextField';
export { SearchPickerMany } from './SearchPickerMany';
export { useDialogForm } from './useDialogForm';
