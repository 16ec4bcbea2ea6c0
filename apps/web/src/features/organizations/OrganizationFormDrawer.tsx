import {
  DEFAULT_COLOR,
  FEATURE_FLAG_LABELS,
  FEATURE_FLAGS,
  HARDWARE_FLAGS,
  HARDWARE_VENDORS,
  MODE_FLAGS,
  MODE_LABELS,
  MODES,
  ORGANIZATION_MESSAGES,
  type TOrganization,
} from '@lockerops/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Divider,
  Drawer,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { ApiError, formatApiError } from '../../api/errors';
import { ColorField } from '../../components/ColorField';
import { FormTextField } from '../../components/form';
import { useResultDialog } from '../../components/ResultDialog';
import { useSaveOrganization } from './hooks';
import {
  emptyForm,
  formFromOrganization,
  type OrganizationFormValues,
  organizationFormData,
  selectAllState,
  toggleAll,
  validateOrganizationForm,
} from './organizationForm';

const MODE_OPTIONS = MODE_FLAGS.map((f, i) => ({ value: f, label: MODE_LABELS[MODES[i]!] }));
const HARDWARE_OPTIONS = HARDWARE_FLAGS.map((f, i) => ({
  value: f,
  label: HARDWARE_VENDORS[i]!.charAt(0).toUpperCase() + HARDWARE_VENDORS[i]!.slice(1),
}));

interface Props {
  open: boolean;
  /** the organization to edit; undefined to create one */
  organization?: TOrganization;
  currentOrganizationId: string;
  onClose: () => void;
}

/** react-hook-form's resolver over `validateOrganizationForm` (the contract's request schemas). */
const resolverFor =
  (editing: boolean): Resolver<OrganizationFormValues> =>
  (values) => {
    const found = Object.entries(validateOrganizationForm(values, editing));
    if (!found.length) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(found.map(([k, message]) => [k, { type: 'validate', message }])),
    };
  };

/** The organization form in a side panel (spec console §2 "Organization form", §5 Organization). */
export function OrganizationFormDrawer({ open, organization, currentOrganizationId, onClose }: Props) {
  const editing = !!organization;
  const archived = !!organization && !organization.active;
  const resolver = useMemo(() => resolverFor(editing), [editing]);
  const form = useForm<OrganizationFormValues>({ resolver, mode: 'onChange', defaultValues: emptyForm() });
  const { control, reset, watch, setError, formState } = form;
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveOrganization();
  const showResult = useResultDialog();

  useEffect(() => {
    if (!open) return;
    reset(organization ? formFromOrganization(organization) : emptyForm());
    setServerError(null);
  }, [open, organization, reset]);

  const values = watch();
  const logo = values.logo;
  const preview = useMemo(
    () => (logo ? URL.createObjectURL(logo) : (organization?.white_label.app_logo ?? null)),
    [logo, organization],
  );
  useEffect(
    () => () => {
      if (logo && preview) URL.revokeObjectURL(preview);
    },
    [logo, preview],
  );

  // the name is checked as it is typed, before it is touched: an invalid one keeps Create disabled
  const nameInvalid =
    !!validateOrganizationForm(values, editing).name || formState.errors.name?.type === 'server';

  const submit = form.handleSubmit(async (v) => {
    setServerError(null);
    try {
      await save.mutateAsync({ id: organization?.id, body: organizationFormData(v, editing) });
      onClose();
      showResult({
        type: 'success',
        message: editing ? 'Organization has been updated!' : 'Organization has been created!',
      });
    } catch (e) {
      if (
        e instanceof ApiError &&
        e.status === 409 &&
        formatApiError(e).includes(ORGANIZATION_MESSAGES.nameUnique)
      )
        setError('name', { type: 'server', message: ORGANIZATION_MESSAGES.nameUnique });
      else setServerError(formatApiError(e));
    }
  });

  const disabled = archived || save.isPending;
  const color = (name: 'primary_color' | 'secondary_color', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ColorField
          label={label}
          value={field.value}
          defaultColor={DEFAULT_COLOR}
          disabled={disabled}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
  const multiSelect = (name: 'modes' | 'hardware', label: string, allLabel: string, options: Option[]) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MultiSelect
          label={label}
          allLabel={allLabel}
          options={options}
          value={field.value}
          all={selectAllState(
            field.value,
            options.map((o) => o.value),
          )}
          disabled={disabled}
          error={fieldState.error?.message}
          onChange={field.onChange}
        />
      )}
    />
  );

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}
    >
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {editing ? 'Edit Organization' : 'Add Organization'}
        </Typography>
        <Stack spacing={2}>
          {archived ? <Alert severity="info">{ORGANIZATION_MESSAGES.archivedMustRestore}</Alert> : null}
          {serverError ? <Alert severity="error">{serverError}</Alert> : null}
          {editing ? (
            <TextField
              label="Organization ID"
              value={organization.id}
              slotProps={{ input: { readOnly: true } }}
            />
          ) : null}
          <FormTextField
            control={control}
            name="name"
            label="Organization Name"
            required
            disabled={disabled}
            helperText="Letters, numbers and spaces, e.g. ABC Luggage"
          />
          <Stack direction="row" spacing={2}>
            {color('primary_color', 'Primary Color')}
            {color('secondary_color', 'Secondary Color')}
          </Stack>
          {multiSelect('modes', 'Modes', ORGANIZATION_MESSAGES.selectAllModes, MODE_OPTIONS)}
          {multiSelect('hardware', 'Hardware', ORGANIZATION_MESSAGES.selectAllHardwares, HARDWARE_OPTIONS)}
          <Box>
            <Typography variant="subtitle2">Allow access for</Typography>
            <Controller
              control={control}
              name="features"
              render={({ field }) => (
                <FormGroup row>
                  {FEATURE_FLAGS.map((f) => (
                    <FormControlLabel
                      key={f}
                      label={FEATURE_FLAG_LABELS[f]}
                      control={
                        <Checkbox
                          checked={field.value.includes(f)}
                          disabled={disabled}
                          onChange={(e) =>
                            field.onChange(
                              e.target.checked ? [...field.value, f] : field.value.filter((x) => x !== f),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
              )}
            />
          </Box>
          <Divider />
          <Typography variant="subtitle2">Organization's Owner Information</Typography>
          {editing ? (
            organization.owner ? (
              <TextField
                label="Owner Email"
                value={organization.owner}
                slotProps={{ input: { readOnly: true } }}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {organization.id === currentOrganizationId
                  ? 'This is your organization.'
                  : 'No owner on record.'}
              </Typography>
            )
          ) : (
            <>
              <FormTextField
                control={control}
                name="email"
                label="Email"
                required
                type="email"
                disabled={disabled}
              />
              <FormTextField
                control={control}
                name="first_name"
                label="First Name"
                required
                disabled={disabled}
              />
              <FormTextField control={control} name="last_name" label="Last Name" disabled={disabled} />
            </>
          )}
          <Divider />
          <Controller
            control={control}
            name="logo"
            render={({ field, fieldState }) => (
              <Box>
                <Button variant="outlined" component="label" disabled={disabled}>
                  Upload Logo
                  <input
                    hidden
                    type="file"
                    accept="image/*"
                    aria-label="Logo"
                    onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
                  />
                </Button>
                {preview ? (
                  <Box
                    component="img"
                    src={preview}
                    alt="Logo preview"
                    sx={{ display: 'block', mt: 1, maxHeight: 100, maxWidth: 250, objectFit: 'contain' }}
                  />
                ) : null}
                {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
              </Box>
            )}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={disabled || nameInvalid}>
              {editing ? 'Save' : 'Create'}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Drawer>
  );
}

interface Option {
  value: string;
  label: string;
}

function MultiSelect(props: {
  label: string;
  allLabel: string;
  options: Option[];
  value: string[];
  all: { checked: boolean; indeterminate: boolean };
  disabled?: boolean;
  error?: string;
  onChange: (v: string[]) => void;
}) {
  const values = props.options.map((o) => o.value);
  const id = `${props.label.toLowerCase()}-select`;
  return (
    <Box>
      <FormControl fullWidth size="small" error={!!props.error} disabled={props.disabled}>
        <InputLabel id={`${id}-label`}>{props.label}</InputLabel>
        <Select
          labelId={`${id}-label`}
          multiple
          label={props.label}
          value={props.value}
          onChange={(e) =>
            props.onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)
          }
          renderValue={(sel) =>
            props.options
              .filter((o) => sel.includes(o.value))
              .map((o) => o.label)
              .join(', ')
          }
        >
          {props.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              <Checkbox checked={props.value.includes(o.value)} size="small" />
              <ListItemText primary={o.label} />
            </MenuItem>
          ))}
        </Select>
        {props.error ? <FormHelperText>{props.error}</FormHelperText> : null}
      </FormControl>
      <FormControlLabel
        label={props.allLabel}
        disabled={props.disabled}
        control={
          <Checkbox
            checked={props.all.checked}
            onChange={() => props.onChange(toggleAll(props.value, values))}
          />
        }
      />
    </Box>
  );
}
