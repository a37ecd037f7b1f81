/** The planets' layers are checked when the data is built, so the planets' rules can trust them. */
import { describe, expect, it } from 'vitest';
import { buildPlanet } from '../../tools/data/planets';
import { readReference } from '../../tools/data/reference';

const root = readReference('planets.json') as { legend: object; planets: { id: string }[] };
const legend = new Set(Object.keys(root.legend));
const face = (id: string) =>
  structuredClone(root.planets.find((p) => p.id === id)) as Record<string, unknown>;

describe('planet layers in planets.json', () => {
  it('refuses a Tartarus side letter on a non-square, naming the square', () => {
    const t = face('tartarus');
    (t.sides as string[])[3] = 'WWWWWWEEEEEE';
    expect(() => buildPlanet(t, 'planets.json', legend)).toThrow(/sides\[3\]: \[0,3\] is "W"/);
  });

  it('refuses a chasm break that is not a diagonal step', () => {
    const t = face('tartarus');
    t.chasmDiagonalCrossings = [
      [
        [5, 3],
        [6, 3],
      ],
    ];
    expect(() => buildPlanet(t, 'planets.json', legend)).toThrow(/two diagonally adjacent squares/);
  });

  it('refuses a Persephone quadrant forbidding something that is not a resource with an icon', () => {
    const p = face('persephone');
    (p.quadrants as { forbiddenResource: string }[])[0]!.forbiddenResource = 'lava';
    expect(() => buildPlanet(p, 'planets.json', legend)).toThrow(/forbiddenResource/);
  });
});

describe('sub-planets in planets.json', () => {
  it('refuses a Cerberus sub-planet whose id is not a letter of its map', () => {
    const c = face('cerberus');
    (c.subPlanets as { id: string }[])[2]!.id = 'D';
    expect(() => buildPlanet(c, 'planets.json', legend)).toThrow(/subPlanets\[2\]\.id: "D" is not a letter/);
  });

  it('refuses a negative medal bonus for covering a sub-planet', () => {
    const c = face('cerberus');
    (c.subPlanets as { bonusMedalsIfFullyCovered: number }[])[0]!.bonusMedalsIfFullyCovered = -1;
    expect(() => buildPlanet(c, 'planets.json', legend)).toThrow(/bonusMedalsIfFullyCovered/);
  });
});
