/**
 * Run before every test file: moves freeze what they share with the state before them, so a rule
 * that wrote to a shared part would throw in the tests instead of changing an earlier state.
 */
import { checkSharedStateInMoves } from '../../game/game';

checkSharedStateInMoves(true);
