export { FormDialog } from './FormDialog';
