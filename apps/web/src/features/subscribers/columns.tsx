import type { TSubscriber } from '@lockerops/contract';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../lib/format';

/** A subscriber as a table row: one user holding one membership, `id` made of both. */
export type TSubscriberRow = TSubscriber & { id: string };

/** Columns of the subscribers list (spec console §2): user, e-mail, subscription, used, subscribed. */
export const subscriberColumns = (
  /** the `subscribers` namespace's translate function */
  t: TFunction,
): GridColDef<TSubscriberRow>[] => [
  {
    field: 'user',
    headerName: t('column.user'),
    flex: 1,
    sortable: false,
    valueGetter: (_v, row) => row.user.name,
  },
  {
    field: 'email',
    headerName: t('column.email'),
    flex: 1.2,
    sortable: false,
    valueGetter: (_v, row) => row.user.email,
  },
  {
    field: 'membership',
    headerName: t('column.subscription'),
    flex: 1,
    sortable: false,
    valueGetter: (_v, row) => row.membership.name,
  },
  { field: 'used_transactions', headerName: t('column.used'), width: 160, sortable: false },
  {
    field: 'created_at',
    headerName: t('column.subscribed'),
    width: 190,
    valueGetter: (_v, row) => formatDateTime(row.created_at),
  },
];
