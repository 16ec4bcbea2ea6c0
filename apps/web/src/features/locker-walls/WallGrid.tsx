import {
  DOOR_STATE_LABELS,
  DOOR_STATES,
  type TDoorState,
  type TLockerWall,
  type TWallDoor,
  WALL_CELL_PX,
} from '@lockerops/contract';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { doorCaption, gridOf } from './wallLayout';

/** Colour of each door state (theme palette paths). */
export const STATE_COLORS: Record<TDoorState, string> = {
  available: 'success.main',
  maintenance: 'warning.main',
  reserved: 'info.main',
  unassigned: 'grey.400',
  kiosk: 'secondary.main',
};

/** The legend: every door state with its count (spec operational §2 Locker wall). */
export function WallLegend({ counts }: { counts: TLockerWall['counts'] }) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label="Legend">
      {DOOR_STATES.map((s) => (
        <Chip
          key={s}
          variant="outlined"
          data-testid={`legend-${s}`}
          label={`${DOOR_STATE_LABELS[s]}: ${counts[s]}`}
          icon={<Box sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: STATE_COLORS[s], ml: 1 }} />}
        />
      ))}
    </Stack>
  );
}

export interface WallGridProps {
  wall: TLockerWall;
  /** a door was clicked (not the kiosk) */
  onDoor: (door: TWallDoor) => void;
  /** the kiosk was dropped on door (x, y) */
  onMoveKiosk: (x: number, y: number) => void;
  /** the kiosk's remove button was clicked */
  onRemoveKiosk: () => void;
  /** actions are disabled while one runs */
  busy?: boolean;
}

const KIOSK_DRAG_TYPE = 'application/x-lockerops-kiosk';

/**
 * The door grid: column numbers above, row numbers on the left, one 100px cell per door coloured by
 * its state. The kiosk is dragged (HTML5 drag and drop) onto another door to move it, and has a
 * remove button; other doors open the locker details or the assign dialog.
 */
export function WallGrid({ wall, onDoor, onMoveKiosk, onRemoveKiosk, busy }: WallGridProps) {
  const rows = gridOf(wall);
  const [over, setOver] = useState<string | null>(null);
  const columnNumbers = Array.from({ length: wall.qty_wide }, (_, i) => i + 1);
  const rowNumbers = Array.from({ length: wall.qty_tall }, (_, i) => i + 1);
  const cols = `32px repeat(${wall.qty_wide}, ${WALL_CELL_PX}px)`;

  return (
    <Box sx={{ overflow: 'auto', maxWidth: '100%', pb: 1 }}>
      <Box
        role="grid"
        aria-label={`${wall.name} doors`}
        sx={{ display: 'grid', gridTemplateColumns: cols, gap: '4px', width: 'max-content' }}
      >
        <Box />
        {columnNumbers.map((n) => (
          <Typography key={`col-${n}`} variant="caption" align="center" data-testid="column-number">
            {n}
          </Typography>
        ))}
        {rowNumbers.map((y) => [
          <Typography
            key={`row-${y}`}
            variant="caption"
            sx={{ alignSelf: 'center', textAlign: 'center' }}
            data-testid="row-number"
          >
            {y}
          </Typography>,
          ...columnNumbers.map((x) => {
            const door = rows[y - 1]?.[x - 1] ?? null;
            const key = `${x},${y}`;
            if (!door) return <Box key={key} sx={{ width: WALL_CELL_PX, height: WALL_CELL_PX }} />;
            const label = `Door ${door.x},${door.y}: ${DOOR_STATE_LABELS[door.state]}${
              door.device ? ` #${door.device.locker_number}` : ''
            }`;
            return (
              <Box
                key={key}
                role="gridcell"
                aria-label={label}
                data-state={door.state}
                tabIndex={0}
                draggable={door.kiosk && !busy}
                onDragStart={(e) => {
                  e.dataTransfer.setData(KIOSK_DRAG_TYPE, key);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => {
                  if (door.kiosk || busy || !e.dataTransfer.types.includes(KIOSK_DRAG_TYPE)) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                  setOver(key);
                }}
                onDragLeave={() => setOver((o) => (o === key ? null : o))}
                onDrop={(e) => {
                  e.preventDefault();
                  setOver(null);
                  if (e.dataTransfer.getData(KIOSK_DRAG_TYPE) && !door.kiosk) onMoveKiosk(door.x, door.y);
                }}
                onClick={() => !door.kiosk && onDoor(door)}
                onKeyDown={(e) => {
                  if ((e.key === 'Enter' || e.key === ' ') && !door.kiosk) {
                    e.preventDefault();
                    onDoor(door);
                  }
                }}
                sx={{
                  position: 'relative',
                  width: WALL_CELL_PX,
                  height: WALL_CELL_PX,
                  borderRadius: 1,
                  bgcolor: STATE_COLORS[door.state],
                  color: door.state === 'unassigned' ? 'text.primary' : 'common.white',
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  cursor: door.kiosk ? 'grab' : 'pointer',
                  outline: over === key ? '3px dashed' : 'none',
                  outlineColor: 'primary.main',
                  userSelect: 'none',
                  '&:hover': { filter: 'brightness(0.92)' },
                }}
              >
                <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
                  {doorCaption(door)}
                </Typography>
                {door.device ? (
                  <Typography variant="caption" noWrap sx={{ maxWidth: WALL_CELL_PX - 8 }}>
                    {door.device.name}
                  </Typography>
                ) : null}
                {door.state === 'maintenance' ? (
                  <Typography variant="caption">Under Maintenance</Typography>
                ) : null}
                {door.kiosk ? (
                  <Tooltip title="Remove kiosk">
                    <IconButton
                      size="small"
                      aria-label="Remove kiosk"
                      disabled={busy}
                      onClick={(e) => {
                        e.stopPropagation();
                        onRemoveKiosk();
                      }}
                      sx={{ position: 'absolute', top: 2, right: 2, color: 'inherit' }}
                    >
                      <CloseOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
              </Box>
            );
          }),
        ])}
      </Box>
    </Box>
  );
}
