import type { TSize } from '@lockerops/contract';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { imageColumn, rowActionsColumn } from '../../components/DataTable';

export interface SizeColumnActions {
  /** the `sizes` namespace's translate function */
  t: TFunction;
  onEdit: (size: TSize) => void;
  onDelete: (size: TSize) => void;
}

const dimension = (field: 'width' | 'depth' | 'height', headerName: string): GridColDef<TSize> => ({
  field,
  headerName,
  type: 'number',
  width: 110,
  headerAlign: 'left',
  align: 'left',
});

/**
 * Columns of the sizes table (spec operational §2 Sizes): image, name, width, depth, height, action;
 * the select column is the grid's checkbox column. Cells stay light: a lazy 40x25 thumbnail, plain text.
 */
export function sizeColumns({ t, onEdit, onDelete }: SizeColumnActions): GridColDef<TSize>[] {
  return [
    imageColumn<TSize>(t('field.image'), 90),
    { field: 'name', headerName: t('field.name'), flex: 1, minWidth: 160 },
    dimension('width', t('field.width')),
    dimension('depth', t('field.depth')),
    dimension('height', t('field.height')),
    rowActionsColumn<TSize>({ onEdit, onDelete }),
  ];
}
