import { countDoors, type TLockerWall, type TWallDoor } from '@lockerops/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { makeTokens, makeUser } from '../../test/fixtures';
import { liteAppUrl, QrSheetDialog } from './QrSheetDialog';

const LOCATION = '22222222-2222-4222-8222-222222222222';
const device = (id: string, n: number): TWallDoor['device'] => ({
  id,
  name: `Door ${n}`,
  locker_number: n,
  status: 'available',
  lock_status: 'locked',
  mode: 'storage',
  hardware_type: 'virtual',
  size: null,
  product: null,
});
const doors: TWallDoor[] = [
  { x: 1, y: 1, kiosk: false, id: null, state: 'unassigned', device: null },
  {
    x: 2,
    y: 1,
    kiosk: false,
    id: 'b',
    state: 'available',
    device: device('bbbbbbbb-0000-4000-8000-000000000012', 12),
  },
  {
    x: 3,
    y: 1,
    kiosk: false,
    id: 'a',
    state: 'available',
    device: device('aaaaaaaa-0000-4000-8000-000000000003', 3),
  },
];
const WALL: TLockerWall = {
  id: '33333333-3333-4333-8333-333333333333',
  id_location: LOCATION,
  name: 'North Wall',
  description: null,
  custom_id: null,
  image: null,
  qty_tall: 1,
  qty_wide: 3,
  is_kiosk: false,
  lockers: doors,
  devices: [],
  counts: countDoors(doors),
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

beforeEach(() =>
  sessionStore.signedIn(makeTokens(makeUser('member', { organization: { id: 'o', name: 'Demo Org' } }))),
);
afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe('QR sheet', () => {
  it("points at the Lite App's place and door addresses of the organization's sub-domain", () => {
    expect(liteAppUrl('https://x.test', 'Demo Org', { location: 'L1' })).toBe(
      'https://x.test/app/demo-org/l/L1',
    );
    expect(liteAppUrl('https://x.test', 'Demo Org', { device: 'D1' })).toBe(
      'https://x.test/app/demo-org/d/D1',
    );
  });

  it('has a card for the place and one per door with a locker, by door number, each labelled', () => {
    renderWithProviders(
      <QrSheetDialog open wall={WALL} placeName="Quay" onClose={() => {}} />,
      '/locker-wall',
    );
    const sheet = screen.getByRole('dialog', { name: 'QR codes of North Wall' });
    const cards = within(sheet).getAllByTestId('qr-card');
    const origin = window.location.origin;
    expect(cards.map((c) => c.getAttribute('data-url'))).toEqual([
      `${origin}/app/demo-org/l/${LOCATION}`,
      `${origin}/app/demo-org/d/aaaaaaaa-0000-4000-8000-000000000003`,
      `${origin}/app/demo-org/d/bbbbbbbb-0000-4000-8000-000000000012`,
    ]);
    expect(
      cards.map((c) => Array.from(c.querySelectorAll('.MuiTypography-root'), (e) => e.textContent)),
    ).toEqual([
      ['Place', 'Quay · North Wall'],
      ['Door 3', 'Quay · North Wall'],
      ['Door 12', 'Quay · North Wall'],
    ]);
    expect(within(sheet).getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });
});
