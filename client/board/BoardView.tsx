/**
 * One player's planet and corporation: grid, trackers, rovers, collected pieces, civ cards. In the
 * strip of other players (`compact`) the planet is a thumbnail; a click on it (or Details, or the
 * seat's key 1–6) opens the player's planet drawn large with their corporation board, over the table.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PlayerBoard, type PlayerID } from '../../game';
import type { ReactNode } from 'react';
import { PlanetGrid, PlanetTextView } from './PlanetGrid';
import type { GridInteraction } from '../table/interaction';
import { TrackersView } from './TrackersView';
import { civCardLabel } from '../i18n/labels';
import { currentContentText } from '../i18n/content-text';
import './planets.css';

interface Props {
  player: PlayerID;
  name: string;
  board: PlayerBoard;
  /** Shown after the name when the board is a turn in progress, not yet public. */
  draftNote?: string;
  interaction?: GridInteraction | null;
  /** How the planet is drawn; by default large for the viewer's own area, small for the others. */
  drawn?: 'large' | 'small' | 'none';
  /**
   * `mine`: the viewer's own planet, its tracks left to the corporation board beside it; `compact`:
   * another player's planet in the strip, its details left to the panel that opens from it.
   */
  layout?: 'full' | 'mine' | 'compact';
  /** Compact layout: shown beside the planet (the trackers in a line). */
  glance?: ReactNode;
  /** Compact layout: shown with the board's details, which open over the table. */
  details?: ReactNode;
  /** Test id of the board (`board-<seat>` by default) and of its planet (`planet-<seat>`). */
  testid?: string;
  planetTestid?: string;
}

type T = ReturnType<typeof useTranslation>['t'];

function roverText(t: T, board: PlayerBoard): string {
  return board.rovers
    .map((r) =>
      r.destroyed
        ? t('board.roverDestroyed', { n: r.id + 1 })
        : r.cell === null
          ? t('board.roverInBay', { n: r.id + 1 })
          : t('board.roverAt', { n: r.id + 1, x: r.cell % 12, y: Math.floor(r.cell / 12) }),
    )
    .join('; ');
}

export function BoardView({
  player,
  name,
  board,
  draftNote,
  interaction,
  drawn,
  layout = 'full',
  glance,
  details,
  testid = `board-${player}`,
  planetTestid = `planet-${player}`,
}: Props) {
  const { t } = useTranslation('table');
  // Compact: the large planet is drawn only while the details are open (one canvas less each).
  const [open, setOpen] = useState(false);
  const facts = (
    <ul className="facts board-facts">
      <li>{t('board.lifepods', { count: board.collected.lifepods })}</li>
      <li>{t('board.meteorites', { count: board.collected.meteorites })}</li>
      <li>{t('board.rovers', { rovers: roverText(t, board) })}</li>
      {board.storedPatches > 0 && <li>{t('board.patches', { count: board.storedPatches })}</li>}
      <li>
        {t('board.civCards', {
          cards:
            board.civCards.length === 0
              ? t('board.none')
              : board.civCards
                  .map((c) => (c.id === null ? t('board.hiddenCard', { rank: c.rank }) : civCardLabel(c.id)))
                  .join('; '),
        })}
      </li>
    </ul>
  );
  const summary = (
    <p className="small">
      {t('board.summary', {
        planet: currentContentText().planetName(board.planet),
        corporation: currentContentText().corporationName(board.corporation),
        count: board.pieces.length,
      })}
    </p>
  );
  if (layout === 'compact')
    return (
      <section
        className="board board-compact"
        data-testid={testid}
        data-planet={board.planet}
        aria-label={t('board.label', { name })}
      >
        {/* The pointer's way in; the keyboard's is Details (or the seat's key), so no tab stop here. */}
        <div
          className="board-thumb"
          data-testid={`${testid}-thumb`}
          title={t('board.more')}
          onClick={(e) => {
            const more =
              e.currentTarget.parentElement?.querySelector<HTMLDetailsElement>('details.board-more');
            if (!more) return;
            more.open = true;
            more.querySelector<HTMLElement>('.drawer-close')?.focus();
          }}
        >
          <PlanetGrid
            board={board}
            caption={t('board.caption', { name })}
            testid={`thumb-${player}`}
            drawn="small"
            textView={false}
          />
        </div>
        <div className="board-glance">
          <h3>{name}</h3>
          {glance}
          <details
            className="board-more"
            data-testid={`${testid}-more`}
            onToggle={(e) => setOpen(e.currentTarget.open)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') e.currentTarget.open = false;
            }}
          >
            <summary>{t('board.more')}</summary>
            <div className="board-more-body" role="group" aria-label={t('board.label', { name })}>
              <button
                type="button"
                className="drawer-close"
                aria-label={t('board.closeMore')}
                onClick={(e) => {
                  const details = e.currentTarget.closest('details');
                  if (details) details.open = false;
                }}
              >
                ✕
              </button>
              <h3 className="board-more-title">{name}</h3>
              {summary}
              <div className="board-more-grid">
                <div className="board-more-planet">
                  {open ? (
                    <PlanetGrid
                      board={board}
                      caption={t('board.caption', { name })}
                      testid={planetTestid}
                      drawn="large"
                    />
                  ) : (
                    <PlanetTextView testid={planetTestid}>
                      <PlanetGrid
                        board={board}
                        caption={t('board.caption', { name })}
                        testid={planetTestid}
                      />
                    </PlanetTextView>
                  )}
                  {facts}
                </div>
                {details}
              </div>
            </div>
          </details>
        </div>
      </section>
    );
  return (
    <section
      className={`board board-${layout}`}
      data-testid={testid}
      data-planet={board.planet}
      aria-label={t('board.label', { name })}
    >
      <h3>
        {name}
        {draftNote ? ` — ${draftNote}` : ''}
      </h3>
      {summary}
      <div className="board-body">
        <PlanetGrid
          board={board}
          caption={t('board.caption', { name })}
          testid={planetTestid}
          interaction={interaction}
          drawn={drawn ?? (interaction === undefined ? 'small' : 'large')}
        />
        {layout === 'full' ? (
          <div>
            <TrackersView board={board} testid={`trackers-${testid.replace(/^board-/, '')}`} />
            {facts}
          </div>
        ) : (
          facts
        )}
      </div>
    </section>
  );
}
