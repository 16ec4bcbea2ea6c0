import { membershipsEndpoints, type TSubscriber, ZSubscriber, zPage } from '@lockerops/contract';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client';
import { DataTable } from '../../components/DataTable';
import type { ListQuery } from '../../components/DataTable/useListParams';
import { PageTitle } from '../../components/PageTitle';
import { formatDateTime } from '../../lib/format';

type TSubscriberRow = TSubscriber & { id: string };
const SUBSCRIBERS_ENDPOINT = { list: membershipsEndpoints.memberships.subscribers };
const ZSubscriberPage = zPage(ZSubscriber);

/** `GET memberships/subscribers`; a row is one user holding one membership. */
async function fetchSubscribers(query: ListQuery, signal: AbortSignal) {
  const page = await apiCall(membershipsEndpoints.memberships.subscribers, {
    query,
    schema: ZSubscriberPage,
    signal,
  });
  return { ...page, items: page.items.map((s) => ({ ...s, id: `${s.membership.id}:${s.user.id}` })) };
}

const columnsOf = (t: TFunction): GridColDef<TSubscriberRow>[] => [
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

/** /subscribers (spec console §2): users holding a membership, searchable and paged. */
export function SubscribersPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('subscribers');
  const columns = useMemo(() => columnsOf(t), [t]);
  return (
    <>
      <PageTitle title={t('title')} />
      <DataTable<TSubscriberRow>
        queryKey={['subscribers']}
        endpoint={SUBSCRIBERS_ENDPOINT}
        fetcher={fetchSubscribers}
        columns={columns}
        filterPage="subscribers"
        canSelect={false}
        disableVirtualization={disableVirtualization}
      />
    </>
  );
}
