/**
 * A suggested action in words, for the hint panel: which tile, where, what to resolve. Squares,
 * orientations and depots are numbered as the board and the station show them, the same numbers
 * the bot's reason uses.
 */
import type { TFunction } from 'i18next';
import { type Action, facingDepot, type GameState, pendingLabel, type PlayerID } from '../../game';
import { civCardLabel, choiceLabel } from '../i18n/labels';
import { messageText } from '../i18n/messages';
import { currentContentText } from '../i18n/content-text';

export function describeAction(
  action: Action,
  G: GameState,
  player: PlayerID,
  t: TFunction<'local'>,
): string {
  const draft = G.private[player]?.turn?.draft;
  switch (action.type) {
    case 'rotate':
      // As the station's controls say it: the depot the commander would face.
      return t('action.rotate', {
        depot: facingDepot({ ...G, station: { ...G.station, rotation: action.rotation } }, player),
      });
    case 'takeTile':
      return t(action.stack === 'small' ? 'action.takeSmall' : 'action.takeLarge');
    case 'placeTile':
      // Positions counted from 1, as the placement controls show them.
      return t('action.placeTile', { x: action.x, y: action.y, position: action.orientation + 1 });
    case 'resolve': {
      const item = draft?.pending.find((p) => p.id === action.item);
      if (!item) return t('action.resolveUnknown');
      const what = messageText(pendingLabel(item), t);
      return action.choice
        ? t('action.resolveWith', { item: what, choice: choiceLabel(item, action.choice) })
        : t('action.resolve', { item: what });
    }
    case 'moveRover': {
      const end = action.path[action.path.length - 1];
      return t('action.moveRover', {
        rover: action.rover + 1,
        x: end?.[0] ?? '?',
        y: end?.[1] ?? '?',
      });
    }
    case 'pickCiv':
      return t('action.pickCiv', { card: civCardLabel(action.card) });
    case 'keepObjectives':
      return t('action.keepObjectives', {
        cards: action.cards.map((c) => currentContentText().objectiveName(c, 'private')).join(', '),
      });
    case 'chooseBoard':
      return t('action.chooseBoard', {
        planet: currentContentText().planetName(action.planet),
        corporation: currentContentText().corporationName(action.corporation),
      });
    case 'useAbility':
      return t('action.useAbility', { ability: action.ability });
    case 'undo':
      return t('action.undo');
    case 'restart':
      return t('action.restart');
    case 'confirm':
      return t('action.confirm');
  }
}
