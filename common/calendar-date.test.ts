import { describe, expect, it } from 'vitest';
import { calendarDateSchema, isCalendarDate } from './calendar-date.ts';

describe('calendar dates', () => {
  it('reads days that exist', () => {
    for (const text of ['2027-03-15', '2028-02-29', '2000-02-29', '2027-12-31', '2027-01-01'])
      expect(isCalendarDate(text), text).toBe(true);
  });

  it('refuses anything else, without throwing', () => {
    const refused = ['2027-02-29', '1900-02-29', '2027-13-01', '2027-00-10', '2027-04-31', '2027-01-00', '2027-99-99', '9999-99-99'];
    const malformed = ['', '2027-3-15', '2027-03-15T00:00:00Z', ' 2027-03-15', '2027-03-15\u0000', '27-03-15', '2027/03/15', 'yesterday'];
    for (const text of [...refused, ...malformed]) expect(isCalendarDate(text), text).toBe(false);
  });

  it('names the field in its messages', () => {
    const schema = calendarDateSchema('Due date');
    expect(schema.safeParse('2027-99-99').error?.issues[0]?.message).toBe('Due date is not a real date');
    expect(schema.safeParse('soon').error?.issues[0]?.message).toBe('Due date must be a date like 2027-03-15');
    expect(schema.safeParse(20270315).error?.issues[0]?.message).toBe('Due date must be a date like 2027-03-15');
  });
});
