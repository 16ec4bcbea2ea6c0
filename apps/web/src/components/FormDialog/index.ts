export { FormDialog, type FormDialogProps, type FormDialogTab } from './FormDialog';
