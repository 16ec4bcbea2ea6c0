import { AUDIT_SECRET_CHANGED, AUDIT_SECRET_FIELD, type THistoryEntry } from '@lockerops/contract';
import { Box, Chip, CircularProgress, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../api/errors';
import { useHistory } from '../api/history';
import { ENUM_GROUPS, type TEnumGroup, useEnumLabel } from '../i18n/enums';
import { formatDateTime, zoneLabel } from '../lib/format';

/** Audit actions and actors with a label in the catalogs (`history.action.*`, `history.actor.*`). */
const ACTIONS = new Set([
  'activate',
  'assign',
  'auto_maintenance',
  'cancel',
  'charge',
  'complete',
  'confirm_payment',
  'courier_dropoff',
  'create',
  'create_delivery',
  'delete',
  'deny',
  'disable',
  'dropoff',
  'enable',
  'end',
  'expire',
  'kiosk_move',
  'kiosk_remove',
  'lock_settings',
  'lock_status',
  'lock_vendor_removed',
  'lock_vendor_saved',
  'maintenance',
  'payment_failed',
  'penalize',
  'pickup',
  'purchase',
  'reassign',
  'refund',
  'report_issue',
  'resend_code',
  'resend-password',
  'return',
  'share',
  'start',
  'unassign',
  'unlock',
  'update',
  'user_pickup',
  'verify',
  'wrong_code',
]);
const ACTORS = new Set(['member', 'api_key', 'system']);

/** A value of a change, as text: empty → '—', objects as JSON. */
export function historyValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * How a timeline names its changed fields and shows their values, from an area's catalog: `label`
 * answers a wire field's label (`locker_number` → "Fachnummer"), `value` a value's text (an enum's
 * label); undefined leaves the field or value as stored.
 */
export interface HistoryFields {
  label(field: string): string | undefined;
  value?(field: string, value: unknown): string | undefined;
}

/**
 * An area's `HistoryFields` from its catalog: `labels` maps a wire field to a key of the area's
 * namespace `ns` (`{ locker_number: 'field.lockerNumber' }`), `enums` a field to its enum group (its
 * values shown through `useEnumLabel`); true and false read Yes and No.
 */
export function useHistoryFields(
  ns: string,
  labels: Readonly<Record<string, string>>,
  enums: Readonly<Record<string, TEnumGroup>> = {},
): HistoryFields {
  const { t } = useTranslation(ns);
  const label = useEnumLabel();
  return useMemo(
    () => ({
      label: (field) => (labels[field] ? t(labels[field]) : undefined),
      value: (field, v) => {
        if (typeof v === 'boolean') return t(v ? 'common:button.yes' : 'common:button.no');
        // a secret's entry holds only the fact that it changed
        if (v === AUDIT_SECRET_CHANGED && AUDIT_SECRET_FIELD.test(field))
          return t('common:history.secretChanged');
        const group = enums[field];
        // a field may hold another kind's value (a transaction step's status on a door's log)
        return group && typeof v === 'string' && (ENUM_GROUPS[group] as readonly string[]).includes(v)
          ? label(group, v)
          : undefined;
      },
    }),
    [t, label, labels, enums],
  );
}

export interface HistoryLogProps {
  /** the entity path segment, e.g. 'sizes' (`GET history/{entity}/{id}`) */
  entity: string;
  id: string;
  /** heading above the timeline, e.g. 'Asset History Log' */
  title?: string;
  /** the place's IANA zone: times are read on its wall clock, the zone named (else the page's zone) */
  timeZone?: string;
  /** the changed fields' labels and values in the console's language */
  fields?: HistoryFields;
}

/**
 * The "History Log" tab of edit dialogs: a newest-first timeline of `GET history/{entity}/{id}` with who
 * acted, when (MM/DD/YYYY hh:mm A, in the place's `timeZone` when given, else the page's zone) and
 * each changed field as before → after (named and shown through `fields` when given).
 */
export function HistoryLog({ entity, id, title, timeZone, fields }: HistoryLogProps) {
  const history = useHistory(entity, id);
  return <HistoryEntries query={history} title={title} timeZone={timeZone} fields={fields} />;
}

/** One entry of a timeline; `reference` names what it belongs to (a device's transaction). */
export type THistoryLine = THistoryEntry & { reference?: string | null };

/**
 * The timeline of a history query: loading, its error, or its entries newest first. With a
 * `timeZone` (a place's), every time is on that zone's wall clock with its abbreviation, and the
 * zone is named above the timeline.
 */
export function HistoryEntries({
  query,
  title,
  timeZone,
  fields,
}: {
  query: {
    isPending: boolean;
    error: unknown;
    data?: { items: THistoryLine[]; names?: Readonly<Record<string, string>> };
  };
  title?: string;
  timeZone?: string;
  fields?: HistoryFields;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <CircularProgress size={24} aria-label={t('table.loading')} />;
  if (query.error || !query.data) return <Typography color="error">{formatApiError(query.error)}</Typography>;
  const items = query.data.items;
  return (
    <Box>
      {title ? (
        <Typography variant="h6" sx={{ mb: 2 }}>
          {title}
        </Typography>
      ) : null}
      {timeZone ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('zone.label', { zone: zoneLabel(timeZone) })}
        </Typography>
      ) : null}
      {items.length === 0 ? <Typography color="text.secondary">{t('table.empty')}</Typography> : null}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((entry) => (
          <HistoryItem
            key={entry.id}
            entry={entry}
            timeZone={timeZone}
            fields={fields}
            names={query.data?.names}
          />
        ))}
      </Box>
    </Box>
  );
}

/**
 * The name of the related record an id (or every id of a list) points at, from the answer's
 * `names`; undefined for any other value, or an id whose record is gone.
 */
function namedValue(v: unknown, names: Readonly<Record<string, string>> | undefined): string | undefined {
  if (!names) return undefined;
  if (typeof v === 'string') return names[v.toLowerCase()];
  if (!Array.isArray(v) || !v.length) return undefined;
  const each = v.map((x) => (typeof x === 'string' ? names[x.toLowerCase()] : undefined));
  return each.every((n) => n !== undefined) ? each.join(', ') : undefined;
}

function HistoryItem({
  entry,
  timeZone,
  fields,
  names,
}: {
  entry: THistoryLine;
  timeZone?: string;
  fields?: HistoryFields;
  names?: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  // the record's own id (on its creation) tells the reader nothing
  const changes = Object.entries(entry.changes).filter(([field]) => field !== 'id');
  const shown = (field: string, v: unknown) =>
    v === null || v === undefined || v === '' ? undefined : fields?.value?.(field, v);
  return (
    <Box
      component="li"
      sx={{ borderLeft: 2, borderColor: 'primary.main', pl: 2, pb: 2, position: 'relative' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          label={ACTIONS.has(entry.action) ? t(`history.action.${entry.action}`) : entry.action}
        />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {entry.actor_name ??
            (ACTORS.has(entry.actor_type) ? t(`history.actor.${entry.actor_type}`) : entry.actor_type)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {timeZone
            ? formatDateTime(entry.created_at, { timeZone, zoneName: true })
            : formatDateTime(entry.created_at)}
        </Typography>
        {entry.reference ? <Chip size="small" variant="outlined" label={entry.reference} /> : null}
      </Box>
      {changes.length ? (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2 }}>
          {changes.map(([field, { before, after }]) => (
            <li key={field}>
              <Typography variant="body2">
                <strong>{fields?.label(field) ?? field}</strong>:{' '}
                <HistoryValue
                  text={shown(field, before) ?? namedValue(before, names) ?? historyValue(before)}
                />{' '}
                →{' '}
                <HistoryValue text={shown(field, after) ?? namedValue(after, names) ?? historyValue(after)} />
              </Typography>
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A value of a change: an identifier whose record is gone (a related record is shown by its name)
 * as code, anything else as text.
 */
function HistoryValue({ text }: { text: string }) {
  return UUID.test(text) ? <code>{text}</code> : <>{text}</>;
}
