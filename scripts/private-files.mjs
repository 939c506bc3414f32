// What the site and its commands write holds client data and secrets (the database and its -wal and
// -shm files, the session secret, the first admin's password, the outbox, stored files, backups):
// every file and folder they create is their user's alone (files 0600, folders 0700), whatever the
// umask they were started with. The entries call this before anything writes: build/server-main.js
// (scripts/server-entry.mjs) and scripts/operator-cli.mjs. systemd's `UMask=0077` says the same.
export const PRIVATE_UMASK = 0o077;

export function keepNewFilesPrivate() {
  process.umask(PRIVATE_UMASK);
}
