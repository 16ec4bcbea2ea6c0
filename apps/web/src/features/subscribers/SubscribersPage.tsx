import { membershipsEndpoints, ZSubscriber, zPage } from '@lockerops/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client';
import { DataTable } from '../../components/DataTable';
import type { ListQuery } from '../../components/DataTable/useListParams';
import { PageTitle } from '../../components/PageTitle';
import { subscriberColumns, type TSubscriberRow } from './columns';

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

/** /subscribers (spec console §2): users holding a membership, searchable and paged. */
export function SubscribersPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('subscribers');
  const columns = useMemo(() => subscriberColumns(t), [t]);
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
