import { describe, expect, it } from 'vitest';
import { facingDepot } from '../../game/rules/depot';
import { awaiting, positioned } from '../../game/engine';
import { playerView } from '../../game/view';
import { scenario } from '../support/scenario';

describe('§3.3 rotation', () => {
  it('with 3 to 6 players the commander turns the station to any orientation, then everyone drafts', () => {
    const g = scenario({ players: 3 }).asIs();
    expect(g.state.step).toBe('rotate');
    expect(awaiting(g.state)).toEqual({ [g.state.commander]: 'rotate' });
    const other = g.state.playerIDs.find((p) => p !== g.state.commander) as string;
    expect(g.refusal(other, { type: 'rotate', rotation: 2 })).toEqual({ code: 'reason.notYourTurn' });
    expect(g.refusal(g.state.commander, { type: 'rotate', rotation: 6 })).toEqual({
      code: 'reason.rotationRange',
      rule: '§3.3',
    });
    g.act(g.state.commander, { type: 'rotate', rotation: 4 });
    expect(g.state.station.rotation).toBe(4);
    expect(Object.values(awaiting(g.state))).toEqual(['build', 'build', 'build']);
  });

  it('solo and two players turn one depot clockwise every round, the first included (§3.3, §7.1)', () => {
    for (const players of [1, 2]) {
      const g = scenario({ players }).asIs();
      expect(g.state.step).toBe('turns');
      expect(g.state.station.rotation).toBe(1); // fixed setup draws orientation 0, then one step
    }
  });

  it('one step clockwise brings each indicator the depot that faced the position counter-clockwise of it', () => {
    const g = scenario({ players: 6 }).asIs();
    g.state.station.rotation = 0;
    const before = g.state.playerIDs.map((p) => facingDepot(g.state, p));
    g.state.station.rotation = 1;
    const after = g.state.playerIDs.map((p) => facingDepot(g.state, p));
    after.forEach((depot, i) => expect(depot).toBe(before[(i + 5) % 6]));
  });
});

describe('§3.5 drafting', () => {
  it('takes the top tile of either stack of the facing depot; the other stack is then closed until undo (R4)', () => {
    const g = scenario({ players: 1 }).depot('0', { small: 'i-water-rover', large: 'N-civ-energy' }).start();
    const depot = g.state.station.depots[facingDepot(g.state, '0')];
    expect(depot?.large.top).not.toBeNull();
    g.take('0', 'large');
    expect(g.refusal('0', { type: 'takeTile', stack: 'small' })).toEqual({
      code: 'reason.alreadyTook',
      rule: 'R4',
    });
    g.act('0', { type: 'undo' }).take('0', 'small');
    expect(g.draft('0').taken?.stack).toBe('small');
  });

  it('with one stack empty the other is the only choice', () => {
    const g = scenario({ players: 1 })
      .depot('0', { small: 'i-water-rover' })
      .emptyStack('0', 'large')
      .start();
    expect(g.refusal('0', { type: 'takeTile', stack: 'large' })).toEqual({
      code: 'reason.stackEmpty',
      rule: '§3.5',
    });
    expect(g.legal('0')).toEqual([{ type: 'takeTile', stack: 'small' }]);
  });

  it('the tile beneath a taken tile stays hidden until the round ends (R4, §3.9)', () => {
    const g = scenario({ players: 2 }).depot('0', { small: 'i-water-rover' }).start();
    const depotIndex = facingDepot(g.state, '0');
    const shape = g.state.station.depots[depotIndex]?.small.shape as number;
    const beneath = g.state.hidden.stacks[shape]?.at(-2);
    g.take('0', 'small').place('0', 0, 0, 5);
    expect(g.state.station.depots[depotIndex]?.small.top).not.toBe(beneath);
    expect(JSON.stringify(playerView(g.state, '0'))).not.toContain(`"top":${beneath},`);
  });
});

describe('R1 order of gains and R4 undo', () => {
  it('the two resources of a tile may be resolved in either order', () => {
    for (const first of ['water', 'rover'] as const) {
      const g = scenario({ players: 1 }).depot('0', { small: 'i-water-rover' }).start();
      g.take('0', 'small').place('0', 0, 0, 5);
      g.resolve('0', 'advance', undefined, first);
      expect(g.level('0', first)).toBe(1);
    }
  });

  it('undo takes back any step, back to the start of the turn; restart clears it all', () => {
    const g = scenario({ players: 1 }).depot('0', { small: 'i-water-rover' }).start();
    expect(g.refusal('0', { type: 'undo' })).toEqual({ code: 'reason.nothingToUndo', rule: 'R4' });
    g.take('0', 'small').place('0', 0, 0, 5).resolve('0', 'advance', undefined, 'water');
    expect(g.level('0', 'water')).toBe(1);
    g.act('0', { type: 'undo' });
    expect(g.level('0', 'water')).toBe(0);
    expect(g.draft('0').placed).toBe(true);
    g.act('0', { type: 'undo' });
    expect(g.draft('0').placed).toBe(false);
    g.place('0', 0, 11, 5).act('0', { type: 'restart' });
    expect(g.draft('0').taken).toBeNull();
    expect(g.draft('0').board).toEqual(g.board('0'));
  });

  it('a step sent with its place in the turn counts once: a repeated undo or step is refused (R4)', () => {
    const g = scenario({ players: 1 }).depot('0', { small: 'i-water-rover' }).start();
    g.take('0', 'small').place('0', 0, 0, 5).resolve('0', 'advance', undefined, 'water');
    const undo = positioned(g.state, '0', { type: 'undo' });
    expect(undo).toEqual({ type: 'undo', at: 3 });
    g.act('0', undo);
    expect(g.draft('0').placed).toBe(true);
    expect(g.refusal('0', undo)).toEqual({ code: 'reason.stale' });
    expect(g.draft('0').placed).toBe(true);
    const take = positioned(g.state, '0', { type: 'undo' });
    g.act('0', take).act('0', positioned(g.state, '0', { type: 'undo' }));
    const again = positioned(g.state, '0', { type: 'takeTile', stack: 'small' });
    g.act('0', again);
    expect(g.refusal('0', again)).toEqual({ code: 'reason.stale' });
    // The recorded step is the action itself, without its position.
    expect(g.state.private['0']?.turn?.steps).toEqual([{ type: 'takeTile', stack: 'small' }]);
  });
});

describe('§3.8 confirming', () => {
  it('needs the tile placed and every resolvable gain resolved; it is final', () => {
    const g = scenario({ players: 2 }).depot('0', { small: 'i-water-rover' }).start();
    expect(g.refusal('0', { type: 'confirm' })).toEqual({ code: 'reason.takeTileFirst', rule: '§3.5' });
    g.take('0', 'small');
    expect(g.refusal('0', { type: 'confirm' })).toEqual({ code: 'reason.placeBeforeConfirm', rule: '§3.8' });
    g.place('0', 0, 0, 5);
    expect(g.refusal('0', { type: 'confirm' })).toEqual({ code: 'reason.resolvePendingFirst', rule: '§3.7' });
    g.resolveAdvances('0').resolve('0', 'rover', { x: 0, y: 5 }).confirm('0');
    expect(g.refusal('0', { type: 'undo' })).toEqual({ code: 'reason.notYourTurn' });
    expect(g.refusal('0', { type: 'confirm' })).toEqual({ code: 'reason.notYourTurn' });
  });

  it('a gain that cannot be resolved is lost at confirmation (§3.7)', () => {
    const s = scenario({ players: 1 }).depot('0', { small: 'i-water-rover' });
    s.board('0').rovers.forEach((r) => (r.destroyed = true)); // an empty bay: the rover milestone gives nothing
    const g = s.start();
    g.take('0', 'small').place('0', 0, 0, 5).resolveAdvances('0');
    expect(g.pending('0').map((p) => p.kind)).toEqual(['rover']);
    g.confirm('0');
    expect(g.state.round).toBe(2);
  });
});

describe('§3.9 end of round and §3.10 privacy of turns in progress', () => {
  it("others see a player's board as it stood when the turns began, until everyone has confirmed", () => {
    const g = scenario({ players: 2 }).depot('0', { small: 'i-water-rover' }).start();
    g.take('0', 'small').place('0', 0, 0, 5);
    const seenByOne = playerView(g.state, '1');
    expect(seenByOne.private['0']?.turn).toBeNull();
    expect(seenByOne.boards['0']?.pieces).toHaveLength(0);
    expect(playerView(g.state, '0').private['0']?.turn?.draft.placed).toBe(true);
  });

  it('when all have confirmed, the tiles are committed, the commander token passes clockwise and a new round begins', () => {
    const g = scenario({ players: 2 }).start();
    const commander = g.state.commander;
    for (const p of ['0', '1']) {
      const take = g.legal(p).find((a) => a.type === 'takeTile');
      g.act(p, take as never);
      const place = g.legal(p).find((a) => a.type === 'placeTile');
      g.act(p, place as never);
      for (;;) {
        const next = g.legal(p).find((a) => a.type === 'resolve');
        if (!next) break;
        g.act(p, next);
      }
      g.confirm(p);
    }
    expect(g.state.round).toBe(2);
    expect(g.state.commander).not.toBe(commander);
    expect(g.board('0').pieces).toHaveLength(1);
    expect(g.board('1').pieces).toHaveLength(1);
  });

  it('§3.10: once public, each turn is logged with the squares it covered and what it gained', () => {
    const g = scenario({ players: 2 }).depot('0', { small: 'i-water-rover' }).start();
    g.take('0', 'small').place('0', 0, 0, 5);
    for (;;) {
      const next = g.legal('0').find((a) => a.type === 'resolve');
      if (!next) break;
      g.act('0', next);
    }
    g.confirm('0');
    expect(g.state.log.some((e) => e.cells)).toBe(false); // nothing public before everyone confirms
    const take = g.legal('1').find((a) => a.type === 'takeTile');
    g.act('1', take as never);
    g.act('1', g.legal('1').find((a) => a.type === 'placeTile') as never);
    for (;;) {
      const next = g.legal('1').find((a) => a.type === 'resolve');
      if (!next) break;
      g.act('1', next);
    }
    g.confirm('1');
    const entry = g.state.log.find((e) => e.player === '0' && e.message.code === 'log.placed');
    expect(entry?.cells).toEqual(g.board('0').pieces[0]?.cells);
    expect(entry?.gains?.tracks.water).toBeGreaterThan(0); // the straight tromino's water
    expect(entry?.gains).toMatchObject({ lifepods: 0, meteorites: 0 });
  });
});
