import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeLocation } from '../../test/fixtures';
import { stubPickerFetch } from '../../test/pickers';
import { renderWithProviders } from '../testing';
import { SearchFilterField } from './SearchFilterField';

const ALPHA = makeLocation({ id: '00000000-0000-4000-8000-0000000000a1', name: 'Alpha Dock' });
const CEDAR = makeLocation({ id: '00000000-0000-4000-8000-0000000000a3', name: 'Cedar Hall' });
const page = (items: unknown[]) =>
  jsonResponse({ items, total: items.length, pages: 1, page: 1, page_size: 20 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchFilterField', () => {
  it('keeps the text typed while the matches leave the chosen record out', async () => {
    stubPickerFetch((url) => {
      if (url.startsWith('/api/locations?') && url.includes('search=Ced')) return page([CEDAR]);
      if (url.startsWith('/api/locations?')) return page([ALPHA]);
      if (url === `/api/locations/${ALPHA.id}`) return jsonResponse(ALPHA);
      return undefined;
    });
    renderWithProviders(
      <SearchFilterField
        filter={{ key: 'id_location', kind: 'search', area: 'locations', label: 'Location' }}
        value={ALPHA.id}
        onChange={() => {}}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Location' });
    await waitFor(() => expect(input).toHaveValue('Alpha Dock'));
    input.focus();
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'Ced' } });
    expect(await screen.findByRole('option', { name: 'Cedar Hall' }, { timeout: 5000 })).toBeInTheDocument();
    // the chosen place, now read alone, does not take the field back from the operator
    await new Promise((r) => setTimeout(r, 100));
    expect(input).toHaveValue('Ced');
  });
});
