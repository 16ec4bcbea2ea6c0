export { FormCheckbox } from './FormCheckbox';
export { FormSelect } from './FormSelect';
export { FormTextField } from './FormTextField';
