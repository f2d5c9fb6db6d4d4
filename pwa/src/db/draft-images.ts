/**
 * The photos of the announcement draft stay on this device (IndexedDB keeps Blobs): the text of the draft
 * replicates, photos would cost every device megabytes for something not yet published. Keyed by the
 * person ('guest' or the user id), removed after a publish and at logout.
 */
const STORE = 'photos';
let opened: Promise<IDBDatabase> | null = null;
function idb(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open('hobbiz_draft_photos', 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opened = null;
      reject(req.error);
    };
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await idb();
  return new Promise<T>((resolve, reject) => {
    const req = op(db.transaction(STORE, mode).objectStore(STORE));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

const keyOf = (userId: string | null) => userId ?? 'guest';

export async function loadDraftImages(userId: string | null): Promise<Blob[]> {
  try {
    const list = await run<Blob[] | undefined>('readonly', (s) => s.get(keyOf(userId)));
    return Array.isArray(list) ? list.filter((b) => b instanceof Blob) : [];
  } catch {
    return [];
  }
}

export async function saveDraftImages(userId: string | null, images: Blob[]): Promise<void> {
  try {
    if (images.length > 0) await run('readwrite', (s) => s.put(images, keyOf(userId)));
    else await run('readwrite', (s) => s.delete(keyOf(userId)));
  } catch {
    /* storage full or blocked: the photos are still in the form */
  }
}

export async function clearDraftImages(userId: string | null): Promise<void> {
  await saveDraftImages(userId, []);
}
