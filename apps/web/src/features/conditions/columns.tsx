import type { TCondition } from '@lockerops/contract';
import { Switch } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { rowActionsColumn } from '../../components/DataTable';
import type { ListActions } from '../../components/ListPage';

interface ConditionColumnOptions extends ListActions<TCondition> {
  onToggle: (c: TCondition, flag: 'auto_report' | 'auto_maintenance', value: boolean) => void;
  onClone: (c: TCondition) => void;
  t: TFunction;
}

/**
 * Columns of spec operational §2 Conditions: select (the grid's checkbox), condition, products
 * assigned, auto maintenance, report issue, action. Members see the toggles disabled and no edit,
 * clone or delete (spec §1).
 */
export function conditionColumns({ isAdmin, onToggle, edit, onClone, remove, t }: ConditionColumnOptions) {
  const toggle = (flag: 'auto_report' | 'auto_maintenance', headerName: string): GridColDef<TCondition> => ({
    field: flag,
    headerName,
    width: 150,
    renderCell: ({ row }) => (
      <Switch
        size="small"
        checked={row[flag]}
        disabled={!isAdmin}
        slotProps={{
          input: { 'aria-label': t('conditions:toggleOf', { flag: headerName, name: row.name }) },
        }}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => onToggle(row, flag, e.target.checked)}
      />
    ),
  });
  const columns: GridColDef<TCondition>[] = [
    { field: 'name', headerName: t('conditions:field.condition'), flex: 1, minWidth: 160 },
    {
      field: 'products',
      headerName: t('conditions:field.productsAssigned'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueGetter: (_v, row) => (row.products_count ? row.products.map((p) => p.name).join(', ') : '0'),
    },
    toggle('auto_maintenance', t('conditions:field.autoMaintenance')),
    toggle('auto_report', t('conditions:field.reportIssue')),
    rowActionsColumn<TCondition>(isAdmin ? { onEdit: edit, onClone, onDelete: remove } : {}),
  ];
  return columns;
}
