import type { TSize } from '@lockerops/contract';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { rowActionsColumn } from '../../components/DataTable';

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
    {
      field: 'image',
      headerName: t('field.image'),
      width: 90,
      sortable: false,
      renderCell: ({ row }) =>
        row.image ? (
          <img
            src={row.image}
            alt={row.name}
            loading="lazy"
            width={40}
            height={25}
            style={{ objectFit: 'cover', verticalAlign: 'middle' }}
          />
        ) : (
          <ImageOutlined color="disabled" fontSize="small" sx={{ verticalAlign: 'middle' }} />
        ),
    },
    { field: 'name', headerName: t('field.name'), flex: 1, minWidth: 160 },
    dimension('width', t('field.width')),
    dimension('depth', t('field.depth')),
    dimension('height', t('field.height')),
    rowActionsColumn<TSize>({ onEdit, onDelete }),
  ];
}
