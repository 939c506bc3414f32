import { useCallback, useEffect, useRef, useState } from 'react';
import { addCalendarDays } from '#common/calendar-date.ts';
import type { InsightQuery, InsightSettings, InsightSummary } from '#common/insights.ts';
import { api } from '#app/lib/api.ts';

export const INSIGHT_RANGES = ['7d', '30d', '90d', '12m'] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];

export const RANGE_LABELS: Record<InsightRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
};

const RANGE_DAYS: Record<InsightRange, number> = { '7d': 7, '30d': 30, '90d': 90, '12m': 365 };
const RANGE_INTERVAL: Record<InsightRange, InsightQuery['interval']> = { '7d': 'day', '30d': 'day', '90d': 'week', '12m': 'month' };

/** The UTC days a range covers, ending today, and the step of its chart. */
export function rangeQuery(range: InsightRange, now = new Date()): InsightQuery {
  const to = now.toISOString().slice(0, 10);
  return { from: addCalendarDays(to, -(RANGE_DAYS[range] - 1)), to, interval: RANGE_INTERVAL[range] };
}

export interface InsightsState {
  range: InsightRange;
  setRange(range: InsightRange): void;
  summary: InsightSummary | null;
  error: string | null;
  settings: InsightSettings | null;
  saveSettings(settings: InsightSettings): Promise<string | null>;
}

/** The Insights area's numbers for the chosen range (the newest answer wins) and the owner's settings. */
export function useInsights(): InsightsState {
  const [range, setRange] = useState<InsightRange>('30d');
  const [summary, setSummary] = useState<InsightSummary | null>(null);
  const [settings, setSettings] = useState<InsightSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(0);

  useEffect(() => {
    const turn = ++asked.current;
    const { from, to, interval } = rangeQuery(range);
    void api<InsightSummary>('GET', `/api/admin/insights?from=${from}&to=${to}&interval=${interval}`).then((result) => {
      if (turn !== asked.current) return;
      if (result.ok) {
        setSummary(result.data);
        setError(null);
      } else setError(result.serverMessage ?? result.message);
    });
  }, [range]);

  useEffect(() => {
    void api<InsightSettings>('GET', '/api/admin/insights/settings').then((result) => {
      if (result.ok) setSettings(result.data);
    });
  }, []);

  // The box follows the click at once; a refused save puts the saved choice back.
  const saveSettings = useCallback(
    async (next: InsightSettings) => {
      const before = settings;
      setSettings(next);
      const result = await api<InsightSettings>('PUT', '/api/admin/insights/settings', next);
      if (!result.ok) {
        setSettings(before);
        return result.serverMessage ?? result.message;
      }
      setSettings(result.data);
      return null;
    },
    [settings],
  );

  return { range, setRange, summary, error, settings, saveSettings };
}
