// startDate / endDate are calendar days (query.ts parseDate, checked by arithmetic): leap days by the Gregorian
// rule, month lengths, and the refused forms, each beside the nearest accepted day.
import { describe, expect, it } from 'vitest';
import { parseDate } from '../../reference/analytics/query.js';

const accepted = (text: string) => {
  try {
    return parseDate(text, 'startDate') === text;
  } catch {
    return false;
  }
};

describe('analytics reference: report dates', () => {
  it('accepts real days, leap days by the Gregorian rule', () => {
    for (const day of [
      '2024-01-01',
      '2024-01-31',
      '2024-02-29',
      '2000-02-29',
      '2023-02-28',
      '2024-04-30',
      '2024-12-31',
      '0100-01-01',
      '9999-12-31',
    ])
      expect(accepted(day), day).toBe(true);
  });

  it('refuses days that do not exist and other forms, beside the nearest accepted day', () => {
    const refused: Array<[string, string]> = [
      ['2023-02-29', '2023-02-28'],
      ['1900-02-29', '1900-02-28'],
      ['2024-02-30', '2024-02-29'],
      ['2024-04-31', '2024-04-30'],
      ['2024-13-01', '2024-12-01'],
      ['2024-00-10', '2024-01-10'],
      ['2024-01-00', '2024-01-01'],
      ['2024-01-32', '2024-01-31'],
      ['0099-12-31', '0100-01-01'],
      ['2024-1-01', '2024-01-01'],
      ['2024-01-01T00:00:00Z', '2024-01-01'],
      ['2024-01-1', '2024-01-01'],
      ['2024-01-0a', '2024-01-01'],
      ['20a4-01-01', '2024-01-01'],
      ['2024/01/01', '2024-01-01'],
      ['2024-01-01\n', '2024-01-01'],
      [' 2024-01-01', '2024-01-01'],
      ['2024-0١-01', '2024-01-01'],
      ['２０２４-01-01', '2024-01-01'],
      ['', '2024-01-01'],
    ];
    for (const [bad, near] of refused) {
      expect(() => parseDate(bad, 'startDate'), bad).toThrow(
        /Invalid value [\s\S]* for startDate: expected YYYY-MM-DD/,
      );
      expect(accepted(near), near).toBe(true);
    }
  });
});
