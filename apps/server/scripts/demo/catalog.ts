import type { TMode } from '@lockerops/contract';

/**
 * The fixed catalog of the demo operator "Lakeshore Lockers" in Chicago: places, sizes, prices,
 * products and the names people are made from. Addresses are real-looking street addresses near
 * the spec's default map position (41.87, -87.62); phone numbers are in the fictional 555-01xx
 * range and e-mails use the reserved example domains.
 */

/** The first location's name marks an organization that already has the demo data. */
export const DEMO_MARKER_LOCATION = 'Union Station Lockers';

/** One demo location and the share of each door mode on its locker wall. */
export interface DemoLocation {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  contact_email: string;
  contact_phone: string;
  custom_id: string;
  /** Relative weights of the door modes on the wall. */
  modes: Partial<Record<TMode, number>>;
}

export const DEMO_LOCATIONS: readonly DemoLocation[] = [
  {
    name: DEMO_MARKER_LOCATION,
    address: '225 S Canal St, Chicago, IL 60606',
    latitude: 41.8789,
    longitude: -87.6396,
    contact_email: 'unionstation@lakeshore-lockers.example.com',
    contact_phone: '+13125550101',
    custom_id: 'CHI-US',
    modes: { storage: 10, delivery: 5, service: 4, vending: 1 },
  },
  {
    name: 'Grant Park Lockers',
    address: '337 E Randolph St, Chicago, IL 60601',
    latitude: 41.8847,
    longitude: -87.6189,
    contact_email: 'grantpark@lakeshore-lockers.example.com',
    contact_phone: '+13125550102',
    custom_id: 'CHI-GP',
    modes: { storage: 8, delivery: 5, rental: 6, vending: 1 },
  },
  {
    name: 'South Loop Lockers',
    address: '1201 S State St, Chicago, IL 60605',
    latitude: 41.8665,
    longitude: -87.6272,
    contact_email: 'southloop@lakeshore-lockers.example.com',
    contact_phone: '+13125550103',
    custom_id: 'CHI-SL',
    modes: { storage: 8, delivery: 4, service: 6, rental: 2 },
  },
];

/** Locker sizes in inches (width, depth, height). */
export const DEMO_SIZES = [
  { name: 'Small', description: 'Phones, keys, a small bag', width: 12, depth: 16, height: 8 },
  { name: 'Medium', description: 'A backpack or a parcel', width: 12, depth: 16, height: 15 },
  { name: 'Large', description: 'A carry-on or a laundry bag', width: 18, depth: 20, height: 24 },
  { name: 'Extra Large', description: 'Suitcases and sports gear', width: 24, depth: 24, height: 36 },
] as const;

/** Rental products: the group they belong to and their prices. */
export const DEMO_RENTALS = [
  { name: 'City Bike', sku: 'BIKE-CITY', price: 420, sales_price: 0, msrp: 549 },
  { name: 'Kayak Paddle Set', sku: 'KAYAK-PDL', price: 90, sales_price: 0, msrp: 129 },
  { name: 'Camping Chair', sku: 'CHAIR-CMP', price: 25, sales_price: 0, msrp: 39 },
  { name: 'Bluetooth Speaker', sku: 'SPK-BT', price: 60, sales_price: 0, msrp: 89 },
  { name: 'Picnic Blanket', sku: 'PIC-BLK', price: 18, sales_price: 0, msrp: 29 },
  { name: 'Umbrella', sku: 'UMB-LG', price: 9, sales_price: 0, msrp: 19 },
] as const;

/** Vending goods: cost and sales price. */
export const DEMO_VENDING = [
  { name: 'Phone Charger USB-C', sku: 'VND-CHG-C', price: 6, sales_price: 14.99 },
  { name: 'Travel Adapter', sku: 'VND-ADP', price: 8, sales_price: 19.99 },
  { name: 'Earbuds', sku: 'VND-EAR', price: 7, sales_price: 24.99 },
  { name: 'Power Bank 10000mAh', sku: 'VND-PWR', price: 12, sales_price: 29.99 },
] as const;

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'Lucas',
  'Mia',
  'Mateo',
  'Amelia',
  'Benjamin',
  'Harper',
  'Henry',
  'Evelyn',
  'Alexander',
  'Abigail',
  'Daniel',
  'Emily',
  'Michael',
  'Ella',
  'Jackson',
  'Camila',
  'Sebastian',
  'Aria',
  'Jack',
  'Scarlett',
  'Owen',
  'Grace',
  'Samuel',
  'Chloe',
  'David',
  'Layla',
  'Joseph',
  'Nora',
  'Carter',
  'Zoe',
  'Wyatt',
  'Riley',
  'Luke',
  'Lily',
  'Gabriel',
  'Hannah',
  'Anthony',
  'Maya',
  'Isaac',
  'Priya',
  'Wei',
  'Aisha',
  'Omar',
  'Sofia',
  'Diego',
  'Yuki',
  'Kwame',
  'Fatima',
  'Andre',
] as const;

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Kowalski',
  'Novak',
  'Patel',
  'Kim',
  'Chen',
  'Okafor',
  'Murphy',
  "O'Brien",
  'Schmidt',
  'Rossi',
] as const;

export const STREETS = [
  'N Clark St',
  'W Madison St',
  'S Michigan Ave',
  'W Division St',
  'N Halsted St',
  'W Belmont Ave',
  'S Wabash Ave',
  'N Milwaukee Ave',
  'W Fullerton Ave',
  'S Halsted St',
  'N Damen Ave',
  'W Roosevelt Rd',
  'N Lincoln Ave',
  'W Chicago Ave',
  'S Dearborn St',
] as const;

/** Area codes of Chicago; numbers are drawn from the fictional 555-0100…0199 range of each. */
export const AREA_CODES = ['312', '773', '872'] as const;

export const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;
