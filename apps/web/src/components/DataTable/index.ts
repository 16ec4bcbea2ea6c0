export { DataTable } from './DataTable';
export { rowActionsColumn } from './rowActionsColumn';
export { useListParams } from './useListParams';
