import { renderText, SAMPLE_TEMPLATE_DATA, smsSegments } from '@lockerops/contract';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface TemplatePreviewProps {
  name: string;
  email: boolean;
  sms: boolean;
  header?: string | null;
  messageEmail?: string | null;
  footer?: string | null;
  message?: string | null;
  locationMessage?: string | null;
  images: { header?: string | null; body?: string | null; footer?: string | null };
}

const safe = (tpl: string | null | undefined) => {
  try {
    return renderText(tpl, SAMPLE_TEMPLATE_DATA);
  } catch {
    return tpl ?? '';
  }
};

/**
 * The live preview of a template: the e-mail (subject, header image and text, message,
 * per-location message, footer) and the SMS with its character count and segments, rendered with
 * the sample values of the variables — the same mustache rendering the server sends with.
 */
export function TemplatePreview(p: TemplatePreviewProps) {
  const { t } = useTranslation('notifications');
  const text = [safe(p.message), safe(p.locationMessage)].filter((s) => s.trim()).join('\n');
  const seg = smsSegments(text);
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
      aria-label={t('preview.title')}
      role="region"
    >
      <Typography variant="subtitle2">{t('preview.title')}</Typography>
      {p.email ? (
        <Paper variant="outlined" sx={{ p: 1.5 }} aria-label={t('preview.email')} role="region">
          <Typography variant="caption" color="text.secondary">
            {t('preview.subject', { subject: safe(p.name) })}
          </Typography>
          {p.images.header ? (
            <img src={p.images.header} alt={t('preview.header')} style={{ maxWidth: '100%' }} />
          ) : null}
          {[p.header, p.messageEmail, p.locationMessage, p.footer].map((part, i) =>
            part ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed order of four parts
              <Typography key={i} variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
                {safe(part)}
              </Typography>
            ) : null,
          )}
          {p.images.body ? (
            <img src={p.images.body} alt={t('preview.body')} style={{ maxWidth: '100%' }} />
          ) : null}
          {p.images.footer ? (
            <img src={p.images.footer} alt={t('preview.footer')} style={{ maxWidth: '100%' }} />
          ) : null}
        </Paper>
      ) : null}
      {p.sms ? (
        <Paper variant="outlined" sx={{ p: 1.5 }} aria-label={t('preview.sms')} role="region">
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {text}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('preview.count', {
              characters: seg.characters,
              segments: seg.segments,
              encoding: seg.encoding,
            })}
          </Typography>
        </Paper>
      ) : null}
    </Box>
  );
}
