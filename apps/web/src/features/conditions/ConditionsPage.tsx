import type { TCondition } from '@lockerops/contract';
import { Switch } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, rowActionsColumn } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { ConditionFormDialog } from './ConditionFormDialog';
import {
  CONDITIONS_ENDPOINT,
  conditionsKey,
  useCloneCondition,
  useDeleteCondition,
  useToggleCondition,
  ZConditionPage,
} from './hooks';

interface ConditionColumnOptions {
  isAdmin: boolean;
  onToggle: (c: TCondition, flag: 'auto_report' | 'auto_maintenance', value: boolean) => void;
  onEdit: (c: TCondition) => void;
  onClone: (c: TCondition) => void;
  onDelete: (c: TCondition) => void;
  t: TFunction;
}

/**
 * Columns of spec operational §2 Conditions: select (the grid's checkbox), condition, products
 * assigned, auto maintenance, report issue, action. Members see the toggles disabled and no edit,
 * clone or delete (spec §1).
 */
export function conditionColumns({
  isAdmin,
  onToggle,
  onEdit,
  onClone,
  onDelete,
  t,
}: ConditionColumnOptions) {
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
    rowActionsColumn<TCondition>(isAdmin ? { onEdit, onClone, onDelete } : {}),
  ];
  return columns;
}

/**
 * /conditions (spec operational §2 Conditions): Add Condition, the searchable, sortable, paged table,
 * auto flag toggles ('Saved successfully'), clone ('Condition cloned'), edit and delete for admins.
 */
export function ConditionsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [dialog, setDialog] = useState<{ condition: TCondition | null } | null>(null);
  const [deleting, setDeleting] = useState<TCondition | null>(null);
  const toggle = useToggleCondition();
  const clone = useCloneCondition();
  const remove = useDeleteCondition();
  const { t } = useTranslation('conditions');

  const columns = useMemo(
    () =>
      conditionColumns({
        isAdmin,
        onToggle: (c, flag, value) => toggle.mutate({ id: c.id, flag, value }),
        onEdit: (condition) => setDialog({ condition }),
        onClone: (c) => clone.mutate(c.id),
        onDelete: setDeleting,
        t,
      }),
    [isAdmin, toggle.mutate, clone.mutate, t],
  );

  return (
    <>
      <PageTitle
        title={t('title')}
        actions={addAction(t('action.add'), () => setDialog({ condition: null }))}
      />
      <DataTable<TCondition>
        queryKey={conditionsKey}
        endpoint={CONDITIONS_ENDPOINT}
        schema={ZConditionPage}
        columns={columns}
        filterPage="conditions"
        canSelect={isAdmin}
        bulkDelete
        exportModel="condition"
        onRowClick={isAdmin ? (condition) => setDialog({ condition }) : undefined}
        disableVirtualization={disableVirtualization}
      />
      <ConditionFormDialog
        open={!!dialog}
        condition={dialog?.condition ?? null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        destructive
        open={!!deleting}
        message={t('deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
