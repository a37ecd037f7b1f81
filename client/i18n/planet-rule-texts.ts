/**
 * The English of a planet's rule as the table tells it (§8.1). The reference data's rule texts are
 * written for its grid (a hole's letter, squares by their coordinates, which the drawn planet does
 * not label) and leave out the rulings; where they do, the player reads the text below instead,
 * in words they can match with the drawing: Oblivion's and Lacuna's edges (R17), Cerberus's outlines
 * and bonus (R16, R30), Gaia's cities under a meteorite (R30) and Petra's electric squares (R31).
 */
import { planetById } from '../../game';

const PLAYER_TEXTS: Readonly<Record<string, string>> = {
  gaia: 'Eight cities are printed on the planet. Tiles may cover them, but at game end each city still uncovered scores 2 medals, even when a meteorite lies in its row or column; a row or column with an uncovered city is not complete.',
  arashi:
    'The two widest rows, across the middle of the planet, are an equatorial ring: a tile that covers a ring square must also cover at least one square outside the ring. A one-square biomass patch can therefore never go on the ring.',
  petra:
    'Petra has no ice. Its electric-current squares count as energy terrain while they are uncovered: during play an energy area extends through them, and at game end they count as energy terrain in every objective (areas included) and as covered squares for rows, columns and the tie-break.',
  tartarus:
    'A chasm runs between the squares and splits the planet into a west and an east part: no tile may cover squares on both sides, and no rover may step across it. A rover that moves diagonally may cross it only at its two breaks, where the drawn chasm is cut by a diagonal arrow; a teleport ignores the chasm.',
  charybdis:
    'Your first tile must cover at least one of the four vortex squares at the centre of the planet instead of touching the edge; after that the usual adjacency rule applies.',
  oblivion:
    'A black hole fills the middle of the board and ice has gathered in the four corners. The black hole is not made of squares: nothing covers or enters it, and rows and columns ignore it when checking whether they are complete. Only the outer border of the planet is its edge, for the first tile, objectives and events alike; the rim of the black hole is not an edge.',
  cerberus:
    "The board shows three separate planets; a tile may straddle two where they touch. At game end, each of the three planets whose squares are all covered earns 2 more medals, even under a meteorite, on top of the usual row and column medals (at most 39 + 3 × 2 = 45). For objectives, each planet's own outline is an edge, where the planets touch included.",
  lacuna:
    'The planet is pierced by 15 holes. Holes are not squares: tiles never cover them, rovers never enter them, rows and columns ignore them when checking whether they are complete, and their rim is not an edge.',
};

/** A planet's rule in English, as the player reads it. */
export const planetRuleText = (planet: string): string => PLAYER_TEXTS[planet] ?? planetById(planet).rule;
