/** One door of a wall picture: its cell (0-based, from the top left) and the label it shows. */
export interface WallDoor {
  id: string;
  x: number;
  y: number;
  label: string;
}

/**
 * A small picture of a locker wall, `wide` × `tall` doors, with one door highlighted: where the
 * customer's open door is. Purely visual (`role="img"`), described by `label`.
 */
export function WallPicture({
  wide,
  tall,
  doors,
  highlight,
  label,
}: {
  wide: number;
  tall: number;
  doors: readonly WallDoor[];
  highlight?: string;
  label: string;
}) {
  const at = new Map(doors.map((d) => [`${d.x}:${d.y}`, d]));
  const cells = [];
  for (let y = 0; y < tall; y++)
    for (let x = 0; x < wide; x++) {
      const d = at.get(`${x}:${y}`);
      cells.push(
        <div key={`${x}:${y}`} className={`wall-door${d && d.id === highlight ? ' wall-door-on' : ''}`}>
          {d?.label}
        </div>,
      );
    }
  return (
    <div
      className="wall"
      role="img"
      aria-label={label}
      style={{ gridTemplateColumns: `repeat(${wide}, minmax(0, 1fr))` }}
    >
      {cells}
    </div>
  );
}
