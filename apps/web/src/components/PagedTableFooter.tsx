import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The foot of a small paged log table (notification deliveries, webhook deliveries): "No Data to
 * Show" when the loaded page is empty, then the pager (25, 50 or 200 rows; `page` is 0-based and a
 * new page size goes back to the first page).
 */
export function PagedTableFooter(props: {
  /** rows on the loaded page, undefined while loading */
  rows: number | undefined;
  total: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {props.rows === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('table.empty')}
        </Typography>
      ) : null}
      <TablePagination
        component="div"
        count={props.total}
        page={props.page}
        rowsPerPage={props.size}
        rowsPerPageOptions={[25, 50, 200]}
        onPageChange={(_e, p) => props.onPage(p)}
        onRowsPerPageChange={(e) => {
          props.onSize(Number(e.target.value));
          props.onPage(0);
        }}
      />
    </>
  );
}
