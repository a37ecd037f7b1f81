/**
 * Choosing boards before round 1 (R33). With `dealt`, each choosing seat is dealt a distinct
 * asymmetric planet and a distinct asymmetric corporation, and keeps each or turns it to its
 * symmetric side; with `free`, each picks any planet and any corporation, several seats may pick the
 * same. A planet or corporation named in `seats` is fixed, and never dealt to another seat. Players
 * choose at once and in private: a choice stays in its player's private part until every player has
 * chosen, then all boards are set up together.
 */
import type { GameState, MatchOptions, PlayerID, PrivateState, SeatSetup } from '../core/types';
import { SYMMETRIC_CORPORATION, SYMMETRIC_PLANET, corporationById, planetById } from '../data';
import { PLAYABLE_CORPORATIONS } from '../content/corporations';
import { PLAYABLE_PLANETS } from '../content/planets';
import { message, refuse, type Reason } from '../core/messages';
import { createBoard } from './board';

/** What one seat may choose from before round 1 (R33): a single entry where it is fixed. */
export interface BoardOffer {
  planets: string[];
  corporations: string[];
}

/** A planet and a corporation as `chooseBoard` names them. */
export interface BoardPick {
  planet: string;
  corporation: string;
}

/**
 * What each seat may choose from (R33), by player index; null where nothing is left to choose (the
 * symmetric option, or a seat whose planet and corporation are both fixed).
 */
export function dealBoardOffers(
  options: MatchOptions,
  count: number,
  shuffle: <T>(items: T[]) => T[],
): (BoardOffer | null)[] {
  if (options.boards !== 'free' && options.boards !== 'dealt')
    return Array.from({ length: count }, () => null);
  const choosingPlanet = new Set(options.choosing ?? []);
  const choosingCorporation = new Set(options.choosingCorporation ?? []);
  // What `seats` fixed for a seat is never dealt to another (R33).
  const fixed = (part: keyof SeatSetup, choosing: Set<number>) =>
    new Set(options.seats.flatMap((seat, i) => (choosing.has(i) ? [] : [seat[part]])));
  const planets = offersFor(
    options.boards,
    choosingPlanet,
    PLAYABLE_PLANETS,
    SYMMETRIC_PLANET,
    fixed('planet', choosingPlanet),
    shuffle,
  );
  // Dealt after the planets, so that a seed deals the same planets as before corporations were dealt.
  const corporations = offersFor(
    options.boards,
    choosingCorporation,
    PLAYABLE_CORPORATIONS,
    SYMMETRIC_CORPORATION,
    fixed('corporation', choosingCorporation),
    shuffle,
  );
  return Array.from({ length: count }, (_, i) => {
    const seat = options.seats[i];
    const offer: BoardOffer = {
      planets: planets.get(i) ?? [seat?.planet ?? SYMMETRIC_PLANET],
      corporations: corporations.get(i) ?? [seat?.corporation ?? SYMMETRIC_CORPORATION],
    };
    return offer.planets.length > 1 || offer.corporations.length > 1 ? offer : null;
  });
}

/**
 * One kind of board for the seats that choose it: every playable one (`free`: several seats may pick
 * the same, R33), or a distinct asymmetric one each, offered before the symmetric side (`dealt`),
 * never one that `seats` fixed for another seat. Should the asymmetric ones run out (fewer playable
 * than seats), the seats left get the symmetric side alone.
 */
function offersFor(
  mode: 'free' | 'dealt',
  seats: Set<number>,
  playable: readonly string[],
  symmetric: string,
  fixed: ReadonlySet<string>,
  shuffle: <T>(items: T[]) => T[],
): Map<number, string[]> {
  const offers = new Map<number, string[]>();
  if (seats.size === 0) return offers;
  if (mode === 'free') {
    for (const i of seats) offers.set(i, [...playable]);
    return offers;
  }
  // The fixed ones leave the deck after the shuffle, so that the seed draws as it did before they
  // were set aside: a deal that never met a fixed board stays the same.
  const deck = shuffle(playable.filter((id) => id !== symmetric)).filter((id) => !fixed.has(id));
  for (const i of seats) {
    const dealt = deck.pop();
    offers.set(i, dealt === undefined ? [symmetric] : [dealt, symmetric]);
  }
  return offers;
}

/** The corporations a player may choose; a state stored before they were offered fixes the seat's. */
function corporationsOffered(state: GameState, player: PlayerID, priv: PrivateState): string[] {
  if (priv.corporationOffer) return priv.corporationOffer;
  const seat = state.options.seats[state.playerIDs.indexOf(player)];
  return [seat?.corporation ?? SYMMETRIC_CORPORATION];
}

/**
 * Every planet and corporation a player may choose now (R33), planet by planet: the same list
 * decides `chooseBoard`.
 */
export function boardChoices(state: GameState, player: PlayerID): BoardPick[] {
  if (state.step !== 'boards') return [];
  const priv = state.private[player];
  if (!priv?.boardOffer) return [];
  const corporations = corporationsOffered(state, player, priv);
  return priv.boardOffer.flatMap((planet) => corporations.map((corporation) => ({ planet, corporation })));
}

/**
 * Choose a planet and a corporation (R33). When the last player has chosen, every board is set up
 * with its chosen planet and corporation and the game moves on; `next` is what follows (objectives
 * or round 1).
 */
export function chooseBoard(
  state: GameState,
  player: PlayerID,
  planet: unknown,
  corporation: unknown,
  next: (state: GameState) => void,
): Reason | null {
  const choices = boardChoices(state, player);
  if (!choices.some((c) => c.planet === planet && c.corporation === corporation)) {
    if (choices.length === 0) return refuse('reason.noBoardChoiceNow');
    const planets = [...new Set(choices.map((c) => c.planet))];
    if (!planets.includes(planet as string))
      return refuse('reason.boardNotOffered', { planet: String(planet), planets }, 'R33');
    const corporations = [...new Set(choices.map((c) => c.corporation))];
    return refuse('reason.corporationNotOffered', { corporation: String(corporation), corporations }, 'R33');
  }
  const priv = state.private[player] as PrivateState;
  priv.boardOffer = null;
  priv.corporationOffer = null;
  priv.boardChoice = planet as string;
  priv.corporationChoice = corporation as string;
  state.confirmed[player] = true; // that a player has chosen is public; what, is not
  if (!state.playerIDs.every((p) => state.confirmed[p])) return null;
  state.playerIDs.forEach((p, i) => {
    const own = state.private[p] as PrivateState;
    const seat = state.options.seats[i];
    if (!seat || !own.boardChoice) return;
    seat.planet = own.boardChoice;
    seat.corporation = own.corporationChoice ?? seat.corporation;
    state.boards[p] = createBoard(planetById(seat.planet), corporationById(seat.corporation));
    state.log.push({
      round: 0,
      player: p,
      message: message('log.choseBoard', {
        planet: seat.planet,
        corporation: seat.corporation,
      }),
    });
    own.boardChoice = null;
    own.corporationChoice = null;
  });
  next(state);
  return null;
}
