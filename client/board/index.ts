/** Panels of the table around the player's own area, for the page to place. */
export { CorporationBoard } from './CorporationBoard';
export { LastRoundBanner } from './LastRoundBanner';
export { LiveScore } from './LiveScore';
export { ObjectivesPanel } from './ObjectivesPanel';
export { OthersPanel } from './OthersPanel';
export { TrackerSummary } from './TrackerSummary';
