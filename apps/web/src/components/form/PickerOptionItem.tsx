import { Box, Typography } from '@mui/material';
import type { HTMLAttributes, Key } from 'react';
import type { PickerOption } from '../../api/pickers';

/**
 * One option of a search picker (single or several): named by its label, described by its second
 * line (e-mail, phone, location), so a screen reader reads "Ada Lovelace, ada@example.test".
 */
export function renderPickerOption(props: HTMLAttributes<HTMLLIElement> & { key?: Key }, o: PickerOption) {
  const { key, ...rest } = props;
  const id = `${rest.id ?? key}`;
  return (
    <Box
      component="li"
      key={key}
      {...rest}
      aria-labelledby={`${id}-label`}
      aria-describedby={o.secondary ? `${id}-secondary` : undefined}
    >
      <Box>
        <Typography variant="body2" id={`${id}-label`}>
          {o.label}
        </Typography>
        {o.secondary ? (
          <Typography variant="caption" color="text.secondary" id={`${id}-secondary`}>
            {o.secondary}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
