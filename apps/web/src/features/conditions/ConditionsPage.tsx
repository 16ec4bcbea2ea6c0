import type { TCondition } from '@lockerops/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListActions, ListPage } from '../../components/ListPage';
import { ConditionFormDialog } from './ConditionFormDialog';
import { conditionColumns } from './columns';
import {
  CONDITIONS_ENDPOINT,
  conditionsKey,
  useCloneCondition,
  useDeleteCondition,
  useToggleCondition,
  ZConditionPage,
} from './hooks';

/**
 * /conditions (spec operational §2 Conditions): Add Condition, the searchable, sortable, paged table,
 * auto flag toggles ('Saved successfully'), clone ('Condition cloned'), edit and delete for admins.
 */
export function ConditionsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const toggle = useToggleCondition();
  const clone = useCloneCondition();
  const remove = useDeleteCondition();
  const { t } = useTranslation('conditions');
  const columns = useCallback(
    (a: ListActions<TCondition>) =>
      conditionColumns({
        ...a,
        onToggle: (c, flag, value) => toggle.mutate({ id: c.id, flag, value }),
        onClone: (c) => clone.mutate(c.id),
        t,
      }),
    [toggle.mutate, clone.mutate, t],
  );
  return (
    <ListPage<TCondition>
      ns="conditions"
      addLabel={t('action.add')}
      endpoint={CONDITIONS_ENDPOINT}
      queryKey={conditionsKey}
      schema={ZConditionPage}
      columns={columns}
      filterPage="conditions"
      exportModel="condition"
      removal={remove}
      confirmDelete={(c) => ({ message: t('deleteConfirm', { name: c.name }) })}
      rowClick="admins"
      dialog={({ row, open, onClose }) => (
        <ConditionFormDialog condition={row} open={open} onClose={onClose} />
      )}
      disableVirtualization={disableVirtualization}
    />
  );
}
