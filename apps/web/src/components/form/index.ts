export { FormCheckbox } from './FormCheckbox';
export { FormSearchPicker } from './FormSearchPicker';
export { FormSelect } from './FormSelect';
export { FormTextField } from './FormTextField';
