/**
 * The row of panel buttons in the table's head line, and the help mode's "?" at its end. Where
 * the row is too narrow for every button on one line (a phone during a turn, whose head line never
 * grows), the last panels fold into a "More" menu beside the "?", as many as needed and no more, in
 * either language; everywhere else nothing is folded.
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PanelButton {
  id: string;
  label: string;
  badge?: ReactNode;
}

interface Props {
  panels: readonly PanelButton[];
  open: string | null;
  /** Opens or closes a panel; `returnTo` gets the focus back when the drawer closes. */
  toggle(id: string, returnTo: HTMLElement): void;
  /** The help mode's "?", always in the row. */
  help: ReactNode;
}

/** The window's width, followed while it changes (the fit is measured again for each). */
function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const resized = () => setWidth(window.innerWidth);
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  return width;
}

export function PanelButtons({ panels, open, toggle, help }: Props) {
  const { t, i18n } = useTranslation('pages');
  const row = useRef<HTMLDivElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  // How many panels fold, measured for this width, language and set of panels: from none, one more
  // after each render while the row still overflows (before the screen is painted).
  const fitFor = `${useWindowWidth()}|${i18n.language}|${panels.map((p) => p.id).join()}`;
  const [fit, setFit] = useState({ for: fitFor, folded: 0 });
  const folded = fit.for === fitFor ? fit.folded : 0;
  useLayoutEffect(() => {
    const el = row.current;
    if (el && el.scrollWidth > el.clientWidth && folded < panels.length)
      setFit({ for: fitFor, folded: folded + 1 });
  }, [folded, panels.length, fitFor]);

  // The menu closes on a press outside it or on Escape.
  useEffect(() => {
    if (!menuOpen) return;
    const press = (e: Event) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !moreButton.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', press);
    return () => document.removeEventListener('pointerdown', press);
  }, [menuOpen]);

  const shown = panels.slice(0, panels.length - folded);
  const inMenu = panels.slice(panels.length - folded);
  const button = (p: PanelButton, inside: boolean) => (
    <button
      type="button"
      key={p.id}
      className="mini"
      data-testid={`panel-button-${p.id}`}
      aria-expanded={open === p.id}
      aria-controls="table-drawer"
      onClick={(e) => {
        // A panel opened from the menu gives the focus back to "More" when it closes.
        toggle(p.id, inside && moreButton.current ? moreButton.current : e.currentTarget);
        if (inside) setMenuOpen(false);
      }}
    >
      {p.label}
      {p.badge}
    </button>
  );
  return (
    <div className="panel-buttons" role="group" aria-label={t('table.panels.label')} ref={row}>
      {shown.map((p) => button(p, false))}
      {inMenu.length > 0 && (
        <span className="panel-more">
          <button
            type="button"
            className="mini"
            data-testid="panel-more"
            ref={moreButton}
            aria-label={t('table.panels.moreLabel')}
            title={t('table.panels.moreLabel')}
            aria-expanded={menuOpen}
            aria-controls="panel-more-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {t('table.panels.more')} ▾
          </button>
          <div
            className="panel-more-menu"
            id="panel-more-menu"
            data-testid="panel-more-menu"
            ref={menu}
            hidden={!menuOpen}
            onKeyDown={(e) => {
              if (e.key !== 'Escape') return;
              // This Escape is the menu's: an open drawer stays open.
              e.preventDefault();
              setMenuOpen(false);
              moreButton.current?.focus();
            }}
          >
            {inMenu.map((p) => button(p, true))}
          </div>
        </span>
      )}
      {help}
    </div>
  );
}
