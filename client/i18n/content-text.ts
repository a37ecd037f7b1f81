/**
 * The one way the client shows game content (civ cards, objectives, events, techs, the solo
 * epilogue, corporation names) in the player's language: the `content` area, keyed by kind and id, with the data's
 * English as the fallback when a key is missing.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CIV_CARDS, civCardById, corporationById, eventById, objectiveById, planetById } from '../../game';
import { EPILOGUES } from './content-source';
import { planetRuleText } from './planet-rule-texts';
import { i18next } from '.';

export interface ContentText {
  civName(id: number): string;
  civText(id: number): string;
  objectiveName(id: number, face: 'neighbor' | 'private'): string;
  objectiveCondition(id: number, face: 'neighbor' | 'private'): string;
  eventName(id: number): string;
  eventText(id: number): string;
  /** A corporation's tech text, by its level (1–5 or a letter). */
  techText(corporation: string, level: number | string): string;
  /** A corporation's name as printed in the player's language. */
  corporationName(corporation: string): string;
  /** A planet's name, and its own rule (§8.1). */
  planetName(planet: string): string;
  planetRule(planet: string): string;
  /** The solo epilogue line, given the engine's English line (shown as it is if unknown). */
  epilogue(english: string): string;
}

export function contentText(t: TFunction): ContentText {
  const tr = (key: string, english: string): string => t(key, { ns: 'content', defaultValue: english });
  return {
    civName: (id) => tr(`civ.${id}.name`, civCardById(id).name),
    civText: (id) => tr(`civ.${id}.text`, civCardById(id).effect),
    objectiveName: (id, face) => tr(`objective.${id}.${face}Name`, objectiveById(id)[face].name),
    objectiveCondition: (id, face) =>
      tr(`objective.${id}.${face}Condition`, objectiveById(id)[face].condition),
    eventName: (id) => tr(`event.${id}.name`, eventById(id).name),
    eventText: (id) => tr(`event.${id}.text`, eventById(id).effect),
    techText: (corporation, level) => {
      const tech = corporationById(corporation).techs.find((x) => String(x.level) === String(level));
      return tr(`tech.${corporation}.${level}`, tech?.text ?? '');
    },
    corporationName: (corporation) =>
      tr(`corporation.${corporation}.name`, corporationById(corporation).name),
    planetName: (planet) => tr(`planet.${planet}.name`, planetById(planet).name),
    planetRule: (planet) => tr(`planet.${planet}.rule`, planetRuleText(planet)),
    epilogue: (english) => {
      const k = EPILOGUES.indexOf(english);
      return k < 0 ? english : tr(`epilogue.band.${k}`, english);
    },
  };
}

/** Content texts in the current language, re-rendering when it changes. */
export function useContentText(): ContentText {
  const { t } = useTranslation('content');
  return contentText(t);
}

/** Outside React (labels built by plain functions): the current language. */
export const currentContentText = (): ContentText => contentText(i18next.t.bind(i18next) as TFunction);

/** A civ card's id from its English name (the engine's log names cards in English), or null. */
export function civIdByName(name: string): number | null {
  return CIV_CARDS.find((c) => c.name === name)?.id ?? null;
}
