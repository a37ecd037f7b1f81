/**
 * The space station: six depots, each with a small and a large stack, drawn turned towards the
 * viewer; under it, who each numbered indicator is, and every stack and who faces which depot in
 * words (folded, for screen readers and a closer look; it opens over what follows).
 */
import { facingDepot, type GameState, type PlayerID, type StackPublic } from '../../game';
import { playerName, shapeName, tileLabel } from '../i18n/labels';
import { StationCanvas } from './StationCanvas';
import { seatColour } from '../board/seat-colours';
import { useTranslation } from 'react-i18next';

function StackCell({ stack }: { stack: StackPublic }) {
  const { t } = useTranslation('table');
  return (
    <td>
      {stack.top === null ? (
        <span>{t('stationView.emptyStack', { shape: shapeName(stack.shape) })}</span>
      ) : (
        <span>{t('stationView.left', { tile: tileLabel(stack.top), count: stack.count })}</span>
      )}
    </td>
  );
}

export function StationView({
  G,
  names,
  viewer = null,
}: {
  G: GameState;
  names?: Record<string, string | undefined>;
  /** The seat watching, drawn at the bottom; null for a spectator. */
  viewer?: PlayerID | null;
}) {
  const { t } = useTranslation('table');
  const facing = (depot: number) =>
    G.playerIDs.filter((p) => facingDepot(G, p) === depot).map((p) => playerName(p, names));
  return (
    <section className="station" data-testid="station" aria-label={t('stationView.label')}>
      <div className="station-head">
        <h2>{t('stationView.title')}</h2>
        <p>
          {t('stationView.rotation')} <strong data-testid="station-rotation">{G.station.rotation}</strong>
          {G.options.autoRotate ? t('stationView.auto') : t('stationView.commander')}
        </p>
      </div>
      <StationCanvas G={G} viewer={viewer} />
      <div className="station-foot">
        {/* Each indicator's number on its seat's colour, as drawn round the station, then the name. */}
        <p className="small station-seats" data-testid="station-seats" title={t('station.seatsLabel')}>
          <span className="sr-only">{t('station.seatsLabel')}</span>
          {G.playerIDs.map((p, i) => (
            <span key={p} className="station-seat">
              <span
                className="station-seat-number"
                style={{ background: seatColour(i).fill, color: seatColour(i).ink }}
              >
                {i + 1}
              </span>{' '}
              {playerName(p, names)}
            </span>
          ))}
        </p>
        <details className="station-words">
          <summary>{t('stationView.inWords')}</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('stationView.depot')}</th>
                <th scope="col">{t('stationView.small')}</th>
                <th scope="col">{t('stationView.large')}</th>
                <th scope="col">{t('stationView.faces')}</th>
              </tr>
            </thead>
            <tbody>
              {G.station.depots.map((d, i) => (
                <tr key={i} data-testid={`depot-${i}`}>
                  <th scope="row">{i}</th>
                  <StackCell stack={d.small} />
                  <StackCell stack={d.large} />
                  <td>{facing(i).join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </section>
  );
}
