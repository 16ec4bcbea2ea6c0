import type { TWallDoor } from '@lockerops/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { LockerDetailsDialog } from './DoorDialogs';

const door = (product: { id: string; name: string } | null): TWallDoor => ({
  x: 1,
  y: 2,
  kiosk: false,
  id: '00000000-0000-4000-8000-0000000000c1',
  state: 'available',
  device: {
    id: '00000000-0000-4000-8000-0000000000c1',
    name: 'Door 7',
    locker_number: 7,
    status: 'available',
    lock_status: 'locked',
    mode: 'rental',
    hardware_type: 'virtual',
    size: null,
    product,
  },
});
const noop = () => undefined;
afterEach(cleanup);

describe('Locker Details', () => {
  it('shows the product a rental door is stocked with, or a dash', () => {
    renderWithProviders(
      <LockerDetailsDialog
        door={door({ id: '00000000-0000-4000-8000-0000000000e1', name: 'Kayak' })}
        onClose={noop}
        onReassign={noop}
        onUnassign={noop}
        onQrCode={noop}
        onHealth={noop}
      />,
    );
    expect(screen.getByText('Product')).toBeInTheDocument();
    expect(screen.getByText('Kayak')).toBeInTheDocument();
    cleanup();
    renderWithProviders(
      <LockerDetailsDialog
        door={door(null)}
        onClose={noop}
        onReassign={noop}
        onUnassign={noop}
        onQrCode={noop}
        onHealth={noop}
      />,
    );
    expect(screen.getByText('Product').nextSibling?.textContent).toBe('—');
  });
});
