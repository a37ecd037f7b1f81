/**
 * The rules at hand: every section in the player's language, searchable, on the table (a drawer
 * panel) and on its own page (#/rules, #/rules/<section>, where a refusal's "why?" leads).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RULES_SECTIONS, searchable } from './sections';
import { addNamespace } from '../i18n';
import { RulesSymbols } from './RulesSymbols';
import { TERRAIN_ICONS } from '../table/TerrainLegend';
import './rules.css';
import rulesEn from '../i18n/en/rules.json';
import rulesFr from '../i18n/fr/rules.json';

addNamespace('rules', { en: rulesEn, fr: rulesFr });

/** The sections about one terrain's track, headed by that terrain's swatch as the planet draws it. */
const SECTION_TERRAIN: Record<string, string> = {
  civ: 'civ',
  water: 'water',
  biomass: 'biomass',
  rovers: 'rover',
  tech: 'tech',
  energy: 'energy',
};

export function RulesPanel({ section }: { section?: string }) {
  const { t } = useTranslation('rules');
  const [query, setQuery] = useState('');
  const searchId = useId();
  const texts = useMemo(
    () =>
      RULES_SECTIONS.map((s) => {
        const title = t(`sections.${s.id}.title`);
        const text = t(`sections.${s.id}.text`);
        return {
          ...s,
          title,
          terrain: SECTION_TERRAIN[s.id],
          paragraphs: text.split('\n'),
          haystack: searchable(`${title} ${text}`),
        };
      }),
    [t],
  );
  const words = searchable(query).split(/\s+/).filter(Boolean);
  const shown = words.length ? texts.filter((s) => words.every((w) => s.haystack.includes(w))) : texts;
  // The section asked for (a "why?") is scrolled into view once drawn.
  useEffect(() => {
    if (section) document.getElementById(`rules-${section}`)?.scrollIntoView?.({ block: 'start' });
  }, [section]);
  return (
    <div className="rules-panel" data-testid="rules-panel">
      <p>
        {t('intro')}{' '}
        <a href="#/learn" data-testid="rules-learn">
          {t('learn')}
        </a>
      </p>
      <p>
        <label htmlFor={searchId}>{t('search')}</label>{' '}
        <input
          id={searchId}
          type="search"
          data-testid="rules-search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </p>
      <p className="small" aria-live="polite" data-testid="rules-count">
        {words.length ? (shown.length ? t('matches', { count: shown.length }) : t('noMatch', { query })) : ''}
      </p>
      {shown.map((s) => (
        <section
          key={s.id}
          id={`rules-${s.id}`}
          data-testid={`rules-section-${s.id}`}
          className={s.id === section ? 'rules-section chosen' : 'rules-section'}
          aria-labelledby={`rules-${s.id}-title`}
        >
          <h3 id={`rules-${s.id}-title`}>
            {s.terrain && <img className="rules-terrain" src={TERRAIN_ICONS[s.terrain]} alt="" />}
            {s.title}
          </h3>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {s.id === 'symbols' && <RulesSymbols />}
          {s.refs.some((r) => r.startsWith('§')) && (
            <p className="small rule">
              {t('reference', { refs: s.refs.filter((r) => r.startsWith('§')).join(', ') })}
            </p>
          )}
        </section>
      ))}
    </div>
  );
}

/** The rules on a page of their own. */
export function RulesPage({ section }: { section?: string }) {
  const { t } = useTranslation('rules');
  return (
    <article className="panel rules-page" data-testid="rules-page" aria-labelledby="rules-title">
      <h1 id="rules-title">{t('title')}</h1>
      <RulesPanel section={section} />
    </article>
  );
}
