import { TRANSACTION_MESSAGES } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { ResendCodeDialog } from './TransactionActionDialogs';
import { makeTransaction } from './testFixtures';

const waiting = (contact: { phone_number: string | null; email: string | null }) =>
  makeTransaction({ event_type: 'delivery', event_status: 'awaiting_user_pickup', ...contact });

// fetch is the boundary to the API server, which does not run under jsdom.
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  sessionStore.signedIn(makeTokens(makeUser('admin')));
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input).endsWith('/resend-code'))
      return jsonResponse({
        detail: TRANSACTION_MESSAGES.codeSent,
        event: waiting({ phone_number: null, email: null }),
      });
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('Resend Code', () => {
  it('offers SMS and e-mail when the delivery has both, and sends by the chosen one', async () => {
    const t = waiting({ phone_number: '+14155550166', email: 'cleo@example.com' });
    renderWithProviders(<ResendCodeDialog open transaction={t} onClose={() => undefined} />);
    const sms = await screen.findByRole('radio', { name: 'SMS (+14155550166)' });
    const mail = screen.getByRole('radio', { name: 'E-mail (cleo@example.com)' });
    expect(sms).toBeChecked();
    fireEvent.click(mail);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/events/${t.id}/resend-code`);
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ via: 'email' });
  });

  it('offers only the channel the delivery has an address for', async () => {
    renderWithProviders(
      <ResendCodeDialog
        open
        transaction={waiting({ phone_number: null, email: 'cleo@example.com' })}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByRole('radio', { name: 'E-mail (cleo@example.com)' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /SMS/ })).not.toBeInTheDocument();
  });
});
