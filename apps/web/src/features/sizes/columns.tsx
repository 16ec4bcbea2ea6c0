import type { TSize } from '@lockerops/contract';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { rowActionsColumn } from '../../components/DataTable';

export interface SizeColumnActions {
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
export function sizeColumns({ onEdit, onDelete }: SizeColumnActions): GridColDef<TSize>[] {
  return [
    {
      field: 'image',
      headerName: 'Image',
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
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    dimension('width', 'Width'),
    dimension('depth', 'Depth'),
    dimension('height', 'Height'),
    rowActionsColumn<TSize>({ onEdit, onDelete }),
  ];
}
