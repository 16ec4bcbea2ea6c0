import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeOrganization, makeTokens, makeUser } from '../../test/fixtures';
import { stubPickerFetch } from '../../test/pickers';
import { WhiteLabelTab } from './WhiteLabelTab';

const OEM = '/api/files/0b0c5a3e-oem.png';

/** The white label as the server answers it after a change, with `patch`. */
const answer = (patch: object) => {
  const { white_label } = makeOrganization();
  return jsonResponse({ ...white_label, organization_id: '00000000-0000-4000-8000-000000000001', ...patch });
};

function render(oemLogo: string | null) {
  const org = makeOrganization();
  const fetchMock = stubPickerFetch((url, init) => {
    if (url.startsWith('/api/organizations/self'))
      return jsonResponse({ ...org, white_label: { ...org.white_label, oem_logo: oemLogo } });
    if (url.startsWith('/api/white-label/logo')) return answer({ oem_logo: OEM });
    if (url.startsWith('/api/white-label') && init?.method === 'PATCH') return answer({ oem_logo: null });
    return undefined;
  });
  sessionStore.signedIn(makeTokens(makeUser('admin', { first_login: false })));
  renderWithProviders(<WhiteLabelTab />, '/settings');
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('White label: the OEM logo', () => {
  it('uploads the OEM logo as its own multipart field', async () => {
    const fetchMock = render(null);
    const input = await screen.findByLabelText('OEM Logo', { selector: 'input' });
    expect(screen.queryByRole('button', { name: 'Remove OEM Logo' })).toBeNull();
    fireEvent.change(input, { target: { files: [new File(['png'], 'oem.png', { type: 'image/png' })] } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/white-label/logo'))).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/white-label/logo'))!;
    const body = (init as RequestInit).body as FormData;
    expect(body.get('oem_image')).toBeInstanceOf(File);
    expect(body.get('image')).toBeNull();
  });

  it('shows the OEM logo and removes it', async () => {
    const fetchMock = render(OEM);
    expect(await screen.findByRole('img', { name: 'OEM logo' })).toHaveAttribute('src', OEM);
    fireEvent.click(screen.getByRole('button', { name: 'Remove OEM Logo' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) =>
            String(u) === '/api/white-label' && (init as RequestInit).body === '{"oem_logo":null}',
        ),
      ).toBe(true),
    );
  });
});
