import { PROMO_MESSAGES, type TPromo } from '@lockerops/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListActions, ListPage } from '../../components/ListPage';
import { useEnumLabel } from '../../i18n/enums';
import { promoColumns } from './columns';
import { PROMOS_ENDPOINT, promosKey, ZPromoPage } from './hooks';
import { PromoFormDialog } from './PromoFormDialog';

/** /promo-codes (spec operational §2 Promos): Add Promo, search, table, edit, delete, admin bulk delete. */
export function PromoCodesPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('promos');
  const label = useEnumLabel();
  const columns = useCallback((a: ListActions<TPromo>) => promoColumns(t, label, a), [t, label]);
  return (
    <ListPage<TPromo>
      ns="promos"
      endpoint={PROMOS_ENDPOINT}
      queryKey={promosKey}
      schema={ZPromoPage}
      columns={columns}
      filterPage="promo-codes"
      deletedMessage={PROMO_MESSAGES.deleted}
      dialog={({ row, ...p }) => <PromoFormDialog promo={row} {...p} />}
      disableVirtualization={disableVirtualization}
    />
  );
}
