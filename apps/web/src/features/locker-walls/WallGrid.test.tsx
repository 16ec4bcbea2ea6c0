import type { TLockerWall } from '@lockerops/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setDisplayLocale } from '../../lib/format';
import { moveFocus, WallGrid, WallLegend } from './WallGrid';

const device = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Front',
  locker_number: 7,
  status: 'available',
  lock_status: 'locked',
  mode: 'storage',
  hardware_type: 'virtual',
  size: null,
  product: null,
};
const wall: TLockerWall = {
  id: 'w',
  id_location: 'l',
  name: 'Wall A',
  description: null,
  custom_id: null,
  image: null,
  qty_wide: 2,
  qty_tall: 2,
  is_kiosk: true,
  lockers: [
    { x: 1, y: 1, kiosk: false, id: device.id, state: 'available', device },
    { x: 2, y: 1, kiosk: true, id: null, state: 'kiosk', device: null },
    { x: 1, y: 2, kiosk: false, id: null, state: 'unassigned', device: null },
    { x: 2, y: 2, kiosk: false, id: null, state: 'unassigned', device: null },
  ],
  devices: [device.id],
  counts: { available: 1, maintenance: 0, reserved: 0, unassigned: 2, kiosk: 1 },
  created_at: '',
  updated_at: '',
};

/** jsdom has no DataTransfer: a minimal one carrying the kiosk payload between drag events. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    setData: (k: string, v: string) => void data.set(k, v),
    getData: (k: string) => data.get(k) ?? '',
    get types() {
      return [...data.keys()];
    },
    effectAllowed: '',
    dropEffect: '',
  };
}

describe('WallGrid', () => {
  it("shows the zoom as a percentage through Intl, in the display locale's form", () => {
    setDisplayLocale('de');
    try {
      render(<WallGrid wall={wall} onDoor={() => {}} onMoveKiosk={() => {}} onRemoveKiosk={() => {}} />);
      expect(screen.getByText(/^100\s%$/)).toBeInTheDocument();
    } finally {
      setDisplayLocale('en-US');
    }
  });

  it('shows column and row numbers, door states and the legend counts', () => {
    render(
      <>
        <WallLegend counts={wall.counts} />
        <WallGrid wall={wall} onDoor={() => {}} onMoveKiosk={() => {}} onRemoveKiosk={() => {}} />
      </>,
    );
    expect(screen.getAllByTestId('column-number').map((e) => e.textContent)).toEqual(['1', '2']);
    expect(screen.getAllByTestId('row-number').map((e) => e.textContent)).toEqual(['1', '2']);
    expect(screen.getByRole('gridcell', { name: /^Door 1,1: Available #7 / })).toHaveTextContent('#7');
    expect(screen.getByTestId('legend-unassigned')).toHaveTextContent('Unassigned: 2');
    expect(screen.getByTestId('legend-maintenance')).toHaveTextContent('Under Maintenance: 0');
  });

  it('opens doors, drags the kiosk to another door and removes it', () => {
    const onDoor = vi.fn();
    const onMoveKiosk = vi.fn();
    const onRemoveKiosk = vi.fn();
    render(<WallGrid wall={wall} onDoor={onDoor} onMoveKiosk={onMoveKiosk} onRemoveKiosk={onRemoveKiosk} />);
    fireEvent.click(screen.getByRole('gridcell', { name: 'Door 1,2: Unassigned' }));
    expect(onDoor).toHaveBeenCalledWith(expect.objectContaining({ x: 1, y: 2 }));
    fireEvent.click(screen.getByRole('gridcell', { name: 'Door 2,1: Kiosk' }));
    expect(onDoor).toHaveBeenCalledTimes(1);

    const dt = dataTransfer();
    const kiosk = screen.getByRole('gridcell', { name: 'Door 2,1: Kiosk' });
    const target = screen.getByRole('gridcell', { name: 'Door 2,2: Unassigned' });
    expect(kiosk).toHaveAttribute('draggable', 'true');
    fireEvent.dragStart(kiosk, { dataTransfer: dt });
    fireEvent.dragOver(target, { dataTransfer: dt });
    fireEvent.drop(target, { dataTransfer: dt });
    expect(onMoveKiosk).toHaveBeenCalledWith(2, 2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove kiosk' }));
    expect(onRemoveKiosk).toHaveBeenCalled();
  });
});

describe('WallGrid as an ARIA grid', () => {
  it('has rows of cells, one Tab stop, arrow keys that move it and Enter that opens a door', () => {
    const onDoor = vi.fn();
    render(<WallGrid wall={wall} onDoor={onDoor} onMoveKiosk={() => {}} onRemoveKiosk={() => {}} />);
    const grid = screen.getByRole('grid', { name: 'Wall A doors' });
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getAllByRole('gridcell')).toHaveLength(2);
    expect(within(rows[0]!).getAllByRole('columnheader')).toHaveLength(3);
    const first = screen.getByRole('gridcell', { name: /^Door 1,1: Available #7 / });
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('gridcell', { name: 'Door 1,2: Unassigned' })).toHaveAttribute('tabindex', '-1');

    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    const below = screen.getByRole('gridcell', { name: 'Door 1,2: Unassigned' });
    expect(below).toHaveFocus();
    expect(below).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(below, { key: 'ArrowUp' });
    expect(first).toHaveFocus();
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(onDoor).toHaveBeenCalledWith(expect.objectContaining({ x: 1, y: 1 }));
  });

  it('keeps the focus inside the grid', () => {
    const size = { wide: 3, tall: 2 };
    expect(moveFocus({ x: 3, y: 1 }, 'ArrowRight', size)).toEqual({ x: 3, y: 1 });
    expect(moveFocus({ x: 1, y: 1 }, 'ArrowUp', size)).toEqual({ x: 1, y: 1 });
    expect(moveFocus({ x: 2, y: 2 }, 'Home', size)).toEqual({ x: 1, y: 2 });
    expect(moveFocus({ x: 1, y: 2 }, 'End', size)).toEqual({ x: 3, y: 2 });
    expect(moveFocus({ x: 1, y: 1 }, 'a', size)).toBeNull();
  });
});
