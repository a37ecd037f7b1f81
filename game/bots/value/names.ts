/** The learned value function's inputs by name (their meaning and scale: `inputs.ts`). */
/** The inputs' names, in order: the model file lists them, so a model and this code must agree. */
export const VALUE_INPUTS = [
  'planetTerm',
  'trackTerm',
  'piecesTerm',
  'neighborTerm',
  'privateTerm',
  'roundsLeft',
  'round',
  'eventsKnown',
  'linesDone',
  'missing1',
  'missing2',
  'missing3',
  'missing4',
  'missingMore',
  'linesSpoilt',
  'linesCancelled',
  'deadSquares',
  'pinched',
  'lifepods',
  'meteorites',
  'roversOut',
  'civCards',
  'trackCiv',
  'trackWater',
  'trackBiomass',
  'trackRover',
  'trackTech',
  'players',
  'privateCards',
] as const;

export type ValueInputName = (typeof VALUE_INPUTS)[number];
export const VALUE_INPUT_COUNT = VALUE_INPUTS.length;
