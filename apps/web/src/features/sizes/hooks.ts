import {
  sizesEndpoints,
  type TPage,
  type TSize,
  ZSize,
  ZSizeCreateRequest,
  zPage,
} from '@lockerops/contract';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { useDialogForm } from '../../components/form';

/** Query-key prefix of the sizes list; every size mutation invalidates it. */
export const sizesKey = ['sizes'] as const;
/** The area's calls (list, bulk delete, export, upload). */
export const SIZES_ENDPOINT = sizesEndpoints.sizes;
export const ZSizePage: z.ZodType<TPage<TSize>> = zPage(ZSize);

export type TSizeFormInput = z.input<typeof ZSizeCreateRequest>;
export type TSizeFormOutput = z.output<typeof ZSizeCreateRequest>;

const blank = {
  name: '',
  description: '',
  width: '',
  depth: '',
  height: '',
  image: null,
  external_id: '',
};

function valuesOf(size: TSize | null): TSizeFormInput {
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

/**
 * The Add/Edit Size form (CONTRIBUTING.md "Conventions"): validated by the contract's ZSizeCreateRequest (spec
 * operational §5 Size), reset to `size` (or blank) whenever the dialog opens.
 */
export function useSizeForm(size: TSize | null, open: boolean) {
  return useDialogForm(ZSizeCreateRequest, valuesOf, size, open);
}

/** `POST sizes` (no id) or `PUT sizes/{id}` with the validated body; answers the size. */
export function saveSize(id: string | undefined, body: TSizeFormOutput): Promise<TSize> {
  return id
    ? apiCall(sizesEndpoints.sizes.update, { params: { id }, body, schema: ZSize })
    : apiCall(sizesEndpoints.sizes.create, { body, schema: ZSize });
}
