import { describe, expect, it } from 'vitest';
import {
  averageStars,
  badgeText,
  formatDate,
  formatPrice,
  idTail,
  initials,
  lastSeenText,
  messageCountText,
  pluralRo,
  reviewCountText,
} from './format.ts';

describe('formatDate', () => {
  it('writes a 2-digit day, the long Romanian month and the year', () => {
    expect(formatDate('2025-09-05T12:00:00Z')).toBe('05 septembrie 2025');
    expect(formatDate(new Date('2024-03-21T12:00:00Z'))).toBe('21 martie 2024');
  });

  it('is empty for something that is not a date', () => {
    expect(formatDate('nu e o dată')).toBe('');
  });
});

describe('badgeText', () => {
  it('shows nothing for zero, the number up to 99, then 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(2500)).toBe('99+');
  });
});

describe('pluralRo', () => {
  it('follows Romanian agreement: 1 / 2–19 / 20+ with "de"', () => {
    expect(pluralRo(1, 'minut', 'minute', 'de minute')).toBe('1 minut');
    expect(pluralRo(2, 'minut', 'minute', 'de minute')).toBe('2 minute');
    expect(pluralRo(19, 'minut', 'minute', 'de minute')).toBe('19 minute');
    expect(pluralRo(20, 'minut', 'minute', 'de minute')).toBe('20 de minute');
    expect(pluralRo(25, 'minut', 'minute', 'de minute')).toBe('25 de minute');
    expect(pluralRo(0, 'minut', 'minute', 'de minute')).toBe('0 minute');
    expect(pluralRo(101, 'leu', 'lei', 'de lei')).toBe('101 lei');
    expect(pluralRo(120, 'leu', 'lei', 'de lei')).toBe('120 de lei');
  });
});

describe('lastSeenText', () => {
  const now = new Date('2025-09-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it('is online under 5 minutes', () => {
    expect(lastSeenText(ago(0), now)).toBe('Online acum');
    expect(lastSeenText(ago(5 * MIN - 1), now)).toBe('Online acum');
    // A clock slightly ahead on the server must not produce a negative duration.
    expect(lastSeenText(ago(-30_000), now)).toBe('Online acum');
  });

  it('counts minutes under an hour', () => {
    expect(lastSeenText(ago(5 * MIN), now)).toBe('Activ acum 5 minute');
    expect(lastSeenText(ago(19 * MIN), now)).toBe('Activ acum 19 minute');
    expect(lastSeenText(ago(25 * MIN), now)).toBe('Activ acum 25 de minute');
    expect(lastSeenText(ago(59 * MIN), now)).toBe('Activ acum 59 de minute');
  });

  it('counts hours under a day', () => {
    expect(lastSeenText(ago(HOUR), now)).toBe('Activ acum o oră');
    expect(lastSeenText(ago(2 * HOUR + 10 * MIN), now)).toBe('Activ acum 2 ore');
    expect(lastSeenText(ago(19 * HOUR), now)).toBe('Activ acum 19 ore');
    expect(lastSeenText(ago(23 * HOUR), now)).toBe('Activ acum 23 de ore');
  });

  it('says yesterday, then days under a week, then the date', () => {
    expect(lastSeenText(ago(DAY), now)).toBe('Activ ieri');
    expect(lastSeenText(ago(2 * DAY - 1), now)).toBe('Activ ieri');
    expect(lastSeenText(ago(2 * DAY), now)).toBe('Activ acum 2 zile');
    expect(lastSeenText(ago(6 * DAY), now)).toBe('Activ acum 6 zile');
    expect(lastSeenText(ago(7 * DAY), now)).toBe('Activ la 08 septembrie 2025');
    expect(lastSeenText('2024-01-02T12:00:00Z', now)).toBe('Activ la 02 ianuarie 2024');
  });

  it('is empty for an invalid timestamp', () => {
    expect(lastSeenText('', now)).toBe('');
  });
});

describe('idTail', () => {
  it('keeps the last n characters', () => {
    expect(idTail('68b9f2a1c3d4e5f601234567', 9)).toBe('601234567');
    expect(idTail('68b9f2a1c3d4e5f601234567', 8)).toBe('01234567');
    expect(idTail('abc', 9)).toBe('abc');
    expect(idTail('abc', 0)).toBe('');
  });
});

describe('averageStars', () => {
  it('averages and rounds to one decimal', () => {
    expect(averageStars([])).toBe(0);
    expect(averageStars([5])).toBe(5);
    expect(averageStars([5, 4, 4])).toBe(4.3);
    expect(averageStars([4.5, 5])).toBe(4.8);
  });
});

describe('formatPrice', () => {
  it("shows 'Gratuit', nothing, or the grouped amount in lei", () => {
    expect(formatPrice(0)).toBe('Gratuit');
    expect(formatPrice(null)).toBe('');
    expect(formatPrice(150)).toBe('150 lei');
    expect(formatPrice(1250)).toBe('1.250 lei');
    expect(formatPrice(1000000)).toBe('1.000.000 lei');
  });
});

describe('initials', () => {
  it('takes the first letter of each name, upper-cased', () => {
    expect(initials('Ana', 'Popescu')).toBe('AP');
    expect(initials('ștefan', 'țiriac')).toBe('ȘȚ');
    expect(initials(' ion', '')).toBe('I');
    expect(initials('', '')).toBe('');
  });
});

describe('reviewCountText and messageCountText', () => {
  it('say "recenzii" (never "review-uri") with Romanian agreement', () => {
    expect(reviewCountText(0)).toBe('nu există recenzii');
    expect(reviewCountText(1)).toBe('1 recenzie');
    expect(reviewCountText(2)).toBe('2 recenzii');
    expect(reviewCountText(20)).toBe('20 de recenzii');
    expect(reviewCountText(101)).toBe('101 recenzii');
  });
  it('count messages: 1 mesaj, 5 mesaje, 20 de mesaje', () => {
    expect(messageCountText(1)).toBe('1 mesaj');
    expect(messageCountText(5)).toBe('5 mesaje');
    expect(messageCountText(20)).toBe('20 de mesaje');
  });
});
