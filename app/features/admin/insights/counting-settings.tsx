import { useState } from 'react';
import type { InsightSettings } from '#common/insights.ts';
import { toast } from '#app/lib/toast.ts';

const ROWS: Array<{ key: keyof InsightSettings; label: string; hint: string }> = [
  {
    key: 'counting',
    label: 'Count visits',
    hint: 'Off: nothing is counted from now on; what was counted stays.',
  },
  {
    key: 'honourPrivacySignals',
    label: 'Leave out visitors who ask not to be tracked',
    hint: 'Browsers that send Do Not Track or Global Privacy Control are not counted.',
  },
];

/** The owner's two choices, saved as each box changes, and what counting does and does not keep. */
export function CountingSettings({ settings, save }: { settings: InsightSettings; save(next: InsightSettings): Promise<string | null> }) {
  const [saving, setSaving] = useState(false);
  const change = async (key: keyof InsightSettings, value: boolean) => {
    setSaving(true);
    const problem = await save({ ...settings, [key]: value });
    setSaving(false);
    toast(problem ? { title: 'Not saved', description: problem, variant: 'destructive' } : { title: 'Counting settings saved' });
  };
  return (
    <section aria-labelledby="insights-settings" className="rounded-xl border border-line bg-surface p-4 text-sm sm:p-5">
      <h3 id="insights-settings" className="font-semibold text-fg">
        Counting
      </h3>
      <p className="mt-1 max-w-prose text-fg-muted">
        Visits are counted on the server, without cookies and without storing addresses: a visitor is recognised for one day only, then
        forgotten. Search engines, link previews and your own visits while signed in are not counted.
      </p>
      <div className="mt-3 grid gap-1">
        {ROWS.map((row) => (
          <div key={row.key}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-fg">
              <input
                type="checkbox"
                checked={settings[row.key]}
                disabled={saving}
                onChange={(event) => void change(row.key, event.target.checked)}
                aria-describedby={`insights-${row.key}-hint`}
                className="size-5 shrink-0 accent-[var(--color-accent)]"
              />
              {row.label}
            </label>
            <p id={`insights-${row.key}-hint`} className="pl-8 text-xs text-fg-subtle">
              {row.hint}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}
