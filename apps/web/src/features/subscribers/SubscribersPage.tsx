import { membershipsEndpoints, type TSubscriber, ZSubscriber, zPage } from '@lockerops/contract';
import type { GridColDef } from '@mui/x-data-grid';
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

const columns: GridColDef<TSubscriberRow>[] = [
  { field: 'user', headerName: 'User', flex: 1, sortable: false, valueGetter: (_v, row) => row.user.name },
  {
    field: 'email',
    headerName: 'Email',
    flex: 1.2,
    sortable: false,
    valueGetter: (_v, row) => row.user.email,
  },
  {
    field: 'membership',
    headerName: 'Subscription',
    flex: 1,
    sortable: false,
    valueGetter: (_v, row) => row.membership.name,
  },
  { field: 'used_transactions', headerName: 'Used Transactions', width: 160, sortable: false },
  {
    field: 'created_at',
    headerName: 'Subscribed',
    width: 190,
    valueGetter: (_v, row) => formatDateTime(row.created_at),
  },
];

/** /subscribers (spec console §2): users holding a membership, searchable and paged. */
export function SubscribersPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  return (
    <>
      <PageTitle title="Subscribers" />
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
