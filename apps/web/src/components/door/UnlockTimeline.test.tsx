import type { TDeviceUnlock } from '@lockerops/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../testing';
import { UnlockTimeline, unlockSteps } from './UnlockTimeline';

const DEVICE_ID = '00000000-0000-4000-8000-0000000000c1';
const unlock = (over: Partial<TDeviceUnlock>): TDeviceUnlock => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  id_device: DEVICE_ID,
  state: 'opened',
  actor_type: 'member',
  actor_name: 'Ada Admin',
  reason: 'Unlock from the console',
  detail: null,
  requested_at: '2026-03-01T10:00:00.000Z',
  sent_at: '2026-03-01T10:00:01.000Z',
  acknowledged_at: '2026-03-01T10:00:02.000Z',
  opened_at: '2026-03-01T10:00:03.000Z',
  jammed_at: null,
  offline_at: null,
  ...over,
});

let items: unknown[] = [];
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith(`/api/devices/${DEVICE_ID}/unlocks?`))
        return jsonResponse({ items, total: items.length, pages: 1, page: 1, page_size: 10 });
      return jsonResponse({ detail: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('unlock timeline', () => {
  it('lists the steps an unlock reached, in order', () => {
    expect(unlockSteps(unlock({})).map((s) => s.state)).toEqual([
      'requested',
      'sent',
      'acknowledged',
      'opened',
    ]);
    const jam = unlock({ state: 'jammed', opened_at: null, jammed_at: '2026-03-01T10:00:13.000Z' });
    expect(unlockSteps(jam).map((s) => s.state)).toEqual(['requested', 'sent', 'acknowledged', 'jammed']);
  });

  it('shows each unlock with its outcome, who asked and why, and the detail of a jam', async () => {
    items = [
      unlock({
        id: '00000000-0000-4000-8000-0000000000e2',
        state: 'jammed',
        opened_at: null,
        jammed_at: '2026-03-01T11:00:13.000Z',
        detail: 'The door did not report open. It may be jammed.',
      }),
      unlock({}),
    ];
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(<UnlockTimeline deviceId={DEVICE_ID} />);
    const groups = await screen.findAllByRole('group');
    expect(groups).toHaveLength(2);
    expect(within(groups[0]!).getByLabelText('Outcome Jammed')).toBeTruthy();
    expect(within(groups[0]!).getByText('The door did not report open. It may be jammed.')).toBeTruthy();
    expect(within(groups[1]!).getByLabelText('Outcome Opened')).toBeTruthy();
    // who asked is data (a name, a screen's): its own element beside the reason
    expect(
      within(groups[1]!).getByText(
        (_, el) => el?.tagName === 'P' && el.textContent === 'Unlock from the console · Ada Admin',
      ),
    ).toBeTruthy();
    const steps = within(within(groups[1]!).getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent?.split(/\d/)[0])).toEqual([
      'Requested',
      'Sent',
      'Acknowledged',
      'Opened',
    ]);
  });
});
