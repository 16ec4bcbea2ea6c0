/**
 * The SQL that fills one organization of the scale data (bench/scale/generate.ts): one
 * INSERT … SELECT per table over `generate_series`, with readable names and Chicago addresses, ids
 * derived from md5 of a per-row key so that rows reference each other without joins.
 */
import { LAST_NAMES } from '../../scripts/demo/catalog';

/** Row counts of one organization. */
export interface OrgCounts {
  locations: number;
  devices: number;
  users: number;
  transactions: number;
}

/** Doors of each location, at every scale. */
export const DEVICES_PER_LOCATION = 40;

/** A deterministic RFC 4122 (version 4 layout) uuid from a text key. */
export const uid = (key: string) =>
  `overlay(overlay(md5(${key}) placing '4' from 13) placing 'a' from 17)::uuid`;

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Wei',
  'Ashley',
  'Steven',
  'Kimberly',
  'Andrew',
  'Emily',
  'Kenji',
  'Donna',
  'Joshua',
  'Michelle',
  'Ahmed',
  'Priya',
];
/**
 * Surnames: the demo's first 40, so a search by surname finds 1 user in 40 (no apostrophe among
 * them: the statements quote each name as it is).
 */
const LAST = LAST_NAMES.slice(0, 40);
const PLACES = [
  'Union Station',
  'Navy Pier',
  'Millennium Park',
  'Wicker Park',
  'Lincoln Square',
  'Hyde Park',
  'Logan Square',
  'River North',
  'West Loop',
  'Pilsen',
  'Bronzeville',
  'Andersonville',
  'Lakeview',
  'Old Town',
  'South Loop',
  'Ukrainian Village',
  'Bucktown',
  'Rogers Park',
  'Uptown',
  'Streeterville',
];
const STREETS = [
  'Canal St',
  'Michigan Ave',
  'State St',
  'Clark St',
  'Halsted St',
  'Ashland Ave',
  'Western Ave',
  'Damen Ave',
];

const arr = (xs: string[]) => `(array[${xs.map((x) => `'${x}'`).join(',')}])`;

/** The mode of device index `d` (35 % storage, 20 % rental, 25 % delivery, 10 % service, 10 % vending). */
const modeOf = (d: string) =>
  `(case when (${d}) % 20 < 7 then 'storage' when (${d}) % 20 < 11 then 'rental' when (${d}) % 20 < 16 then 'delivery' when (${d}) % 20 < 18 then 'service' else 'vending' end)`;
/** Device index `d` is held by an open transaction: open transaction k holds device 10k + k % 10. */
const heldDevice = (d: string) => `((${d}) / 10) % 10 = (${d}) % 10 and ${modeOf(d)} <> 'vending'`;

/** The statements that fill one organization, in order, each one INSERT … SELECT. */
export function statements(org: string, tag: string, c: OrgCounts): Array<[table: string, sql: string]> {
  const T = c.transactions;
  const D = c.devices;
  const open = D / 10; // the most recent `open` transactions are still under way
  const key = (kind: string, i: string) => `'${tag}:${kind}:' || (${i})`;
  return [
    [
      'sizes',
      `insert into sizes (id, organization_id, name, description, width, depth, height, external_id)
       select ${uid(key('size', 's'))}, '${org}', (array['Small','Medium','Large','Extra Large'])[s + 1],
              'Generated size', 12 + 6 * s, 18, 12 + 8 * s, 'SZ-' || s
       from generate_series(0, 3) s`,
    ],
    [
      'locations',
      `insert into locations (id, organization_id, name, address, custom_id, latitude, longitude, contact_email, contact_phone, created_at, updated_at)
       select ${uid(key('loc', 'i'))}, '${org}',
              ${arr(PLACES)}[1 + i % ${PLACES.length}] || ' Lockers ' || (i + 1),
              (100 + (i * 37) % 9000) || ' ' || ${arr(STREETS)}[1 + i % ${STREETS.length}] || ', Chicago, IL 606' || lpad((i % 100)::text, 2, '0'),
              'LOC-' || lpad((i + 1)::text, 4, '0'),
              41.75 + ((i * 7919) % 3000) / 10000.0, -87.75 + ((i * 104729) % 3000) / 10000.0,
              'site' || (i + 1) || '@example.com', '+1312555' || lpad((i % 10000)::text, 4, '0'),
              now() - interval '730 days' + i * interval '1 hour', now() - interval '730 days' + i * interval '1 hour'
       from generate_series(0, ${c.locations - 1}) i`,
    ],
    [
      'devices',
      `insert into devices (id, organization_id, name, locker_number, mode, status, lock_status, hardware_type, id_location, id_size, created_at, updated_at)
       select ${uid(key('dev', 'd'))}, '${org}', 'Locker ' || (d % ${DEVICES_PER_LOCATION} + 1), d % ${DEVICES_PER_LOCATION} + 1,
              ${modeOf('d')},
              case when ${heldDevice('d')} then 'reserved' when d % 97 = 0 then 'maintenance' else 'available' end,
              'locked', 'virtual', ${uid(key('loc', `d / ${DEVICES_PER_LOCATION}`))}, ${uid(key('size', 'd % 4'))},
              now() - interval '729 days', now() - interval '729 days'
       from generate_series(0, ${D - 1}) d`,
    ],
    [
      'users',
      `insert into users (id, organization_id, name, last_name, email, phone_number, user_id, created_at, updated_at)
       select ${uid(key('usr', 'u'))}, '${org}', f, l,
              lower(f || '.' || l || '.' || u) || '@example.com',
              '+1' || (200 + u % 800) || '555' || lpad((u % 10000)::text, 4, '0'),
              'U' || lpad(u::text, 7, '0'),
              now() - interval '730 days' + (u::float8 / ${c.users}) * interval '700 days',
              now() - interval '730 days' + (u::float8 / ${c.users}) * interval '700 days'
       from generate_series(0, ${c.users - 1}) u,
            lateral (select ${arr(FIRST)}[1 + u % ${FIRST.length}] f,
                            ${arr(LAST)}[1 + (u / ${FIRST.length} + u * 7) % ${LAST.length}] l) n`,
    ],
    [
      'transactions',
      // g: 0 (oldest) … T-1 (newest); h: a pseudo-random number per row; d: the device; k: the
      // open transaction's number (k >= 0 for the newest `open` rows), which holds device 10k+k%10.
      `insert into transactions (id, organization_id, invoice_id, order_id, event_type, event_status, id_user,
              id_device, device_held, id_location, currency, started_at, ended_at, canceled_at, canceled_by,
              expires_at, subtotal, discount, total, total_time, refunded_amount, payment_status,
              pickup_code, phone_number, created_at, updated_at)
       select ${uid(key('trx', 'g'))}, '${org}',
              'INV-' || num, 'ORD-' || num,
              m, st, ${uid(key('usr', `(h / 7) % ${c.users}`))},
              ${uid(key('dev', 'd'))}, held, ${uid(key('loc', `d / ${DEVICES_PER_LOCATION}`))}, 'usd',
              at, case when closed then at + dur * interval '1 second' end,
              case when st = 'canceled' then at + interval '10 minutes' end,
              case when st = 'canceled' then 'user' end,
              case when m = 'delivery' then at + interval '3 days' end,
              sub, disc, sub - disc,
              case when closed then dur end,
              case when st = 'refunded' then sub - disc end,
              case when sub - disc > 0 and st not in ('in_progress', 'awaiting_service_pickup', 'awaiting_service_dropoff', 'awaiting_user_pickup') then 'succeeded' else 'none' end,
              case when m = 'delivery' and not closed then lpad((h % 1000000)::text, 6, '0') end,
              case when m = 'delivery' then '+1773555' || lpad((h % 10000)::text, 4, '0') end,
              at, coalesce(case when closed then at + dur * interval '1 second' end, at)
       from generate_series(0, ${T - 1}) g,
            lateral (select (g::bigint * 2654435761) % 4294967296 as h, g - ${T - open} as k,
                            -- the readable numbers as transaction_counters makes them: at least 6 digits
                            case when g < 999999 then lpad((g + 1)::text, 6, '0') else (g + 1)::text end as num) a,
            lateral (select case when k >= 0 then 10 * k + k % 10 else h % ${D} end as d) b,
            lateral (select ${modeOf('d')} as m,
                            now() - interval '365 days' + (g::float8 / ${T}) * interval '365 days' as at,
                            60 + (h / 13) % ${3 * 86400} as dur,
                            (h / 17) % 100 as r) c,
            lateral (select case
                when k >= 0 and m in ('storage', 'rental') then 'in_progress'
                when k >= 0 and m = 'delivery' then 'awaiting_user_pickup'
                when k >= 0 and m = 'service' then (array['awaiting_service_pickup', 'awaiting_service_dropoff'])[1 + k % 2]
                when r < 86 or m = 'vending' then 'finished'
                when r < 92 then 'canceled'
                when r < 96 then 'refunded'
                when r < 99 and m = 'delivery' then 'expired'
                when r < 99 then 'finished'
                else 'removed' end as st) e,
            lateral (select st not in ('in_progress', 'awaiting_service_pickup', 'awaiting_service_dropoff', 'awaiting_user_pickup') as closed,
                            st in ('in_progress', 'awaiting_service_pickup', 'awaiting_service_dropoff', 'awaiting_user_pickup') as held,
                            case when st = 'canceled' then 0 else round(1 + (h % 4000) / 100.0, 2) end::numeric(12,2) as sub) f,
            lateral (select case when h % 10 = 0 then round(sub * 0.2, 2) else 0 end::numeric(12,2) as disc) i`,
    ],
    [
      'transaction_logs',
      `insert into transaction_logs (id, organization_id, id_event, action, status_before, status_after, detail, actor_type, actor_name, created_at)
       select ${uid(`'${tag}:log:' || t.invoice_id || ':' || s.step`)}, t.organization_id, t.id, s.action, s.before, s.after,
              s.detail, 'api_key', 'Kiosk', s.at
       from transactions t,
            lateral (values
              (1, case when t.event_type = 'delivery' then 'create_delivery' else 'start' end, null,
                  case when t.event_type = 'delivery' then 'awaiting_user_pickup'
                       when t.event_status in ('awaiting_service_pickup', 'awaiting_service_dropoff') then 'awaiting_service_pickup'
                       else 'in_progress' end,
                  jsonb_build_object('id_device', t.id_device), t.created_at),
              (2, case t.event_status when 'canceled' then 'cancel' when 'expired' then 'expire' when 'removed' then 'remove'
                       when 'awaiting_service_dropoff' then 'service_pickup' else 'end' end,
                  case when t.event_type = 'delivery' then 'awaiting_user_pickup'
                       when t.event_status = 'awaiting_service_dropoff' then 'awaiting_service_pickup'
                       else 'in_progress' end,
                  case when t.event_status = 'refunded' then 'finished' else t.event_status end,
                  jsonb_build_object('total', (t.total + coalesce(t.refunded_amount, 0))::text),
                  coalesce(t.ended_at, t.canceled_at, t.created_at + interval '1 day')),
              (3, 'refund', 'finished', 'refunded', jsonb_build_object('amount', t.refunded_amount::text),
                  t.ended_at + interval '1 hour')
            ) s(step, action, before, after, detail, at)
       where t.organization_id = '${org}'
         and (s.step = 1
              or (s.step = 2 and t.event_status not in ('in_progress', 'awaiting_service_pickup', 'awaiting_user_pickup'))
              or (s.step = 3 and t.event_status = 'refunded'))`,
    ],
    [
      'transaction_counters',
      `insert into transaction_counters (organization_id, last_number) values ('${org}', ${T})
       on conflict (organization_id) do update set last_number = excluded.last_number`,
    ],
  ];
}
