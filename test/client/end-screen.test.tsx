// @vitest-environment jsdom
/**
 * The end screen of a finished game: beside the categories, every objective, civ card and track as
 * the engine scored them, each player's cells adding up to their category total; seats shown with
 * their colour and marker, which never enter the text. The seat colours themselves: six, distinct,
 * readable.
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../game/sim';
import { objectiveById, TRACKS, type GameState } from '../../game';
import { ScoreBoard } from '../../client/board/ScoreBoard';
import { GameView } from '../../client/table/GameView';
import { SEAT_COLOURS, seatColour } from '../../client/board/seat-colours';
import { domPerTest } from './dom';

const dom = domPerTest();
const names = { '0': 'Ada', '1': 'Cadet Vega', '2': 'Pilot Altair' };

// Three seats with private objectives; seat 1 ends with two End Game cards that score.
const finished: GameState = playGame({
  numPlayers: 3,
  seed: 'end-a',
  setupData: { privateObjectives: true },
}).state;
const result = finished.result!;

const cell = (id: string) => dom.byTestId(id)?.textContent ?? '';
const medalsIn = (id: string) => Number(dom.byTestId(id)?.querySelector('strong')?.textContent);

describe('the end screen’s breakdowns', () => {
  it('shows each shared and private objective with the medals and count of each player it compared', () => {
    dom.render(<ScoreBoard result={result} G={finished} names={names} />);
    const table = dom.byTestId('by-objective')!;
    for (const { card, players } of finished.objectives) {
      expect(table.textContent).toContain(objectiveById(card).neighbor.name);
      for (const p of ['0', '1', '2']) {
        const id = `by-objective-neighbor-${card}-${p}`;
        if (!players.includes(p)) {
          expect(cell(id)).toBe('–');
          continue;
        }
        const scored = result.scores
          .find((s) => s.player === p)!
          .detail.objectives.find((o) => o.shared && o.cards.includes(card))!;
        expect(medalsIn(id)).toBe(scored.medals);
        expect(cell(id)).toMatch(/\(\d+\)$/);
      }
    }
    for (const [p, cards] of Object.entries(result.privateObjectives ?? {}))
      for (const card of cards)
        expect(cell(`by-objective-private-${card}-${p}`)).toMatch(/^\d+ (met|not met)$/);
    // Each column adds up to the player's objectives.
    for (const s of result.scores) {
      const cells = [...table.querySelectorAll(`tbody [data-testid$="-${s.player}"] strong`)];
      expect(cells.reduce((sum, c) => sum + Number(c.textContent), 0)).toBe(s.breakdown.objectives);
      expect(cell(`by-objectives-${s.player}-total`)).toBe(String(s.breakdown.objectives));
    }
  });

  it('lists each End Game card with what it scored, the other cards held, and the civ total', () => {
    dom.render(<ScoreBoard result={result} G={finished} names={names} />);
    const withCards = result.scores.find((s) => s.detail.civCards.length > 0)!;
    const text = cell(`by-civ-${withCards.player}`);
    for (const entry of withCards.detail.civCards)
      expect(text).toContain(`: ${entry.medals} medal${entry.medals === 1 ? '' : 's'}`);
    expect(cell(`by-civ-${withCards.player}-total`)).toBe(String(withCards.breakdown.civ));
    const without = result.scores.find((s) => s.detail.civCards.length === 0)!;
    expect(cell(`by-civ-${without.player}`)).toBe('none');
  });

  it('gives each tracker its medals and level, adding up to the tracks total', () => {
    dom.render(<ScoreBoard result={result} G={finished} names={names} />);
    for (const s of result.scores) {
      for (const track of TRACKS) {
        expect(medalsIn(`by-track-${track}-${s.player}`)).toBe(s.detail.tracks[track]);
        expect(cell(`by-track-${track}-${s.player}`)).toContain(
          `level ${finished.boards[s.player]!.trackers[track].row}`,
        );
      }
      expect(cell(`by-tracks-${s.player}-total`)).toBe(String(s.breakdown.tracks));
    }
  });

  it('shows the seats with their markers, kept out of the text, and the winners by name', () => {
    dom.render(<ScoreBoard result={result} G={finished} names={names} />);
    const winners = result.winners.map((p) => names[p as keyof typeof names]).join(', ');
    expect(cell('winners')).toBe(`${result.winners.length > 1 ? 'Winners' : 'Winner'}: ${winners}`);
    const marker = dom.host.querySelector<HTMLElement>('[data-testid="winners"] .seat-marker')!;
    expect(marker.dataset.marker).toBe(seatColour(result.winners[0]!).marker);
    expect(marker.getAttribute('aria-hidden')).toBe('true');
    expect(marker.textContent).toBe('');
  });

  it('on the table, the end is the end: no turn column, no score so far, the seat’s final board', () => {
    // A stale refusal left in the seat's state is not shown at the end.
    const G: GameState = {
      ...finished,
      private: {
        ...finished.private,
        '0': {
          ...finished.private['0']!,
          rejection: { action: 'confirm', reason: { code: 'reason.mustTouch', rule: '§4.4' } },
        } as GameState['private'][string],
      },
    };
    dom.render(<GameView G={G} player="0" names={names} send={() => undefined} />);
    expect(dom.byTestId('end-screen')).not.toBeNull();
    expect(dom.byTestId('my-turn')).toBeNull();
    expect(dom.byTestId('rejection')).toBeNull();
    expect(dom.byTestId('panel-button-score')).toBeNull();
    expect(dom.byTestId('board-0')).not.toBeNull();
    // The objectives panel says what was scored, not what would be.
    const shared = finished.objectives.find((o) => o.players.includes('0'))!;
    expect(cell(`objective-${shared.card}-player-0`)).toMatch(/Ada scored \d+$/);
  });
});

describe('the end screen in French', () => {
  const fr = domPerTest('fr');
  it('words every table in French, with no key showing', () => {
    fr.render(<ScoreBoard result={result} G={finished} names={names} />);
    const text = fr.byTestId('score-details')?.textContent ?? '';
    expect(text).toContain('Objectifs\u202f: les Médailles de chaque carte');
    expect(text).toContain('niveau ');
    expect(text).not.toMatch(/by(Objective|Civ|Track)\./);
    expect(fr.byTestId('winners')?.textContent).toMatch(/^Vainqueurs?\u202f: /);
  });
});

describe('seat colours', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };

  it('gives six seats six colours and six markers, each marker readable on its colour', () => {
    expect(new Set(SEAT_COLOURS.map((c) => c.fill)).size).toBe(6);
    expect(new Set(SEAT_COLOURS.map((c) => c.marker)).size).toBe(6);
    for (const c of SEAT_COLOURS) expect(contrast(c.fill, c.ink)).toBeGreaterThanOrEqual(4.5);
  });

  it('reads a seat by its player id or index; bad input falls back to the first colour', () => {
    expect(seatColour('3')).toBe(SEAT_COLOURS[3]);
    expect(seatColour(5)).toBe(SEAT_COLOURS[5]);
    expect(seatColour('x')).toBe(SEAT_COLOURS[0]);
    expect(seatColour(-1)).toBe(SEAT_COLOURS[0]);
  });
});
