import { DASHBOARD_MESSAGES } from '@lockerops/contract';
import {
  Card,
  CardContent,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';
import { type DashboardFilter, useMetric } from './hooks';

interface Column<T> {
  header: string;
  cell: (row: T) => string | number;
  align?: 'right';
}

function TopTable<T extends { id: string }>({
  title,
  columns,
  query,
}: {
  title: string;
  columns: Column<T>[];
  query: { data?: T[]; isError: boolean };
}) {
  const rows = query.data;
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {query.isError || rows?.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ color: 'text.secondary', py: 3 }}>
                  {translateMessage(
                    query.isError ? DASHBOARD_MESSAGES.noData : DASHBOARD_MESSAGES.noDataToShow,
                  )}
                </TableCell>
              </TableRow>
            ) : !rows ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ) : (
              rows.map((r) => (
                <TableRow key={r.id}>
                  {columns.map((c) => (
                    <TableCell key={c.header} align={c.align}>
                      {c.cell(r)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/**
 * Top Users (user, location, purchases) and Top Locations (name, address, count) of the filter
 * (spec console §2; `reports/top_users`, `reports/locations`); 'No data to show' when empty.
 */
export function TopTables({ filter }: { filter: DashboardFilter }) {
  const users = useMetric('top_users', filter);
  const locations = useMetric('locations', filter);
  const { t } = useTranslation('dashboard');
  return (
    <>
      <TopTable
        title={t('top.users')}
        query={users}
        columns={[
          { header: t('top.user'), cell: (r) => r.user },
          { header: t('top.location'), cell: (r) => r.location ?? '' },
          { header: t('top.purchases'), cell: (r) => r.purchases, align: 'right' },
        ]}
      />
      <TopTable
        title={t('top.locations')}
        query={locations}
        columns={[
          { header: t('top.locationName'), cell: (r) => r.name },
          { header: t('top.address'), cell: (r) => r.address ?? '' },
          { header: t('top.count'), cell: (r) => r.count, align: 'right' },
        ]}
      />
    </>
  );
}
