import { ORGANIZATION_MESSAGES } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser, ORG_ID } from '../../test/fixtures';
import { OrganizationFormDrawer } from './OrganizationFormDrawer';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // the server's check: "Acme" is taken, whatever its case
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/organizations/name-available') {
      const taken = url.searchParams.get('name')?.toLowerCase() === 'acme';
      return jsonResponse({ available: !taken, detail: taken ? ORGANIZATION_MESSAGES.nameUnique : null });
    }
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.signedIn(makeTokens(makeUser('admin')));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('OrganizationFormDrawer: a name in use (spec console §5)', () => {
  it('is reported as it is typed and keeps Create disabled', async () => {
    renderWithProviders(
      <OrganizationFormDrawer open currentOrganizationId={ORG_ID} onClose={() => {}} />,
      '/multi-tenant',
    );
    const name = screen.getByRole('textbox', { name: /Organization Name/ });
    const create = screen.getByRole('button', { name: 'Create' });
    fireEvent.change(name, { target: { value: 'ACME' } });
    expect(await screen.findByText(ORGANIZATION_MESSAGES.nameUnique)).toBeInTheDocument();
    expect(create).toBeDisabled();

    fireEvent.change(name, { target: { value: 'Acme Two' } });
    await waitFor(() => expect(screen.queryByText(ORGANIZATION_MESSAGES.nameUnique)).not.toBeInTheDocument());
    await waitFor(() => expect(create).toBeEnabled());
    // one check per settled name, not one per keystroke
    const checks = fetchMock.mock.calls.filter(([u]) => String(u).includes('name-available'));
    expect(checks.map(([u]) => new URL(String(u), 'http://localhost').searchParams.get('name'))).toEqual([
      'ACME',
      'Acme Two',
    ]);
  });
});
