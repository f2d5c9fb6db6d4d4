import { useCallback, useEffect, useRef, useState } from 'react';
import { formFromAnnouncement } from '../../../../schema/announcement-api.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import {
  ANNOUNCEMENT_MESSAGES,
  type FieldErrors,
  type RefusedImage,
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
import {
  draftConflicts,
  onDraftConflicts,
  recordDraftConflicts,
  settleDraftConflicts,
} from '../../db/draft-conflicts.ts';
import { clearDraftImages, loadDraftImages, saveDraftImages } from '../../db/draft-images.ts';
import { DRAFT_FIELDS, type DraftConflict, mergeDraftFields, sameDraftFields } from '../../db/draft-merge.ts';
import { type ImageItem, moveImage, newImage, releaseImage, storedImage } from './images.ts';
import { preparePhotos } from './photo-prep.ts';
import { usePhotoUploads } from './use-photo-uploads.ts';

export type FormMode = 'publish' | 'update';

/** How long typing must pause before the draft is written (each keystroke is not a database write). */
const DRAFT_DEBOUNCE_MS = 400;
/** Longest the form waits (disabled) for the saved draft before letting the person type anyway. */
const RESTORE_WAIT_MS = 3000;

/**
 * State of the announcement form. New announcements restore and auto-save the replicated draft (text)
 * and the device's draft photos; an edit starts from the announcement and saves nothing until submitted.
 * Errors appear after the first submit and then follow the typing.
 */
export function useAnnouncementForm(mode: FormMode, userId: string | null, initial?: AnnouncementDoc) {
  const [fields, setFields] = useState<DraftFields>(() =>
    initial ? formFromAnnouncement(initial) : EMPTY_DRAFT,
  );
  const [images, setImagesState] = useState<ImageItem[]>(() =>
    initial ? initial.images.map(storedImage) : [],
  );
  /** The photos as shown, readable after an await (a selection is resized before it joins them). */
  const imagesRef = useRef(images);
  const setImages = useCallback((next: ImageItem[]) => {
    imagesRef.current = next;
    setImagesState(next);
  }, []);
  /** Photos of a selection still being checked and resized on the device. */
  const [preparing, setPreparing] = useState(0);
  /** Files of the last selection that were not added, with the reason; they never block the submit. */
  const [refused, setRefused] = useState<RefusedImage[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [restored, setRestored] = useState(mode === 'update');
  const touched = useRef(false);
  /** What the form shows, readable at once (the draft merge and the saves must not use stale state). */
  const fieldsRef = useRef(fields);
  /** The stored draft the form last agreed with: what it restored, received, or saved itself. */
  const base = useRef<DraftFields | null>(null);
  const [conflicts, setConflicts] = useState<DraftConflict[]>([]);
  const saveTimer = useRef<number | undefined>(undefined);
  /** The save waiting for the pause in typing; run at once when the page is left or hidden. */
  const pendingSave = useRef<(() => void) | null>(null);
  const flush = useCallback(() => {
    window.clearTimeout(saveTimer.current);
    const run = pendingSave.current;
    pendingSave.current = null;
    run?.();
  }, []);

  const show = useCallback((next: DraftFields) => {
    fieldsRef.current = next;
    setFields(next);
  }, []);

  const persist = useCallback(
    (next: DraftFields) => {
      if (mode !== 'publish') return;
      window.clearTimeout(saveTimer.current);
      pendingSave.current = () => {
        // Only what the person changed since the stored version the form last agreed with is written.
        const was = base.current;
        const changed = was
          ? Object.fromEntries(DRAFT_FIELDS.filter((f) => next[f] !== was[f]).map((f) => [f, next[f]]))
          : next;
        base.current = next;
        if (isEmptyDraft(next)) void clearDraft();
        else if (Object.keys(changed).length > 0) void saveDraft(changed);
      };
      saveTimer.current = window.setTimeout(flush, DRAFT_DEBOUNCE_MS);
    },
    [mode, flush],
  );

  // Fields another device changed in the draft while this one had its own change to them.
  useEffect(() => {
    if (mode !== 'publish') return;
    const read = () => setConflicts(draftConflicts(userId));
    read();
    return onDraftConflicts(read);
  }, [mode, userId]);

  // Restore the draft, then merge every newer version (another device's typing) field by field: a field
  // the person has not changed since takes the new text; one they did change keeps theirs; one both
  // changed shows the new text and waits for their choice (conflicts) — never a silent overwrite.
  useEffect(() => {
    if (mode !== 'publish') return;
    let alive = true;
    let textReady = false;
    let photosReady = false;
    const ready = () => textReady && photosReady && setRestored(true);
    // A local database that never opens must not lock the form: then it starts empty.
    const giveUp = window.setTimeout(() => setRestored(true), RESTORE_WAIT_MS);
    const stop = watchDraft((draft) => {
      if (alive && draft) {
        if (base.current === null && !touched.current) show(draft);
        else {
          const { merged, conflicts } = mergeDraftFields(base.current, fieldsRef.current, draft);
          recordDraftConflicts(userId, conflicts);
          if (!sameDraftFields(merged, fieldsRef.current)) {
            show(merged);
            // A save waiting for the pause in typing carries the merged text, not the stale one.
            if (pendingSave.current) persist(merged);
          }
        }
        base.current = draft;
      } else if (alive) {
        // No stored draft (none yet, or published on another device): the next save writes every field.
        base.current = null;
      }
      textReady = true;
      ready();
    });
    void loadDraftImages(userId).then((photos) => {
      if (alive && photos.length > 0 && !touched.current) {
        setImages(photos.map((p) => newImage(p.blob, p.photoId)));
      }
      photosReady = true;
      ready();
    });
    return () => {
      alive = false;
      window.clearTimeout(giveUp);
      stop();
    };
  }, [mode, userId, show, persist, setImages]);

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

  const setField = useCallback(
    (patch: Partial<DraftFields>) => {
      touched.current = true;
      const next = { ...fieldsRef.current, ...patch };
      show(next);
      persist(next);
    },
    [persist, show],
  );

  /** 'Păstrează varianta mea': this device's text goes back in and is saved over the newer one. */
  const keepMine = () => {
    const patch = Object.fromEntries(conflicts.map((c) => [c.field, c.mine])) as Partial<DraftFields>;
    settleDraftConflicts(userId);
    setField(patch);
    flush();
  };
  /** 'Folosește varianta nouă': the form already shows it; this device's text is let go. */
  const takeTheirs = () => settleDraftConflicts(userId);

  const changeImages = useCallback(
    (next: ImageItem[]) => {
      touched.current = true;
      setImages(next);
      if (mode === 'publish') {
        void saveDraftImages(
          userId,
          next.flatMap((i) => (i.kind === 'new' ? [{ blob: i.blob, photoId: i.photoId }] : [])),
        );
      }
    },
    [mode, userId, setImages],
  );

  const preparation = useRef<Promise<void>>(Promise.resolve());
  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    // Selections join in the order picked, each after the one before it.
    preparation.current = preparation.current.then(() => addSelection(files));
  };
  const addSelection = async (files: File[]) => {
    touched.current = true;
    setPreparing((n) => n + files.length);
    try {
      // Checked by their bytes and made small here (issue 22): only the small copies are kept and sent.
      const { accepted, refused: out } = await preparePhotos(files, imagesRef.current.length);
      // Each selection says what became of it: the previous list no longer applies.
      setRefused(out);
      if (accepted.length > 0)
        changeImages([...imagesRef.current, ...accepted.map((blob) => newImage(blob))]);
    } finally {
      setPreparing((n) => n - files.length);
    }
  };
  const uploads = usePhotoUploads(mode === 'publish' ? userId : null, images);
  const removeImage = (index: number) => {
    const item = imagesRef.current[index];
    if (item) {
      releaseImage(item);
      if (item.kind === 'new') uploads.cancel(item.photoId);
    }
    // There is room now: "too many" no longer applies (a wrong type or size still does).
    setRefused((list) => list.filter((r) => r.reason !== ANNOUNCEMENT_MESSAGES.imagesMax));
    changeImages(imagesRef.current.filter((_, i) => i !== index));
  };
  const move = (from: number, to: number) => changeImages(moveImage(imagesRef.current, from, to));

  const fieldErrors: FieldErrors = validateAnnouncement(fields);
  const errors: FieldErrors = showErrors ? fieldErrors : {};

  /** After a publish: nothing of the draft is left (text on every device, photos on this one). */
  const forgetDraft = async () => {
    window.clearTimeout(saveTimer.current);
    pendingSave.current = null;
    settleDraftConflicts(userId);
    await Promise.all([clearDraft(), clearDraftImages(userId)]);
  };

  return {
    fields,
    setField,
    images,
    addFiles,
    preparing,
    /** Photos going up as they are picked: progress per photo and overall, retry one. */
    uploads,
    /**
     * Resolves, once every selection being resized has joined the photos, with the photos as they are
     * then (the `images` of the render that started the wait does not have them yet).
     */
    photosSettled: () => preparation.current.then(() => imagesRef.current),
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
    /** Fields changed on another device and here: the form shows the newer text until the person chooses. */
    conflicts,
    keepMine,
    takeTheirs,
  };
}
