/** The ghost in words: where it stands, whether it fits (or why not), and what placing it would do. */
import { useTranslation } from 'react-i18next';
import type { GhostControls } from './interaction';
import type { PlacementPreview } from './preview';
import { messageText } from '../i18n/messages';

type T = ReturnType<typeof useTranslation>['t'];

/** The engine's refusal in the player's language (the client's own words pass as they are). */
export const reasonText = (t: T, reason: GhostControls['reason']): string =>
  reason === null ? '' : typeof reason === 'string' ? reason : messageText(reason, t);

export function ghostStatusText(t: T, ghost: GhostControls): string {
  const { orientation, x, y } = ghost.at;
  return t('ghostStatus', {
    column: x,
    row: y,
    degrees: (orientation % 4) * 90,
    flipped: orientation >= 4 ? t('flippedSuffix') : '',
    verdict: ghost.fits ? t('fits') : t('doesNotFit', { reason: reasonText(t, ghost.reason) }),
  });
}

export function previewLines(t: T, preview: PlacementPreview): string[] {
  const lines: string[] = [];
  for (const a of preview.advances)
    if (a.track !== 'water')
      lines.push(t('preview.advance', { track: t(`track.${a.track}`), steps: a.steps }));
  if (preview.waterOnIce === true) lines.push(t('preview.waterOnIce'));
  if (preview.waterOnIce === false) lines.push(t('preview.waterNotOnIce'));
  for (const options of preview.energy)
    lines.push(
      t(options.length === 1 ? 'preview.energyOne' : 'preview.energy', {
        tracks: options.map((o) => t(`track.${o}`)).join(' / '),
      }),
    );
  if (preview.meteoriteLands) lines.push(t('preview.meteorite'));
  if (preview.lifepodsDestroyed > 0) lines.push(t('preview.lifepods', { count: preview.lifepodsDestroyed }));
  if (preview.roversDestroyed.length > 0)
    lines.push(t('preview.rovers', { rovers: preview.roversDestroyed.map((r) => r + 1).join(', ') }));
  if (lines.length === 0) lines.push(t('preview.nothing'));
  return lines;
}

export function GhostPreview({ ghost }: { ghost: GhostControls }) {
  const { t } = useTranslation('table');
  if (!ghost.fits) return null;
  return (
    <div data-testid="ghost-preview">
      <strong>{t('preview.title')}</strong>
      {ghost.preview ? (
        <ul className="ghost-preview">
          {previewLines(t, ghost.preview).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="small">{t('preview.unavailable')}</p>
      )}
    </div>
  );
}
