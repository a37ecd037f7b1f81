/**
 * The game a local table plays: Planet Unknown with the table's seed and options. The in-browser
 * master creates its match without setup data, so the game carries the options itself.
 */
import { PlanetUnknown, type SetupData } from '../../game';

type Setup = NonNullable<typeof PlanetUnknown.setup>;

export function tableGame(options: SetupData, seed: string): typeof PlanetUnknown {
  const setup = PlanetUnknown.setup as Setup;
  return { ...PlanetUnknown, seed, setup: (context) => setup(context, options) };
}
