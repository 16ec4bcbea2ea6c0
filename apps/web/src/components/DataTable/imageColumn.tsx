import ImageOutlined from '@mui/icons-material/ImageOutlined';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/**
 * The "Image" column of a list (spec: operational §2 — sizes, products, product groups): a lazy
 * 40×25 thumbnail named after the row, or a greyed image icon when the row has none. Not sortable.
 */
export function imageColumn<R extends GridValidRowModel & { name: string; image?: string | null }>(
  headerName: string,
  width = 80,
): GridColDef<R> {
  return {
    field: 'image',
    headerName,
    width,
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
  };
}
