import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The heading of a main page; `actions` sit on the right (buttons of the page's toolbar). */
export function PageTitle({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
      <Typography variant="h1" component="h1">
        {title}
      </Typography>
      {actions ? <Box sx={{ display: 'flex', gap: 1 }}>{actions}</Box> : null}
    </Box>
  );
}
