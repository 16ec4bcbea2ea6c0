import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTableFooter } from '../../components/PagedTableFooter';
import { formatDateTime } from '../../lib/format';
import { useDeliveries } from './hooks';
import { SendTest } from './SendTest';

const COLOURS = { queued: 'default', sending: 'info', sent: 'success', failed: 'error' } as const;

/**
 * The "Delivery log" tab of a template: Send test (renders the template with sample data
 * and sends it to the address typed, the member's own to begin with) and every message sent or failed — channel, recipient masked,
 * status, attempts, the provider's answer and when.
 */
export function DeliveryLog({ id }: { id: string }) {
  const { t } = useTranslation('notifications');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(25);
  const log = useDeliveries(id, page + 1, size);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
      <SendTest id={id} />
      <Table size="small" aria-label={t('log.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('log.when')}</TableCell>
            <TableCell>{t('log.channel')}</TableCell>
            <TableCell>{t('log.recipient')}</TableCell>
            <TableCell>{t('log.status')}</TableCell>
            <TableCell>{t('log.attempts')}</TableCell>
            <TableCell>{t('log.answer')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(log.data?.items ?? []).map((d) => (
            <TableRow key={d.id}>
              <TableCell>{formatDateTime(d.sent_at ?? d.send_after)}</TableCell>
              <TableCell>
                {d.kind === 'customer'
                  ? t(`channel.${d.channel === 'email' ? 'email' : 'sms'}`)
                  : t('log.kind', {
                      channel: t(`channel.${d.channel === 'email' ? 'email' : 'sms'}`),
                      kind: d.kind,
                    })}
              </TableCell>
              <TableCell>{d.recipient}</TableCell>
              <TableCell>
                <Chip size="small" label={t(`log.status_${d.status}`)} color={COLOURS[d.status]} />
              </TableCell>
              <TableCell>{d.attempts}</TableCell>
              <TableCell>{d.provider_answer ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <PagedTableFooter
        rows={log.data?.items.length}
        total={log.data?.total ?? 0}
        page={page}
        size={size}
        onPage={setPage}
        onSize={setSize}
      />
    </Box>
  );
}
