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
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { createWebhook, updateWebhook, useWebhookForm, webhooksKey } from './webhookHooks';

export interface WebhookFormDialogProps {
  open: boolean;
  /** the endpoint being edited; null adds one */
  endpoint: TWebhookEndpoint | null;
  onClose: () => void;
  /** called with the created endpoint and its signing secret (shown this once) */
  onCreated: (created: TWebhookEndpointWithSecret) => void;
}

/**
 * "Add Webhook Endpoint" / "Edit Webhook Endpoint": URL (http or https; the server refuses
 * private addresses), description, the events it receives (none ticked: every event) and enabled.
 */
export function WebhookFormDialog({ open, endpoint, onClose, onCreated }: WebhookFormDialogProps) {
  const form = useWebhookForm(endpoint, open);
  const { control } = form;
  const { t } = useTranslation('apiKeys');
  // what each event means, in the console's language (`GET webhooks/events` answers it in English)
  const describe = (type: string) => t(`webhookForm.event.${type.replace('.', '_')}`);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={endpoint ? t('webhookForm.editTitle') : t('webhookForm.addTitle')}
      form={form}
      onSubmit={async (values) => {
        if (endpoint) return updateWebhook(endpoint.id, values);
        const created = await createWebhook(values);
        onCreated(created);
        return created;
      }}
      successMessage={translateMessage(
        endpoint ? TOOLBOX_MESSAGES.webhookUpdated : TOOLBOX_MESSAGES.webhookCreated,
      )}
      invalidateKey={webhooksKey}
    >
      <FormTextField
        control={control}
        name="url"
        label={t('webhooks.url')}
        required
        placeholder={t('webhookForm.urlPlaceholder')}
      />
      <FormTextField control={control} name="description" label={t('webhooks.description')} />
      <Controller
        control={control}
        name="events"
        render={({ field }) => {
          const picked = (field.value ?? []) as string[];
          return (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('webhooks.events')}</FormLabel>
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
                              ? WEBHOOK_EVENTS.filter((w) => w === type || picked.includes(w))
                              : picked.filter((w) => w !== type),
                          )
                        }
                      />
                    }
                    label={
                      <>
                        <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace' }}>
                          {type}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {describe(type)}
                        </Typography>
                      </>
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>{t('webhookForm.noneTicked')}</FormHelperText>
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
            label={t('webhooks.enabled')}
          />
        )}
      />
    </FormDialog>
  );
}
