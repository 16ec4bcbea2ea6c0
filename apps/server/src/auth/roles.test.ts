import { ADMINS, EVERYONE, STAFF } from '@lockerops/contract';
import { describe, expect, it } from 'vitest';
import { rolesFor } from './roles';

describe('roles from the endpoint map', () => {
  it("keeps the admins' calls to admins: settings, members, organizations, refunds", () => {
    expect(rolesFor('PUT', '/api/settings')).toEqual(ADMINS);
    expect(rolesFor('POST', '/api/members')).toEqual(ADMINS);
    expect(rolesFor('PATCH', '/api/members/:id/status')).toEqual(ADMINS);
    expect(rolesFor('POST', '/api/organizations')).toEqual(ADMINS);
    expect(rolesFor('GET', '/api/organizations/name-available')).toEqual(ADMINS);
    expect(rolesFor('PATCH', '/api/events/:id/refund')).toEqual(ADMINS);
  });

  it("gives a list area's bulk delete, CSV upload and export to admins", () => {
    expect(rolesFor('DELETE', '/api/sizes')).toEqual(ADMINS);
    expect(rolesFor('POST', '/api/devices/csv')).toEqual(ADMINS);
    expect(rolesFor('GET', '/api/users/export')).toEqual(ADMINS);
    expect(rolesFor('DELETE', '/api/reports')).toEqual(ADMINS);
  });

  it('opens the desk writes to admins and members, and narrows some edits to admins', () => {
    expect(rolesFor('POST', '/api/sizes')).toEqual(STAFF);
    expect(rolesFor('POST', '/api/events/storage')).toEqual(STAFF);
    expect(rolesFor('POST', '/api/locker-walls')).toEqual(STAFF);
    expect(rolesFor('POST', '/api/locations')).toEqual(STAFF);
    expect(rolesFor('PUT', '/api/locations/:id')).toEqual(ADMINS);
    expect(rolesFor('PUT', '/api/products/:id')).toEqual(ADMINS);
  });

  it("keeps viewers out of the pages they cannot open, and opens every role's own calls", () => {
    expect(rolesFor('GET', '/api/sizes')).toEqual(STAFF);
    expect(rolesFor('GET', '/api/members/:id')).toEqual(STAFF);
    expect(rolesFor('GET', '/api/settings')).toEqual(EVERYONE);
    expect(rolesFor('GET', '/api/reports')).toEqual(EVERYONE);
    expect(rolesFor('PATCH', '/api/members/:id')).toEqual(EVERYONE);
    expect(rolesFor('POST', '/api/feedback')).toEqual(EVERYONE);
  });

  it('reads a HEAD as its GET, with or without the /api prefix; a route off the map gets the default', () => {
    expect(rolesFor('HEAD', '/api/sizes')).toEqual(STAFF);
    expect(rolesFor('GET', '/members/export')).toEqual(ADMINS);
    expect(rolesFor('GET', '/api/no-such-route')).toEqual(EVERYONE);
    expect(rolesFor('HEAD', '/api/no-such-route')).toEqual(EVERYONE);
    expect(rolesFor('POST', '/api/no-such-route')).toEqual(STAFF);
  });
});
