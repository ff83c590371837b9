/**
 * The locks of the token stores: a lock file beside a token file (for store objects and
 * processes), and a lock of this process for a store that offers none. `keepSignedIn` holds one
 * while it reads, refreshes and saves a sign-in, so that two clients never spend one refresh
 * token; `EncryptedFileTokenStore` holds one around each read-modify-write of its file.
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * A lock older than this is taken over even when its process seems alive (the pid was reused,
 * e.g. after a restart, or the holder is on another machine sharing the folder). Our choice:
 * no holder here keeps it longer than a token refresh and a file write.
 */
export const STALE_LOCK_MS = 10 * 60 * 1000;
/** How long a writer waits for a lock before it gives up (our choice). */
export const LOCK_WAIT_MS = 30 * 1000;

/** The lock files this async context holds: a holder's own store calls do not wait for themselves. */
const held = new AsyncLocalStorage<ReadonlySet<string>>();
/** The lock owners of this process that hold their lock file now. */
const owners = new Set<string>();
/** One holder per lock name in this process at a time: the others wait here, not by polling. */
const queues = new Map<string, Promise<void>>();

/** Runs `work` when the previous work queued under `name` in `queues` is done. */
export async function serialized<T>(lanes: Map<string, Promise<void>>, name: string, work: () => Promise<T> | T): Promise<T> {
  const previous = lanes.get(name) ?? Promise.resolve();
  let done!: () => void;
  const tail = previous.then(() => new Promise<void>((resolve) => (done = resolve)));
  lanes.set(name, tail);
  await previous;
  try {
    return await work();
  } finally {
    done();
    if (lanes.get(name) === tail) lanes.delete(name);
  }
}

/**
 * Runs `work` holding the lock file `${file}.lock`: created whole (a draft, then a hard link,
 * which fails if the lock exists), holding `{ pid, at, owner }`. A lock whose process is gone
 * (`process.kill(pid, 0)` says ESRCH), or older than {@link STALE_LOCK_MS}, is moved aside and
 * removed. Re-entrant within `work`'s async context. Rejects with `timedOut()` after
 * {@link LOCK_WAIT_MS}.
 */
export async function withFileLock<T>(file: string, work: () => Promise<T> | T, timedOut: () => Error): Promise<T> {
  if (held.getStore()?.has(file)) return work();
  return serialized(queues, file, async () => {
    const lockFile = `${file}.lock`;
    const owner = await acquire(lockFile, timedOut);
    try {
      return await held.run(new Set([...(held.getStore() ?? []), file]), work);
    } finally {
      owners.delete(owner);
      await releaseIfOurs(lockFile, owner);
    }
  });
}

/** The locks of this process for stores without one of their own: by store object, then key. */
const localLocks = new WeakMap<object, Map<string, Promise<void>>>();

/** A lock of this process only, for a store that offers no `withLock`. */
export function withLocalLock<T>(store: object, name: string, work: () => Promise<T> | T): Promise<T> {
  let lanes = localLocks.get(store);
  if (!lanes) localLocks.set(store, (lanes = new Map()));
  return serialized(lanes, name, work);
}

async function acquire(lockFile: string, timedOut: () => Error): Promise<string> {
  const owner = randomBytes(8).toString('hex');
  const draft = `${lockFile}.${owner}.tmp`;
  await mkdir(dirname(lockFile), { recursive: true, mode: 0o700 });
  await writeFile(draft, JSON.stringify({ pid: process.pid, at: Date.now(), owner }), { mode: 0o600 });
  owners.add(owner);
  try {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        await link(draft, lockFile);
        return owner;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (await takeOverIfStale(lockFile)) continue;
      if (Date.now() > deadline) throw timedOut();
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    }
  } catch (error) {
    owners.delete(owner);
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}

/** Removes a stale lock; true when it did (or the lock was gone already). */
async function takeOverIfStale(lockFile: string): Promise<boolean> {
  const seen = await readFile(lockFile, 'utf8').catch(missingAs(null));
  if (seen === null) return true;
  if (!isStale(seen)) return false;
  // Moved aside first, so that of two waiters only one removes it; if what was moved is not the
  // lock judged stale (a new holder took it meanwhile), it is put back.
  const aside = `${lockFile}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await rename(lockFile, aside);
  } catch (error) {
    return missingAs(true)(error);
  }
  const moved = await readFile(aside, 'utf8').catch(missingAs(null));
  if (moved !== seen) await link(aside, lockFile).catch(() => undefined);
  await rm(aside, { force: true });
  return moved === seen;
}

function isStale(text: string): boolean {
  let holder: { pid?: unknown; at?: unknown; owner?: unknown };
  try {
    holder = JSON.parse(text) as typeof holder;
  } catch {
    return true; // not a lock this library wrote (ours are written whole)
  }
  const { pid, at, owner } = holder;
  if (typeof pid !== 'number' || typeof at !== 'number' || typeof owner !== 'string') return true;
  if (Date.now() - at > STALE_LOCK_MS) return true;
  if (pid === process.pid) return !owners.has(owner);
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists (another user's); ESRCH: it is gone.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function releaseIfOurs(lockFile: string, owner: string): Promise<void> {
  const text = await readFile(lockFile, 'utf8').catch(missingAs(null));
  if (text !== null && text.includes(`"owner":"${owner}"`)) await rm(lockFile, { force: true });
}

function missingAs<T>(value: T): (error: unknown) => T {
  return (error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return value;
    throw error;
  };
}
