import { z } from 'zod';
import { zFlag, zUploadedImage } from './common';
import { zIdList } from './conditions';
import { zOptionalId } from './products';

/** Texts of the Product groups area (spec: operational §5 Product group, §9 limits). */
export const PRODUCT_GROUP_MESSAGES = {
  nameRequired: 'Product group name is required',
  nameMax: 'Product group name must be 50 characters long maximum.',
  nameChars: 'Product group name can only contain letters, numbers and spaces.',
  chargingTime: 'Charging time can have at most 6 digits',
  transactionNumber: 'Number of transactions can have at most 10 digits',
  totalInventory: 'Total inventory must be a whole number',
  returnPolicyRequired: 'Return policy is required',
  sizeRequired: 'Locker size is required',
  sizeNotFound: 'Size not found',
  productNotFound: 'Product not found',
  onlyImages: 'Only images are allowed!',
  created: 'Product group created successfully',
  updated: 'Product group updated successfully',
  deleted: 'Product group deleted successfully',
} as const;

export const PRODUCT_GROUP_NAME_MAX = 50;
export const CHARGING_TIME_MAX_DIGITS = 6;
export const TRANSACTION_NUMBER_MAX_DIGITS = 10;

/**
 * The return policy, stored as `one_to_one` (spec: operational §5 Product group "return policy and
 * locker size required (size only when return is any locker of same size and location)").
 */
export const RETURN_POLICY_LABELS = {
  same: 'Return to the same locker',
  any: 'Return to any locker of the same size and location',
} as const;

/** A whole number of at most `digits` digits; blank is null. */
const zDigits = (digits: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? v.trim() : v),
    z
      .union([z.string().regex(new RegExp(`^\\d{1,${digits}}$`), message), z.number()])
      .transform((v) => Number(v))
      .refine((v) => Number.isInteger(v) && v >= 0 && v < 10 ** digits, message)
      .nullable(),
  );

/** A product group (spec: operational §3 Product group). `charging_time` in minutes. */
export const ZProductGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  image: z.string().nullable(),
  id_size: z.uuid().nullable(),
  size: z
    .object({ id: z.uuid(), name: z.string(), width: z.number(), depth: z.number(), height: z.number() })
    .nullable(),
  products: z.array(z.object({ id: z.uuid(), name: z.string() })),
  one_to_one: z.boolean(),
  charging_time: z.number().int().nullable(),
  auto_repair: z.boolean(),
  transaction_number: z.number().int().nullable(),
  total_inventory: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProductGroup = z.infer<typeof ZProductGroup>;

/**
 * Create and update body (`POST product-groups`, `PUT product-groups/{id}`), JSON or multipart (then
 * `image` may be a file). `products`, when given, is the full list of the group's products.
 */
export const ZProductGroupCreateRequest = z
  .object({
    name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: PRODUCT_GROUP_MESSAGES.nameRequired })
        .min(1, PRODUCT_GROUP_MESSAGES.nameRequired)
        .max(PRODUCT_GROUP_NAME_MAX, PRODUCT_GROUP_MESSAGES.nameMax)
        .regex(/^[\p{L}\p{N} ]*$/u, PRODUCT_GROUP_MESSAGES.nameChars),
    ),
    image: zUploadedImage(),
    one_to_one: z.preprocess((v) => (v === '' || v === null ? undefined : v), zFlag.optional()),
    id_size: zOptionalId,
    charging_time: zDigits(CHARGING_TIME_MAX_DIGITS, PRODUCT_GROUP_MESSAGES.chargingTime),
    auto_repair: zFlag.optional().default(false),
    transaction_number: zDigits(TRANSACTION_NUMBER_MAX_DIGITS, PRODUCT_GROUP_MESSAGES.transactionNumber),
    total_inventory: zDigits(9, PRODUCT_GROUP_MESSAGES.totalInventory),
    products: zIdList,
  })
  .superRefine((v, ctx) => {
    if (v.one_to_one === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['one_to_one'],
        message: PRODUCT_GROUP_MESSAGES.returnPolicyRequired,
      });
    } else if (v.one_to_one === false && !v.id_size) {
      ctx.addIssue({ code: 'custom', path: ['id_size'], message: PRODUCT_GROUP_MESSAGES.sizeRequired });
    }
  })
  .transform((v) => ({ ...v, one_to_one: v.one_to_one ?? true }));
export type TProductGroupCreateRequest = z.input<typeof ZProductGroupCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZProductGroupUpdateRequest = ZProductGroupCreateRequest;

export const PRODUCT_GROUP_CSV_HEADERS = [
  'name',
  'one_to_one',
  'id_size',
  'charging_time',
  'auto_repair',
  'transaction_number',
  'total_inventory',
] as const;
