/** Track rewards as words (for labels and screen readers) and as short marks (for the board's squares). */
import type { TFunction } from 'i18next';
import type { Reward } from '../../game';
import { trackName } from '../i18n/labels';

/** "2 medals", "civ card, rank 3", "choose: synergy boost or biomass patch". */
export function rewardText(t: TFunction<'board'>, reward: Reward): string {
  switch (reward.kind) {
    case 'medal':
      return t('reward.medal', { count: reward.value });
    case 'civMilestone':
      return t('reward.civMilestone', { rank: reward.rank });
    case 'techMilestone':
      return t('reward.techMilestone', { tech: reward.tech });
    case 'roverMove':
      return t('reward.roverMove', { count: reward.value });
    case 'advanceTrack':
      return t('reward.advanceTrack', { track: trackName(reward.track) });
    case 'choice':
      return t('reward.choice', {
        options: reward.options.map((option) => rewardsText(t, option)).join(t('reward.or')),
      });
    default:
      return t(`reward.${reward.kind}`);
  }
}

export const rewardsText = (t: TFunction<'board'>, rewards: readonly Reward[]): string =>
  rewards.length === 0 ? t('corp.noReward') : rewards.map((r) => rewardText(t, r)).join(t('reward.and'));

/** "★2", "C3", "T1": the mark printed on a square. */
export function rewardShort(t: TFunction<'board'>, reward: Reward): string {
  switch (reward.kind) {
    case 'medal':
      return t('short.medal', { count: reward.value });
    case 'civMilestone':
      return t('short.civMilestone', { rank: reward.rank });
    case 'techMilestone':
      return t('short.techMilestone', { tech: reward.tech });
    case 'roverMove':
      return t('short.roverMove', { count: reward.value });
    case 'advanceTrack':
      return t('short.advanceTrack', { track: trackName(reward.track).slice(0, 1) });
    default:
      return t(`short.${reward.kind}`);
  }
}
