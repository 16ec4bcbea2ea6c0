import type { TKioskOpened, TKioskState } from '@lockerops/contract';
import { WallPicture } from '../shared/WallPicture';
import type { Translate } from './i18n';
import type { KioskKey } from './locales';

/**
 * "Door 12 is open", with the door highlighted on a picture of its wall, and what comes next:
 * done (or the courier's next parcel: of the same size, straight to its recipient, or of
 * another size; with the running count), and the two problems a person can report from here.
 */
export function DoorOpened({
  t,
  door,
  wall,
  courier,
  dropped,
  onNext,
  onSameSize,
  onDone,
  onReport,
  note,
}: {
  t: Translate;
  /** what to do at the open door, when it is not a parcel's (storage at the screen) */
  note?: KioskKey;
  door: TKioskOpened['door'];
  wall: TKioskState['walls'][number] | undefined;
  courier: boolean;
  /** the courier's parcels so far (this one included) */
  dropped: number;
  onNext: () => void;
  /** the courier's next parcel, of the same size: straight to its recipient */
  onSameSize?: () => void;
  onDone: () => void;
  onReport: (problem: 'not_opened' | 'dirty') => void;
}) {
  return (
    <div className="kiosk-panel">
      <div role="status">
        <h2 className="kiosk-door">{t('doorOpen', { door: door.locker_number })}</h2>
      </div>
      <p>{t(note ?? (courier ? 'putParcel' : 'takeParcel'))}</p>
      {courier && <p>{t('dropped', { count: dropped })}</p>}
      {wall && door.x !== null && door.y !== null && (
        <WallPicture
          wide={wall.qty_wide}
          tall={wall.qty_tall}
          doors={wall.doors.map((d) => ({
            id: d.id,
            x: d.x - 1,
            y: d.y - 1,
            label: String(d.locker_number),
          }))}
          highlight={door.id}
          label={t('doorWhere', { door: door.locker_number })}
        />
      )}
      {courier && onSameSize && (
        <button type="button" className="kiosk-button" onClick={onSameSize}>
          {t('sameSize')}
        </button>
      )}
      {courier ? (
        <button type="button" className="kiosk-button kiosk-secondary" onClick={onNext}>
          {t('nextParcel')}
        </button>
      ) : (
        <button type="button" className="kiosk-button" onClick={onDone}>
          {t('done')}
        </button>
      )}
      <button type="button" className="kiosk-button kiosk-secondary" onClick={() => onReport('not_opened')}>
        {t('notOpened')}
      </button>
      <button type="button" className="kiosk-button kiosk-secondary" onClick={() => onReport('dirty')}>
        {t('dirty')}
      </button>
      {courier && (
        <button type="button" className="kiosk-button kiosk-plain" onClick={onDone}>
          {t('finish')}
        </button>
      )}
    </div>
  );
}
