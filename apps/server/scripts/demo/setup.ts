import type { TMode } from '@lockerops/contract';
import {
  AREA_CODES,
  DEMO_LOCATIONS,
  DEMO_RENTALS,
  DEMO_SIZES,
  DEMO_VENDING,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  STREETS,
} from './catalog';
import type { ApiClient } from './client';
import type { Random } from './random';

/** Something the API created: its id. */
interface Created {
  id: string;
}

/** The body a device was created with, kept to send it again on `PUT devices/{id}`. */
export interface DeviceBody {
  name: string;
  locker_number: number;
  mode: TMode;
  status: 'available';
  hardware_type: 'virtual';
  id_location: string;
  id_size: string | null;
  id_price: string | null;
  id_product: string | null;
  item?: string;
}

/** A demo device and what the history needs to know of it. */
export interface DemoDevice {
  id: string;
  mode: TMode;
  locationIndex: number;
  body: DeviceBody;
}

/** A demo customer. */
export interface DemoUser {
  id: string;
  email: string;
  phone: string;
  member: boolean;
}

/** Everything the set-up created, for the history to use. */
export interface DemoSetup {
  locations: Array<{ id: string; name: string }>;
  sizes: Map<string, string>;
  devices: DemoDevice[];
  users: DemoUser[];
  conditions: { good: string; cleaning: string; damaged: string };
  promoCode: string;
  membershipId: string;
  productGroupId: string;
  rentalProducts: string[];
  vendingProducts: string[];
}

/**
 * Splits `n` doors between the weighted modes (largest remainder), giving every weighted mode at
 * least one door when `n` allows it. Answers the modes door by door.
 */
export function allocateModes(n: number, weights: Partial<Record<TMode, number>>): TMode[] {
  const entries = Object.entries(weights).filter(([, w]) => (w ?? 0) > 0) as Array<[TMode, number]>;
  const total = entries.reduce((s, [, w]) => s + w, 0);
  const counts = entries.map(([m, w]) => ({ m, exact: (n * w) / total, n: Math.floor((n * w) / total) }));
  for (const c of counts) if (c.n === 0 && n >= entries.length) c.n = 1;
  let left = n - counts.reduce((s, c) => s + c.n, 0);
  const byRemainder = [...counts].sort((a, b) => b.exact - b.n - (a.exact - a.n));
  for (let i = 0; left > 0; i = (i + 1) % byRemainder.length, left--) byRemainder[i]!.n++;
  while (left < 0) {
    const biggest = counts.reduce((a, b) => (b.n > a.n ? b : a));
    biggest.n--;
    left++;
  }
  return counts.flatMap((c) => Array.from({ length: c.n }, () => c.m));
}

/** A plausible customer: name, e-mail at a reserved example domain, a fictional Chicago number. */
export function makePerson(rnd: Random, i: number) {
  const first = rnd.pick(FIRST_NAMES);
  const last = rnd.pick(LAST_NAMES);
  const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  const areaCode = AREA_CODES[Math.floor(i / 100) % AREA_CODES.length]!;
  const line = String(100 + (i % 100)).padStart(4, '0');
  return {
    name: first,
    last_name: last,
    email: `${handle}${i + 1}@${rnd.pick(EMAIL_DOMAINS)}`,
    phone_number: `+1${areaCode}555${line}`,
    address: `${rnd.int(100, 4999)} ${rnd.pick(STREETS)}, Chicago, IL 606${String(rnd.int(1, 60)).padStart(2, '0')}`,
  };
}

/**
 * Creates the operator through the console's calls (admin session): sizes, prices, a promo,
 * conditions, rental products and their product group, three locations with a locker wall each
 * and their virtual devices in its doors, the customers and a membership some of them hold.
 */
export async function createSetup(
  api: ApiClient,
  rnd: Random,
  counts: { users: number; devicesPerLocation: number; days: number },
): Promise<DemoSetup> {
  const sizes = new Map<string, string>();
  for (const s of DEMO_SIZES) sizes.set(s.name, (await api.post<Created>('sizes', s)).id);

  const price = async (body: object) => (await api.post<Created>('prices', body)).id;
  const storageHourly = await price({
    name: 'Storage — hourly',
    price_type: 'pay_per_time',
    amount: 3,
    currency: 'usd',
    unit_amount: 1,
    unit: 'hour',
    default: true,
  });
  const storageDaily = await price({
    name: 'Storage — large, daily',
    price_type: 'pay_per_time',
    amount: 18,
    currency: 'usd',
    unit_amount: 1,
    unit: 'day',
  });
  const rentalHourly = await price({
    name: 'Gear rental — hourly',
    price_type: 'pay_per_time',
    amount: 6,
    currency: 'usd',
    unit_amount: 1,
    unit: 'hour',
  });
  const washFold = await price({
    name: 'Wash & fold',
    price_type: 'pay_per_weight',
    amount: 1.99,
    currency: 'usd',
    unit: 'lb',
  });

  const day = 86_400_000;
  const promoCode = 'WELCOME20';
  await api.post('promos', {
    name: 'Welcome 20% off',
    code: promoCode,
    discount_type: 'percentage',
    amount: 20,
    start_time: new Date(Date.now() - (counts.days + 5) * day).toISOString(),
    end_time: new Date(Date.now() + 90 * day).toISOString(),
  });

  const good = (await api.post<Created>('conditions', { name: 'Good' })).id;
  const cleaning = (await api.post<Created>('conditions', { name: 'Needs cleaning', auto_maintenance: true }))
    .id;
  const damaged = (
    await api.post<Created>('conditions', { name: 'Damaged', auto_report: true, auto_maintenance: true })
  ).id;

  const locations: DemoSetup['locations'] = [];
  for (const l of DEMO_LOCATIONS) {
    const { modes: _modes, ...body } = l;
    locations.push({ id: (await api.post<Created>('locations', body)).id, name: l.name });
  }

  // Doors: modes per location; rental doors each hold a product of the "Outdoor Gear" group.
  const plan = DEMO_LOCATIONS.map((l) => allocateModes(counts.devicesPerLocation, l.modes));
  const rentalCount = plan.flat().filter((m) => m === 'rental').length;
  const rentalProducts: string[] = [];
  for (let i = 0; i < rentalCount; i++) {
    const p = DEMO_RENTALS[i % DEMO_RENTALS.length]!;
    const { id } = await api.post<Created>('products', {
      name: p.name,
      sku: p.sku,
      serial_number: `LSL-R-${String(i + 1).padStart(4, '0')}`,
      price: p.price,
      msrp: p.msrp,
      description: `${p.name} for hourly rental`,
      id_condition: good,
    });
    rentalProducts.push(id);
  }
  const productGroupId = (
    await api.post<Created>('product-groups', {
      name: 'Outdoor Gear',
      one_to_one: true,
      transaction_number: 1,
      products: rentalProducts,
    })
  ).id;

  const vendingCount = plan.flat().filter((m) => m === 'vending').length;
  const vendingProducts: string[] = [];
  for (let i = 0; i < vendingCount; i++) vendingProducts.push(await createVendingProduct(api, i));

  const devices: DemoDevice[] = [];
  let rentalIndex = 0;
  let vendingIndex = 0;
  for (const [li, modes] of plan.entries()) {
    const loc = DEMO_LOCATIONS[li]!;
    const qtyWide = 5;
    const wall = await api.post<Created>('locker-walls', {
      id_location: locations[li]!.id,
      name: `${loc.name.replace(/ Lockers$/, '')} wall A`,
      custom_id: `${loc.custom_id}-A`,
      qty_wide: qtyWide,
      qty_tall: Math.ceil(modes.length / qtyWide),
    });
    for (const [i, mode] of modes.entries()) {
      const sizeName =
        mode === 'service'
          ? 'Large'
          : mode === 'delivery'
            ? rnd.pick(['Small', 'Medium', 'Medium', 'Large'])
            : mode === 'storage'
              ? rnd.pick(['Small', 'Medium', 'Medium', 'Large', 'Extra Large'])
              : mode === 'rental'
                ? 'Extra Large'
                : 'Small';
      const idPrice =
        mode === 'storage'
          ? sizeName === 'Large' || sizeName === 'Extra Large'
            ? storageDaily
            : storageHourly
          : mode === 'rental'
            ? rentalHourly
            : mode === 'service'
              ? washFold
              : null;
      const body: DeviceBody = {
        name: `${loc.custom_id}-${String(i + 1).padStart(2, '0')}`,
        locker_number: i + 1,
        mode,
        status: 'available',
        hardware_type: 'virtual',
        id_location: locations[li]!.id,
        id_size: sizes.get(sizeName) ?? null,
        id_price: idPrice,
        id_product:
          mode === 'rental'
            ? (rentalProducts[rentalIndex++] ?? null)
            : mode === 'vending'
              ? (vendingProducts[vendingIndex++] ?? null)
              : null,
      };
      const { id } = await api.post<Created>('devices', body);
      devices.push({ id, mode, locationIndex: li, body });
      await api.patch(`locker-walls/${wall.id}/doors`, {
        x: (i % qtyWide) + 1,
        y: Math.floor(i / qtyWide) + 1,
        id_device: id,
      });
    }
  }

  const users: DemoUser[] = [];
  for (let i = 0; i < counts.users; i++) {
    const person = makePerson(rnd, i);
    const { id } = await api.post<Created>('users', person);
    users.push({ id, email: person.email, phone: person.phone_number, member: false });
  }
  const members = rnd.shuffle(users).slice(0, Math.max(1, Math.round(users.length * 0.12)));
  for (const m of members) m.member = true;
  const membershipId = (
    await api.post<Created>('memberships', {
      name: 'Commuter Plus',
      description: '20% off storage and laundry at Union Station and South Loop',
      active: true,
      currency: 'usd',
      amount: 9.99,
      billing_type: 'recurring',
      billing_period: 'month',
      number_of_payments: 12,
      membership_type: 'percentage',
      value: 20,
      locations: [locations[0]!.id, locations[2]!.id],
      users: members.map((m) => m.id),
    })
  ).id;

  return {
    locations,
    sizes,
    devices,
    users,
    conditions: { good, cleaning, damaged },
    promoCode,
    membershipId,
    productGroupId,
    rentalProducts,
    vendingProducts,
  };
}

/** A vending good for the shelf (`POST products`); `i` picks the article and its serial number. */
export async function createVendingProduct(api: ApiClient, i: number): Promise<string> {
  const v = DEMO_VENDING[i % DEMO_VENDING.length]!;
  const { id } = await api.post<Created>('products', {
    name: v.name,
    sku: v.sku,
    serial_number: `LSL-V-${String(i + 1).padStart(5, '0')}`,
    price: v.price,
    sales_price: v.sales_price,
    description: `${v.name}, sold from the vending door`,
  });
  return id;
}
