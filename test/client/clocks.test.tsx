// @vitest-environment jsdom
/**
 * The clocks on the table (client/online/Clocks.tsx) and the chat store: times as a clock shows
 * them, amber then red near the end, your own clock first, an away seat said in words with
 * "I'm back" for its own player only, in English and French; the chat's unread count and mute.
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { MatchClock } from '../../game';
import { ClockStrip, clockUrgency, formatDuration } from '../../client/online/Clocks';
import { ChatStore } from '../../client/online/chat-store';
import { setLanguage } from '../../client/i18n';
import { domPerTest } from './dom';

const t = (key: string, o?: Record<string, unknown>) => i18next.t(key, { ns: 'pages', ...o });
const tc = { roundSeconds: 90, bankSeconds: 300 };

function clock(now: number): MatchClock {
  return {
    startedAt: 0,
    seats: {
      '0': { bankMs: 300_000, owes: '2:turns', since: now - 80_000, deadline: now + 5_000, away: false },
      '1': { bankMs: 0, owes: '2:turns', since: now - 1000, deadline: null, away: true },
      '2': { bankMs: 120_000, owes: null, since: null, deadline: null, away: false },
    },
    notes: [],
  };
}

describe('clocks on the table', () => {
  const dom = domPerTest();

  it('shows times as a clock does, in both languages', () => {
    expect(formatDuration(65_000, t)).toBe('1:05');
    expect(formatDuration(0, t)).toBe('0:00');
    expect(formatDuration(3 * 3600_000 + 5 * 60_000, t)).toBe('3 h 05 min');
    expect(formatDuration(3 * 86_400_000 + 4 * 3600_000, t)).toBe('3 d 4 h');
    setLanguage('fr');
    expect(formatDuration(3 * 86_400_000 + 4 * 3600_000, t)).toBe('3 j 4 h');
    setLanguage('en');
  });

  it('turns amber under a quarter of the round time (at least 30 s), red under 10 s', () => {
    expect(clockUrgency(60_000, tc)).toBe('ok');
    expect(clockUrgency(22_000, tc)).toBe('low');
    expect(clockUrgency(9_000, tc)).toBe('critical');
    expect(clockUrgency(5 * 3600_000, { roundSeconds: 86_400 })).toBe('low');
    expect(clockUrgency(20 * 3600_000, { roundSeconds: 86_400 })).toBe('ok');
  });

  it('puts your clock first, says who is away, and offers "I\'m back" to that seat alone', () => {
    const now = Date.now();
    const info = { timeControl: tc, clock: clock(now), now, skewMs: 0 };
    const names = { '0': 'Ada', '1': 'Bob', '2': 'Cy' };
    const mine = { playerID: '1', credentials: 'c', playerName: 'Bob' };
    dom.render(<ClockStrip matchID="m" info={info} names={names} mine={mine} onBack={() => {}} />);
    const seats = [...dom.host.querySelectorAll('.seat-clock')].map((e) => e.getAttribute('data-testid'));
    expect(seats).toEqual(['clock-1', 'clock-0', 'clock-2']);
    expect(dom.byTestId('clock-1')?.textContent).toContain('Your time');
    expect(dom.byTestId('clock-1')?.textContent).toContain('away: the Pilot plays');
    expect(dom.byTestId('clock-0')?.className).toContain('critical');
    expect(dom.byTestId('clock-0')?.textContent).toMatch(/Ada 0:0[45]/);
    expect(dom.byTestId('clock-2')?.textContent).toContain('done · bank 2:00');
    expect(dom.byTestId('im-back')?.textContent).toBe("I'm back");
    // Ada, not away, has no such button.
    dom.render(
      <ClockStrip
        matchID="m"
        info={info}
        names={names}
        mine={{ ...mine, playerID: '0' }}
        onBack={() => {}}
      />,
    );
    expect(dom.byTestId('im-back')).toBeNull();
  });

  it('says when the clocks have not started', () => {
    dom.render(<ClockStrip matchID="m" info={{ timeControl: tc }} names={{}} onBack={() => {}} />);
    expect(dom.byTestId('clock-strip')?.textContent).toContain(
      '1:30 a decision + 5:00 bank · the clocks start once every seat is taken',
    );
  });
});

describe('the chat store', () => {
  const line = (id: string, seat: string, at: number) => ({ id, seat, text: `line ${id}`, at });

  it("counts unread lines while the panel is closed, never a muted seat's, and keeps each line once", () => {
    const store = new ChatStore('m-chat');
    store.add([line('a', '0', 1), line('b', '1', 2)]);
    expect(store.getSnapshot().unread).toBe(2);
    store.add([line('a', '0', 1)]);
    expect(store.getSnapshot().lines).toHaveLength(2);
    store.setReading(true);
    expect(store.getSnapshot().unread).toBe(0);
    store.add([line('c', '1', 3)]);
    expect(store.getSnapshot().unread).toBe(0); // read as it came
    store.setReading(false);
    store.mute('1', true);
    store.add([line('d', '1', 4), line('e', '0', 5), { id: 'bad' }]);
    expect(store.getSnapshot().unread).toBe(1);
    expect(store.getSnapshot().lines.map((l) => l.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    // The mute is kept for this match in this browser.
    expect(new ChatStore('m-chat').getSnapshot().muted.has('1')).toBe(true);
  });
});
