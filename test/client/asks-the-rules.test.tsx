// @vitest-environment jsdom
/**
 * The turn's controls decide no rule themselves: a pending advance's button names the level the
 * engine's own track model moves the tracker to (no straight column assumed, §5.2), and a click on
 * an illegal spot says exactly what the engine answers to that placement, with its rule behind
 * "why?" (§4.3).
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { GameState, PlayerBoard, Track } from '../../game/core/types';
import type { CorporationData } from '../../game/data/types';
import { formatMessage } from '../../game/core/messages';
import { orientationsOf } from '../../game/core/geometry';
import { SYMMETRIC_CORPORATION, shapeById, tileById } from '../../game/data';
import { applyAction } from '../../game/engine';
import * as corporations from '../../game/content/corporations';
import { playerView } from '../../game/view';
import { MyTurn } from '../../client/actions/MyTurn';
import { domPerTest } from './dom';
import { scenario } from '../support/scenario';

const dom = domPerTest('en');

const click = (el: Element | null) => {
  if (!el) throw new Error('No element to click');
  act(() => (el as HTMLElement).click());
};

describe('pending advances on a track that is not a straight column', () => {
  it('name the level the engine reaches, for one step and for several', () => {
    // The corporation's own rules, with a water track whose next square is two rows up. The hook is
    // replaced on the registry's own object, which the rules keep (game/rules/board-rules.ts).
    const rules = corporations.corporationRules(SYMMETRIC_CORPORATION);
    const nextSquares = rules.nextSquares.bind(rules);
    const spy = vi
      .spyOn(rules, 'nextSquares')
      .mockImplementation((corp: CorporationData, board: PlayerBoard, track: Track) => {
        if (track !== 'water') return nextSquares(corp, board, track);
        const at = board.trackers.water;
        return at.row + 2 <= corp.tracks[at.col].top ? [{ col: at.col, row: at.row + 2 }] : [];
      });
    try {
      const g = scenario({ players: 1 })
        .tracker('0', 'water', 2)
        .pending('0', { kind: 'advance', track: 'water', steps: 2, source: 'tile' }, { kind: 'synergy' })
        .start();
      const [advance, synergy] = g.pending('0');
      if (!advance || !synergy) throw new Error('The scenario should leave two pending gains');
      dom.render(<MyTurn G={playerView(g.state, '0')} player="0" name="Ada" send={() => {}} />);
      const buttons = (id: number) =>
        [...dom.host.querySelectorAll<HTMLButtonElement>(`[data-testid^="resolve-${id}-"]`)].map(
          (b) => b.textContent,
        );
      // Two steps of two rows each: level 6 (a straight column would say 4).
      expect(buttons(advance.id)).toEqual(['Advance Water +2 → level 6']);
      // One step: the square two rows up, with its rewards.
      expect(buttons(synergy.id)).toContain('Advance Water → level 4: 2 medal(s)');
      g.resolve('0', 'advance', undefined, 'water');
      expect(g.level('0', 'water')).toBe(6);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('an illegal spot', () => {
  it('says what the engine answers to placing the tile there, with the rule behind why?', () => {
    const g = scenario({ players: 1 }).start().take('0');
    dom.render(<MyTurn G={playerView(g.state, '0')} player="0" name="Ada" send={() => {}} />);
    const orientation = Number(dom.byTestId('orientation')?.textContent);
    const tileId = g.draft('0').taken?.tileId as number;
    const canonical = orientationsOf(shapeById(tileById(tileId).shape))[orientation]?.canonical;
    // Inside the planet, away from its edge: a first tile cannot go there.
    const [x, y] = [5, 5];
    const copy = JSON.parse(JSON.stringify(g.state)) as GameState;
    const refusal = applyAction(copy, '0', { type: 'placeTile', orientation: canonical ?? 0, x, y });
    expect(refusal?.code).toBe('reason.firstTileEdge');

    click(dom.byTestId(`planet-0-cell-${x}-${y}`));
    const note = dom.byTestId('placement-note');
    expect(note?.textContent).toContain(formatMessage(refusal!));
    expect(note?.textContent).not.toContain('§');
    click(note?.querySelector('button.why') ?? null);
    expect(note?.textContent).toContain('§4.3');
    expect(g.board('0').pieces).toHaveLength(0);
  });
});
