export { ResourceFormDialog } from './ResourceFormDialog';
