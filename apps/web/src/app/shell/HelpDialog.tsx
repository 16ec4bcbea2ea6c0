import { APP_VERSION } from '@lockerops/contract';
import Close from '@mui/icons-material/Close';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}

/** Help dialog of spec console §2. */
export function HelpDialog({
  open,
  onClose,
  onFeedback,
}: {
  open: boolean;
  onClose: () => void;
  onFeedback: () => void;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle sx={{ pr: 6 }}>
        {t('help.title')}
        <IconButton
          aria-label={t('button.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          <Section title={t('help.gettingStarted')}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('help.gettingStartedText')}
            </Typography>
            <Button
              variant="outlined"
              onClick={() => {
                onClose();
                navigate('/pricing-set-up?tour=1');
              }}
            >
              {t('help.startTour')}
            </Button>
          </Section>
          <Section title={t('help.resources')}>
            <Typography variant="body2">{t('help.resourcesText')}</Typography>
          </Section>
          <Section title={t('help.training')}>
            <Typography variant="body2">{t('help.trainingText')}</Typography>
          </Section>
          <Section title={t('help.apiDocs')}>
            <Stack spacing={0.5}>
              <Link href="/api/redoc" target="_blank" rel="noopener">
                {t('help.apiReference')}
              </Link>
              <Link href="/api/openapi.json" target="_blank" rel="noopener">
                {t('help.openApi')}
              </Link>
            </Stack>
          </Section>
          <Section title={t('help.faq')}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('help.faqForgotQ')}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('help.faqForgotA')}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('help.faqPagesQ')}
            </Typography>
            <Typography variant="body2">{t('help.faqPagesA')}</Typography>
          </Section>
          <Section title={t('feedback.title')}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('help.feedbackText')}
            </Typography>
            <Button
              variant="contained"
              onClick={() => {
                onClose();
                onFeedback();
              }}
            >
              {t('feedback.title')}
            </Button>
          </Section>
          <Section title={t('help.whatsNew')}>
            <Typography variant="body2">{t('help.firstRelease', { version: APP_VERSION })}</Typography>
          </Section>
        </Stack>
        <Box sx={{ mt: 2, textAlign: 'right' }}>
          <Typography variant="caption" color="text.secondary">
            {t('help.version', { version: APP_VERSION })}
          </Typography>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
