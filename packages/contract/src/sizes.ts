import { z } from 'zod';
import { zOptionalText, zPositiveDecimal, zRequiredText, zUploadedImage } from './common';

/** Texts of the Sizes area (spec: operational §5 Size, §8). */
export const SIZE_MESSAGES = {
  nameRequired: 'Name required',
  created: 'Size created successfully',
  updated: 'Size updated successfully',
  deleted: 'Size deleted successfully',
  onlyImages: 'Only images are allowed!',
} as const;

/** A locker size; dimensions in inches (spec: operational §3 Size). */
export const ZSize = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  width: z.number(),
  depth: z.number(),
  height: z.number(),
  image: z.string().nullable(),
  external_id: z.string().nullable(),
  available_devices: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TSize = z.infer<typeof ZSize>;

/** Create and update body; the same schema validates each CSV row. */
export const ZSizeCreateRequest = z.object({
  name: zRequiredText(SIZE_MESSAGES.nameRequired, 100),
  description: zOptionalText(500),
  width: zPositiveDecimal('Width'),
  depth: zPositiveDecimal('Depth'),
  height: zPositiveDecimal('Height'),
  image: zUploadedImage(),
  external_id: zOptionalText(100),
});
export type TSizeCreateRequest = z.input<typeof ZSizeCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZSizeUpdateRequest = ZSizeCreateRequest;

/** Headers of the sizes CSV, the same for upload, template and export. */
export const SIZE_CSV_HEADERS = ['name', 'description', 'width', 'depth', 'height', 'external_id'] as const;

export const ZSizeListQuery = z.object({});
