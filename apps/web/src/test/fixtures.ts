import {
  ORGANIZATION_FLAGS,
  type TLocation,
  type TOrganization,
  type TOrganizationFlag,
  type TRole,
  type TSessionUser,
  type TTokensResponse,
} from '@lockerops/contract';

export const ORG_ID = '11111111-1111-4111-8111-111111111111';

export function makeUser(role: TRole = 'admin', patch: Partial<TSessionUser> = {}): TSessionUser {
  return {
    user_id: '22222222-2222-4222-8222-222222222222',
    email: 'ada@demo-org.test',
    first_name: 'Ada',
    last_name: 'Lovelace',
    name: 'Ada Lovelace',
    role,
    enabled: true,
    user_status: 'CONFIRMED',
    id_locations: [],
    first_login: false,
    organization: { id: ORG_ID, name: 'demo-org' },
    ...patch,
  };
}

export function makeTokens(user: TSessionUser = makeUser()): TTokensResponse {
  return { id_token: 'id-1', refresh_token: 'refresh-1', expires_in: 900, user };
}

export function makeOrganization(on: readonly TOrganizationFlag[] = []): TOrganization {
  const flags = Object.fromEntries(ORGANIZATION_FLAGS.map((f) => [f, on.includes(f)])) as Record<
    TOrganizationFlag,
    boolean
  >;
  return {
    id: ORG_ID,
    name: 'demo-org',
    subdomain: 'demo-org',
    active: true,
    created_at: '2026-01-01T00:00:00.000Z',
    parent_id: null,
    white_label: {
      app_name: 'Demo Lockers',
      primary_color: null,
      secondary_color: null,
      organization_owner: null,
      app_logo: null,
      oem_logo: null,
    },
    user_pool: 'pool',
    client_id: 'client',
    owner: null,
    sub_orgs: [],
    ...flags,
  };
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A location as `GET locations` answers it (spec operational §7), with `patch` applied. */
export function makeLocation(patch: Partial<TLocation> & Pick<TLocation, 'id' | 'name'>): TLocation {
  return {
    address: '1 Main St',
    image: null,
    hidden: false,
    shared: false,
    devices: 0,
    custom_id: null,
    latitude: null,
    longitude: null,
    contact_email: null,
    contact_phone: null,
    require_image: false,
    time_zone: null,
    restriction: { restriction_type: null, items: [] },
    shared_from_parent: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}
