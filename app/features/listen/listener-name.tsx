import { useId, useSyncExternalStore } from 'react';
import { LISTENER_NAME_MAX } from '#common/review-links.ts';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';

const STORAGE_KEY = 'studio.listener-name';

const listeners = new Set<() => void>();
/** Where the name lives when the browser refuses storage (private mode): for as long as the page. */
let memory = '';

function readName(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return memory;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The name a listener signs comments with: typed once, remembered in this browser (empty on the server). */
export function useListenerName() {
  const name = useSyncExternalStore(subscribe, readName, () => '');
  const setName = (next: string) => {
    memory = next;
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage refused: `memory` holds it.
    }
    for (const listener of listeners) listener();
  };
  return { name, setName };
}

export function ListenerNameField({ name, onChange, error }: { name: string; onChange: (name: string) => void; error: string | null }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        Your name
      </label>
      <input
        id={id}
        value={name}
        maxLength={LISTENER_NAME_MAX}
        autoComplete="name"
        placeholder="So the studio knows who wrote"
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className={cn(inputClasses, 'py-2.5 text-sm sm:max-w-sm')}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-400">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-fg-subtle">
          Shown beside your comments. This browser remembers it.
        </p>
      )}
    </div>
  );
}
