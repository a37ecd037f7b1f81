/**
 * The drawn station (loaded lazily with pixi.js): six depots on an inner and an outer ring, the top
 * tile of every stack drawn as its polyomino with terrain patterns, each facing the rim so the
 * depot in front of a player reads upright to them, the tiles left in every stack, and the players'
 * depot indicators (colour and number) fixed around it. The whole picture is turned so the viewer's
 * indicator is at the bottom. The station eases to its new orientation whenever the target changes
 * (the commander's choice or an automatic turn); a drag turns it live.
 */
import { useCallback, useEffect, useRef } from 'react';
import { extend, useTick } from '@pixi/react';
import { Container, Graphics, Text } from 'pixi.js';
import { type DepotPublic, orientationsOf, shapeById, tileById } from '../../../game';
import {
  DEPOTS,
  SLOT_DEGREES,
  STATION_SIZE,
  TILE_CELL,
  TILE_RADIUS,
  easeInOutCubic,
  slotAngle,
} from '../station-geometry';
import { hex, OUTLINE } from '../palette';
import { seatColour } from '../../board/seat-colours';
import { drawTerrainSquare } from './draw';
import { animationFactor, getPreferences } from '../../prefs/preferences';
import { TableApplication, useOnDemandRender } from './on-demand';

extend({ Container, Graphics, Text });

const CENTRE = STATION_SIZE / 2;
const HUB = 22;
const RING = 121;
const RIM = 206;
const TURN_MS = 450;
/** Stack counts sit beside their tile, a little round from the depot's middle; depot numbers by the hub. */
const COUNT_OFFSET = (24 * Math.PI) / 180;
const SMALL_COUNT_OFFSET = (27 * Math.PI) / 180;
const SMALL_COUNT_RADIUS = 104;
const LARGE_COUNT_RADIUS = 188;
const NUMBER_RADIUS = 32;
/** A seat's indicator: a pointer into the rim and a disc with the seat's number, in its colour. */
const BADGE_RADIUS = 11;
const BADGE_CENTRE = RIM + 12;

export interface StationIndicator {
  position: number;
  playerIndex: number;
  label: string;
}

export interface StationSceneProps {
  depots: DepotPublic[];
  /** The orientation to show (0–5); a change animates. */
  rotation: number;
  /** A live drag in degrees, added to the rotation without easing. */
  dragDegrees: number;
  indicators: StationIndicator[];
  /** The depot the commander would face, outlined while they turn the station. */
  facing: number | null;
  /** Slots the whole picture is turned by, so the viewer's indicator is at the bottom. */
  viewTurn: number;
}

/** Draw one tile's polyomino centred on (cx, cy), its top towards the hub (`angle` is the depot's). */
function drawTile(g: Graphics, tileId: number, cell: number, cx: number, cy: number, angle: number): void {
  const tile = tileById(tileId);
  const o = orientationsOf(shapeById(tile.shape))[0];
  if (!o) return;
  const turn = angle - Math.PI / 2;
  g.setTransform(Math.cos(turn), Math.sin(turn), -Math.sin(turn), Math.cos(turn), cx, cy);
  const ox = -(o.width * cell) / 2;
  const oy = -(o.height * cell) / 2;
  o.cells.forEach(([x, y], k) => {
    const tc = tile.cells[k];
    if (!tc) return;
    drawTerrainSquare(g, tc.terrain, ox + x * cell, oy + y * cell, cell, tc.resource);
    g.rect(ox + x * cell, oy + y * cell, cell, cell).stroke({ width: 1.5, color: OUTLINE, alpha: 0.9 });
    if (tc.meteor)
      g.circle(ox + (x + 0.78) * cell, oy + (y + 0.22) * cell, cell * 0.14).fill({ color: 0x5a3d2b });
  });
  g.resetTransform();
}

function Station({ depots, rotation, dragDegrees, indicators, facing, viewTurn }: StationSceneProps) {
  const disc = useRef<Container>(null);
  /** Per depot: its number, the small stack's count, the large stack's count. */
  const labels = useRef<(Text | null)[][]>([]);
  const angle = useRef((rotation * SLOT_DEGREES * Math.PI) / 180);
  const tween = useRef<{ from: number; to: number; start: number } | null>(null);
  const lastTarget = useRef(rotation);

  // A new target starts an eased turn the short way round from wherever the disc is now. Declared
  // before the posing effect below, so the turn has begun when the disc is first posed for it.
  useEffect(() => {
    if (lastTarget.current === rotation) return;
    const target = (rotation * SLOT_DEGREES * Math.PI) / 180;
    const full = Math.PI * 2;
    let delta = (target - angle.current) % full;
    if (delta > Math.PI) delta -= full;
    if (delta < -Math.PI) delta += full;
    lastTarget.current = rotation;
    // Animations off (reduced motion, or the player's choice): the disc turns at once.
    if (animationFactor(getPreferences()) === 0) {
      angle.current += delta;
      tween.current = null;
      return;
    }
    tween.current = { from: angle.current, to: angle.current + delta, start: performance.now() };
  }, [rotation]);

  const animate = useOnDemandRender();
  const pose = useCallback(() => {
    const t = tween.current;
    if (t) {
      const p = Math.min(1, (performance.now() - t.start) / TURN_MS);
      angle.current = t.from + (t.to - t.from) * easeInOutCubic(p);
      if (p >= 1) tween.current = null;
    }
    const shown = angle.current + ((dragDegrees + viewTurn * SLOT_DEGREES) * Math.PI) / 180;
    if (disc.current) disc.current.rotation = shown;
    // Counts and depot numbers ride round with their depot but stay upright, outside the cached disc.
    labels.current.forEach((row, d) => {
      const a = slotAngle(d) + shown;
      const place = (label: Text | null | undefined, radius: number, offset: number) =>
        label?.position.set(CENTRE + Math.cos(a + offset) * radius, CENTRE + Math.sin(a + offset) * radius);
      place(row[0], NUMBER_RADIUS, 0);
      place(row[1], SMALL_COUNT_RADIUS, SMALL_COUNT_OFFSET);
      place(row[2], LARGE_COUNT_RADIUS, COUNT_OFFSET);
    });
    return tween.current !== null;
  }, [dragDegrees, viewTurn]);
  const tick = useCallback(() => {
    if (!pose()) animate(false);
  }, [pose, animate]);
  useTick(tick);
  // After every commit: pose the disc and run the ticker only while a turn is under way.
  useEffect(() => {
    animate(pose());
  });

  const drawDisc = useCallback(
    (g: Graphics) => {
      g.clear();
      g.circle(0, 0, RIM).fill({ color: 0xe9e4d8 }).stroke({ width: 3, color: OUTLINE });
      g.circle(0, 0, RING).fill({ color: 0xd9d2c2 }).stroke({ width: 2, color: OUTLINE });
      g.circle(0, 0, HUB).fill({ color: 0x8a8170 });
      for (let s = 0; s < DEPOTS; s++) {
        const a = slotAngle(s) + Math.PI / DEPOTS;
        g.moveTo(Math.cos(a) * HUB, Math.sin(a) * HUB).lineTo(Math.cos(a) * RIM, Math.sin(a) * RIM);
      }
      g.stroke({ width: 1.5, color: OUTLINE, alpha: 0.5 });
      depots.forEach((depot, d) => {
        const a = slotAngle(d);
        for (const [stack, radius, cell] of [
          [depot.small, TILE_RADIUS.small, TILE_CELL.small],
          [depot.large, TILE_RADIUS.large, TILE_CELL.large],
        ] as const) {
          const cx = Math.cos(a) * radius;
          const cy = Math.sin(a) * radius;
          if (stack.top !== null) drawTile(g, stack.top, cell, cx, cy, a);
          else g.circle(cx, cy, 10).stroke({ width: 1.5, color: OUTLINE, alpha: 0.6 });
        }
      });
      // The depot the viewer faces: a thick wedge outline.
      if (facing !== null) {
        const a0 = slotAngle(facing) - Math.PI / DEPOTS;
        const a1 = slotAngle(facing) + Math.PI / DEPOTS;
        g.moveTo(Math.cos(a0) * HUB, Math.sin(a0) * HUB)
          .lineTo(Math.cos(a0) * (RIM - 2), Math.sin(a0) * (RIM - 2))
          .arc(0, 0, RIM - 2, a0, a1)
          .lineTo(Math.cos(a1) * HUB, Math.sin(a1) * HUB)
          .arc(0, 0, HUB, a1, a0, true)
          .stroke({ width: 4, color: 0x1f5fbf });
      }
    },
    [depots, facing],
  );

  // The disc turns as one cached picture: one quad a frame instead of re-batching every shape.
  useEffect(() => {
    const container = disc.current;
    if (!container) return;
    container.cacheAsTexture({ resolution: Math.min(2, globalThis.devicePixelRatio || 1), antialias: true });
    container.updateCacheTexture();
  }, [drawDisc]);
  const drawIndicators = useCallback(
    (g: Graphics) => {
      g.clear();
      for (const ind of indicators) {
        const a = slotAngle(ind.position + viewTurn);
        const colour = hex(seatColour(ind.playerIndex).fill);
        const tip = { x: CENTRE + Math.cos(a) * (RIM - 6), y: CENTRE + Math.sin(a) * (RIM - 6) };
        const side = 7;
        const px = -Math.sin(a);
        const py = Math.cos(a);
        const base = { x: CENTRE + Math.cos(a) * BADGE_CENTRE, y: CENTRE + Math.sin(a) * BADGE_CENTRE };
        g.poly([tip.x, tip.y, base.x + px * side, base.y + py * side, base.x - px * side, base.y - py * side])
          .fill({ color: colour })
          .stroke({ width: 1.5, color: 0xffffff });
        g.circle(base.x, base.y, BADGE_RADIUS)
          .fill({ color: colour })
          .stroke({ width: 1.5, color: 0xffffff });
      }
    },
    [indicators, viewTurn],
  );

  return (
    <pixiContainer>
      <pixiContainer ref={disc} x={CENTRE} y={CENTRE}>
        <pixiGraphics draw={drawDisc} />
      </pixiContainer>
      {depots.flatMap((depot, d) =>
        [String(d), `×${depot.small.count}`, `×${depot.large.count}`].map((text, k) => (
          <pixiText
            key={`${d}-${k}`}
            ref={(node: Text | null) => {
              (labels.current[d] ??= [])[k] = node;
            }}
            anchor={0.5}
            text={text}
            style={
              k === 0
                ? { fontSize: 13, fontWeight: 'bold', fill: 0x4a4438 }
                : { fontSize: 15, fontWeight: 'bold', fill: OUTLINE, stroke: { color: 0xffffff, width: 3 } }
            }
          />
        )),
      )}
      <pixiGraphics draw={drawIndicators} />
      {indicators.map((ind) => {
        const a = slotAngle(ind.position + viewTurn);
        return (
          <pixiText
            key={ind.playerIndex}
            x={CENTRE + Math.cos(a) * BADGE_CENTRE}
            y={CENTRE + Math.sin(a) * BADGE_CENTRE}
            anchor={0.5}
            text={ind.label}
            style={{ fontSize: 14, fontWeight: 'bold', fill: hex(seatColour(ind.playerIndex).ink) }}
          />
        );
      })}
    </pixiContainer>
  );
}

export default function StationScene(props: StationSceneProps) {
  return (
    <TableApplication width={STATION_SIZE} height={STATION_SIZE}>
      <Station {...props} />
    </TableApplication>
  );
}
