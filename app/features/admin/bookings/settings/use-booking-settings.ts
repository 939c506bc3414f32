import { useCallback, useEffect, useState } from 'react';
import type { AdminBookingSettings } from '#common/booking/admin.ts';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { checkSettings, draftOf, type SettingsDraft, type SettingsErrors } from './settings-form.ts';

export type SaveProblem = { kind: 'stale' } | { kind: 'invalid'; message: string } | null;

export interface BookingSettingsState {
  saved: AdminBookingSettings | null;
  loadError: string | null;
  draft: SettingsDraft | null;
  errors: SettingsErrors;
  problem: SaveProblem;
  saving: boolean;
  setDraft(change: (draft: SettingsDraft) => SettingsDraft): void;
  /** What the server says now (after a refresh or a new subscription address), keeping the edits. */
  adopt(change: (saved: AdminBookingSettings) => AdminBookingSettings): void;
  save(): Promise<void>;
  reload(): Promise<void>;
}

/** The settings as saved, the owner's edits, and the save with its version (a newer save elsewhere wins: 409). */
export function useBookingSettings(): BookingSettingsState {
  const [saved, setSaved] = useState<AdminBookingSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraftState] = useState<SettingsDraft | null>(null);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [problem, setProblem] = useState<SaveProblem>(null);
  const [saving, setSaving] = useState(false);

  const show = useCallback((settings: AdminBookingSettings) => {
    setSaved(settings);
    setDraftState(draftOf(settings));
    setErrors({});
    setProblem(null);
  }, []);

  const reload = useCallback(
    () =>
      api<AdminBookingSettings>('GET', '/api/admin/booking/settings').then((result) => {
        if (!result.ok) return void setLoadError(result.serverMessage ?? result.message);
        setLoadError(null);
        show(result.data);
      }),
    [show],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const setDraft = useCallback(
    (change: (draft: SettingsDraft) => SettingsDraft) => setDraftState((draft) => (draft ? change(draft) : draft)),
    [],
  );
  const adopt = useCallback(
    (change: (saved: AdminBookingSettings) => AdminBookingSettings) => setSaved((saved) => (saved ? change(saved) : saved)),
    [],
  );

  const save = async () => {
    if (!draft || !saved) return;
    const checked = checkSettings(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      setProblem({ kind: 'invalid', message: 'Please check the highlighted fields' });
      return;
    }
    setErrors({});
    setProblem(null);
    setSaving(true);
    const result = await api<AdminBookingSettings>('PUT', '/api/admin/booking/settings', {
      version: saved.version,
      settings: checked.settings,
      feedUrl: draft.feedUrl.trim(),
      feedPrivateAllowed: draft.feedPrivateAllowed,
    });
    setSaving(false);
    if (result.ok) {
      show(result.data);
      toast({ title: 'Success', description: 'Booking settings saved' });
      return;
    }
    if (result.status === 409) return void setProblem({ kind: 'stale' });
    if (result.status === 400) {
      if (result.errors.feedUrl?.[0]) setErrors({ feedUrl: result.errors.feedUrl[0] });
      const message = result.errors.settings?.[0] ?? result.serverMessage ?? 'Please check the highlighted fields';
      return void setProblem({ kind: 'invalid', message });
    }
    toast({ title: 'Error', description: result.serverMessage ?? `Could not save: ${result.message}`, variant: 'destructive' });
  };

  return { saved, loadError, draft, errors, problem, saving, setDraft, adopt, save, reload };
}
