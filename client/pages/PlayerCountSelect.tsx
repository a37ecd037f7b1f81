/** How many players: `min` (1 unless told) to 6. */
import { useTranslation } from 'react-i18next';

export function PlayerCountSelect({
  value,
  onChange,
  testId,
  min = 1,
}: {
  value: number;
  onChange(n: number): void;
  testId: string;
  min?: number;
}) {
  const { t } = useTranslation('pages');
  const counts = [1, 2, 3, 4, 5, 6].filter((n) => n >= min);
  return (
    <label className="field">
      <span>{t('players')}</span>
      <select data-testid={testId} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {counts.map((n) => (
          <option key={n} value={n}>
            {n === 1 ? t('playersSolo') : n}
          </option>
        ))}
      </select>
    </label>
  );
}
