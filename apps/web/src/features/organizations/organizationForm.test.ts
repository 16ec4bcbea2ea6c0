import { HARDWARE_FLAGS, MODE_FLAGS, MSG, ORGANIZATION_MESSAGES } from '@lockerops/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyForm,
  type OrganizationFormValues,
  organizationFormData,
  selectAllState,
  toggleAll,
  validateOrganizationForm,
} from './organizationForm';
import { subdomainUrl } from './subdomain';

const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
const valid = (over: Partial<OrganizationFormValues> = {}): OrganizationFormValues => ({
  ...emptyForm(),
  name: 'ABC Luggage',
  email: 'owner@abc.test',
  first_name: 'Ann',
  hardware: ['linka_hardware'],
  modes: ['storage_mode'],
  logo,
  ...over,
});

describe('select all (spec console §4)', () => {
  it('is on only when every option is selected', () => {
    expect(selectAllState([], MODE_FLAGS)).toEqual({ checked: false, indeterminate: false });
    expect(selectAllState(['rental_mode'], MODE_FLAGS)).toEqual({ checked: false, indeterminate: true });
    expect(selectAllState([...MODE_FLAGS], MODE_FLAGS)).toEqual({ checked: true, indeterminate: false });
    const oneOff = HARDWARE_FLAGS.filter((f) => f !== 'kerong_hardware');
    expect(selectAllState(oneOff, HARDWARE_FLAGS).checked).toBe(false);
  });

  it('selects every option, or clears them when all were selected', () => {
    expect(toggleAll(['rental_mode'], MODE_FLAGS)).toEqual([...MODE_FLAGS]);
    expect(toggleAll([...MODE_FLAGS], MODE_FLAGS)).toEqual([]);
  });
});

describe('organization form validation (spec console §5)', () => {
  it('accepts a valid create form', () => {
    expect(validateOrganizationForm(valid(), false)).toEqual({});
  });

  const cases: Array<[string, Partial<OrganizationFormValues>, keyof OrganizationFormValues, string]> = [
    ['no name', { name: '' }, 'name', ORGANIZATION_MESSAGES.nameRequired],
    ['a hyphen', { name: 'ABC-Luggage' }, 'name', ORGANIZATION_MESSAGES.namePattern],
    ['a dollar', { name: 'A$B' }, 'name', ORGANIZATION_MESSAGES.namePattern],
    ['no e-mail', { email: '' }, 'email', MSG.emailRequired],
    ['a bad e-mail', { email: 'abc' }, 'email', MSG.invalidEmail],
    ['no first name', { first_name: ' ' }, 'first_name', ORGANIZATION_MESSAGES.firstNameRequired],
    ['no hardware', { hardware: [] }, 'hardware', ORGANIZATION_MESSAGES.hardwareRequired],
    ['no logo', { logo: null }, 'logo', ORGANIZATION_MESSAGES.logoRequired],
    [
      'a text logo',
      { logo: new File(['x'], 'a.txt', { type: 'text/plain' }) },
      'logo',
      ORGANIZATION_MESSAGES.logoRequired,
    ],
  ];
  for (const [label, over, field, message] of cases) {
    it(`refuses ${label}`, () => {
      expect(validateOrganizationForm(valid(over), false)[field]).toBe(message);
    });
  }

  it('does not ask for owner or logo on edit, but still for hardware', () => {
    const edit = valid({ email: '', first_name: '', logo: null });
    expect(validateOrganizationForm(edit, true)).toEqual({});
    expect(validateOrganizationForm({ ...edit, hardware: [] }, true)).toEqual({
      hardware: ORGANIZATION_MESSAGES.hardwareRequired,
    });
  });

  it('sends every flag as text and the owner only on create', () => {
    const fd = organizationFormData(valid({ features: ['pricing'] }), false);
    expect(fd.get('linka_hardware')).toBe('true');
    expect(fd.get('ojmar_hardware')).toBe('false');
    expect(fd.get('pricing')).toBe('true');
    expect(fd.get('email')).toBe('owner@abc.test');
    expect(fd.get('logo')).toBeInstanceOf(File);
    expect(organizationFormData(valid(), true).get('email')).toBeNull();
    // a new organization starts in the creating browser's zone
    expect(fd.get('time_zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(organizationFormData(valid(), true).get('time_zone')).toBeNull();
  });
});

describe('sub-domain link', () => {
  it('puts the organization under the product host', () => {
    expect(subdomainUrl('acme', 'demo-org', { protocol: 'http:', host: 'localhost:3000' })).toBe(
      'http://acme.localhost:3000',
    );
    expect(subdomainUrl('acme', 'demo-org', { protocol: 'http:', host: 'demo-org.localhost:3000' })).toBe(
      'http://acme.localhost:3000',
    );
  });
});
