import { subdomainOf, type TLockerWall } from '@lockerops/contract';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { Alert, Box, Button, Dialog, GlobalStyles, Stack, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';

/** The Lite App's address of a place (`/l/{location}`) or a door (`/d/{device}`) of `organization`. */
export function liteAppUrl(
  origin: string,
  organization: string,
  target: { location: string } | { device: string },
) {
  const base = `${origin}/app/${encodeURIComponent(subdomainOf(organization))}`;
  return 'location' in target ? `${base}/l/${target.location}` : `${base}/d/${target.device}`;
}

/*
 * Printing: only the sheet goes to paper. The console under #root is hidden, the dialog drops its
 * fixed position so the cards flow over as many pages as they need, and a card never splits.
 * 60 mm cards, three a row, fit both A4 and Letter inside 12 mm margins; on screen the sheet
 * follows the console's theme and the cards stay black on white, as on paper.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { margin: '12mm' },
        'body > #root': { display: 'none !important' },
        '.qr-sheet-root, .qr-sheet-root .MuiDialog-container, .qr-sheet-root .MuiDialog-paper': {
          position: 'static !important',
          overflow: 'visible !important',
          height: 'auto !important',
          maxHeight: 'none !important',
          boxShadow: 'none !important',
          background: '#fff !important',
          color: '#000 !important',
        },
        '.qr-sheet-root .MuiBackdrop-root, .qr-sheet-noprint': { display: 'none !important' },
      },
    }}
  />
);

interface Card {
  key: string;
  url: string;
  title: string;
  subtitle: string;
}

function QrCard({ card }: { card: Card }) {
  return (
    <Box
      data-testid="qr-card"
      data-url={card.url}
      sx={{
        width: '60mm',
        boxSizing: 'border-box',
        border: '1px dashed #888',
        p: '4mm',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: '2mm',
        breakInside: 'avoid',
        pageBreakInside: 'avoid',
        bgcolor: '#fff',
        color: '#000',
      }}
    >
      <QRCodeSVG
        value={card.url}
        title={`${card.title} · ${card.subtitle}`}
        size={160}
        marginSize={2}
        style={{ width: '40mm', height: '40mm' }}
      />
      <Typography sx={{ fontWeight: 700, fontSize: 16, textAlign: 'center', color: '#000' }}>
        {card.title}
      </Typography>
      <Typography sx={{ fontSize: 12, textAlign: 'center', color: '#000', overflowWrap: 'anywhere' }}>
        {card.subtitle}
      </Typography>
    </Box>
  );
}

export interface QrSheetDialogProps {
  open: boolean;
  wall: TLockerWall | null;
  placeName: string;
  onClose: () => void;
}

/**
 * "Print QR codes" of a locker wall (README "Lite App"): a printable sheet of one code for the place
 * (`/app/{organization}/l/{location}`) and one per door with a locker (`/app/{organization}/d/{device}`),
 * each labelled with the place, the wall and the door's number; Print opens the browser's dialog.
 */
export function QrSheetDialog({ open, wall, placeName, onClose }: QrSheetDialogProps) {
  const user = useCurrentUser();
  const titleId = useId();
  const { t } = useTranslation('lockerWalls');
  if (!wall) return null;
  const origin = window.location.origin;
  const org = user.organization.name;
  const placeWall = t('qrSheet.placeWall', { place: placeName, wall: wall.name });
  const doors = wall.lockers
    .filter((d) => d.device)
    .sort((a, b) => a.device!.locker_number - b.device!.locker_number);
  const cards: Card[] = [
    {
      key: 'place',
      url: liteAppUrl(origin, org, { location: wall.id_location }),
      title: t('qrSheet.place'),
      subtitle: placeWall,
    },
    ...doors.map((d) => ({
      key: d.device!.id,
      url: liteAppUrl(origin, org, { device: d.device!.id }),
      title: t('qrSheet.door', { number: d.device!.locker_number }),
      subtitle: placeWall,
    })),
  ];
  return (
    <Dialog open={open} onClose={onClose} fullScreen className="qr-sheet-root" aria-labelledby={titleId}>
      {open ? printStyles : null}
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          className="qr-sheet-noprint"
          direction="row"
          spacing={1}
          sx={{ mb: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}
        >
          <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
            {t('qrSheet.print')}
          </Button>
          <Button variant="outlined" onClick={onClose}>
            {t('common:button.close')}
          </Button>
        </Stack>
        <Typography id={titleId} variant="h5" component="h2">
          {t('qrSheet.title', { wall: wall.name })}
        </Typography>
        <Typography sx={{ mb: 2 }}>{placeWall}</Typography>
        <Typography variant="body2" color="text.secondary" className="qr-sheet-noprint" sx={{ mb: 2 }}>
          {t('qrSheet.intro')}
        </Typography>
        {doors.length === 0 ? (
          <Alert severity="info" className="qr-sheet-noprint" sx={{ mb: 2 }}>
            {t('qrSheet.noDoors')}
          </Alert>
        ) : null}
        <Box
          role="list"
          aria-label={t('qrSheet.sheet')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: '3mm', justifyContent: 'flex-start' }}
        >
          {cards.map((c) => (
            <Box role="listitem" key={c.key}>
              <QrCard card={c} />
            </Box>
          ))}
        </Box>
      </Box>
    </Dialog>
  );
}
