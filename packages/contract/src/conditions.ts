import { z } from 'zod';
import { zFlag, zRequiredText } from './common';

/** Texts of the Conditions area (spec: operational §5 Condition, §8). */
export const CONDITION_MESSAGES = {
  nameRequired: 'Condition name is required',
  created: 'Condition created',
  updated: 'Condition updated',
  cloned: 'Condition cloned',
  saved: 'Saved successfully',
  deleted: 'Condition deleted successfully',
  nothingToChange: 'Nothing to change: send auto_report and/or auto_maintenance.',
  notFound: 'Condition not found',
} as const;

/** A product condition (spec: operational §3 Condition). */
export const ZCondition = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The products currently in this condition. */
  products: z.array(z.object({ id: z.uuid(), name: z.string() })),
  products_count: z.number().int(),
  auto_report: z.boolean(),
  auto_maintenance: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCondition = z.infer<typeof ZCondition>;

/** Product ids as a JSON array, a repeated field, or a comma-separated text (forms, CSV). */
export const zIdList = z.preprocess((v) => {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v.split(/[,;\s]+/).filter(Boolean);
  return v;
}, z.array(z.uuid()).optional());

/**
 * Create and update body; the same schema validates each CSV row. `products`, when given, is the
 * full list of products in this condition (others leave it).
 */
export const ZConditionCreateRequest = z.object({
  name: zRequiredText(CONDITION_MESSAGES.nameRequired, 100),
  auto_report: zFlag.optional().default(false),
  auto_maintenance: zFlag.optional().default(false),
  products: zIdList,
});
export type TConditionCreateRequest = z.input<typeof ZConditionCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZConditionUpdateRequest = ZConditionCreateRequest;

/** `PATCH conditions/{id}`: toggles the auto flags; absent ones are left as they are. */
export const ZConditionFlagsRequest = z
  .object({ auto_report: z.boolean().optional(), auto_maintenance: z.boolean().optional() })
  .refine((v) => v.auto_report !== undefined || v.auto_maintenance !== undefined, {
    message: CONDITION_MESSAGES.nothingToChange,
  });
export type TConditionFlagsRequest = z.infer<typeof ZConditionFlagsRequest>;

/** Answer of the toggle and the clone: the spec's message and the condition. */
export const ZConditionActionResponse = z.object({ detail: z.string(), condition: ZCondition });

export const CONDITION_CSV_HEADERS = ['name', 'auto_report', 'auto_maintenance'] as const;
