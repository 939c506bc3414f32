/** The share dialog's watermark switch: the link then plays the watermarked copy (decision 101). */
export function WatermarkChoice({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-fg">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-[var(--color-accent)]"
      />
      <span>
        <span className="font-medium">Audible watermark</span>
        <span className="block text-xs text-fg-subtle">
          A short chime every 30 seconds, 20 dB below the music. The client still hears it clean.
        </span>
      </span>
    </label>
  );
}
