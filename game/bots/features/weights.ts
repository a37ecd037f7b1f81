/** The evaluator's weights (weights.json, tuned by `npm run tune`) and which weight scores what. */
import type { Track } from '../../core/types';
import weightsData from '../weights.json';

export type Weights = { [K in keyof typeof weightsData]: number };
export type WeightName = keyof Weights;

/** The tuned weights (game/bots/weights.json). */
export const DEFAULT_WEIGHTS: Weights = weightsData;

export const STEP_WEIGHT: Record<Track, WeightName> = {
  civ: 'stepCiv',
  water: 'stepWater',
  biomass: 'stepBiomass',
  rover: 'stepRover',
  tech: 'stepTech',
};
export const TECH_WEIGHT: WeightName[] = ['tech1', 'tech2', 'tech3', 'tech4', 'tech5'];
export const CIV_WEIGHT: WeightName[] = ['civRank1', 'civRank1', 'civRank2', 'civRank3', 'civRank4'];
