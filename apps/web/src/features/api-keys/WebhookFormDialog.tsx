import {
  TOOLBOX_MESSAGES,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
  WEBHOOK_EVENTS,
} from '@lockerops/contract';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Switch,
  Typography,
} from '@mui/material';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/form';
import {
  createWebhook,
  updateWebhook,
  useWebhookEventsQuery,
  useWebhookForm,
  webhooksKey,
} from './webhookHooks';

export interface WebhookFormDialogProps {
  open: boolean;
  /** the endpoint being edited; null adds one */
  endpoint: TWebhookEndpoint | null;
  onClose: () => void;
  /** called with the created endpoint and its signing secret (shown this once) */
  onCreated: (created: TWebhookEndpointWithSecret) => void;
}

/**
 * "Add Webhook Endpoint" / "Edit Webhook Endpoint" (issue 14): URL (http or https; the server refuses
 * private addresses), description, the events it receives (none ticked: every event) and enabled.
 */
export function WebhookFormDialog({ open, endpoint, onClose, onCreated }: WebhookFormDialogProps) {
  const form = useWebhookForm(endpoint, open);
  const events = useWebhookEventsQuery(open);
  const { control } = form;
  const describe = (type: string) => events.data?.find((e) => e.type === type)?.description ?? '';
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={endpoint ? 'Edit Webhook Endpoint' : 'Add Webhook Endpoint'}
      form={form}
      onSubmit={async (values) => {
        if (endpoint) return updateWebhook(endpoint.id, values);
        const created = await createWebhook(values);
        onCreated(created);
        return created;
      }}
      successMessage={endpoint ? TOOLBOX_MESSAGES.webhookUpdated : TOOLBOX_MESSAGES.webhookCreated}
      invalidateKey={webhooksKey}
    >
      <FormTextField
        control={control}
        name="url"
        label="URL"
        required
        placeholder="https://example.com/lockerops/webhook"
      />
      <FormTextField control={control} name="description" label="Description" />
      <Controller
        control={control}
        name="events"
        render={({ field }) => {
          const picked = (field.value ?? []) as string[];
          return (
            <FormControl component="fieldset">
              <FormLabel component="legend">Events</FormLabel>
              <FormGroup>
                {WEBHOOK_EVENTS.map((type) => (
                  <FormControlLabel
                    key={type}
                    sx={{ alignItems: 'flex-start', mb: 0.5 }}
                    control={
                      <Checkbox
                        size="small"
                        sx={{ pt: 0.25 }}
                        slotProps={{ input: { 'aria-label': type } }}
                        checked={picked.includes(type)}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked
                              ? WEBHOOK_EVENTS.filter((t) => t === type || picked.includes(t))
                              : picked.filter((t) => t !== type),
                          )
                        }
                      />
                    }
                    label={
                      <>
                        <Typography variant="body2">{type}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {describe(type)}
                        </Typography>
                      </>
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>None ticked: every event.</FormHelperText>
            </FormControl>
          );
        }}
      />
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch checked={field.value !== false} onChange={(e) => field.onChange(e.target.checked)} />
            }
            label="Enabled"
          />
        )}
      />
    </FormDialog>
  );
}
