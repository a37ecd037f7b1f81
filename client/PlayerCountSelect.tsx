/** How many players: 1 to 6. */
export function PlayerCountSelect({
  value,
  onChange,
  testId,
}: {
  value: number;
  onChange(n: number): void;
  testId: string;
}) {
  return (
    <label>
      Players{' '}
      <select data-testid={testId} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}
