import {
  sizesEndpoints,
  type TPage,
  type TSize,
  ZSize,
  type ZSizeCreateRequest,
  zPage,
} from '@lockerops/contract';
import type { z } from 'zod';

/** Query-key prefix of the sizes list; every size mutation invalidates it. */
export const sizesKey = ['sizes'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const SIZES_ENDPOINT = sizesEndpoints.sizes;
export const ZSizePage: z.ZodType<TPage<TSize>> = zPage(ZSize);

export type TSizeFormInput = z.input<typeof ZSizeCreateRequest>;

const blank = {
  name: '',
  description: '',
  width: '',
  depth: '',
  height: '',
  image: null,
  external_id: '',
};

/** The Add/Edit Size form's values (ZSizeCreateRequest, spec operational §5 Size) of a size, or blank. */
export function sizeValuesOf(size: TSize | null): TSizeFormInput {
  if (!size) return blank;
  return {
    name: size.name,
    description: size.description ?? '',
    width: String(size.width),
    depth: String(size.depth),
    height: String(size.height),
    image: size.image,
    external_id: size.external_id ?? '',
  };
}
