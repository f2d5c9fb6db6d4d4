import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import {
  ANNOUNCEMENT_MESSAGES,
  type FieldErrors,
  type RefusedImage,
  sortImageCandidates,
  validateAnnouncement,
} from '../../../../schema/rules/announcement.ts';
import {
  clearDraft,
  type DraftFields,
  EMPTY_DRAFT,
  isEmptyDraft,
  saveDraft,
  watchDraft,
} from '../../db/draft.ts';
import { clearDraftImages, loadDraftImages, saveDraftImages } from '../../db/draft-images.ts';
import { type ImageItem, moveImage, newImage, releaseImage, storedImage } from './images.ts';

export type FormMode = 'publish' | 'update';

/** How long typing must pause before the draft is written (each keystroke is not a database write). */
const DRAFT_DEBOUNCE_MS = 400;
/** Longest the form waits (disabled) for the saved draft before letting the person type anyway. */
const RESTORE_WAIT_MS = 3000;

function fromAnnouncement(a: AnnouncementDoc): DraftFields {
  return {
    title: a.title,
    category: a.category,
    description: a.description,
    location: a.location,
    localitate: a.localitate,
    contactPerson: a.contactPerson,
    contactEmail: a.contactEmail,
    contactPhone: a.contactPhone,
    price: a.price === null ? '' : String(a.price),
  };
}

/**
 * State of the announcement form. New announcements restore and auto-save the replicated draft (text)
 * and the device's draft photos; an edit starts from the announcement and saves nothing until submitted.
 * Errors appear after the first submit and then follow the typing.
 */
export function useAnnouncementForm(mode: FormMode, userId: string | null, initial?: AnnouncementDoc) {
  const [fields, setFields] = useState<DraftFields>(() =>
    initial ? fromAnnouncement(initial) : EMPTY_DRAFT,
  );
  const [images, setImages] = useState<ImageItem[]>(() => (initial ? initial.images.map(storedImage) : []));
  /** Files of the last selection that were not added, with the reason; they never block the submit. */
  const [refused, setRefused] = useState<RefusedImage[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [restored, setRestored] = useState(mode === 'update');
  const touched = useRef(false);
  const saveTimer = useRef<number | undefined>(undefined);
  /** The save waiting for the pause in typing; run at once when the page is left or hidden. */
  const pendingSave = useRef<(() => void) | null>(null);
  const flush = useCallback(() => {
    window.clearTimeout(saveTimer.current);
    const run = pendingSave.current;
    pendingSave.current = null;
    run?.();
  }, []);

  // Restore the draft (and take a newer one arriving from another device) until the person types.
  useEffect(() => {
    if (mode !== 'publish') return;
    let alive = true;
    let textReady = false;
    let photosReady = false;
    const ready = () => textReady && photosReady && setRestored(true);
    // A local database that never opens must not lock the form: then it starts empty.
    const giveUp = window.setTimeout(() => setRestored(true), RESTORE_WAIT_MS);
    const stop = watchDraft((draft) => {
      if (alive && draft && !touched.current) setFields(draft);
      textReady = true;
      ready();
    });
    void loadDraftImages(userId).then((blobs) => {
      if (alive && blobs.length > 0 && !touched.current) setImages(blobs.map(newImage));
      photosReady = true;
      ready();
    });
    return () => {
      alive = false;
      window.clearTimeout(giveUp);
      stop();
    };
  }, [mode, userId]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  const persist = useCallback(
    (next: DraftFields) => {
      if (mode !== 'publish') return;
      window.clearTimeout(saveTimer.current);
      pendingSave.current = () => void (isEmptyDraft(next) ? clearDraft() : saveDraft(next));
      saveTimer.current = window.setTimeout(flush, DRAFT_DEBOUNCE_MS);
    },
    [mode, flush],
  );

  const setField = useCallback(
    (patch: Partial<DraftFields>) => {
      touched.current = true;
      setFields((prev) => {
        const next = { ...prev, ...patch };
        persist(next);
        return next;
      });
    },
    [persist],
  );

  const changeImages = useCallback(
    (next: ImageItem[]) => {
      touched.current = true;
      setImages(next);
      if (mode === 'publish') {
        void saveDraftImages(
          userId,
          next.flatMap((i) => (i.kind === 'new' ? [i.blob] : [])),
        );
      }
    },
    [mode, userId],
  );

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    const { accepted, refused: out } = sortImageCandidates(files, images.length);
    // Each selection says what became of it: the previous list no longer applies.
    setRefused(out);
    if (accepted.length > 0) changeImages([...images, ...accepted.map(newImage)]);
  };
  const removeImage = (index: number) => {
    const item = images[index];
    if (item) releaseImage(item);
    // There is room now: "too many" no longer applies (a wrong type or size still does).
    setRefused((list) => list.filter((r) => r.reason !== ANNOUNCEMENT_MESSAGES.imagesMax));
    changeImages(images.filter((_, i) => i !== index));
  };
  const move = (from: number, to: number) => changeImages(moveImage(images, from, to));

  const fieldErrors: FieldErrors = validateAnnouncement(fields);
  const errors: FieldErrors = showErrors ? fieldErrors : {};

  /** After a publish: nothing of the draft is left (text on every device, photos on this one). */
  const forgetDraft = async () => {
    window.clearTimeout(saveTimer.current);
    pendingSave.current = null;
    await Promise.all([clearDraft(), clearDraftImages(userId)]);
  };

  return {
    fields,
    setField,
    images,
    addFiles,
    refused,
    dismissRefused: () => setRefused([]),
    removeImage,
    move,
    errors,
    /** True when the form may be submitted; otherwise shows every message. */
    check: () => {
      setShowErrors(true);
      return Object.keys(fieldErrors).length === 0;
    },
    restored,
    forgetDraft,
  };
}
