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
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle sx={{ pr: 6 }}>
        Help
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          <Section title="Getting Started">
            <Typography variant="body2" sx={{ mb: 1 }}>
              Set up your business in seven steps: pricing, locations, sizes, devices, inventory, product
              groups and the locker wall.
            </Typography>
            <Button
              variant="outlined"
              onClick={() => {
                onClose();
                navigate('/pricing-set-up?tour=1');
              }}
            >
              Start the set-up tour
            </Button>
          </Section>
          <Section title="Resources">
            <Typography variant="body2">
              Every screen of the console is backed by the partner API; the API documentation below describes
              each call, its fields and its errors.
            </Typography>
          </Section>
          <Section title="Training Center">
            <Typography variant="body2">
              The set-up tour walks through the configuration pages in order. Team members can be invited from
              Team Members; each receives an e-mail with a temporary password.
            </Typography>
          </Section>
          <Section title="API documentation">
            <Stack spacing={0.5}>
              <Link href="/api/redoc" target="_blank" rel="noopener">
                API reference (Redoc)
              </Link>
              <Link href="/api/openapi.json" target="_blank" rel="noopener">
                OpenAPI document (JSON)
              </Link>
            </Stack>
          </Section>
          <Section title="FAQ">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              I forgot my password.
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Use "Forgot password?" on the login page: a verification code is sent to your e-mail.
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Why can I not see some pages?
            </Typography>
            <Typography variant="body2">
              Pages depend on your role and on the features enabled for your organization.
            </Typography>
          </Section>
          <Section title="Send Feedback">
            <Typography variant="body2" sx={{ mb: 1 }}>
              Tell us what works and what does not.
            </Typography>
            <Button
              variant="contained"
              onClick={() => {
                onClose();
                onFeedback();
              }}
            >
              Send Feedback
            </Button>
          </Section>
          <Section title="What's new">
            <Typography variant="body2">Version {APP_VERSION}: the first release of the console.</Typography>
          </Section>
        </Stack>
        <Box sx={{ mt: 2, textAlign: 'right' }}>
          <Typography variant="caption" color="text.secondary">
            Version {APP_VERSION}
          </Typography>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
