import { TextField } from '@mui/material';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The phone-or-e-mail recipient of a delivery or a shared link (spec: operational §7 Transactions). */
export function RecipientFields(props: {
  phone: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  phoneError?: string;
  emailError?: string;
}) {
  return (
    <>
      <TextField
        label="Phone Number"
        {...props.phone}
        error={!!props.phoneError}
        helperText={props.phoneError ?? 'With the country code, e.g. +15551234567'}
      />
      <TextField
        label="Email"
        type="email"
        {...props.email}
        error={!!props.emailError}
        helperText={props.emailError ?? ' '}
      />
    </>
  );
}
