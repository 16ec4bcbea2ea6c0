import { PRICE_MESSAGES, type TPrice } from '@lockerops/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListActions, ListPage } from '../../components/ListPage';
import { useEnumLabel } from '../../i18n/enums';
import { priceColumns } from './columns';
import { PRICES_ENDPOINT, pricesKey, ZPricePage } from './hooks';
import { PriceFormDialog } from './PriceFormDialog';

/**
 * /pay-per (spec operational §2 Prices): Add Price, search, the prices table (name, unit type,
 * amount, unit amount, unit, card on file, default), edit, delete, admin bulk delete.
 */
export function PayPerPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('prices');
  const label = useEnumLabel();
  const columns = useCallback((a: ListActions<TPrice>) => priceColumns(t, label, a), [t, label]);
  return (
    <ListPage<TPrice>
      ns="prices"
      endpoint={PRICES_ENDPOINT}
      queryKey={pricesKey}
      schema={ZPricePage}
      columns={columns}
      filterPage="pay-per"
      deletedMessage={PRICE_MESSAGES.deleted}
      dialog={({ row, ...p }) => <PriceFormDialog price={row} {...p} />}
      disableVirtualization={disableVirtualization}
    />
  );
}
