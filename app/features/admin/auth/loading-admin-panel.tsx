/** Shown while the admin's session is (re)loaded, e.g. right after logging in. */
export function LoadingAdminPanel() {
  return (
    <main id="main" tabIndex={-1} className="grid min-h-[calc(100dvh-4rem)] place-items-center px-4 outline-none">
      <p role="status" className="flex items-center gap-3 text-fg-muted">
        <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-line-strong border-t-accent" />
        Loading admin panel...
      </p>
    </main>
  );
}
