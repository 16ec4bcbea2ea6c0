import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocationZone } from '../../api/place';
import { HistoryEntries, useHistoryFields } from '../../components/HistoryLog';
import { DEVICE_HISTORY_ENUMS, DEVICE_HISTORY_LABELS } from './historyFields';
import { deviceQueries } from './hooks';

/**
 * The "Device History Log" tab (spec operational §3 Device history log entry: log_type,
 * created_at, event {invoice_id}): `GET device-logs/{id}`, newest first, each step of a transaction
 * held on the door marked with that transaction's invoice number. Times are on the wall clock of the
 * device's location (its own zone, else the organization's), the zone named. Changed fields carry
 * the catalog's labels, enum values their labels, and the ids of related records (its location,
 * size, price, product, a user, a transaction) their names from the answer's `names`.
 */
export function DeviceHistoryLog({ id, idLocation }: { id: string; idLocation: string | null }) {
  const { t } = useTranslation('devices');
  const zone = useLocationZone(idLocation);
  const fields = useHistoryFields('devices', DEVICE_HISTORY_LABELS, DEVICE_HISTORY_ENUMS);
  const logs = useQuery({
    ...deviceQueries.logs(id),
    select: (r) => ({
      items: r.items.map((l) => ({
        id: l.id,
        action: l.log_type,
        actor_type: l.actor_type,
        actor_name: l.actor_name,
        changes: l.changes,
        created_at: l.created_at,
        reference: l.event?.invoice_id ? t('form.transaction', { invoice: l.event.invoice_id }) : null,
      })),
      names: r.names,
    }),
  });
  return <HistoryEntries query={logs} timeZone={zone} fields={fields} />;
}
