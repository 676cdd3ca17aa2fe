// The tasks of the navigation under way (data calls, screen chunks, catalogs), for the progress
// bar: each finished task moves it on; a failed one turns it to its failed state.

export interface TaskSnapshot {
  total: number;
  done: number;
  failed: boolean;
}

let snapshot: TaskSnapshot = { total: 0, done: 0, failed: false };
const listeners = new Set<() => void>();

function update(next: TaskSnapshot) {
  snapshot = next;
  listeners.forEach((listener) => listener());
}

/** Counts a promise as one task of the current navigation. */
export function trackTask<T>(promise: Promise<T>): Promise<T> {
  update({ ...snapshot, total: snapshot.total + 1 });
  promise.then(
    () => update({ ...snapshot, done: snapshot.done + 1 }),
    () => update({ ...snapshot, done: snapshot.done + 1, failed: true }),
  );
  return promise;
}

export function resetTasks(): void {
  update({ total: 0, done: 0, failed: false });
}

export const taskStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): TaskSnapshot => snapshot,
};
