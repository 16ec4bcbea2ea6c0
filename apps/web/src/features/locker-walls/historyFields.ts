import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type HistoryFields, useHistoryFields } from '../../components/HistoryLog';

/**
 * The locker wall history log's changed fields (wire names, `GET history/locker_wall/{id}`) and
 * their labels in the `lockerWalls` catalog; a door's own entry (`door 2,3`) is named by its place.
 */
export const WALL_HISTORY_LABELS: Readonly<Record<string, string>> = {
  id_location: 'history.location',
  name: 'form.name',
  description: 'form.description',
  custom_id: 'form.customId',
  image: 'history.image',
  qty_tall: 'form.doorsTall',
  qty_wide: 'form.doorsWide',
  is_kiosk: 'history.isKiosk',
  kiosk: 'history.kiosk',
  assignments: 'history.assignments',
};

/** A door's field: `door {x},{y}`. */
const DOOR = /^door (\d+),(\d+)$/;
/** A place on the wall: `{x},{y}`. */
const PLACE = /^(\d+),(\d+)$/;

/** A device as a door's entry holds it. */
const isDevice = (v: unknown): v is { id: string; name: string; locker_number: number | null } =>
  typeof v === 'object' && v !== null && 'name' in v && 'id' in v;

/**
 * The locker wall history log's fields: the catalog's labels, a door by its column and row, the
 * device put on it by its name and number, the kiosk's place by its column and row.
 */
export function useWallHistoryFields(): HistoryFields {
  const { t } = useTranslation('lockerWalls');
  const base = useHistoryFields('lockerWalls', WALL_HISTORY_LABELS);
  return useMemo(
    () => ({
      label: (field) => {
        const door = DOOR.exec(field);
        return door ? t('history.door', { x: door[1], y: door[2] }) : base.label(field);
      },
      value: (field, v) => {
        if (isDevice(v)) return t('history.device', { name: v.name, number: v.locker_number ?? '—' });
        const place = field === 'kiosk' && typeof v === 'string' ? PLACE.exec(v) : null;
        if (place) return t('history.door', { x: place[1], y: place[2] });
        return base.value?.(field, v);
      },
    }),
    [t, base],
  );
}
