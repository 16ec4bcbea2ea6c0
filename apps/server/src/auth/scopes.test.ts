import { describe, expect, it } from 'vitest';
import { apiKeyMayCall } from './scopes';

describe('API-key scopes from the endpoint map', () => {
  it('opens what a partner entry lists, with or without the /api prefix, HEAD as GET', () => {
    expect(apiKeyMayCall('partner', 'POST', '/api/events/storage')).toBe(true);
    expect(apiKeyMayCall('partner', 'POST', '/events/:id/pickup')).toBe(true);
    expect(apiKeyMayCall('partner', 'GET', '/api/devices/:id/lock-status')).toBe(true);
    expect(apiKeyMayCall('partner', 'HEAD', '/api/sizes')).toBe(true);
    expect(apiKeyMayCall('partner', 'PUT', '/api/reservations/:id')).toBe(true);
  });

  it('closes every entry that lists no scope: bulk tools, refunds, administration', () => {
    expect(apiKeyMayCall('partner', 'GET', '/api/events/export')).toBe(false);
    expect(apiKeyMayCall('partner', 'POST', '/api/events/:id/refund')).toBe(false);
    expect(apiKeyMayCall('partner', 'DELETE', '/api/reservations')).toBe(false);
    expect(apiKeyMayCall('partner', 'POST', '/api/users')).toBe(false);
    expect(apiKeyMayCall('partner', 'PUT', '/api/sizes/:id')).toBe(false);
    expect(apiKeyMayCall('partner', 'GET', '/api/members')).toBe(false);
    expect(apiKeyMayCall('partner', 'GET', '/api/no-such-route')).toBe(false);
  });
});
