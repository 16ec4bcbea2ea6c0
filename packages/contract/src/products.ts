import { z } from 'zod';
import { zOptionalText, zRequiredText, zUploadedImage } from './common';

/** Texts of the Products area (spec: operational §5 Product, §8). */
export const PRODUCT_MESSAGES = {
  nameRequired: 'Product name is required',
  onlyImages: 'Only images are allowed!',
  costPositive: 'Cost must be greater than 0',
  salePricePositive: 'Sale price must be greater than 0',
  msrpPositive: 'MSRP must be greater than 0',
  created: 'Product created successfully',
  updated: 'Product updated successfully',
  cloned: 'Product cloned successfully',
  bulkUpdated: (n: number) => `${n} product(s) updated successfully`,
  deleted: 'Product deleted successfully',
  selectOne: 'Please select at least one product',
  nothingToChange: 'Please fill in at least one field to change.',
  serialInUse: 'This serial number is already in use. Please enter a unique serial number.',
  inDevice: (names: string) => `This product is assigned to a device and cannot be deleted: ${names}`,
  inRental: (names: string) => `This product is in an active rental and cannot be deleted: ${names}`,
  groupNotFound: 'Product group not found',
  conditionNotFound: 'Condition not found',
  notFound: 'Product not found',
} as const;

/** Product tracking states and their timeline labels (spec: operational §4 Product tracking states). */
export const PRODUCT_TRACKING_STATES = ['new', 'incoming', 'outgoing', 'maintenance'] as const;
export const ZProductTrackingState = z.enum(PRODUCT_TRACKING_STATES);
export type TProductTrackingState = z.infer<typeof ZProductTrackingState>;
export const PRODUCT_TRACKING_LABELS: Record<TProductTrackingState, string> = {
  new: 'Product Created',
  incoming: 'In',
  outgoing: 'Out',
  maintenance: 'Maintenance Ticket',
};

const MAX_MONEY = 9_999_999_999.99;

/**
 * An optional amount of money (numeric(12,2)): blank is null; when given it is > 0 with the spec's
 * message (`{label} must be greater than 0`) and at most 2 decimals.
 */
export const zOptionalMoney = (label: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return null;
      if (typeof v === 'string') return v.trim() === '' ? null : Number(v.trim());
      return v;
    },
    z
      .number({ error: `${label} must be a number` })
      .refine((v) => Number.isFinite(v), `${label} must be a number`)
      // stored with two decimals: 0.000000001 would become 0
      .refine((v) => Math.round(v * 100) > 0, `${label} must be greater than 0`)
      .refine(
        (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        `${label} must have up to 2 decimal places`,
      )
      .refine((v) => v <= MAX_MONEY, `${label} is too large`)
      .nullable(),
  );

/** An optional reference: blank is null, otherwise a uuid. */
export const zOptionalId = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.uuid({ error: 'Invalid id' }).nullable(),
);

const ZRef = z.object({ id: z.uuid(), name: z.string() });

/** A product as the Inventory page shows it (spec: operational §3 Product). Money in currency units. */
export const ZProduct = z.object({
  id: z.uuid(),
  name: z.string(),
  image: z.string().nullable(),
  serial_number: z.string().nullable(),
  sku: z.string().nullable(),
  /** The cost. */
  price: z.number().nullable(),
  sales_price: z.number().nullable(),
  msrp: z.number().nullable(),
  description: z.string().nullable(),
  id_product_group: z.uuid().nullable(),
  product_group: ZRef.nullable(),
  id_condition: z.uuid().nullable(),
  condition: ZRef.nullable(),
  /** The device the product sits in (at most one), with its location. */
  devices: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      locker_number: z.number().int(),
      id_location: z.uuid(),
      location_name: z.string().nullable(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

const productFields = {
  name: zRequiredText(PRODUCT_MESSAGES.nameRequired, 200),
  serial_number: zOptionalText(100),
  sku: zOptionalText(100),
  price: zOptionalMoney('Cost'),
  sales_price: zOptionalMoney('Sale price'),
  msrp: zOptionalMoney('MSRP'),
  description: zOptionalText(1000),
  id_product_group: zOptionalId,
  id_condition: zOptionalId,
};

/**
 * Create and update body (`POST products`, `PUT products/{id}`), JSON or multipart; in multipart
 * `image` may be a file, stored by the server (only images, checked by content). The same schema
 * validates each CSV row (no image there).
 */
export const ZProductCreateRequest = z.object({
  ...productFields,
  image: zUploadedImage(),
});
export type TProductCreateRequest = z.input<typeof ZProductCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZProductUpdateRequest = ZProductCreateRequest;

/**
 * `PATCH products` bulk edit (spec: operational §7): `product` holds only the fields to change, each
 * validated like the single form; a blank optional field clears it.
 */
export const ZProductBulkUpdateRequest = z.object({
  id_products: z.array(z.uuid(), { error: PRODUCT_MESSAGES.selectOne }).min(1, PRODUCT_MESSAGES.selectOne),
  product: z.object({
    name: productFields.name.optional(),
    price: productFields.price.optional(),
    sales_price: productFields.sales_price.optional(),
    msrp: productFields.msrp.optional(),
    description: productFields.description.optional(),
    serial_number: productFields.serial_number.optional(),
    id_product_group: productFields.id_product_group.optional(),
    id_condition: productFields.id_condition.optional(),
  }),
});
export type TProductBulkUpdateRequest = z.input<typeof ZProductBulkUpdateRequest>;
export const ZProductBulkUpdateResponse = z.object({ detail: z.string(), updated: z.number().int() });

/** Query of `GET products` beyond page/size/search/sort. */
export const ZProductListQuery = z.object({
  /** Products in devices at this location. */
  by_location: z.uuid().optional(),
  /** `true`: only products not in any device (the device form's product options). */
  unassigned: z.enum(['true', 'false']).optional(),
  id_product_group: z.uuid().optional(),
  id_condition: z.uuid().optional(),
});

/** One entry of a product's timeline (spec: operational §3 Product `product_tracking`, §4). */
export const ZProductTrackingEntry = z.object({
  id: z.uuid(),
  state: ZProductTrackingState,
  label: z.string(),
  created_at: z.string(),
  /** The customer of an In/Out. */
  user: z.object({ id: z.uuid(), name: z.string(), last_name: z.string().nullable() }).nullable(),
  /** The team member or API key that acted, when any. */
  actor_name: z.string().nullable(),
  condition: ZRef.nullable(),
  id_device: z.uuid().nullable(),
});
export type TProductTrackingEntry = z.infer<typeof ZProductTrackingEntry>;
export const ZProductTrackingResponse = z.object({ items: z.array(ZProductTrackingEntry) });

export const PRODUCT_CSV_HEADERS = [
  'name',
  'serial_number',
  'sku',
  'price',
  'sales_price',
  'msrp',
  'description',
  'id_product_group',
  'id_condition',
] as const;
