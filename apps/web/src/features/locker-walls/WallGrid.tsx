import {
  DOOR_STATES,
  type TDoorHealth,
  type TDoorState,
  type TLockerWall,
  type TWallDoor,
  WALL_CELL_PX,
} from '@lockerops/contract';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import ZoomInOutlined from '@mui/icons-material/ZoomInOutlined';
import ZoomOutOutlined from '@mui/icons-material/ZoomOutOutlined';
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HealthBadge } from '../../components/DoorHealth';
import { useEnumLabel } from '../../i18n/enums';
import { formatPercent } from '../../lib/format';
import { doorCaption, gridOf } from './wallLayout';

/**
 * A door tile's own colours, the same in both themes: the caption on each has a contrast of at
 * least 4.5:1 (WCAG 1.4.3; white on the theme's light dark-mode tints read 2.3:1).
 */
export const TILE_COLORS: Record<TDoorState, { bg: string; fg: string }> = {
  available: { bg: '#2e7d32', fg: '#ffffff' },
  maintenance: { bg: '#a84a00', fg: '#ffffff' },
  reserved: { bg: '#1565c0', fg: '#ffffff' },
  unassigned: { bg: '#e0e0e0', fg: '#212121' },
  kiosk: { bg: '#6a1b9a', fg: '#ffffff' },
};

/** The legend: every door state with its count (spec operational §2 Locker wall). */
export function WallLegend({ counts }: { counts: TLockerWall['counts'] }) {
  const { t } = useTranslation('lockerWalls');
  const label = useEnumLabel();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label={t('grid.legend')}>
      {DOOR_STATES.map((s) => (
        <Chip
          key={s}
          variant="outlined"
          data-testid={`legend-${s}`}
          label={t('grid.legendItem', { state: label('doorState', s), count: counts[s] })}
          icon={
            <Box sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: TILE_COLORS[s].bg, ml: 1 }} />
          }
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
  /** each door's health by device id (fleet health): its state named on the tile */
  health?: Map<string, TDoorHealth>;
}

const KIOSK_DRAG_TYPE = 'application/x-lockerops-kiosk';

/** Zoom steps of the grid: the share of a door's full size (WALL_CELL_PX). */
const ZOOMS = [0.5, 0.75, 1, 1.25] as const;

/** The position the arrow keys move the focus to, kept inside the grid (Home/End: row ends). */
export function moveFocus(
  at: { x: number; y: number },
  key: string,
  size: { wide: number; tall: number },
): { x: number; y: number } | null {
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 1), max);
  switch (key) {
    case 'ArrowRight':
      return { x: clamp(at.x + 1, size.wide), y: at.y };
    case 'ArrowLeft':
      return { x: clamp(at.x - 1, size.wide), y: at.y };
    case 'ArrowDown':
      return { x: at.x, y: clamp(at.y + 1, size.tall) };
    case 'ArrowUp':
      return { x: at.x, y: clamp(at.y - 1, size.tall) };
    case 'Home':
      return { x: 1, y: at.y };
    case 'End':
      return { x: size.wide, y: at.y };
    default:
      return null;
  }
}

/**
 * The door grid, an ARIA grid (WCAG 2.2 AA): a header row of column numbers, then one row
 * per shelf with its number and one cell per door coloured by its state. One cell takes the Tab
 * stop; the arrow keys (and Home/End) move through the doors, Enter or Space opens one, Delete
 * removes the kiosk. The kiosk is dragged (HTML5 drag and drop) onto another door to move it, and
 * has a remove button; other doors open the locker details or the assign dialog. The grid scrolls
 * (pans) and zooms inside its own box, so a wide wall never widens the page.
 */
export function WallGrid({ wall, onDoor, onMoveKiosk, onRemoveKiosk, busy, health }: WallGridProps) {
  const rows = gridOf(wall);
  const { t } = useTranslation(['lockerWalls', 'fleetHealth']);
  const enumLabel = useEnumLabel();
  const [over, setOver] = useState<string | null>(null);
  const [active, setActive] = useState({ x: 1, y: 1 });
  const [zoom, setZoom] = useState<number>(1);
  const cells = useRef(new Map<string, HTMLElement>());
  const columnNumbers = Array.from({ length: wall.qty_wide }, (_, i) => i + 1);
  const rowNumbers = Array.from({ length: wall.qty_tall }, (_, i) => i + 1);
  const cell = Math.round(WALL_CELL_PX * zoom);
  const cols = `32px repeat(${wall.qty_wide}, ${cell}px)`;
  const focusAt = (x: number, y: number) => {
    setActive({ x, y });
    cells.current.get(`${x},${y}`)?.focus();
  };
  const zoomIndex = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Tooltip title={t('grid.zoomOut')}>
          <span>
            <IconButton
              aria-label={t('grid.zoomOut')}
              disabled={zoomIndex <= 0}
              onClick={() => setZoom(ZOOMS[zoomIndex - 1] ?? zoom)}
            >
              <ZoomOutOutlined />
            </IconButton>
          </span>
        </Tooltip>
        <Typography variant="body2" aria-live="polite" sx={{ minWidth: 48, textAlign: 'center' }}>
          {formatPercent(zoom * 100, 0)}
        </Typography>
        <Tooltip title={t('grid.zoomIn')}>
          <span>
            <IconButton
              aria-label={t('grid.zoomIn')}
              disabled={zoomIndex >= ZOOMS.length - 1}
              onClick={() => setZoom(ZOOMS[zoomIndex + 1] ?? zoom)}
            >
              <ZoomInOutlined />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Box
        data-testid="wall-viewport"
        sx={{
          overflow: 'auto',
          maxWidth: '100%',
          maxHeight: { xs: '60vh', sm: 'none' },
          pb: 1,
          p: '4px',
          touchAction: 'pan-x pan-y',
          overscrollBehavior: 'contain',
        }}
      >
        <Box
          role="grid"
          aria-label={t('grid.doors', { name: wall.name })}
          aria-rowcount={wall.qty_tall + 1}
          aria-colcount={wall.qty_wide + 1}
          sx={{ display: 'grid', gridTemplateColumns: cols, gap: '4px', width: 'max-content' }}
        >
          <Box role="row" sx={{ display: 'contents' }}>
            <Box role="columnheader" aria-label={t('grid.row')} />
            {columnNumbers.map((n) => (
              <Typography
                key={`col-${n}`}
                role="columnheader"
                aria-label={t('grid.column', { n })}
                variant="caption"
                align="center"
                data-testid="column-number"
              >
                {n}
              </Typography>
            ))}
          </Box>
          {rowNumbers.map((y) => (
            <Box key={`row-${y}`} role="row" sx={{ display: 'contents' }}>
              <Typography
                role="rowheader"
                aria-label={t('grid.rowN', { n: y })}
                variant="caption"
                sx={{ alignSelf: 'center', textAlign: 'center' }}
                data-testid="row-number"
              >
                {y}
              </Typography>
              {columnNumbers.map((x) => {
                const door = rows[y - 1]?.[x - 1] ?? null;
                const key = `${x},${y}`;
                const tabIndex = active.x === x && active.y === y ? 0 : -1;
                const register = (el: HTMLElement | null) => {
                  if (el) cells.current.set(key, el);
                  else cells.current.delete(key);
                };
                const onKeyDown = (e: KeyboardEvent) => {
                  const next = moveFocus({ x, y }, e.key, { wide: wall.qty_wide, tall: wall.qty_tall });
                  if (next) {
                    e.preventDefault();
                    focusAt(next.x, next.y);
                  } else if (door && (e.key === 'Enter' || e.key === ' ') && !door.kiosk) {
                    e.preventDefault();
                    onDoor(door);
                  } else if (door?.kiosk && (e.key === 'Delete' || e.key === 'Backspace') && !busy) {
                    e.preventDefault();
                    onRemoveKiosk();
                  }
                };
                if (!door)
                  return (
                    <Box
                      key={key}
                      ref={register}
                      role="gridcell"
                      aria-label={t('grid.doorNone', { x, y })}
                      tabIndex={tabIndex}
                      onFocus={() => setActive({ x, y })}
                      onKeyDown={onKeyDown}
                      sx={{ width: cell, height: cell }}
                    />
                  );
                // the name holds the tile's visible text, in its order (WCAG 2.5.3 Label in Name)
                const shown = zoom >= 0.75;
                const label = door.device
                  ? t('grid.doorNumber', {
                      x: door.x,
                      y: door.y,
                      state: enumLabel('doorState', door.state),
                      visible: [
                        doorCaption(door, enumLabel('doorState', 'kiosk')),
                        shown ? door.device.name : '',
                        shown && door.state === 'maintenance' ? enumLabel('doorState', 'maintenance') : '',
                      ]
                        .filter(Boolean)
                        .join(' '),
                    })
                  : t('grid.door', { x: door.x, y: door.y, state: enumLabel('doorState', door.state) });
                const colors = TILE_COLORS[door.state];
                const doorHealth = door.device ? health?.get(door.device.id) : undefined;
                // with the health state the name also reads the door's visible caption, in its order
                const fullLabel =
                  doorHealth && door.device
                    ? `${label}${zoom >= 0.75 ? ` ${door.device.name}` : ''} ${t(`state.${doorHealth.state}`, { ns: 'fleetHealth' })}`
                    : label;
                return (
                  <Box
                    key={key}
                    ref={register}
                    role="gridcell"
                    aria-label={fullLabel}
                    data-state={door.state}
                    data-health={doorHealth?.state}
                    tabIndex={tabIndex}
                    onFocus={() => setActive({ x, y })}
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
                    onClick={() => {
                      setActive({ x, y });
                      if (!door.kiosk) onDoor(door);
                    }}
                    onKeyDown={onKeyDown}
                    sx={{
                      position: 'relative',
                      width: cell,
                      height: cell,
                      borderRadius: 1,
                      bgcolor: colors.bg,
                      color: colors.fg,
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'center',
                      justifyContent: 'center',
                      overflow: 'hidden',
                      cursor: door.kiosk ? 'grab' : 'pointer',
                      outline: over === key ? '3px dashed' : undefined,
                      outlineColor: over === key ? 'primary.main' : undefined,
                      userSelect: 'none',
                      '&:hover': { filter: 'brightness(0.92)' },
                      '&:focus-visible': {
                        outline: '3px solid',
                        outlineColor: 'primary.main',
                        outlineOffset: 2,
                      },
                    }}
                  >
                    <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
                      {doorCaption(door, enumLabel('doorState', 'kiosk'))}
                    </Typography>
                    {door.device && zoom >= 0.75 ? (
                      <Typography variant="caption" noWrap sx={{ maxWidth: cell - 8 }}>
                        {door.device.name}
                      </Typography>
                    ) : null}
                    {doorHealth ? <HealthBadge state={doorHealth.state} /> : null}
                    {door.state === 'maintenance' && zoom >= 0.75 ? (
                      <Typography variant="caption" noWrap sx={{ maxWidth: cell - 8 }}>
                        {enumLabel('doorState', 'maintenance')}
                      </Typography>
                    ) : null}
                    {door.kiosk ? (
                      <Tooltip title={t('grid.removeKiosk')}>
                        <IconButton
                          size="small"
                          aria-label={t('grid.removeKiosk')}
                          tabIndex={-1}
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
              })}
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
